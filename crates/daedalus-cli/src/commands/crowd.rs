//! `daedalus crowd SCENARIO --agents N --seconds T --seed S`: N entities
//! (radii 0.5 to 2) walk between random free points of a scenario's world
//! with local avoidance; prints how many reached their goals and the step
//! times, optionally draws the trails and writes every position of every
//! step.

use daedalus::world::EntityDef;
use std::path::PathBuf;
use std::time::Instant;

use daedalus::Closure;
use daedalus::scenario::Scenario;
use daedalus::world::{Avoidance, EntityId, EntityState};
use daedalus::{Point, World};

use crate::error::CliError;
use crate::prng::SplitMix64;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (`*.scenario.json`).
    pub file: PathBuf,
    /// How many entities.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub agents: usize,
    /// Simulated seconds.
    #[arg(
        long,
        value_name = "T",
        default_value_t = 30.0,
        allow_negative_numbers = true
    )]
    pub seconds: f64,
    /// Seed of the random starts, goals and radii.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Step length in seconds.
    #[arg(
        long,
        value_name = "DT",
        default_value_t = 0.1,
        allow_negative_numbers = true
    )]
    pub dt: f64,
    /// Speed of every entity (units per second).
    #[arg(
        long,
        value_name = "V",
        default_value_t = 4.0,
        allow_negative_numbers = true
    )]
    pub speed: f64,
    /// Draw the walls and every entity's trail (`.png` or `.svg`).
    #[arg(long, value_name = "PICTURE")]
    pub out: Option<PathBuf>,
    /// Write `{"radius": [...], "frames": [[x0, y0, x1, y1, ...], ...]}`:
    /// the start, then the positions after every step.
    #[arg(long, value_name = "TRACE")]
    pub trace_out: Option<PathBuf>,
    /// Print `{"reached": k, "agents": N, "steps": ..., "step_s_median": ...,
    /// "step_s_p99": ...}`.
    #[arg(long)]
    pub json: bool,
}

/// Attempts per entity to find a free start (then the world is too full).
const TRIES: usize = 10_000;

fn check(args: &Args) -> Result<(), CliError> {
    let bad = |m: String| Err(CliError::Invalid(m));
    if args.agents == 0 {
        return bad("--agents must be at least 1".into());
    }
    for (name, v) in [
        ("--seconds", args.seconds),
        ("--dt", args.dt),
        ("--speed", args.speed),
    ] {
        if !(v.is_finite() && v > 0.0) {
            return bad(format!("{name} must be a finite number > 0, got {v}"));
        }
    }
    if args.seconds / args.dt > 1e6 {
        return bad("more than a million steps: raise --dt or lower --seconds".into());
    }
    Ok(())
}

/// The scenario's walls in a world with avoidance on.
pub fn world_of(s: &Scenario) -> Result<World, CliError> {
    let [x0, y0, x1, y1] = s.bounds;
    let bad = |e: daedalus::world::WorldError| CliError::Invalid(e.to_string());
    let mut w = World::new([x0, y0], [x1, y1]).map_err(bad)?;
    for i in 0..s.rings.len() {
        w.add_wall(s.ring_points(i), Closure::Closed).map_err(bad)?;
    }
    for g in &s.segments {
        let seg = [Point::new(g[0], g[1]), Point::new(g[2], g[3])];
        w.add_wall(seg, Closure::Open).map_err(bad)?;
    }
    w.set_avoidance(Some(Avoidance::default())).map_err(bad)?;
    Ok(w)
}

/// A free point for radius `r`, away from the discs in `taken`.
fn free_point(
    w: &World,
    rng: &mut SplitMix64,
    r: f64,
    taken: &[(Point, f64)],
) -> Result<Point, CliError> {
    let [x0, y0, x1, y1]: [f64; 4] = w.cdt().bounds().into();
    for _ in 0..TRIES {
        let p = Point::new(
            x0 + (x1 - x0) * rng.next_f64(),
            y0 + (y1 - y0) * rng.next_f64(),
        );
        let clear = taken.iter().all(|&(q, s)| q.distance(p) >= r + s);
        if clear && w.is_free(p, r) == Ok(true) {
            return Ok(p);
        }
    }
    Err(CliError::Invalid(format!(
        "no free space for an entity of radius {r:.2} (after {TRIES} tries)"
    )))
}

/// Entities of radii 0.5 to 2 at random free, non-overlapping starts, sent
/// to random free goals.
pub fn spawn(w: &mut World, n: usize, speed: f64, seed: u64) -> Result<Vec<EntityId>, CliError> {
    let mut rng = SplitMix64::new(seed);
    let (mut starts, mut goals) = (Vec::new(), Vec::new());
    let mut ids = Vec::with_capacity(n);
    for _ in 0..n {
        let r = 0.5 + 1.5 * rng.next_f64();
        let a = free_point(w, &mut rng, r, &starts)?;
        let b = free_point(w, &mut rng, r, &goals)?;
        starts.push((a, r));
        goals.push((b, r));
        let bad = |e: daedalus::world::WorldError| CliError::Invalid(e.to_string());
        let id = w
            .add_entity(EntityDef::at(a).radius(r).speed(speed))
            .map_err(bad)?;
        w.set_goal(id, b).map_err(bad)?;
        ids.push(id);
    }
    Ok(ids)
}

fn frame(w: &World, ids: &[EntityId]) -> Vec<Point> {
    ids.iter()
        .map(|&i| w.entity(i).expect("live").position())
        .collect()
}

pub fn run(args: &Args) -> Result<(), CliError> {
    check(args)?;
    let s = Scenario::load(&args.file)?;
    let mut w = world_of(&s)?;
    let ids = spawn(&mut w, args.agents, args.speed, args.seed)?;
    let steps = (args.seconds / args.dt).ceil() as usize;
    let mut frames = vec![frame(&w, &ids)];
    let mut times = Vec::with_capacity(steps);
    for _ in 0..steps {
        let t = Instant::now();
        w.step(args.dt)
            .map_err(|e| CliError::Invalid(e.to_string()))?;
        times.push(t.elapsed().as_secs_f64());
        if args.out.is_some() || args.trace_out.is_some() {
            frames.push(frame(&w, &ids));
        }
    }
    let reached = ids
        .iter()
        .filter(|&&i| w.entity(i).expect("live").state() == EntityState::Arrived)
        .count();
    let radii: Vec<f64> = ids
        .iter()
        .map(|&i| w.entity(i).expect("live").radius())
        .collect();
    if let Some(path) = &args.trace_out {
        write_trace(path, &radii, &frames)?;
    }
    if let Some(out) = &args.out {
        let title = format!("{}: {} entities, {} s", s.name, args.agents, args.seconds);
        let what = trails_picture(&s, &title, &radii, &frames, out, 1200)?;
        if !args.json {
            println!("picture: {what}");
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let (median, p99) = (pick(0.5), pick(0.99));
    if args.json {
        let num = |x: f64| serde_json::Value::from(x).to_string();
        println!(
            "{{\"reached\": {reached}, \"agents\": {}, \"steps\": {steps}, \"step_s_median\": {}, \"step_s_p99\": {}}}",
            args.agents,
            num(median),
            num(p99)
        );
    } else {
        println!(
            "crowd: {reached} of {} entities reached their goals in {} s ({steps} steps); step median {:.3} ms, p99 {:.3} ms",
            args.agents,
            args.seconds,
            median * 1e3,
            p99 * 1e3
        );
    }
    Ok(())
}

fn write_trace(path: &PathBuf, radii: &[f64], frames: &[Vec<Point>]) -> Result<(), CliError> {
    let flat: Vec<Vec<f64>> = frames
        .iter()
        .map(|f| f.iter().flat_map(|p| [p.x, p.y]).collect())
        .collect();
    let text = format!(
        "{{\"radius\": {}, \"frames\": {}}}\n",
        serde_json::Value::from(radii.to_vec()),
        serde_json::to_string(&flat).expect("numbers")
    );
    std::fs::write(path, text).map_err(|source| CliError::Write {
        path: path.display().to_string(),
        source,
    })
}

/// Walls, every entity's trail and its final disc.
pub fn trails_picture(
    s: &Scenario,
    title: &str,
    radii: &[f64],
    frames: &[Vec<Point>],
    out: &std::path::Path,
    width: u32,
) -> Result<String, CliError> {
    let bad = |e: daedalus::render::RenderError| CliError::Invalid(e.to_string());
    let walls = super::render::Walls::of(s);
    let mut scene = daedalus::render::Scene::new(crate::world::rect(s.bounds)).map_err(bad)?;
    scene.title(title);
    if radii.len() > 12 {
        scene.hide_legend(); // one line per trail is too many
    }
    super::render::draw_world(&mut scene, &walls, None, false).map_err(CliError::Invalid)?;
    for (k, &r) in radii.iter().enumerate() {
        let trail: Vec<Point> = frames.iter().map(|f| f[k]).collect();
        scene.path_every(&trail, r, 0.0).map_err(bad)?;
    }
    if let Some(last) = frames.last() {
        for (&p, &r) in last.iter().zip(radii) {
            scene.entity(p, r, Point::new(0.0, 0.0)).map_err(bad)?;
        }
    }
    super::render::save(&scene, out, width).map_err(CliError::Invalid)
}
