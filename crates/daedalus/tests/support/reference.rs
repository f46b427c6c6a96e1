//! Independent reference solver (test code only: slow and plain).
//!
//! Radius 0: Dijkstra on the visibility graph whose nodes are the start, the
//! goal and every (wall vertex, wedge) pair, a wall vertex being a wall end
//! point or a crossing of two walls, a wedge an angular gap between the
//! walls at that vertex. An edge joins two nodes when the open segment
//! properly crosses no wall, passes through no wall vertex with walls on
//! both sides, and leaves/enters each vertex inside the node's wedge.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use daedalus::Point;
use daedalus::geometry::orient2d;

use super::{dist, on_segment};

/// Walls with their vertices and, per vertex, the wall directions there;
/// a uniform grid over both for the big maps.
pub struct Walls {
    pub segs: Vec<(Point, Point)>,
    pub verts: Vec<Point>,
    /// Per vertex: end points of the wall rays leaving it, sorted ccw, one per direction.
    pub rays: Vec<Vec<Point>>,
    grid: Grid,
    seg_cells: Vec<Vec<u32>>,
    vert_cells: Vec<Vec<u32>>,
    vert_index: std::collections::HashMap<(u64, u64), u32>,
}

/// Uniform grid geometry.
struct Grid {
    x0: f64,
    y0: f64,
    cell: f64,
    nx: usize,
    ny: usize,
}

impl Grid {
    fn ix(&self, x: f64) -> usize {
        (((x - self.x0) / self.cell).floor().max(0.0) as usize).min(self.nx - 1)
    }
    fn iy(&self, y: f64) -> usize {
        (((y - self.y0) / self.cell).floor().max(0.0) as usize).min(self.ny - 1)
    }
    /// Cells touched by segment `a b` grown by `m` (a superset).
    fn cells(&self, a: Point, b: Point, m: f64, out: &mut Vec<usize>) {
        out.clear();
        let (xa, xb) = (a.x.min(b.x) - m, a.x.max(b.x) + m);
        let (c0, c1) = (self.ix(xa), self.ix(xb));
        for cx in c0..=c1 {
            // y range of the segment over this column (plus margin).
            let lo = (self.x0 + cx as f64 * self.cell - m).max(a.x.min(b.x));
            let hi = (self.x0 + (cx + 1) as f64 * self.cell + m).min(a.x.max(b.x));
            let y_at = |x: f64| {
                if b.x == a.x {
                    a.y
                } else {
                    a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)).clamp(0.0, 1.0)
                }
            };
            let (ya, yb) = if b.x == a.x {
                (a.y.min(b.y), a.y.max(b.y))
            } else {
                let (y1, y2) = (y_at(lo.min(hi)), y_at(hi.max(lo)));
                (y1.min(y2), y1.max(y2))
            };
            for cy in self.iy(ya - m - self.cell * 1e-9)..=self.iy(yb + m + self.cell * 1e-9) {
                out.push(cy * self.nx + cx);
            }
        }
    }
}

fn pkey(p: Point) -> (u64, u64) {
    (p.x.to_bits(), p.y.to_bits())
}

fn proper_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let o1 = orient2d(a, b, c);
    let o2 = orient2d(a, b, d);
    let o3 = orient2d(c, d, a);
    let o4 = orient2d(c, d, b);
    ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
}

fn intersection(a: Point, b: Point, c: Point, d: Point) -> Point {
    let r = (b.x - a.x, b.y - a.y);
    let s = (d.x - c.x, d.y - c.y);
    let den = r.0 * s.1 - r.1 * s.0;
    let t = ((c.x - a.x) * s.1 - (c.y - a.y) * s.0) / den;
    Point::new(a.x + t * r.0, a.y + t * r.1)
}

/// Upper half (angle in [0, pi)) of direction `d - o`.
fn upper(o: Point, d: Point) -> bool {
    d.y > o.y || (d.y == o.y && d.x > o.x)
}

/// Exact ccw angular order of directions `a - o`, `b - o` from the +x axis.
pub fn ang_cmp(o: Point, a: Point, b: Point) -> Ordering {
    let (ua, ub) = (upper(o, a), upper(o, b));
    if ua != ub {
        return if ua {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let c = orient2d(o, a, b);
    if c > 0.0 {
        Ordering::Less
    } else if c < 0.0 {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Same direction (exact).
fn same_dir(o: Point, a: Point, b: Point) -> bool {
    ang_cmp(o, a, b) == Ordering::Equal
}

/// Direction `x - o` in the closed ccw sector from `a - o` to `b - o`
/// (the full turn when `a`, `b` have the same direction).
pub fn in_sector(o: Point, a: Point, b: Point, x: Point) -> bool {
    if same_dir(o, a, b) {
        return true;
    }
    // Half of the turn (measured ccw from a) a direction falls in.
    let half = |p: Point| {
        let c = orient2d(o, a, p);
        !(c > 0.0 || (c == 0.0 && same_dir(o, a, p)))
    };
    let (hx, hb) = (half(x), half(b));
    if hx != hb {
        return !hx;
    }
    orient2d(o, x, b) >= 0.0
}

impl Walls {
    pub fn new(segs: Vec<(Point, Point)>) -> Walls {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &(a, b) in &segs {
            for p in [a, b] {
                x0 = x0.min(p.x);
                y0 = y0.min(p.y);
                x1 = x1.max(p.x);
                y1 = y1.max(p.y);
            }
        }
        let span = (x1 - x0).max(y1 - y0).max(1e-9);
        let n = ((segs.len() as f64).sqrt().ceil() as usize).clamp(1, 1024);
        let cell = span / n as f64 * 1.000001;
        let grid = Grid {
            x0,
            y0,
            cell,
            nx: n,
            ny: n,
        };
        let mut seg_cells = vec![Vec::new(); n * n];
        let mut buf = Vec::new();
        for (i, &(a, b)) in segs.iter().enumerate() {
            grid.cells(a, b, 0.0, &mut buf);
            for &c in &buf {
                seg_cells[c].push(i as u32);
            }
        }
        let mut verts: Vec<Point> = Vec::new();
        for &(a, b) in &segs {
            verts.push(a);
            verts.push(b);
        }
        let mut seen = std::collections::HashSet::new();
        for cell_segs in &seg_cells {
            for (k, &i) in cell_segs.iter().enumerate() {
                for &j in &cell_segs[k + 1..] {
                    let (a, b) = segs[i as usize];
                    let (c, d) = segs[j as usize];
                    if proper_cross(a, b, c, d) && seen.insert((i, j)) {
                        verts.push(intersection(a, b, c, d));
                    }
                }
            }
        }
        verts.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
        verts.dedup();
        let mut vert_cells = vec![Vec::new(); n * n];
        let mut vert_index = std::collections::HashMap::new();
        for (i, &v) in verts.iter().enumerate() {
            vert_cells[grid.iy(v.y) * n + grid.ix(v.x)].push(i as u32);
            vert_index.insert(pkey(v), i as u32);
        }
        let mut w = Walls {
            segs,
            verts,
            rays: Vec::new(),
            grid,
            seg_cells,
            vert_cells,
            vert_index,
        };
        w.rays = (0..w.verts.len()).map(|i| w.rays_raw(w.verts[i])).collect();
        w
    }

    /// Candidate walls near segment `a b` (within `m`).
    pub fn segs_near(&self, a: Point, b: Point, m: f64) -> Vec<u32> {
        let mut cells = Vec::new();
        self.grid.cells(a, b, m, &mut cells);
        let mut out: Vec<u32> = cells
            .iter()
            .flat_map(|&c| self.seg_cells[c].iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn verts_near(&self, a: Point, b: Point) -> Vec<u32> {
        let mut cells = Vec::new();
        self.grid.cells(a, b, 0.0, &mut cells);
        let mut out: Vec<u32> = cells
            .iter()
            .flat_map(|&c| self.vert_cells[c].iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn rays_raw(&self, w: Point) -> Vec<Point> {
        let mut r: Vec<Point> = Vec::new();
        for i in self.segs_near(w, w, 0.0) {
            let (a, b) = self.segs[i as usize];
            if !on_segment(a, b, w) {
                continue;
            }
            for e in [a, b] {
                if e != w && !r.iter().any(|&q| same_dir(w, q, e)) {
                    r.push(e);
                }
            }
        }
        r.sort_by(|&p, &q| ang_cmp(w, p, q));
        r
    }

    /// Wall rays at an arbitrary point (empty when on no wall).
    pub fn rays_at(&self, w: Point) -> Vec<Point> {
        match self.vert_index.get(&pkey(w)) {
            Some(&i) => self.rays[i as usize].clone(),
            None => self.rays_raw(w),
        }
    }

    /// No wall properly crosses the open segment `p q`.
    pub fn no_proper_cross(&self, p: Point, q: Point) -> bool {
        self.segs_near(p, q, 0.0).into_iter().all(|i| {
            let (a, b) = self.segs[i as usize];
            !proper_cross(p, q, a, b)
        })
    }

    /// The segment `p q` cut at the wall vertices inside it; per piece,
    /// whether a wall runs along it.
    pub fn pieces(&self, p: Point, q: Point) -> Vec<(Point, Point, bool)> {
        let mut cuts: Vec<Point> = self
            .verts_near(p, q)
            .into_iter()
            .map(|i| self.verts[i as usize])
            .filter(|&w| w != p && w != q && on_segment(p, q, w))
            .collect();
        let near = self.segs_near(p, q, 0.0);
        let key = |w: &Point| (w.x - p.x).abs() + (w.y - p.y).abs();
        cuts.sort_by(|a, b| key(a).total_cmp(&key(b)));
        let mut pts = vec![p];
        pts.extend(cuts);
        pts.push(q);
        pts.windows(2)
            .map(|w| {
                let (a, b) = (w[0], w[1]);
                let covered = near.iter().map(|&i| self.segs[i as usize]).any(|(c, d)| {
                    orient2d(a, b, c) == 0.0
                        && orient2d(a, b, d) == 0.0
                        && on_segment(c, d, a)
                        && on_segment(c, d, b)
                });
                (a, b, covered)
            })
            .collect()
    }

    /// Passing through `m`, arriving from the direction of `a` on side `sa`
    /// of the travel direction and leaving towards `b` on side `sb`: every
    /// wall at `m` lies in one closed sector between the two (perturbed) rays.
    pub fn pass_ok(&self, a: Point, m: Point, sa: Side, b: Point, sb: Side) -> bool {
        let rays = self.rays_at(m);
        if rays.is_empty() {
            return true;
        }
        let da = match sa {
            Side::L => -1,
            Side::R => 1,
            Side::E => 0,
        };
        let db = match sb {
            Side::L => 1,
            Side::R => -1,
            Side::E => 0,
        };
        if same_dir(m, a, b) && da == db {
            return true;
        }
        rays.iter().all(|&e| in_sector_p(m, (a, da), (b, db), e))
            || rays.iter().all(|&e| in_sector_p(m, (b, db), (a, da), e))
    }

    /// A polyline is valid: no proper crossing, and along it a choice of
    /// sides (left/right of walls it runs along) passes every point.
    /// `first`/`last`: forced side of the first / last piece.
    pub fn polyline_ok(&self, pts: &[Point], first: Option<Side>, last: Option<Side>) -> bool {
        let mut pieces = Vec::new();
        for w in pts.windows(2) {
            if w[0] == w[1] {
                continue;
            }
            if !self.no_proper_cross(w[0], w[1]) {
                return false;
            }
            pieces.extend(self.pieces(w[0], w[1]));
        }
        if pieces.is_empty() {
            return true;
        }
        let opts = |c: bool| {
            if c {
                vec![Side::L, Side::R]
            } else {
                vec![Side::E]
            }
        };
        let mut cur: Vec<Side> = opts(pieces[0].2)
            .into_iter()
            .filter(|s| first.is_none_or(|f| f == *s || *s == Side::E))
            .collect();
        for k in 1..pieces.len() {
            let (a, m, _) = pieces[k - 1];
            let (_, b, c) = pieces[k];
            let nxt: Vec<Side> = opts(c)
                .into_iter()
                .filter(|&s2| cur.iter().any(|&s1| self.pass_ok(a, m, s1, b, s2)))
                .collect();
            cur = nxt;
            if cur.is_empty() {
                return false;
            }
        }
        cur.iter()
            .any(|s| last.is_none_or(|l| l == *s || *s == Side::E))
    }
}

/// Side of the travel direction a path piece keeps along a wall (E: no wall along it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Side {
    L,
    R,
    E,
}

fn at_pos_x(o: Point, u: Point) -> bool {
    u.y == o.y && u.x > o.x
}

/// Angular order of perturbed directions (`d` = -1 cw, 0, +1 ccw by an infinitesimal).
fn cmp_p(o: Point, (u, du): (Point, i32), (v, dv): (Point, i32)) -> Ordering {
    let key = |p: Point, d: i32| if at_pos_x(o, p) && d == -1 { 2 } else { d };
    if same_dir(o, u, v) {
        return key(u, du).cmp(&key(v, dv));
    }
    if at_pos_x(o, u) && du == -1 {
        return Ordering::Greater;
    }
    if at_pos_x(o, v) && dv == -1 {
        return Ordering::Less;
    }
    ang_cmp(o, u, v)
}

/// Direction `x` in the closed ccw sector from `a'` to `b'`.
fn in_sector_p(o: Point, a: (Point, i32), b: (Point, i32), x: Point) -> bool {
    let x = (x, 0);
    if cmp_p(o, a, b) != Ordering::Greater {
        cmp_p(o, a, x) != Ordering::Greater && cmp_p(o, x, b) != Ordering::Greater
    } else {
        cmp_p(o, x, a) != Ordering::Less || cmp_p(o, x, b) != Ordering::Greater
    }
}

#[derive(PartialEq)]
struct Item(f64, usize);
impl Eq for Item {}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Item {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0)
    }
}

/// Radius-0 shortest path length from `s` to `t` (`None`: no path).
/// `s` and `t` must not lie on a wall.
pub fn shortest_r0(walls: &Walls, s: Point, t: Point) -> Option<f64> {
    shortest_r0_path(walls, s, t).map(|(l, _)| l)
}

/// As [`shortest_r0`], with the path.
pub fn shortest_r0_path(walls: &Walls, s: Point, t: Point) -> Option<(f64, Vec<Point>)> {
    if s == t {
        return Some((0.0, vec![s, t]));
    }
    // Nodes: 0 = s, 1 = t, then (vertex, wedge k between rays k and k+1).
    let mut nodes: Vec<(Point, Option<(Point, Point)>)> = vec![(s, None), (t, None)];
    for (i, &w) in walls.verts.iter().enumerate() {
        let r = &walls.rays[i];
        for k in 0..r.len() {
            nodes.push((w, Some((r[k], r[(k + 1) % r.len()]))));
        }
    }
    let n = nodes.len();
    // Can the path leave node towards x? Then the forced side of that
    // piece (as travel direction away from the node), if along a wedge side.
    let fits = |node: &(Point, Option<(Point, Point)>), x: Point| -> Option<Option<Side>> {
        match node.1 {
            None => Some(None),
            Some((a, b)) => {
                let w = node.0;
                if same_dir(w, a, b) {
                    return Some(None);
                }
                if !in_sector(w, a, b, x) {
                    return None;
                }
                if same_dir(w, a, x) {
                    Some(Some(Side::L))
                } else if same_dir(w, b, x) {
                    Some(Some(Side::R))
                } else {
                    Some(None)
                }
            }
        }
    };
    let flip = |s: Option<Side>| {
        s.map(|s| match s {
            Side::L => Side::R,
            Side::R => Side::L,
            Side::E => Side::E,
        })
    };
    let mut d = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let mut pred = vec![usize::MAX; n];
    let mut heap = BinaryHeap::new();
    d[0] = 0.0;
    heap.push(Item(0.0, 0));
    while let Some(Item(du, u)) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        if u == 1 {
            let mut path = vec![t];
            let mut k = 1;
            while pred[k] != usize::MAX {
                k = pred[k];
                path.push(nodes[k].0);
            }
            path.reverse();
            return Some((du, path));
        }
        let pu = nodes[u].0;
        for v in 1..n {
            if done[v] {
                continue;
            }
            let pv = nodes[v].0;
            if pv == pu {
                continue;
            }
            let nd = du + dist(pu, pv);
            if nd >= d[v] {
                continue;
            }
            let (Some(su), Some(sv)) = (fits(&nodes[u], pv), fits(&nodes[v], pu)) else {
                continue;
            };
            // Leaving v towards u on side L = arriving from u on side R.
            if walls.polyline_ok(&[pu, pv], su, flip(sv)) {
                d[v] = nd;
                pred[v] = u;
                heap.push(Item(nd, v));
            }
        }
    }
    None
}

/// Outcome of the radius > 0 reference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RefOutcome {
    StartBlocked,
    GoalBlocked,
    NoPath,
    Length(f64),
}

/// Relative clearance slack shared with the checker (rounding of computed
/// tangent points only).
pub const CLEAR_TOL: f64 = 1e-9;

/// Distance from `p` to the arc of circle (`c`, `r`) from angle `a0`
/// counter-clockwise over `w` radians.
fn point_arc(p: Point, c: Point, r: f64, a0: f64, w: f64) -> f64 {
    let at = |a: f64| Point::new(c.x + r * a.cos(), c.y + r * a.sin());
    let d = dist(p, c);
    let mut rel = (p.y - c.y).atan2(p.x - c.x) - a0;
    rel = rel.rem_euclid(std::f64::consts::TAU);
    if d > 0.0 && rel <= w {
        (d - r).abs()
    } else {
        dist(p, at(a0)).min(dist(p, at(a0 + w)))
    }
}

/// Distance between segment `a b` and that arc: the minimum over the
/// segment of the point-to-arc distance, taken at the segment ends, the
/// feet of the centre and of the arc ends on the segment, and where the
/// segment meets the circle.
pub fn seg_arc(a: Point, b: Point, c: Point, r: f64, a0: f64, w: f64) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let mut ts = vec![0.0, 1.0];
    if l2 > 0.0 {
        let foot = |p: Point| ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2;
        ts.push(foot(c));
        for e in [a0, a0 + w] {
            ts.push(foot(Point::new(c.x + r * e.cos(), c.y + r * e.sin())));
        }
        // |a + t (b - a) - c|^2 = r^2.
        let (fx, fy) = (a.x - c.x, a.y - c.y);
        let bq = 2.0 * (fx * dx + fy * dy);
        let cq = fx * fx + fy * fy - r * r;
        let disc = bq * bq - 4.0 * l2 * cq;
        if disc >= 0.0 {
            let s = disc.sqrt();
            ts.push((-bq - s) / (2.0 * l2));
            ts.push((-bq + s) / (2.0 * l2));
        }
    }
    ts.into_iter()
        .map(|t: f64| {
            let t = t.clamp(0.0, 1.0);
            point_arc(Point::new(a.x + t * dx, a.y + t * dy), c, r, a0, w)
        })
        .fold(f64::INFINITY, f64::min)
}

fn seg_dist(a: Point, b: Point, c: Point, d: Point) -> f64 {
    super::check::seg_seg(a, b, c, d)
}

/// Radius > 0 reference: Dijkstra over the tangent graph of the circles of
/// radius `r` around every wall end point. Nodes are the tangent points
/// (with the direction the path turns there); edges are the tangent
/// segments (between two circles, or from the start / to the goal, and
/// start to goal) and the arcs between consecutive tangent points of one
/// circle and direction, each kept only when every wall stays at least
/// `r` away (segment-segment and arc-segment distances against every wall).
pub fn shortest_radius(segs: &[(Point, Point)], s: Point, t: Point, r: f64) -> RefOutcome {
    let tol = r * (1.0 - CLEAR_TOL);
    let clear_pt = |p: Point| {
        segs.iter()
            .all(|&(a, b)| super::check::point_seg(p, a, b) >= r)
    };
    if !clear_pt(s) {
        return RefOutcome::StartBlocked;
    }
    if !clear_pt(t) {
        return RefOutcome::GoalBlocked;
    }
    if s == t {
        return RefOutcome::Length(0.0);
    }
    let seg_ok = |p: Point, q: Point| segs.iter().all(|&(a, b)| seg_dist(p, q, a, b) >= tol);
    let mut centres: Vec<Point> = segs.iter().flat_map(|&(a, b)| [a, b]).collect();
    centres.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    centres.dedup();
    let nc = centres.len();
    // Graph nodes: 0 = s, 1 = t, then tangent points. Per (circle, dir):
    // the nodes on it and their angles.
    let mut pts: Vec<Point> = vec![s, t];
    let mut on: Vec<Vec<(f64, usize)>> = vec![Vec::new(); 2 * nc];
    let mut adj: Vec<Vec<(usize, f64)>> = vec![Vec::new(), Vec::new()];
    let add_node = |pts: &mut Vec<Point>,
                    adj: &mut Vec<Vec<(usize, f64)>>,
                    on: &mut Vec<Vec<(f64, usize)>>,
                    ci: usize,
                    dir: usize,
                    p: Point| {
        pts.push(p);
        adj.push(Vec::new());
        let id = pts.len() - 1;
        let c = centres[ci];
        on[2 * ci + dir].push(((p.y - c.y).atan2(p.x - c.x), id));
        id
    };
    // Tangent from circle (a, ra) turning sa (+1 ccw) to circle (b, rb)
    // turning sb: the travel direction u has the circles' tangent points at
    // centre - side * r * left_normal(u). Solve n . (b - a) = sb rb - sa ra
    // for the unit left normal n.
    let tangent = |a: Point, ra: f64, sa: f64, b: Point, rb: f64, sb: f64| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let d2 = dx * dx + dy * dy;
        let k = sb * rb - sa * ra;
        if d2 == 0.0 || k * k > d2 {
            return None;
        }
        // n = (k (dx, dy) + h (-dy, dx)) / d2 with h = sqrt(d2 - k^2);
        // travel direction u = (n.y, -n.x) must point from a to b.
        let h = (d2 - k * k).sqrt();
        let n = ((k * dx - h * dy) / d2, (k * dy + h * dx) / d2);
        let u = (n.1, -n.0);
        if u.0 * dx + u.1 * dy < 0.0 {
            return None;
        }
        let pa = Point::new(a.x - sa * ra * n.0, a.y - sa * ra * n.1);
        let pb = Point::new(b.x - sb * rb * n.0, b.y - sb * rb * n.1);
        Some((pa, pb))
    };
    let sides = [1.0, -1.0];
    if seg_ok(s, t) {
        adj[0].push((1, dist(s, t)));
    }
    for (i, &ci) in centres.iter().enumerate() {
        for (di, &sd) in sides.iter().enumerate() {
            if let Some((_, q)) = tangent(s, 0.0, 1.0, ci, r, sd)
                && seg_ok(s, q)
            {
                let id = add_node(&mut pts, &mut adj, &mut on, i, di, q);
                adj[0].push((id, dist(s, q)));
            }
            if let Some((p, _)) = tangent(ci, r, sd, t, 0.0, 1.0)
                && seg_ok(p, t)
            {
                let id = add_node(&mut pts, &mut adj, &mut on, i, di, p);
                adj[id].push((1, dist(p, t)));
            }
            for (j, &cj) in centres.iter().enumerate() {
                if i == j {
                    continue;
                }
                for (dj, &sj) in sides.iter().enumerate() {
                    if let Some((p, q)) = tangent(ci, r, sd, cj, r, sj)
                        && seg_ok(p, q)
                    {
                        let a = add_node(&mut pts, &mut adj, &mut on, i, di, p);
                        let b = add_node(&mut pts, &mut adj, &mut on, j, dj, q);
                        adj[a].push((b, dist(p, q)));
                    }
                }
            }
        }
    }
    // Arcs between consecutive points of each circle and direction; only
    // walls within 2 r of the centre can come within r of its circle.
    for (k, list) in on.iter_mut().enumerate() {
        if list.len() < 2 {
            continue;
        }
        let c = centres[k / 2];
        let near: Vec<(Point, Point)> = segs
            .iter()
            .copied()
            .filter(|&(a, b)| super::check::point_seg(c, a, b) < 2.0 * r)
            .collect();
        let ccw = k % 2 == 0;
        list.sort_by(|a, b| a.0.total_cmp(&b.0));
        let n = list.len();
        for m in 0..n {
            let (a0, u) = list[m];
            let (a1, v) = list[(m + 1) % n];
            let w = (a1 - a0).rem_euclid(std::f64::consts::TAU);
            let w = if m + 1 == n && w == 0.0 { 0.0 } else { w };
            if near.iter().all(|&(x, y)| seg_arc(x, y, c, r, a0, w) >= tol) {
                let len = r * w;
                if ccw {
                    adj[u].push((v, len));
                } else {
                    adj[v].push((u, len));
                }
            }
        }
    }
    let mut d = vec![f64::INFINITY; pts.len()];
    let mut heap = BinaryHeap::new();
    d[0] = 0.0;
    heap.push(Item(0.0, 0));
    while let Some(Item(du, u)) = heap.pop() {
        if du > d[u] {
            continue;
        }
        if u == 1 {
            return RefOutcome::Length(du);
        }
        for &(v, w) in &adj[u] {
            if du + w < d[v] {
                d[v] = du + w;
                heap.push(Item(du + w, v));
            }
        }
    }
    RefOutcome::NoPath
}
