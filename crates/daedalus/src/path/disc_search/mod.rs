//! Radius > 0: A* over the tangent graph of the circles of radius `r`
//! around the wall corners, with the triangulation answering the geometric
//! questions.
//!
//! Why this is optimal: the free space (points at distance >= r from every
//! wall) is the plane minus the union of the open r-neighbourhoods of the
//! wall segments. A shortest path in it is taut: straight except where it
//! wraps the boundary of an obstacle, and the only boundary pieces a taut
//! path can bend on are the circles of radius r around wall end points
//! (the straight sides of a segment's neighbourhood are tangents between
//! its end circles, and the notches where two neighbourhoods meet are
//! concave). So the shortest path is a sequence of tangent segments
//! between those circles and arcs along them: a path in the tangent graph,
//! searched here with A* (admissible, consistent Euclidean heuristic: every
//! edge is at least as long as its chord; a search that runs long without
//! coming near the goal, or runs very long, switches to the larger,
//! admissible radius-0 distance bound of [`super::bound`]).
//!
//! That bound is a point's distance in the mesh with every edge between two
//! corners shorter than `2 r` shut: such an edge shuts off a gap no disc
//! passes, so the bound sees the disc's detours through wide gaps, and a
//! goal cut off by narrow edges is answered `NoPath` once the bound is
//! taken (one radius-0 search) instead of after a flood of the tangent
//! graph of the start's whole component. It is taken lazily: a state is pushed with
//! the larger of the Euclidean distance and its parent's bound less the
//! step, and raised to its arrival point's bound when popped (pushed back
//! if that raises its key).
//!
//! Gaps: a disc may touch a wall, never cross it, so a gap of exactly
//! `2 r` is open and any narrower one is shut. Clearance distances further
//! than the relative band `CLEAR_TOL` (1e-9) from `r` are decided in
//! floats (their rounding is below 1e-15 relative); inside the band the
//! static gap that decides is tested exactly on the input coordinates
//! (`geometry::distance_at_least` and friends, error-free expansions):
//! the start and goal discs and segments between them against a wall,
//! a corner's arc or tangent point against a wall not at the corner
//! (corner-wall gap `>= 2 r`), a wall end beside an outer tangent (the
//! centre line's distance `>= 2 r`), and whether two circles have a
//! tangent (`|u w| >= 2 r` for an inner one). Float constructions remain:
//! the tangent points and arc angles (`kernels`, a few ulps of the
//! coordinates; lengths agree with the independent reference within
//! 1e-9 relative), the free-arc tests on angles (`ANG_TOL`) and a wall end
//! within the band of a tangent from the start, to the goal or of an inner
//! tangent (no static gap: decided at `r (1 - 1e-9)`, see
//! `clearance::wall_clear`).
//!
//! The graph is generated lazily:
//! - only corners whose walls leave a free angle of more than 180 degrees
//!   can be wrapped (elsewhere every point of the circle is closer than r
//!   to a wall); the wrap then stays inside the "free arc" of the circle;
//! - a tangent from the circle of `u` to the circle of `w` with clearance r
//!   implies that the segment `u w` properly crosses no wall, so the
//!   successors of `u` are the corners of the triangles seen from `u`
//!   (a visibility flood over the triangles, inclusive at every boundary:
//!   a superset), limited to the cone where a taut path's successors lie
//!   and to a disc around `u`: a state pushes its successors ring by ring
//!   (partial expansion, see `TangentSearch::defer`), so a search costs
//!   what it touches, not how far a corner sees (along a grid's straight
//!   lanes, to the world's edge); the start's flood keeps its windows in
//!   the search's heap, keyed by a lower bound of the successors beyond
//!   them (`start`), so it floods only as far as the search gets; the
//!   goal's flood (which corners see it) covers a disc about the midpoint
//!   of start and goal, grown when a corner beyond it asks, and runs
//!   only when an edge to the goal is first found blocked: until then each
//!   corner expanded pushes one, checked when popped (a short search in
//!   the open ends on its first);
//!   once a second query expands a circle's side (per radius) the cone
//!   its edges can reach is flooded once and the tangent edges leaving
//!   that side, sorted by where they leave its free arc, are kept across
//!   queries and across changes that do not reach them (`cache`): an
//!   expansion then pushes the edges after its arrival from a list;
//! - an edge is pushed with its exact length and checked for clearance only
//!   when popped (lazy A*): most candidate edges are never checked, and a
//!   checked one keeps its answer in the cache.
//!
//! An arrival on a circle is dropped when an earlier arrival on the same
//! circle and side reaches it along a clear arc at no greater cost.

mod astar;
mod clearance;
mod cone;
mod counters;
mod edge_cache;
mod frontier;
mod kernels;
mod knobs;
mod lower_bound;
mod reconstruct;
mod scratch;
mod start;
mod visibility;

use std::f64::consts::{PI, TAU};

use crate::Point;
use crate::geometry::{orient2d, tolerance};

use super::navmesh::{NONE, NavMesh, ang, next, prev};
use super::point_search::Search;
use super::{Path, PathError, Rotation, Turn};
use crate::geometry::{
    arc_segment_distance, distance_point_segment, segment_distance, segments_meet,
};
use cone::Cone;
use kernels::{offset, tangent};
use visibility::Reach;

/// Sweeps up to which `arc_clear` finds an arc's midpoint from its ends'
/// sum (at a half turn the sum vanishes).
const SUM_MID: f64 = 2.0;
/// The radius of the goal flood's first disc, in `|s t|` (plus `r`),
/// about the midpoint of start and goal (chosen by measurement with
/// `radius_timing`).
const GOAL_DISC: f64 = 0.55;

/// Work before the search takes the radius-0 bound as heuristic, counted
/// in expansions that flood: one that scans cached edges counts
/// `1 / FLOOD_WORK` of it. With warm caches a bound taken early costs
/// more than it saves, while flooding searches still gain from it early
/// (chosen by measurement with `radius_timing`, `RADIUS_BOUND_AFTER`).
const LAZY_BOUND: usize = 32;
/// ... but only while no expanded arrival has come within this fraction
/// of the straight distance of the goal; after `LATE_BOUND` in any case.
///
/// Why: the bound's backward search costs about a radius-0 query of the
/// same ends, and on open maps that is many times this search with warm
/// caches. Per query, the searches it slows are those about
/// to end (their smallest key already near the path's length, an arrival
/// near the goal); those it speeds up many times are stuck behind a wall
/// (smallest key 1.0 - 1.3 times the straight distance, the path's 1.5 -
/// 2.8 times), none of their arrivals near the goal (chosen by
/// measurement with `radius_timing`, all maps, warm).
const NEAR_GOAL: f64 = 0.35;
/// Work (as `LAZY_BOUND`) after which the bound is taken even near the
/// goal (a goal behind a wall close to it).
const LATE_BOUND: usize = 128;
/// An expansion that floods against one that scans cached edges (about 4
/// times its time; weighted 8 so a warm search takes the bound late).
const FLOOD_WORK: usize = 8;

const START: u32 = u32::MAX - 1;
const GOAL: u32 = u32::MAX - 2;

#[derive(Clone, Copy, Debug)]
struct State {
    /// Vertex whose circle the state arrives on, or `START` / `GOAL`.
    v: u32,
    /// +1: the path wraps `v` counter-clockwise (`v` on its left), -1 clockwise.
    dir: f64,
    /// Arrival point (tangent point on the circle of `v`).
    at: Point,
    /// Departure point on the parent's circle.
    dep: Point,
    /// Angle swept on the parent's circle from its arrival to `dep`.
    sweep: f64,
    parent: u32,
    g: f64,
    /// Lower bound of the distance left (raised when pushed from a kept
    /// edge with a fresh triangle hint, or else when popped: see `rekey`).
    h: f64,
    /// `h` includes the shut-mesh bound of the arrival point.
    keyed: bool,
    checked: bool,
    /// The cached edge into this state (its clearance kept across
    /// queries), or `NONE` for an edge from the start or to the goal.
    edge: u32,
    /// Successors pushed so far: those whose centre lies within this
    /// distance of `v` (0: not expanded; see `TangentSearch::defer`).
    reach: f64,
    /// Offset of `at` along the free arc of `v` (`arc_pos`), NaN until
    /// computed (an edge from the cache brings it: one `atan2` per edge
    /// and snapshot instead of three per pop).
    oa: f64,
    /// The cached edge's triangle hint (`Edge::tri`), copied when pushed:
    /// a popped state's bound then needs no load of its edge.
    tri: (u32, u32),
}

impl State {
    /// A successor of state `parent` reaching the circle of `v` (side
    /// `dir`) by the tangent `dep -> at` after sweeping `sweep` on the
    /// parent's circle, with cost `g` (its bound set when pushed).
    fn next(
        parent: u32,
        g: f64,
        (v, dir): (u32, f64),
        (dep, at): (Point, Point),
        sweep: f64,
        edge: u32,
        oa: f64,
    ) -> State {
        State {
            v,
            dir,
            at,
            dep,
            sweep,
            parent,
            g,
            h: 0.0,
            keyed: false,
            checked: false,
            edge,
            reach: 0.0,
            oa,
            tri: (NONE, 0),
        }
    }
}

/// The radius > 0 search: its per-query buffers, the tangent edges it
/// keeps across queries, its counters and its test settings, each owned
/// by its own module.
#[derive(Default, Debug, Clone)]
pub(crate) struct TangentSearch {
    /// Per-query buffers.
    scratch: scratch::Scratch,
    /// Tangent edges and near walls kept across queries, per radius.
    caches: edge_cache::EdgeCaches,
    /// What the searches did (see [`crate::path::stats`]).
    pub(crate) counters: counters::Counters,
    /// Test settings.
    pub(crate) knobs: knobs::Knobs,
}
