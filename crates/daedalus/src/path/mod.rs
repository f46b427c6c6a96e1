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
mod bound;
#[cfg(test)]
mod lcg;
mod nav;
#[cfg(feature = "testing")]
mod probe;
mod sampler;
mod search;
mod tangent;

/// The entity type lives in [`crate::world`] (a [`crate::World`] moves it).
pub use crate::world::Entity;
pub use batch::{Query, find_paths};
pub use sampler::{PathSampler, SampleError};

pub use nav::{NavMesh, NavUpdate};
#[doc(hidden)]
pub use tangent::CacheCounts;

use crate::Point;
use crate::spatial::arc::from_base;

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

/// A turn of the path around a corner: an arc of the circle of radius
/// `radius` about `center`, from tangent point `from` to tangent point `to`
/// in the direction `rotation`. For radius 0, `from == to == center`.
///
/// ```
/// use daedalus::{Point, path::{Rotation, Turn}};
/// let t = Turn { center: Point::new(0.0, 0.0), radius: 1.0, from: Point::new(1.0, 0.0), to: Point::new(0.0, 1.0), rotation: Rotation::CounterClockwise };
/// assert!((t.arc_length() - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    /// The corner turned around.
    pub center: Point,
    /// Radius of the arc (the disc radius).
    pub radius: f64,
    /// Where the path enters the arc.
    pub from: Point,
    /// Where the path leaves the arc.
    pub to: Point,
    /// Which way the arc turns.
    pub rotation: Rotation,
}

/// Which way a [`Turn`] goes round its corner.
///
/// ```
/// use daedalus::path::Rotation;
/// assert_ne!(Rotation::Clockwise, Rotation::CounterClockwise);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// Counter-clockwise (the corner on the path's left).
    CounterClockwise,
    /// Clockwise (the corner on the path's right).
    Clockwise,
}

impl Turn {
    /// The angle swept from `from` to `to` in the turn's direction, in [0, 2 pi).
    ///
    /// ```
    /// use daedalus::{Point, path::{Rotation, Turn}};
    /// let t = Turn { center: Point::new(0.0, 0.0), radius: 1.0, from: Point::new(1.0, 0.0), to: Point::new(0.0, 1.0), rotation: Rotation::Clockwise };
    /// assert!((t.sweep() - 1.5 * std::f64::consts::PI).abs() < 1e-12);
    /// ```
    pub fn sweep(&self) -> f64 {
        if self.radius == 0.0 {
            return 0.0;
        }
        let a0 = (self.from.y - self.center.y).atan2(self.from.x - self.center.x);
        let a1 = (self.to.y - self.center.y).atan2(self.to.x - self.center.x);
        match self.rotation {
            Rotation::CounterClockwise => from_base(a1, a0),
            Rotation::Clockwise => from_base(a0, a1),
        }
    }

    /// Length of the arc.
    ///
    /// ```
    /// use daedalus::{Point, path::{Rotation, Turn}};
    /// let p = Point::new(2.0, 3.0);
    /// assert_eq!(Turn { center: p, radius: 0.0, from: p, to: p, rotation: Rotation::CounterClockwise }.arc_length(), 0.0);
    /// ```
    pub fn arc_length(&self) -> f64 {
        self.radius * self.sweep()
    }

    /// Point of the arc at angle offset `a` (radians along the turn) from `from`.
    pub(crate) fn at(&self, a: f64) -> Point {
        let a0 = (self.from.y - self.center.y).atan2(self.from.x - self.center.x);
        let ang = match self.rotation {
            Rotation::CounterClockwise => a0 + a,
            Rotation::Clockwise => a0 - a,
        };
        Point::new(
            self.center.x + self.radius * ang.cos(),
            self.center.y + self.radius * ang.sin(),
        )
    }
}

/// A path for a disc: straight segments between turns around corners.
///
/// ```
/// use daedalus::{Point, path::Path};
/// let p = Path::straight(Point::new(0.0, 0.0), Point::new(3.0, 4.0), 0.0);
/// assert_eq!(p.length(), 5.0);
/// assert_eq!(p.waypoints(), vec![Point::new(0.0, 0.0), Point::new(3.0, 4.0)]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// Start point.
    pub start: Point,
    /// Goal point.
    pub goal: Point,
    /// Radius of the disc that travels.
    pub radius: f64,
    /// The corners wrapped, in order.
    pub turns: Vec<Turn>,
}

impl Path {
    /// The straight path from `start` to `goal`.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.5);
    /// assert!(p.turns.is_empty());
    /// ```
    pub fn straight(start: impl Into<Point>, goal: impl Into<Point>, radius: f64) -> Path {
        let (start, goal) = (start.into(), goal.into());
        Path {
            start,
            goal,
            radius,
            turns: Vec::new(),
        }
    }

    /// Start, the tangent points of every turn (each turn's `from`, `to`;
    /// once for radius 0), goal.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// assert_eq!(p.waypoints().len(), 2);
    /// ```
    pub fn waypoints(&self) -> Vec<Point> {
        let mut out = vec![self.start];
        for t in &self.turns {
            out.push(t.from);
            out.push(t.to);
        }
        out.push(self.goal);
        out.dedup();
        if out.len() == 1 {
            out.push(self.goal);
        }
        out
    }

    /// Exact length: straight parts plus arcs.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [0.0, 2.0], 0.0);
    /// assert_eq!(p.length(), 2.0);
    /// ```
    pub fn length(&self) -> f64 {
        let mut len = 0.0;
        let mut at = self.start;
        for t in &self.turns {
            len += at.distance(t.from) + t.arc_length();
            at = t.to;
        }
        len + at.distance(self.goal)
    }

    /// The path as a polyline whose points lie on or outside every arc (arcs
    /// replaced by tangent chords around the circle: each arc point is on
    /// the circle or on a tangent outside it), so no segment comes closer
    /// to the turn's corner than the radius. `max_step` bounds the angle per
    /// piece (radians, clamped to [0.001, 1]); a piece of angle `h` bulges
    /// `r (1 / cos(h / 2) - 1)` beyond its arc, so near a wall opposite the
    /// corner the polyline can come that much closer than the radius: use
    /// [`Path::polyline_within`] to bound that.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// assert_eq!(p.polyline(0.2).len(), 2);
    /// ```
    pub fn polyline(&self, max_step: f64) -> Vec<Point> {
        self.polyline_steps(|_| max_step.clamp(1e-3, 1.0))
    }

    /// The polyline of [`Path::polyline`] with pieces short enough that no
    /// point strays more than `slack` outside its arc: every point keeps at
    /// least `radius - slack` from every wall (and at least `radius` from
    /// the corner it turns around). `slack` must be finite and at least
    /// `1e-12` times the radius (else [`PathError::BadSlack`]); an arc of
    /// sweep `s` takes about `s / sqrt(8 slack / r)` pieces.
    ///
    /// ```
    /// use daedalus::{Point, path::{Path, PathError, Rotation, Turn}};
    /// let c = Point::new(0.0, 0.0);
    /// let t = Turn { center: c, radius: 1.0, from: Point::new(0.0, -1.0), to: Point::new(0.0, 1.0), rotation: Rotation::CounterClockwise };
    /// let p = Path { start: Point::new(-5.0, -1.0), goal: Point::new(-5.0, 1.0), radius: 1.0, turns: vec![t] };
    /// let pts = p.polyline_within(1e-3).unwrap();
    /// // Between start and goal every corner is within 1e-3 outside the circle.
    /// let arc = &pts[1..pts.len() - 1];
    /// assert!(arc.iter().all(|q| q.distance(c) >= 1.0 - 1e-12 && q.distance(c) <= 1.0 + 1e-3 + 1e-12));
    /// assert_eq!(p.polyline_within(0.0), Err(PathError::BadSlack(0.0)));
    /// ```
    pub fn polyline_within(&self, slack: f64) -> Result<Vec<Point>, PathError> {
        if !(slack.is_finite() && slack > 0.0 && slack >= 1e-12 * self.radius) {
            return Err(PathError::BadSlack(slack));
        }
        Ok(self.polyline_steps(|r| {
            // 1 / cos(h / 2) <= 1 + slack / r, at most 1 radian.
            let h = 2.0 * (1.0 / (1.0 + slack / r)).acos();
            h.min(1.0)
        }))
    }

    /// Polyline with arc pieces of at most `step(radius)` radians.
    fn polyline_steps(&self, step: impl Fn(f64) -> f64) -> Vec<Point> {
        let mut out = vec![self.start];
        for t in &self.turns {
            out.push(t.from);
            let sweep = t.sweep();
            if t.radius > 0.0 && sweep > 0.0 {
                let n = (sweep / step(t.radius)).ceil().max(1.0) as usize;
                let h = sweep / n as f64;
                // Vertices of the circumscribed polygon: on the bisector
                // of each piece at distance r / cos(h / 2) (outside the arc).
                let k = 1.0 / (h / 2.0).cos();
                for i in 0..n {
                    let p = t.at((i as f64 + 0.5) * h);
                    out.push(Point::new(
                        t.center.x + (p.x - t.center.x) * k,
                        t.center.y + (p.y - t.center.y) * k,
                    ));
                }
            }
            out.push(t.to);
        }
        out.push(self.goal);
        out.dedup();
        if out.len() == 1 {
            out.push(self.goal);
        }
        out
    }
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
    search: search::Search,
    tangent: tangent::TangentSearch,
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

    /// Test hook: the radius > 0 search prepares its radius-0 bound after
    /// the work of `expansions` flooding expansions instead of its default
    /// (0: before the first pop), so that small test worlds exercise the
    /// bound.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_bound_after(0);
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn set_bound_after(&mut self, expansions: usize) {
        self.tangent.bound_after = Some(expansions);
    }

    /// Test hook: the radius > 0 search floods the goal's sight (which
    /// corners may have an edge to the goal) after `expansions` expansions
    /// at the latest (0: before the first), not only once an edge to the
    /// goal is found blocked, so that tests exercise the flood.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_goal_sight_after(0);
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn set_goal_sight_after(&mut self, expansions: usize) {
        self.tangent.goal_after = Some(expansions);
    }

    /// Bench hook: every radius-0 query then also does, per node, the
    /// least work an interval search for discs of `radius` would add (see
    /// the `probe` module; `None`: off, keeping what it gathered for the
    /// same radius). Its answers do not change.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.set_disc_probe(Some(2.0));
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn set_disc_probe(&mut self, radius: Option<f64>) {
        match (radius, &mut self.search.probe) {
            (Some(r), Some(p)) if p.r == r => p.on = true,
            (Some(r), p) => *p = Some(probe::DiscProbe::new(r)),
            (None, Some(p)) => p.on = false,
            (None, None) => {}
        }
    }

    /// Test hook: forgets what the radius > 0 search keeps across queries
    /// (tangent edges, their clearance, walls near corners), so that its
    /// next query runs as the first one after a change of the mesh.
    ///
    /// ```
    /// let mut f = daedalus::path::PathFinder::new();
    /// f.forget_tangent_cache();
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn forget_tangent_cache(&mut self) {
        self.tangent.forget();
    }

    /// Test hook: checks every tangent-cache entry the radius > 0 search
    /// would still use on `nav` against a fresh computation on it; the
    /// number of entries checked, or what differs.
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [9.0, 9.0]).unwrap();
    /// let nav = daedalus::path::NavMesh::from_cdt(&cdt);
    /// assert_eq!(daedalus::path::PathFinder::new().audit_tangent_cache(&nav), Ok(0));
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn audit_tangent_cache(&mut self, nav: &NavMesh) -> Result<usize, String> {
        self.tangent.audit_cache(nav)
    }

    /// Test hook: search nodes made by the last radius-0 search (its own
    /// or the radius > 0 search's bound): its safety net gives up past 64
    /// per half-edge ([`PathError::SearchLimit`]).
    ///
    /// ```
    /// assert_eq!(daedalus::path::PathFinder::new().last_search_nodes(), 0);
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn last_search_nodes(&self) -> usize {
        self.search.node_count()
    }

    /// Test hook: how the radius > 0 searches of this finder found their
    /// corners in the tangent cache (kept, regrown, dropped by a change,
    /// cone floods before a side is kept, fills), counted since it was
    /// made.
    ///
    /// ```
    /// let f = daedalus::path::PathFinder::new();
    /// assert_eq!(f.tangent_cache_counts().kept, 0);
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn tangent_cache_counts(&self) -> CacheCounts {
        self.tangent.counts
    }

    /// Test hook: states expanded by the last radius > 0 search.
    ///
    /// ```
    /// assert_eq!(daedalus::path::PathFinder::new().last_expansions(), 0);
    /// ```
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn last_expansions(&self) -> usize {
        self.tangent.expanded
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
                Some(search::Outcome::Found(pts)) => Ok(Path {
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
                Some(search::Outcome::NoPath) => Err(PathError::NoPath),
                Some(search::Outcome::Limit(n)) => Err(PathError::SearchLimit(n)),
                None if nav.locate(from).is_none() => Err(PathError::StartOutside(from)),
                None => Err(PathError::GoalOutside(to)),
            };
        }
        self.tangent.run(nav, &mut self.search, (from, to), radius)
    }
}
