//! The demo's game-loop part: the README's `World` loop at full size — a
//! 200 x 120 world, 12 walls, 4 squares moving and turning, 6 entities
//! of radii 0.5 to 3 crossing it at 60 Hz, each on its own exact path
//! (re-planned when a square comes near it) — drawn as trails over the
//! walls and the squares' last poses (`game-loop.png`, the picture at the
//! top of the README).

use daedalus::objects::Object;
use daedalus::render::{PolyStyle, Scene};
use daedalus::world::Event;
use daedalus::{Closure, Point, Rect, World};

use super::out::{Args, arrived};
use crate::commands::render::save;

/// The static walls: `[x0, y0, x1, y1]`.
const WALLS: [[f64; 4]; 12] = [
    [40.0, 0.0, 40.0, 50.0],
    [40.0, 70.0, 40.0, 120.0],
    [80.0, 20.0, 80.0, 100.0],
    [80.0, 20.0, 100.0, 20.0],
    [120.0, 0.0, 120.0, 40.0],
    [120.0, 60.0, 120.0, 120.0],
    [140.0, 40.0, 170.0, 40.0],
    [140.0, 80.0, 170.0, 80.0],
    [160.0, 55.0, 160.0, 65.0],
    [15.0, 30.0, 30.0, 30.0],
    [15.0, 90.0, 30.0, 90.0],
    [100.0, 100.0, 110.0, 110.0],
];

/// Runs the loop for 30 s and draws `game-loop.png`.
pub fn part_world(args: &Args) -> Result<(), String> {
    let e = |e: daedalus::world::WorldError| e.to_string();
    let mut w = World::new([0.0, 0.0], [200.0, 120.0]).map_err(e)?;
    for [x0, y0, x1, y1] in WALLS {
        w.add_wall(&[Point::new(x0, y0), Point::new(x1, y1)], Closure::Open)
            .map_err(e)?;
    }
    let square = |s: f64| {
        vec![
            Point::new(-s, -s),
            Point::new(s, -s),
            Point::new(s, s),
            Point::new(-s, s),
        ]
    };
    // Centre, half side, how far it swings up and down.
    let movers = [
        (60.0, 60.0, 5.0, 25.0),
        (100.0, 60.0, 4.0, 30.0),
        (140.0, 60.0, 6.0, 8.0),
        (180.0, 30.0, 3.0, 15.0),
    ];
    let mut squares = Vec::new();
    for &(x, y, s, _) in &movers {
        let id = w
            .add_object(Object::new(square(s), Closure::Closed))
            .map_err(e)?;
        w.set_position(id, [x, y]).map_err(e)?;
        squares.push(id);
    }
    let trips = [
        ([8.0, 10.0], [192.0, 110.0], 0.5),
        ([8.0, 60.0], [192.0, 60.0], 1.0),
        ([8.0, 110.0], [192.0, 10.0], 1.5),
        ([192.0, 100.0], [8.0, 100.0], 2.0),
        ([192.0, 20.0], [8.0, 20.0], 2.5),
        ([100.0, 8.0], [60.0, 112.0], 3.0),
    ];
    let mut ids = Vec::new();
    for (from, to, r) in trips {
        let id = w.add_entity(from, r, 25.0).map_err(e)?;
        w.set_goal(id, to).map_err(e)?;
        ids.push(id);
    }
    let snap = |w: &World| -> Vec<Point> {
        ids.iter()
            .map(|&i| w.entity(i).expect("live").position())
            .collect()
    };
    let mut frames = vec![snap(&w)];
    let (mut replans, mut steps) = (0, 0);
    let t = std::time::Instant::now();
    for frame in 0..30 * 60 {
        let time = frame as f64 / 60.0;
        for (k, (&id, &(x, y, _, swing))) in squares.iter().zip(&movers).enumerate() {
            let phase = time * (0.4 + 0.15 * k as f64);
            w.set_position(id, [x, y + swing * phase.sin()])
                .map_err(e)?;
            w.set_rotation(id, 0.6 * phase).map_err(e)?;
        }
        let events = w.step(1.0 / 60.0).map_err(e)?;
        replans += events
            .iter()
            .filter(|ev| matches!(ev, Event::Replanned(_)))
            .count();
        frames.push(snap(&w));
        steps += 1;
        if arrived(&w, &ids) == ids.len() {
            break;
        }
    }
    let ms = t.elapsed().as_secs_f64() * 1e3 / steps as f64;
    let arrived = arrived(&w, &ids);

    let bad = |e: daedalus::render::RenderError| e.to_string();
    let mut scene = Scene::new(Rect::new([0.0, 0.0], [200.0, 120.0])).map_err(bad)?;
    scene.title("World: 6 entities, 4 moving squares");
    let walls: Vec<Vec<Point>> = WALLS
        .iter()
        .map(|&[x0, y0, x1, y1]| vec![Point::new(x0, y0), Point::new(x1, y1)])
        .collect();
    scene.walls(&walls, Closure::Open).map_err(bad)?;
    let outlines = squares
        .iter()
        .map(|&id| w.obstacle_outline(id).map_err(e))
        .collect::<Result<Vec<_>, _>>()?;
    scene
        .polygons(&outlines, PolyStyle::objects())
        .map_err(bad)?;
    for (k, &id) in ids.iter().enumerate() {
        let r = w.entity(id).expect("live").radius();
        let trail: Vec<Point> = frames.iter().map(|f| f[k]).collect();
        scene.path_every(&trail, r, 0.0).map_err(bad)?;
    }
    if let Some(last) = frames.last() {
        for (k, &p) in last.iter().enumerate() {
            let r = w.entity(ids[k]).expect("live").radius();
            scene.entity(p, r, Point::new(0.0, 0.0)).map_err(bad)?;
        }
    }
    let png = save(&scene, &args.out.join("game-loop.png"), args.width)?;
    println!(
        "world: {arrived} of 6 entities arrived in {:.1} s of game time while 4 squares moved, {replans} re-plans, {ms:.2} ms per 60 Hz step -> {png}",
        steps as f64 / 60.0
    );
    Ok(())
}
