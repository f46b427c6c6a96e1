//! Lower bounds of the distance to the goal for the radius > 0 search,
//! from a backward radius-0 search: a path of a disc is also a path of a
//! point, so the radius-0 distance `d0` bounds the radius-r one.
//!
//! The backward search runs from the goal to the start (length `L0`),
//! dead ends included, and records for every vertex `v` it sees the length
//! `D(v) >= d0(v)` of a path from the goal. Either the shortest path to `v`
//! has `d0(v) + |v - start| < L0`, so all its nodes were expanded and
//! `D(v) = d0(v)`, or `d0(v) >= L0 - |v - start|`: in both cases
//! `d0(v) >= min(D(v), L0 - |v - start|)`. A point `q` at distance `r` from
//! `v` whose disc of radius `r` is clear sees `v` (the segment lies in the
//! disc), so `d0(q) >= d0(v) - r`.

use crate::Point;

use super::nav::NavMesh;
use super::search::{Outcome, Search};

/// Relative slack for the rounding of the recorded lengths.
const SLACK: f64 = 1e-9;

#[derive(Default, Debug, Clone)]
pub(crate) struct GoalBound {
    start: Point,
    l0: f64,
    /// Prepared for the current query.
    active: bool,
}

impl GoalBound {
    pub(crate) fn clear(&mut self) {
        self.active = false;
    }

    pub(crate) fn active(&self) -> bool {
        self.active
    }

    /// Runs the backward search; `Ok(false)` when start and goal are not
    /// connected even for a point.
    pub(crate) fn prepare(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        from: Point,
        to: Point,
    ) -> Result<bool, super::PathError> {
        search.record = true;
        let out = search.run(nav, to, from);
        search.record = false;
        let pts = match out {
            Some(Outcome::Found(pts)) => pts,
            Some(Outcome::Limit(n)) => return Err(super::PathError::SearchLimit(n)),
            _ => return Ok(false),
        };
        self.l0 = pts.windows(2).map(|w| w[0].distance(w[1])).sum();
        self.start = from;
        self.active = true;
        Ok(true)
    }

    /// A lower bound of `d0(v)`.
    #[inline]
    pub(crate) fn vertex(&self, nav: &NavMesh, search: &Search, v: u32) -> f64 {
        let far = self.l0 - nav.p(v).distance(self.start);
        search.reached(v).map_or(far, |d| d.min(far)) - SLACK * self.l0
    }
}

#[cfg(test)]
mod tests {
    use super::GoalBound;
    use crate::Point;
    use crate::path::search::Search;
    use crate::path::{NavMesh, PathFinder};
    use crate::triangulation::Cdt;

    /// Every vertex's bound is at most its radius-0 distance from the goal,
    /// found by a forward query to the vertex (pseudo-random walls,
    /// pockets and dead ends included).
    #[test]
    fn vertex_bounds_are_below_the_distances() {
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut x = 7u64;
        let mut rnd = |n: f64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64 * n
        };
        for _ in 0..40 {
            let (ax, ay) = (5.0 + rnd(90.0), 5.0 + rnd(90.0));
            let (bx, by) = (ax + rnd(20.0) - 10.0, ay + rnd(20.0) - 10.0);
            let _ = cdt.insert_segment([ax, ay], [bx.clamp(1.0, 99.0), by.clamp(1.0, 99.0)]);
        }
        let nav = NavMesh::from_cdt(&cdt);
        let mut finder = PathFinder::new();
        let mut search = Search::default();
        let mut bound = GoalBound::default();
        let mut checked = 0;
        for (from, to) in [
            ((1.0, 1.0), (99.0, 99.0)),
            ((50.0, 2.0), (50.0, 98.0)),
            ((2.0, 60.0), (97.0, 30.0)),
        ] {
            let (from, to) = (Point::new(from.0, from.1), Point::new(to.0, to.1));
            if !bound.prepare(&nav, &mut search, from, to).unwrap() {
                continue;
            }
            for v in 0..nav.pos.len() as u32 {
                let Ok(p) = finder.find_path(&nav, to, nav.p(v), 0.0) else {
                    continue;
                };
                let b = bound.vertex(&nav, &search, v);
                assert!(
                    b <= p.length() + 1e-9,
                    "vertex {v}: bound {b} > {}",
                    p.length()
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} vertices checked");
    }
}
