//! Page 5, bitmap: strokes drawn with the mouse fill a bitmap; `drop`
//! traces it (the library's bitmap tracing) and drops each traced shape
//! into the rapier2d physics world, where they fall and collide.

use super::demo::Demo;
use super::input::{num, parse, within};
use crate::error::ApiError;
use crate::frame::{Seen, flat, r};
use crate::limits::Limits;
use daedalus::Point;
use daedalus::bitmap::{Bitmap, TraceOptions, Tracing, trace};
use daedalus::physics::traced::body_triangles;
use daedalus::physics::{BodyId, BodyParams, PhysicsConfig, PhysicsWorld};
use serde::Deserialize;
use serde_json::{Value, json};

const W: f64 = 800.0;
const H: f64 = 600.0;
/// World units per bitmap cell.
const CELL: f64 = 4.0;
const BW: usize = (W / CELL) as usize;
const BH: usize = (H / CELL) as usize;

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Cmd {
    /// A polyline drawn with a round brush of `width` world units.
    Stroke {
        points: Vec<[f64; 2]>,
        #[serde(default = "brush")]
        width: f64,
    },
    /// Traces the drawing and drops its shapes into the physics world.
    Drop {},
    /// Removes the drawing and every body.
    Clear {},
    Status {},
}

fn brush() -> f64 {
    14.0
}

struct Body {
    key: u64,
    id: BodyId,
    rings: Vec<Vec<Point>>,
}

pub(crate) struct BitmapDemo {
    limits: Limits,
    bits: Vec<bool>,
    drawn: usize,
    physics: PhysicsWorld,
    walls: Vec<Vec<Point>>,
    bodies: Vec<Body>,
    next: u64,
    rev: u64,
}

fn physics(walls: &[Vec<Point>]) -> Result<PhysicsWorld, ApiError> {
    let mut p =
        PhysicsWorld::new(PhysicsConfig::pixels(40.0)).map_err(|e| ApiError::bad(e.to_string()))?;
    p.add_walls(walls)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(p)
}

impl BitmapDemo {
    pub(crate) fn new(limits: Limits) -> Result<BitmapDemo, ApiError> {
        let p = |x, y| Point::new(x, y);
        let walls = vec![
            vec![p(2.0, 0.0), p(2.0, 590.0), p(798.0, 590.0), p(798.0, 0.0)],
            vec![p(60.0, 380.0), p(330.0, 470.0)],
            vec![p(740.0, 300.0), p(500.0, 400.0)],
        ];
        Ok(BitmapDemo {
            limits,
            bits: vec![false; BW * BH],
            drawn: 0,
            physics: physics(&walls)?,
            walls,
            bodies: Vec::new(),
            next: 1,
            rev: 0,
        })
    }

    fn stroke(&mut self, points: &[[f64; 2]], width: f64) -> Result<(), ApiError> {
        if self.drawn + points.len() > self.limits.max_drawing_points {
            return Err(ApiError::too_large(format!(
                "the drawing is limited to {} points: press ENTER to clear",
                self.limits.max_drawing_points
            )));
        }
        let rad = within(width, 1.0, 80.0, "width")? / 2.0 / CELL;
        let mut prev: Option<(f64, f64)> = None;
        for &[x, y] in points {
            let (x, y) = (num(x, "x")? / CELL, num(y, "y")? / CELL);
            let (x, y) = (
                x.clamp(-10.0, BW as f64 + 10.0),
                y.clamp(-10.0, BH as f64 + 10.0),
            );
            let (px, py) = prev.unwrap_or((x, y));
            // Dabs half a brush apart: cost bounded by the length, not the brush.
            let n = ((x - px).hypot(y - py) / (rad * 0.5).max(0.5))
                .ceil()
                .clamp(1.0, 2000.0) as usize;
            for k in 0..=n {
                let t = k as f64 / n as f64;
                self.dab(px + (x - px) * t, py + (y - py) * t, rad);
            }
            prev = Some((x, y));
        }
        self.drawn += points.len();
        Ok(())
    }

    fn dab(&mut self, cx: f64, cy: f64, rad: f64) {
        let (x0, x1) = (
            (cx - rad).floor().max(0.0) as usize,
            (cx + rad).ceil().min(BW as f64) as usize,
        );
        let (y0, y1) = (
            (cy - rad).floor().max(0.0) as usize,
            (cy + rad).ceil().min(BH as f64) as usize,
        );
        for y in y0..y1 {
            for x in x0..x1 {
                if (x as f64 + 0.5 - cx).hypot(y as f64 + 0.5 - cy) <= rad {
                    self.bits[y * BW + x] = true;
                }
            }
        }
    }

    /// Each outer outline with its holes becomes one body.
    fn drop_drawing(&mut self) -> Result<usize, ApiError> {
        let bm = Bitmap::new(
            BW,
            BH,
            std::mem::replace(&mut self.bits, vec![false; BW * BH]),
        )
        .map_err(|e| ApiError::bad(e.to_string()))?;
        self.drawn = 0;
        let t = trace(&bm, &TraceOptions::default()).map_err(|e| ApiError::bad(e.to_string()))?;
        let t = t
            .scaled(
                daedalus::Rect::new([0.0, 0.0], [W, H]),
                daedalus::bitmap::YAxis::Down,
            )
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let mut added = 0;
        for (i, outer) in t.polygons.iter().enumerate() {
            if outer.hole || outer.is_sliver() {
                continue;
            }
            let mut polygons = vec![outer.clone()];
            polygons.extend(
                t.polygons
                    .iter()
                    .filter(|q| q.hole && q.parent == Some(i))
                    .cloned(),
            );
            let part = Tracing {
                width: t.width,
                height: t.height,
                polygons,
            };
            let Ok(tris) = body_triangles(&part) else {
                continue;
            };
            if tris.is_empty() {
                continue;
            }
            if self.bodies.len() >= self.limits.max_bodies {
                // The oldest body makes room.
                let old = self.bodies.remove(0);
                let _ = self.physics.remove_body(old.id);
            }
            let Ok(id) = self.physics.add_body(&tris, &BodyParams::default()) else {
                continue;
            };
            let rings = part.polygons.into_iter().map(|p| p.points).collect();
            self.bodies.push(Body {
                key: self.next,
                id,
                rings,
            });
            self.next += 1;
            added += 1;
        }
        self.rev += 1;
        Ok(added)
    }

    fn status(&self) -> Value {
        let ys: Vec<f64> = self
            .bodies
            .iter()
            .filter_map(|b| self.physics.body_state(b.id).ok().map(|s| r(s.position.y)))
            .collect();
        json!({"bodies": self.bodies.len(), "drawn": self.drawn, "ys": ys})
    }
}

impl Demo for BitmapDemo {
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError> {
        match parse::<Cmd>(cmd)? {
            Cmd::Stroke { points, width } => self.stroke(&points, width)?,
            Cmd::Drop {} => {
                let n = self.drop_drawing()?;
                let mut s = self.status();
                s["added"] = n.into();
                return Ok(s);
            }
            Cmd::Clear {} => {
                self.bits.fill(false);
                self.drawn = 0;
                self.bodies.clear();
                self.physics = physics(&self.walls)?;
                self.rev += 1;
            }
            Cmd::Status {} => {}
        }
        Ok(self.status())
    }

    fn step(&mut self, dt: f64) {
        if dt > 0.0 {
            let _ = self.physics.step(dt.min(1.0 / 30.0));
        }
    }

    fn frame(&mut self, seen: &mut Seen) -> Value {
        let poses: Vec<Value> = self
            .bodies
            .iter()
            .filter_map(|b| {
                let m = self.physics.body_state(b.id).ok()?.transform.m;
                let q = |v: f64| (v * 1e4).round() / 1e4;
                Some(json!([
                    b.key,
                    q(m[0][0]),
                    q(m[0][1]),
                    r(m[0][2]),
                    q(m[1][0]),
                    q(m[1][1]),
                    r(m[1][2])
                ]))
            })
            .collect();
        let mut f = json!({"poses": poses, "bodies": self.bodies.len(), "drawn": self.drawn});
        if seen.extra != Some(self.rev) {
            seen.extra = Some(self.rev);
            let shapes: Vec<Value> = self
                .bodies
                .iter()
                .map(
                    |b| json!({"id": b.key, "rings": b.rings.iter().map(flat).collect::<Vec<_>>()}),
                )
                .collect();
            f["shapes"] = Value::Array(shapes);
            f["walls"] = Value::Array(self.walls.iter().map(|w| json!(flat(w))).collect());
        }
        f
    }
}
