//! Iterators over the half-edge mesh. Rotations around a vertex go
//! clockwise (`rot_right`, O(1) even next to the polygonal outer faces).

use super::{EdgeId, FaceId, Mesh, MeshError, VertexId};

/// Outgoing half-edges of a vertex, clockwise.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let v = m.vertices().next().unwrap();
/// assert!(m.outgoing(v).unwrap().all(|e| m.origin(e).unwrap() == v));
/// ```
pub struct VertexOutgoing<'a> {
    mesh: &'a Mesh,
    first: u32,
    cur: Option<u32>,
}

impl Iterator for VertexOutgoing<'_> {
    type Item = EdgeId;
    fn next(&mut self) -> Option<EdgeId> {
        let e = self.cur?;
        let n = self.mesh.raw_rot_right(e);
        self.cur = (n != self.first).then_some(n);
        Some(self.mesh.edge_handle(e))
    }
}

/// Incoming half-edges of a vertex, clockwise.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let v = m.vertices().next().unwrap();
/// assert!(m.incoming(v).unwrap().all(|e| m.destination(e).unwrap() == v));
/// ```
pub struct VertexIncoming<'a>(VertexOutgoing<'a>);

impl Iterator for VertexIncoming<'_> {
    type Item = EdgeId;
    fn next(&mut self) -> Option<EdgeId> {
        let e = self.0.next()?;
        Some(self.0.mesh.edge_handle(self.0.mesh.raw_opposite(e.idx)))
    }
}

/// Neighbour vertices of a vertex, clockwise.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let v = m.vertices().next().unwrap();
/// assert!(m.neighbours(v).unwrap().count() >= 2);
/// ```
pub struct VertexNeighbours<'a>(VertexOutgoing<'a>);

impl Iterator for VertexNeighbours<'_> {
    type Item = VertexId;
    fn next(&mut self) -> Option<VertexId> {
        let e = self.0.next()?;
        Some(self.0.mesh.vertex_handle(self.0.mesh.raw_dest(e.idx)))
    }
}

/// Inner faces around a vertex, clockwise.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let total: usize = m.vertices().map(|v| m.vertex_faces(v).unwrap().count()).sum();
/// assert_eq!(total, 3 * m.face_count());
/// ```
pub struct VertexFaces<'a>(VertexOutgoing<'a>);

impl Iterator for VertexFaces<'_> {
    type Item = FaceId;
    fn next(&mut self) -> Option<FaceId> {
        loop {
            let e = self.0.next()?;
            let f = self.0.mesh.raw_face(e.idx);
            if !self.0.mesh.raw_is_outer_face(f) {
                return Some(self.0.mesh.face_handle(f));
            }
        }
    }
}

/// The half-edges of a face, in cycle order.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let f = m.faces().next().unwrap();
/// assert_eq!(m.face_edges(f).unwrap().count(), 3);
/// ```
pub struct FaceEdges<'a> {
    mesh: &'a Mesh,
    first: u32,
    cur: Option<u32>,
}

impl Iterator for FaceEdges<'_> {
    type Item = EdgeId;
    fn next(&mut self) -> Option<EdgeId> {
        let e = self.cur?;
        let n = self.mesh.raw_next(e);
        self.cur = (n != self.first).then_some(n);
        Some(self.mesh.edge_handle(e))
    }
}

/// Inner faces adjacent to a face across its edges.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let f = m.faces().next().unwrap();
/// assert_eq!(m.face_neighbours(f).unwrap().count(), 1);
/// ```
pub struct FaceNeighbours<'a>(FaceEdges<'a>);

impl Iterator for FaceNeighbours<'_> {
    type Item = FaceId;
    fn next(&mut self) -> Option<FaceId> {
        loop {
            let e = self.0.next()?;
            let m = self.0.mesh;
            let f = m.raw_face(m.raw_opposite(e.idx));
            if !m.raw_is_outer_face(f) {
                return Some(m.face_handle(f));
            }
        }
    }
}

/// Half-edges sharing the origin of a given one, starting with it,
/// clockwise.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let m = cdt.mesh();
/// let f = m.faces().next().unwrap();
/// let e = m.face_edge(f).unwrap();
/// assert_eq!(m.edge_rotations(e).unwrap().next(), Some(e));
/// ```
pub struct EdgeRotations<'a>(VertexOutgoing<'a>);

impl Iterator for EdgeRotations<'_> {
    type Item = EdgeId;
    fn next(&mut self) -> Option<EdgeId> {
        self.0.next()
    }
}

impl Mesh {
    fn out_from(&self, e: u32) -> VertexOutgoing<'_> {
        VertexOutgoing {
            mesh: self,
            first: e,
            cur: Some(e),
        }
    }
    /// Outgoing half-edges of `v`, clockwise.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(m.outgoing(v).unwrap().count() >= 2);
    /// ```
    pub fn outgoing(&self, v: VertexId) -> Result<VertexOutgoing<'_>, MeshError> {
        Ok(self.out_from(self.raw_vertex_edge(self.vraw(v)?)))
    }
    /// Incoming half-edges of `v`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert_eq!(m.incoming(v).unwrap().count(), m.outgoing(v).unwrap().count());
    /// ```
    pub fn incoming(&self, v: VertexId) -> Result<VertexIncoming<'_>, MeshError> {
        Ok(VertexIncoming(self.outgoing(v)?))
    }
    /// Neighbour vertices of `v`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(m.neighbours(v).unwrap().all(|w| w != v));
    /// ```
    pub fn neighbours(&self, v: VertexId) -> Result<VertexNeighbours<'_>, MeshError> {
        Ok(VertexNeighbours(self.outgoing(v)?))
    }
    /// Inner faces around `v`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// assert!(m.vertex_faces(v).unwrap().count() >= 1);
    /// ```
    pub fn vertex_faces(&self, v: VertexId) -> Result<VertexFaces<'_>, MeshError> {
        Ok(VertexFaces(self.outgoing(v)?))
    }
    /// Half-edges of face `f`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert!(m.faces().all(|f| m.face_edges(f).unwrap().count() == 3));
    /// ```
    pub fn face_edges(&self, f: FaceId) -> Result<FaceEdges<'_>, MeshError> {
        let e = self.raw_face_edge(self.fraw(f)?);
        Ok(FaceEdges {
            mesh: self,
            first: e,
            cur: Some(e),
        })
    }
    /// Inner faces adjacent to `f`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// assert!(m.faces().all(|f| m.face_neighbours(f).unwrap().count() == 1));
    /// ```
    pub fn face_neighbours(&self, f: FaceId) -> Result<FaceNeighbours<'_>, MeshError> {
        Ok(FaceNeighbours(self.face_edges(f)?))
    }
    /// Half-edges rotated around the origin of `e`, starting at `e`.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    /// let m = cdt.mesh();
    /// let v = m.vertices().next().unwrap();
    /// let e = m.vertex_edge(v).unwrap();
    /// assert_eq!(m.edge_rotations(e).unwrap().count(), m.outgoing(v).unwrap().count());
    /// ```
    pub fn edge_rotations(&self, e: EdgeId) -> Result<EdgeRotations<'_>, MeshError> {
        Ok(EdgeRotations(self.out_from(self.eraw(e)?)))
    }
}
