//! The demo's crowd part: a group of 40 entities of radii 0.5 to 2
//! crossing from one room to the other through a corridor with a choke
//! point, drawn as trails.

use daedalus::Point;
use daedalus::scenario::Scenario;

use super::out::{Args, arrived};
use crate::commands::crowd::{trails_picture, world_of};

/// Two rooms joined by a corridor 24 wide that narrows to 14.
const WALLS: &str = r#"{"name": "choke", "source": "daedalus demo",
 "bounds": [0, 0, 120, 60], "rings": [],
 "segments": [[45, 0, 45, 18], [45, 18, 75, 18], [75, 18, 75, 0],
   [45, 60, 45, 42], [45, 42, 75, 42], [75, 42, 75, 60],
   [52, 18, 60, 23], [60, 23, 68, 18], [52, 42, 60, 37], [60, 37, 68, 42]],
 "queries": []}"#;

/// Sends the group across and draws `crowd.png`.
pub fn part_crowd(args: &Args) -> Result<(), String> {
    let s = Scenario::from_json(WALLS).map_err(|e| e.to_string())?;
    let mut w = world_of(&s).map_err(|e| e.to_string())?;
    let mut ids = Vec::new();
    let mut rng = crate::prng::SplitMix64::new(3);
    for i in 0..8 {
        for j in 0..5 {
            let r = 0.5 + 1.5 * rng.next_f64();
            let p = Point::new(5.0 + 5.0 * i as f64, 18.0 + 5.0 * j as f64);
            ids.push(w.add_entity(p, r, 6.0).map_err(|e| e.to_string())?);
        }
    }
    let group = w.add_group(&ids).map_err(|e| e.to_string())?;
    w.send_group(group, [100.0, 30.0])
        .map_err(|e| e.to_string())?;
    let radii: Vec<f64> = ids
        .iter()
        .map(|&i| w.entity(i).expect("live").radius())
        .collect();
    let snap = |w: &daedalus::World| -> Vec<Point> {
        ids.iter()
            .map(|&i| w.entity(i).expect("live").position())
            .collect()
    };
    let mut frames = vec![snap(&w)];
    let t = std::time::Instant::now();
    let mut steps = 0;
    while steps < 600 {
        w.step(0.1).map_err(|e| e.to_string())?;
        frames.push(snap(&w));
        steps += 1;
        if arrived(&w, &ids) == ids.len() {
            break;
        }
    }
    let ms = t.elapsed().as_secs_f64() * 1e3 / steps as f64;
    let arrived = arrived(&w, &ids);
    let title = "a group of 40 crossing a choke point (trails)";
    let file = trails_picture(
        &s,
        title,
        &radii,
        &frames,
        &args.out.join("crowd.png"),
        args.width,
    )
    .map_err(|e| e.to_string())?;
    println!(
        "crowd: {arrived} of 40 entities (radii 0.5 to 2) at their own places around one goal after {:.1} s, {ms:.2} ms per step -> {file}",
        steps as f64 * 0.1
    );
    Ok(())
}
