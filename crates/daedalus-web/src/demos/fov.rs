//! Page 3, field of view: a draggable viewer with an opening angle and a
//! range; its visibility polygon, and the entities it sees highlighted.

use super::Demo;
use super::input::{inside, num, parse, within};
use super::walk::unit;
use crate::frame::{Seen, counts, flat, mesh_if_changed, r};
use crate::{ApiError, Limits};
use daedalus::Closure;
use daedalus::fov::{FieldOfView, is_in_field, visibility_polygon};
use daedalus::world::EntityDef;
use daedalus::world::{EntityId, EntityState};
use daedalus::{Point, World};
use serde::Deserialize;
use serde_json::{Value, json};
use std::f64::consts::TAU;

const W: f64 = 800.0;
const H: f64 = 600.0;
const WANDERERS: usize = 6;

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    Viewer {
        x: f64,
        y: f64,
        direction: f64,
        angle: f64,
        range: f64,
    },
    /// Places a still entity; answers its id.
    Target {
        x: f64,
        y: f64,
        #[serde(default = "six")]
        radius: f64,
    },
    ClearTargets {},
    /// Which entities the viewer sees.
    Status {},
}

fn six() -> f64 {
    6.0
}

struct Who {
    id: EntityId,
    key: u64,
    placed: bool,
}

pub(crate) struct FovDemo {
    pub(crate) world: World,
    limits: Limits,
    fov: FieldOfView,
    who: Vec<Who>,
    next: u64,
    poly: Vec<Point>,
    poly_for: Option<(u64, [f64; 5])>,
    draws: u64,
}

impl FovDemo {
    pub(crate) fn new(limits: Limits) -> Result<FovDemo, ApiError> {
        let mut world = World::new([0.0, 0.0], [W, H])?;
        let boxes = [
            [200.0, 120.0, 280.0, 220.0],
            [450.0, 80.0, 600.0, 130.0],
            [520.0, 300.0, 580.0, 460.0],
            [150.0, 380.0, 330.0, 420.0],
            [660.0, 220.0, 720.0, 280.0],
        ];
        for [x0, y0, x1, y1] in boxes {
            let pts = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(Point::from);
            world.add_wall(pts, Closure::Closed)?;
        }
        world.add_wall([[380.0, 250.0], [420.0, 350.0]], Closure::Open)?;
        let fov = FieldOfView::new([100.0, 300.0], 0.0, 1.6, 450.0)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let mut d = FovDemo {
            world,
            limits,
            fov,
            who: Vec::new(),
            next: 1,
            poly: Vec::new(),
            poly_for: None,
            draws: 0,
        };
        for i in 0..WANDERERS {
            let at = [100.0 + 110.0 * i as f64, 40.0 + 90.0 * (i % 3) as f64];
            let id = d
                .world
                .add_entity(EntityDef::at(at).radius(7.0).speed(50.0))?;
            d.who.push(Who {
                id,
                key: d.next,
                placed: false,
            });
            d.next += 1;
        }
        d.world.step(0.0)?;
        Ok(d)
    }

    fn seen(&self) -> Vec<(u64, bool)> {
        self.who
            .iter()
            .filter_map(|w| {
                let e = self.world.entity(w.id).ok()?;
                let s = is_in_field(self.world.cdt(), &self.fov, e.position(), e.radius());
                Some((w.key, s.unwrap_or(false)))
            })
            .collect()
    }

    /// Wanderers pick a new random goal when they stop.
    fn wander(&mut self) {
        for w in self.who.iter().filter(|w| !w.placed) {
            let Ok(e) = self.world.entity(w.id) else {
                continue;
            };
            if matches!(e.state(), EntityState::Moving) {
                continue;
            }
            self.draws += 1;
            let s = self.draws * 7919 + w.key;
            let g = [40.0 + 720.0 * unit(s), 40.0 + 520.0 * unit(s + 1)];
            let _ = self.world.set_goal(w.id, g);
        }
    }
}

impl Demo for FovDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        match parse::<Cmd>(cmd)? {
            Cmd::Viewer {
                x,
                y,
                direction,
                angle,
                range,
            } => {
                let p = inside(&self.world, [x, y])?;
                let dir = num(direction, "direction")?.rem_euclid(TAU);
                let angle = within(angle, 0.0, TAU, "angle")?;
                let range = within(range, 0.0, 2000.0, "range")?;
                self.fov = FieldOfView::new(p, dir, angle, range)
                    .map_err(|e| ApiError::bad(e.to_string()))?;
            }
            Cmd::Target { x, y, radius } => {
                if self.who.len() >= self.limits.max_entities {
                    return Err(ApiError::too_large("entity limit reached"));
                }
                let p = inside(&self.world, [x, y])?;
                let radius = within(radius, 1.0, 30.0, "radius")?;
                let id = self
                    .world
                    .add_entity(EntityDef::at(p).radius(radius).speed(1.0))?;
                let key = self.next;
                self.next += 1;
                self.who.push(Who {
                    id,
                    key,
                    placed: true,
                });
                return Ok(json!({ "id": key }));
            }
            Cmd::ClearTargets {} => {
                for w in self.who.iter().filter(|w| w.placed) {
                    self.world.remove_entity(w.id)?;
                }
                self.who.retain(|w| !w.placed);
            }
            Cmd::Status {} => {}
        }
        let seen: Vec<u64> = self
            .seen()
            .into_iter()
            .filter(|s| s.1)
            .map(|s| s.0)
            .collect();
        Ok(json!({ "seen": seen }))
    }

    fn step(&mut self, dt: f64) {
        self.wander();
        let _ = self.world.step(dt);
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let f = &self.fov;
        let key = (
            self.world.cdt().revision(),
            [f.position.x, f.position.y, f.direction, f.angle, f.range],
        );
        if self.poly_for != Some(key) {
            self.poly_for = Some(key);
            self.poly = visibility_polygon(self.world.cdt(), f)
                .and_then(|v| v.polyline(1.0))
                .unwrap_or_default();
        }
        let flags = self.seen();
        let entities: Vec<Value> = self
            .who
            .iter()
            .zip(flags)
            .filter_map(|(w, (_, s))| {
                let e = self.world.entity(w.id).ok()?;
                let p = e.position();
                Some(json!({"id": w.key, "x": r(p.x), "y": r(p.y), "r": e.radius(), "seen": s, "placed": w.placed}))
            })
            .collect();
        let mut out = json!({
            "stats": counts(self.world.cdt()),
            "viewer": {"x": f.position.x, "y": f.position.y, "direction": f.direction, "angle": f.angle, "range": f.range},
            "poly": flat(&self.poly),
            "entities": entities,
        });
        if let Some(m) = mesh_if_changed(self.world.cdt(), seen, 1) {
            out["mesh"] = m;
        }
        out
    }
}
