//! Checked-once references into the mesh.
//!
//! [`Mesh::vertex`], [`Mesh::edge`] and [`Mesh::face`] check a handle
//! against the mesh once (is the slot alive, is the generation current?)
//! and return a reference that borrows the mesh. Every step from there
//! on (origin, opposite, next around the face, faces around a vertex...)
//! is infallible: the mesh is consistent between operations, and the
//! borrow keeps it from changing while a reference lives, so a reference
//! can never go stale.
//!
//! ```
//! let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap();
//! let m = cdt.mesh();
//! let f = m.faces().next().unwrap();
//! let e = f.edge();
//! assert_eq!(e.next_left().next_left().next_left(), e);
//! assert_eq!(e.opposite().opposite(), e);
//! assert_eq!(e.next_left().origin(), e.destination());
//! ```

use std::fmt;

use super::iter::{
    EdgeRotations, FaceEdges, FaceNeighbours, VertexFaces, VertexIncoming, VertexNeighbours,
    VertexOutgoing,
};
use super::{EdgeId, FaceId, Mesh, MeshError, VertexId};
use crate::Point;

/// A live vertex of a borrowed mesh (from [`Mesh::vertex`] or a walk).
///
/// ```
/// let mut cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// let id = cdt.insert_vertex([1.0, 2.0]).unwrap();
/// let v = cdt.mesh().vertex(id).unwrap();
/// assert_eq!(v.id(), id);
/// assert_eq!(v.position(), daedalus::Point::new(1.0, 2.0));
/// ```
#[derive(Clone, Copy)]
pub struct VertexRef<'a> {
    pub(crate) mesh: &'a Mesh,
    pub(crate) idx: u32,
}

/// A live half-edge of a borrowed mesh (from [`Mesh::edge`] or a walk).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// let m = cdt.mesh();
/// let id = m.faces().next().unwrap().edge().id();
/// let e = m.edge(id).unwrap();
/// assert_eq!(e.id(), id);
/// assert_ne!(e.origin(), e.destination());
/// ```
#[derive(Clone, Copy)]
pub struct EdgeRef<'a> {
    pub(crate) mesh: &'a Mesh,
    pub(crate) idx: u32,
}

/// A live face of a borrowed mesh (from [`Mesh::face`] or a walk): an
/// inner triangle, or one of the two outer faces closing the rectangle.
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// let m = cdt.mesh();
/// let id = m.faces().next().unwrap().id();
/// let f = m.face(id).unwrap();
/// assert_eq!(f.id(), id);
/// assert!(!f.is_outer());
/// ```
#[derive(Clone, Copy)]
pub struct FaceRef<'a> {
    pub(crate) mesh: &'a Mesh,
    pub(crate) idx: u32,
}

impl Mesh {
    /// Checks a vertex handle once; the reference walks without further
    /// checks.
    ///
    /// ```
    /// use daedalus::mesh::MeshError;
    /// let mut cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let id = cdt.insert_vertex([1.0, 1.0]).unwrap();
    /// assert_eq!(cdt.mesh().vertex(id).unwrap().position().x, 1.0);
    /// cdt.remove_vertex(id).unwrap();
    /// assert_eq!(cdt.mesh().vertex(id).unwrap_err(), MeshError::StaleVertex(id));
    /// ```
    pub fn vertex(&self, v: VertexId) -> Result<VertexRef<'_>, MeshError> {
        Ok(self.vertex_ref(self.vraw(v)?))
    }
    /// Checks a half-edge handle once; the reference walks without
    /// further checks.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let id = m.faces().next().unwrap().edge().id();
    /// assert_eq!(m.edge(id).unwrap().opposite().opposite().id(), id);
    /// ```
    pub fn edge(&self, e: EdgeId) -> Result<EdgeRef<'_>, MeshError> {
        Ok(self.edge_ref(self.eraw(e)?))
    }
    /// Checks a face handle once; the reference walks without further
    /// checks.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let id = m.faces().next().unwrap().id();
    /// assert_eq!(m.face(id).unwrap().edges().count(), 3);
    /// ```
    pub fn face(&self, f: FaceId) -> Result<FaceRef<'_>, MeshError> {
        Ok(self.face_ref(self.fraw(f)?))
    }
    /// Reference to a live raw vertex (unchecked).
    #[inline(always)]
    pub(crate) fn vertex_ref(&self, v: u32) -> VertexRef<'_> {
        VertexRef { mesh: self, idx: v }
    }
    /// Reference to a live raw half-edge (unchecked).
    #[inline(always)]
    pub(crate) fn edge_ref(&self, e: u32) -> EdgeRef<'_> {
        EdgeRef { mesh: self, idx: e }
    }
    /// Reference to a live raw face (unchecked).
    #[inline(always)]
    pub(crate) fn face_ref(&self, f: u32) -> FaceRef<'_> {
        FaceRef { mesh: self, idx: f }
    }
}

impl<'a> VertexRef<'a> {
    /// The vertex's handle, to keep across changes of the mesh.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert_eq!(m.vertex(v.id()).unwrap(), v);
    /// ```
    #[inline]
    pub fn id(self) -> VertexId {
        self.mesh.vertex_handle(self.idx)
    }
    /// The slot index, as [`VertexId::index`] of [`VertexRef::id`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert_eq!(v.index(), v.id().index());
    /// ```
    #[inline]
    pub fn index(self) -> usize {
        self.idx as usize
    }
    /// Position of the vertex.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// // the four corners of the rectangle
    /// assert!(m.vertices().all(|v| {
    ///     let p = v.position();
    ///     (p.x == 0.0 || p.x == 4.0) && (p.y == 0.0 || p.y == 4.0)
    /// }));
    /// ```
    #[inline]
    pub fn position(self) -> Point {
        self.mesh.raw_pos(self.idx)
    }
    /// One outgoing half-edge of the vertex, whose left face is inner.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert_eq!(v.out_edge().origin(), v);
    /// assert!(!v.out_edge().left_face().is_outer());
    /// ```
    #[inline]
    pub fn out_edge(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_vertex_edge(self.idx))
    }
    /// Outgoing half-edges of the vertex, clockwise, starting with
    /// [`VertexRef::out_edge`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(v.out_edges().all(|e| e.origin() == v));
    /// assert_eq!(v.out_edges().next(), Some(v.out_edge()));
    /// ```
    #[inline]
    pub fn out_edges(self) -> VertexOutgoing<'a> {
        let e = self.mesh.raw_vertex_edge(self.idx);
        VertexOutgoing {
            mesh: self.mesh,
            first: e,
            cur: Some(e),
        }
    }
    /// Incoming half-edges of the vertex, clockwise (the opposites of
    /// [`VertexRef::out_edges`]).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(v.in_edges().all(|e| e.destination() == v));
    /// assert_eq!(v.in_edges().count(), v.out_edges().count());
    /// ```
    #[inline]
    pub fn in_edges(self) -> VertexIncoming<'a> {
        VertexIncoming(self.out_edges())
    }
    /// Neighbour vertices, clockwise.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(v.neighbours().all(|w| w != v));
    /// assert!(v.neighbours().count() >= 2);
    /// ```
    #[inline]
    pub fn neighbours(self) -> VertexNeighbours<'a> {
        VertexNeighbours(self.out_edges())
    }
    /// Inner faces around the vertex, clockwise.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// // every inner triangle has three corners
    /// let total: usize = m.vertices().map(|v| v.faces().count()).sum();
    /// assert_eq!(total, 3 * m.face_count());
    /// ```
    #[inline]
    pub fn faces(self) -> VertexFaces<'a> {
        VertexFaces(self.out_edges())
    }
}

impl<'a> EdgeRef<'a> {
    /// The half-edge's handle, to keep across changes of the mesh.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let e = m.faces().next().unwrap().edge();
    /// assert_eq!(m.edge(e.id()).unwrap(), e);
    /// ```
    #[inline]
    pub fn id(self) -> EdgeId {
        self.mesh.edge_handle(self.idx)
    }
    /// The slot index, as [`EdgeId::index`] of [`EdgeRef::id`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let e = m.faces().next().unwrap().edge();
    /// assert_eq!(e.index(), e.id().index());
    /// ```
    #[inline]
    pub fn index(self) -> usize {
        self.idx as usize
    }
    /// Origin vertex.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert_eq!(v.out_edge().origin(), v);
    /// ```
    #[inline]
    pub fn origin(self) -> VertexRef<'a> {
        self.mesh.vertex_ref(self.mesh.raw_origin(self.idx))
    }
    /// Destination vertex (the origin of the opposite half-edge).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.destination(), e.opposite().origin());
    /// ```
    #[inline]
    pub fn destination(self) -> VertexRef<'a> {
        self.mesh.vertex_ref(self.mesh.raw_dest(self.idx))
    }
    /// The other half of the same edge, pointing the other way.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.opposite().opposite(), e);
    /// assert_ne!(e.opposite(), e);
    /// ```
    #[inline]
    pub fn opposite(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_opposite(self.idx))
    }
    /// Next half-edge around the left face (counter-clockwise).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.next_left().origin(), e.destination());
    /// assert_eq!(e.next_left().next_left().next_left(), e); // a triangle
    /// ```
    #[inline]
    pub fn next_left(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_next(self.idx))
    }
    /// Previous half-edge around the left face (O(1) on triangles; walks
    /// the cycle of an outer face).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.prev_left().next_left(), e);
    /// assert_eq!(e.prev_left().destination(), e.origin());
    /// ```
    #[inline]
    pub fn prev_left(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_prev(self.idx))
    }
    /// Next half-edge around the right face: `opposite.prev_left.opposite`.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.next_right().right_face(), e.right_face());
    /// assert_eq!(e.next_right().origin(), e.destination());
    /// ```
    #[inline]
    pub fn next_right(self) -> EdgeRef<'a> {
        self.opposite().prev_left().opposite()
    }
    /// Previous half-edge around the right face: `opposite.next_left.opposite`.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.prev_right().next_right(), e);
    /// assert_eq!(e.prev_right().destination(), e.origin());
    /// ```
    #[inline]
    pub fn prev_right(self) -> EdgeRef<'a> {
        self.opposite().next_left().opposite()
    }
    /// The next outgoing half-edge counter-clockwise around the origin.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.rot_left().origin(), e.origin());
    /// assert_eq!(e.rot_left().rot_right(), e);
    /// ```
    #[inline]
    pub fn rot_left(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_rot_left(self.idx))
    }
    /// The next outgoing half-edge clockwise around the origin.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.rot_right().origin(), e.origin());
    /// assert_eq!(e.rot_right().rot_left(), e);
    /// ```
    #[inline]
    pub fn rot_right(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_rot_right(self.idx))
    }
    /// The face on the left of the half-edge.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// assert_eq!(f.edge().left_face(), f);
    /// ```
    #[inline]
    pub fn left_face(self) -> FaceRef<'a> {
        self.mesh.face_ref(self.mesh.raw_face(self.idx))
    }
    /// The face on the right of the half-edge (the left face of its
    /// opposite).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// assert_eq!(e.right_face(), e.opposite().left_face());
    /// assert_ne!(e.right_face(), e.left_face());
    /// ```
    #[inline]
    pub fn right_face(self) -> FaceRef<'a> {
        self.opposite().left_face()
    }
    /// Is the edge constrained (a wall, or the world border)? Both halves
    /// answer the same.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// // a corner has two border edges
    /// assert_eq!(v.out_edges().filter(|e| e.is_constrained()).count(), 2);
    /// ```
    #[inline]
    pub fn is_constrained(self) -> bool {
        self.mesh.raw_is_constrained(self.idx)
    }
    /// Is one side of the edge an outer face (the edge lies on the world
    /// border)?
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// // two triangles: four border edges, one diagonal
    /// let f = m.faces().next().unwrap();
    /// assert_eq!(f.edges().filter(|e| e.is_border()).count(), 2);
    /// ```
    #[inline]
    pub fn is_border(self) -> bool {
        self.mesh.raw_is_border(self.idx)
    }
    /// Origin and destination positions.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let e = cdt.mesh().faces().next().unwrap().edge();
    /// let [a, b] = e.positions();
    /// assert_eq!(a, e.origin().position());
    /// assert_eq!(b, e.destination().position());
    /// ```
    #[inline]
    pub fn positions(self) -> [Point; 2] {
        [self.origin().position(), self.destination().position()]
    }
    /// Half-edges sharing this one's origin, clockwise, starting with it.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let v = cdt.mesh().vertices().next().unwrap();
    /// let e = v.out_edge().rot_right();
    /// assert_eq!(e.rotations().next(), Some(e));
    /// assert_eq!(e.rotations().count(), v.out_edges().count());
    /// ```
    #[inline]
    pub fn rotations(self) -> EdgeRotations<'a> {
        EdgeRotations(VertexOutgoing {
            mesh: self.mesh,
            first: self.idx,
            cur: Some(self.idx),
        })
    }
}

impl<'a> FaceRef<'a> {
    /// The face's handle, to keep across changes of the mesh.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let f = m.faces().next().unwrap();
    /// assert_eq!(m.face(f.id()).unwrap(), f);
    /// ```
    #[inline]
    pub fn id(self) -> FaceId {
        self.mesh.face_handle(self.idx)
    }
    /// The slot index, as [`FaceId::index`] of [`FaceRef::id`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// let f = m.faces().next().unwrap();
    /// assert_eq!(f.index(), f.id().index());
    /// ```
    #[inline]
    pub fn index(self) -> usize {
        self.idx as usize
    }
    /// One half-edge of the face (its left face is this face).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// assert_eq!(f.edge().left_face(), f);
    /// ```
    #[inline]
    pub fn edge(self) -> EdgeRef<'a> {
        self.mesh.edge_ref(self.mesh.raw_face_edge(self.idx))
    }
    /// The three corners of an inner face, counter-clockwise, starting at
    /// the origin of [`FaceRef::edge`] (on an outer face, its first
    /// three corners).
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// let [a, b, c] = f.vertices();
    /// assert!(a != b && b != c && c != a);
    /// assert_eq!(a, f.edge().origin());
    /// ```
    #[inline]
    pub fn vertices(self) -> [VertexRef<'a>; 3] {
        let e = self.edge();
        let n = e.next_left();
        [e.origin(), n.origin(), n.next_left().origin()]
    }
    /// Positions of [`FaceRef::vertices`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// let [a, b, c] = f.positions();
    /// // counter-clockwise: positive signed area
    /// assert!((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0.0);
    /// ```
    #[inline]
    pub fn positions(self) -> [Point; 3] {
        self.vertices().map(|v| v.position())
    }
    /// Is this one of the two outer faces closing the rectangle?
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert!(m.faces().all(|f| !f.is_outer()));
    /// let border = m.faces().flat_map(|f| f.edges()).find(|e| e.is_border()).unwrap();
    /// assert!(border.right_face().is_outer());
    /// ```
    #[inline]
    pub fn is_outer(self) -> bool {
        self.mesh.raw_is_outer_face(self.idx)
    }
    /// The half-edges around the face, in cycle order (counter-clockwise),
    /// starting with [`FaceRef::edge`].
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// assert_eq!(f.edges().count(), 3);
    /// assert!(f.edges().all(|e| e.left_face() == f));
    /// ```
    #[inline]
    pub fn edges(self) -> FaceEdges<'a> {
        let e = self.mesh.raw_face_edge(self.idx);
        FaceEdges {
            mesh: self.mesh,
            first: e,
            cur: Some(e),
        }
    }
    /// Inner faces adjacent across the face's edges.
    ///
    /// ```
    /// let cdt = daedalus::Cdt::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    /// let m = cdt.mesh();
    /// // two triangles sharing the diagonal
    /// assert!(m.faces().all(|f| f.neighbours().count() == 1));
    /// ```
    #[inline]
    pub fn neighbours(self) -> FaceNeighbours<'a> {
        FaceNeighbours(self.edges())
    }
}

macro_rules! ref_traits {
    ($name:ident) => {
        /// Two references are equal when they name the same element of
        /// the same mesh.
        impl PartialEq for $name<'_> {
            #[inline]
            fn eq(&self, other: &Self) -> bool {
                self.idx == other.idx && std::ptr::eq(self.mesh, other.mesh)
            }
        }
        impl Eq for $name<'_> {}
        impl std::hash::Hash for $name<'_> {
            #[inline]
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.idx.hash(state);
            }
        }
        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.id())
            }
        }
    };
}
ref_traits!(VertexRef);
ref_traits!(EdgeRef);
ref_traits!(FaceRef);

#[cfg(test)]
mod tests;
