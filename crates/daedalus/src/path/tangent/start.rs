//! The start's successors: the corners the start sees, found by a
//! visibility flood whose windows wait in the search's heap, keyed by a
//! lower bound of the successors beyond them, so a query floods only as
//! far from the start as its search gets.
//!
//! A window is the wedge of rays from the start `s` through an edge `a b`
//! of the mesh into the triangle beyond it (a step of
//! [`TangentSearch::visible`]'s flood). A corner `w`
//! found through it lies beyond the edge, so `|s w| + |w t| >= m`, the
//! least of `|s y| + |y t|` over the edge's points `y` (the goal `t`;
//! bounded below by the two ends' distances to the edge added, and by
//! `|s t|`).
//! Its successor states arrive at a tangent point `q` within `r` of `w`
//! (so `|q t| >= |w t| - r`) along the tangent `|s q| = sqrt(|s w|^2 - r^2)`,
//! which is at most `ds - sqrt(ds^2 - r^2)` short of `|s w|` when `w` is at
//! least `ds > r` away (the edge's distance from `s`; else at most `r`),
//! and their heuristic is at least the distance to the goal: their `f` is
//! at least `m - r - (ds - sqrt(ds^2 - r^2))`, the window's key (less the
//! rounding). Windows and states share the heap, so every successor with
//! an `f` below the path's length is pushed before the goal is popped:
//! the search stays optimal.

use super::*;
use crate::geometry::distance_squared_point_segment;

/// The bit that marks a heap entry as a window of the start's flood (an
/// index into `TangentSearch::windows`), not a state.
pub(super) const WINDOW: u32 = 1 << 31;

/// Windows keyed up to this multiple of `|s t|` are flooded when the
/// search begins, without the heap (every state's `f` is at least
/// `|s t|`: they would come out first).
const EAGER: f64 = 1.0;
/// A window popped with key `k` floods the windows beyond it keyed up to
/// `DRAIN k` at once: fewer trips through the heap, against windows the
/// search might not have reached (swept with `EAGER`, see the README).
const DRAIN: f64 = 1.05;

/// The rays from the start through the edge into the triangle of
/// half-edge `h`, between the directions of `l` and `rr` (as in the
/// visibility flood's stack).
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    h: u32,
    l: Point,
    rr: Point,
    /// `m` (see the module's note), at least the `m` of the window it
    /// came from.
    m: f64,
}

impl TangentSearch {
    /// Pushes the corners of the triangles holding the start (`self.tris`)
    /// and floods the windows through their far edges up to the key
    /// `EAGER |s t|`, the others into the heap.
    pub(super) fn start_flood(&mut self, nav: &NavMesh, (from, to): (Point, Point), r: f64) {
        self.start_flood_to(nav, (from, to), r, EAGER * from.distance(to));
    }

    /// [`TangentSearch::start_flood`] with the windows keyed up to `eager`
    /// expanded at once.
    fn start_flood_to(&mut self, nav: &NavMesh, (from, to): (Point, Point), r: f64, eager: f64) {
        self.windows.clear();
        self.wstack.clear();
        self.eager = eager;
        // Every window's `m` is at least `|s t|`: the first ones start there.
        let st = from.distance(to);
        let tris = std::mem::take(&mut self.tris);
        for &t in &tris {
            for i in 0..3 {
                self.start_corner(nav, nav.v(3 * t + i), (from, to), r);
            }
            for i in 0..3 {
                let h = 3 * t + i;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                // The start on the edge's line: no ray crosses it.
                if nav.wall[h as usize] || orient2d(x, y, from) == 0.0 {
                    continue;
                }
                let w = (nav.opp[h as usize], y, x);
                self.window(nav, w, st, (from, to), r, self.eager);
            }
        }
        self.tris = tris;
        self.drain(nav, (from, to), r, self.eager);
    }

    /// Expands window `k` of the start's flood, popped with key `key`, and
    /// the windows beyond it keyed up to `DRAIN key`.
    pub(super) fn start_window(
        &mut self,
        nav: &NavMesh,
        (k, key): (u32, f64),
        (from, to): (Point, Point),
        r: f64,
    ) {
        self.wstack.push(self.windows[k as usize]);
        self.drain(nav, (from, to), r, (DRAIN * key).max(self.eager));
    }

    /// Expands the windows of `wstack`: the corner each sees in its
    /// triangle, and the windows through the triangle's far edges (those
    /// keyed above `limit` into the heap).
    fn drain(&mut self, nav: &NavMesh, (from, to): (Point, Point), r: f64, limit: f64) {
        let o = from;
        while let Some(Window { h, l, rr, m }) = self.wstack.pop() {
            let (seen, [wn, wp]) = visibility::split(o, (l, rr), nav.p(nav.v(prev(h))));
            if seen {
                self.start_corner(nav, nav.v(prev(h)), (from, to), r);
            }
            for (e, (wl, wr)) in [(next(h), wn), (prev(h), wp)] {
                if !nav.wall[e as usize] && orient2d(o, wr, wl) >= 0.0 {
                    let w = (nav.opp[e as usize], wl, wr);
                    self.window(nav, w, m, (from, to), r, limit);
                }
            }
        }
    }

    /// Keys the window `(h, l, rr)`, found through a window whose `m` is
    /// `m0` (`|s t|` for the first ones): onto `wstack` when its key is at
    /// most `limit`, else into the heap.
    fn window(
        &mut self,
        nav: &NavMesh,
        (h, l, rr): (u32, Point, Point),
        m0: f64,
        (from, to): (Point, Point),
        r: f64,
        limit: f64,
    ) {
        let (a, b) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
        // `|s y| + |y t|` over the edge's points: at least the start's and
        // the goal's distances to the edge added, and at least `m0` (at
        // least `|s t|`).
        let ds = distance_squared_point_segment(a, b, from).sqrt();
        let dt = distance_squared_point_segment(a, b, to).sqrt();
        let m = (ds + dt).max(m0);
        let w = Window { h, l, rr, m };
        // The tangent from the start to a corner at distance `x >= ds` is
        // `sqrt(x^2 - r^2)`, at most `ds - sqrt(ds^2 - r^2)` short of `x`.
        let short = if ds > r {
            ds - (ds * ds - r * r).sqrt()
        } else {
            r
        };
        // Less the rounding of the distances (relative, far below 1e-9).
        let key = ((m - r - short) * (1.0 - 1e-9)).max(0.0);
        if key <= limit {
            self.wstack.push(w);
            return;
        }
        let k = self.windows.len() as u32;
        debug_assert!(k < WINDOW && (self.states.len() as u32) < WINDOW);
        self.windows.push(w);
        self.heap.push(key, WINDOW | k);
    }

    /// Pushes the start's successors on the circle of corner `w`, the
    /// first time the flood sees it in this query.
    fn start_corner(&mut self, nav: &NavMesh, w: u32, (from, to): (Point, Point), r: f64) {
        let pw = nav.p(w);
        if !nav.arcs.useful[w as usize] || pw == from || self.start_seen[w as usize] == self.qe {
            return;
        }
        self.start_seen[w as usize] = self.qe;
        for dw in [1.0, -1.0] {
            let Some((p, q)) = tangent(from, 0.0, 1.0, pw, r, dw) else {
                continue;
            };
            if !self.in_arc(nav, w, q) {
                continue;
            }
            self.push(
                State::next(0, p.distance(q), (w, dw), (p, q), 0.0, NONE, f64::NAN),
                to,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::lcg::crosses;

    /// Brute force, on pseudo-random walls and boxes at three radii: the
    /// start's flood, its windows popped from the heap to the last, sees
    /// exactly the useful corners no wall hides from the start; and no
    /// window comes out of the heap after a state it yields would have
    /// (each state's `f`, `|s q| + |q t|` recomputed here, is at least the
    /// key of the window that pushed it).
    #[test]
    fn the_start_flood_sees_every_corner_and_no_window_comes_late() {
        let (cdt, mut rnd) = crate::path::lcg::walls_and_boxes(0x57a7);
        let nav = NavMesh::from_cdt(&cdt);
        let walls = crate::path::lcg::walls(&nav);
        let mut ts = TangentSearch::default();
        let (mut seen, mut late_checks, mut windows) = (0, 0, 0);
        // The least `f - key` over the states checked, in radii.
        let mut tight = f64::INFINITY;
        for r in [0.25, 1.0, 3.0] {
            for _ in 0..40 {
                let from = Point::new(1.0 + rnd(98.0), 1.0 + rnd(98.0));
                let to = Point::new(1.0 + rnd(98.0), 1.0 + rnd(98.0));
                ts.begin(&nav);
                ts.tris.clear();
                if !nav.containing(from, &mut ts.tris) {
                    continue;
                }
                ts.states.push(State::next(
                    NONE,
                    0.0,
                    (START, 1.0),
                    (from, from),
                    0.0,
                    NONE,
                    0.0,
                ));
                // Every window but the first through the heap.
                ts.start_flood_to(&nav, (from, to), r, 0.0);
                while let Some((key, id)) = ts.heap.pop() {
                    if id & WINDOW == 0 {
                        continue;
                    }
                    let n = ts.states.len();
                    ts.start_window(&nav, (id ^ WINDOW, key), (from, to), r);
                    windows += 1;
                    for s in &ts.states[n..] {
                        let f = from.distance(s.at) + s.at.distance(to);
                        assert!(f >= key, "r {r}, {from:?} -> {to:?}: f {f} < key {key}");
                        tight = tight.min((f - key) / r);
                        late_checks += 1;
                    }
                }
                for w in 0..nav.pos.len() as u32 {
                    let pw = nav.p(w);
                    if !nav.arcs.useful[w as usize] || pw == from {
                        continue;
                    }
                    let hidden = walls.iter().any(|&(a, b)| crosses(from, pw, a, b));
                    let got = ts.start_seen[w as usize] == ts.qe;
                    assert_eq!(got, !hidden, "r {r}, {from:?}: corner {w} at {pw:?}");
                    seen += usize::from(got);
                }
            }
        }
        // A key one radius too high would have come late.
        assert!(tight < 1.0, "the least f - key is {tight} radii");
        assert!(
            seen > 3000 && late_checks > 1000 && windows > 3000,
            "{seen} corners seen, {late_checks} states checked, {windows} windows"
        );
    }
}
