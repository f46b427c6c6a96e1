//! `daedalus bench-dynamic FILE --entities K [--seconds T] [--speed V]`:
//! a `World` (every ring a movable object, segments static walls) with K
//! entities of radii 0.5 to 2 walking between random free points (a new
//! goal on each arrival) while one random object moves a small step (at
//! most 0.1% of the world's width and 0.01 rad) every 60 Hz step.

use daedalus::world::EntityDef;
use std::collections::VecDeque;
use std::time::Instant;

use daedalus::objects::Pose;
use daedalus::path::PathFinder;
use daedalus::scenario::Scenario;
use daedalus::world::{EntityId, EntityState, Event, ObstacleId};
use daedalus::{Point, World};

use super::bench_dynamic::{Args, DRAWS_PER_POINT, median_p99};
use crate::error::CliError;
use crate::prng::SplitMix64;
use crate::world;

/// Steps per second.
const HZ: f64 = 60.0;
/// Largest move per step, share of the world's width.
const STEP_SHIFT: f64 = 0.001;
/// Largest turn per step, radians.
const STEP_TURN: f64 = 0.01;
/// Window of the `stuck` test, seconds.
const STUCK_WINDOW: f64 = 5.0;
/// Goals drawn over the whole map before looking nearer.
const GOAL_DRAWS: usize = 50;
/// Goals drawn at each nearer distance.
const NEAR_DRAWS: usize = 10;
/// Starts drawn per radius before trying a smaller one.
const START_DRAWS: usize = 20;
/// Smallest and largest entity radius.
const R_MIN: f64 = 0.5;
const R_MAX: f64 = 2.0;
/// Radii tried per entity: halfway toward `R_MIN` each time, `R_MIN` last.
const RADIUS_TRIES: usize = 5;

#[derive(serde::Serialize)]
struct Report {
    entities: usize,
    steps: usize,
    arrivals: usize,
    stuck: usize,
    step_s_median: f64,
    step_s_p99: f64,
    replans_per_step: f64,
}

/// A random free point for a disc of `r` within `area` (the map's bounds
/// or a square around the entity), `None` after `draws` misses.
fn free_in(w: &World, rng: &mut SplitMix64, area: [f64; 4], r: f64, draws: usize) -> Option<Point> {
    let [x0, y0, x1, y1] = area;
    (0..draws).find_map(|_| {
        let p = Point::new(
            x0 + (x1 - x0) * rng.next_f64(),
            y0 + (y1 - y0) * rng.next_f64(),
        );
        w.is_free(p, r).unwrap_or(false).then_some(p)
    })
}

/// A goal a disc of `r` at `from` can reach: a random free point of the
/// map with a path (in [`GOAL_DRAWS`] draws), else one drawn ever nearer
/// (squares of half the size each time, down to a few radii), `None` when
/// none is found (`from` is shut in).
fn goal_for(
    w: &World,
    finder: &mut PathFinder,
    rng: &mut SplitMix64,
    bounds: [f64; 4],
    from: Point,
    r: f64,
) -> Option<Point> {
    let reach = |finder: &mut PathFinder, g: Point| finder.find_path(w.nav(), from, g, r).is_ok();
    for _ in 0..GOAL_DRAWS {
        let g = free_in(w, rng, bounds, r, DRAWS_PER_POINT)?;
        if reach(finder, g) {
            return Some(g);
        }
    }
    let mut half = 0.25 * (bounds[2] - bounds[0]).max(bounds[3] - bounds[1]);
    while half >= 2.0 * r {
        let area = [
            (from.x - half).max(bounds[0]),
            (from.y - half).max(bounds[1]),
            (from.x + half).min(bounds[2]),
            (from.y + half).min(bounds[3]),
        ];
        for _ in 0..NEAR_DRAWS {
            if let Some(g) = free_in(w, rng, area, r, 100)
                && g.distance(from) > r
                && reach(finder, g)
            {
                return Some(g);
            }
        }
        half /= 2.0;
    }
    None
}

/// A radius in [`R_MIN`, `R_MAX`], a free start and a goal it can reach:
/// a radius with no free point, or none with somewhere to go in
/// [`START_DRAWS`] starts, is brought halfway to `R_MIN` (`R_MIN` last).
fn place(
    w: &World,
    finder: &mut PathFinder,
    rng: &mut SplitMix64,
    bounds: [f64; 4],
) -> Result<(Point, Point, f64), CliError> {
    let mut r = R_MIN + (R_MAX - R_MIN) * rng.next_f64();
    for k in 0..RADIUS_TRIES {
        if k + 1 == RADIUS_TRIES {
            r = R_MIN;
        }
        for _ in 0..START_DRAWS {
            let Some(p) = free_in(w, rng, bounds, r, DRAWS_PER_POINT) else {
                break; // fits nowhere
            };
            if let Some(g) = goal_for(w, finder, rng, bounds, p, r) {
                return Ok((p, g, r));
            }
        }
        r = 0.5 * (r + R_MIN);
    }
    Err(CliError::NoRoom {
        radius: R_MIN,
        draws: DRAWS_PER_POINT,
    })
}

pub fn run(s: &Scenario, args: &Args, k: usize) -> Result<(), CliError> {
    let [x0, y0, x1, _] = s.bounds;
    let width = x1 - x0;
    let speed = args.speed.unwrap_or(width / 10.0);
    if !(speed.is_finite() && speed > 0.0) {
        return Err(CliError::Invalid(format!(
            "--speed {speed}: need a finite speed > 0"
        )));
    }
    if !(args.seconds.is_finite() && args.seconds >= 0.0) {
        return Err(CliError::Invalid(format!(
            "--seconds {}: need a finite time >= 0",
            args.seconds
        )));
    }
    let invalid = |e: daedalus::world::WorldError| CliError::Invalid(e.to_string());
    let mut w = World::new([x0, y0], [x1, s.bounds[3]]).map_err(invalid)?;
    for g in &s.segments {
        w.add_wall(
            [Point::new(g[0], g[1]), Point::new(g[2], g[3])],
            daedalus::Closure::Open,
        )
        .map_err(invalid)?;
    }
    let mut movers: Vec<(ObstacleId, Pose)> = Vec::with_capacity(s.rings.len());
    for i in 0..s.rings.len() {
        let (object, _) = world::ring_object(s.ring_points(i));
        let id = w.add_object(object).map_err(invalid)?;
        movers.push((id, w.pose(id).map_err(invalid)?));
    }
    w.step(0.0).map_err(invalid)?;
    let mut rng = SplitMix64::new(args.seed);
    let mut finder = PathFinder::new();
    let mut ents: Vec<EntityId> = Vec::with_capacity(k);
    for _ in 0..k {
        let (p, g, r) = place(&w, &mut finder, &mut rng, s.bounds)?;
        let e = w
            .add_entity(EntityDef::at(p).radius(r).speed(speed))
            .map_err(invalid)?;
        w.set_goal(e, g).map_err(invalid)?;
        ents.push(e);
    }
    let steps = (args.seconds * HZ).round() as usize;
    let window = (STUCK_WINDOW * HZ) as usize;
    // per entity: (goal, length of path left) of the last `window` steps
    let mut history: Vec<VecDeque<(Point, f64)>> = vec![VecDeque::new(); k];
    let (mut times, mut arrivals) = (Vec::with_capacity(steps), 0usize);
    let replans0 = w.replans();
    for _ in 0..steps {
        // one random object, one small step (kept inside the bounds)
        let m = rng.below(movers.len());
        let (id, pose) = movers[m];
        let next = Pose {
            position: Point::new(
                pose.position.x + rng.symmetric(STEP_SHIFT * width),
                pose.position.y + rng.symmetric(STEP_SHIFT * width),
            ),
            rotation: pose.rotation + rng.symmetric(STEP_TURN),
            ..pose
        };
        let t = Instant::now();
        let ok = w.set_pose(id, next).is_ok();
        let ev = w.step(1.0 / HZ).map_err(invalid)?;
        times.push(t.elapsed().as_secs_f64());
        let rejected = ev
            .iter()
            .any(|e| matches!(e, Event::ObstacleRejected { .. }));
        if ok
            && !rejected
            && world::inside_bounds(&w.obstacle_outline(id).map_err(invalid)?, s.bounds)
        {
            movers[m].1 = next;
        } else if ok {
            // back inside (applied at the next step)
            w.set_pose(id, pose).map_err(invalid)?;
        }
        for e in ev {
            if let Event::Arrived(id) = e {
                arrivals += 1;
                let en = w.entity(id).map_err(invalid)?;
                let (p, r) = (en.position(), en.radius());
                match goal_for(&w, &mut finder, &mut rng, s.bounds, p, r) {
                    Some(g) => w.set_goal(id, g).map_err(invalid)?,
                    // shut in where it stands (rare): it stays
                    None => w.stop(id).map_err(invalid)?,
                }
            }
        }
        for (i, &e) in ents.iter().enumerate() {
            let en = w.entity(e).map_err(invalid)?;
            let Some(g) = en.goal() else { continue };
            let h = &mut history[i];
            if h.front().is_some_and(|(hg, _)| *hg != g) {
                h.clear();
            }
            let left = en
                .path()
                .map_or(f64::INFINITY, |p| p.length() - en.travelled());
            h.push_back((g, left));
            if h.len() > window {
                h.pop_front();
            }
        }
    }
    // stuck: a full window without shortening the path left (a re-plan
    // counts with its new length), though a path exists
    let mut stuck = 0;
    for (i, &e) in ents.iter().enumerate() {
        let en = w.entity(e).map_err(invalid)?;
        let h = &history[i];
        if h.len() < window || en.state() == EntityState::Arrived {
            continue;
        }
        let (first, last) = (h.front().expect("full").1, h.back().expect("full").1);
        let Some(g) = en.goal() else { continue };
        if last >= first
            && finder
                .find_path(w.nav(), en.position(), g, en.radius())
                .is_ok()
        {
            stuck += 1;
        }
    }
    let (step_s_median, step_s_p99) = median_p99(&times);
    let report = Report {
        entities: k,
        steps,
        arrivals,
        stuck,
        step_s_median,
        step_s_p99,
        replans_per_step: (w.replans() - replans0) as f64 / steps.max(1) as f64,
    };
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).expect("report serialises")
        );
    } else {
        println!(
            "{} entities, {} steps: {} arrivals, {} stuck, step median {:.3e} s, p99 {:.3e} s, {:.3} re-plans per step",
            report.entities,
            report.steps,
            report.arrivals,
            report.stuck,
            report.step_s_median,
            report.step_s_p99,
            report.replans_per_step
        );
    }
    Ok(())
}
