//! Path finding for discs of any radius on the triangulation.
//!
//! - radius 0: an exact interval search (Polyanya-style cones on the
//!   triangles, module `search`): the true Euclidean shortest path.
//! - radius > 0: A* over the tangent graph of the circles of that radius
//!   around the wall corners, generated lazily from the triangles
//!   (module `tangent`): the shortest path that keeps the radius from every wall.
//!
//! The path finder works on a [`NavMesh`] snapshot; [`PathFinder`] keeps the
//! search buffers between queries.
//!
//! ```
//! use daedalus::{Point, mesh::MeshDump, path::{NavMesh, PathFinder}};
//! let dump = MeshDump {
//!     vertices: vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]],
//!     triangles: vec![[0, 1, 2], [0, 2, 3]],
//!     constrained: vec![],
//! };
//! let nav = NavMesh::from_dump(&dump).unwrap();
//! let mut finder = PathFinder::new();
//! let path = finder.find_path(&nav, Point::new(1.0, 1.0), Point::new(9.0, 5.0), 0.0).unwrap();
//! assert!((path.length() - 80f64.sqrt()).abs() < 1e-12);
//! ```

mod batch;
mod disc_search;
#[cfg(test)]
mod lcg;
mod navmesh;
mod point_search;
mod sampler;
pub mod stats;
mod types;

pub use batch::{Query, find_paths};
pub use navmesh::{NavMesh, NavUpdate};
pub use sampler::{PathSampler, SampleError};
pub use types::{Path, Rotation, Turn};

use crate::Point;

/// Why no path was returned.
///
/// ```
/// use daedalus::path::PathError;
/// assert_eq!(PathError::NoPath.to_string(), "no path between start and goal");
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// A coordinate or the radius is NaN or infinite.
    #[error("start, goal or radius is not finite")]
    NonFinite,
    /// The radius is negative.
    #[error("negative radius {0}")]
    NegativeRadius(f64),
    /// The start lies outside the world.
    #[error("start {0:?} is outside the world")]
    StartOutside(Point),
    /// The goal lies outside the world.
    #[error("goal {0:?} is outside the world")]
    GoalOutside(Point),
    /// The start is closer than the radius to a wall.
    #[error("start is closer than the radius to a wall")]
    StartBlocked,
    /// The goal is closer than the radius to a wall.
    #[error("goal is closer than the radius to a wall")]
    GoalBlocked,
    /// Start and goal are not connected for this radius.
    #[error("no path between start and goal")]
    NoPath,
    /// The slack given to [`Path::polyline_within`] is not a positive
    /// finite number (or is below `1e-12` times the radius).
    #[error("bad polyline slack {0}")]
    BadSlack(f64),
    /// The radius-0 search made more nodes than its safety net allows (64
    /// per half-edge): never seen on a valid mesh (the worst of the 5,530
    /// map queries of `tests/path_maps.rs` makes 0.43 per half-edge);
    /// reported instead of a wrong "no path" or a longer path.
    #[error("the search gave up after {0} nodes (corrupt mesh?)")]
    SearchLimit(usize),
    /// The mesh given to [`NavMesh::from_dump`] is not a triangulation.
    #[error("invalid mesh: {0}")]
    InvalidMesh(&'static str),
}

/// Finds paths; keeps its search buffers between queries (create one per
/// thread and reuse it).
///
/// ```
/// let finder = daedalus::path::PathFinder::new();
/// # let _ = finder;
/// ```
#[derive(Default, Debug, Clone)]
pub struct PathFinder {
    search: point_search::Search,
    tangent: disc_search::TangentSearch,
}

impl PathFinder {
    /// A finder with empty buffers.
    ///
    /// ```
    /// let _f = daedalus::path::PathFinder::new();
    /// ```
    pub fn new() -> PathFinder {
        PathFinder::default()
    }

    /// Test setting (`testing` feature): the radius > 0 search prepares its radius-0 bound after
    /// the work of `expansions` flooding expansions instead of its default
    /// (0: before the first pop), so that small test worlds exercise the
    /// bound.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_bound_after(0);
    /// ```
    #[cfg(feature = "testing")]
    pub fn set_bound_after(&mut self, expansions: usize) {
        self.tangent.knobs.bound_after = Some(expansions);
    }

    /// Test setting (`testing` feature): the radius > 0 search floods the goal's sight (which
    /// corners may have an edge to the goal) after `expansions` expansions
    /// at the latest (0: before the first), not only once an edge to the
    /// goal is found blocked, so that tests exercise the flood.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_goal_sight_after(0);
    /// ```
    #[cfg(feature = "testing")]
    pub fn set_goal_sight_after(&mut self, expansions: usize) {
        self.tangent.knobs.goal_after = Some(expansions);
    }

    /// Bench setting (`testing` feature): every radius-0 query then also does, per node, the
    /// least work an interval search for discs of `radius` would add (see
    /// the `probe` module; `None`: off, keeping what it gathered for the
    /// same radius). Its answers do not change.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_disc_probe(Some(2.0));
    /// ```
    #[cfg(feature = "testing")]
    pub fn set_disc_probe(&mut self, radius: Option<f64>) {
        match (radius, &mut self.search.probe) {
            (Some(r), Some(p)) if p.r == r => p.on = true,
            (Some(r), p) => *p = Some(point_search::DiscProbe::new(r)),
            (None, Some(p)) => p.on = false,
            (None, None) => {}
        }
    }

    /// Test setting (`testing` feature): forgets what the radius > 0 search keeps across queries
    /// (tangent edges, their clearance, walls near corners), so that its
    /// next query runs as the first one after a change of the mesh.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.forget_tangent_cache();
    /// ```
    #[cfg(feature = "testing")]
    pub fn forget_tangent_cache(&mut self) {
        self.tangent.forget();
    }

    /// Test setting (`testing` feature): checks every tangent-cache entry the radius > 0 search
    /// would still use on `nav` against a fresh computation on it; the
    /// number of entries checked, or what differs.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [9.0, 9.0]).unwrap();
    /// let nav = daedalus::path::NavMesh::from_cdt(&cdt);
    /// assert_eq!(daedalus::path::PathFinder::new().audit_tangent_cache(&nav), Ok(0));
    /// ```
    #[cfg(feature = "testing")]
    pub fn audit_tangent_cache(&mut self, nav: &NavMesh) -> Result<usize, String> {
        self.tangent.audit_cache(nav)
    }

    /// What this finder's searches did: the work of the last query and
    /// how the radius > 0 search used its tangent cache (see [`stats`]).
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let nav = NavMesh::from_cdt(&cdt);
    /// let mut f = PathFinder::new();
    /// assert_eq!(f.stats().expansions, 0);
    /// f.find_path(&nav, Point::new(1.0, 1.0), Point::new(9.0, 9.0), 0.5).unwrap();
    /// assert_eq!(f.stats().cache.kept, 0);
    /// ```
    pub fn stats(&self) -> stats::SearchStats {
        stats::SearchStats {
            nodes: self.search.node_count(),
            expansions: self.tangent.counters.expansions,
            cache: self.tangent.counters.cache,
        }
    }

    /// The shortest path from `from` to `to` for a disc of `radius`
    /// centred on the path that never overlaps a wall.
    ///
    /// ```
    /// use daedalus::{Point, mesh::MeshDump, path::{NavMesh, PathError, PathFinder}};
    /// let dump = MeshDump {
    ///     vertices: vec![[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]],
    ///     triangles: vec![[0, 1, 2], [0, 2, 3]],
    ///     constrained: vec![],
    /// };
    /// let nav = NavMesh::from_dump(&dump).unwrap();
    /// let mut f = PathFinder::new();
    /// assert_eq!(f.find_path(&nav, Point::new(9.0, 1.0), Point::new(1.0, 1.0), 0.0), Err(PathError::StartOutside(Point::new(9.0, 1.0))));
    /// assert_eq!(f.find_path(&nav, [0.5, 1.0], (2.0, 2.0), 1.0), Err(PathError::StartBlocked));
    /// ```
    pub fn find_path(
        &mut self,
        nav: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
        radius: f64,
    ) -> Result<Path, PathError> {
        let (from, to) = (from.into(), to.into());
        if !(from.x.is_finite()
            && from.y.is_finite()
            && to.x.is_finite()
            && to.y.is_finite()
            && radius.is_finite())
        {
            return Err(PathError::NonFinite);
        }
        if radius < 0.0 {
            return Err(PathError::NegativeRadius(radius));
        }
        if radius == 0.0 {
            // The searches locate both ends themselves: here only to name
            // the one outside.
            return match self.search.run(nav, from, to) {
                Some(point_search::Outcome::Found(pts)) => Ok(Path {
                    start: from,
                    goal: to,
                    radius,
                    turns: pts[1..pts.len() - 1]
                        .iter()
                        .map(|&c| Turn {
                            center: c,
                            radius: 0.0,
                            from: c,
                            to: c,
                            rotation: Rotation::CounterClockwise,
                        })
                        .collect(),
                }),
                Some(point_search::Outcome::NoPath) => Err(PathError::NoPath),
                Some(point_search::Outcome::Limit(n)) => Err(PathError::SearchLimit(n)),
                None if nav.locate(from).is_none() => Err(PathError::StartOutside(from)),
                None => Err(PathError::GoalOutside(to)),
            };
        }
        self.tangent.run(nav, &mut self.search, (from, to), radius)
    }
}
