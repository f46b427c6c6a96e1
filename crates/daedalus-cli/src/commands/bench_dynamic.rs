//! `daedalus bench-dynamic FILE --moves M --seed S`: every ring of a
//! scenario becomes an object; random moves, each followed by
//! `Objects::update`, are timed against building the world from scratch.
//! With `--radius R`, every move is followed by `NavMesh::update` and one
//! path query of radius R between seeded random free points; with
//! `--entities K`, a `World` of K walking entities is stepped instead
//! (see `bench_world.rs`).

use std::path::PathBuf;
use std::time::Instant;

use daedalus::Point;
use daedalus::scenario::Scenario;

use super::bench_world::{self, DRAWS_PER_POINT};
use crate::error::CliError;
use crate::prng::SplitMix64;
use crate::stats::{median_p99, quantile};
use crate::world;
use daedalus::objects::{ObjectError, ObjectId, Objects, Pose};
use daedalus::path::{NavMesh, PathFinder};
use daedalus::triangulation::{Cdt, CdtError};

/// Largest translation of one move per axis, as a share of the world's size.
const MAX_SHIFT: f64 = 0.02;
/// Largest rotation of one move, radians.
const MAX_TURN: f64 = 0.3;
/// Random draws allowed per requested move before giving up (moves whose
/// outline would leave the bounds are drawn again).
const DRAWS_PER_MOVE: usize = 1000;
/// Most from-scratch builds timed for `rebuild_s`.
const REBUILDS: usize = 5;

#[derive(clap::Args)]
pub struct Args {
    /// The scenario file (`*.scenario.json`).
    pub file: PathBuf,
    /// Number of moves.
    #[arg(long, value_name = "M", default_value_t = 1000)]
    pub moves: usize,
    /// Seed of the move generator.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub seed: u64,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the final mesh here (`*.mesh.json`).
    #[arg(long, value_name = "MESH.json")]
    pub mesh_out: Option<PathBuf>,
    /// After every move, bring navigation up to date and run one path
    /// query of this radius between random free points.
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub radius: Option<f64>,
    /// Instead of bare moves: step a `World` of K entities (radii 0.5 to 2)
    /// walking between random free points while one random object moves a
    /// small step every 60 Hz step. Each goal is a random free point the
    /// entity can reach (a path query of its radius), else a reachable one
    /// nearer to it. A radius that fits nowhere on the map, or whose free
    /// points are never connected, is brought halfway to 0.5 (then 0.5);
    /// a map where no disc of radius 0.5 fits is an error.
    #[arg(long, value_name = "K")]
    pub entities: Option<usize>,
    /// Seconds simulated with `--entities`.
    #[arg(long, value_name = "T", default_value_t = 30.0)]
    pub seconds: f64,
    /// Entity speed with `--entities`, units per second (default: a tenth
    /// of the world's width).
    #[arg(long, value_name = "V", allow_negative_numbers = true)]
    pub speed: Option<f64>,
}

/// The first rejected object's error (one object moves at a time here).
fn first_error(e: ObjectError) -> CdtError {
    match e {
        ObjectError::Rejected(r) => r[0].error.clone(),
        ObjectError::Cdt(e) => e,
        _ => CdtError::Internal("unknown object error"),
    }
}

/// A random point of the bounds where a disc of `r` is free.
fn free_point(
    cdt: &Cdt,
    rng: &mut SplitMix64,
    bounds: [f64; 4],
    r: f64,
) -> Result<Point, CliError> {
    let [x0, y0, x1, y1] = bounds;
    for _ in 0..DRAWS_PER_POINT {
        let p = Point::new(
            x0 + (x1 - x0) * rng.next_f64(),
            y0 + (y1 - y0) * rng.next_f64(),
        );
        if cdt.is_free(p, r).unwrap_or(false) {
            return Ok(p);
        }
    }
    Err(CliError::Invalid(format!(
        "no free point for radius {r} in {DRAWS_PER_POINT} draws"
    )))
}

/// One ring object: its handle and current pose.
struct Ring {
    id: ObjectId,
    pose: Pose,
}

/// The figures printed by the command.
#[derive(serde::Serialize)]
struct Report {
    objects: usize,
    moves: usize,
    rebuild_s: f64,
    update_s_median: f64,
    update_s_p99: f64,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    nav: Option<NavReport>,
}

/// The `--radius` figures.
#[derive(serde::Serialize)]
struct NavReport {
    radius: f64,
    nav_s_median: f64,
    query_s_median: f64,
    loop_s_median: f64,
    loop_s_p99: f64,
    static_query_s_median: f64,
}

fn build(s: &Scenario) -> Result<(Cdt, Objects, Vec<Ring>), CliError> {
    let mut cdt = world::empty_world(s)?;
    world::insert_segments(&mut cdt, s)?;
    let mut objects = Objects::new();
    let mut rings = Vec::with_capacity(s.rings.len());
    for i in 0..s.rings.len() {
        let (object, pose) = world::ring_object(s.ring_points(i));
        let id = objects
            .insert(&mut cdt, object)
            .map_err(CliError::object(format!("ring {i} as an object")))?;
        rings.push(Ring { id, pose });
    }
    Ok((cdt, objects, rings))
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let s = Scenario::load(&args.file)?;
    if s.rings.is_empty() {
        return Err(CliError::Invalid(format!(
            "{} has no rings to move",
            args.file.display()
        )));
    }
    if let Some(r) = args.radius
        && !(r.is_finite() && r >= 0.0)
    {
        return Err(CliError::Invalid(format!(
            "--radius {r}: need a finite radius >= 0"
        )));
    }
    if let Some(k) = args.entities {
        let entities = bench_world::Options {
            seed: args.seed,
            seconds: args.seconds,
            speed: args.speed,
            json: args.json,
        };
        return bench_world::run(&s, &entities, k);
    }

    // rebuild_s: median of up to REBUILDS from-scratch builds (as many as
    // fit in about a second), single builds being noisy on a busy machine.
    let t = Instant::now();
    let (mut cdt, mut objects, mut rings) = build(&s)?;
    let mut builds = vec![t.elapsed().as_secs_f64()];
    while builds.len() < REBUILDS && builds.iter().sum::<f64>() < 1.0 {
        let t = Instant::now();
        drop(build(&s)?);
        builds.push(t.elapsed().as_secs_f64());
    }
    builds.sort_by(f64::total_cmp);
    let rebuild_s = quantile(&builds, 0.5);

    let [x0, y0, x1, y1] = s.bounds;
    let (sx, sy) = ((x1 - x0) * MAX_SHIFT, (y1 - y0) * MAX_SHIFT);
    let mut rng = SplitMix64::new(args.seed);
    // --radius: the queries (drawn on the world before any move, from
    // their own generator), timed once on the static world.
    let mut nav = NavMesh::default();
    let mut finder = PathFinder::new();
    let mut queries = Vec::new();
    let mut static_times = Vec::new();
    if let Some(r) = args.radius {
        nav.update(&mut cdt);
        let mut qrng = SplitMix64::new(args.seed ^ 0x5eed_0f9a_7e00);
        for _ in 0..args.moves {
            let a = free_point(&cdt, &mut qrng, s.bounds, r)?;
            let b = free_point(&cdt, &mut qrng, s.bounds, r)?;
            queries.push((a, b));
        }
        for &(a, b) in &queries {
            let t = Instant::now();
            let _ = std::hint::black_box(finder.find_path(&nav, a, b, r));
            static_times.push(t.elapsed().as_secs_f64());
        }
    }
    let (mut nav_times, mut query_times, mut loop_times) = (Vec::new(), Vec::new(), Vec::new());
    let mut times = Vec::with_capacity(args.moves);
    let mut draws = 0usize;
    while times.len() < args.moves {
        draws += 1;
        if draws > DRAWS_PER_MOVE.saturating_mul(args.moves) {
            return Err(CliError::Invalid(format!(
                "only {} of {} moves keep their object inside the bounds",
                times.len(),
                args.moves
            )));
        }
        let k = rng.below(rings.len());
        let r = &mut rings[k];
        let pose = Pose {
            position: Point::new(
                r.pose.position.x + rng.symmetric(sx),
                r.pose.position.y + rng.symmetric(sy),
            ),
            rotation: r.pose.rotation + rng.symmetric(MAX_TURN),
            ..r.pose
        };
        // The library's own transform decides, so an accepted move never
        // leaves the bounds by a rounding.
        let object = objects
            .get(r.id)
            .map_err(CliError::object(format!("ring {k}")))?;
        if !world::inside_bounds(&world::posed(object, pose).world_outline(), s.bounds) {
            continue;
        }
        let t = Instant::now();
        world::set_pose(&mut objects, r.id, pose)?;
        objects
            .update(&mut cdt)
            .map_err(first_error)
            .map_err(CliError::cdt(format!("move {} (ring {k})", times.len())))?;
        let moved = t.elapsed().as_secs_f64();
        if let Some(radius) = args.radius {
            let t1 = Instant::now();
            nav.update(&mut cdt);
            let t2 = Instant::now();
            let (a, b) = queries[times.len()];
            let _ = std::hint::black_box(finder.find_path(&nav, a, b, radius));
            let end = Instant::now();
            nav_times.push((t2 - t1).as_secs_f64());
            query_times.push((end - t2).as_secs_f64());
            loop_times.push((end - t).as_secs_f64());
        }
        times.push(moved);
        r.pose = pose;
    }

    if let Some(path) = &args.mesh_out {
        world::write_mesh(path, &cdt)?;
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let (median, p99) = if sorted.is_empty() {
        (0.0, 0.0)
    } else {
        (quantile(&sorted, 0.5), quantile(&sorted, 0.99))
    };
    let nav = args.radius.map(|radius| {
        let (loop_s_median, loop_s_p99) = median_p99(&loop_times);
        NavReport {
            radius,
            nav_s_median: median_p99(&nav_times).0,
            query_s_median: median_p99(&query_times).0,
            loop_s_median,
            loop_s_p99,
            static_query_s_median: median_p99(&static_times).0,
        }
    });
    let report = Report {
        objects: rings.len(),
        moves: times.len(),
        rebuild_s,
        update_s_median: median,
        update_s_p99: p99,
        nav,
    };
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).expect("report serialises")
        );
    } else {
        println!(
            "{} objects, {} moves: rebuild {:.6} s, update median {:.3e} s, p99 {:.3e} s ({:.3}% of a rebuild)",
            report.objects,
            report.moves,
            report.rebuild_s,
            report.update_s_median,
            report.update_s_p99,
            100.0 * report.update_s_median / report.rebuild_s.max(f64::MIN_POSITIVE)
        );
        if let Some(n) = &report.nav {
            println!(
                "radius {}: navigation update median {:.3e} s, query {:.3e} s (static {:.3e} s), loop median {:.3e} s, p99 {:.3e} s",
                n.radius,
                n.nav_s_median,
                n.query_s_median,
                n.static_query_s_median,
                n.loop_s_median,
                n.loop_s_p99
            );
        }
    }
    Ok(())
}
