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
//!
//! For a disc of radius `r > 0` the backward search runs on the mesh with
//! every edge between two corners shorter than `2 r` shut (no disc crosses
//! or touches one: each of its points is closer than `r` to a corner), so
//! `d0` is the point distance in that shut mesh, at least the point
//! distance and still at most the disc's. A narrow edge may cross the
//! segment from `q` to its corner, so the bound moves to `q` through the
//! triangle `T` holding `q` instead: the segment from `q` to a corner `w`
//! of `T` stays in `T`, so `d0(q) >= max_w d0(w) - |q - w|`
//! ([`GoalBound::point`]).
//!
//! Dead ends (`NavMesh::exit`) holding neither end are not searched (the
//! search prunes them as a radius-0 query does): a subtree is joined to
//! the rest only by its exit edge `a b`, so no shortest path to a point
//! outside every pruned subtree enters one (it would leave by the same
//! edge, and the segment along the edge is no longer), the argument above
//! holds there with `d0` the distance outside them, and `a`, `b` are
//! recorded (the search notes the ends of the shut way down). A point `q`
//! in a pruned subtree (the highest pruned one on its chain) is reached
//! across `a b` at some `y`: `d0(q) >= min_y m(y) + |y q|` with
//! `m(y) = max(B(a) - |y a|, B(b) - |y b|)` the bound of `y` through the
//! parent triangle. Along the edge `m` has slopes -1 then +1 and `|y q|`
//! a slope within [-1, 1], so the sum falls up to the kink of `m` and
//! rises after it: the minimum is at the kink clamped to the edge. When
//! `a b` is narrow (shut for the disc) `q` cannot reach the goal at all.

use crate::Point;

use crate::geometry::tolerance;
use crate::path::navmesh::{NONE, NavMesh, next};
use crate::path::navmesh::{narrow_edge, narrow_limit};
use crate::path::point_search::{Outcome, Search};

#[derive(Default, Debug, Clone)]
pub(crate) struct GoalBound {
    start: Point,
    l0: f64,
    /// Prepared for the current query.
    active: bool,
    /// `narrow_limit` of the radius.
    narrow: f64,
    epoch: u32,
    /// Per triangle: `epoch` on the chain of dead-end parents of an end's
    /// triangle (searched).
    mark: Vec<u32>,
    /// Per triangle: `epoch` when `cut` holds its answer.
    memo: Vec<u32>,
    /// Per triangle: the exit edge of the highest pruned subtree holding
    /// it, or `NONE` when it was searched.
    cut: Vec<u32>,
    tris: Vec<u32>,
}

impl GoalBound {
    pub(crate) fn clear(&mut self) {
        self.active = false;
    }

    pub(crate) fn active(&self) -> bool {
        self.active
    }

    /// Runs the backward search for a disc of `radius` (edges too narrow
    /// for it shut, see `Search::set_narrow`); `Ok(false)` when start and
    /// goal are not connected even for a point in the shut mesh (then not
    /// for the disc either).
    pub(crate) fn prepare(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        (from, to): (Point, Point),
        radius: f64,
    ) -> Result<bool, super::PathError> {
        self.mark_ends(nav, from, to);
        self.narrow = narrow_limit(radius);
        search.record = true;
        search.set_narrow(radius);
        let out = search.run(nav, to, from);
        search.record = false;
        search.set_narrow(0.0);
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

    /// Marks the chains of dead-end parents of the triangles holding
    /// either end (the search's dead-end pruning spares them).
    fn mark_ends(&mut self, nav: &NavMesh, from: Point, to: Point) {
        let nt = nav.slots();
        if self.mark.len() < nt {
            self.mark.resize(nt, 0);
            self.memo.resize(nt, 0);
            self.cut.resize(nt, NONE);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.iter_mut().for_each(|s| *s = 0);
            self.memo.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let mut tris = std::mem::take(&mut self.tris);
        tris.clear();
        nav.containing(from, &mut tris);
        nav.containing(to, &mut tris);
        for &t in &tris {
            nav.mark_exit_chain(t, &mut self.mark, self.epoch);
        }
        self.tris = tris;
    }

    /// The exit edge of the highest pruned dead-end subtree holding
    /// triangle `t` (`NONE`: searched). Marked chains run up to the root,
    /// so the walk up stops at the first marked, undead or known
    /// triangle; those passed are memoised.
    fn cut_of(&mut self, nav: &NavMesh, t: u32) -> u32 {
        let mut x = t;
        let mut walked = std::mem::take(&mut self.tris);
        walked.clear();
        let mut found = loop {
            let k = x as usize;
            if self.memo[k] == self.epoch {
                break self.cut[k];
            }
            let e = nav.exit[k];
            if e == NONE || self.mark[k] == self.epoch {
                break NONE;
            }
            walked.push(x);
            x = nav.opp[e as usize] / 3;
        };
        for &y in walked.iter().rev() {
            if found == NONE {
                found = nav.exit[y as usize];
            }
            self.memo[y as usize] = self.epoch;
            self.cut[y as usize] = found;
        }
        self.tris = walked;
        found
    }

    /// A lower bound of `d0(v)` (the distance outside the pruned dead ends).
    #[inline]
    pub(crate) fn vertex(&self, nav: &NavMesh, search: &Search, v: u32) -> f64 {
        let far = self.l0 - nav.p(v).distance(self.start);
        search.reached(v).map_or(far, |d| d.min(far)) - tolerance::RELATIVE * self.l0
    }

    /// A lower bound of `d0(q)` for a point `q` in the closed triangle `t`
    /// (see the module's docs).
    #[inline]
    pub(crate) fn point(&mut self, nav: &NavMesh, search: &Search, t: u32, q: Point) -> f64 {
        let e = self.cut_of(nav, t);
        if e != NONE {
            return self.across(nav, search, e, q);
        }
        (0..3)
            .map(|i| {
                let w = nav.v(3 * t + i);
                self.vertex(nav, search, w) - q.distance(nav.p(w))
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The bound of `q` in the pruned subtree left by the edge `e`.
    fn across(&self, nav: &NavMesh, search: &Search, e: u32, q: Point) -> f64 {
        if narrow_edge(nav, e, self.narrow) {
            return f64::INFINITY;
        }
        let (a, b) = (nav.v(e), nav.v(next(e)));
        let (pa, pb) = (nav.p(a), nav.p(b));
        let (ba, bb) = (self.vertex(nav, search, a), self.vertex(nav, search, b));
        let len = pa.distance(pb);
        // The kink of `m`, clamped to the edge.
        let s = (0.5 * (ba - bb + len)).clamp(0.0, len);
        let y = if len > 0.0 {
            let k = s / len;
            Point::new(pa.x + k * (pb.x - pa.x), pa.y + k * (pb.y - pa.y))
        } else {
            pa
        };
        let m = (ba - s).max(bb - (len - s));
        let d = y.distance(q);
        // Less the rounding of `y` and the distances.
        m + d - tolerance::RELATIVE * (len + d)
    }
}

#[cfg(test)]
mod tests {
    use super::GoalBound;
    use crate::Point;
    use crate::path::lcg::lcg;
    use crate::path::navmesh::NONE;
    use crate::path::point_search::Search;
    use crate::path::{NavMesh, PathFinder};
    use crate::triangulation::Cdt;

    /// Per vertex: no triangle around it lies in a pruned dead end (the
    /// vertex bound is about paths outside them, see the module's docs).
    fn searched(bound: &mut GoalBound, nav: &NavMesh) -> Vec<bool> {
        let mut out = vec![true; nav.pos.len()];
        for t in 0..nav.slots() as u32 {
            if nav.tv[3 * t as usize] != NONE && bound.cut_of(nav, t) != NONE {
                for i in 0..3 {
                    out[nav.v(3 * t + i) as usize] = false;
                }
            }
        }
        out
    }

    /// Every vertex's bound is at most its radius-0 distance from the goal,
    /// found by a forward query to the vertex (pseudo-random walls,
    /// pockets and dead ends included).
    #[test]
    fn vertex_bounds_are_below_the_distances() {
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut rnd = lcg(7);
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
            if !bound.prepare(&nav, &mut search, (from, to), 0.0).unwrap() {
                continue;
            }
            let inside = searched(&mut bound, &nav);
            for v in 0..nav.pos.len() as u32 {
                if !inside[v as usize] {
                    continue;
                }
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

    /// A vertex whose nearest approach is a concave corner next to a
    /// root (seen only across a triangle bounded by walls) is recorded:
    /// the bound at every vertex is at most its distance by a forward
    /// radius-0 query (the world where a proptest found the missed note).
    #[test]
    fn vertices_seen_only_across_walls_are_recorded() {
        let mut cdt = Cdt::new([0.0, 0.0], [6.0, 6.0]).unwrap();
        let walls = [
            ((1.0, 3.0), (1.0, 4.0)),
            ((5.0, 2.0), (5.0, 4.0)),
            ((1.0, 5.0), (2.0, 4.0)),
            ((3.0, 4.0), (4.0, 5.0)),
            ((1.0, 2.0), (2.0, 2.0)),
            ((2.0, 2.0), (2.0, 3.0)),
            ((2.0, 3.0), (1.0, 3.0)),
            ((1.0, 3.0), (1.0, 2.0)),
        ];
        for (a, b) in walls {
            cdt.insert_segment([a.0, a.1], [b.0, b.1]).unwrap();
        }
        let nav = NavMesh::from_cdt(&cdt);
        let mut finder = PathFinder::new();
        let mut search = Search::default();
        let mut bound = GoalBound::default();
        let (from, to) = (Point::new(0.75, 2.25), Point::new(2.25, 4.5));
        for r in [0.0, 0.11881212740054907] {
            assert!(bound.prepare(&nav, &mut search, (from, to), r).unwrap());
            let inside = searched(&mut bound, &nav);
            for v in 0..nav.pos.len() as u32 {
                if !inside[v as usize] {
                    continue;
                }
                let d = finder.find_path(&nav, to, nav.p(v), 0.0).unwrap().length();
                let b = bound.vertex(&nav, &search, v);
                assert!(
                    b <= d + 1e-9,
                    "r {r} vertex {:?}: bound {b} > {d}",
                    nav.p(v)
                );
            }
        }
    }

    /// With edges narrower than the diameter shut, every vertex's bound is
    /// at most its point distance from the goal among the walls plus those
    /// narrow edges as walls (an independent world and a forward query),
    /// and equal to it where the backward search must have found it
    /// exactly (`d + |v start| < L0`): the roots claimed per part of a
    /// wedge between walls and narrow edges prune no shortest path.
    #[test]
    fn narrow_vertex_bounds_match_the_shut_distances() {
        let mut rnd = lcg(23);
        let mut walls = Vec::new();
        for _ in 0..150 {
            let (ax, ay) = (3.0 + rnd(54.0), 3.0 + rnd(54.0));
            let (bx, by) = (ax + rnd(6.0) - 3.0, ay + rnd(6.0) - 3.0);
            walls.push(([ax, ay], [bx.clamp(1.0, 59.0), by.clamp(1.0, 59.0)]));
        }
        let world = |extra: &[([f64; 2], [f64; 2])]| {
            let mut cdt = Cdt::new([0.0, 0.0], [60.0, 60.0]).unwrap();
            for &(a, b) in walls.iter().chain(extra) {
                let _ = cdt.insert_segment(a, b);
            }
            NavMesh::from_cdt(&cdt)
        };
        let nav = world(&[]);
        let mut finder = PathFinder::new();
        let mut search = Search::default();
        let mut bound = GoalBound::default();
        let (mut checked, mut exact) = (0, 0);
        for r in [0.4, 0.8, 1.3] {
            let mut narrow = Vec::new();
            for h in 0..nav.tv.len() as u32 {
                let (a, b) = (nav.v(h), nav.v(crate::path::navmesh::next(h)));
                let (pa, pb) = (nav.p(a), nav.p(b));
                if nav.corner[a as usize] && nav.corner[b as usize] && pa.distance(pb) < 2.0 * r {
                    narrow.push(([pa.x, pa.y], [pb.x, pb.y]));
                }
            }
            let shut = world(&narrow);
            for _ in 0..8 {
                let from = Point::new(1.0 + rnd(58.0), 1.0 + rnd(58.0));
                let to = Point::new(1.0 + rnd(58.0), 1.0 + rnd(58.0));
                let Ok(true) = bound.prepare(&nav, &mut search, (from, to), r) else {
                    continue;
                };
                let inside = searched(&mut bound, &nav);
                for v in 0..nav.pos.len() as u32 {
                    if !inside[v as usize] {
                        continue;
                    }
                    let Ok(p) = finder.find_path(&shut, to, nav.p(v), 0.0) else {
                        continue;
                    };
                    let (b, d) = (bound.vertex(&nav, &search, v), p.length());
                    assert!(
                        b <= d + 1e-9,
                        "r {r} vertex {:?}: bound {b} > {d}",
                        nav.p(v)
                    );
                    checked += 1;
                    if d + nav.p(v).distance(from) < bound.l0 * (1.0 - 1e-6) {
                        let got = search.reached(v).unwrap_or(f64::INFINITY);
                        assert!(
                            (got - d).abs() <= 1e-9 * bound.l0,
                            "r {r} vertex {:?}: recorded {got}, distance {d}",
                            nav.p(v)
                        );
                        exact += 1;
                    }
                }
            }
        }
        assert!(
            checked > 300 && exact > 50,
            "{checked} checked, {exact} exact"
        );
    }

    /// For a disc, the bound of a point (through its triangle, edges
    /// narrower than the diameter shut) is at most the disc's path length
    /// from there to the goal, and a goal the shut mesh cuts off has no
    /// disc path (pseudo-random walls with narrow gaps).
    #[test]
    fn point_bounds_are_below_the_disc_distances() {
        let mut cdt = Cdt::new([0.0, 0.0], [60.0, 60.0]).unwrap();
        let mut rnd = lcg(11);
        for _ in 0..60 {
            let (ax, ay) = (3.0 + rnd(54.0), 3.0 + rnd(54.0));
            let (bx, by) = (ax + rnd(12.0) - 6.0, ay + rnd(12.0) - 6.0);
            let _ = cdt.insert_segment([ax, ay], [bx.clamp(1.0, 59.0), by.clamp(1.0, 59.0)]);
        }
        let nav = NavMesh::from_cdt(&cdt);
        let mut finder = PathFinder::new();
        let mut search = Search::default();
        let mut bound = GoalBound::default();
        let (mut checked, mut cut) = (0, 0);
        for r in [0.5, 1.0, 1.5] {
            for _ in 0..12 {
                let from = Point::new(1.0 + rnd(58.0), 1.0 + rnd(58.0));
                let to = Point::new(1.0 + rnd(58.0), 1.0 + rnd(58.0));
                let Ok(connected) = bound.prepare(&nav, &mut search, (from, to), r) else {
                    continue;
                };
                if !connected {
                    let got = finder.find_path(&nav, from, to, r);
                    assert!(got.is_err(), "{from:?} -> {to:?} r {r}: {got:?}");
                    cut += 1;
                    continue;
                }
                for _ in 0..40 {
                    let q = Point::new(1.0 + rnd(58.0), 1.0 + rnd(58.0));
                    let Ok(p) = finder.find_path(&nav, q, to, r) else {
                        continue;
                    };
                    let t = nav.locate(q).unwrap();
                    let b = bound.point(&nav, &search, t, q);
                    assert!(
                        b <= p.length() + 1e-9,
                        "{q:?} r {r}: bound {b} > {}",
                        p.length()
                    );
                    checked += 1;
                }
            }
        }
        assert!(
            checked > 100,
            "only {checked} points checked ({cut} cut off)"
        );
    }

    /// Dead ends the backward search prunes: in a comb of pockets (one
    /// behind a neck too narrow for the discs) beside two islands, the bound of
    /// random points, pruned pockets included, is at most their distance
    /// to the goal by a forward query of the same radius, and a point
    /// whose bound is infinite (behind a narrow exit) has no path.
    #[test]
    fn pruned_dead_ends_are_bounded_across_their_exits() {
        let mut cdt = Cdt::new([0.0, 0.0], [20.0, 14.0]).unwrap();
        for x in [2.0, 4.0, 6.5, 9.0, 12.0, 14.0, 16.0, 19.0] {
            cdt.insert_segment([x, 0.0], [x, 7.0]).unwrap();
        }
        // A bottle (its neck 0.4 wide), a pocket with a bend, and two
        // islands (cycles in the mesh).
        cdt.insert_segment([16.0, 7.0], [17.3, 7.0]).unwrap();
        cdt.insert_segment([19.0, 7.0], [17.7, 7.0]).unwrap();
        cdt.insert_segment([9.0, 7.0], [11.0, 7.5]).unwrap();
        for (x, y) in [(5.0, 10.0), (13.0, 11.0)] {
            let s = [[x, y], [x + 1.5, y], [x + 1.5, y + 1.0], [x, y + 1.0]];
            for i in 0..4 {
                cdt.insert_segment(s[i], s[(i + 1) % 4]).unwrap();
            }
        }
        let nav = NavMesh::from_cdt(&cdt);
        let mut finder = PathFinder::new();
        let mut search = Search::default();
        let mut bound = GoalBound::default();
        let mut rnd = lcg(5);
        let (mut pruned, mut shut, mut checked) = (0, 0, 0);
        for r in [0.0, 0.25, 0.45] {
            for (from, to) in [
                ((1.0, 1.0), (18.0, 13.0)),
                ((10.0, 12.5), (5.0, 1.0)),
                ((17.5, 3.0), (0.5, 13.0)),
                ((15.0, 1.0), (1.0, 8.0)),
            ] {
                let (from, to) = (Point::new(from.0, from.1), Point::new(to.0, to.1));
                if !bound.prepare(&nav, &mut search, (from, to), r).unwrap() {
                    continue;
                }
                for _ in 0..150 {
                    let q = Point::new(0.2 + rnd(19.6), 0.2 + rnd(13.6));
                    let t = nav.locate(q).unwrap();
                    let in_dead_end = bound.cut_of(&nav, t) != NONE;
                    let b = bound.point(&nav, &search, t, q);
                    match finder.find_path(&nav, q, to, r) {
                        Ok(p) => {
                            assert!(
                                b <= p.length() + 1e-9,
                                "{q:?} -> {to:?} r {r}: bound {b} > {}",
                                p.length()
                            );
                            checked += 1;
                            pruned += usize::from(in_dead_end);
                        }
                        Err(_) if b == f64::INFINITY => shut += 1,
                        Err(_) => {}
                    }
                    if b == f64::INFINITY {
                        assert!(in_dead_end, "{q:?}: infinite bound outside a dead end");
                    }
                }
            }
        }
        assert!(
            checked > 300 && pruned > 50 && shut > 5,
            "{checked} checked, {pruned} in pruned dead ends, {shut} behind narrow exits"
        );
    }
}
