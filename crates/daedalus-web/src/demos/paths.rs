//! Page 2, paths: one entity of adjustable radius walks to the clicked
//! goal while a sliding door and a rotating bar keep moving; the world
//! re-plans it when they cross its path.

use super::Demo;
use super::input::{clamp, inside, parse, within};
use super::walk::entity;
use crate::frame::{Seen, counts, flat, mesh_if_changed};
use crate::{ApiError, Limits};
use daedalus::Closure;
use daedalus::objects::Object;
use daedalus::world::EntityDef;
use daedalus::world::{EntityId, ObstacleId};
use daedalus::{Point, World};
use serde::Deserialize;
use serde_json::{Value, json};

const W: f64 = 800.0;
const H: f64 = 600.0;
const SPEED: f64 = 140.0;

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    Goal {
        x: f64,
        y: f64,
    },
    Radius {
        radius: f64,
    },
    Stop {},
    /// Where the entity is and where it goes.
    Status {},
}

pub(crate) struct PathsDemo {
    pub(crate) world: World,
    hero: EntityId,
    door: ObstacleId,
    bar: ObstacleId,
    time: f64,
    goal: Option<Point>,
}

impl PathsDemo {
    pub(crate) fn new(_limits: Limits) -> Result<PathsDemo, ApiError> {
        let mut world = World::new([0.0, 0.0], [W, H])?;
        let wall = |w: &mut World, pts: &[[f64; 2]]| {
            let pts: Vec<Point> = pts.iter().map(|&p| p.into()).collect();
            w.add_wall(&pts, Closure::Open)
        };
        // Two rooms; the doorway between them holds the sliding door.
        wall(&mut world, &[[300.0, 0.0], [300.0, 240.0]])?;
        wall(&mut world, &[[300.0, 360.0], [300.0, 600.0]])?;
        wall(
            &mut world,
            &[[120.0, 130.0], [220.0, 130.0], [220.0, 200.0]],
        )?;
        wall(&mut world, &[[100.0, 470.0], [200.0, 420.0]])?;
        let door = world.add_object(Object::rectangle(16.0, 90.0))?;
        world.set_position(door, [300.0, 300.0])?;
        let bar = world.add_object(Object::rectangle(220.0, 12.0))?;
        world.set_position(bar, [560.0, 300.0])?;
        let hero = world.add_entity(EntityDef::at([80.0, 300.0]).radius(8.0).speed(SPEED))?;
        world.step(0.0)?;
        Ok(PathsDemo {
            world,
            hero,
            door,
            bar,
            time: 0.0,
            goal: None,
        })
    }

    fn set_radius(&mut self, radius: f64) -> Result<(), ApiError> {
        let radius = within(radius, 1.0, 40.0, "radius")?;
        let at = self.world.entity(self.hero)?.position();
        let hero = self
            .world
            .add_entity(EntityDef::at(at).radius(radius).speed(SPEED))?;
        self.world.remove_entity(self.hero)?;
        self.hero = hero;
        if let Some(g) = self.goal {
            self.world.set_goal(hero, g)?;
        }
        Ok(())
    }
}

impl Demo for PathsDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        match parse::<Cmd>(cmd)? {
            Cmd::Goal { x, y } => {
                let g = inside(&self.world, [x, y])?;
                self.world.set_goal(self.hero, g)?;
                self.goal = Some(g);
            }
            Cmd::Radius { radius } => self.set_radius(radius)?,
            Cmd::Stop {} => {
                self.world.stop(self.hero)?;
                self.goal = None;
            }
            Cmd::Status {} => {}
        }
        Ok(entity(&self.world, self.hero, 0, true).unwrap_or_default())
    }

    fn step(&mut self, dt: f64) {
        self.time += dt;
        let t = self.time;
        // The door slides across its doorway; the bar turns.
        let y = 300.0 + 95.0 * (t * 0.8).sin();
        let _ = self
            .world
            .set_position(self.door, clamp(&self.world, [300.0, y].into()));
        let _ = self.world.set_rotation(self.bar, t * 0.5);
        let _ = self.world.step(dt);
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let outline = |id| {
            self.world
                .obstacle_outline(id)
                .map(|o| flat(&o))
                .unwrap_or_default()
        };
        let mut f = json!({
            "stats": counts(self.world.cdt()),
            "hero": entity(&self.world, self.hero, 0, true),
            "goal": self.goal.map(|g| [g.x, g.y]),
            "movers": [outline(self.door), outline(self.bar)],
            "replans": self.world.replans(),
        });
        if let Some(m) = mesh_if_changed(self.world.cdt(), seen, 3) {
            f["mesh"] = m;
        }
        f
    }
}
