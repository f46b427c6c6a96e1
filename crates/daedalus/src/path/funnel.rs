//! Radius > 0: A* over triangle channels with Demyen's width tests
//! ("Efficient Triangulation-Based Pathfinding", 2006) and his modified
//! funnel, which wraps every corner vertex on a circle of the radius and
//! follows the tangents between those circles.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Point;
use crate::geometry::orient2d;

use super::nav::{NONE, NavMesh, next, prev};
use super::{Path, PathError, Turn, dist};

#[derive(Clone, Copy, Debug)]
struct State {
    /// Half-edge of the entered triangle it was entered through.
    he: u32,
    parent: u32,
    g: f64,
    /// Where the estimated path crosses that edge.
    at: Point,
}

/// Reusable channel-search buffers.
#[derive(Default, Debug, Clone)]
pub(crate) struct ChannelSearch {
    states: Vec<State>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    stamp: Vec<u32>,
    /// Best g per entered half-edge (valid when stamped).
    best: Vec<f64>,
    goal_mark: Vec<u32>,
    epoch: u32,
    tris: Vec<u32>,
    stack: Vec<u32>,
    /// Triangles the channel search may revisit through different edges.
    pub(crate) expanded: usize,
}

/// Distance from `p` to segment `a b`.
#[inline]
pub(crate) fn point_seg(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let t = if l2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
}

impl ChannelSearch {
    fn begin(&mut self, nav: &NavMesh) {
        let n = nav.tv.len();
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.best.resize(n, 0.0);
        }
        if self.goal_mark.len() < nav.triangle_count() {
            self.goal_mark.resize(nav.triangle_count(), 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.goal_mark.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.states.clear();
        self.heap.clear();
        self.expanded = 0;
    }

    /// Is every wall at least `r` from `p`? Flood over the triangles within `r`.
    fn clear_of_walls(&mut self, nav: &NavMesh, p: Point, r: f64, start: &[u32]) -> bool {
        self.epoch = self.epoch.wrapping_add(1).max(1);
        let ep = self.epoch;
        self.stack.clear();
        for &t in start {
            if self.goal_mark[t as usize] != ep {
                self.goal_mark[t as usize] = ep;
                self.stack.push(t);
            }
        }
        while let Some(t) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let a = nav.p(nav.v(h));
                let b = nav.p(nav.v(next(h)));
                let d = point_seg(p, a, b);
                if d >= r {
                    continue;
                }
                if nav.wall[h as usize] {
                    return false;
                }
                let o = nav.opp[h as usize];
                let u = o / 3;
                if self.goal_mark[u as usize] != ep {
                    self.goal_mark[u as usize] = ep;
                    self.stack.push(u);
                }
            }
        }
        true
    }

    /// Demyen's width of triangle `t` between its edges meeting at corner
    /// `c` (the corner at vertex `tv[c]`): the diameter of the largest disc
    /// that can pass around that vertex, limited by walls across the
    /// opposite edge and by the corner vertices of that edge.
    fn width(&mut self, nav: &NavMesh, c: u32, limit: f64) -> f64 {
        let pc = nav.p(nav.v(c));
        let ha = next(c); // the edge opposite the vertex
        let (va, vb) = (nav.v(ha), nav.v(next(ha)));
        let (pa, pb) = (nav.p(va), nav.p(vb));
        let mut d = f64::INFINITY;
        if nav.corner[va as usize] {
            d = d.min(dist(pc, pa));
        }
        if nav.corner[vb as usize] {
            d = d.min(dist(pc, pb));
        }
        if d <= limit {
            return d;
        }
        // Walls across the opposite edge, closer than d, in the strip
        // between the perpendiculars of that edge at its ends.
        self.stack.clear();
        self.stack.push(ha);
        let mut steps = 0;
        while let Some(h) = self.stack.pop() {
            steps += 1;
            if steps > 256 {
                break;
            }
            let u = nav.p(nav.v(h));
            let w = nav.p(nav.v(next(h)));
            let de = point_seg(pc, u, w);
            if de >= d {
                continue;
            }
            if nav.wall[h as usize] {
                d = de;
                if d <= limit {
                    return d;
                }
                continue;
            }
            let o = nav.opp[h as usize];
            // The other two edges of the triangle beyond.
            let (e1, e2) = (next(o), prev(o));
            for e in [e1, e2] {
                let x = nav.p(nav.v(e));
                let y = nav.p(nav.v(next(e)));
                // Only edges reaching into the strip matter.
                if in_strip(pa, pb, x) || in_strip(pa, pb, y) || crosses_strip(pa, pb, x, y) {
                    self.stack.push(e);
                }
            }
        }
        d
    }

    pub(crate) fn run(
        &mut self,
        nav: &NavMesh,
        from: Point,
        to: Point,
        r: f64,
    ) -> Result<Path, PathError> {
        self.begin(nav);
        let mut st = std::mem::take(&mut self.tris);
        st.clear();
        nav.containing(from, &mut st);
        let ok_start = self.clear_of_walls(nav, from, r, &st);
        let mut gt = Vec::new();
        nav.containing(to, &mut gt);
        let ok_goal = self.clear_of_walls(nav, to, r, &gt);
        if !ok_start {
            self.tris = st;
            return Err(PathError::StartBlocked);
        }
        if !ok_goal {
            self.tris = st;
            return Err(PathError::GoalBlocked);
        }
        self.epoch = self.epoch.wrapping_add(1).max(1);
        let ep = self.epoch;
        for &g in &gt {
            self.goal_mark[g as usize] = ep;
        }
        let diam = 2.0 * r;
        let mut found = NONE;
        if st.iter().any(|&t| self.goal_mark[t as usize] == ep) {
            self.tris = st;
            return Ok(Path::straight(from, to, r));
        }
        for &t in &st {
            for i in 0..3 {
                let h = 3 * t + i;
                if nav.wall[h as usize] {
                    continue;
                }
                let (a, b) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if !self.portal_ok(nav, h, diam) {
                    continue;
                }
                let o = nav.opp[h as usize];
                let at = cross_point(nav, h, r, from, to);
                let _ = (a, b);
                self.push(o, NONE, dist(from, at), at, to);
            }
        }
        self.tris = st;
        while let Some(Reverse((_, id))) = self.heap.pop() {
            let s = self.states[id as usize];
            if self.stamp[s.he as usize] == ep && self.best[s.he as usize] < s.g {
                continue;
            }
            let t = s.he / 3;
            if self.goal_mark[t as usize] == ep {
                found = id;
                break;
            }
            self.expanded += 1;
            for exit in [next(s.he), prev(s.he)] {
                if nav.wall[exit as usize] {
                    continue;
                }
                // The vertex shared by entry and exit edges.
                let shared = if exit == next(s.he) { exit } else { s.he };
                if self.width(nav, shared, diam) < diam {
                    continue;
                }
                if !self.portal_ok(nav, exit, diam) {
                    continue;
                }
                let at = cross_point(nav, exit, r, s.at, to);
                let g = s.g + dist(s.at, at);
                let o = nav.opp[exit as usize];
                self.push(o, id, g, at, to);
            }
        }
        if found == NONE {
            return Err(PathError::NoPath);
        }
        // Portals from start to goal.
        let mut hes = Vec::new();
        let mut k = found;
        while k != NONE {
            hes.push(self.states[k as usize].he);
            k = self.states[k as usize].parent;
        }
        hes.reverse();
        let path = funnel(nav, from, to, r, &hes)?;
        // Verify the clearance of what the funnel made: straight parts
        // exactly, arcs at 64 points each.
        let mut at = path.start;
        let mut pieces: Vec<(Point, Point)> = Vec::new();
        for t in &path.turns {
            pieces.push((at, t.from));
            if t.radius > 0.0 {
                let sweep = t.sweep();
                let n = 64;
                let mut prev = t.from;
                for k in 1..=n {
                    let q = t.at(sweep * k as f64 / n as f64);
                    pieces.push((q, q));
                    prev = q;
                }
                let _ = prev;
            }
            at = t.to;
        }
        pieces.push((at, path.goal));
        for (a, b) in pieces {
            if !self.segment_clear(nav, a, b, r) {
                return Err(PathError::NoPath);
            }
        }
        Ok(path)
    }

    /// An edge the disc must cross: walls beyond aside, both end corners
    /// must leave room (a portal between two corners shorter than the
    /// diameter is closed).
    fn portal_ok(&self, nav: &NavMesh, h: u32, diam: f64) -> bool {
        let (va, vb) = (nav.v(h), nav.v(next(h)));
        !(nav.corner[va as usize] && nav.corner[vb as usize] && dist(nav.p(va), nav.p(vb)) < diam)
    }

    fn push(&mut self, he: u32, parent: u32, g: f64, at: Point, goal: Point) {
        let ep = self.epoch;
        let i = he as usize;
        if self.stamp[i] == ep && self.best[i] <= g {
            return;
        }
        self.stamp[i] = ep;
        self.best[i] = g;
        let id = self.states.len() as u32;
        self.states.push(State { he, parent, g, at });
        let f = g + dist(at, goal);
        self.heap.push(Reverse((f.to_bits(), id)));
    }
}

/// Where a path from `p` towards `goal` would cross edge `h`, kept `r`
/// away from corner end points: the crossing with the straight line when
/// it hits the usable part, else the nearer end of that part.
fn cross_point(nav: &NavMesh, h: u32, r: f64, p: Point, goal: Point) -> Point {
    let (va, vb) = (nav.v(h), nav.v(next(h)));
    let (a, b) = (nav.p(va), nav.p(vb));
    let l = dist(a, b);
    if l == 0.0 {
        return a;
    }
    let mut t0 = if nav.corner[va as usize] { r / l } else { 0.0 };
    let mut t1 = if nav.corner[vb as usize] {
        1.0 - r / l
    } else {
        1.0
    };
    if t0 > t1 {
        t0 = 0.5;
        t1 = 0.5;
    }
    let (dx, dy) = (goal.x - p.x, goal.y - p.y);
    let sa = dx * (a.y - p.y) - dy * (a.x - p.x);
    let sb = dx * (b.y - p.y) - dy * (b.x - p.x);
    let t = if sa != sb { sa / (sa - sb) } else { 0.5 };
    let t = t.clamp(t0, t1);
    Point::new(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
}

/// `x` projects onto segment `a b` (inside the strip of its perpendiculars).
fn in_strip(a: Point, b: Point, x: Point) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (x.x - a.x) * dx + (x.y - a.y) * dy;
    t >= 0.0 && t <= dx * dx + dy * dy
}

fn crosses_strip(a: Point, b: Point, x: Point, y: Point) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let tx = (x.x - a.x) * dx + (x.y - a.y) * dy;
    let ty = (y.x - a.x) * dx + (y.y - a.y) * dy;
    (tx < 0.0 && ty > l2) || (ty < 0.0 && tx > l2)
}

/// A funnel point: a centre, the radius it is wrapped at (0 for the start,
/// the goal and vertices away from walls) and the side of the path it lies
/// on (+1 left, -1 right).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Circle {
    c: Point,
    r: f64,
    side: f64,
}

/// Tangent from circle `a` to circle `b`: (point on a, point on b), or
/// `None` when the circles are too close for it.
fn tangent(a: Circle, b: Circle) -> Option<(Point, Point)> {
    let (dx, dy) = (b.c.x - a.c.x, b.c.y - a.c.y);
    let d = dx.hypot(dy);
    if d == 0.0 {
        return None;
    }
    let k = b.side * b.r - a.side * a.r;
    if k.abs() > d {
        return None;
    }
    let t = (d * d - k * k).max(0.0).sqrt();
    let (ux, uy) = (dx / d, dy / d);
    let (c, s) = (t / d, k / d);
    // d = c u - s rot90(u)
    let (tx, ty) = (c * ux + s * uy, c * uy - s * ux);
    // Left normal of the tangent direction.
    let (nx, ny) = (-ty, tx);
    let pa = Point::new(a.c.x - a.side * a.r * nx, a.c.y - a.side * a.r * ny);
    let pb = Point::new(b.c.x - b.side * b.r * nx, b.c.y - b.side * b.r * ny);
    Some((pa, pb))
}

/// Direction of the tangent from `a` to `b` (None if undefined).
fn dir(a: Circle, b: Circle) -> Option<(f64, f64)> {
    if a.c == b.c {
        return None;
    }
    tangent(a, b).map(|(p, q)| (q.x - p.x, q.y - p.y))
}

#[inline]
fn cross(u: (f64, f64), v: (f64, f64)) -> f64 {
    u.0 * v.1 - u.1 * v.0
}

/// The modified funnel over the channel entered through `hes`.
fn funnel(nav: &NavMesh, from: Point, to: Point, r: f64, hes: &[u32]) -> Result<Path, PathError> {
    let circ = |v: u32, side: f64| Circle {
        c: nav.p(v),
        r: if nav.corner[v as usize] { r } else { 0.0 },
        side,
    };
    let start = Circle {
        c: from,
        r: 0.0,
        side: 1.0,
    };
    let goal = Circle {
        c: to,
        r: 0.0,
        side: 1.0,
    };
    // Portals: (left, right).
    let mut portals: Vec<(Circle, Circle)> = hes
        .iter()
        .map(|&h| (circ(nav.v(h), 1.0), circ(nav.v(next(h)), -1.0)))
        .collect();
    portals.push((goal, goal));
    let mut apexes: Vec<Circle> = vec![start];
    let mut apex = start;
    let (mut left, mut right) = (start, start);
    let (mut li, mut ri) = (0usize, 0usize);
    let mut i = 0usize;
    let mut guard = 0usize;
    while i < portals.len() {
        guard += 1;
        if guard > 8 * portals.len() + 64 {
            return Err(PathError::NoPath);
        }
        let (pl, pr) = portals[i];
        // Right side.
        if pr.c != right.c || right == apex {
            let dnew = dir(apex, pr);
            let dright = if right == apex {
                None
            } else {
                dir(apex, right)
            };
            let dleft = if left == apex { None } else { dir(apex, left) };
            let inside_right = match (dright, dnew) {
                (None, _) => true,
                (Some(dr), Some(dn)) => cross(dr, dn) >= 0.0,
                (Some(_), None) => false,
            };
            if inside_right {
                let crosses_left = match (dleft, dnew) {
                    (Some(dl), Some(dn)) => cross(dl, dn) > 0.0,
                    _ => false,
                };
                if left == apex || !crosses_left {
                    right = pr;
                    ri = i;
                } else {
                    // The left side becomes the apex.
                    apexes.push(left);
                    apex = left;
                    i = li + 1;
                    right = apex;
                    ri = li;
                    continue;
                }
            }
        }
        // Left side.
        if pl.c != left.c || left == apex {
            let dnew = dir(apex, pl);
            let dleft = if left == apex { None } else { dir(apex, left) };
            let dright = if right == apex {
                None
            } else {
                dir(apex, right)
            };
            let inside_left = match (dleft, dnew) {
                (None, _) => true,
                (Some(dl), Some(dn)) => cross(dl, dn) <= 0.0,
                (Some(_), None) => false,
            };
            if inside_left {
                let crosses_right = match (dright, dnew) {
                    (Some(dr), Some(dn)) => cross(dr, dn) < 0.0,
                    _ => false,
                };
                if left == apex || right == apex || !crosses_right {
                    left = pl;
                    li = i;
                } else {
                    apexes.push(right);
                    apex = right;
                    i = ri + 1;
                    left = apex;
                    li = ri;
                    continue;
                }
            }
        }
        i += 1;
    }
    apexes.push(goal);
    apexes.dedup_by(|a, b| a.c == b.c);
    // Drop corners the path would wrap the wrong way (the tangents in and
    // out turn against the corner's side): the path does not touch them.
    loop {
        let mut removed = false;
        let mut k = 1;
        while k + 1 < apexes.len() {
            let (a, b, c) = (apexes[k - 1], apexes[k], apexes[k + 1]);
            let wrong = match (tangent(a, b), tangent(b, c)) {
                (Some((p0, p1)), Some((q0, q1))) => {
                    let turn = cross((p1.x - p0.x, p1.y - p0.y), (q1.x - q0.x, q1.y - q0.y));
                    turn * b.side < 0.0
                }
                _ => false,
            };
            if wrong {
                apexes.remove(k);
                removed = true;
            } else {
                k += 1;
            }
        }
        if !removed {
            break;
        }
    }
    // Tangent points and turns.
    let mut turns = Vec::new();
    let mut seg_ends: Vec<(Point, Point)> = Vec::new();
    for w in apexes.windows(2) {
        let Some(t) = tangent(w[0], w[1]) else {
            return Err(PathError::NoPath);
        };
        seg_ends.push(t);
    }
    for k in 1..apexes.len() - 1 {
        let a = apexes[k];
        let from_p = seg_ends[k - 1].1;
        let to_p = seg_ends[k].0;
        if a.r == 0.0 {
            turns.push(Turn {
                center: a.c,
                radius: 0.0,
                from: a.c,
                to: a.c,
                ccw: a.side > 0.0,
            });
            continue;
        }
        let mut t = Turn {
            center: a.c,
            radius: a.r,
            from: from_p,
            to: to_p,
            ccw: a.side > 0.0,
        };
        // A turn of (numerically) nothing.
        if t.sweep() > std::f64::consts::TAU - 1e-9 {
            t.to = t.from;
        }
        turns.push(t);
    }
    let _ = orient2d;
    Ok(Path {
        start: from,
        goal: to,
        radius: r,
        turns,
    })
}

impl ChannelSearch {
    /// Every point of segment `a b` is at least `r` (less a rounding
    /// allowance) from every wall: flood over the triangles near it.
    pub(crate) fn segment_clear(&mut self, nav: &NavMesh, a: Point, b: Point, r: f64) -> bool {
        let Some(t0) = nav.locate(a) else {
            return false;
        };
        let tol = r * (1.0 - 1e-10);
        self.epoch = self.epoch.wrapping_add(1).max(1);
        let ep = self.epoch;
        self.stack.clear();
        self.stack.push(t0);
        self.goal_mark[t0 as usize] = ep;
        while let Some(t) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let x = nav.p(nav.v(h));
                let y = nav.p(nav.v(next(h)));
                let d = seg_seg(a, b, x, y);
                if nav.wall[h as usize] {
                    if d < tol {
                        return false;
                    }
                    continue;
                }
                if d >= r {
                    continue;
                }
                let u = nav.opp[h as usize] / 3;
                if self.goal_mark[u as usize] != ep {
                    self.goal_mark[u as usize] = ep;
                    self.stack.push(u);
                }
            }
        }
        true
    }
}

/// Distance between segments (0 when they cross).
fn seg_seg(a: Point, b: Point, c: Point, d: Point) -> f64 {
    let o1 = orient2d(a, b, c);
    let o2 = orient2d(a, b, d);
    let o3 = orient2d(c, d, a);
    let o4 = orient2d(c, d, b);
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return 0.0;
    }
    point_seg(a, c, d)
        .min(point_seg(b, c, d))
        .min(point_seg(c, a, b))
        .min(point_seg(d, a, b))
}
