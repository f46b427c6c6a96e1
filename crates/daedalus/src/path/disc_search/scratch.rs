//! The per-query buffers of the radius > 0 search.

use crate::Point;
use crate::path::navmesh::NavMesh;

use super::State;
use super::lower_bound::GoalBound;

/// Per-query buffers of the radius > 0 search: every field is rebuilt or
/// invalidated (by an epoch) at the start of a query or of a flood, and
/// kept only so that a query allocates nothing once the buffers have grown.
#[derive(Default, Debug, Clone)]
pub(super) struct Scratch {
    pub(super) states: Vec<State>,
    pub(super) heap: super::frontier::Frontier,
    /// Per-query epoch for the per-vertex caches.
    pub(super) qe: u32,
    /// Flood epoch for triangle / half-edge marks.
    pub(super) fe: u32,
    pub(super) tri_mark: Vec<u32>,
    pub(super) he_mark: Vec<u32>,
    /// Candidate corners of the state being expanded.
    pub(super) cand_pool: Vec<u32>,
    /// Per vertex: `qe` when the goal's visibility flood saw it.
    pub(super) goal_seen: Vec<u32>,
    /// The goal's flood saw every corner within this distance of
    /// `goal_centre` (see `goal_disc`).
    pub(super) goal_reach: f64,
    /// The centre of the goal flood's disc.
    pub(super) goal_centre: Point,
    /// The radius of the goal's first flood (see `goal_disc`) while it
    /// has not run: it runs when
    /// the first edge to the goal is found blocked (until then every
    /// expanded corner may push one, checked when popped; on small maps
    /// most searches end without, and the flood was a seventh of a query).
    pub(super) goal_pending: Option<f64>,
    /// What the last visibility flood left out.
    pub(super) cut: super::visibility::Cut,
    /// The box of every triangle the last visibility flood entered.
    pub(super) flood_box: Option<crate::geometry::Rect>,
    /// How far a tracked flood's triangles reach round its origin, per
    /// sector (what a cache fill depends on, see `edge_cache::profile`).
    pub(super) profile: Vec<f32>,
    /// The profile's absolute slack (`1e-9` of the world's coordinates).
    pub(super) prof_abs: f64,
    /// Per vertex and side: expanded arrivals (point, g, offset on the free arc).
    pub(super) arr_stamp: Vec<u32>,
    pub(super) arr_list: Vec<Vec<(Point, f64, f64)>>,
    pub(super) stack: Vec<(u32, Point, Point)>,
    /// The triangles containing the start (during a search; the goal's
    /// are swapped in for its flood).
    pub(super) tris: Vec<u32>,
    /// The triangles containing the goal.
    pub(super) gtris: Vec<u32>,
    pub(super) fan: Vec<u32>,
    /// Heuristic: lower bounds of the distance to the goal.
    pub(super) bound: GoalBound,
    /// Per cached edge: the first edge leaving its arrival's side at or
    /// after the arrival (see `TangentSearch::first_after`), `NONE` unknown.
    pub(super) after: Vec<u32>,
    /// The new edges of a repair (see `cache::repair`), before the merge.
    pub(super) fresh: Vec<super::edge_cache::Edge>,
    /// The windows of the start's flood (see `start`), in the heap with
    /// the `start::WINDOW` bit.
    pub(super) windows: Vec<super::start::Window>,
    /// The start's windows being expanded (see `start`).
    pub(super) wstack: Vec<super::start::Window>,
    /// Windows keyed up to this are expanded at once (see `start`).
    pub(super) eager: f64,
    /// Per vertex: `qe` once the start's flood has pushed its successors.
    pub(super) start_seen: Vec<u32>,
    /// Their work in `1 / FLOOD_WORK` of a flooding expansion (see `LAZY_BOUND`).
    pub(super) work: usize,
}

impl Scratch {
    /// Sizes the buffers for `nav` and starts a query's epoch.
    pub(super) fn begin(&mut self, nav: &NavMesh) {
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
        self.work = 0;
    }

    /// Starts a flood: a fresh epoch for the triangle and half-edge marks.
    pub(super) fn flood_epoch(&mut self) -> u32 {
        self.fe = self.fe.wrapping_add(1);
        if self.fe == 0 {
            self.tri_mark.iter_mut().for_each(|s| *s = 0);
            self.he_mark.iter_mut().for_each(|s| *s = 0);
            self.fe = 1;
        }
        self.fe
    }
}
