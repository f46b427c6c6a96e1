//! What a crowd step keeps of an entity for the next steps, so that it
//! does not flood the triangulation for every entity at every step: the
//! walls around where it stood (reused while it stays within a slack of
//! that point) and its lane offset (reused while its path point stays
//! put). Both give what a fresh flood would (the walls: a few more at
//! most, behind nearer ones, see `walls_for`); everything is
//! dropped when the walls change (the triangulation's revision) or the
//! entity's slot is reused.

use crate::Point;
use crate::geometry::distance_point_segment;
use crate::world::World;

/// Walls gathered within `reach + slack` of `centre`.
#[derive(Clone, Debug)]
pub(crate) struct WallMemo {
    centre: Point,
    reach: f64,
    slack: f64,
    /// Sorted and deduplicated, as `Cdt::walls_near` gives them.
    walls: Vec<(Point, Point)>,
}

/// A lane offset: `shift` to the right of the path point `at` along the
/// plan named by `plan`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneMemo {
    plan: [u64; 3],
    at: f64,
    shift: f64,
}

/// One entity's memo (indexed by its slot).
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    generation: u32,
    revision: u64,
    walls: Option<WallMemo>,
    lane: Option<LaneMemo>,
}

/// The memo parts an intent computed afresh (written back after the
/// parallel part of the step).
#[derive(Debug, Default)]
pub(crate) struct Fresh {
    pub(crate) walls: Option<WallMemo>,
    pub(crate) lane: Option<LaneMemo>,
}

/// The memos of every slot, read by the (parallel) intents of a step and
/// written back after them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memos {
    memos: Vec<Memo>,
    /// Per slot: the generation, plan and walls' revision when the crowd
    /// first saw that plan (the step it was made in).
    plans: Vec<(u32, [u64; 3], u64)>,
}

impl Memos {
    /// The memo of slot `idx` if it belongs to this generation and to the
    /// walls as they are (`revision`).
    pub(crate) fn get(&self, idx: u32, generation: u32, revision: u64) -> Option<&Memo> {
        self.memos
            .get(idx as usize)
            .filter(|m| m.generation == generation && m.revision == revision)
    }

    /// Stores what an intent computed afresh.
    pub(crate) fn put(&mut self, idx: u32, generation: u32, revision: u64, fresh: Fresh) {
        if fresh.walls.is_none() && fresh.lane.is_none() {
            return;
        }
        let i = idx as usize;
        if self.memos.len() <= i {
            self.memos.resize_with(i + 1, Memo::default);
        }
        let m = &mut self.memos[i];
        if m.generation != generation || m.revision != revision {
            *m = Memo {
                generation,
                revision,
                walls: None,
                lane: None,
            };
        }
        if fresh.walls.is_some() {
            m.walls = fresh.walls;
        }
        if fresh.lane.is_some() {
            m.lane = fresh.lane;
        }
    }
}

impl Memos {
    /// Notes the plan slot `idx` walks; `true` when it was made at the
    /// walls' current `revision` (then a re-plan from its start point
    /// gives it again). A plan is noted the first step the crowd sees it:
    /// the step that made it.
    pub(crate) fn plan_current(
        &mut self,
        idx: u32,
        generation: u32,
        plan: [u64; 3],
        revision: u64,
    ) -> bool {
        let i = idx as usize;
        if self.plans.len() <= i {
            self.plans.resize(i + 1, (u32::MAX, [0; 3], 0));
        }
        let p = &mut self.plans[i];
        if p.0 != generation || p.1 != plan {
            *p = (generation, plan, revision);
        }
        p.2 == revision
    }
}

/// Names a plan: its start, goal and length (a re-plan makes a new one).
pub(crate) fn plan_key(pl: &crate::world::entity::Plan) -> [u64; 3] {
    let s = pl.path.start;
    [
        s.x.to_bits() ^ s.y.to_bits().rotate_left(32),
        pl.path.goal.x.to_bits() ^ pl.path.goal.y.to_bits().rotate_left(32),
        pl.sampler.length().to_bits(),
    ]
}

impl World {
    /// The walls within `reach` of `p` (those `Cdt::walls_near` finds,
    /// sorted; at most a few more: walls within reach behind a nearer
    /// wall), from the memo when `p` is within its slack of where it was
    /// gathered; otherwise gathered afresh (returned in `fresh`). Into `out`.
    ///
    /// Why a memo is enough: it holds every wall a flood from its centre
    /// `c` meets within `reach + slack`. The slack is less than twice the
    /// radius, so the segment from `c` to `p` (both at least the radius
    /// from every wall) crosses no wall, and every triangle a flood from
    /// `p` meets within `reach` lies within `reach + slack` of `c`, joined
    /// to `c` by unconstrained edges.
    pub(crate) fn walls_for(
        &self,
        memo: Option<&Memo>,
        p: Point,
        r: f64,
        reach: f64,
        fresh: &mut Fresh,
        out: &mut Vec<(Point, Point)>,
    ) {
        let keep = |w: &[(Point, Point)], out: &mut Vec<(Point, Point)>| {
            out.clear();
            out.extend(
                w.iter()
                    .copied()
                    .filter(|&(a, b)| distance_point_segment(a, b, p) < reach),
            );
        };
        if let Some(m) = memo.and_then(|m| m.walls.as_ref())
            && m.reach == reach
            && m.centre.distance(p) <= m.slack
        {
            return keep(&m.walls, out);
        }
        let slack = (1.9 * r).min(0.5 * reach);
        let walls = self
            .cdt
            .walls_near(p, reach + slack)
            .ok()
            .flatten()
            .unwrap_or_default();
        keep(&walls, out);
        fresh.walls = Some(WallMemo {
            centre: p,
            reach,
            slack,
            walls,
        });
    }
}

/// The lane shift (to the right of the path, before the clamp to the
/// path left) at path point `d`: from the memo when it was measured at
/// that very point of the same plan (an entity held in a jam asks again
/// and again), otherwise `measure()` (stored in `fresh`). Reusing it any
/// further along would change where entities walk: the crowd tests'
/// sweeps showed that even small changes move lock-ups around.
pub(crate) fn lane_shift(
    memo: Option<&Memo>,
    plan: [u64; 3],
    d: f64,
    fresh: &mut Fresh,
    measure: impl FnOnce() -> Option<f64>,
) -> Option<f64> {
    if let Some(m) = memo.and_then(|m| m.lane)
        && m.plan == plan
        && m.at == d
    {
        return Some(m.shift);
    }
    let shift = measure()?;
    fresh.lane = Some(LaneMemo { plan, at: d, shift });
    Some(shift)
}
