//! The fully dynamic constrained Delaunay triangulation (CDT).
//!
//! Vertices, segments and shapes (polylines, open or closed, overlapping and
//! crossing each other) are inserted and removed at any time. Every
//! topological decision uses the exact predicates of [`crate::geometry`].
//! Segment insertion follows Anglada (1997) / Kallmann, Bieri & Thalmann
//! (2003): walk from one end to the other, remove the crossed edges and
//! re-triangulate the two pseudo-polygons; a crossed constraint is split
//! at the crossing point, which both constraints then share.

mod constraint;
mod insert;
mod journal;
mod remove;
mod validate;

pub use validate::Violation;

#[cfg(feature = "testing")]
pub(crate) use insert::splitmix;

use crate::Point;
use crate::geometry::Rect;
use crate::mesh::{EdgeId, FaceId, Mesh, MeshDump, MeshError, NONE, OUTER_FACES, VertexId};
use journal::{JMap, OpLog};

/// Largest accepted absolute coordinate. Keeps every predicate and the
/// crossing-point formula far from overflow.
pub const MAX_COORD: f64 = 1e15;

/// Errors of the CDT operations. A failed operation changes nothing.
///
/// ```
/// use daedalus::triangulation::{Cdt, CdtError};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// assert!(matches!(cdt.insert_vertex([f64::NAN, 1.0]), Err(CdtError::NonFinite)));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CdtError {
    /// A coordinate is NaN or infinite.
    #[error("coordinate is NaN or infinite")]
    NonFinite,
    /// A coordinate's magnitude exceeds [`MAX_COORD`].
    #[error("coordinate {0} is beyond MAX_COORD ({MAX_COORD})")]
    OutOfRange(f64),
    /// The point lies outside the world rectangle.
    #[error("point ({}, {}) is outside the world bounds", .0.x, .0.y)]
    OutsideBounds(Point),
    /// A segment's two end points coincide.
    #[error("zero-length segment")]
    ZeroLength,
    /// A shape has fewer than two distinct points.
    #[error("a shape needs at least two distinct points")]
    TooFewPoints,
    /// The world rectangle is empty, inverted or not finite.
    #[error("invalid bounds: need finite min < max on both axes")]
    InvalidBounds,
    /// A vertex, edge or face handle was removed (or never belonged to
    /// this triangulation).
    #[error(transparent)]
    Mesh(#[from] MeshError),
    /// The shape was removed (or never belonged to this triangulation).
    #[error("stale or unknown shape handle {0:?}")]
    StaleShape(ShapeId),
    /// [`Cdt::remove_shape`] on a locked shape ([`Cdt::lock_shape`]; the
    /// objects layer locks its objects' shapes): unlock it, or remove or
    /// move its owner instead.
    #[error("shape {0:?} is locked: remove or move its owner instead")]
    LockedShape(ShapeId),
    /// [`Cdt::remove_vertex`] on one of the world rectangle's corners.
    #[error("the four corner vertices cannot be removed")]
    CornerVertex,
    /// A broken internal invariant (a bug); the operation was undone.
    #[error("internal error: {0}")]
    Internal(&'static str),
    /// A segment insertion needed more than the work limit of sub-segment
    /// insertions (a cascade of rounded crossing points); the operation
    /// was undone.
    #[error("segment insertion exceeded its work limit ({0} sub-segments); nothing was changed")]
    WorkLimit(usize),
}

/// Default cap on sub-segment insertions per inserted segment piece. Every
/// split creates a vertex or walks a strictly shorter piece, but rounded
/// crossing points can in principle keep creating new crossings, so a cap
/// remains; tripping it undoes the whole operation ([`CdtError::WorkLimit`]).
pub const TASK_LIMIT: usize = 1 << 20;

/// Where a point lies in the triangulation.
///
/// ```
/// use daedalus::triangulation::{Cdt, Location};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let v = cdt.insert_vertex([3.0, 3.0]).unwrap();
/// assert_eq!(cdt.locate([3.0, 3.0]).unwrap(), Location::Vertex(v));
/// assert_eq!(cdt.locate([30.0, 3.0]).unwrap(), Location::Outside);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// At this vertex.
    Vertex(VertexId),
    /// On the relative interior of this edge (the half-edge with an inner left face).
    Edge(EdgeId),
    /// Strictly inside this inner triangle.
    Face(FaceId),
    /// Outside the world rectangle.
    Outside,
}

/// Handle of an inserted shape (polyline or segment).
///
/// ```
/// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let s: daedalus::triangulation::ShapeId = cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).unwrap();
/// cdt.remove_shape(s).unwrap();
/// assert!(cdt.remove_shape(s).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ShapeId {
    pub(crate) idx: u32,
    pub(crate) generation: u32,
}

/// Owners of one constrained edge: the segments (each knows its shape),
/// the common single owner stored inline (no allocation).
#[derive(Clone, Debug)]
pub(crate) struct Owners {
    n: u32,
    seg1: u32,
    /// All owners when more than one. Boxed on purpose: a thin pointer
    /// keeps the entry at 16 bytes (a bare `Vec` would make it 32).
    #[allow(clippy::box_collection)]
    pub(crate) more: Option<Box<Vec<u32>>>,
}

impl Default for Owners {
    fn default() -> Self {
        Owners {
            n: 0,
            seg1: NONE,
            more: None,
        }
    }
}

impl Owners {
    #[inline]
    pub(crate) fn segs(&self) -> &[u32] {
        match &self.more {
            Some(m) => m,
            None => std::slice::from_ref(&self.seg1)
                .get(..self.n as usize)
                .unwrap_or(&[]),
        }
    }
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.n == 0
    }
    pub(crate) fn push(&mut self, seg: u32) {
        match self.n {
            0 => self.seg1 = seg,
            1 => self.more = Some(Box::new(vec![self.seg1, seg])),
            _ => self.more.as_mut().expect("n > 1").push(seg),
        }
        self.n += 1;
    }
    /// Removes one ownership by `seg`.
    pub(crate) fn remove(&mut self, seg: u32) {
        let Some(i) = self.segs().iter().position(|&s| s == seg) else {
            return;
        };
        if self.n == 1 {
            self.n = 0;
            return;
        }
        let m = self.more.as_mut().expect("n > 1");
        m.swap_remove(i);
        self.n -= 1;
        if self.n == 1 {
            self.seg1 = m[0];
            self.more = None;
        }
    }
}

/// One input segment (after clipping), between two mesh vertices. Its end
/// points are those vertices' positions (a live segment keeps both alive,
/// see [`Cdt::seg_ends`]): not stored twice.
#[derive(Clone, Debug)]
pub(crate) struct Segment {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) shape: ShapeId,
    pub(crate) alive: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct ShapeSlot {
    pub(crate) generation: u32,
    pub(crate) alive: bool,
    /// Refused by [`Cdt::remove_shape`] (its owner keeps it in step).
    pub(crate) locked: bool,
    pub(crate) segs: Vec<u32>,
}

/// Raw location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Loc {
    V(u32),
    E(u32),
    F(u32),
    Out,
}

/// The dynamic constrained Delaunay triangulation of a world rectangle.
///
/// ```
/// use daedalus::triangulation::Cdt;
/// let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
/// let wall = cdt.insert_shape(&[[10.0, 10.0].into(), [90.0, 10.0].into(), [50.0, 80.0].into()], daedalus::Closure::Closed).unwrap();
/// let cross = cdt.insert_segment([50.0, 0.0], [50.0, 100.0]).unwrap();
/// assert!(cdt.validate().is_empty());
/// cdt.remove_shape(wall).unwrap();
/// assert!(cdt.validate().is_empty());
/// # let _ = cross;
/// ```
#[derive(Clone, Debug)]
pub struct Cdt {
    pub(crate) mesh: Mesh,
    pub(crate) bounds: [f64; 4],
    pub(crate) owners: JMap<Owners>,
    /// Vertices made as crossing points: the two segments that crossed.
    pub(crate) crossings: JMap<(u32, u32)>,
    pub(crate) user: Vec<u64>,
    pub(crate) segs: Vec<Segment>,
    pub(crate) free_segs: Vec<u32>,
    pub(crate) shapes: Vec<ShapeSlot>,
    pub(crate) free_shapes: Vec<u32>,
    pub(crate) hint: u32,
    /// Coarse grid of recent vertices (cells <= vertices / 2): O(1) start
    /// points for the walk anywhere in the world.
    pub(crate) hgrid: Vec<u32>,
    pub(crate) hg_n: u32,
    pub(crate) rng: u64,
    pub(crate) flips: Vec<u32>,
    pub(crate) pending: Vec<u32>,
    pub(crate) tasks: Vec<(u32, u32, u32)>,
    /// Crossing vertices made by the current operation (checked at its end).
    pub(crate) created: Vec<u32>,
    pub(crate) sc: Scratch,
    /// Undo log of the running operation.
    pub(crate) op: OpLog,
    /// Set by a step that gave up; the operation is then undone.
    pub(crate) fail: Option<CdtError>,
    pub(crate) task_limit: usize,
    /// Successful mutating operations so far (see [`Cdt::revision`]).
    pub(crate) revision: u64,
}

/// Reusable buffers (no allocation per operation once warm).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    pub(crate) crossed: Vec<u32>,
    pub(crate) left: Vec<u32>,
    pub(crate) right: Vec<u32>,
    pub(crate) edges: Vec<u32>,
    pub(crate) faces: Vec<u32>,
    pub(crate) tris: Vec<[u32; 3]>,
    pub(crate) stitch: Vec<(u32, u32, u32)>,
    pub(crate) made: Vec<u32>,
    pub(crate) poly: Vec<u32>,
}

pub(crate) fn check_point(p: Point) -> Result<(), CdtError> {
    for c in [p.x, p.y] {
        if !c.is_finite() {
            return Err(CdtError::NonFinite);
        }
        if c.abs() > MAX_COORD {
            return Err(CdtError::OutOfRange(c));
        }
    }
    Ok(())
}

impl Cdt {
    /// An empty world rectangle: 4 corners, 2 triangles.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 5.0]).unwrap();
    /// assert_eq!(cdt.bounds(), daedalus::geometry::Rect::new([0.0, 0.0], [10.0, 5.0]));
    /// assert!(daedalus::triangulation::Cdt::new([1.0, 0.0], [0.0, 5.0]).is_err());
    /// ```
    pub fn new(min: impl Into<Point>, max: impl Into<Point>) -> Result<Cdt, CdtError> {
        let (min, max) = (min.into(), max.into());
        let [xmin, ymin, xmax, ymax] = [min.x, min.y, max.x, max.y];
        for c in [xmin, ymin, xmax, ymax] {
            check_point(Point::new(c, 0.0)).map_err(|_| CdtError::InvalidBounds)?;
        }
        if xmin >= xmax || ymin >= ymax {
            return Err(CdtError::InvalidBounds);
        }
        Ok(Cdt {
            mesh: Mesh::rectangle(xmin, ymin, xmax, ymax),
            bounds: [xmin, ymin, xmax, ymax],
            owners: JMap::default(),
            crossings: JMap::default(),
            user: vec![0],
            segs: Vec::new(),
            free_segs: Vec::new(),
            shapes: Vec::new(),
            free_shapes: Vec::new(),
            hint: 0,
            hgrid: vec![0],
            hg_n: 1,
            rng: 0x9E37_79B9_7F4A_7C15,
            flips: Vec::new(),
            pending: Vec::new(),
            tasks: Vec::new(),
            created: Vec::new(),
            sc: Scratch::default(),
            op: OpLog::default(),
            fail: None,
            task_limit: TASK_LIMIT,
            revision: 0,
        })
    }

    /// Test knob (feature `testing`): lowers the cap on sub-segment insertions per segment
    /// piece (default [`TASK_LIMIT`]) to force the failure path.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.set_task_limit(0);
    /// assert!(cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).is_err());
    /// assert_eq!(cdt.shapes().count(), 0);
    /// ```
    #[cfg(feature = "testing")]
    pub fn set_task_limit(&mut self, limit: usize) {
        self.task_limit = limit;
    }

    /// Counts the operations that changed the triangulation: every
    /// successful insertion, removal or object update adds one; failed
    /// operations (undone) and queries add nothing.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let r0 = cdt.revision();
    /// cdt.insert_segment([1.0, 1.0], [5.0, 5.0]).unwrap();
    /// assert_eq!(cdt.revision(), r0 + 1);
    /// assert!(cdt.insert_segment([1.0, 1.0], [f64::NAN, 5.0]).is_err());
    /// assert_eq!(cdt.revision(), r0 + 1);
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The world rectangle.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([-1.0, -2.0], [3.0, 4.0]).unwrap();
    /// assert_eq!(cdt.bounds().max.y, 4.0);
    /// ```
    pub fn bounds(&self) -> Rect {
        let [x0, y0, x1, y1] = self.bounds;
        Rect::new([x0, y0], [x1, y1])
    }

    /// The underlying half-edge mesh.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    /// assert_eq!(cdt.mesh().face_count(), 2);
    /// ```
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    pub(crate) fn in_bounds(&self, p: Point) -> bool {
        let [x0, y0, x1, y1] = self.bounds;
        p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1
    }

    #[inline]
    pub(crate) fn is_user(&self, v: u32) -> bool {
        (self.user.get((v >> 6) as usize).copied().unwrap_or(0) >> (v & 63)) & 1 != 0
    }
    #[inline]
    pub(crate) fn set_user(&mut self, v: u32, on: bool) {
        let w = (v >> 6) as usize;
        if w >= self.user.len() {
            self.user.resize(w + 1, 0);
        }
        self.j_user(w);
        if on {
            self.user[w] |= 1 << (v & 63);
        } else {
            self.user[w] &= !(1 << (v & 63));
        }
    }

    /// Is the edge constrained (a wall or the world border)? Stale handles
    /// give `false`.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).unwrap();
    /// assert_eq!(cdt.constrained_edges().filter(|&e| cdt.is_constrained(e)).count(), 5);
    /// ```
    pub fn is_constrained(&self, e: EdgeId) -> bool {
        self.mesh
            .eraw(e)
            .is_ok_and(|e| self.mesh.raw_is_constrained(e))
    }

    /// The shapes owning a constrained edge, one entry per owning segment
    /// (a shape overlapping itself appears twice); empty for an
    /// unconstrained or border edge.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).unwrap();
    /// let e = cdt.constrained_edges().find(|&e| !cdt.edge_owners(e).unwrap().is_empty()).unwrap();
    /// assert_eq!(cdt.edge_owners(e).unwrap(), vec![s]);
    /// ```
    pub fn edge_owners(&self, e: EdgeId) -> Result<Vec<ShapeId>, CdtError> {
        let e = self.mesh.eraw(e)?;
        Ok(self.owners.get(&(e >> 1)).map_or(Vec::new(), |o| {
            o.segs()
                .iter()
                .map(|&g| self.segs[g as usize].shape)
                .collect()
        }))
    }

    /// Inner triangles.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(cdt.triangles().count(), 2);
    /// ```
    pub fn triangles(&self) -> impl Iterator<Item = FaceId> + '_ {
        self.mesh.faces().map(|f| f.id())
    }

    /// One half-edge per constrained edge (walls and border; the one with
    /// the inner left face when the other side is outside).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(cdt.constrained_edges().count(), 4);
    /// ```
    pub fn constrained_edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        let m = &self.mesh;
        (0..(m.he.len() as u32) / 2).filter_map(move |p| {
            let e = 2 * p;
            if !m.edge_alive(e) || !m.raw_is_constrained(e) {
                return None;
            }
            let (f, g) = (m.raw_face(e), m.raw_face(e + 1));
            if f < OUTER_FACES && g < OUTER_FACES {
                return None;
            }
            Some(m.edge_handle(if f < OUTER_FACES { e + 1 } else { e }))
        })
    }

    /// Where `p` lies.
    ///
    /// ```
    /// use daedalus::triangulation::{Cdt, Location};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(matches!(cdt.locate([5.0, 5.0]).unwrap(), Location::Edge(_)));
    /// assert!(matches!(cdt.locate([1.0, 5.0]).unwrap(), Location::Face(_)));
    /// ```
    pub fn locate(&self, p: impl Into<Point>) -> Result<Location, CdtError> {
        let p = p.into();
        check_point(p)?;
        if !self.in_bounds(p) {
            return Ok(Location::Outside);
        }
        let mut rng = self.rng;
        let h = self.hint_for(p, &mut rng);
        Ok(match self.walk(p, h, &mut rng) {
            Loc::V(v) => Location::Vertex(self.mesh.vertex_handle(v)),
            Loc::E(e) => Location::Edge(self.mesh.edge_handle(e)),
            Loc::F(f) => Location::Face(self.mesh.face_handle(f)),
            Loc::Out => Location::Outside,
        })
    }

    /// Is the shape handle live?
    pub(crate) fn shape_raw(&self, s: ShapeId) -> Result<u32, CdtError> {
        match self.shapes.get(s.idx as usize) {
            Some(sl) if sl.alive && sl.generation == s.generation => Ok(s.idx),
            _ => Err(CdtError::StaleShape(s)),
        }
    }

    /// Live shapes.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([1.0, 1.0], [2.0, 2.0]).unwrap();
    /// assert_eq!(cdt.shapes().count(), 1);
    /// ```
    pub fn shapes(&self) -> impl Iterator<Item = ShapeId> + '_ {
        self.shapes
            .iter()
            .enumerate()
            .filter(|(_, s)| s.alive)
            .map(|(i, s)| ShapeId {
                idx: i as u32,
                generation: s.generation,
            })
    }

    /// The input segments of a shape (after clipping to the bounds), as
    /// end point pairs.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([-5.0, 5.0], [5.0, 5.0]).unwrap();
    /// assert_eq!(cdt.shape_segments(s).unwrap(), vec![([0.0, 5.0].into(), [5.0, 5.0].into())]);
    /// ```
    pub fn shape_segments(&self, s: ShapeId) -> Result<Vec<(Point, Point)>, CdtError> {
        let s = self.shape_raw(s)?;
        Ok(self.shapes[s as usize]
            .segs
            .iter()
            .map(|&g| self.seg_ends(g))
            .collect())
    }

    /// The end points of live segment `g` (its vertices' positions).
    #[inline]
    pub(crate) fn seg_ends(&self, g: u32) -> (Point, Point) {
        let s = &self.segs[g as usize];
        (self.mesh.raw_pos(s.a), self.mesh.raw_pos(s.b))
    }

    /// Is the vertex user-inserted (by [`Cdt::insert_vertex`])?
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let v = cdt.insert_vertex([1.0, 1.0]).unwrap();
    /// assert!(cdt.is_user_vertex(v).unwrap());
    /// ```
    pub fn is_user_vertex(&self, v: VertexId) -> Result<bool, CdtError> {
        Ok(self.is_user(self.mesh.vraw(v)?))
    }

    /// The triangulation written out: live vertices, counter-clockwise
    /// inner triangles covering the bounds, each constrained edge once
    /// (walls and border).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let d = cdt.dump();
    /// assert_eq!((d.vertices.len(), d.triangles.len(), d.constrained.len()), (4, 2, 4));
    /// ```
    pub fn dump(&self) -> MeshDump {
        let m = &self.mesh;
        let mut map = vec![NONE; m.pos.len()];
        let mut d = MeshDump::default();
        for (v, e) in m.vedge.iter().enumerate() {
            if e != NONE {
                map[v] = d.vertices.len() as u32;
                d.vertices.push([m.pos[v].x, m.pos[v].y]);
            }
        }
        for f in OUTER_FACES..m.fedge.len() as u32 {
            let e = m.fedge.get(f as usize);
            if e == NONE {
                continue;
            }
            let n = m.raw_next(e);
            d.triangles.push([
                map[m.raw_origin(e) as usize],
                map[m.raw_origin(n) as usize],
                map[m.raw_origin(m.raw_next(n)) as usize],
            ]);
        }
        for e in self.constrained_edges() {
            d.constrained.push([
                map[m.raw_origin(e.idx) as usize],
                map[m.raw_dest(e.idx) as usize],
            ]);
        }
        d
    }

    /// Bytes held by all buffers of the triangulation (mesh, constraint
    /// side tables, shapes, scratch).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(cdt.heap_bytes() >= cdt.mesh().heap_bytes());
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.heap_parts().iter().map(|p| p.bytes).sum()
    }

    /// [`Cdt::heap_bytes`] table by table (the mesh's tables first).
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).unwrap();
    /// let parts = cdt.heap_parts();
    /// assert_eq!(parts.iter().map(|p| p.bytes).sum::<usize>(), cdt.heap_bytes());
    /// assert!(parts.iter().any(|p| p.name == "cdt.segments" && p.bytes > 0));
    /// ```
    pub fn heap_parts(&self) -> Vec<crate::mesh::HeapPart> {
        use crate::mesh::{HeapPart, vec_bytes};
        use std::mem::size_of;
        let owners: usize = self.owners.heap_bytes()
            + self
                .owners
                .values()
                .map(|o| o.more.as_ref().map_or(0, |m| 24 + m.capacity() * 4))
                .sum::<usize>();
        let shapes: usize = vec_bytes(&self.shapes)
            + self
                .shapes
                .iter()
                .map(|s| s.segs.capacity() * 4)
                .sum::<usize>()
            + vec_bytes(&self.free_shapes);
        let sc = &self.sc;
        let scratch = vec_bytes(&sc.crossed)
            + vec_bytes(&sc.left)
            + vec_bytes(&sc.right)
            + vec_bytes(&sc.edges)
            + vec_bytes(&sc.faces)
            + vec_bytes(&sc.made)
            + vec_bytes(&sc.poly)
            + vec_bytes(&sc.tris)
            + vec_bytes(&sc.stitch)
            + vec_bytes(&self.flips)
            + vec_bytes(&self.pending)
            + vec_bytes(&self.tasks)
            + vec_bytes(&self.created);
        let part = |name, bytes| HeapPart { name, bytes };
        let mut parts = self.mesh.heap_parts();
        parts.extend([
            part("cdt.edge_owners", owners),
            part("cdt.crossings", self.crossings.heap_bytes()),
            part(
                "cdt.segments",
                self.segs.capacity() * size_of::<Segment>() + vec_bytes(&self.free_segs),
            ),
            part("cdt.shapes", shapes),
            part("cdt.user_vertex_bits", vec_bytes(&self.user)),
            part("cdt.location_grid", vec_bytes(&self.hgrid)),
            part("cdt.scratch", scratch),
            part(
                "cdt.undo_logs",
                self.owners.log_bytes() + self.crossings.log_bytes() + self.op.heap_bytes(),
            ),
        ]);
        parts
    }
}
