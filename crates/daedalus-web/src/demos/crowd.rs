//! Page 4, group movement: entities of different sizes follow the clicked
//! goal through choke points (each gets its own spot around the goal).

use super::Demo;
use super::input::{clamp, inside, parse, within};
use super::walk::{entity, unit};
use crate::frame::{Seen, counts, mesh_if_changed};
use crate::{ApiError, Limits};
use daedalus::Closure;
use daedalus::world::EntityDef;
use daedalus::world::EntityId;
use daedalus::{Point, World};
use serde::Deserialize;
use serde_json::{Value, json};

const W: f64 = 800.0;
const H: f64 = 600.0;
const START: usize = 24;

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    Goal { x: f64, y: f64 },
    Add { x: f64, y: f64, radius: f64 },
    Status {},
}

pub(crate) struct CrowdDemo {
    pub(crate) world: World,
    limits: Limits,
    crowd: Vec<EntityId>,
    goal: Option<Point>,
}

impl CrowdDemo {
    pub(crate) fn new(limits: Limits) -> Result<CrowdDemo, ApiError> {
        let mut world = World::new([0.0, 0.0], [W, H])?;
        let walls: [&[[f64; 2]]; 5] = [
            &[[280.0, 0.0], [280.0, 260.0]],
            &[[280.0, 330.0], [280.0, 600.0]],
            &[[520.0, 0.0], [520.0, 120.0]],
            &[[520.0, 190.0], [520.0, 420.0]],
            &[[520.0, 490.0], [520.0, 600.0]],
        ];
        for w in walls {
            let pts: Vec<Point> = w.iter().map(|&p| p.into()).collect();
            world.add_wall(&pts, Closure::Open)?;
        }
        let mut d = CrowdDemo {
            world,
            limits,
            crowd: Vec::new(),
            goal: None,
        };
        for i in 0..START.min(d.limits.max_entities) {
            let (col, row) = ((i % 4) as f64, (i / 4) as f64);
            let radius = 4.0 + 8.0 * unit(i as u64);
            d.add([40.0 + 50.0 * col, 60.0 + 85.0 * row], radius)?;
        }
        d.world.step(0.0)?;
        Ok(d)
    }

    fn add(&mut self, at: [f64; 2], radius: f64) -> Result<(), ApiError> {
        if self.crowd.len() >= self.limits.max_entities {
            return Err(ApiError::too_large(format!(
                "entity limit reached ({})",
                self.limits.max_entities
            )));
        }
        let p = inside(&self.world, at)?;
        let radius = within(radius, 1.0, 30.0, "radius")?;
        let speed = 60.0 + 60.0 * unit(self.crowd.len() as u64 + 99);
        let id = self
            .world
            .add_entity(EntityDef::at(p).radius(radius).speed(speed))?;
        self.crowd.push(id);
        Ok(())
    }

    /// Spots on a sunflower spiral around the goal, spaced by the sizes.
    fn set_goal(&mut self, g: Point) -> Result<(), ApiError> {
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        for (i, &id) in self.crowd.iter().enumerate() {
            let d = 16.0 * (i as f64).sqrt();
            let a = i as f64 * golden;
            let spot = clamp(&self.world, g + Point::new(d * a.cos(), d * a.sin()));
            self.world.set_goal(id, spot)?;
        }
        self.goal = Some(g);
        Ok(())
    }
}

impl Demo for CrowdDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        match parse::<Cmd>(cmd)? {
            Cmd::Goal { x, y } => {
                let g = inside(&self.world, [x, y])?;
                self.set_goal(g)?;
            }
            Cmd::Add { x, y, radius } => self.add([x, y], radius)?,
            Cmd::Status {} => {}
        }
        Ok(json!({"entities": self.crowd.len()}))
    }

    fn step(&mut self, dt: f64) {
        let _ = self.world.step(dt);
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let crowd: Vec<Value> = self
            .crowd
            .iter()
            .enumerate()
            .filter_map(|(k, &id)| entity(&self.world, id, k as u64, false))
            .collect();
        let mut f = json!({
            "stats": counts(self.world.cdt()),
            "crowd": crowd,
            "goal": self.goal.map(|g| [g.x, g.y]),
        });
        if let Some(m) = mesh_if_changed(self.world.cdt(), seen, 3) {
            f["mesh"] = m;
        }
        f
    }
}
