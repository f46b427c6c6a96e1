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
mod cache;
mod clearance;
mod cone;
mod frontier;
mod kernels;
mod reconstruct;
mod start;
mod visibility;

use std::f64::consts::{PI, TAU};

use crate::Point;
use crate::geometry::orient2d;

use super::bound::GoalBound;
use super::nav::{NONE, NavMesh, ang, next, prev};
use super::search::Search;
use super::{Path, PathError, Rotation, Turn};
use crate::spatial::arc::arc_seg;
use crate::spatial::{point_seg, seg_seg, segments_meet};
use cone::Cone;
use kernels::{offset, tangent};
use visibility::Reach;

/// Relative slack of the clearance tests (rounding of computed tangent points).
const CLEAR_TOL: f64 = 1e-9;
/// Sweeps up to which `arc_clear` finds an arc's midpoint from its ends'
/// sum (at a half turn the sum vanishes).
const SUM_MID: f64 = 2.0;
/// The radius of the goal flood's first disc, in `|s t|` (plus `r`),
/// about the midpoint of start and goal (chosen with `radius_timing`).
const GOAL_DISC: f64 = 0.55;
/// Angular slack of the free-arc prefilter (the exact clearance test decides).
const ANG_TOL: f64 = 1e-7;

/// Work before the search takes the radius-0 bound as heuristic, counted
/// in expansions that flood: one that scans cached edges counts
/// `1 / FLOOD_WORK` of it. Measured (`radius_timing`,
/// `RADIUS_BOUND_AFTER`): with warm caches a bound taken after 32
/// expansions cost more than it saved (median r2/r0 4.9; 3.2 after 400),
/// while flooding searches still gain from it early.
const LAZY_BOUND: usize = 32;
/// ... but only while no expanded arrival has come within this fraction
/// of the straight distance of the goal; after `LATE_BOUND` in any case.
///
/// Why: the bound's backward search costs about a radius-0 query of the
/// same ends, and on open maps that is many times this search with warm
/// caches. The searches it slows are those about to end (their smallest key
/// already near the path's length, an arrival near the goal); those it
/// speeds up are stuck behind a wall, none of their arrivals near the goal.
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

/// How the expansions of the radius > 0 search found their corner's
/// side in the tangent cache, counted over a finder's life (a test and
/// bench hook, see `PathFinder::tangent_cache_counts`).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// Reusable buffers of the radius > 0 search.
#[derive(Default, Debug, Clone)]
pub(crate) struct TangentSearch {
    states: Vec<State>,
    heap: frontier::Frontier,
    /// Per-query epoch for the per-vertex caches.
    qe: u32,
    /// Flood epoch for triangle / half-edge marks.
    fe: u32,
    tri_mark: Vec<u32>,
    he_mark: Vec<u32>,
    /// Candidate corners of the state being expanded.
    cand_pool: Vec<u32>,
    /// Tangent edges and near walls kept across queries, per radius.
    caches: Vec<cache::EdgeCache>,
    /// The cache of the current query.
    cur: usize,
    /// Queries run (the caches' recency).
    uses: u64,
    /// Per vertex: `qe` when the goal's visibility flood saw it.
    goal_seen: Vec<u32>,
    /// The goal's flood saw every corner within this distance of
    /// `goal_centre` (see `goal_disc`).
    goal_reach: f64,
    /// The centre of the goal flood's disc.
    goal_centre: Point,
    /// The radius of the goal's first flood (see `goal_disc`) while it
    /// has not run: it runs when
    /// the first edge to the goal is found blocked (until then every
    /// expanded corner may push one, checked when popped; on small maps
    /// most searches end without, and the flood was a seventh of a query).
    goal_pending: Option<f64>,
    /// What the last visibility flood left out.
    cut: visibility::Cut,
    /// The box of every triangle the last visibility flood entered.
    flood_box: Option<crate::geometry::Rect>,
    /// How far a tracked flood's triangles reach round its origin, per
    /// sector (what a cache fill depends on, see `cache::profile`).
    profile: Vec<f32>,
    /// The profile's absolute slack (`1e-9` of the world's coordinates).
    prof_abs: f64,
    /// What the expansions found in the cache so far (statistics).
    pub(crate) counts: CacheCounts,
    /// Per vertex and side: expanded arrivals (point, g, offset on the free arc).
    arr_stamp: Vec<u32>,
    arr_list: Vec<Vec<(Point, f64, f64)>>,
    stack: Vec<(u32, Point, Point)>,
    /// The triangles containing the start (during a search; the goal's
    /// are swapped in for its flood).
    tris: Vec<u32>,
    /// The triangles containing the goal.
    gtris: Vec<u32>,
    fan: Vec<u32>,
    /// Heuristic: lower bounds of the distance to the goal.
    bound: GoalBound,
    /// Per cached edge: the first edge leaving its arrival's side at or
    /// after the arrival (see `TangentSearch::first_after`), `NONE` unknown.
    after: Vec<u32>,
    /// The new edges of a repair (see `cache::repair`), before the merge.
    fresh: Vec<cache::Edge>,
    /// The windows of the start's flood (see `start`), in the heap with
    /// the `start::WINDOW` bit.
    windows: Vec<start::Window>,
    /// The start's windows being expanded (see `start`).
    wstack: Vec<start::Window>,
    /// Windows keyed up to this are expanded at once (see `start`).
    eager: f64,
    /// Per vertex: `qe` once the start's flood has pushed its successors.
    start_seen: Vec<u32>,
    /// States expanded by the last query (statistics).
    pub(crate) expanded: usize,
    /// Their work in `1 / FLOOD_WORK` of a flooding expansion (see `LAZY_BOUND`).
    work: usize,
    /// Expansions before the bound is prepared (`LAZY_BOUND` if unset).
    pub(crate) bound_after: Option<usize>,
    /// Expansions after which the goal's flood runs anyway (test hook).
    pub(crate) goal_after: Option<usize>,
}

impl TangentSearch {
    fn begin(&mut self, nav: &NavMesh) {
        let nt = nav.slots();
        let nh = nav.tv.len();
        let nv = nav.pos.len();
        if self.tri_mark.len() < nt {
            self.tri_mark.resize(nt, 0);
        }
        if self.he_mark.len() < nh {
            self.he_mark.resize(nh, 0);
        }
        if self.goal_seen.len() < nv {
            self.goal_seen.resize(nv, 0);
            self.start_seen.resize(nv, 0);
        }
        if self.arr_stamp.len() < 2 * nv {
            self.arr_stamp.resize(2 * nv, 0);
            self.arr_list.resize(2 * nv, Vec::new());
        }
        self.qe = self.qe.wrapping_add(1);
        if self.qe == 0 {
            self.goal_seen.iter_mut().for_each(|s| *s = 0);
            self.start_seen.iter_mut().for_each(|s| *s = 0);
            self.arr_stamp.iter_mut().for_each(|s| *s = 0);
            self.qe = 1;
        }
        self.cand_pool.clear();
        self.states.clear();
        self.heap.clear();
        self.expanded = 0;
        self.work = 0;
    }

    fn flood_epoch(&mut self) -> u32 {
        self.fe = self.fe.wrapping_add(1);
        if self.fe == 0 {
            self.tri_mark.iter_mut().for_each(|s| *s = 0);
            self.he_mark.iter_mut().for_each(|s| *s = 0);
            self.fe = 1;
        }
        self.fe
    }
}
