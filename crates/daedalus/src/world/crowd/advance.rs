//! A walker's committed move: progress along its path, arrival, and the
//! stall timers that trigger re-plans and right of way.

use super::Avoidance;
use super::motion::Body;
use super::sweep::Keep;
use crate::Point;
use crate::world::entity::Entity;
use crate::world::{EntityState, Event};

/// A stall re-plan is skipped within this share of the radius of the
/// start of a plan made on the same walls (it would hardly move it).
const SAME_START: f64 = 1e-2;

/// Commits walker `b`'s move from `p` to `q` into its entity `e`: progress
/// along the path, arrival, stall timer. Returns the final position.
#[allow(clippy::too_many_arguments)]
pub(super) fn advance(
    e: &mut Entity,
    b: &Body,
    p: Point,
    q: Point,
    keep: &Keep<'_>,
    s: Avoidance,
    dt: f64,
    events: &mut Vec<Event>,
) -> Point {
    let pl = e.plan.as_mut().expect("a mover has a plan");
    let seg = b.speed * dt;
    // progress: the nearest path point a little ahead of the last one
    let at = |d: f64| pl.sampler.point_at(d).distance_squared(q);
    let (mut best_d, mut best) = (pl.travelled, at(pl.travelled));
    for k in 1..=8 {
        let d = pl.travelled + seg * k as f64 / 4.0;
        let x = at(d);
        if x < best {
            (best_d, best) = (d, x);
        }
    }
    let gained = best_d.min(pl.sampler.length()) - pl.travelled;
    pl.travelled = best_d.min(pl.sampler.length());
    let goal = pl.path.goal;
    let mut q = q;
    let stuck = gained < 0.1 * seg && e.motion.stalled + dt >= s.replan_after;
    // at the goal, or held within a radius of it (it settles there and
    // keeps returning to the exact goal once the way is clear)
    if q.distance(goal) <= 1e-4 * (1.0 + b.r) || (stuck && q.distance(goal) <= b.r) {
        if keep.allowed(q, goal) {
            q = goal;
        }
        pl.travelled = pl.sampler.length();
        e.state = EntityState::Arrived;
        e.motion.velocity = Point::default();
        e.motion.stalled = 0.0;
        e.motion.stuck = 0.0;
        e.motion.give_way = None;
        e.position = q;
        events.push(Event::Arrived(b.id));
        return q;
    }
    e.motion.velocity = (q - p) / dt;
    e.position = q;
    if b.give_way.is_some() {
        // backing off on purpose: not stalled; stuck only when it
        // cannot back off (then it stops giving way, `way.rs`)
        e.motion.stalled = 0.0;
        if q.distance(p) < 0.1 * seg {
            e.motion.stuck += dt;
        } else {
            e.motion.stuck = 0.0;
        }
    } else if gained < 0.1 * seg && b.delay <= 0.0 {
        e.motion.stuck += dt;
        e.motion.stalled += dt;
        if e.motion.stalled >= s.replan_after {
            e.motion.stalled = 0.0;
            // not moved off the start of a plan made at these walls
            // (by more than a hair: held in a jam, it only jiggles): a
            // re-plan would give that plan again, or one whose start
            // moved by that hair
            let same = b.plan_current
                && q.distance(pl.path.start) <= SAME_START * b.r
                && pl.travelled == 0.0;
            e.replan = !same;
        }
    } else {
        e.motion.stalled = 0.0;
        e.motion.stuck = 0.0;
    }
    q
}
