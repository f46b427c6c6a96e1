//! Radius > 0: A* over the tangent graph of the circles of radius `r`
//! around the wall corners, with the triangulation answering the geometric
//! questions.
//!
//! Why this is optimal: the free space (points at distance >= r from every
//! wall) is the plane minus the union of the open r-neighbourhoods of the
//! wall segments. A shortest path in it is taut: straight except where it
//! wraps the boundary of an obstacle, and the only boundary pieces a taut
//! path can bend on are the circles of radius r around wall end points
//! (the straight sides of a segment's neighbourhood are tangents between
//! its end circles, and the notches where two neighbourhoods meet are
//! concave). So the shortest path is a sequence of tangent segments
//! between those circles and arcs along them: a path in the tangent graph,
//! searched here with A* (admissible, consistent Euclidean heuristic: every
//! edge is at least as long as its chord; a search that runs long switches
//! to the larger, admissible radius-0 distance bound of [`super::bound`]).
//!
//! The graph is generated lazily:
//! - only corners whose walls leave a free angle of more than 180 degrees
//!   can be wrapped (elsewhere every point of the circle is closer than r
//!   to a wall); the wrap then stays inside the "free arc" of the circle;
//! - a tangent from the circle of `u` to the circle of `w` with clearance r
//!   implies that the segment `u w` properly crosses no wall, so the
//!   successors of `u` are the corners of the triangles seen from `u`
//!   (a visibility flood over the triangles, inclusive at every boundary:
//!   a superset);
//! - an edge is pushed with its exact length and checked for clearance only
//!   when popped (lazy A*): most candidate edges are never checked.
//!
//! An arrival on a circle is dropped when an earlier arrival on the same
//! circle and side reaches it along a clear arc at no greater cost.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::{PI, TAU};

use crate::Point;
use crate::geometry::orient2d;

use super::bound::GoalBound;
use super::nav::{NONE, NavMesh, ang, next, prev};
use super::search::Search;
use super::{Path, PathError, Turn};
use crate::spatial::{point_seg, seg_seg};

/// Relative slack of the clearance tests (rounding of computed tangent points).
const CLEAR_TOL: f64 = 1e-9;
/// Angular slack of the free-arc prefilter (the exact clearance test decides).
const ANG_TOL: f64 = 1e-7;

/// Expansions before the search takes the radius-0 bound as heuristic
/// (the backward search costs about one radius-0 query).
const LAZY_BOUND: usize = 32;

const START: u32 = u32::MAX - 1;
const GOAL: u32 = u32::MAX - 2;

#[derive(Clone, Copy, Debug)]
struct State {
    /// Vertex whose circle the state arrives on, or `START` / `GOAL`.
    v: u32,
    /// +1: the path wraps `v` counter-clockwise (`v` on its left), -1 clockwise.
    dir: f64,
    /// Arrival point (tangent point on the circle of `v`).
    at: Point,
    /// Departure point on the parent's circle.
    dep: Point,
    /// Angle swept on the parent's circle from its arrival to `dep`.
    sweep: f64,
    parent: u32,
    g: f64,
    checked: bool,
}

/// Reusable buffers of the radius > 0 search.
#[derive(Default, Debug, Clone)]
pub(crate) struct TangentSearch {
    states: Vec<State>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Per-query epoch for the per-vertex caches.
    qe: u32,
    /// Flood epoch for triangle / half-edge marks.
    fe: u32,
    tri_mark: Vec<u32>,
    goal_tri: Vec<u32>,
    he_mark: Vec<u32>,
    /// Candidate corners of the state being expanded.
    cand_pool: Vec<u32>,
    /// Per vertex: walls within 2 r (range into `near_pool`).
    near_stamp: Vec<u32>,
    near_range: Vec<(u32, u32)>,
    near_pool: Vec<(Point, Point)>,
    /// Per vertex and side: expanded arrivals (point, g, offset on the free arc).
    arr_stamp: Vec<u32>,
    arr_list: Vec<Vec<(Point, f64, f64)>>,
    stack: Vec<(u32, Point, Point)>,
    tris: Vec<u32>,
    /// The triangles containing the goal.
    gtris: Vec<u32>,
    fan: Vec<u32>,
    /// Heuristic: lower bounds of the distance to the goal.
    bound: GoalBound,
    /// The start's flood so far kept to this box: its other successors
    /// have `f > start_limit` and are pushed before such a state is popped.
    start_box: Option<(Cone, f64)>,
    /// States expanded by the last query (statistics).
    pub(crate) expanded: usize,
}

/// Angle in [0, 2 pi) measured from `base`.
#[inline]
fn from_base(a: f64, base: f64) -> f64 {
    let mut d = a - base;
    while d < 0.0 {
        d += TAU;
    }
    while d >= TAU {
        d -= TAU;
    }
    d
}

/// Same, but angles just below `base` map to small negatives.
#[inline]
fn offset(a: f64, base: f64) -> f64 {
    let d = from_base(a, base);
    if d > TAU - ANG_TOL { d - TAU } else { d }
}

/// Minimum distance from the counter-clockwise arc of the circle (`c`,
/// `r`) starting at angle `a0` over `sweep` to segment `a b`.
pub(crate) fn arc_seg(c: Point, r: f64, a0: f64, sweep: f64, a: Point, b: Point) -> f64 {
    let on = |t: f64| from_base(t, a0) <= sweep;
    let at = |t: f64| Point::new(c.x + r * t.cos(), c.y + r * t.sin());
    let mut best = point_seg(at(a0), a, b).min(point_seg(at(a0 + sweep), a, b));
    let mut cands = [f64::NAN; 6];
    cands[0] = ang(c, a);
    cands[1] = ang(c, b);
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    if l2 > 0.0 {
        // Foot of the perpendicular from the centre on the line.
        let t = ((c.x - a.x) * dx + (c.y - a.y) * dy) / l2;
        let f = Point::new(a.x + t * dx, a.y + t * dy);
        let h = c.distance(f);
        let base = if h > 0.0 {
            ang(c, f)
        } else {
            dy.atan2(dx) + PI / 2.0
        };
        cands[2] = base;
        cands[3] = base + PI;
        if h < r {
            // The line cuts the circle.
            let w = (h / r).clamp(-1.0, 1.0).acos();
            cands[4] = base + w;
            cands[5] = base - w;
        }
    }
    for t in cands {
        if t.is_finite() && on(t) {
            best = best.min(point_seg(at(t), a, b));
        }
    }
    best
}

/// Tangent from the circle (`a`, `ra`) wrapped on side `sa` (+1: the
/// circle on the left of the travel direction) to the circle (`b`, `rb`)
/// on side `sb`: (point on a, point on b), or `None` when there is none.
#[inline]
fn tangent(a: Point, ra: f64, sa: f64, b: Point, rb: f64, sb: f64) -> Option<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let d = (dx * dx + dy * dy).sqrt();
    if d == 0.0 {
        return None;
    }
    let k = sb * rb - sa * ra;
    if k.abs() > d {
        return None;
    }
    let t = (d * d - k * k).max(0.0).sqrt();
    let (ux, uy) = (dx / d, dy / d);
    let (c, s) = (t / d, k / d);
    // Travel direction: rotate u by the angle whose sine is -k / d.
    let (tx, ty) = (c * ux + s * uy, c * uy - s * ux);
    // Left normal of the travel direction; a circle on the left has its
    // tangent point at centre - r n.
    let (nx, ny) = (-ty, tx);
    let pa = Point::new(a.x - sa * ra * nx, a.y - sa * ra * ny);
    let pb = Point::new(b.x - sb * rb * nx, b.y - sb * rb * ny);
    Some((pa, pb))
}

/// Where the centres of the successors of one arrival can lie (taut-path
/// pruning): three half-planes `(x - u) . n <= c` around the centre `u`.
///
/// A taut path arriving on the circle of `u` at angle `t1` and wrapping it
/// in direction `dir` leaves at an angle `t` between `t1` and the end `t2`
/// of the free arc (`D = |t2 - t1| <= pi`) along the tangent ray from
/// `u + r e(t)`. Every point `x` of those rays has `(x - u) . e(t1) <= r`,
/// `(x - u) . e(t2) >= r cos D` and, along the travel direction `m` at the
/// middle angle, `(x - u) . m >= -r sin(D / 2)`. The successor's centre is
/// within `r` of its tangent point: each bound widened by `r`. The region
/// is convex and holds `u`, so every corner it sees from `u` is reached by
/// a flood that skips the edges lying wholly outside one half-plane.
///
/// The start's flood is first limited to a box around the ellipse of the
/// points `x` with `|s - x| + |x - t| <= B + 2 r` ([`Cone::start_box`]):
/// a corner outside it gives a successor with `f > B`.
#[derive(Clone, Copy, Debug)]
struct Cone {
    u: Point,
    h: [(f64, f64, f64); 4],
    /// Absolute slack (the relative one grows with the distance from `u`).
    slack: f64,
}

impl Cone {
    fn of(u: Point, r: f64, at: Point, end: (f64, f64), delta: f64, dir: f64) -> Cone {
        let (ax, ay) = (at.x - u.x, at.y - u.y);
        let l = (ax * ax + ay * ay).sqrt();
        let (e1x, e1y) = (ax / l, ay / l);
        let d = delta.clamp(0.0, PI);
        let (s, c) = (dir * d / 2.0).sin_cos();
        let (mx, my) = (c * e1x - s * e1y, s * e1x + c * e1y);
        // Travel direction at the middle angle: the radius turned by 90
        // degrees towards `dir`.
        let (tx, ty) = (-dir * my, dir * mx);
        Cone {
            u,
            h: [
                (e1x, e1y, 2.0 * r),
                (-end.0, -end.1, r - r * d.cos()),
                (-tx, -ty, r + r * (d / 2.0).sin()),
                (0.0, 0.0, f64::INFINITY),
            ],
            slack: 1e-6 * r,
        }
    }

    /// The box around the ellipse with foci `s != t` and distance sum `sum`.
    fn start_box(s: Point, t: Point, sum: f64) -> Cone {
        let d = s.distance(t);
        let (ex, ey) = ((t.x - s.x) / d, (t.y - s.y) / d);
        let (a, c) = (sum / 2.0, d / 2.0);
        let b = (a * a - c * c).max(0.0).sqrt();
        Cone {
            u: s,
            h: [
                (ex, ey, a + c),
                (-ex, -ey, a - c),
                (-ey, ex, b),
                (ey, -ex, b),
            ],
            slack: 1e-9 * sum,
        }
    }

    /// Bit `k` set: `p` lies outside half-plane `k` (with a slack that
    /// covers the rounding of the directions and the angular slack of the
    /// free-arc tests).
    #[inline]
    fn outside(&self, p: Point) -> u8 {
        let (dx, dy) = (p.x - self.u.x, p.y - self.u.y);
        let s = self.slack + 1e-6 * (dx.abs() + dy.abs());
        let mut m = 0;
        for (k, &(nx, ny, c)) in self.h.iter().enumerate() {
            if dx * nx + dy * ny > c + s {
                m |= 1 << k;
            }
        }
        m
    }
}

impl TangentSearch {
    fn begin(&mut self, nav: &NavMesh) {
        let nt = nav.slots();
        let nh = nav.tv.len();
        let nv = nav.pos.len();
        if self.tri_mark.len() < nt {
            self.tri_mark.resize(nt, 0);
            self.goal_tri.resize(nt, 0);
        }
        if self.he_mark.len() < nh {
            self.he_mark.resize(nh, 0);
        }
        if self.near_stamp.len() < nv {
            self.near_stamp.resize(nv, 0);
            self.near_range.resize(nv, (0, 0));
        }
        if self.arr_stamp.len() < 2 * nv {
            self.arr_stamp.resize(2 * nv, 0);
            self.arr_list.resize(2 * nv, Vec::new());
        }
        self.qe = self.qe.wrapping_add(1);
        if self.qe == 0 {
            self.near_stamp.iter_mut().for_each(|s| *s = 0);
            self.arr_stamp.iter_mut().for_each(|s| *s = 0);
            self.goal_tri.iter_mut().for_each(|s| *s = 0);
            self.qe = 1;
        }
        self.cand_pool.clear();
        self.near_pool.clear();
        self.states.clear();
        self.heap.clear();
        self.expanded = 0;
    }

    fn flood_epoch(&mut self) -> u32 {
        self.fe = self.fe.wrapping_add(1);
        if self.fe == 0 {
            self.tri_mark.iter_mut().for_each(|s| *s = 0);
            self.he_mark.iter_mut().for_each(|s| *s = 0);
            self.fe = 1;
        }
        self.fe
    }

    /// Every corner around vertex `v` (walls included), into `self.fan`.
    fn fan_of(&mut self, nav: &NavMesh, v: u32) {
        self.fan.clear();
        let c = nav.arcs.vcorner[v as usize];
        if c == NONE {
            return;
        }
        self.fan.push(c);
        let mut cur = c;
        loop {
            let o = nav.opp[prev(cur) as usize];
            if o == NONE {
                break;
            }
            if o == c {
                return;
            }
            self.fan.push(o);
            cur = o;
        }
        let mut cur = c;
        loop {
            let o = nav.opp[cur as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            self.fan.push(nc);
            cur = nc;
        }
    }

    /// Is every wall at least `r` from `p`? Flood over the triangles within `r`.
    fn point_clear(&mut self, nav: &NavMesh, p: Point, r: f64, start: &[u32]) -> bool {
        let ep = self.flood_epoch();
        self.stack.clear();
        for &t in start {
            if self.tri_mark[t as usize] != ep {
                self.tri_mark[t as usize] = ep;
                self.stack.push((t, p, p));
            }
        }
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let d = point_seg(p, nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if d >= r {
                    continue;
                }
                if nav.wall[h as usize] {
                    return false;
                }
                let u = nav.opp[h as usize] / 3;
                if self.tri_mark[u as usize] != ep {
                    self.tri_mark[u as usize] = ep;
                    self.stack.push((u, p, p));
                }
            }
        }
        true
    }

    /// Every point of segment `a b` is at least `r` (less the rounding
    /// slack) from every wall: flood over the triangles near it.
    fn segment_clear(&mut self, nav: &NavMesh, a: Point, b: Point, r: f64) -> bool {
        let Some(t0) = nav.locate(a) else {
            return false;
        };
        let tol = r * (1.0 - CLEAR_TOL);
        // Cheap rejection: an edge wholly on one side of the strip (or cap
        // region) more than `r` from the segment's line (with slack for the
        // rounding) is at least `r` from the segment.
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if len > 0.0 {
            (dx / len, dy / len)
        } else {
            (0.0, 0.0)
        };
        let m = r + 1e-9 * (r + len);
        let far = |x: Point, y: Point| {
            if len == 0.0 {
                return false;
            }
            let (xa, ya) = ((x.x - a.x, x.y - a.y), (y.x - a.x, y.y - a.y));
            let (cx, cy) = (ux * xa.1 - uy * xa.0, ux * ya.1 - uy * ya.0);
            let (tx, ty) = (ux * xa.0 + uy * xa.1, ux * ya.0 + uy * ya.1);
            (cx > m && cy > m)
                || (cx < -m && cy < -m)
                || (tx < -m && ty < -m)
                || (tx > len + m && ty > len + m)
        };
        let ep = self.flood_epoch();
        self.stack.clear();
        self.stack.push((t0, a, a));
        self.tri_mark[t0 as usize] = ep;
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let wall = nav.wall[h as usize];
                // An edge into a triangle already reached needs no test.
                let u = if wall { NONE } else { nav.opp[h as usize] / 3 };
                if !wall && self.tri_mark[u as usize] == ep {
                    continue;
                }
                let x = nav.p(nav.v(h));
                let y = nav.p(nav.v(next(h)));
                if far(x, y) {
                    continue;
                }
                if wall {
                    if seg_seg(a, b, x, y) < tol {
                        return false;
                    }
                    continue;
                }
                // Flooding a superset is safe (walls are tested exactly):
                // an open edge that passes the strip test is crossed
                // without the exact distance (a point segment has no strip).
                if len == 0.0 && seg_seg(a, b, x, y) >= r {
                    continue;
                }
                self.tri_mark[u as usize] = ep;
                self.stack.push((u, a, a));
            }
        }
        true
    }

    /// Walls within `2 r` of vertex `v`, except those at `v` (cached per query).
    fn near_walls(&mut self, nav: &NavMesh, v: u32, r: f64) -> (u32, u32) {
        if self.near_stamp[v as usize] == self.qe {
            return self.near_range[v as usize];
        }
        let pv = nav.p(v);
        let lim = 2.0 * r;
        let begin = self.near_pool.len() as u32;
        self.fan_of(nav, v);
        let ep = self.flood_epoch();
        self.stack.clear();
        for k in 0..self.fan.len() {
            let t = self.fan[k] / 3;
            if self.tri_mark[t as usize] != ep {
                self.tri_mark[t as usize] = ep;
                self.stack.push((t, pv, pv));
            }
        }
        // Each wall edge once: by its half-edge seen first.
        let he_ep = ep;
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if point_seg(pv, x, y) >= lim {
                    continue;
                }
                if nav.wall[h as usize] {
                    let o = nav.opp[h as usize];
                    let seen = o != NONE && self.he_mark[o as usize] == he_ep;
                    self.he_mark[h as usize] = he_ep;
                    // The walls at `v` bound its free arc: every arc inside
                    // it keeps `r` from them.
                    if !seen && x != pv && y != pv {
                        self.near_pool.push((x, y));
                    }
                    // Walls do not stop this flood: the arcs near `v` may
                    // reach walls behind walls at `v` only through free
                    // space, but a superset is harmless here.
                }
                let o = nav.opp[h as usize];
                if o == NONE {
                    continue;
                }
                let u = o / 3;
                if self.tri_mark[u as usize] != ep {
                    self.tri_mark[u as usize] = ep;
                    self.stack.push((u, pv, pv));
                }
            }
        }
        let rg = (begin, self.near_pool.len() as u32);
        self.near_stamp[v as usize] = self.qe;
        self.near_range[v as usize] = rg;
        rg
    }

    /// The arc of the circle of `v` from `from` over `sweep` in direction
    /// `dir` keeps clearance `r` from every wall.
    fn arc_clear(
        &mut self,
        nav: &NavMesh,
        v: u32,
        r: f64,
        from: Point,
        sweep: f64,
        dir: f64,
    ) -> bool {
        if sweep <= 0.0 {
            return true;
        }
        let c = nav.p(v);
        let a = ang(c, from);
        let a0 = if dir > 0.0 { a } else { a - sweep };
        let (b, e) = self.near_walls(nav, v, r);
        let tol = r * (1.0 - CLEAR_TOL);
        // The arc lies in the disc about its midpoint through its ends: a
        // wall farther than that radius (plus rounding slack) is clear.
        let (sm, cm) = (a0 + sweep / 2.0).sin_cos();
        let mid = Point::new(c.x + r * cm, c.y + r * sm);
        let reach = tol + 2.0 * r * (sweep / 4.0).sin() + 1e-9 * r;
        self.near_pool[b as usize..e as usize]
            .iter()
            .all(|&(x, y)| point_seg(mid, x, y) >= reach || arc_seg(c, r, a0, sweep, x, y) >= tol)
    }

    /// Corners seen from `o` (a visibility flood over the triangles from
    /// the corners `fan`, or from the triangles `tris` containing `o`),
    /// appended to `cand_pool`; returns whether the goal's triangle was seen.
    /// With a `cone`, only the corners inside it (the flood skips the edges
    /// wholly outside it).
    fn visible(&mut self, nav: &NavMesh, o: Point, from_vertex: bool, cone: Option<&Cone>) -> bool {
        self.flood_epoch();
        let qe = self.qe;
        let mut goal = false;
        self.stack.clear();
        let out = |p: Point| cone.map_or(0, |c| c.outside(p));
        // Initial windows: the far edges of the first triangles.
        let n = if from_vertex {
            self.fan.len()
        } else {
            3 * self.tris.len()
        };
        for k in 0..n {
            let (t, h) = if from_vertex {
                let c = self.fan[k];
                (c / 3, next(c))
            } else {
                let t = self.tris[k / 3];
                let h = 3 * t + (k % 3) as u32;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if orient2d(x, y, o) == 0.0 {
                    continue;
                }
                (t, h)
            };
            if self.goal_tri[t as usize] == qe {
                goal = true;
            }
            for i in 0..3 {
                let w = nav.v(3 * t + i);
                let pw = nav.p(w);
                if nav.arcs.useful[w as usize] && pw != o && out(pw) == 0 {
                    self.cand_pool.push(w);
                }
            }
            if nav.wall[h as usize] {
                continue;
            }
            // Entered through h: left end is h's head seen from the far side.
            let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
            if out(x) & out(y) != 0 {
                continue;
            }
            self.stack.push((nav.opp[h as usize], y, x));
        }
        while let Some((h, l, rr)) = self.stack.pop() {
            // No cap on entries per edge: every window is a distinct set of
            // straight rays moving away from `o`, so each crosses a triangle
            // once and the flood ends; a cap would drop visible corners.
            let t = h / 3;
            if self.goal_tri[t as usize] == qe {
                goal = true;
            }
            // h runs tail -> head; z is the third corner.
            let (ptail, phead, pz) = (
                nav.p(nav.v(h)),
                nav.p(nav.v(next(h))),
                nav.p(nav.v(prev(h))),
            );
            let zv = nav.v(prev(h));
            let zr = orient2d(o, rr, pz);
            let zl = orient2d(o, l, pz);
            let mz = out(pz);
            if zr >= 0.0 && zl <= 0.0 && mz == 0 && nav.arcs.useful[zv as usize] {
                self.cand_pool.push(zv);
            }
            // Right edge head -> z.
            let e1 = next(h);
            if !nav.wall[e1 as usize] && out(phead) & mz == 0 {
                let nl = if zl > 0.0 { l } else { pz };
                if orient2d(o, rr, nl) >= 0.0 {
                    self.stack.push((nav.opp[e1 as usize], nl, rr));
                }
            }
            // Left edge z -> tail.
            let e2 = prev(h);
            if !nav.wall[e2 as usize] && out(ptail) & mz == 0 {
                let nr = if zr < 0.0 { rr } else { pz };
                if orient2d(o, nr, l) >= 0.0 {
                    self.stack.push((nav.opp[e2 as usize], l, nr));
                }
            }
        }
        goal
    }

    /// Keeps in `self.fan` only the triangles of the wall-free wedge of the
    /// free gap at `v`: every tangent leaving the circle of `v` (from its
    /// free arc) starts, seen from `v`, strictly inside that gap.
    fn gap_wedge(&mut self, nav: &NavMesh, v: u32) {
        let c = nav.p(v);
        let (mx, my) = nav.arcs.mid[v as usize];
        let mp = Point::new(c.x + mx, c.y + my);
        let hit = self.fan.iter().copied().find(|&k| {
            let (x, y) = (nav.p(nav.v(next(k))), nav.p(nav.v(prev(k))));
            orient2d(c, x, mp) >= 0.0 && orient2d(c, y, mp) <= 0.0
        });
        if let Some(k) = hit {
            let w = nav.wedge[k as usize];
            self.fan.retain(|&f| nav.wedge[f as usize] == w);
        }
    }

    /// Candidates of the start, or of vertex `v` inside `cone`, appended
    /// to `cand_pool`.
    fn candidates(
        &mut self,
        nav: &NavMesh,
        v: u32,
        from: Point,
        cone: Option<&Cone>,
    ) -> (u32, u32, bool) {
        let b = self.cand_pool.len() as u32;
        if v == START {
            let g = self.visible(nav, from, false, cone);
            if cone.is_none()
                && let Some((bx, _)) = self.start_box.take()
            {
                // The rest of the start's successors: those outside the box.
                let mut n = b as usize;
                for i in b as usize..self.cand_pool.len() {
                    let w = self.cand_pool[i];
                    if bx.outside(nav.p(w)) != 0 {
                        self.cand_pool[n] = w;
                        n += 1;
                    }
                }
                self.cand_pool.truncate(n);
                return dedup_tail(&mut self.cand_pool, b, false);
            }
            return dedup_tail(&mut self.cand_pool, b, g);
        }
        self.fan_of(nav, v);
        self.gap_wedge(nav, v);
        let g = self.visible(nav, nav.p(v), true, cone);
        dedup_tail(&mut self.cand_pool, b, g)
    }

    /// Offset of `p` along the free arc of `v` in direction `dir`, or None
    /// when `p` is off the arc.
    #[inline]
    fn arc_pos(&self, nav: &NavMesh, v: u32, dir: f64, p: Point) -> Option<f64> {
        let (a0, w) = (nav.arcs.arc0[v as usize], nav.arcs.arcw[v as usize]);
        let a = ang(nav.p(v), p);
        let o = if dir > 0.0 {
            offset(a, a0)
        } else {
            offset(a0 + w, a)
        };
        (o <= w + ANG_TOL).then_some(o)
    }

    /// Cheap form of `arc_pos(..).is_some()` (the free arc spans at most
    /// pi): `p` lies between the arc's end directions, with the same slack.
    #[inline]
    fn in_arc(&self, nav: &NavMesh, v: u32, p: Point) -> bool {
        let c = nav.p(v);
        let (dx, dy) = (p.x - c.x, p.y - c.y);
        let e = nav.arcs.ends[v as usize];
        let slack = -2.0 * ANG_TOL * (dx.abs() + dy.abs());
        e[0] * dy - e[1] * dx >= slack && dx * e[3] - dy * e[2] >= slack
    }

    /// Pushes `s` with `f = g + h`: `h` the larger of the Euclidean
    /// distance and the radius-0 bound of its corner less `r` (both
    /// admissible; their maximum need not be consistent, which A* over
    /// states that are never closed tolerates).
    fn push(&mut self, nav: &NavMesh, search: &Search, s: State, goal: Point, r: f64) {
        let id = self.states.len() as u32;
        let f = s.g + self.h(nav, search, &s, goal, r);
        self.states.push(s);
        self.heap.push(Reverse((f.to_bits(), id)));
    }

    #[inline]
    fn h(&self, nav: &NavMesh, search: &Search, s: &State, goal: Point, r: f64) -> f64 {
        let e = s.at.distance(goal);
        if s.v == GOAL || !self.bound.active() {
            return e;
        }
        e.max(self.bound.vertex(nav, search, s.v) - r)
    }

    /// Switches to the radius-0 bound: runs the backward search and
    /// recomputes the keys of the open states. `false` when not even a
    /// point can reach the goal.
    fn tighten(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        (from, to): (Point, Point),
        r: f64,
    ) -> Result<bool, PathError> {
        if !self.bound.prepare(nav, search, from, to)? {
            return Ok(false);
        }
        let mut open = std::mem::take(&mut self.heap).into_vec();
        for Reverse((k, id)) in &mut open {
            let s = self.states[*id as usize];
            *k = (s.g + self.h(nav, search, &s, to, r)).to_bits();
        }
        self.heap = BinaryHeap::from(open);
        Ok(true)
    }

    /// `rest`: the second expansion of the start, outside its box.
    fn expand(
        &mut self,
        nav: &NavMesh,
        search: &Search,
        id: u32,
        (from, to): (Point, Point),
        r: f64,
        rest: bool,
    ) {
        let s = self.states[id as usize];
        let (c, rc) = if s.v == START {
            (from, 0.0)
        } else {
            (nav.p(s.v), r)
        };
        let arr = if s.v == START {
            0.0
        } else {
            match self.arc_pos(nav, s.v, s.dir, s.at) {
                Some(o) => o,
                None => return,
            }
        };
        let cone = if s.v == START {
            // First the box, then (`start_box` taken) the rest.
            self.start_box.filter(|_| !rest).map(|(bx, _)| bx)
        } else {
            let k = s.v as usize;
            let e = nav.arcs.ends[k];
            let end = if s.dir > 0.0 {
                (e[2], e[3])
            } else {
                (e[0], e[1])
            };
            Some(Cone::of(c, r, s.at, end, nav.arcs.arcw[k] - arr, s.dir))
        };
        let (b, e, goal) = self.candidates(nav, s.v, from, cone.as_ref());
        let dirs: [f64; 2] = [1.0, -1.0];
        let sdir = if s.v == START { 1.0 } else { s.dir };
        // Departure on the own circle: arc from the arrival, inside the free arc.
        let sweep_to = |this: &Self, p: Point| -> Option<f64> {
            if s.v == START {
                return Some(0.0);
            }
            let o = this.arc_pos(nav, s.v, sdir, p)?;
            if o < arr - 1e-9 {
                return None;
            }
            Some((o - arr).max(0.0))
        };
        if goal
            && let Some((p, _)) = tangent(c, rc, sdir, to, 0.0, 1.0)
            && let Some(sw) = sweep_to(self, p)
        {
            self.push(
                nav,
                search,
                State {
                    v: GOAL,
                    dir: 1.0,
                    at: to,
                    dep: p,
                    sweep: sw,
                    parent: id,
                    g: s.g + r * sw + p.distance(to),
                    checked: false,
                },
                to,
                r,
            );
        }
        for k in b..e {
            let w = self.cand_pool[k as usize];
            let pw = nav.p(w);
            for &dw in &dirs {
                let Some((p, q)) = tangent(c, rc, sdir, pw, r, dw) else {
                    continue;
                };
                if !self.in_arc(nav, w, q) {
                    continue;
                }
                let Some(sw) = sweep_to(self, p) else {
                    continue;
                };
                self.push(
                    nav,
                    search,
                    State {
                        v: w,
                        dir: dw,
                        at: q,
                        dep: p,
                        sweep: sw,
                        parent: id,
                        g: s.g + r * sw + p.distance(q),
                        checked: false,
                    },
                    to,
                    r,
                );
            }
        }
        self.cand_pool.truncate(b as usize);
    }

    /// The edge into state `id`: the parent's arc and the tangent segment.
    fn check(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.states[id as usize];
        let p = self.states[s.parent as usize];
        if p.v != START && !self.arc_clear(nav, p.v, r, p.at, s.sweep, p.dir) {
            return false;
        }
        self.segment_clear(nav, s.dep, s.at, r)
    }

    /// An arrival already expanded on the same circle and side reaches
    /// this one along a clear arc at no greater cost.
    fn dominated(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.states[id as usize];
        let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
        if self.arr_stamp[slot] != self.qe {
            self.arr_stamp[slot] = self.qe;
            self.arr_list[slot].clear();
        }
        let Some(os) = self.arc_pos(nav, s.v, s.dir, s.at) else {
            return true;
        };
        let list = std::mem::take(&mut self.arr_list[slot]);
        let mut dom = false;
        for &(a, g, oa) in &list {
            if oa > os + 1e-12 {
                continue;
            }
            let sw = (os - oa).max(0.0);
            if g + r * sw <= s.g * (1.0 + 1e-12) && self.arc_clear(nav, s.v, r, a, sw, s.dir) {
                dom = true;
                break;
            }
        }
        self.arr_list[slot] = list;
        dom
    }

    /// `search`: the radius-0 search, run backward for the heuristic.
    pub(crate) fn run(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        (from, to): (Point, Point),
        r: f64,
    ) -> Result<Path, PathError> {
        self.begin(nav);
        // Locate both ends once (the finder does not locate them first).
        let mut st = std::mem::take(&mut self.tris);
        st.clear();
        let mut gt = std::mem::take(&mut self.gtris);
        gt.clear();
        let (in_start, in_goal) = (nav.containing(from, &mut st), nav.containing(to, &mut gt));
        let ok_start = in_start && self.point_clear(nav, from, r, &st);
        let ok_goal = in_goal && self.point_clear(nav, to, r, &gt);
        for &t in &gt {
            self.goal_tri[t as usize] = self.qe;
        }
        self.tris = st;
        self.gtris = gt;
        if !in_start {
            return Err(PathError::StartOutside(from));
        }
        if !in_goal {
            return Err(PathError::GoalOutside(to));
        }
        if !ok_start {
            return Err(PathError::StartBlocked);
        }
        if !ok_goal {
            return Err(PathError::GoalBlocked);
        }
        // The straight segment, when clear, is the shortest path (the same
        // test the search would apply to the edge start -> goal).
        if from == to || self.segment_clear(nav, from, to, r) {
            return Ok(Path::straight(from, to, r));
        }
        self.bound.clear();
        self.states.push(State {
            v: START,
            dir: 1.0,
            at: from,
            dep: from,
            sweep: 0.0,
            parent: NONE,
            g: 0.0,
            checked: true,
        });
        // Short queries seldom need the start's far successors.
        let limit = 1.4 * from.distance(to) + 4.0 * r;
        self.start_box = Some((Cone::start_box(from, to, limit + 2.0 * r), limit));
        self.expand(nav, search, 0, (from, to), r, false);
        loop {
            let top = self.heap.pop();
            if let Some((_, limit)) = self.start_box
                && top.is_none_or(|Reverse((k, _))| f64::from_bits(k) > limit)
            {
                self.heap.extend(top);
                self.expand(nav, search, 0, (from, to), r, true);
                continue;
            }
            let Some(Reverse((_, id))) = top else {
                break;
            };
            let s = self.states[id as usize];
            if !s.checked {
                if s.v != GOAL && self.dominated(nav, id, r) {
                    continue;
                }
                if !self.check(nav, id, r) {
                    continue;
                }
                self.states[id as usize].checked = true;
                if s.v != GOAL {
                    let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
                    if let Some(o) = self.arc_pos(nav, s.v, s.dir, s.at) {
                        self.arr_list[slot].push((s.at, s.g, o));
                    }
                }
            }
            if s.v == GOAL {
                return Ok(self.path(nav, id, from, to, r));
            }
            self.expanded += 1;
            // Short searches end before the bound would pay for itself.
            if self.expanded == LAZY_BOUND && !self.tighten(nav, search, (from, to), r)? {
                // No path for a point, none for a disc.
                return Err(PathError::NoPath);
            }
            self.expand(nav, search, id, (from, to), r, false);
        }
        Err(PathError::NoPath)
    }

    fn path(&self, nav: &NavMesh, goal: u32, from: Point, to: Point, r: f64) -> Path {
        let mut chain = Vec::new();
        let mut k = goal;
        while k != NONE {
            chain.push(k);
            k = self.states[k as usize].parent;
        }
        chain.reverse();
        let mut turns = Vec::new();
        for w in chain.windows(2) {
            let (s, child) = (self.states[w[0] as usize], self.states[w[1] as usize]);
            if s.v == START {
                continue;
            }
            let mut t = Turn {
                center: nav.p(s.v),
                radius: r,
                from: s.at,
                to: child.dep,
                ccw: s.dir > 0.0,
            };
            // A turn of (numerically) nothing: keep it exactly empty.
            if child.sweep < 1e-9 {
                t.to = t.from;
            }
            turns.push(t);
        }
        Path {
            start: from,
            goal: to,
            radius: r,
            turns,
        }
    }
}

/// Sorts and dedups `pool[b..]`; the range and the goal flag.
fn dedup_tail(pool: &mut Vec<u32>, b: u32, goal: bool) -> (u32, u32, bool) {
    // In place: this runs once per expansion.
    let b0 = b as usize;
    pool[b0..].sort_unstable();
    let mut n = b0;
    for i in b0..pool.len() {
        if n == b0 || pool[i] != pool[n - 1] {
            pool[n] = pool[i];
            n += 1;
        }
    }
    pool.truncate(n);
    (b, n as u32, goal)
}
