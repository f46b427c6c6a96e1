//! The invariant checker: reports every violated invariant.
//!
//! Segment chains are checked against the input segments with exact
//! orientation tests: every vertex of a segment's chain of constrained edges
//! lies exactly on the input segment (`orient2d == 0` and inside its box),
//! with one documented exception. Where two segments cross at a point that
//! is not representable, the crossing vertex is the rounded crossing point
//! (see `constraint::crossing_point`, clamped into both pieces' boxes), so
//! it and the chain pieces through it may be off the input lines. Such
//! chains (those holding a recorded crossing vertex off the line) may have
//! vertices off the segment by at most `CROSSING_ULPS` = 8 units in the
//! last place of the world's largest coordinate magnitude (measured worst
//! case 2.21; see the constant).

use std::collections::HashSet;

use super::{Cdt, ShapeId};
use crate::Point;
use crate::geometry::{incircle, orient2d};
use crate::mesh::{EdgeId, FaceId, NONE, OUTER_FACES, VertexId};

/// One violated invariant of the CDT.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [1.0, 1.0]).unwrap();
/// let v: Vec<daedalus::triangulation::Violation> = cdt.validate();
/// assert!(v.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Violation {
    /// `opposite(opposite(e)) != e`, or the opposite is free or `e` itself.
    BadOpposite(EdgeId),
    /// `origin(next(e)) != destination(e)`, or next is free.
    BadNext(EdgeId),
    /// `left_face(next(e)) != left_face(e)`, or the face is free.
    BadLeftFace(EdgeId),
    /// Inner face whose cycle is not 3 half-edges, or whose edge points elsewhere.
    NotTriangle(FaceId),
    /// Inner face not strictly counter-clockwise (exact orient2d <= 0).
    NotCounterClockwise(FaceId),
    /// Outer face cycle broken.
    BadOuterFace(usize),
    /// Vertex edge free, not starting at the vertex, or with an outer left face.
    BadVertexEdge(VertexId),
    /// Unconstrained inner edge with a vertex strictly inside the
    /// circumcircle across it.
    NotDelaunay(EdgeId),
    /// Border edge not flagged constrained.
    BorderNotConstrained(EdgeId),
    /// Constrained (non-border) edge with no owner.
    ConstrainedWithoutOwner(EdgeId),
    /// Edge with owners but not flagged constrained.
    OwnedButUnconstrained(EdgeId),
    /// Edge lists a segment owner whose chain does not contain it (or a dead one).
    StrayOwner(EdgeId, ShapeId),
    /// A live segment's chain of constrained edges is broken.
    SegmentNotCovered(ShapeId, usize),
    /// A vertex of a live segment's chain is not on the input segment
    /// (exact orientation and box tests), and not within the rounding
    /// allowance of a chain through a rounded crossing point (module doc).
    SegmentOffLine(ShapeId, usize),
    /// Vertex neither corner, user-inserted nor needed by a live segment.
    OrphanVertex(VertexId),
    /// Stored element counts disagree with the slots.
    BadCounts,
}

impl Cdt {
    /// Checks every invariant and returns every violation (empty = valid):
    /// topology, counter-clockwise inner faces, empty circumcircle across
    /// unconstrained edges, segment chains (unbroken, and on their input
    /// segments: exact, up to 8 ulps of the world's scale at rounded
    /// crossings), owners, orphan vertices.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_shape([[1.0, 1.0], [9.0, 2.0], [4.0, 8.0]], daedalus::Closure::Closed).unwrap();
    /// assert_eq!(cdt.validate(), vec![]);
    /// ```
    pub fn validate(&self) -> Vec<Violation> {
        let mut out = Vec::new();
        let m = &self.mesh;
        let ne = m.he.len() as u32;
        let nf = m.fedge.len() as u32;
        let nv = m.vedge.len() as u32;
        let mut topo_ok = true;
        for e in 0..ne {
            if !m.edge_alive(e) {
                continue;
            }
            let eh = m.edge_handle(e);
            let o = m.raw_opposite(e);
            if o >= ne || o == e || !m.edge_alive(o) || m.raw_opposite(o) != e || o != e ^ 1 {
                out.push(Violation::BadOpposite(eh));
                topo_ok = false;
                continue;
            }
            let n = m.raw_next(e);
            if n >= ne || !m.edge_alive(n) || m.raw_origin(n) != m.raw_origin(o) {
                out.push(Violation::BadNext(eh));
                topo_ok = false;
                continue;
            }
            let f = m.raw_face(e);
            if f >= nf || !m.face_alive(f) || m.raw_face(n) != f {
                out.push(Violation::BadLeftFace(eh));
                topo_ok = false;
            }
            if m.raw_origin(e) >= nv || !m.vertex_alive(m.raw_origin(e)) {
                out.push(Violation::BadNext(eh));
                topo_ok = false;
            }
        }
        let mut n_faces = 0;
        for f in 0..nf {
            if !m.face_alive(f) {
                continue;
            }
            n_faces += 1;
            let e = m.raw_face_edge(f);
            if e >= ne || !m.edge_alive(e) || m.raw_face(e) != f {
                if f < OUTER_FACES {
                    out.push(Violation::BadOuterFace(f as usize));
                } else {
                    out.push(Violation::NotTriangle(m.face_handle(f)));
                }
                topo_ok = false;
                continue;
            }
            if f < OUTER_FACES {
                let mut x = m.raw_next(e);
                let mut k = 0;
                while x != e && k <= ne {
                    x = m.raw_next(x);
                    k += 1;
                }
                if x != e {
                    out.push(Violation::BadOuterFace(f as usize));
                    topo_ok = false;
                }
                continue;
            }
            let e1 = m.raw_next(e);
            let e2 = m.raw_next(e1);
            if m.raw_next(e2) != e {
                out.push(Violation::NotTriangle(m.face_handle(f)));
                topo_ok = false;
                continue;
            }
            let (a, b, c) = (m.raw_origin(e), m.raw_origin(e1), m.raw_origin(e2));
            if orient2d(m.raw_pos(a), m.raw_pos(b), m.raw_pos(c)) <= 0.0 {
                out.push(Violation::NotCounterClockwise(m.face_handle(f)));
            }
        }
        let mut n_vertices = 0;
        for v in 0..nv {
            if !m.vertex_alive(v) {
                continue;
            }
            n_vertices += 1;
            let e = m.raw_vertex_edge(v);
            if e >= ne
                || !m.edge_alive(e)
                || m.raw_origin(e) != v
                || m.raw_is_outer_face(m.raw_face(e))
            {
                out.push(Violation::BadVertexEdge(m.vertex_handle(v)));
                topo_ok = false;
            }
        }
        if n_vertices != m.n_vertices || n_faces != m.n_faces {
            out.push(Violation::BadCounts);
        }
        if !topo_ok {
            return out; // geometry checks would walk broken links
        }
        for e in (0..ne).step_by(2) {
            if !m.edge_alive(e) {
                continue;
            }
            let (f, g) = (m.raw_face(e), m.raw_face(e + 1));
            let border = (f < OUTER_FACES) != (g < OUTER_FACES);
            let cons = m.raw_is_constrained(e);
            let owned = self.owners.get(&(e >> 1)).is_some_and(|o| !o.is_empty());
            if border && !cons {
                out.push(Violation::BorderNotConstrained(m.edge_handle(e)));
            }
            let ghost = f < OUTER_FACES && g < OUTER_FACES;
            if cons && !border && !owned && !ghost {
                out.push(Violation::ConstrainedWithoutOwner(m.edge_handle(e)));
            }
            if owned && !cons {
                out.push(Violation::OwnedButUnconstrained(m.edge_handle(e)));
            }
            if !cons && f >= OUTER_FACES && g >= OUTER_FACES {
                let p = m.raw_origin(m.raw_next(m.raw_next(e)));
                let q = m.raw_origin(m.raw_next(m.raw_next(e + 1)));
                let (u, w) = (m.raw_origin(e), m.raw_origin(e + 1));
                if incircle(m.raw_pos(u), m.raw_pos(w), m.raw_pos(p), m.raw_pos(q)) > 0.0 {
                    out.push(Violation::NotDelaunay(m.edge_handle(e)));
                }
            }
        }
        // segment chains and owners
        let mut on_path: HashSet<(u32, u32)> = HashSet::new();
        let mut path = Vec::new();
        for (si, sl) in self.shapes.iter().enumerate() {
            if !sl.alive {
                continue;
            }
            let sid = ShapeId {
                idx: si as u32,
                generation: sl.generation,
            };
            for (k, &g) in sl.segs.iter().enumerate() {
                let s = &self.segs[g as usize];
                if !s.alive
                    || !m.vertex_alive(s.a)
                    || !m.vertex_alive(s.b)
                    || !self.seg_path(g, &mut path)
                {
                    out.push(Violation::SegmentNotCovered(sid, k));
                    continue;
                }
                for &h in &path {
                    on_path.insert((g, h >> 1));
                }
                if !self.chain_on_segment(g, &path) {
                    out.push(Violation::SegmentOffLine(sid, k));
                }
            }
        }
        for (p, o) in self.owners.iter() {
            for &g in o.segs() {
                let s = self.segs.get(g as usize);
                if !s.is_some_and(|s| s.alive) || !on_path.contains(&(g, p)) {
                    let sh = s.map_or(
                        ShapeId {
                            idx: NONE,
                            generation: 0,
                        },
                        |s| s.shape,
                    );
                    out.push(Violation::StrayOwner(m.edge_handle(2 * p), sh));
                }
            }
        }
        for v in 0..nv {
            if m.vertex_alive(v) && !self.vertex_needed(v) {
                out.push(Violation::OrphanVertex(m.vertex_handle(v)));
            }
        }
        let _ = NONE;
        out
    }
}

/// How far, in units in the last place (f64 epsilon) of the world's largest
/// coordinate magnitude, a chain vertex may be off its input segment when
/// the chain passes through a rounded crossing point. A crossing point is
/// computed from the two input lines to within a few ulps and then clamped
/// into the boxes of the two pieces it splits, whose ends may be rounded
/// crossings themselves. Measured worst case: 2.21 ulps (the random
/// operations driver, seeds 100-160 with 2,000 operations each, coordinates
/// from 1e-6 to 1e6; 9.8 million checks of chains off their line) and 1.64 ulps over
/// the CDT tests; relative to the segment's own coordinates instead it
/// reaches 2e9 ulps (short segments crossing long ones in a large world),
/// hence the world scale.
pub(crate) const CROSSING_ULPS: f64 = 8.0;

impl Cdt {
    /// The chain `path` of segment `g` lies on the input segment: every
    /// vertex exactly on it, or (a chain through a rounded crossing) within
    /// [`CROSSING_ULPS`] of it.
    fn chain_on_segment(&self, g: u32, path: &[u32]) -> bool {
        let m = &self.mesh;
        let (pa, pb) = self.seg_ends(g);
        let in_box = |p: Point, slack: f64| {
            p.x >= pa.x.min(pb.x) - slack
                && p.x <= pa.x.max(pb.x) + slack
                && p.y >= pa.y.min(pb.y) - slack
                && p.y <= pa.y.max(pb.y) + slack
        };
        let mut rounded = false;
        let mut worst = 0.0f64;
        // Interior vertices: the destinations of all but the last edge.
        for &h in path.iter().take(path.len().saturating_sub(1)) {
            let v = m.raw_dest(h);
            let p = m.raw_pos(v);
            let o = orient2d(pa, pb, p);
            if o == 0.0 {
                if !in_box(p, 0.0) {
                    return false;
                }
                continue;
            }
            rounded |= self.crossings.get(&v).is_some();
            // Distance from the line: |orient2d| is twice the triangle area.
            let len = (pb.x - pa.x).hypot(pb.y - pa.y);
            worst = worst.max(o.abs() / len);
            if !in_box(p, self.crossing_slack()) {
                return false;
            }
        }
        worst == 0.0 || (rounded && worst <= self.crossing_slack())
    }

    /// [`CROSSING_ULPS`] ulps of the world's largest coordinate magnitude.
    fn crossing_slack(&self) -> f64 {
        let w = self.bounds.iter().fold(0.0f64, |w, &c| w.max(c.abs()));
        CROSSING_ULPS * f64::EPSILON * w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn off_line(v: &[Violation]) -> Vec<&Violation> {
        v.iter()
            .filter(|x| matches!(x, Violation::SegmentOffLine(..)))
            .collect()
    }

    /// A chain vertex moved off its segment, by far or by one ulp, is
    /// reported: no rounding allowance without a crossing.
    #[test]
    fn chain_vertex_off_the_segment_is_reported() {
        for moved in [Point::new(5.0, 5.5), Point::new(5.0, 5f64.next_up())] {
            let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
            let sid = cdt.insert_segment([1.0, 5.0], [9.0, 5.0]).unwrap();
            let v = cdt.insert_vertex([5.0, 5.0]).unwrap();
            assert!(cdt.validate().is_empty());
            let mut path = Vec::new();
            assert!(cdt.seg_path(0, &mut path));
            assert_eq!(path.len(), 2, "the vertex splits the chain");
            cdt.mesh.pos[v.index()] = moved;
            assert_eq!(
                off_line(&cdt.validate()),
                vec![&Violation::SegmentOffLine(sid, 0)],
                "{moved:?}"
            );
        }
    }

    /// A chain vertex on the segment's line but outside its extent (the
    /// chain overshoots) is reported.
    #[test]
    fn chain_vertex_beyond_the_end_is_reported() {
        let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        let sid = cdt.insert_segment([1.0, 5.0], [9.0, 5.0]).unwrap();
        let mid = cdt.insert_vertex([5.0, 5.0]).unwrap();
        // The middle vertex moved along the line, beyond b (its triangles
        // turn clockwise too; only the chain report matters here).
        cdt.mesh.pos[mid.index()] = Point::new(9.5, 5.0);
        assert_eq!(
            off_line(&cdt.validate()),
            vec![&Violation::SegmentOffLine(sid, 0)]
        );
    }

    /// Two segments crossing at an unrepresentable point: the rounded
    /// crossing vertex is off a line and allowed; moved further than the
    /// allowance, it is reported.
    #[test]
    fn rounded_crossing_is_allowed_within_the_bound() {
        let mut found = 0;
        for k in 1..40 {
            let k = k as f64;
            let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
            let a = cdt
                .insert_segment([0.3, 0.1], [9.7, 9.9 - k / 7.0])
                .unwrap();
            let b = cdt
                .insert_segment([0.1, 9.9], [9.9, 0.2 + k / 9.0])
                .unwrap();
            assert!(cdt.validate().is_empty(), "k {k}");
            let Some(x) = (0..cdt.mesh.pos.len() as u32)
                .find(|&v| cdt.mesh.vertex_alive(v) && cdt.crossings.get(&v).is_some())
            else {
                continue; // the segments miss each other
            };
            let px = cdt.mesh.raw_pos(x);
            let ((a0, b0), (a1, b1)) = (cdt.seg_ends(0), cdt.seg_ends(1));
            if orient2d(a0, b0, px) == 0.0 && orient2d(a1, b1, px) == 0.0 {
                continue; // exactly representable: no rounding to test
            }
            found += 1;
            // Off by far more than the allowance (1e-9 >> 64 ulps of 10).
            cdt.mesh.pos[x as usize] = Point::new(px.x, px.y + 1e-9);
            let v = cdt.validate();
            let off = off_line(&v);
            assert!(!off.is_empty(), "k {k}: {v:?}");
            assert!(off.iter().all(|x| **x == Violation::SegmentOffLine(a, 0)
                || **x == Violation::SegmentOffLine(b, 0)));
        }
        assert!(
            found >= 10,
            "{found} rounded crossings among the candidates"
        );
    }
}
