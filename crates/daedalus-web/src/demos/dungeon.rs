//! Page 6, dungeon: the generator's parameters, and the level played:
//! the player walks, runs, dodges, picks up weapons and shoots bots that
//! patrol, see through their field of view and chase along paths.

use super::Demo;
use super::game::{
    BLAST, BOT_FOV_ANGLE, BOT_FOV_RANGE, BOT_R, Bot, Keys, Mind, PATROL_SPEED, Player, Shot,
    damage, fly, move_player, start_dodge, think,
};
use super::input::{parse, within};
use crate::frame::{Seen, counts, flat, mesh_if_changed, pt, r};
use crate::{ApiError, Limits};
use daedalus::Closure;
use daedalus::dungeon::{DungeonParams, Item, ItemKind, generate};
use daedalus::fov::{FieldOfView, visibility_polygon};
use daedalus::world::EntityDef;
use daedalus::{Point, World};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    Generate {
        columns: usize,
        rows: usize,
        probability: f64,
        rooms: usize,
        branch_depth: usize,
        branches: usize,
        seed: u64,
    },
    /// The keys held now.
    Input {
        #[serde(flatten)]
        keys: Keys,
    },
    /// A quick sidestep: -1 left, 1 right.
    Dodge {
        dir: f64,
    },
    Restart {},
    Status {},
}

pub(crate) struct DungeonDemo {
    pub(crate) world: World,
    limits: Limits,
    params: DungeonParams,
    player: Player,
    bots: Vec<Bot>,
    items: Vec<Item>,
    rooms: Vec<Point>,
    shots: Vec<Shot>,
    /// Blasts and hits shown for a moment: where, radius, time left.
    flashes: Vec<(Point, f64, f64)>,
    kills: u32,
    level: u64,
    ticks: u64,
}

fn name(k: ItemKind) -> &'static str {
    match k {
        ItemKind::Shotgun => "shotgun",
        ItemKind::MachineGun => "machine gun",
        ItemKind::PlasmaGun => "plasma gun",
        ItemKind::RocketGun => "rocket gun",
    }
}

impl DungeonDemo {
    pub(crate) fn new(limits: Limits) -> Result<DungeonDemo, ApiError> {
        let params = DungeonParams {
            rooms: 20,
            ..DungeonParams::default()
        };
        let (world, player, bots, items, rooms) = level(&params)?;
        Ok(DungeonDemo {
            world,
            limits,
            params,
            player,
            bots,
            items,
            rooms,
            shots: Vec::new(),
            flashes: Vec::new(),
            kills: 0,
            level: 1,
            ticks: 0,
        })
    }

    fn load(&mut self, params: DungeonParams) -> Result<(), ApiError> {
        let (world, player, bots, items, rooms) = level(&params)?;
        self.world = world;
        self.player = player;
        self.bots = bots;
        self.items = items;
        self.rooms = rooms;
        self.params = params;
        self.shots.clear();
        self.flashes.clear();
        self.kills = 0;
        self.level += 1;
        Ok(())
    }

    fn status(&self) -> Value {
        let p = &self.player;
        json!({
            "x": r(p.pos.x), "y": r(p.pos.y), "hp": p.hp, "bots": self.bots.len(),
            "kills": self.kills, "weapon": p.weapon().map(name), "level": self.level,
        })
    }

    fn hit(&mut self, at: Point, kind: ItemKind, bot: Option<usize>) {
        if kind == ItemKind::RocketGun {
            self.flashes.push((at, BLAST, 0.35));
            for b in &mut self.bots {
                if let Ok(e) = self.world.entity(b.id) {
                    let d = e.position() - at;
                    if d.x.hypot(d.y) < BLAST {
                        b.hp -= 100.0;
                    }
                }
            }
        } else if let Some(b) = bot.and_then(|i| self.bots.get_mut(i)) {
            b.hp -= damage(kind);
            self.flashes.push((at, 0.4, 0.15));
        }
    }
}

type Level = (World, Player, Vec<Bot>, Vec<Item>, Vec<Point>);

fn level(params: &DungeonParams) -> Result<Level, ApiError> {
    let d = generate(params).map_err(|e| ApiError::bad(e.to_string()))?;
    let [x0, y0, x1, y1]: [f64; 4] = d.cdt.bounds().into();
    let mut world = World::new([x0, y0], [x1, y1])?;
    for w in &d.walls {
        world.add_wall(&w.points, Closure::Closed)?;
    }
    let mut bots = Vec::new();
    for &b in &d.spawns.bots {
        let id = world.add_entity(EntityDef::at(b).radius(BOT_R).speed(PATROL_SPEED))?;
        bots.push(Bot {
            id,
            hp: 100.0,
            heading: 0.0,
            last: b,
            mind: Mind::Patrol,
            sees: false,
        });
    }
    world.step(0.0)?;
    let rooms = d.rooms.iter().map(|r| r.centre).collect();
    Ok((
        world,
        Player::new(d.spawns.player),
        bots,
        d.spawns.items.clone(),
        rooms,
    ))
}

impl Demo for DungeonDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        match parse::<Cmd>(cmd)? {
            Cmd::Generate {
                columns,
                rows,
                probability,
                rooms,
                branch_depth,
                branches,
                seed,
            } => {
                let (g, m) = (self.limits.max_grid, self.limits.max_rooms);
                if columns > g || rows > g {
                    return Err(ApiError::too_large(format!(
                        "the grid is at most {g} x {g}"
                    )));
                }
                if rooms > m {
                    return Err(ApiError::too_large(format!("at most {m} rooms")));
                }
                let params = DungeonParams {
                    columns,
                    rows,
                    probability: within(probability, 0.0, 1.0, "probability")?,
                    rooms,
                    branch_depth: branch_depth.min(1000),
                    branches: branches.min(100),
                    seed,
                    ..DungeonParams::default()
                };
                self.load(params)?;
            }
            Cmd::Input { keys } => self.player.keys = keys,
            Cmd::Dodge { dir } => {
                let dir = within(dir, -1.0, 1.0, "dir")?;
                if dir != 0.0 {
                    start_dodge(&mut self.player, dir);
                }
            }
            Cmd::Restart {} => self.load(self.params.clone())?,
            Cmd::Status {} => {}
        }
        Ok(self.status())
    }

    fn step(&mut self, dt: f64) {
        self.ticks += 1;
        if self.player.hp > 0.0 {
            move_player(
                &self.world,
                &mut self.player,
                dt,
                &mut self.shots,
                self.ticks * 31,
            );
        }
        let at = self.player.pos;
        if let Some(i) = self.items.iter().position(|it| {
            let d = it.position - at;
            d.x.hypot(d.y) < 0.8
        }) {
            let it = self.items.remove(i);
            self.player.weapons.retain(|&w| w != it.kind);
            self.player.weapons.push(it.kind);
        }
        let targets: Vec<(usize, Point)> = self
            .bots
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((i, self.world.entity(b.id).ok()?.position())))
            .collect();
        for (p, kind, bot) in fly(&self.world, &mut self.shots, &targets, dt) {
            self.hit(p, kind, bot);
        }
        for (i, b) in self.bots.iter_mut().enumerate() {
            let seed = self.ticks.wrapping_mul(7).wrapping_add(i as u64 * 1013);
            think(&mut self.world, b, at, &self.rooms, dt, seed);
            let near = targets.get(i).is_some_and(|(_, p)| {
                let d = *p - at;
                d.x.hypot(d.y) < 0.9
            });
            if near && self.player.hp > 0.0 {
                self.player.hp = (self.player.hp - 30.0 * dt).max(0.0);
            }
        }
        let world = &mut self.world;
        let before = self.bots.len();
        self.bots.retain(|b| {
            let alive = b.hp > 0.0;
            if !alive {
                let _ = world.remove_entity(b.id);
            }
            alive
        });
        self.kills += (before - self.bots.len()) as u32;
        for f in &mut self.flashes {
            f.2 -= dt;
        }
        self.flashes.retain(|f| f.2 > 0.0);
        let _ = self.world.step(dt);
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let p = &self.player;
        let bots: Vec<Value> = self
            .bots
            .iter()
            .filter_map(|b| {
                let q = self.world.entity(b.id).ok()?.position();
                let chasing = matches!(b.mind, Mind::Chase { .. });
                // What the bot sees, walls hiding: its visibility polygon.
                let seen = FieldOfView::new(q, b.heading, BOT_FOV_ANGLE, BOT_FOV_RANGE)
                    .and_then(|f| visibility_polygon(self.world.cdt(), &f))
                    .and_then(|v| v.polyline(0.25))
                    .map(|p| flat(&p))
                    .unwrap_or_default();
                Some(json!([
                    r(q.x),
                    r(q.y),
                    r(b.heading),
                    b.hp,
                    b.sees,
                    chasing,
                    seen
                ]))
            })
            .collect();
        let items: Vec<Value> = self
            .items
            .iter()
            .map(|i| json!([name(i.kind), r(i.position.x), r(i.position.y)]))
            .collect();
        let shots: Vec<Value> = self
            .shots
            .iter()
            .map(|s| json!([r(s.pos.x), r(s.pos.y), name(s.kind)]))
            .collect();
        let flashes: Vec<Value> = self
            .flashes
            .iter()
            .map(|f| json!([r(f.0.x), r(f.0.y), f.1]))
            .collect();
        let mut f = json!({
            "stats": counts(self.world.cdt()),
            "bounds": <[f64; 4]>::from(self.world.cdt().bounds()),
            "player": {"pos": pt(p.pos), "angle": r(p.angle), "hp": r(p.hp), "run": p.keys.run,
                       "weapon": p.weapon().map(name), "weapons": p.weapons.iter().map(|&w| name(w)).collect::<Vec<_>>()},
            "bots": bots, "items": items, "shots": shots, "flashes": flashes,
            "kills": self.kills, "level": self.level,
            "bot_fov": [BOT_FOV_ANGLE, BOT_FOV_RANGE],
        });
        if seen.extra != Some(self.level) {
            // A new level's world may reuse the old revision numbers.
            seen.extra = Some(self.level);
            seen.mesh = None;
        }
        if let Some(m) = mesh_if_changed(self.world.cdt(), seen, 1) {
            f["mesh"] = m;
        }
        f
    }
}

#[cfg(test)]
#[path = "dungeon_tests.rs"]
mod tests;
