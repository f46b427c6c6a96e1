//! Page 1, dynamic triangulation: walls and shapes added, dragged,
//! rotated, scaled and deleted; the mesh, its counts and a probe path
//! follow live.

use super::Demo;
use super::input::{inside, num, parse, within};
use crate::frame::{Seen, counts, flat, mesh_if_changed, r};
use crate::{ApiError, Limits};
use daedalus::objects::Object;
use daedalus::objects::Pose;
use daedalus::path::PathFinder;
use daedalus::world::ObstacleId;
use daedalus::{Point, World};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Instant;

pub(crate) const W: f64 = 800.0;
pub(crate) const H: f64 = 600.0;
/// The probe path's ends and radius.
const A: [f64; 2] = [40.0, 300.0];
const B: [f64; 2] = [760.0, 300.0];
const PROBE_R: f64 = 6.0;

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    /// A polyline (or polygon when closed), world coordinates.
    Add {
        points: Vec<[f64; 2]>,
        #[serde(default)]
        closed: bool,
    },
    /// Moves, turns and scales an object (about its centre).
    Pose {
        id: u64,
        x: f64,
        y: f64,
        #[serde(default)]
        rotation: f64,
        #[serde(default = "one")]
        scale: f64,
    },
    Remove {
        id: u64,
    },
    Clear {},
    /// Counts of the triangulation.
    Stats {},
    /// A path query on the current mesh.
    Path {
        from: [f64; 2],
        to: [f64; 2],
        #[serde(default)]
        radius: f64,
    },
}

fn one() -> f64 {
    1.0
}

struct Shape {
    id: ObstacleId,
    local: Vec<Point>,
    closed: bool,
    pose: (f64, f64, f64, f64),
}

pub(crate) struct MeshDemo {
    pub(crate) world: World,
    limits: Limits,
    shapes: BTreeMap<u64, Shape>,
    next: u64,
    /// Bumped whenever an outline changes (frames then resend them).
    rev: u64,
    update_ms: f64,
    path: Vec<Point>,
    path_rev: Option<u64>,
    finder: PathFinder,
}

impl MeshDemo {
    pub(crate) fn new(limits: Limits) -> Result<MeshDemo, ApiError> {
        let world = World::new([0.0, 0.0], [W, H])?;
        let mut d = MeshDemo {
            world,
            limits,
            shapes: BTreeMap::new(),
            next: 1,
            rev: 0,
            update_ms: 0.0,
            path: Vec::new(),
            path_rev: None,
            finder: PathFinder::new(),
        };
        let square = [
            [250.0, 150.0],
            [330.0, 150.0],
            [330.0, 230.0],
            [250.0, 230.0],
        ];
        d.add(square.to_vec(), true)?;
        let tri = [[520.0, 380.0], [600.0, 470.0], [470.0, 480.0]];
        d.add(tri.to_vec(), true)?;
        d.add(vec![[150.0, 450.0], [300.0, 520.0]], false)?;
        d.step(0.0);
        Ok(d)
    }

    fn add(&mut self, points: Vec<[f64; 2]>, closed: bool) -> Result<u64, ApiError> {
        if self.shapes.len() >= self.limits.max_objects {
            return Err(ApiError::too_large(format!(
                "object limit reached ({})",
                self.limits.max_objects
            )));
        }
        if points.len() > self.limits.max_shape_points {
            return Err(ApiError::too_large(format!(
                "a shape has at most {} points",
                self.limits.max_shape_points
            )));
        }
        if points.len() < 2 || (closed && points.len() < 3) {
            return Err(ApiError::bad("a shape needs 2 points (3 when closed)"));
        }
        let pts = points
            .iter()
            .map(|&p| inside(&self.world, p))
            .collect::<Result<Vec<_>, _>>()?;
        let n = pts.len() as f64;
        let c = Point::new(
            pts.iter().map(|p| p.x).sum::<f64>() / n,
            pts.iter().map(|p| p.y).sum::<f64>() / n,
        );
        let local: Vec<Point> = pts.iter().map(|&p| p - c).collect();
        let mut o = Object::new(
            local.clone(),
            if closed {
                daedalus::Closure::Closed
            } else {
                daedalus::Closure::Open
            },
        );
        o.set_position(c);
        let t = Instant::now();
        let id = self.world.add_object(o)?;
        self.update_ms = t.elapsed().as_secs_f64() * 1e3;
        let k = self.next;
        self.next += 1;
        self.shapes.insert(
            k,
            Shape {
                id,
                local,
                closed,
                pose: (c.x, c.y, 0.0, 1.0),
            },
        );
        self.rev += 1;
        Ok(k)
    }

    fn shape(&self, id: u64) -> Result<&Shape, ApiError> {
        self.shapes
            .get(&id)
            .ok_or_else(|| ApiError::bad(format!("no such object {id}")))
    }

    fn pose(&mut self, id: u64, x: f64, y: f64, rot: f64, s: f64) -> Result<(), ApiError> {
        let (x, y, rot) = (num(x, "x")?, num(y, "y")?, num(rot, "rotation")?);
        let s = within(s, 0.1, 10.0, "scale")?;
        let shape = self.shape(id)?;
        let (sin, cos) = rot.sin_cos();
        for p in &shape.local {
            let q = [
                x + s * (cos * p.x - sin * p.y),
                y + s * (sin * p.x + cos * p.y),
            ];
            inside(&self.world, q)
                .map_err(|_| ApiError::bad("the object would leave the world"))?;
        }
        let pose = Pose {
            pivot: Point::new(0.0, 0.0),
            scale_x: s,
            scale_y: s,
            rotation: rot % std::f64::consts::TAU,
            position: Point::new(x, y),
        };
        self.world.set_pose(shape.id, pose)?;
        if let Some(sh) = self.shapes.get_mut(&id) {
            sh.pose = (x, y, pose.rotation, s);
        }
        self.rev += 1;
        Ok(())
    }

    fn remove(&mut self, id: u64) -> Result<(), ApiError> {
        let shape = self.shape(id)?;
        let t = Instant::now();
        self.world.remove_obstacle(shape.id)?;
        self.update_ms = t.elapsed().as_secs_f64() * 1e3;
        self.shapes.remove(&id);
        self.rev += 1;
        Ok(())
    }

    fn replan(&mut self) {
        let rev = self.world.cdt().revision();
        if self.path_rev == Some(rev) {
            return;
        }
        self.path_rev = Some(rev);
        self.path = self
            .finder
            .find_path(self.world.nav(), A, B, PROBE_R)
            .map(|p| p.polyline(4.0))
            .unwrap_or_default();
    }
}

impl Demo for MeshDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        Ok(match parse::<Cmd>(cmd)? {
            Cmd::Add { points, closed } => json!({ "id": self.add(points, closed)? }),
            Cmd::Pose {
                id,
                x,
                y,
                rotation,
                scale,
            } => {
                self.pose(id, x, y, rotation, scale)?;
                json!({})
            }
            Cmd::Remove { id } => {
                self.remove(id)?;
                json!({})
            }
            Cmd::Clear {} => {
                let ids: Vec<u64> = self.shapes.keys().copied().collect();
                for id in ids {
                    self.remove(id)?;
                }
                json!({})
            }
            Cmd::Stats {} => counts(self.world.cdt()),
            Cmd::Path { from, to, radius } => {
                let (a, b) = (inside(&self.world, from)?, inside(&self.world, to)?);
                let radius = within(radius, 0.0, 100.0, "radius")?;
                match self.finder.find_path(self.world.nav(), a, b, radius) {
                    Ok(p) => {
                        json!({"found": true, "length": r(p.length()), "points": flat(&p.waypoints())})
                    }
                    Err(e) => json!({"found": false, "reason": e.to_string()}),
                }
            }
        })
    }

    fn step(&mut self, dt: f64) {
        let before = self.world.cdt().revision();
        let t = Instant::now();
        // Only finite, non-negative dt reaches here; an error leaves the
        // world as it was.
        let _ = self.world.step(dt);
        if self.world.cdt().revision() != before {
            self.update_ms = t.elapsed().as_secs_f64() * 1e3;
        }
        self.replan();
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let mut f = json!({
            "stats": counts(self.world.cdt()),
            "update_ms": (self.update_ms * 1000.0).round() / 1000.0,
            "path": flat(&self.path),
            "probe": [A, B, PROBE_R],
        });
        if let Some(m) = mesh_if_changed(self.world.cdt(), seen, 1) {
            f["mesh"] = m;
        }
        if seen.extra != Some(self.rev) {
            seen.extra = Some(self.rev);
            let objects: Vec<Value> = self
                .shapes
                .iter()
                .filter_map(|(k, s)| {
                    let outline = self.world.obstacle_outline(s.id).ok()?;
                    let (x, y, rot, sc) = s.pose;
                    Some(json!({
                        "id": k, "closed": s.closed, "pts": flat(&outline),
                        "local": flat(&s.local), "pose": [r(x), r(y), rot, sc],
                    }))
                })
                .collect();
            f["objects"] = Value::Array(objects);
        }
        f
    }
}
