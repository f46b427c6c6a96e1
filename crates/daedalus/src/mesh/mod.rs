//! The half-edge mesh.
//!
//! Index based: each half-edge stores exactly four indices: origin vertex,
//! opposite half-edge, next left half-edge and left face (see `columns`).
//! Everything else
//! (destination, previous left, next/prev right, rotations, right face) is
//! derived. Half-edges are allocated in pairs (`e` and `e ^ 1` are
//! opposite), so an edge (both halves) is identified by `e >> 1`.
//!
//! The world rectangle is a closed mesh ("rectangle primitive"): two inner
//! triangles plus two *outer* faces (ids 0 and 1) joined by a ghost edge
//! outside the rectangle, so every half-edge has a next edge and a face.
//! Outer faces may be polygons (border edges get split); inner faces are
//! always counter-clockwise triangles. Iterators skip outer faces.
//!
//! Handles ([`VertexId`], [`EdgeId`], [`FaceId`]) name elements across
//! changes; [`Mesh::vertex`], [`Mesh::edge`] and [`Mesh::face`] check a
//! handle once and return a reference ([`VertexRef`], [`EdgeRef`],
//! [`FaceRef`]) that borrows the mesh and walks it without further checks.
//!
//! ```
//! let mut cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap();
//! let id = cdt.insert_vertex([1.0, 1.0]).unwrap();
//! let v = cdt.mesh().vertex(id).unwrap(); // the one check
//! for e in v.out_edges() {
//!     assert_eq!(e.origin(), v);
//!     assert_eq!(e.next_left().origin(), e.destination());
//! }
//! // an inner vertex: every face around it is inner
//! assert_eq!(v.faces().count(), v.out_edges().count());
//! ```
//!
//! Crate-internal hot loops use the unchecked raw accessors on `u32`
//! indices: `Mesh::raw_origin`, `Mesh::raw_dest`, `Mesh::raw_opposite`,
//! `Mesh::raw_next`, `Mesh::raw_prev`, `Mesh::raw_face`,
//! `Mesh::raw_pos`, `Mesh::raw_face_edge`, `Mesh::raw_vertex_edge`,
//! `Mesh::raw_is_outer_face`, `Mesh::raw_is_constrained`; handles
//! convert with `VertexId::idx` / `Mesh::vertex_handle` and references
//! with `VertexRef::idx` / `Mesh::vertex_ref` (and the same for edges and
//! faces).

pub(crate) mod changes;
mod columns;
mod dump;
mod handles;
mod heap;
mod iter;
pub(crate) mod journal;
pub(crate) mod ops;
mod refs;

pub use dump::MeshDump;
pub(crate) use handles::Generations;
pub use handles::{EdgeId, FaceId, MeshError, VertexId};
pub use heap::HeapPart;
pub(crate) use heap::{fit_slack, vec_bytes};
pub use iter::{
    EdgeRotations, FaceEdges, FaceNeighbours, VertexFaces, VertexIncoming, VertexNeighbours,
    VertexOutgoing,
};
pub use refs::{EdgeRef, FaceRef, VertexRef};

use crate::Point;

/// Marks a free slot.
pub(crate) const NONE: u32 = u32::MAX;
/// Number of outer faces (ids `0` and `1`).
pub(crate) const OUTER_FACES: u32 = 2;

use columns::{Column, FACE, HalfEdges, NEXT, OPP, ORIGIN};

/// Half-edge storage of a planar triangulation of a rectangle.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap();
/// let m = cdt.mesh();
/// assert_eq!(m.vertex_count(), 4);
/// assert_eq!(m.face_count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Mesh {
    pub(crate) pos: Vec<Point>,
    /// One outgoing half-edge per vertex (its left face is inner), NONE if free.
    pub(crate) vedge: Column,
    /// [origin, opposite, next, face] per half-edge; origin NONE if free.
    pub(crate) he: HalfEdges,
    /// One half-edge per face, NONE if free.
    pub(crate) fedge: Column,
    /// One bit per edge pair: constrained (walls and the border).
    pub(crate) cons: Vec<u64>,
    pub(crate) free_v: Vec<u32>,
    pub(crate) free_e: Vec<u32>,
    pub(crate) free_f: Vec<u32>,
    pub(crate) vgen: Generations,
    pub(crate) egen: Generations,
    pub(crate) fgen: Generations,
    pub(crate) n_vertices: usize,
    pub(crate) n_faces: usize,
    /// Undo log of the running CDT operation (empty between operations).
    pub(crate) journal: journal::Journal,
    /// Faces changed since the navigation snapshot last followed.
    pub(crate) changes: changes::ChangeLog,
}

impl Mesh {
    // ---------------------------------------------------------------- raw

    /// Origin vertex of half-edge `e` (unchecked).
    #[inline(always)]
    pub(crate) fn raw_origin(&self, e: u32) -> u32 {
        self.he.get(e, ORIGIN)
    }
    /// Destination vertex of `e` (unchecked).
    #[inline(always)]
    pub(crate) fn raw_dest(&self, e: u32) -> u32 {
        self.he.get(self.raw_opposite(e), ORIGIN)
    }
    /// Opposite half-edge (unchecked).
    #[inline(always)]
    pub(crate) fn raw_opposite(&self, e: u32) -> u32 {
        self.he.get(e, OPP)
    }
    /// Next half-edge around the left face (unchecked).
    #[inline(always)]
    pub(crate) fn raw_next(&self, e: u32) -> u32 {
        self.he.get(e, NEXT)
    }
    /// Previous half-edge around the left face (unchecked; O(1) on
    /// triangles, walks the cycle of an outer face).
    #[inline]
    pub(crate) fn raw_prev(&self, e: u32) -> u32 {
        let n = self.raw_next(e);
        let nn = self.raw_next(n);
        if self.raw_next(nn) == e {
            return nn;
        }
        let mut x = nn;
        while self.raw_next(x) != e {
            x = self.raw_next(x);
        }
        x
    }
    /// Left face of `e` (unchecked).
    #[inline(always)]
    pub(crate) fn raw_face(&self, e: u32) -> u32 {
        self.he.get(e, FACE)
    }
    /// Position of vertex `v` (unchecked).
    #[inline(always)]
    pub(crate) fn raw_pos(&self, v: u32) -> Point {
        self.pos[v as usize]
    }
    /// One half-edge of face `f` (unchecked).
    #[inline(always)]
    pub(crate) fn raw_face_edge(&self, f: u32) -> u32 {
        self.fedge.get(f as usize)
    }
    /// One outgoing half-edge of `v` whose left face is inner (unchecked).
    #[inline(always)]
    pub(crate) fn raw_vertex_edge(&self, v: u32) -> u32 {
        self.vedge.get(v as usize)
    }
    /// Is `f` one of the two outer faces?
    #[inline(always)]
    pub(crate) fn raw_is_outer_face(&self, f: u32) -> bool {
        f < OUTER_FACES
    }
    /// Is the edge of half-edge `e` constrained (a wall or the border)?
    #[inline(always)]
    pub(crate) fn raw_is_constrained(&self, e: u32) -> bool {
        let p = e >> 1;
        (self.cons[(p >> 6) as usize] >> (p & 63)) & 1 != 0
    }
    /// All four fields of `e`: origin, opposite, next, face (unchecked).
    #[inline(always)]
    pub(crate) fn raw_record(&self, e: u32) -> [u32; 4] {
        self.he.get_all(e)
    }
    /// Sets all four fields of `e` (one journal check for the record).
    #[inline(always)]
    pub(crate) fn set_record(&mut self, e: u32, r: [u32; 4]) {
        self.j_he(e);
        self.he.set_all(e, r);
    }
    /// Sets the next half-edge and the left face of `e`.
    #[inline(always)]
    pub(crate) fn set_next_face(&mut self, e: u32, n: u32, f: u32) {
        self.j_he(e);
        let mut r = self.he.get_all(e);
        r[NEXT] = n;
        r[FACE] = f;
        self.he.set_all(e, r);
    }
    /// Sets the origin of `e`.
    #[inline(always)]
    pub(crate) fn set_origin(&mut self, e: u32, v: u32) {
        self.j_he(e);
        self.he.set(e, ORIGIN, v);
    }
    /// Sets the next half-edge of `e`.
    #[inline(always)]
    pub(crate) fn set_next(&mut self, e: u32, n: u32) {
        self.j_he(e);
        self.he.set(e, NEXT, n);
    }
    /// Sets the left face of `e`.
    #[inline(always)]
    pub(crate) fn set_face(&mut self, e: u32, f: u32) {
        self.j_he(e);
        self.he.set(e, FACE, f);
    }
    /// Sets the opposite of `e`.
    #[inline(always)]
    pub(crate) fn set_opposite(&mut self, e: u32, o: u32) {
        self.j_he(e);
        self.he.set(e, OPP, o);
    }
    /// Sets the edge leaving vertex `v`.
    #[inline(always)]
    pub(crate) fn set_vedge(&mut self, v: u32, e: u32) {
        self.j_vedge(v);
        self.vedge.set(v as usize, e);
    }
    /// Sets the edge of face `f`.
    #[inline(always)]
    pub(crate) fn set_fedge(&mut self, f: u32, e: u32) {
        self.j_fedge(f);
        self.fedge.set(f as usize, e);
    }
    #[inline]
    pub(crate) fn set_constrained(&mut self, e: u32, on: bool) {
        let p = e >> 1;
        self.j_cons(p >> 6);
        let w = &mut self.cons[(p >> 6) as usize];
        if on {
            *w |= 1 << (p & 63);
        } else {
            *w &= !(1 << (p & 63));
        }
    }
    /// Is `e` a border edge (one side is an outer face)?
    #[inline]
    pub(crate) fn raw_is_border(&self, e: u32) -> bool {
        self.raw_face(e) < OUTER_FACES || self.raw_face(self.raw_opposite(e)) < OUTER_FACES
    }
    /// Is `e` the ghost edge outside the rectangle (both faces outer)?
    #[inline]
    pub(crate) fn raw_is_ghost(&self, e: u32) -> bool {
        self.raw_face(e) < OUTER_FACES && self.raw_face(self.raw_opposite(e)) < OUTER_FACES
    }
    #[inline]
    pub(crate) fn vertex_alive(&self, v: u32) -> bool {
        (v as usize) < self.vedge.len() && self.vedge.get(v as usize) != NONE
    }
    #[inline]
    pub(crate) fn edge_alive(&self, e: u32) -> bool {
        (e as usize) < self.he.len() && self.he.get(e, ORIGIN) != NONE
    }
    #[inline]
    pub(crate) fn face_alive(&self, f: u32) -> bool {
        (f as usize) < self.fedge.len() && self.fedge.get(f as usize) != NONE
    }
    /// Handle of a live raw vertex.
    #[inline]
    pub(crate) fn vertex_handle(&self, v: u32) -> VertexId {
        VertexId {
            idx: v,
            generation: self.vgen.get(v),
        }
    }
    /// Handle of a live raw half-edge.
    #[inline]
    pub(crate) fn edge_handle(&self, e: u32) -> EdgeId {
        EdgeId {
            idx: e,
            generation: self.egen.get(e >> 1),
        }
    }
    /// Handle of a live raw face.
    #[inline]
    pub(crate) fn face_handle(&self, f: u32) -> FaceId {
        FaceId {
            idx: f,
            generation: self.fgen.get(f),
        }
    }
    /// Raw index of a vertex handle, checked.
    #[inline]
    pub(crate) fn vraw(&self, v: VertexId) -> Result<u32, MeshError> {
        if self.vertex_alive(v.idx) && self.vgen.get(v.idx) == v.generation {
            Ok(v.idx)
        } else {
            Err(MeshError::StaleVertex(v))
        }
    }
    /// Raw index of an edge handle, checked.
    #[inline]
    pub(crate) fn eraw(&self, e: EdgeId) -> Result<u32, MeshError> {
        if self.edge_alive(e.idx) && self.egen.get(e.idx >> 1) == e.generation {
            Ok(e.idx)
        } else {
            Err(MeshError::StaleEdge(e))
        }
    }
    /// Raw index of a face handle, checked.
    #[inline]
    pub(crate) fn fraw(&self, f: FaceId) -> Result<u32, MeshError> {
        if self.face_alive(f.idx) && self.fgen.get(f.idx) == f.generation {
            Ok(f.idx)
        } else {
            Err(MeshError::StaleFace(f))
        }
    }

    /// Next outgoing half-edge counter-clockwise around the origin of `e`
    /// (unchecked).
    #[inline]
    pub(crate) fn raw_rot_left(&self, e: u32) -> u32 {
        self.raw_opposite(self.raw_prev(e))
    }
    /// Next outgoing half-edge clockwise around the origin of `e`
    /// (unchecked).
    #[inline]
    pub(crate) fn raw_rot_right(&self, e: u32) -> u32 {
        self.raw_next(self.raw_opposite(e))
    }

    // ------------------------------------------------------------- public

    /// Live vertices, in slot order.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert_eq!(m.vertices().count(), 4);
    /// assert!(m.vertices().all(|v| m.vertex(v.id()) == Ok(v)));
    /// ```
    pub fn vertices(&self) -> impl Iterator<Item = VertexRef<'_>> + '_ {
        (0..self.vedge.len() as u32)
            .filter(|&v| self.vedge.get(v as usize) != NONE)
            .map(|v| self.vertex_ref(v))
    }
    /// Live inner faces (triangles), in slot order.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert_eq!(m.faces().count(), 2);
    /// assert!(m.faces().all(|f| !f.is_outer()));
    /// ```
    pub fn faces(&self) -> impl Iterator<Item = FaceRef<'_>> + '_ {
        (OUTER_FACES..self.fedge.len() as u32)
            .filter(|&f| self.fedge.get(f as usize) != NONE)
            .map(|f| self.face_ref(f))
    }
    /// Number of live vertices.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 4);
    /// ```
    pub fn vertex_count(&self) -> usize {
        self.n_vertices
    }
    /// Number of inner faces.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// assert_eq!(cdt.mesh().face_count(), 2);
    /// ```
    pub fn face_count(&self) -> usize {
        self.n_faces - OUTER_FACES as usize
    }
    /// Bytes of all the mesh's buffers (capacity, not length).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// assert!(cdt.mesh().heap_bytes() > 0);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.heap_parts().iter().map(|p| p.bytes).sum()
    }

    /// [`Mesh::heap_bytes`] table by table.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert_eq!(m.heap_parts().iter().map(|p| p.bytes).sum::<usize>(), m.heap_bytes());
    /// ```
    pub fn heap_parts(&self) -> Vec<HeapPart> {
        let part = |name, bytes| HeapPart { name, bytes };
        vec![
            part("mesh.positions", vec_bytes(&self.pos)),
            part("mesh.vertex_edges", self.vedge.heap_bytes()),
            part("mesh.half_edges", self.he.heap_bytes()),
            part("mesh.face_edges", self.fedge.heap_bytes()),
            part("mesh.constrained_bits", vec_bytes(&self.cons)),
            part(
                "mesh.free_lists",
                vec_bytes(&self.free_v) + vec_bytes(&self.free_e) + vec_bytes(&self.free_f),
            ),
            part(
                "mesh.generations",
                self.vgen.heap_bytes() + self.egen.heap_bytes() + self.fgen.heap_bytes(),
            ),
            part("mesh.journal", self.journal.heap_bytes()),
            part("mesh.change_log", vec_bytes(&self.changes.faces)),
        ]
    }
}
