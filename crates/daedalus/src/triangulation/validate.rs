//! The invariant checker: reports every violated invariant.

use std::collections::HashSet;

use super::{Cdt, ShapeId};
use crate::geometry::{incircle, orient2d};
use crate::mesh::{EdgeId, FaceId, NONE, OUTER_FACES, VertexId};

/// One violated invariant of the CDT.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 1.0, 1.0).unwrap();
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
    /// Vertex neither corner, user-inserted nor needed by a live segment.
    OrphanVertex(VertexId),
    /// Stored element counts disagree with the slots.
    BadCounts,
}

impl Cdt {
    /// Checks every invariant and returns every violation (empty = valid):
    /// topology, counter-clockwise inner faces, empty circumcircle across
    /// unconstrained edges, segment chains, owners, orphan vertices.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// cdt.insert_shape(&[[1.0, 1.0].into(), [9.0, 2.0].into(), [4.0, 8.0].into()], true).unwrap();
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
                    || m.raw_pos(s.a) != s.pa
                    || m.raw_pos(s.b) != s.pb
                    || !self.seg_path(g, &mut path)
                {
                    out.push(Violation::SegmentNotCovered(sid, k));
                    continue;
                }
                for &h in &path {
                    on_path.insert((g, h >> 1));
                }
            }
        }
        for (p, o) in self.owners.iter() {
            for (&g, &sh) in o.segs().iter().zip(o.shapes()) {
                let s = self.segs.get(g as usize);
                if !s.is_some_and(|s| s.alive && s.shape == sh) || !on_path.contains(&(g, p)) {
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

impl Cdt {
    #[doc(hidden)]
    pub fn debug_violation(&self, v: &Violation) {
        let m = &self.mesh;
        if let Violation::NotDelaunay(h) = v {
            let e = h.idx;
            let q = |x: u32| m.raw_pos(x);
            let (u, w) = (m.raw_origin(e), m.raw_dest(e));
            let p = m.raw_origin(m.raw_next(m.raw_next(e)));
            let r = m.raw_origin(m.raw_next(m.raw_next(e ^ 1)));
            eprintln!(
                "nd u{u} {:?} w{w} {:?} p{p} {:?} r{r} {:?} pending={:?}",
                q(u),
                q(w),
                q(p),
                q(r),
                self.pending
            );
            for x in [u, w, p, r] {
                eprintln!(
                    "  v{x} user={} needed={}",
                    self.is_user(x),
                    self.vertex_needed(x)
                );
            }
        }
        if let Violation::OrphanVertex(h) = v {
            let v = h.idx;
            eprintln!(
                "orphan {v} at {:?} user={} needed={} cross={:?}",
                m.raw_pos(v),
                self.is_user(v),
                self.vertex_needed(v),
                self.crossings.get(&v)
            );
            let start = m.raw_vertex_edge(v);
            let mut e = start;
            loop {
                let o = self.owners.get(&(e >> 1));
                eprintln!(
                    "  -> {} {:?} cons={} owners={:?}",
                    m.raw_dest(e),
                    m.raw_pos(m.raw_dest(e)),
                    m.raw_is_constrained(e),
                    o.map(|o| o
                        .segs()
                        .iter()
                        .map(|&g| {
                            let s = &self.segs[g as usize];
                            (g, s.a, s.b, s.pa, s.pb)
                        })
                        .collect::<Vec<_>>())
                );
                e = m.raw_rot_right(e);
                if e == start {
                    break;
                }
            }
        }
    }
}
