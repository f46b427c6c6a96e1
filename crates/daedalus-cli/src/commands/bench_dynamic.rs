//! `daedalus bench-dynamic FILE --moves M --seed S`: every ring of a
//! scenario becomes an object; random moves, each followed by
//! `update_objects()`, are timed against building the world from scratch.

use std::path::PathBuf;
use std::time::Instant;

use daedalus::Point;
use daedalus::scenario::Scenario;

use crate::error::CliError;
use crate::prng::SplitMix64;
use crate::world::{self, Pose};
use daedalus::objects::ObjectId;
use daedalus::triangulation::Cdt;

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
}

/// Value at quantile `q` (nearest rank) of sorted, non-empty `v`.
fn quantile(v: &[f64], q: f64) -> f64 {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

fn build(s: &Scenario) -> Result<(Cdt, Vec<Ring>), CliError> {
    let mut cdt = world::empty_world(s)?;
    world::insert_segments(&mut cdt, s)?;
    let mut rings = Vec::with_capacity(s.rings.len());
    for i in 0..s.rings.len() {
        let (object, pose) = world::ring_object(s.ring_points(i));
        let id = cdt
            .insert_object(object)
            .map_err(CliError::cdt(format!("ring {i} as an object")))?;
        rings.push(Ring { id, pose });
    }
    Ok((cdt, rings))
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let s = Scenario::load(&args.file)?;
    if s.rings.is_empty() {
        return Err(CliError::Invalid(format!(
            "{} has no rings to move",
            args.file.display()
        )));
    }

    // rebuild_s: median of up to REBUILDS from-scratch builds (as many as
    // fit in about a second), single builds being noisy on a busy machine.
    let t = Instant::now();
    let (mut cdt, mut rings) = build(&s)?;
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
        };
        // The library's own transform decides, so an accepted move never
        // leaves the bounds by a rounding.
        let object = cdt
            .object(r.id)
            .map_err(CliError::cdt(format!("ring {k}")))?;
        if !world::inside_bounds(&world::posed(object, pose).world_outline(), s.bounds) {
            continue;
        }
        let t = Instant::now();
        world::set_pose(&mut cdt, r.id, pose)?;
        cdt.update_objects()
            .map_err(CliError::cdt(format!("move {} (ring {k})", times.len())))?;
        times.push(t.elapsed().as_secs_f64());
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
    let report = Report {
        objects: rings.len(),
        moves: times.len(),
        rebuild_s,
        update_s_median: median,
        update_s_p99: p99,
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
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 50.0);
        assert_eq!(quantile(&v, 0.99), 99.0);
        assert_eq!(quantile(&[3.0], 0.99), 3.0);
    }
}
