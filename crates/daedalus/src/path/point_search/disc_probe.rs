//! A bench hook (`testing` feature): the least work an interval search for
//! discs (issue #16: Polyanya's nodes with circles of radius `r` as roots)
//! would add to each radius-0 node, timed inside the radius-0 search.
//!
//! Clearance is not local to a triangle: a node crossing triangle `T`
//! must look at every wall within `r` of `T`, not only `T`'s own edges.
//! Per node the probe takes the tangent from the root's circle to both
//! ends of the node's interval (a square root each) and tests each wall
//! within `r` of the node's triangle against both boundary rays (two
//! signed distances each): no blocked sub-intervals, no roots on circles,
//! no arcs, no exact band. The walls near each triangle are gathered
//! once, untimed in a warm run, and kept until the mesh changes. So the
//! radius-0 search with the probe is a floor under the cost of a search
//! that visits the same nodes and tests, per node, the walls near its
//! triangle (a search that skips those tests for most nodes, or visits
//! far fewer, is not bounded by it).

use crate::Point;
use crate::geometry::segment_distance;

use crate::path::navmesh::{NONE, NavMesh, next};

#[derive(Debug, Clone, Default)]
pub(crate) struct DiscProbe {
    pub(crate) r: f64,
    /// Working (off: kept for the same radius).
    pub(crate) on: bool,
    /// The mesh revision the lists belong to.
    rev: u64,
    /// Per triangle: the walls within `r` of it, once gathered.
    walls: Vec<Option<Box<[[f64; 4]]>>>,
    /// What the tests found (kept so that they are not optimised away).
    pub(crate) acc: f64,
}

impl DiscProbe {
    pub(crate) fn new(r: f64) -> DiscProbe {
        DiscProbe {
            r,
            on: true,
            ..DiscProbe::default()
        }
    }

    /// The probe's work for a node of root `c` whose interval, entering
    /// triangle `t`, runs from `a` to `b`.
    #[inline(never)]
    pub(crate) fn node(&mut self, nav: &NavMesh, c: Point, t: u32, (a, b): (Point, Point)) {
        if self.rev != nav.revision() || self.walls.len() < nav.slots() {
            self.walls.clear();
            self.walls.resize(nav.slots(), None);
            self.rev = nav.revision();
        }
        let r = self.r;
        let t = t as usize;
        if self.walls[t].is_none() {
            self.walls[t] = Some(near(nav, t as u32, r).into_boxed_slice());
        }
        let mut acc = 0.0;
        let mut rays = [(c, c); 2];
        for (k, p) in [a, b].into_iter().enumerate() {
            // The tangent point on the root's circle (one side).
            let (dx, dy) = (p.x - c.x, p.y - c.y);
            let d2 = dx * dx + dy * dy;
            if d2 <= r * r {
                // Inside the circle: no tangent (a disc search would not
                // have such a node).
                continue;
            }
            let s = (d2 - r * r).sqrt();
            let (ux, uy) = (dx / d2, dy / d2);
            let q = Point::new(c.x + r * (r * ux - s * uy), c.y + r * (r * uy + s * ux));
            rays[k] = (q, p);
            acc += q.x + q.y;
        }
        for w in self.walls[t].as_deref().unwrap_or_default() {
            for &(q, p) in &rays {
                let (ex, ey) = (p.x - q.x, p.y - q.y);
                let inv = 1.0 / (ex * ex + ey * ey).sqrt();
                let d0 = (ex * (w[1] - q.y) - ey * (w[0] - q.x)) * inv;
                let d1 = (ex * (w[3] - q.y) - ey * (w[2] - q.x)) * inv;
                if d0.abs() < r || d1.abs() < r || (d0 < 0.0) != (d1 < 0.0) {
                    acc += 1.0;
                }
            }
        }
        self.acc += acc;
    }
}

/// The walls within `r` of triangle `t` (a flood over the triangles whose
/// boxes come within `r` of its box; each wall once).
fn near(nav: &NavMesh, t: u32, r: f64) -> Vec<[f64; 4]> {
    let corners = |t: u32| [0, 1, 2].map(|i| nav.p(nav.v(3 * t + i)));
    let bx = |t: u32| {
        let ps = corners(t);
        let lo = Point::new(
            ps[0].x.min(ps[1].x).min(ps[2].x),
            ps[0].y.min(ps[1].y).min(ps[2].y),
        );
        let hi = Point::new(
            ps[0].x.max(ps[1].x).max(ps[2].x),
            ps[0].y.max(ps[1].y).max(ps[2].y),
        );
        (lo, hi)
    };
    let tp = corners(t);
    let (lo, hi) = bx(t);
    let (lo, hi) = (
        Point::new(lo.x - r, lo.y - r),
        Point::new(hi.x + r, hi.y + r),
    );
    let mut seen = std::collections::HashSet::from([t]);
    let mut walls = std::collections::HashSet::new();
    let mut stack = vec![t];
    let mut out = Vec::new();
    while let Some(u) = stack.pop() {
        for i in 0..3 {
            let h = 3 * u + i;
            let o = nav.opp[h as usize];
            if nav.wall[h as usize] && walls.insert(if o == NONE { h } else { h.min(o) }) {
                let (a, b) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                let d = (0..3)
                    .map(|k| segment_distance(a, b, tp[k], tp[(k + 1) % 3]))
                    .fold(f64::INFINITY, f64::min);
                if d < r {
                    out.push([a.x, a.y, b.x, b.y]);
                }
            }
            if o == NONE {
                continue;
            }
            let w = o / 3;
            let (l2, h2) = bx(w);
            if l2.x > hi.x || l2.y > hi.y || h2.x < lo.x || h2.y < lo.y {
                continue;
            }
            if seen.insert(w) {
                stack.push(w);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{DiscProbe, near};
    use crate::Point;
    use crate::geometry::segment_distance;
    use crate::path::navmesh::{NONE, next};
    use crate::path::{NavMesh, PathFinder};
    use crate::triangulation::Cdt;

    /// Pseudo-random segments in the box [0, 100]^2 (an LCG).
    fn world() -> NavMesh {
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut rnd = crate::path::lcg::lcg(11);
        for _ in 0..60 {
            let (ax, ay) = (5.0 + rnd(90.0), 5.0 + rnd(90.0));
            let (bx, by) = (ax + rnd(12.0) - 6.0, ay + rnd(12.0) - 6.0);
            let _ = cdt.insert_segment([ax, ay], [bx.clamp(1.0, 99.0), by.clamp(1.0, 99.0)]);
        }
        NavMesh::from_cdt(&cdt)
    }

    /// Each triangle's list holds exactly the walls within `r` of it, once
    /// each: against every wall of the mesh.
    #[test]
    fn the_walls_near_a_triangle_are_all_within_r() {
        let nav = world();
        let mut walls = Vec::new();
        for h in 0..nav.tv.len() as u32 {
            let o = nav.opp[h as usize];
            if nav.tv[h as usize] != NONE && nav.wall[h as usize] && (o == NONE || h < o) {
                walls.push((nav.p(nav.v(h)), nav.p(nav.v(next(h)))));
            }
        }
        let key = |a: Point, b: Point| {
            let (a, b) = if (a.x, a.y) <= (b.x, b.y) {
                (a, b)
            } else {
                (b, a)
            };
            [a.x, a.y, b.x, b.y].map(f64::to_bits)
        };
        let mut checked = 0;
        for r in [0.5, 2.0, 7.0] {
            for t in 0..nav.slots() as u32 {
                if nav.tv[3 * t as usize] == NONE {
                    continue;
                }
                let tp = [0, 1, 2].map(|i| nav.p(nav.v(3 * t + i)));
                let mut want: Vec<_> = walls
                    .iter()
                    .filter(|&&(a, b)| {
                        (0..3)
                            .map(|k| segment_distance(a, b, tp[k], tp[(k + 1) % 3]))
                            .fold(f64::INFINITY, f64::min)
                            < r
                    })
                    .map(|&(a, b)| key(a, b))
                    .collect();
                let mut got: Vec<_> = near(&nav, t, r)
                    .iter()
                    .map(|w| key(Point::new(w[0], w[1]), Point::new(w[2], w[3])))
                    .collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "triangle {t}, r {r}");
                checked += want.len();
            }
        }
        assert!(checked > 1000, "only {checked} walls near triangles");
    }

    /// The probe only adds work: radius-0 paths are the same with it on,
    /// and it does that work (its tests found walls near the nodes).
    #[test]
    fn the_probe_leaves_radius_0_paths_alone() {
        let nav = world();
        let mut plain = PathFinder::new();
        let mut probed = PathFinder::new();
        probed.set_disc_probe(Some(2.0));
        for (s, t) in [
            ((1.0, 1.0), (99.0, 99.0)),
            ((50.0, 2.0), (50.0, 98.0)),
            ((2.0, 60.0), (97.0, 30.0)),
        ] {
            let (s, t) = (Point::new(s.0, s.1), Point::new(t.0, t.1));
            let a = plain.find_path(&nav, s, t, 0.0).map(|p| p.waypoints());
            let b = probed.find_path(&nav, s, t, 0.0).map(|p| p.waypoints());
            assert_eq!(a, b);
        }
        let acc = probed
            .search
            .probe
            .as_ref()
            .map_or(0.0, |p: &DiscProbe| p.acc);
        assert!(acc > 0.0, "{acc}");
    }
}
