//! Groups: entities that walk together. Members keep spacing in their
//! corridor (see the module doc) and a shared goal gives each member its
//! own stopping place around the goal.

use crate::Point;
use crate::geometry::tolerance;
use crate::path::{NavMesh, PathFinder};
use crate::spatial::segments_meet;
use crate::triangulation::Cdt;
use crate::world::EntityId;
use crate::world::entity::Entity;
use crate::world::ids::Slots;

/// A group's members, in the order they were given.
#[derive(Clone, Debug, Default)]
pub(crate) struct Group {
    members: Vec<EntityId>,
}

impl Group {
    /// A group of `members` (distinct, in the order given).
    pub(crate) fn new(members: Vec<EntityId>) -> Group {
        Group { members }
    }

    /// The members, in order.
    pub(crate) fn members(&self) -> &[EntityId] {
        &self.members
    }

    /// Replaces the members.
    pub(crate) fn set_members(&mut self, members: Vec<EntityId>) {
        self.members = members;
    }

    /// `m` leaves the group.
    pub(crate) fn leave(&mut self, m: EntityId) {
        self.members.retain(|&x| x != m);
    }
}

/// Rings of candidate places tried around a shared goal before giving up.
const MAX_RINGS: usize = 400;

/// Start delays that put the members in file: ordered by the length
/// of their own optimal path to their place (found on the current
/// navigation; the straight distance when there is none), each
/// arrives no sooner than the one before it plus the time to walk
/// `(1 + spacing)` times the sum of their radii. Paths to places around
/// one goal merge into one corridor near it; members walking at their
/// speed after their delay then pass any point of the shared part in
/// turn, that far apart, instead of all at once at its entry.
pub(crate) fn file_slots(
    spacing: f64,
    finder: &mut PathFinder,
    nav: &NavMesh,
    entities: &Slots<Entity>,
    members: &[EntityId],
    places: &[Point],
) -> Vec<f64> {
    // (walking time, radius, speed, member index)
    let mut walk: Vec<(f64, f64, f64, usize)> = members
        .iter()
        .zip(places)
        .enumerate()
        .map(|(k, (&m, &place))| {
            let e = entities.get(m.idx, m.generation).expect("live");
            let (p, r, v) = (e.position, e.radius, e.speed);
            let len = finder
                .find_path(nav, p, place, r)
                .map_or(p.distance(place), |path| path.length());
            (len / v, r, v, k)
        })
        .collect();
    walk.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let mut delays = vec![0.0; members.len()];
    let mut last: Option<(f64, f64)> = None; // arrival time, radius
    for (t, r, v, k) in walk {
        let arrive = match last {
            Some((ta, ra)) => t.max(ta + (1.0 + spacing) * (r + ra) / v),
            None => t,
        };
        delays[k] = arrive - t;
        last = Some((arrive, r));
    }
    delays
}

/// The first free place for a disc of radius `r` on the rings about
/// `goal` (ring spacing and arc steps of `step`), starting from the
/// direction of `from`, `gap` away from the places taken.
pub(crate) fn place_near(
    cdt: &Cdt,
    goal: Point,
    r: f64,
    from: Point,
    step: f64,
    gap: f64,
    taken: &[(Point, f64)],
) -> Option<Point> {
    let base = (from.y - goal.y).atan2(from.x - goal.x);
    let base = if base.is_finite() { base } else { 0.0 };
    let ok = |c: Point| {
        taken.iter().all(|&(q, rq)| c.distance(q) >= r + rq + gap)
            && cdt.in_bounds(c)
            && cdt.is_free(c, r) == Ok(true)
            && seen_from(cdt, goal, c)
    };
    if ok(goal) {
        return Some(goal);
    }
    for ring in 1..=MAX_RINGS {
        let rho = ring as f64 * step;
        let n = ((std::f64::consts::TAU * rho / step).ceil() as usize).max(6);
        for k in 0..n {
            // alternate sides of the base direction
            let half = k.div_ceil(2) as f64 * if k % 2 == 0 { -1.0 } else { 1.0 };
            let a = base + half * std::f64::consts::TAU / n as f64;
            let c = Point::new(goal.x + rho * a.cos(), goal.y + rho * a.sin());
            if ok(c) {
                return Some(c);
            }
        }
    }
    None
}

/// Does the segment from `a` to `b` cross no wall (walls near `a` read
/// from the triangulation)?
fn seen_from(cdt: &Cdt, a: Point, b: Point) -> bool {
    let Ok(Some(walls)) = cdt.walls_near(a, a.distance(b) + tolerance::RELATIVE) else {
        return false;
    };
    walls.iter().all(|&(p, q)| !segments_meet(a, b, p, q))
}
