//! Counters of a [`PathFinder`](super::PathFinder)'s searches: how much
//! work the last query did and how the radius > 0 search used what it
//! keeps across queries. They are a supported part of the API (for
//! profiling, benchmarks and tests), read with
//! [`PathFinder::stats`](super::PathFinder::stats); counting costs a few
//! integer additions per query.
//!
//! ```
//! use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
//! let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
//! cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap();
//! let nav = NavMesh::from_cdt(&cdt);
//! let mut finder = PathFinder::new();
//! finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
//! assert!(finder.stats().nodes > 0);
//! finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.5).unwrap();
//! assert!(finder.stats().expansions > 0);
//! ```

/// What a finder's searches did (see the [module](self)).
///
/// ```
/// let s = daedalus::path::PathFinder::new().stats();
/// assert_eq!((s.nodes, s.expansions), (0, 0));
/// assert_eq!(s.cache, daedalus::path::stats::CacheCounts::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Search nodes made by the last radius-0 search: a radius-0 query's
    /// own, or the lower bound a radius > 0 query took. Its safety net
    /// gives up past 64 per half-edge
    /// ([`PathError::SearchLimit`](super::PathError::SearchLimit)).
    pub nodes: usize,
    /// States expanded by the last radius > 0 search.
    pub expansions: usize,
    /// How the radius > 0 searches found their corners in the tangent
    /// cache, counted since the finder was made.
    pub cache: CacheCounts,
}

/// How the expansions of the radius > 0 search found their corner's side
/// in the tangent cache (the edges leaving a corner's circle, kept across
/// queries and across changes that do not reach them), counted over a
/// finder's life.
///
/// ```
/// let c = daedalus::path::stats::CacheCounts::default();
/// assert_eq!(c.kept + c.regrown + c.dropped + c.cone + c.filled, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheCounts {
    /// Kept edges used.
    pub kept: u64,
    /// Kept edges reaching too short a distance, flooded again farther.
    pub regrown: u64,
    /// Kept edges a change came near: dropped.
    pub dropped: u64,
    /// Not kept: a flood of the arrival's cone only.
    pub cone: u64,
    /// Not kept, expanded by an earlier query: flooded and kept.
    pub filled: u64,
    /// Kept edges a change came near in a few sectors: those sectors
    /// flooded again, the rest kept (counted in `kept` too).
    pub repaired: u64,
    /// Edges the repairs kept.
    pub repair_kept: u64,
}
