//! A mover's intent for one step: its preferred velocity (along its path
//! in its lane, or, arrived, aside and home again), then ORCA against the
//! nearest entities and the local walls.

use crate::geometry::tolerance;
use std::borrow::Cow;

use dodgy_2d::{Agent, AvoidanceOptions, Obstacle, Vec2};

use super::lane::{in_lane, sweep_gap};
use super::memo::{Fresh, walls_for};
use super::motion::{Body, Snapshot, ahead};
use crate::Point;
use crate::geometry::{closest_point_segment, orient2d};

/// What a mover wants to do this step.
#[derive(Debug, Default)]
pub(super) struct Intent {
    pub(super) velocity: Point,
    /// The velocity it would take without ORCA, when giving way.
    pub(super) give_way: Option<Point>,
    /// Preferred velocity (before keeping right).
    pub(super) want: Point,
    pub(super) keep_right: f64,
    /// A settled entity making way for a walker (it does not go home).
    pub(super) yielding: bool,
    /// Walls within reach of every point the move can get to.
    pub(super) walls: Vec<(Point, Point)>,
    /// Memo parts measured afresh.
    pub(super) fresh: Fresh,
}

/// Buffers an intent reuses from one mover to the next (one per thread).
#[derive(Default)]
pub(super) struct Scratch {
    near: Vec<(f64, usize)>,
    /// The neighbours as ORCA takes them.
    agents: Vec<Cow<'static, Agent>>,
    /// Wall obstacles (owned), their vertex vectors overwritten in place.
    obstacles: Vec<Cow<'static, Obstacle>>,
}

fn v2(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// How far a preferred velocity turns right (tangent of the angle) when
/// someone comes the other way.
const KEEP_RIGHT: f64 = 1.0;
/// Seconds an entity keeps right after it last saw someone coming.
const KEEP_RIGHT_S: f64 = 2.0;

pub(super) fn cap(v: Point, max: f64) -> Point {
    let l = v.length();
    if l > max && l > 0.0 { v * (max / l) } else { v }
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

impl Snapshot<'_> {
    /// Every mover's velocity (in parallel when the feature is on; each is
    /// a pure function of the snapshot, so the result does not depend on
    /// the thread count).
    pub(super) fn intents(&self, movers: &[usize], out: &mut Vec<Intent>) {
        out.resize_with(movers.len(), Intent::default);
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            if movers.len() >= 64 {
                out.par_iter_mut()
                    .zip(movers.par_iter())
                    .for_each_init(Scratch::default, |sc, (o, &i)| self.intent_into(i, sc, o));
                return;
            }
        }
        let mut sc = Scratch::default();
        for (o, &i) in out.iter_mut().zip(movers) {
            self.intent_into(i, &mut sc, o);
        }
    }

    /// [`Snapshot::intent`] into `out`, reusing its wall buffer.
    fn intent_into(&self, i: usize, scratch: &mut Scratch, out: &mut Intent) {
        let mut walls = std::mem::take(&mut out.walls);
        walls.clear();
        *out = self.intent(i, scratch, walls);
    }

    /// Mover `i`'s intent (`walls`: an empty buffer for its local walls).
    pub(super) fn intent(
        &self,
        i: usize,
        scratch: &mut Scratch,
        mut walls: Vec<(Point, Point)>,
    ) -> Intent {
        let b = &self.bodies[i];
        let s = &self.settings;
        let step = b.speed * self.dt;
        let mut yielding = false;
        // going home through a walker that wants its place
        let mut homing = false;
        let memo = self.memos.get(b.id.idx, b.id.generation, self.revision);
        let mut fresh = Fresh::default();
        let mut pref = match b.settled {
            // back to the goal after stepping aside
            // (yielding, not pulling back, while a walker is near)
            Some(goal) => {
                // a walker going where it stands: home, walkers or not
                // (making way would keep it in that walker's way)
                let (walker, wanted) = self.walker_near(i);
                homing = wanted;
                if b.p == goal && walker.is_none() {
                    return Intent {
                        velocity: Point::default(),
                        give_way: None,
                        want: Point::default(),
                        keep_right: 0.0,
                        yielding: false,
                        walls,
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
                                sweep_gap(self.cdt, &start, b.p, d * (2.0 * b.r), b.r)
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
                    cap(goal - b.p, step) / self.dt
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
                let carrot = in_lane(self.cdt, pl, d, b.r, s.lane, memo, &mut fresh);
                if b.delay > 0.0 {
                    Point::default() // waits for its slot in the file
                } else {
                    cap(carrot - b.p, step) / self.dt
                }
            }
        };
        // neighbours it could meet within the horizon at its own speed (a
        // pair closing faster is seen a little later)
        let reach = b.r + self.r_max + s.time_horizon * b.speed;
        let near = &mut scratch.near;
        near.clear();
        let mut slow = 1.0f64;
        let mut oncoming = false;
        let meet = s.time_horizon * 4.0 * b.speed;
        // giving way: the nearest winner (gap, position)
        let mut winner: Option<(f64, Point)> = None;
        self.grid.near(b.p, reach, |j, q| {
            let j = j as usize;
            if j == i {
                return;
            }
            let d2 = q.distance_squared(b.p);
            if d2 >= reach * reach {
                return; // most candidates: no square root
            }
            let o = &self.bodies[j];
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
            (b.keep_right - self.dt).max(0.0)
        };
        let wall_reach = b.r + (b.speed * s.wall_time_horizon).max(step) + tolerance::WIDEN;
        walls_for(self.cdt, memo, b.p, b.r, wall_reach, &mut fresh, &mut walls);
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
            let o = &self.bodies[j];
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
            self.dt as f32,
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
}

#[cfg(test)]
#[path = "intent_tests.rs"]
mod tests;
