//! The dungeon game's rules: the player's moves, the weapons and their
//! shots, the bots' patrol, sight and chase.

use crate::hash::unit;
use daedalus::dungeon::ItemKind;
use daedalus::fov::{FieldOfView, is_in_field};
use daedalus::world::{EntityId, EntityState};
use daedalus::{Point, World};

pub(crate) const PLAYER_R: f64 = 0.3;
pub(crate) const BOT_R: f64 = 0.3;
const WALK: f64 = 4.0;
const RUN: f64 = 8.0;
const TURN: f64 = 3.2;
const DODGE_SPEED: f64 = 12.0;
const DODGE_TIME: f64 = 0.18;
pub(crate) const BOT_FOV_ANGLE: f64 = 1.8;
pub(crate) const BOT_FOV_RANGE: f64 = 14.0;
const PATROL: f64 = 2.0;
const CHASE: f64 = 4.2;
/// Longest sub-move: keeps a disc from stepping over a wall line.
const SUBSTEP: f64 = 0.12;

/// Keys held (run is the second quick UP, decided by the page).
#[derive(Clone, Copy, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Keys {
    #[serde(default)]
    pub(crate) up: bool,
    #[serde(default)]
    pub(crate) down: bool,
    #[serde(default)]
    pub(crate) left: bool,
    #[serde(default)]
    pub(crate) right: bool,
    #[serde(default)]
    pub(crate) run: bool,
    #[serde(default)]
    pub(crate) fire: bool,
}

pub(crate) struct Player {
    pub(crate) pos: Point,
    pub(crate) angle: f64,
    pub(crate) hp: f64,
    pub(crate) weapons: Vec<ItemKind>,
    pub(crate) keys: Keys,
    pub(crate) dodge: Option<(f64, f64)>,
    cooldown: f64,
}

impl Player {
    pub(crate) fn new(pos: Point) -> Player {
        Player {
            pos,
            angle: 0.0,
            hp: 100.0,
            weapons: Vec::new(),
            keys: Keys::default(),
            dodge: None,
            cooldown: 0.0,
        }
    }

    pub(crate) fn weapon(&self) -> Option<ItemKind> {
        self.weapons.last().copied()
    }
}

pub(crate) enum Mind {
    Patrol,
    Chase { since_seen: f64, replan: f64 },
}

pub(crate) struct Bot {
    pub(crate) id: EntityId,
    pub(crate) hp: f64,
    pub(crate) heading: f64,
    pub(crate) last: Point,
    pub(crate) mind: Mind,
    pub(crate) sees: bool,
}

pub(crate) struct Shot {
    pub(crate) pos: Point,
    pub(crate) vel: Point,
    pub(crate) left: f64,
    pub(crate) kind: ItemKind,
}

/// Damage, speed, range, cooldown, pellets and spread of each weapon.
fn spec(k: ItemKind) -> (f64, f64, f64, f64, usize, f64) {
    match k {
        ItemKind::Shotgun => (22.0, 22.0, 9.0, 0.8, 6, 0.35),
        ItemKind::MachineGun => (12.0, 28.0, 22.0, 0.09, 1, 0.05),
        ItemKind::PlasmaGun => (45.0, 14.0, 25.0, 0.45, 1, 0.0),
        ItemKind::RocketGun => (0.0, 11.0, 30.0, 1.1, 1, 0.0),
    }
}

pub(crate) fn damage(k: ItemKind) -> f64 {
    spec(k).0
}

pub(crate) const BLAST: f64 = 2.5;

/// Moves a disc along `d` in sub-steps; stops (sliding along x or y) at walls.
pub(crate) fn slide(world: &World, from: Point, d: Point, r: f64) -> Point {
    let n = (d.x.hypot(d.y) / SUBSTEP).ceil().clamp(1.0, 64.0);
    let step = Point::new(d.x / n, d.y / n);
    let mut p = from;
    let free = |q: Point| world.is_free(q, r).unwrap_or(false);
    for _ in 0..n as usize {
        for cand in [
            p + step,
            Point::new(p.x + step.x, p.y),
            Point::new(p.x, p.y + step.y),
        ] {
            if free(cand) {
                p = cand;
                break;
            }
        }
    }
    p
}

/// The player's move and trigger for one step; new shots are appended.
pub(crate) fn move_player(
    world: &World,
    pl: &mut Player,
    dt: f64,
    shots: &mut Vec<Shot>,
    seed: u64,
) {
    let k = pl.keys;
    if k.left {
        pl.angle -= TURN * dt;
    }
    if k.right {
        pl.angle += TURN * dt;
    }
    let (s, c) = pl.angle.sin_cos();
    let speed = if k.run { RUN } else { WALK };
    let mut v = if k.up {
        Point::new(c * speed, s * speed)
    } else if k.down {
        Point::new(-c * WALK * 0.6, -s * WALK * 0.6)
    } else {
        Point::new(0.0, 0.0)
    };
    if let Some((dir, left)) = pl.dodge {
        // Sideways, perpendicular to the facing.
        v = v + Point::new(-s * dir * DODGE_SPEED, c * dir * DODGE_SPEED);
        pl.dodge = (left > dt).then_some((dir, left - dt));
    }
    pl.pos = slide(world, pl.pos, Point::new(v.x * dt, v.y * dt), PLAYER_R);
    pl.cooldown = (pl.cooldown - dt).max(0.0);
    if let (true, Some(w), true) = (k.fire, pl.weapon(), pl.cooldown <= 0.0) {
        let (_, speed, range, cool, pellets, spread) = spec(w);
        pl.cooldown = cool;
        for i in 0..pellets {
            let a = pl.angle + spread * (unit(seed.wrapping_add(i as u64)) - 0.5) * 2.0;
            shots.push(Shot {
                pos: pl.pos,
                vel: Point::new(a.cos() * speed, a.sin() * speed),
                left: range,
                kind: w,
            });
        }
    }
}

pub(crate) fn start_dodge(pl: &mut Player, dir: f64) {
    if pl.dodge.is_none() {
        pl.dodge = Some((dir.signum(), DODGE_TIME));
    }
}

/// Does the bot see the player (its field of view, walls hiding)?
pub(crate) fn sees(world: &World, bot: &Bot, at: Point, player: Point) -> bool {
    match FieldOfView::new(at, bot.heading, BOT_FOV_ANGLE, BOT_FOV_RANGE) {
        Ok(f) => is_in_field(world.cdt(), &f, player, PLAYER_R).unwrap_or(false),
        Err(_) => false,
    }
}

/// Patrol between rooms; chase the player while seen and a while after.
pub(crate) fn think(
    world: &mut World,
    bot: &mut Bot,
    player: Point,
    rooms: &[Point],
    dt: f64,
    seed: u64,
) {
    let Ok(e) = world.entity(bot.id) else {
        return;
    };
    let (at, state) = (e.position(), e.state());
    let d = at - bot.last;
    if d.x.hypot(d.y) > 1e-6 {
        bot.heading = d.y.atan2(d.x);
    }
    bot.last = at;
    bot.sees = sees(world, bot, at, player);
    match &mut bot.mind {
        Mind::Patrol if bot.sees => {
            bot.mind = Mind::Chase {
                since_seen: 0.0,
                replan: 0.0,
            };
            let _ = world.set_speed(bot.id, CHASE);
        }
        Mind::Patrol => {
            if !matches!(state, EntityState::Moving) && !rooms.is_empty() {
                let g = rooms[(unit(seed) * rooms.len() as f64) as usize % rooms.len()];
                let _ = world.set_goal(bot.id, g);
            }
        }
        Mind::Chase { since_seen, replan } => {
            *since_seen = if bot.sees { 0.0 } else { *since_seen + dt };
            *replan -= dt;
            if *since_seen > 4.0 {
                bot.mind = Mind::Patrol;
                let _ = world.set_speed(bot.id, PATROL);
                let _ = world.stop(bot.id);
            } else if bot.sees && *replan <= 0.0 {
                *replan = 0.3;
                let _ = world.set_goal(bot.id, player);
            }
        }
    }
}

pub(crate) const PATROL_SPEED: f64 = PATROL;

/// Moves the shots; answers where each one that stopped hit (a wall, a
/// bot, or nothing when out of range) and the bot it hit.
pub(crate) fn fly(
    world: &World,
    shots: &mut Vec<Shot>,
    bots: &[(usize, Point)],
    dt: f64,
) -> Vec<(Point, ItemKind, Option<usize>)> {
    let mut hits = Vec::new();
    shots.retain_mut(|s| {
        let travel = s.vel.x.hypot(s.vel.y) * dt;
        let n = (travel / SUBSTEP).ceil().clamp(1.0, 64.0);
        for _ in 0..n as usize {
            s.pos = s.pos + Point::new(s.vel.x * dt / n, s.vel.y * dt / n);
            s.left -= travel / n;
            if let Some(&(b, _)) = bots
                .iter()
                .find(|(_, p)| (*p - s.pos).x.hypot((*p - s.pos).y) < BOT_R + 0.1)
            {
                hits.push((s.pos, s.kind, Some(b)));
                return false;
            }
            if !world.is_free(s.pos, 0.05).unwrap_or(false) {
                hits.push((s.pos, s.kind, None));
                return false;
            }
            if s.left <= 0.0 {
                if s.kind == ItemKind::RocketGun {
                    hits.push((s.pos, s.kind, None));
                }
                return false;
            }
        }
        true
    });
    hits
}
