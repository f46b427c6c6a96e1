//! One crowd step: preferred velocities along the paths, ORCA against the
//! nearest entities and the local walls, then exact clamped moves.

use std::borrow::Cow;

use dodgy_2d::{Agent, AvoidanceOptions, Obstacle, Vec2};

use super::memo::{Fresh, Memo, Memos, lane_shift, plan_key};
use super::sweep::Keep;
use super::way::in_way;
use super::{Avoidance, Crowd};
use crate::Point;
use crate::geometry::{closest_point_segment, orient2d};
use crate::spatial::point_seg;
use crate::world::{EntityId, EntityState, Event, GroupId, World};

/// An entity as the step sees it at its start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Body {
    id: EntityId,
    pub(super) p: Point,
    pub(super) r: f64,
    v: Point,
    /// Preferred velocity of the last step.
    pub(super) want: Point,
    pub(super) speed: f64,
    pub(super) moving: bool,
    /// At its goal: steps aside for walkers, then returns.
    settled: Option<Point>,
    group: Option<GroupId>,
    /// Seconds left of keeping right.
    keep_right: f64,
    /// Giving way to the flow of this heading ([`super::way`]).
    pub(super) give_way: Option<Point>,
    /// Why it gives way.
    pub(super) yielding: super::Yielding,
    /// Seconds without progress (reset by a re-plan).
    stalled: f64,
    /// Seconds without progress (kept across re-plans).
    pub(super) stuck: f64,
    /// Seconds before it sets off (group file slot).
    delay: f64,
    /// Where a walker is going.
    target: Option<Point>,
    /// Path left to walk (group order: less is further ahead).
    remaining: f64,
    /// Its plan was made at the walls' current revision.
    plan_current: bool,
}

/// What a mover wants to do this step.
struct Intent {
    velocity: Point,
    /// The velocity it would take without ORCA, when giving way.
    give_way: Option<Point>,
    /// Preferred velocity (before keeping right).
    want: Point,
    keep_right: f64,
    /// A settled entity making way for a walker (it does not go home).
    yielding: bool,
    /// Walls within reach of every point the move can get to.
    walls: Vec<(Point, Point)>,
    /// Memo parts measured afresh.
    fresh: Fresh,
}

/// Buffers an intent reuses from one mover to the next (one per thread).
#[derive(Default)]
struct Scratch {
    near: Vec<(f64, usize)>,
    /// The neighbours as ORCA takes them.
    agents: Vec<Cow<'static, Agent>>,
    /// Wall obstacles (owned), their vertex vectors overwritten in place.
    obstacles: Vec<Cow<'static, Obstacle>>,
}

/// The start-of-step view shared by every mover's computation.
struct Snapshot<'a> {
    bodies: &'a [Body],
    grid: &'a super::grid::Grid,
    memos: &'a Memos,
    /// The walls' revision (memos of another are stale).
    revision: u64,
    settings: Avoidance,
    r_max: f64,
    dt: f64,
}

fn v2(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// A stall re-plan is skipped within this share of the radius of the
/// start of a plan made on the same walls (it would hardly move it).
const SAME_START: f64 = 1e-2;

/// How far a preferred velocity turns right (tangent of the angle) when
/// someone comes the other way.
const KEEP_RIGHT: f64 = 1.0;
/// Seconds an entity keeps right after it last saw someone coming.
const KEEP_RIGHT_S: f64 = 2.0;

fn cap(v: Point, max: f64) -> Point {
    let l = v.length();
    if l > max && l > 0.0 { v * (max / l) } else { v }
}

/// Does segment `c e` come nearer than `r` to segment `a b`? The end
/// point distances first (cheap, and enough for most edges a flood
/// meets), the exact crossing test only when they do not decide.
fn capsule_meets(a: Point, b: Point, c: Point, e: Point, r: f64) -> bool {
    use crate::spatial::segments_meet;
    // boxes farther apart than r: no point of one is within r of the other
    if c.x.min(e.x) >= a.x.max(b.x) + r
        || c.x.max(e.x) <= a.x.min(b.x) - r
        || c.y.min(e.y) >= a.y.max(b.y) + r
        || c.y.max(e.y) <= a.y.min(b.y) - r
    {
        return false;
    }
    point_seg(a, c, e) < r
        || point_seg(b, c, e) < r
        || point_seg(c, a, b) < r
        || point_seg(e, a, b) < r
        || segments_meet(a, b, c, e)
}

/// Share of ORCA's avoidance: walkers 1, settled entities and those
/// giving way 2 (they step aside more than the walker), standing ones 0
/// (walls, in effect).
fn responsibility(b: &Body) -> f32 {
    if b.give_way.is_some() {
        2.0
    } else if b.moving {
        1.0
    } else if b.settled.is_some() {
        2.0
    } else {
        0.0
    }
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

/// Does `a` walk ahead of `b` in their group (strict order: no two wait
/// for each other)?
fn ahead(a: &Body, ai: usize, b: &Body, bi: usize) -> bool {
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
        let mut bodies: Vec<Body> = self
            .entities
            .iter()
            .map(|(idx, generation, e)| {
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
            })
            .collect();
        let movers: Vec<usize> = (0..bodies.len())
            .filter(|&i| bodies[i].moving || bodies[i].settled.is_some())
            .collect();
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
        let points: Vec<Point> = bodies.iter().map(|b| b.p).collect();
        crowd.grid.rebuild(cell, &points);
        super::way::right_of_way(&mut bodies, &crowd.grid, &s, r_max);
        let snap = Snapshot {
            bodies: &bodies,
            grid: &crowd.grid,
            memos: &crowd.memos,
            revision,
            settings: s,
            r_max,
            dt,
        };
        let intents = self.intents(&snap, &movers);
        // Move one after the other: each move is clamped against the
        // others' current positions, so no two discs ever overlap.
        let mut pos = points;
        let step_max = v_max * dt;
        let mut discs: Vec<(Point, f64)> = Vec::new();
        let mut walls: Vec<(Point, Point)> = Vec::new();
        for (&i, intent) in movers.iter().zip(intents) {
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
                    .filter(|&&(a, c)| point_seg(p, a, c) < within),
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
                walls: &walls,
                discs: &discs,
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
            crowd
                .memos
                .put(b.id.idx, b.id.generation, revision, intent.fresh);
            if let Some(e) = self.entities.get_mut(b.id.idx, b.id.generation) {
                e.motion.want = intent.want;
                e.motion.keep_right = intent.keep_right;
                e.motion.give_way = b.give_way.filter(|_| e.state == EntityState::Moving);
                e.motion.yielding = b.yielding;
                e.motion.delay = (b.delay - dt).max(0.0);
            }
        }
    }

    /// Every mover's velocity (in parallel when the feature is on; each is
    /// a pure function of the snapshot, so the result does not depend on
    /// the thread count).
    fn intents(&self, snap: &Snapshot<'_>, movers: &[usize]) -> Vec<Intent> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            if movers.len() >= 64 {
                return movers
                    .par_iter()
                    .map_init(Scratch::default, |sc, &i| self.intent(snap, i, sc))
                    .collect();
            }
        }
        let mut sc = Scratch::default();
        movers
            .iter()
            .map(|&i| self.intent(snap, i, &mut sc))
            .collect()
    }

    fn intent(&self, snap: &Snapshot<'_>, i: usize, scratch: &mut Scratch) -> Intent {
        let b = &snap.bodies[i];
        let s = &snap.settings;
        let step = b.speed * snap.dt;
        let mut yielding = false;
        // going home through a walker that wants its place
        let mut homing = false;
        let memo = snap.memos.get(b.id.idx, b.id.generation, snap.revision);
        let mut fresh = Fresh::default();
        let mut pref = match b.settled {
            // back to the goal after stepping aside
            // (yielding, not pulling back, while a walker is near)
            Some(goal) => {
                // a walker going where it stands: home, walkers or not
                // (making way would keep it in that walker's way)
                let (walker, wanted) = self.walker_near(snap, i);
                homing = wanted;
                if b.p == goal && walker.is_none() {
                    return Intent {
                        velocity: Point::default(),
                        give_way: None,
                        want: Point::default(),
                        keep_right: 0.0,
                        yielding: false,
                        walls: Vec::new(),
                        fresh,
                    };
                }
                if let Some((w, heading, gap)) = walker {
                    yielding = true;
                    // make way: step aside, off the line the walker walks
                    // (drifting straight away would push it ahead of the
                    // walker, into whatever is there)
                    let away = b.p - w;
                    let l = heading.length();
                    let side = if l > 0.0 {
                        let u = heading / l;
                        let side = away - u * away.dot(u);
                        if side.length() > 1e-3 * b.r {
                            side
                        } else {
                            Point::new(u.y, -u.x) // dead ahead: to its right
                        }
                    } else {
                        away
                    };
                    let l = side.length();
                    if gap < 2.0 * b.r && l > 0.0 {
                        // to the side with more room (a wall may be there)
                        let side = side / l;
                        let room = |d: Point| {
                            self.cdt.faces_at(b.p).ok().flatten().map_or(0.0, |start| {
                                self.sweep_gap(&start, b.p, d * (2.0 * b.r), b.r)
                            })
                        };
                        let side = if room(-side) > room(side) {
                            -side
                        } else {
                            side
                        };
                        side * (0.5 * b.speed)
                    } else {
                        Point::default()
                    }
                } else {
                    cap(goal - b.p, step) / snap.dt
                }
            }
            None => {
                let e = self.entities.get(b.id.idx, b.id.generation).expect("live");
                let pl = e.plan.as_ref().expect("a mover has a plan");
                // aim a little ahead on the path (further when pushed off
                // it, so the way back is a slant, not a cut across others'
                // lane); reach the goal exactly
                let off = (pl.sampler.point_at(pl.travelled).distance(b.p) - s.lane).max(0.0);
                let d = pl.travelled + 2.0 * step + 2.0 * off;
                let carrot = self.in_lane(pl, d, b.r, s.lane, memo, &mut fresh);
                if b.delay > 0.0 {
                    Point::default() // waits for its slot in the file
                } else {
                    cap(carrot - b.p, step) / snap.dt
                }
            }
        };
        // neighbours it could meet within the horizon at its own speed (a
        // pair closing faster is seen a little later)
        let reach = b.r + snap.r_max + s.time_horizon * b.speed;
        let near = &mut scratch.near;
        near.clear();
        let mut slow = 1.0f64;
        let mut oncoming = false;
        let meet = s.time_horizon * 4.0 * b.speed;
        // giving way: the nearest winner (gap, position)
        let mut winner: Option<(f64, Point)> = None;
        snap.grid.near(b.p, reach, |j, q| {
            let j = j as usize;
            if j == i {
                return;
            }
            let d2 = q.distance_squared(b.p);
            if d2 >= reach * reach {
                return; // most candidates: no square root
            }
            let o = &snap.bodies[j];
            let d = d2.sqrt();
            near.push((d, j));
            if let Some(hr) = b.give_way
                && o.moving
                && o.give_way.is_none()
                && o.want.dot(hr) > 0.0
                && winner.is_none_or(|(g, _)| d - o.r < g)
            {
                winner = Some((d - o.r, o.p));
            }
            // someone walking the other way in front: keep right (lanes
            // form instead of a head-on jam)
            let front = (o.p - b.p).dot(pref);
            if o.moving
                && front > 0.0
                && d < b.r + o.r + meet
                && o.want.dot(pref) < -0.5 * o.want.length() * pref.length()
            {
                oncoming = true;
            }
            // keep spacing behind a member further along
            if s.spacing > 0.0
                && b.group.is_some()
                && o.group == b.group
                && o.moving
                && ahead(o, j, b, i)
                && (o.p - b.p).dot(pref) > 0.0
            {
                let gap = d - b.r - o.r;
                let want = s.spacing * (b.r + o.r);
                slow = slow.min((gap / want).clamp(0.25, 1.0));
            }
        });
        pref = pref * slow;
        let want = pref;
        // in a jam without the right of way: off the winners' line and
        // ahead of them (back the way it came, in a choke), so the other
        // flow gets through
        if let Some(hr) = b.give_way {
            let side = winner.map_or(Point::default(), |(_, w)| {
                let away = b.p - w;
                let side = away - hr * away.dot(hr);
                let l = side.length();
                if l > 1e-3 * b.r {
                    side / l
                } else {
                    Point::new(hr.y, -hr.x)
                }
            });
            pref = cap(hr + side, 1.0) * (0.5 * b.speed);
        }
        let keep_right = if homing {
            KEEP_RIGHT_S // pass the walker right side to right side
        } else if b.settled.is_some() || b.give_way.is_some() {
            0.0
        } else if oncoming || b.stalled > 0.5 * s.replan_after {
            KEEP_RIGHT_S
        } else {
            (b.keep_right - snap.dt).max(0.0)
        };
        let wall_reach = b.r + (b.speed * s.wall_time_horizon).max(step) + 1e-6;
        let walls = self.walls_for(memo, b.p, b.r, wall_reach, &mut fresh);
        if keep_right > 0.0 && pref.length() > 0.0 {
            let right = Point::new(pref.y, -pref.x) / pref.length();
            // never into a wall: only with room on the right
            let room = walls.iter().all(|&(a, c)| {
                let foot = closest_point_segment(a, c, b.p);
                (foot - b.p).dot(right) <= 0.0 || foot.distance(b.p) > 2.0 * b.r + step
            });
            if room {
                pref = cap(pref + right * (KEEP_RIGHT * pref.length()), pref.length());
            }
        }
        let k = s.neighbours.min(near.len());
        if k < near.len() {
            near.select_nth_unstable_by(k, |x, y| x.partial_cmp(y).expect("finite"));
            near.truncate(k);
        }
        near.sort_by(|x, y| x.partial_cmp(y).expect("finite"));
        let neighbours = &mut scratch.agents;
        neighbours.clear();
        neighbours.extend(near.iter().map(|&(_, j)| {
            let o = &snap.bodies[j];
            Cow::Owned(Agent {
                position: v2(o.p - b.p),
                velocity: v2(o.v),
                radius: o.r as f32,
                avoidance_responsibility: responsibility(o),
            })
        }));
        let pool = &mut scratch.obstacles;
        while pool.len() < walls.len() {
            pool.push(Cow::Owned(Obstacle::Open {
                vertices: Vec::with_capacity(2),
            }));
        }
        for (&(a, c), o) in walls.iter().zip(pool.iter_mut()) {
            // solid on the left, the entity on the right
            let (a, c) = if orient2d(a, c, b.p) > 0.0 {
                (c, a)
            } else {
                (a, c)
            };
            // owned: `to_mut` never clones
            if let Obstacle::Open { vertices } = o.to_mut() {
                vertices.clear();
                vertices.extend([v2(a - b.p), v2(c - b.p)]);
            }
        }
        let obstacles = &pool[..walls.len()];
        let me = Agent {
            position: Vec2::ZERO,
            velocity: v2(b.v),
            radius: b.r as f32,
            avoidance_responsibility: responsibility(b),
        };
        let v = me.compute_avoiding_velocity(
            neighbours,
            obstacles,
            v2(pref),
            b.speed as f32,
            snap.dt as f32,
            &AvoidanceOptions {
                obstacle_margin: 0.0,
                time_horizon: s.time_horizon as f32,
                obstacle_time_horizon: s.wall_time_horizon as f32,
            },
        );
        let v = Point::new(v.x as f64, v.y as f64);
        Intent {
            velocity: if v.is_finite() { v } else { Point::default() },
            give_way: b.give_way.map(|_| pref),
            want,
            keep_right,
            yielding,
            walls,
            fresh,
        }
    }

    /// The path point `d` along the plan, moved to the right so that it
    /// keeps `lane` from the nearest wall on the path's left (less where
    /// a wall on the right is in the way, and never more than a third of
    /// the path left, so the goal is reached exactly). Optimal paths hug
    /// walls; opposite flows whose paths hug the same wall of a corridor
    /// would meet head on, this puts them on opposite sides of it. Paths
    /// with no wall near on their left (open rooms) are walked as planned.
    fn in_lane(
        &self,
        pl: &crate::world::entity::Plan,
        d: f64,
        r: f64,
        lane: f64,
        memo: Option<&Memo>,
        fresh: &mut Fresh,
    ) -> Point {
        let len = pl.sampler.length();
        let c = pl.sampler.point_at(d);
        let max = lane.min((len - d).max(0.0) / 3.0);
        if max <= 0.0 {
            return c;
        }
        let ahead = pl.sampler.point_at(d + 0.5) - pl.sampler.point_at((d - 0.5).max(0.0));
        let l = ahead.length();
        if l == 0.0 {
            return c;
        }
        let right = Point::new(ahead.y, -ahead.x) / l;
        // measured by two sweeps (reused while the point stays put)
        let shift = lane_shift(memo, plan_key(pl), d, fresh, || {
            let start = self.cdt.faces_at(c).ok().flatten()?;
            let left = self.sweep_gap(&start, c, -right * lane, r);
            if left >= lane {
                return Some(0.0); // no wall near on the left
            }
            let room = self.sweep_gap(&start, c, right * (2.0 * lane), r);
            Some(if room >= 2.0 * lane {
                lane - left // open on the right: keep lane from the left wall
            } else {
                // a corridor: the disc's left edge on its centre line, a
                // margin off the right wall
                ((room - left) / 2.0 + r).min(room - 0.1 * r)
            })
        });
        match shift {
            Some(want) => c + right * want.clamp(0.0, max),
            None => c,
        }
    }

    /// How far a disc of radius `r` moves from `a` by `d` before it
    /// touches a wall (|d| when it never does), over the triangles along
    /// the way from `start` (the triangles at `a`).
    ///
    /// The flood covers the sweep only up to the nearest contact found so
    /// far: the first contact is still found (the disc reaches it through
    /// the triangles its centre crosses, which a shorter sweep still
    /// meets), farther walls could only give later ones.
    fn sweep_gap(&self, start: &[crate::mesh::FaceId], a: Point, d: Point, r: f64) -> f64 {
        let t = std::cell::Cell::new(1.0f64);
        self.cdt.flood_from(
            start.to_vec(),
            |c, e| capsule_meets(a, a + d * t.get(), c, e, r),
            |c, e| {
                t.set(t.get().min(super::sweep::segment_hit(a, d, c, e, r).t));
                false
            },
        );
        t.get() * d.length()
    }

    /// The nearest walker (position, heading, gap between the discs) near enough
    /// to `i` that it may have to step aside; `None` as well when a walker
    /// near is going to where `i` stands (then `i` goes home instead: the
    /// flag says so).
    fn walker_near(&self, snap: &Snapshot<'_>, i: usize) -> (Option<(Point, Point, f64)>, bool) {
        let b = &snap.bodies[i];
        let reach = b.r + snap.r_max + snap.settings.time_horizon * b.speed;
        let mut best: Option<(Point, Point, f64)> = None;
        let mut wanted = false;
        let home = b.settled == Some(b.p);
        snap.grid.near(b.p, reach, |j, _| {
            let o = &snap.bodies[j as usize];
            // one at home also makes way for one going home from afar
            // (settled entities pushed far off would else be walled in
            // by those at home)
            let heading = match o.settled {
                Some(g) if home && g.distance(o.p) > o.r => g - o.p,
                _ if o.moving => o.want,
                _ => return,
            };
            let d = o.p.distance(b.p);
            if d < b.r + o.r + snap.settings.time_horizon * 2.0 * o.speed {
                wanted |= o.target.is_some_and(|t| t.distance(b.p) < b.r + o.r);
                // in the way of a stuck walker, within the horizon its
                // avoidance sees: make way now, as if touching (it cannot
                // come nearer to push, the others around hold it)
                let blocking = o.moving
                    && o.stuck >= snap.settings.replan_after
                    && in_way(
                        o.p,
                        heading,
                        b.p,
                        b.r + o.r,
                        snap.settings.time_horizon * o.speed,
                    );
                let gap = if blocking { 0.0 } else { d - b.r - o.r };
                if best.is_none_or(|(_, _, g)| gap < g) {
                    best = Some((o.p, heading, gap));
                }
            }
        });
        if wanted { (None, true) } else { (best, false) }
    }

    /// Commits a settled entity's move (it stays arrived; back at its goal
    /// exactly once near enough and nothing is in the way).
    fn settle(
        &mut self,
        b: &Body,
        p: Point,
        q: Point,
        home: Option<Point>,
        keep: &Keep<'_>,
        dt: f64,
    ) -> Point {
        // a hair from home and the way is clear: home exactly
        let q = match home {
            Some(goal)
                if q != goal && q.distance(goal) <= 1e-4 * (1.0 + b.r) && keep.allowed(q, goal) =>
            {
                goal
            }
            _ => q,
        };
        let e = self
            .entities
            .get_mut(b.id.idx, b.id.generation)
            .expect("live");
        e.motion.velocity = (q - p) / dt;
        e.position = q;
        q
    }

    /// Commits a move from `p` to `q`: progress along the path, arrival,
    /// stall timer. Returns the final position.
    #[allow(clippy::too_many_arguments)]
    fn advance_entity(
        &mut self,
        b: &Body,
        p: Point,
        q: Point,
        keep: &Keep<'_>,
        s: Avoidance,
        dt: f64,
        events: &mut Vec<Event>,
    ) -> Point {
        let e = self
            .entities
            .get_mut(b.id.idx, b.id.generation)
            .expect("live");
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
}

#[cfg(test)]
#[path = "motion_tests.rs"]
mod tests;
