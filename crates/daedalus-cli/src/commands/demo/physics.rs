//! The demo's physics part: five balls and a traced C dropped onto a
//! traced terrain with rapier2d, drawn as a strip of frames.

use std::time::Instant;

use daedalus::Point;
use daedalus::bitmap::{Bitmap, BitmapError, TraceOptions, trace};
use daedalus::physics::traced::{TracedError, body_triangles, traced_walls};
use daedalus::physics::{BodyParams, PhysicsConfig, PhysicsError, PhysicsWorld, simulate_frames};
use daedalus::render::{PolyStyle, Scene, palette};

use super::out::Args;
use crate::commands::render::save;

/// Frames of the demo scene, all in world (pixel) coordinates, y down.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DemoFrames {
    /// World rectangle `[xmin, ymin, xmax, ymax]` (the terrain image).
    pub(crate) bounds: [f64; 4],
    /// The static terrain: traced polygons (outer rings and holes).
    pub(crate) terrain: Vec<Vec<Point>>,
    /// Simulated time of each frame, seconds.
    pub(crate) times: Vec<f64>,
    /// Per frame, the outline of every body where it is then (a ball is a
    /// disc with a notch showing its rotation; a traced body its polygons).
    pub(crate) frames: Vec<Vec<Vec<Point>>>,
}

/// Size of the demo terrain image.
const DEMO_W: usize = 240;
const DEMO_H: usize = 140;

/// The demo terrain: black below a hilly curve with a V valley, a step and
/// raised rims at both sides (so nothing rolls away).
pub(crate) fn demo_terrain() -> Result<Bitmap, BitmapError> {
    Bitmap::from_fn(DEMO_W, DEMO_H, |x, y| {
        let xf = x as f64 + 0.5;
        let mut s = 100.0 + 8.0 * (xf / 14.0).sin();
        if (70.0..110.0).contains(&xf) {
            // V valley, 28 px deep at x = 90.
            s += 28.0 * (1.0 - (xf - 90.0).abs() / 20.0);
        }
        if xf >= 160.0 {
            s -= 22.0; // the step up
        }
        if !(12.0..DEMO_W as f64 - 12.0).contains(&xf) {
            s = 30.0; // rims
        }
        y as f64 + 0.5 >= s
    })
}

/// The demo's concave drawing: a C, 30 x 26 pixels.
pub(crate) fn demo_shape() -> Result<Bitmap, BitmapError> {
    Bitmap::from_fn(30, 26, |x, y| x < 8 || !(7..19).contains(&y))
}

/// A disc outline with a notch at angle `angle`, so rotation shows.
fn ball_outline(c: Point, r: f64, angle: f64) -> Vec<Point> {
    let n = 20;
    let mut out = vec![c];
    for k in 0..=n {
        let a = angle + 0.35 + (std::f64::consts::TAU - 0.7) * k as f64 / n as f64;
        out.push(Point::new(c.x + r * a.cos(), c.y + r * a.sin()));
    }
    out
}

/// Simulates the demo scene for `seconds` (finite, > 0) at 60 steps per
/// second and records `frame_count` (>= 2) evenly spaced frames, the
/// first at t = 0: the terrain of [`demo_terrain`] traced at tolerance 1,
/// five balls and the C of [`demo_shape`] dropped onto it.
pub(crate) fn demo_frames(seconds: f64, frame_count: usize) -> Result<DemoFrames, TracedError> {
    if !seconds.is_finite() {
        return Err(PhysicsError::NonFinite { what: "duration" }.into());
    }
    let dt = 1.0 / 60.0;
    let steps = (seconds / dt).round();
    if frame_count < 2 || !(1.0..=1e6).contains(&steps) {
        let bad = if frame_count < 2 {
            ("frame count", frame_count as f64)
        } else {
            ("duration", seconds)
        };
        return Err(PhysicsError::InvalidParameter {
            what: bad.0,
            value: bad.1,
        }
        .into());
    }
    // Whole steps between frames; the duration is rounded to fit.
    let every = ((steps as usize) / (frame_count - 1)).max(1);
    let steps = every * (frame_count - 1);

    let terrain = trace(&demo_terrain()?, &TraceOptions::default())?;
    let shape = trace(&demo_shape()?, &TraceOptions::default())?;
    let mut world = PhysicsWorld::new(PhysicsConfig::pixels(20.0))?;
    world.add_walls(&traced_walls(&terrain))?;
    let params = BodyParams::default();
    let radius = 5.0;
    let balls = [30.0, 60.0, 95.0, 150.0, 200.0];
    for (i, &x) in balls.iter().enumerate() {
        world.add_ball(Point::new(x, 10.0 + 6.0 * i as f64), radius, &params)?;
    }
    // The C, placed above the valley's right slope.
    let at = shape.scaled(
        daedalus::Rect::new([112.0, 5.0], [142.0, 31.0]),
        daedalus::bitmap::YAxis::Down,
    )?;
    let rings: Vec<Vec<Point>> = at.polygons.iter().map(|p| p.points.clone()).collect();
    world.add_body(&body_triangles(&at)?, &params)?;

    let states = simulate_frames(&mut world, dt, steps, every)?;
    let frames = states
        .iter()
        .map(|frame| {
            let mut polys = Vec::new();
            for (i, s) in frame.iter().enumerate() {
                if i < balls.len() {
                    polys.push(ball_outline(s.position, radius, s.angle));
                } else {
                    for r in &rings {
                        polys.push(r.iter().map(|&p| s.transform.apply(p)).collect());
                    }
                }
            }
            polys
        })
        .collect();
    Ok(DemoFrames {
        bounds: [0.0, 0.0, DEMO_W as f64, DEMO_H as f64],
        terrain: terrain.polygons.iter().map(|p| p.points.clone()).collect(),
        times: (0..frame_count).map(|k| (k * every) as f64 * dt).collect(),
        frames,
    })
}

/// Draws the frames in one [`Scene`], `columns` (>= 1) panels per row, left
/// to right then top to bottom, each panel the terrain plus the bodies of
/// one frame; a thin frame separates the panels. Save it with
/// [`Scene::save_svg`] or (feature `png`) `save_png`.
pub(crate) fn draw_strip(
    demo: &DemoFrames,
    columns: usize,
) -> Result<Scene, Box<dyn std::error::Error>> {
    if columns == 0 {
        return Err(PhysicsError::InvalidParameter {
            what: "columns",
            value: 0.0,
        }
        .into());
    }
    let [x0, y0, x1, y1] = demo.bounds;
    let (w, h) = (x1 - x0, y1 - y0);
    let gap = 0.05 * w.max(h);
    let n = demo.frames.len().max(1);
    let cols = columns.min(n);
    let rows = n.div_ceil(cols);
    let mut scene = Scene::new(daedalus::Rect::new(
        [x0, y0],
        [
            x0 + cols as f64 * w + (cols - 1) as f64 * gap,
            y0 + rows as f64 * h + (rows - 1) as f64 * gap,
        ],
    ))?;
    let offset =
        |k: usize| Point::new((k % cols) as f64 * (w + gap), (k / cols) as f64 * (h + gap));
    let shift = |polys: &[Vec<Point>], d: Point| -> Vec<Vec<Point>> {
        polys
            .iter()
            .map(|r| r.iter().map(|&p| p + d).collect())
            .collect()
    };
    let (mut terrain, mut bodies, mut borders) = (Vec::new(), Vec::new(), Vec::new());
    for (k, frame) in demo.frames.iter().enumerate() {
        let d = offset(k);
        terrain.extend(shift(&demo.terrain, d));
        bodies.extend(shift(frame, d));
        borders.push(vec![
            Point::new(x0, y0) + d,
            Point::new(x1, y0) + d,
            Point::new(x1, y1) + d,
            Point::new(x0, y1) + d,
            Point::new(x0, y0) + d,
        ]);
    }
    let times: Vec<String> = demo.times.iter().map(|t| format!("{t:.1}")).collect();
    scene.title(&format!("t = {} s", times.join(", ")));
    scene.polygons(
        &borders,
        PolyStyle::lines(palette::PANEL_STROKE, "frames (left to right)"),
    )?;
    scene.polygons(
        &terrain,
        PolyStyle::filled(palette::WALL.alpha(0.85), "terrain (traced)"),
    )?;
    scene.polygons(&bodies, PolyStyle::objects().with_label("bodies"))?;
    Ok(scene)
}

/// The physics part: rigid bodies (five balls and a traced C) dropped onto a traced
/// terrain with rapier2d, drawn as a strip of frames.
pub fn part_physics(args: &Args) -> Result<(), String> {
    let (seconds, count) = (3.0, 6);
    let t = Instant::now();
    let demo = demo_frames(seconds, count).map_err(|e| e.to_string())?;
    let sim = t.elapsed().as_secs_f64();
    let mut scene = draw_strip(&demo, 2).map_err(|e| e.to_string())?;
    scene.title(&format!("physics: t = 0 to {seconds} s"));
    let png = save(&scene, &args.out.join("physics-frames.png"), args.width)?;
    let bodies = demo.frames.first().map_or(0, Vec::len);
    println!(
        "physics: {} terrain polygons, {bodies} body outlines, {:.1} s simulated at 60 Hz in {:.1} ms, {count} frames; picture {png}",
        demo.terrain.len(),
        demo.times.last().copied().unwrap_or(0.0),
        sim * 1e3
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_and_strip() {
        let d = demo_frames(6.0, 4).unwrap();
        assert_eq!(d.times, vec![0.0, 2.0, 4.0, 6.0]);
        assert_eq!(d.frames.len(), 4);
        let terrain = demo_terrain().unwrap();
        for (k, f) in d.frames.iter().enumerate() {
            assert_eq!(f.len(), 6, "5 balls and the C (no holes)");
            // Ball centres (the first point of a ball outline) never sit in
            // a terrain pixel.
            for ball in &f[..5] {
                let c = ball[0];
                assert!(
                    !terrain.get(c.x.floor() as i64, c.y.floor() as i64),
                    "frame {k}: {c:?}"
                );
            }
        }
        // Bodies moved down between the first and the last frame.
        let mean_y = |f: &Vec<Vec<Point>>| {
            let all: Vec<&Point> = f.iter().flatten().collect();
            all.iter().map(|q| q.y).sum::<f64>() / all.len() as f64
        };
        assert!(mean_y(&d.frames[3]) > mean_y(&d.frames[0]) + 40.0);
        let svg = draw_strip(&d, 2).unwrap().to_svg();
        assert!(svg.matches("<polygon").count() >= 4 * 7);
        assert!(draw_strip(&d, 0).is_err());
        assert!(matches!(demo_frames(1.0, 1), Err(TracedError::Physics(_))));
    }

    #[test]
    fn terrain_and_shape() {
        let t = demo_terrain().unwrap();
        assert!(t.get(120, 139) && !t.get(120, 0));
        let c = demo_shape().unwrap();
        assert!(c.get(2, 13) && !c.get(20, 13));
    }
}
