//! Per-vertex tables of the radius > 0 search: a triangle corner at every
//! vertex and the free arc of directions a disc can wrap the vertex in.

use crate::geometry::tolerance;
use std::cmp::Ordering;
use std::f64::consts::{PI, TAU};

use super::{Bits, NONE, NavMesh, next, prev};
use crate::Point;
use crate::geometry::orient2d;

/// Direction of `p` seen from `c`, in radians.
#[inline]
pub(crate) fn ang(c: Point, p: Point) -> f64 {
    (p.y - c.y).atan2(p.x - c.x)
}

/// Per vertex: a corner at it and the free arc (see [`Arcs::set`]).
///
/// The arcs themselves are kept for the wrappable vertices only (a tenth
/// of the vertices where walls cross a lot, as in `rand_10k`; nearly all
/// on tile maps): a dense table of records and, per vertex, its record's
/// index. A patch gives a record back when its vertex stops
/// being wrappable and reuses it for the next one (`free`).
#[derive(Default, Debug, Clone)]
pub(crate) struct Arcs {
    /// One triangle corner (`3 t + i`) at each vertex, `NONE` if unused.
    pub(crate) vcorner: Vec<u32>,
    /// The vertex can be wrapped: its walls leave a gap of more than 180
    /// degrees (decided exactly: a vertex where a wall goes on straight,
    /// or bends by less than the rounding of an angle, is wrapped or not
    /// as its exact geometry says). Read on the search's hot path: one bit.
    pub(crate) useful: Bits,
    /// Per vertex: its record in `arc` (`NONE` unless useful).
    slot: Vec<u32>,
    /// Records of the useful vertices.
    arc: Vec<Arc>,
    /// Records no vertex holds.
    free: Vec<u32>,
}

/// A useful vertex's free arc: directions from `arc0` counter-clockwise
/// over `arcw` radians, and the unit vectors of its first and last
/// directions, `ends` (the gap's middle is computed from them:
/// [`Arcs::mid`]).
#[derive(Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Arc {
    pub(crate) arc0: f64,
    pub(crate) arcw: f64,
    pub(crate) ends: [f64; 4],
}

impl Arcs {
    /// Room for `nv` vertices.
    pub(crate) fn resize(&mut self, nv: usize) {
        if self.vcorner.len() < nv {
            self.vcorner.resize(nv, NONE);
            self.useful.grow(nv, false);
            self.slot.resize(nv, NONE);
        }
    }

    /// Room for `n` more useful vertices.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.arc.reserve_exact(n);
    }

    /// Gives back the records' slack (after a full build, which reserves
    /// one per vertex: the useful ones are not known before).
    pub(crate) fn fit(&mut self) {
        crate::mesh::fit_slack(&mut self.arc);
    }

    /// Useful vertex `v`'s free arc.
    #[inline(always)]
    pub(crate) fn arc(&self, v: usize) -> &Arc {
        debug_assert!(self.useful[v]);
        &self.arc[self.slot[v] as usize]
    }

    /// Vertex `v`'s free arc, `None` unless useful (the checks compare
    /// whole records).
    #[cfg(test)]
    pub(crate) fn get(&self, v: usize) -> Option<&Arc> {
        self.useful[v].then(|| self.arc(v))
    }

    /// Vertex `v` is not useful (its record, if any, given back).
    fn unset(&mut self, v: usize) {
        self.useful.set(v, false);
        let s = std::mem::replace(&mut self.slot[v], NONE);
        if s != NONE {
            self.free.push(s);
        }
    }

    /// Heap bytes: the per-vertex columns, then the records.
    pub(crate) fn heap_bytes(&self) -> (usize, usize) {
        use crate::mesh::vec_bytes as b;
        (b(&self.slot), b(&self.arc) + b(&self.free))
    }

    /// Sets vertex `v` (at `c`)'s free arc from the far ends `r` of its
    /// walls (sorted here): the counter-clockwise gap between consecutive
    /// walls that exceeds half a turn, if any, shrunk by a quarter turn at
    /// each side. Whether a gap exceeds half a turn is an exact `orient2d`
    /// test (the next wall lies strictly clockwise of the previous one): a
    /// rounded angle cannot tell a straight wall from a slightly convex
    /// bend, and either answer there can lose the shortest path (a convex
    /// bend not wrapped blocks the tangents along the wall).
    pub(crate) fn set(&mut self, v: usize, c: Point, r: &mut [Point]) {
        self.unset(v);
        if r.is_empty() {
            return;
        }
        r.sort_by(|&a, &b| ang_cmp(c, a, b));
        let n = r.len();
        // The walls bounding the gap (one wall: the gap is the full turn
        // from it back to it).
        let (p, q) = if n == 1 {
            (r[0], r[0])
        } else {
            // At most one gap exceeds half a turn (they sum to a full one).
            let Some(k) = (0..n).find(|&k| orient2d(c, r[k], r[(k + 1) % n]) < 0.0) else {
                return;
            };
            (r[k], r[(k + 1) % n])
        };
        self.set_gap(v, c, p, (n > 1).then_some(q));
    }

    /// Sets vertex `v` (at `c`)'s free arc to the gap from the wall towards
    /// `p` counter-clockwise to the next wall, towards `q` (`None`: `p` is
    /// the vertex's only wall, the gap a full turn), which the caller has
    /// found to exceed half a turn.
    #[inline]
    pub(crate) fn set_gap(&mut self, v: usize, c: Point, p: Point, q: Option<Point>) {
        let u = unit(c, p);
        // The gap's width from the walls' unit vectors: one `atan2`, not
        // one per wall.
        let (gap, w) = if let Some(q) = q {
            let w = unit(c, q);
            let g = (u.0 * w.1 - u.1 * w.0).atan2(u.0 * w.0 + u.1 * w.1);
            // The gap exceeds half a turn (decided exactly by the caller):
            // `g` in (-pi, 0] is it less a full turn; a `g` just above 0 is
            // a gap just under a full turn whose walls' unit vectors round
            // to the same side (two walls a few ulps apart).
            (if g < PI / 2.0 { (g + TAU).min(TAU) } else { g }, w)
        } else {
            (TAU, u)
        };
        let from = ang(c, p);
        // The rounded gap may come out at or just under half a turn for
        // an exact one just over it: an arc of (numerically) no width.
        let arcw = (gap - PI).max(0.0);
        // The arc's ends and middle from the walls' unit vectors, without
        // trigonometry (three sin/cos pairs per corner were a large part
        // of building the tables): the arc starts a quarter turn after the
        // first wall, ends a quarter turn before the second, and its
        // middle halves the gap (opposite the walls' mean direction).
        let b = (-u.1, u.0);
        let e = if arcw > 0.0 { (w.1, -w.0) } else { b };
        let rec = Arc {
            arc0: from + PI / 2.0,
            arcw,
            ends: [b.0, b.1, e.0, e.1],
        };
        self.useful.set(v, true);
        if self.slot[v] == NONE {
            self.slot[v] = if let Some(s) = self.free.pop() {
                s
            } else {
                self.arc.push(rec);
                (self.arc.len() - 1) as u32
            };
        }
        self.arc[self.slot[v] as usize] = rec;
    }

    /// Unit vector of vertex `v`'s free gap's middle direction (`v`
    /// useful): opposite the mean of its walls' unit vectors, which the
    /// arc's ends are turned a quarter turn (exactly: swapped, one negated),
    /// so not stored (16 bytes per vertex). A gap of (nearly) half a turn,
    /// where the arc has no width and both ends are its start: the start.
    #[inline]
    pub(crate) fn mid(&self, v: usize) -> (f64, f64) {
        let [bx, by, ex, ey] = self.arc(v).ends;
        // u = (by, -bx), w = (-ey, ex); the middle is -(u + w)
        let (sx, sy) = (ey - by, bx - ex);
        let len = (sx * sx + sy * sy).sqrt();
        if len > tolerance::UNIT_SUM {
            (sx / len, sy / len)
        } else {
            (bx, by)
        }
    }

    /// Recomputes vertex `v` from its corners `fan` (counter-clockwise,
    /// from the most clockwise one at the border): each wall at `v` is the
    /// clockwise edge of one corner, or the border edge ending the fan.
    pub(crate) fn refresh(&mut self, nav: &NavMesh, v: u32, fan: &[u32], rays: &mut Vec<Point>) {
        rays.clear();
        for &c in fan {
            if nav.wall[c as usize] {
                rays.push(nav.p(nav.v(next(c))));
            }
            let p = prev(c);
            if nav.wall[p as usize] && nav.opp[p as usize] == NONE {
                rays.push(nav.p(nav.v(p)));
            }
        }
        self.vcorner[v as usize] = fan.first().copied().unwrap_or(NONE);
        self.set(v as usize, nav.p(v), rays);
    }

    /// Vertex `v` is gone.
    pub(crate) fn clear(&mut self, v: u32) {
        self.vcorner[v as usize] = NONE;
        self.unset(v as usize);
    }
}

/// The unit vector from `c` towards `p`.
#[inline]
fn unit(c: Point, p: Point) -> (f64, f64) {
    let (dx, dy) = (p.x - c.x, p.y - c.y);
    let l = (dx * dx + dy * dy).sqrt();
    (dx / l, dy / l)
}

/// Exact counter-clockwise order of the directions `a - c`, `b - c` from
/// the +x axis (half-plane, then `orient2d`).
fn ang_cmp(c: Point, a: Point, b: Point) -> Ordering {
    let upper = |p: Point| p.y > c.y || (p.y == c.y && p.x > c.x);
    match (upper(a), upper(b)) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => 0.0f64
            .partial_cmp(&orient2d(c, a, b))
            .unwrap_or(Ordering::Equal),
    }
}

#[cfg(test)]
mod tests {
    use super::{Arcs, ang};
    use crate::Point;
    use crate::geometry::orient2d;
    use proptest::prelude::*;
    use std::f64::consts::PI;

    /// Brute force: a gap of more than half a turn exists iff one wall has
    /// every other one strictly counter-clockwise of it (all in the open
    /// half-plane on its left).
    fn wrappable(c: Point, r: &[Point]) -> bool {
        r.len() == 1
            || r.iter()
                .any(|&a| r.iter().all(|&b| b == a || orient2d(c, a, b) > 0.0))
    }

    fn useful(c: Point, r: &[Point]) -> (bool, f64) {
        let mut a = Arcs::default();
        a.resize(1);
        a.set(0, c, &mut r.to_vec());
        if a.useful[0] {
            // The ends and middle (from unit vectors) against the angles.
            let arc = *a.arc(0);
            let (b, w) = (arc.arc0, arc.arcw);
            let (e, m) = (b + w, b + w / 2.0);
            let want = [b.cos(), b.sin(), e.cos(), e.sin()];
            for (x, y) in arc.ends.iter().zip(want) {
                assert!((x - y).abs() < 1e-12, "ends {:?} vs {want:?}", arc.ends);
            }
            // Where the gap is (nearly) half a turn the middle is the start.
            let (mx, my) = a.mid(0);
            assert!(
                (mx - m.cos()).abs() < 1e-6 && (my - m.sin()).abs() < 1e-6,
                "mid {:?} vs {m}",
                a.mid(0)
            );
        }
        (a.useful[0], a.get(0).map_or(0.0, |r| r.arcw))
    }

    /// A straight wall is no corner; bent by 2^-50 it is one on its convex
    /// side only, with an arc of (numerically) no width.
    #[test]
    fn straight_and_barely_bent_walls() {
        let c = Point::new(5.0, 4.0);
        let (l, r) = (Point::new(4.0, 4.0), Point::new(6.0, 4.0));
        assert!(!useful(c, &[l, r]).0);
        let e = 2f64.powi(-50);
        for c in [Point::new(5.0, 4.0 + e), Point::new(5.0, 4.0 - e)] {
            let (u, w) = useful(c, &[l, r]);
            assert!(u, "{c:?}");
            assert!((0.0..1e-12).contains(&w), "{c:?}: {w}");
        }
        // One wall: every direction but its own is free.
        let (u, w) = useful(c, &[l]);
        assert!(u && (w - PI).abs() < 1e-15);
        // A right angle leaves three quarters of a turn: half a turn of arc.
        let (u, w) = useful(c, &[l, Point::new(5.0, 5.0)]);
        assert!(u && (w - PI / 2.0).abs() < 1e-15);
    }

    /// Two walls a few ulps apart in direction leave almost a full turn:
    /// an arc of about half a turn, though their unit vectors round to the
    /// same side (the case `free_gap_decided_exactly` drew in CI).
    #[test]
    fn walls_a_few_ulps_apart_leave_half_a_turn_of_arc() {
        let c = Point::new(0.6, 0.4);
        let r = [
            Point::new(c.x + 3.0, c.y - 3.0 - f64::EPSILON),
            Point::new(c.x + 1.0, c.y - 1.0 - f64::EPSILON),
        ];
        assert!(orient2d(c, r[0], r[1]) > 0.0);
        let (u, w) = useful(c, &r);
        assert!(u && (w - PI).abs() < 1e-12, "{w}");
    }

    proptest! {
        /// Against the brute force, with directions from an integer grid
        /// (exactly collinear and opposite ones common) and near-collinear
        /// ones off by one unit in the last place.
        #[test]
        fn free_gap_decided_exactly(
            pts in prop::collection::vec((-3i32..=3, -3i32..=3, -1i32..=1), 1..6),
            c in (-1i32..=1, -1i32..=1),
        ) {
            let c = Point::new(c.0 as f64 * 0.1 + 0.5, c.1 as f64 * 0.1 + 0.5);
            let mut r: Vec<Point> = Vec::new();
            for (x, y, n) in pts {
                let p = Point::new(
                    c.x + x as f64,
                    c.y + y as f64 + n as f64 * f64::EPSILON,
                );
                // Distinct directions only (as the walls at a vertex).
                if p != c && !r.iter().any(|&q| {
                    orient2d(c, p, q) == 0.0
                        && (p.x - c.x) * (q.x - c.x) + (p.y - c.y) * (q.y - c.y) > 0.0
                }) {
                    r.push(p);
                }
            }
            prop_assume!(!r.is_empty());
            let (u, w) = useful(c, &r);
            prop_assert_eq!(u, wrappable(c, &r));
            if u {
                // The arc: the largest gap less half a turn, to rounding.
                let mut a: Vec<f64> = r.iter().map(|&p| ang(c, p)).collect();
                a.sort_by(f64::total_cmp);
                let n = a.len();
                let gap = if n == 1 {
                    2.0 * PI
                } else {
                    // Sorted: the wrap-around gap is the only one past a[n-1].
                    (0..n)
                        .map(|k| if k + 1 == n { a[0] + 2.0 * PI - a[k] } else { a[k + 1] - a[k] })
                        .fold(0.0, f64::max)
                };
                prop_assert!((w - (gap - PI).max(0.0)).abs() < 1e-12, "{} vs {}", w, gap);
            }
        }
    }
}
