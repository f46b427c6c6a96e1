//! `daedalus fov SCENARIO --from X,Y --range R [--dir A --angle B]`: what a
//! viewer sees in a scenario's world, as a polygon (JSON or a summary) and
//! optionally a picture.

use std::path::PathBuf;
use std::time::Instant;

use daedalus::Point;
use daedalus::fov::{FieldOfView, visibility_polygon};
use daedalus::geometry::orient2d;
use daedalus::render::Scene;
use daedalus::scenario::Scenario;

use crate::error::CliError;
use crate::world;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (`*.scenario.json`).
    pub file: PathBuf,
    /// Where the viewer stands, `X,Y`.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Point,
    /// How far the viewer sees.
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub range: f64,
    /// Where the viewer looks (radians, counter-clockwise from +x).
    #[arg(
        long,
        value_name = "A",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub dir: f64,
    /// Opening angle (radians, up to 2π = all around, the default).
    #[arg(long, value_name = "B", default_value_t = std::f64::consts::TAU, allow_negative_numbers = true)]
    pub angle: f64,
    /// Largest gap between a range arc and its polyline.
    #[arg(
        long,
        value_name = "T",
        default_value_t = 0.01,
        allow_negative_numbers = true
    )]
    pub tolerance: f64,
    /// Print `{"polygon": [x0, y0, ...], "area": ..., "seconds": ...}`.
    #[arg(long)]
    pub json: bool,
    /// Also draw the world and the view (`.png` or `.svg`).
    #[arg(long, value_name = "PICTURE")]
    pub out: Option<PathBuf>,
}

fn parse_point(s: &str) -> Result<Point, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let [x, y] = parts[..] else {
        return Err(format!("expected X,Y, got {s:?}"));
    };
    let num = |v: &str| {
        v.parse::<f64>()
            .map_err(|_| format!("{v:?} is not a number"))
    };
    Ok(Point::new(num(x)?, num(y)?))
}

/// Is `p` strictly inside the walls' solid, by the even-odd rule over the
/// rings (an obstacle's outline, a hole's outline)? Returns a ring holding
/// it. A point on a ring is not inside (a viewer may stand on a wall).
fn inside_wall(s: &Scenario, p: Point) -> Option<usize> {
    let mut holder = None;
    let mut odd = false;
    for i in 0..s.rings.len() {
        let r = s.ring_points(i);
        let mut inside = false;
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            let o = orient2d(a, b, p);
            if o == 0.0
                && p.x >= a.x.min(b.x)
                && p.x <= a.x.max(b.x)
                && p.y >= a.y.min(b.y)
                && p.y <= a.y.max(b.y)
            {
                return None; // on a wall
            }
            // Crossing number with the ray to +x, exact side tests.
            if (a.y > p.y) != (b.y > p.y) && ((o > 0.0) == (b.y > a.y)) {
                inside = !inside;
            }
        }
        if inside {
            odd = !odd;
            holder = Some(i);
        }
    }
    if odd { holder } else { None }
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let s = Scenario::load(&args.file)?;
    let fov = FieldOfView::new(args.from, args.dir, args.angle, args.range)
        .map_err(|e| CliError::Invalid(e.to_string()))?;
    let [x0, y0, x1, y1] = s.bounds;
    let q = args.from;
    if !(q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1) {
        return Err(CliError::Invalid(format!(
            "viewer ({}, {}) is outside the world {:?}",
            q.x, q.y, s.bounds
        )));
    }
    if let Some(i) = inside_wall(&s, q) {
        return Err(CliError::Invalid(format!(
            "viewer ({}, {}) is inside a wall (ring {i})",
            q.x, q.y
        )));
    }
    let cdt = world::build_walls(&s)?;
    let t = Instant::now();
    let v = visibility_polygon(&cdt, &fov).map_err(|e| CliError::Invalid(e.to_string()))?;
    let seconds = t.elapsed().as_secs_f64();
    let poly = v
        .polyline(args.tolerance)
        .map_err(|e| CliError::Invalid(e.to_string()))?;
    if let Some(out) = &args.out {
        let walls = super::render::Walls::of(&s);
        let mut scene = Scene::new(crate::world::rect(s.bounds))
            .map_err(|e| CliError::Invalid(e.to_string()))?;
        scene.title(&format!(
            "{}: field of view from ({}, {})",
            s.name, q.x, q.y
        ));
        super::render::draw_world(&mut scene, &walls, None, false).map_err(CliError::Invalid)?;
        if poly.len() >= 3 {
            scene
                .fov(&poly)
                .map_err(|e| CliError::Invalid(e.to_string()))?;
        }
        let (sin, cos) = args.dir.sin_cos();
        scene
            .entity(q, 0.0, Point::new(cos, sin))
            .map_err(|e| CliError::Invalid(e.to_string()))?;
        let what = super::render::save(&scene, out, 1200).map_err(CliError::Invalid)?;
        if !args.json {
            println!("picture: {what}");
        }
    }
    if args.json {
        let flat: Vec<f64> = poly.iter().flat_map(|p| [p.x, p.y]).collect();
        // Keys in the documented order (serde_json's map would sort them).
        let num = |x: f64| serde_json::Value::from(x).to_string();
        println!(
            "{{\"polygon\": {}, \"area\": {}, \"seconds\": {}}}",
            serde_json::Value::from(flat),
            num(v.area()),
            num(seconds)
        );
    } else {
        println!(
            "field of view from ({}, {}): area {:.6}, {} boundary pieces, {} polygon points, {:.3} ms",
            q.x,
            q.y,
            v.area(),
            v.pieces().len(),
            poly.len(),
            seconds * 1e3
        );
    }
    Ok(())
}
