//! `daedalus scenario FILE`: build a scenario's mesh, answer its queries,
//! print the runner output (../shared/scenario-format.md).

use std::path::PathBuf;
use std::time::Instant;

use daedalus::scenario::{RunnerOutput, Scenario};

use crate::error::CliError;
use crate::world;
use daedalus::triangulation::Cdt;

/// Paths of a runner output: one flat `[x0, y0, ...]` list per query, or null.
pub type Paths = Vec<Option<Vec<f64>>>;

#[derive(clap::Args)]
pub struct Args {
    /// The scenario file (`*.scenario.json`).
    pub file: PathBuf,
    /// Print the runner JSON on stdout (else a short human summary).
    #[arg(long)]
    pub json: bool,
    /// Also output the path polyline of every query.
    #[arg(long)]
    pub paths: bool,
    /// Use this disc radius for every query instead of the query's own.
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub radius: Option<f64>,
    /// Write the built mesh here (`*.mesh.json`).
    #[arg(long, value_name = "MESH.json")]
    pub mesh_out: Option<PathBuf>,
}

/// HOOK for the path finder (lead): the length of every query, in order
/// (`None` = no path), and when `want_paths` the polylines. `radius_override`
/// replaces each query's radius. Until the path finder lands every length is
/// `None` and there are no paths.
pub fn run_queries(
    cdt: &Cdt,
    scenario: &Scenario,
    radius_override: Option<f64>,
    want_paths: bool,
) -> (Vec<Option<f64>>, Option<Paths>) {
    let _ = (cdt, radius_override, want_paths);
    (vec![None; scenario.queries.len()], None)
}

pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(r) = args.radius
        && !(r.is_finite() && r >= 0.0)
    {
        return Err(CliError::Invalid(format!(
            "--radius must be a finite number >= 0, got {r}"
        )));
    }
    let scenario = Scenario::load(&args.file)?;

    let t = Instant::now();
    let cdt = world::build_walls(&scenario)?;
    let build_s = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let (lengths, paths) = run_queries(&cdt, &scenario, args.radius, args.paths);
    let queries_s = t.elapsed().as_secs_f64();

    let out = RunnerOutput {
        runner: format!("daedalus {}", env!("CARGO_PKG_VERSION")),
        build_s,
        queries_s,
        lengths,
        paths: if args.paths { paths } else { None },
        vertices: Some(cdt.mesh().vertex_count()),
        triangles: Some(cdt.triangles().count()),
    };
    if let Some(path) = &args.mesh_out {
        world::write_mesh(path, &cdt)?;
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&out).expect("runner output serialises")
        );
    } else {
        let found = out.lengths.iter().filter(|l| l.is_some()).count();
        println!(
            "{}: {} vertices, {} triangles, built in {:.6} s; {}/{} queries answered in {:.6} s",
            args.file.display(),
            out.vertices.unwrap_or(0),
            out.triangles.unwrap_or(0),
            out.build_s,
            found,
            out.lengths.len(),
            out.queries_s
        );
    }
    Ok(())
}
