//! Spatial queries on the live triangulation: distance to the nearest
//! wall, free discs, the nearest free spot and path validity.
//!
//! Every query floods the triangles near its point (or path) across
//! unconstrained edges only, from the triangle the exact point location of
//! [`Cdt::locate`] gives, and stops where nothing nearer can be found: the
//! cost depends on the triangles near the query, never on the world. The
//! distances are computed in floating point with the same formula as the
//! path finder's start test, so [`Cdt::is_free`] answers what
//! [`crate::path::PathFinder::find_path`] decides about a start point.
//!
//! ```
//! use daedalus::triangulation::Cdt;
//! let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
//! cdt.insert_segment([5.0, 0.0], [5.0, 6.0]).unwrap();
//! assert_eq!(cdt.clearance([4.0, 3.0]).unwrap(), 1.0);
//! assert!(!cdt.is_free([4.5, 3.0], 1.0).unwrap());
//! let q = cdt.nearest_free([4.5, 3.0], 1.0, 2.0).unwrap().unwrap();
//! assert!(cdt.is_free(q, 1.0).unwrap() && q.x < 4.5);
//! ```

mod nearest;

use crate::geometry::tolerance;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use crate::Point;
use crate::geometry::{distance_point_segment, segment_distance, segments_cross, segments_meet};
use crate::mesh::{EdgeId, FaceId, Mesh};
use crate::path::Path;
use crate::triangulation::{Cdt, Location};

/// Why a spatial query has no answer.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// assert_eq!(cdt.clearance([f64::NAN, 0.0]), Err(daedalus::spatial::SpatialError::NonFinite));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SpatialError {
    /// A coordinate, radius or distance is NaN or infinite.
    #[error("point, radius or distance is not finite")]
    NonFinite,
    /// A radius or distance is negative.
    #[error("negative radius or distance {0}")]
    Negative(f64),
    /// The point lies outside the world.
    #[error("point {0:?} is outside the world")]
    Outside(Point),
}

fn check(p: Point) -> Result<(), SpatialError> {
    if p.is_finite() {
        Ok(())
    } else {
        Err(SpatialError::NonFinite)
    }
}

fn check_len(r: f64) -> Result<(), SpatialError> {
    if !r.is_finite() {
        Err(SpatialError::NonFinite)
    } else if r < 0.0 {
        Err(SpatialError::Negative(r))
    } else {
        Ok(())
    }
}

/// The end points of an edge.
fn ends(m: &Mesh, e: EdgeId) -> (Point, Point) {
    let a = m.position(m.origin(e).expect("live")).expect("live");
    let b = m.position(m.destination(e).expect("live")).expect("live");
    (a, b)
}

/// Faces a flood has met: most floods near a point meet a few dozen, so
/// a short list searched in place (no hashing, no allocation beyond one
/// small vector), a hash set once it grows.
#[derive(Default)]
struct Seen {
    few: Vec<usize>,
    many: HashSet<usize>,
}

impl Seen {
    const FEW: usize = 48;

    /// Adds `f`; `true` when it was new.
    fn insert(&mut self, f: usize) -> bool {
        if self.few.len() < Self::FEW {
            if self.few.contains(&f) {
                return false;
            }
            self.few.push(f);
            return true;
        }
        if self.many.is_empty() {
            self.many.extend(self.few.iter().copied());
        }
        self.many.insert(f)
    }
}

impl Cdt {
    /// The inner triangles holding `p` (one, or those around the edge or
    /// vertex it lies on); `None` outside the world.
    pub(crate) fn faces_at(&self, p: Point) -> Result<Option<Vec<FaceId>>, SpatialError> {
        check(p)?;
        let m = self.mesh();
        let loc = self.locate(p).map_err(|_| SpatialError::NonFinite)?;
        Ok(match loc {
            Location::Outside => None,
            Location::Face(f) => Some(vec![f]),
            Location::Edge(e) => {
                let mut v = vec![m.left_face(e).expect("live")];
                let r = m.right_face(e).expect("live");
                if !m.is_outer_face(r).expect("live") {
                    v.push(r);
                }
                Some(v)
            }
            Location::Vertex(v) => Some(m.vertex_faces(v).expect("live").collect()),
        })
    }

    /// Floods from the triangles at `p` across unconstrained edges for
    /// which `near` holds; calls `wall` on every constrained edge for which
    /// `near` holds (each side once per face met). Stops early when `wall`
    /// returns `true`. `None` when `p` is outside.
    pub(crate) fn flood_near(
        &self,
        p: Point,
        near: impl FnMut(Point, Point) -> bool,
        wall: impl FnMut(Point, Point) -> bool,
    ) -> Result<Option<()>, SpatialError> {
        let Some(start) = self.faces_at(p)? else {
            return Ok(None);
        };
        self.flood_from(start, near, wall);
        Ok(Some(()))
    }

    /// [`Cdt::flood_near`] from given triangles (those at the point, from
    /// [`Cdt::faces_at`]: several floods from one point locate it once).
    pub(crate) fn flood_from(
        &self,
        start: Vec<FaceId>,
        mut near: impl FnMut(Point, Point) -> bool,
        mut wall: impl FnMut(Point, Point) -> bool,
    ) {
        let m = self.mesh();
        let mut seen = Seen::default();
        for f in &start {
            seen.insert(f.index());
        }
        let mut stack = start;
        while let Some(f) = stack.pop() {
            for e in m.face_edges(f).expect("live") {
                let (a, b) = ends(m, e);
                if !near(a, b) {
                    continue;
                }
                if m.is_constrained(e).expect("live") {
                    if wall(a, b) {
                        return;
                    }
                    continue;
                }
                let g = m.right_face(e).expect("live");
                if seen.insert(g.index()) {
                    stack.push(g);
                }
            }
        }
    }

    /// Distance from `p` to the nearest wall (the world border included).
    /// A best-first flood from `p` over the triangles nearer than the
    /// nearest wall found so far.
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, spatial::SpatialError};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(cdt.clearance([3.0, 5.0]).unwrap(), 3.0);
    /// cdt.insert_segment([2.0, 0.0], [2.0, 9.0]).unwrap();
    /// assert_eq!(cdt.clearance([3.0, 5.0]).unwrap(), 1.0);
    /// assert_eq!(cdt.clearance([11.0, 5.0]), Err(SpatialError::Outside([11.0, 5.0].into())));
    /// ```
    pub fn clearance(&self, p: impl Into<Point>) -> Result<f64, SpatialError> {
        let p = p.into();
        let Some(start) = self.faces_at(p)? else {
            return Err(SpatialError::Outside(p));
        };
        let m = self.mesh();
        let mut best = f64::INFINITY;
        let mut seen: HashSet<usize> = HashSet::new();
        let mut heap: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
        let mut faces: Vec<FaceId> = Vec::new();
        for f in start {
            faces.push(f);
            heap.push(Reverse((0f64.to_bits(), faces.len() - 1)));
        }
        while let Some(Reverse((k, i))) = heap.pop() {
            if f64::from_bits(k) >= best {
                break;
            }
            let f = faces[i];
            if !seen.insert(f.index()) {
                continue;
            }
            for e in m.face_edges(f).expect("live") {
                let (a, b) = ends(m, e);
                let d = distance_point_segment(a, b, p);
                if d >= best {
                    continue;
                }
                if m.is_constrained(e).expect("live") {
                    best = d;
                } else {
                    let g = m.right_face(e).expect("live");
                    if !seen.contains(&g.index()) {
                        faces.push(g);
                        heap.push(Reverse((d.to_bits(), faces.len() - 1)));
                    }
                }
            }
        }
        Ok(best)
    }

    /// Does a disc of radius `r` about `p` keep clear of every wall (no
    /// wall nearer than `r`; `false` outside the world)? The same test
    /// [`crate::path::PathFinder::find_path`] applies to its start.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(cdt.is_free([1.0, 1.0], 1.0).unwrap());
    /// assert!(!cdt.is_free([1.0, 1.0], 1.5).unwrap());
    /// assert!(!cdt.is_free([-1.0, 1.0], 0.0).unwrap());
    /// ```
    pub fn is_free(&self, p: impl Into<Point>, r: f64) -> Result<bool, SpatialError> {
        let p = p.into();
        check_len(r)?;
        let mut hit = false;
        let out = self.flood_near(
            p,
            |a, b| distance_point_segment(a, b, p) < r,
            |_, _| {
                hit = true;
                true
            },
        )?;
        Ok(out.is_some() && !hit)
    }

    /// Every wall within `reach` of `p` that a flood from `p` meets
    /// (each once); `None` outside the world.
    pub(crate) fn walls_near(
        &self,
        p: Point,
        reach: f64,
    ) -> Result<Option<Vec<(Point, Point)>>, SpatialError> {
        let mut walls = Vec::new();
        let out = self.flood_near(
            p,
            |a, b| distance_point_segment(a, b, p) < reach,
            |a, b| {
                let w = if (a.x, a.y) <= (b.x, b.y) {
                    (a, b)
                } else {
                    (b, a)
                };
                walls.push(w);
                false
            },
        )?;
        walls.sort_by(|x, y| {
            [x.0.x, x.0.y, x.1.x, x.1.y]
                .partial_cmp(&[y.0.x, y.0.y, y.1.x, y.1.y])
                .expect("finite")
        });
        walls.dedup();
        Ok(out.map(|()| walls))
    }

    /// Does `path`, as a disc of radius `r`, still keep `r` from every
    /// wall? Straight pieces are tested exactly against the walls within
    /// `r` of them (found by a flood along the piece), arcs against the
    /// walls within `2 r` of their corner; a wall counts as touching when
    /// it comes nearer than `r (1 - 1e-9)` (the path finder's own rounding
    /// slack). `false` when the path leaves the world.
    ///
    /// ```
    /// use daedalus::{Point, path::{NavMesh, Path, PathFinder}, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let nav = NavMesh::from_cdt(&cdt);
    /// let path = PathFinder::new().find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.5).unwrap();
    /// assert!(cdt.path_is_clear(&path, 0.5).unwrap());
    /// cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap(); // a door closes
    /// assert!(!cdt.path_is_clear(&path, 0.5).unwrap());
    /// ```
    pub fn path_is_clear(&self, path: &Path, r: f64) -> Result<bool, SpatialError> {
        check_len(r)?;
        let tol = r * (1.0 - tolerance::RELATIVE);
        let mut at = path.start;
        let mut pieces: Vec<(Point, Point)> = Vec::new();
        for t in &path.turns {
            pieces.push((at, t.from));
            at = t.to;
        }
        pieces.push((at, path.goal));
        for (a, b) in pieces {
            check(a)?;
            check(b)?;
            let mut hit = false;
            let out = self.flood_near(
                a,
                |c, d| {
                    segment_distance(a, b, c, d) < tol || (r == 0.0 && segments_meet(a, b, c, d))
                },
                |c, d| {
                    // radius 0: touching a wall is fine, crossing is not
                    hit = r > 0.0 || segments_cross(a, b, c, d);
                    hit
                },
            )?;
            if out.is_none() || hit {
                return Ok(false);
            }
        }
        for t in path.turns.iter().filter(|t| t.radius > 0.0 && r > 0.0) {
            let mut hit = false;
            let reach = 2.0 * r + t.radius;
            let out = self.flood_near(
                t.from,
                |c, d| distance_point_segment(c, d, t.center) < reach,
                |c, d| {
                    hit = t.distance_to_segment(c, d) < tol;
                    hit
                },
            )?;
            if out.is_none() || hit {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
