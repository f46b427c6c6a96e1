//! One crowd step: the start-of-step view of every entity, each mover's
//! intent ([`super::intent`]), then exact clamped moves, one after the
//! other ([`super::advance`], [`super::settle`]).

use super::intent::{Intent, cap};
use super::memo::Memos;
use super::memo::plan_key;
use super::sweep::Keep;
use super::{Avoidance, Crowd};
use crate::Point;
use crate::geometry::distance_point_segment;
use crate::world::{EntityId, EntityState, Event, GroupId, World};

/// An entity as the step sees it at its start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Body {
    pub(super) id: EntityId,
    pub(super) p: Point,
    pub(super) r: f64,
    pub(super) v: Point,
    /// Preferred velocity of the last step.
    pub(super) want: Point,
    pub(super) speed: f64,
    pub(super) moving: bool,
    /// At its goal: steps aside for walkers, then returns.
    pub(super) settled: Option<Point>,
    pub(super) group: Option<GroupId>,
    /// Seconds left of keeping right.
    pub(super) keep_right: f64,
    /// Giving way to the flow of this heading ([`super::way`]).
    pub(super) give_way: Option<Point>,
    /// Why it gives way.
    pub(super) yielding: super::Yielding,
    /// Seconds without progress (reset by a re-plan).
    pub(super) stalled: f64,
    /// Seconds without progress (kept across re-plans).
    pub(super) stuck: f64,
    /// Seconds before it sets off (group file slot).
    pub(super) delay: f64,
    /// Where a walker is going.
    pub(super) target: Option<Point>,
    /// Path left to walk (group order: less is further ahead).
    pub(super) remaining: f64,
    /// Its plan was made at the walls' current revision.
    pub(super) plan_current: bool,
}

/// The start-of-step view shared by every mover's computation.
pub(super) struct Snapshot<'a> {
    pub(super) bodies: &'a [Body],
    pub(super) grid: &'a super::grid::Grid,
    pub(super) memos: &'a Memos,
    /// The walls' revision (memos of another are stale).
    pub(super) revision: u64,
    pub(super) settings: Avoidance,
    pub(super) r_max: f64,
    pub(super) dt: f64,
}

#[cfg(test)]
impl Body {
    /// A walker of slot `idx` at `p` wanting `want`, without progress for
    /// `stuck` seconds (for hand-built jams).
    pub(super) fn walker(idx: u32, p: Point, r: f64, want: Point, stuck: f64) -> Body {
        Body {
            id: EntityId { idx, generation: 0 },
            p,
            r,
            v: Point::default(),
            want,
            speed: want.length(),
            moving: true,
            settled: None,
            group: None,
            keep_right: 0.0,
            give_way: None,
            yielding: super::Yielding::Flow,
            stalled: 0.0,
            stuck,
            delay: 0.0,
            target: None,
            remaining: 10.0,
            plan_current: true,
        }
    }
}

/// The step's buffers, kept from one step to the next so that a step
/// allocates nothing of its own once they have grown (their contents
/// mean nothing between steps).
#[derive(Debug, Default)]
pub(crate) struct Buffers {
    bodies: Vec<Body>,
    movers: Vec<usize>,
    /// Positions as the moves are committed.
    pos: Vec<Point>,
    intents: Vec<Intent>,
    way: super::way::Buffers,
    /// The walls and discs one move's clamp can meet.
    walls: Vec<(Point, Point)>,
    discs: Vec<(Point, f64)>,
}

impl Clone for Buffers {
    /// Empty buffers: a cloned world grows its own.
    fn clone(&self) -> Self {
        Buffers::default()
    }
}

/// Does `a` walk ahead of `b` in their group (strict order: no two wait
/// for each other)?
pub(super) fn ahead(a: &Body, ai: usize, b: &Body, bi: usize) -> bool {
    (a.remaining, ai) < (b.remaining, bi)
}

impl World {
    /// Moves every moving entity one step with local avoidance (after the
    /// re-plans of [`World::step`]).
    pub(crate) fn crowd_move(&mut self, dt: f64, events: &mut Vec<Event>) {
        let Some(mut crowd) = self.crowd.take() else {
            return;
        };
        if dt > 0.0 {
            self.crowd_step(&mut crowd, dt, events);
            self.prepare_replans(&mut crowd);
        }
        self.crowd = Some(crowd);
    }

    fn crowd_step(&mut self, crowd: &mut Crowd, dt: f64, events: &mut Vec<Event>) {
        let revision = self.cdt.revision();
        let bufs = &mut crowd.buffers;
        let bodies = &mut bufs.bodies;
        bodies.clear();
        bodies.extend(self.entities.iter().map(|(idx, generation, e)| {
            let plan = e.plan.as_ref();
            let moving = e.state == EntityState::Moving && plan.is_some();
            let settled = match e.state {
                EntityState::Arrived => e.goal,
                _ => None,
            };
            Body {
                id: EntityId { idx, generation },
                p: e.position,
                r: e.radius,
                v: if moving || settled.is_some() {
                    e.motion.velocity
                } else {
                    Point::default()
                },
                want: if moving {
                    e.motion.want
                } else {
                    Point::default()
                },
                speed: e.speed,
                keep_right: e.motion.keep_right,
                give_way: if moving { e.motion.give_way } else { None },
                yielding: e.motion.yielding,
                stalled: e.motion.stalled,
                stuck: e.motion.stuck,
                delay: e.motion.delay,
                target: if moving { e.goal } else { None },
                moving,
                settled,
                group: e.motion.group,
                remaining: plan.map_or(0.0, |pl| pl.sampler.length() - pl.travelled),
                plan_current: plan.is_some_and(|pl| {
                    crowd
                        .memos
                        .plan_current(idx, generation, plan_key(pl), revision)
                }),
            }
        }));
        let movers = &mut bufs.movers;
        movers.clear();
        movers
            .extend((0..bodies.len()).filter(|&i| bodies[i].moving || bodies[i].settled.is_some()));
        if !bodies
            .iter()
            .any(|b| b.moving || b.settled.is_some_and(|g| g != b.p))
        {
            return; // no one walks, everyone settled is home
        }
        let s = crowd.settings;
        let r_max = bodies.iter().fold(0.0f64, |m, b| m.max(b.r));
        let v_max = movers.iter().fold(0.0f64, |m, &i| m.max(bodies[i].speed));
        let cell = 2.0 * r_max + s.time_horizon * v_max;
        let pos = &mut bufs.pos;
        pos.clear();
        pos.extend(bodies.iter().map(|b| b.p));
        crowd.grid.rebuild(cell, pos);
        super::way::right_of_way(bodies, &crowd.grid, &s, r_max, &mut bufs.way);
        let snap = Snapshot {
            bodies,
            grid: &crowd.grid,
            memos: &crowd.memos,
            revision,
            settings: s,
            r_max,
            dt,
        };
        self.intents(&snap, movers, &mut bufs.intents);
        // Move one after the other: each move is clamped against the
        // others' current positions, so no two discs ever overlap.
        let step_max = v_max * dt;
        let (discs, walls) = (&mut bufs.discs, &mut bufs.walls);
        for (&i, intent) in movers.iter().zip(bufs.intents.iter_mut()) {
            let b = &bodies[i];
            let p = pos[i];
            // the walls the clamp can meet: every point it tests is within
            // a step of `p`, or within the radius of such a point (the
            // goal it snaps to); farther walls stop nothing and allow all
            let within = 2.0 * b.r + b.speed * dt + 1e-6 * (1.0 + b.r);
            walls.clear();
            walls.extend(
                intent
                    .walls
                    .iter()
                    .filter(|&&(a, c)| distance_point_segment(a, c, p) < within),
            );
            // the discs it can meet by the same bound (with the other
            // disc's radius); a farther one gives no hit and allows all,
            // so leaving it out changes nothing (the order of the rest is
            // kept: ties of the clamp go to the first)
            discs.clear();
            crowd
                .grid
                .near(b.p, b.r + r_max + 2.0 * step_max + 1e-9, |j, _| {
                    let (q, rq) = (pos[j as usize], bodies[j as usize].r);
                    let meet = within + rq + 1e-6 * rq;
                    if j as usize != i && q.distance_squared(p) < meet * meet {
                        discs.push((q, rq));
                    }
                });
            let keep = Keep {
                r: b.r,
                walls,
                discs,
            };
            let mut q = if intent.velocity == Point::default() {
                p
            } else {
                keep.slide(p, cap(intent.velocity, b.speed) * dt)
            };
            // giving way, held by ORCA (discs touching walls on both
            // sides of a doorway leave it no cone): the way back, clamped
            if let Some(back) = intent.give_way
                && q.distance(p) < 0.1 * b.speed * dt
            {
                q = keep.slide(p, back * dt);
            }
            pos[i] = match b.settled {
                Some(goal) => {
                    let home = (!intent.yielding).then_some(goal);
                    self.settle(b, p, q, home, &keep, dt)
                }
                None => self.advance_entity(b, p, q, &keep, s, dt, events),
            };
            crowd.memos.put(
                b.id.idx,
                b.id.generation,
                revision,
                std::mem::take(&mut intent.fresh),
            );
            if let Some(e) = self.entities.get_mut(b.id.idx, b.id.generation) {
                e.motion.want = intent.want;
                e.motion.keep_right = intent.keep_right;
                e.motion.give_way = b.give_way.filter(|_| e.state == EntityState::Moving);
                e.motion.yielding = b.yielding;
                e.motion.delay = (b.delay - dt).max(0.0);
            }
        }
    }
}
