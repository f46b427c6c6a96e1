//! Iterators over the half-edge mesh, started from the references of
//! `refs` (`VertexRef::out_edges`, `FaceRef::edges`, ...). Rotations
//! around a vertex go clockwise (`rot_right`, O(1) even next to the
//! polygonal outer faces).

use super::{EdgeRef, FaceRef, Mesh, VertexRef};

/// Outgoing half-edges of a vertex, clockwise (from
/// [`VertexRef::out_edges`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let v = cdt.mesh().vertices().next().unwrap();
/// let out: daedalus::mesh::VertexOutgoing = v.out_edges();
/// assert!(out.into_iter().all(|e| e.origin() == v));
/// ```
#[derive(Clone)]
pub struct VertexOutgoing<'a> {
    pub(super) mesh: &'a Mesh,
    pub(super) first: u32,
    pub(super) cur: Option<u32>,
}

impl<'a> Iterator for VertexOutgoing<'a> {
    type Item = EdgeRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<EdgeRef<'a>> {
        let e = self.cur?;
        let n = self.mesh.raw_rot_right(e);
        self.cur = (n != self.first).then_some(n);
        Some(self.mesh.edge_ref(e))
    }
}

/// Incoming half-edges of a vertex, clockwise (from
/// [`VertexRef::in_edges`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let v = cdt.mesh().vertices().next().unwrap();
/// let inc: daedalus::mesh::VertexIncoming = v.in_edges();
/// assert!(inc.into_iter().all(|e| e.destination() == v));
/// ```
#[derive(Clone)]
pub struct VertexIncoming<'a>(pub(super) VertexOutgoing<'a>);

impl<'a> Iterator for VertexIncoming<'a> {
    type Item = EdgeRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<EdgeRef<'a>> {
        Some(self.0.next()?.opposite())
    }
}

/// Neighbour vertices of a vertex, clockwise (from
/// [`VertexRef::neighbours`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let v = cdt.mesh().vertices().next().unwrap();
/// let n: daedalus::mesh::VertexNeighbours = v.neighbours();
/// assert!(n.into_iter().count() >= 2);
/// ```
#[derive(Clone)]
pub struct VertexNeighbours<'a>(pub(super) VertexOutgoing<'a>);

impl<'a> Iterator for VertexNeighbours<'a> {
    type Item = VertexRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<VertexRef<'a>> {
        Some(self.0.next()?.destination())
    }
}

/// Inner faces around a vertex, clockwise (from [`VertexRef::faces`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let v = cdt.mesh().vertices().next().unwrap();
/// let f: daedalus::mesh::VertexFaces = v.faces();
/// assert!(f.into_iter().all(|f| !f.is_outer()));
/// ```
#[derive(Clone)]
pub struct VertexFaces<'a>(pub(super) VertexOutgoing<'a>);

impl<'a> Iterator for VertexFaces<'a> {
    type Item = FaceRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<FaceRef<'a>> {
        loop {
            let f = self.0.next()?.left_face();
            if !f.is_outer() {
                return Some(f);
            }
        }
    }
}

/// The half-edges of a face, in cycle order (from [`FaceRef::edges`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let f = cdt.mesh().faces().next().unwrap();
/// let e: daedalus::mesh::FaceEdges = f.edges();
/// assert_eq!(e.into_iter().count(), 3);
/// ```
#[derive(Clone)]
pub struct FaceEdges<'a> {
    pub(super) mesh: &'a Mesh,
    pub(super) first: u32,
    pub(super) cur: Option<u32>,
}

impl<'a> Iterator for FaceEdges<'a> {
    type Item = EdgeRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<EdgeRef<'a>> {
        let e = self.cur?;
        let n = self.mesh.raw_next(e);
        self.cur = (n != self.first).then_some(n);
        Some(self.mesh.edge_ref(e))
    }
}

/// Inner faces adjacent to a face across its edges (from
/// [`FaceRef::neighbours`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let f = cdt.mesh().faces().next().unwrap();
/// let n: daedalus::mesh::FaceNeighbours = f.neighbours();
/// assert_eq!(n.into_iter().count(), 1);
/// ```
#[derive(Clone)]
pub struct FaceNeighbours<'a>(pub(super) FaceEdges<'a>);

impl<'a> Iterator for FaceNeighbours<'a> {
    type Item = FaceRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<FaceRef<'a>> {
        loop {
            let f = self.0.next()?.right_face();
            if !f.is_outer() {
                return Some(f);
            }
        }
    }
}

/// Half-edges sharing the origin of a given one, starting with it,
/// clockwise (from [`EdgeRef::rotations`]).
///
/// ```
/// let cdt = daedalus::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let e = cdt.mesh().faces().next().unwrap().edge();
/// let mut r: daedalus::mesh::EdgeRotations = e.rotations();
/// assert_eq!(r.next(), Some(e));
/// ```
#[derive(Clone)]
pub struct EdgeRotations<'a>(pub(super) VertexOutgoing<'a>);

impl<'a> Iterator for EdgeRotations<'a> {
    type Item = EdgeRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<EdgeRef<'a>> {
        self.0.next()
    }
}
