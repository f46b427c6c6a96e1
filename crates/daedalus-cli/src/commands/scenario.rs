//! `daedalus scenario FILE`: build a scenario's mesh, answer its queries,
//! print the runner output (`docs/scenario-format.md` in the repository).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use daedalus::path::{NavMesh, Path, Query as BatchQuery, find_paths};
use daedalus::scenario::{Query, RunnerOutput, Scenario};
use indicatif::{ProgressBar, ProgressDrawTarget};

use crate::error::CliError;
use crate::world;

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

/// Largest turn (radians) per polyline piece of an arc in `--paths`.
pub const ARC_STEP: f64 = 0.2;

/// The answers to a scenario's queries.
#[derive(Clone, Debug)]
pub struct QueryRun {
    /// Exact length of every query's path (arcs included), `None` = no path.
    pub lengths: Vec<Option<f64>>,
    /// The paths, when asked for.
    pub paths: Option<Vec<Option<Path>>>,
    /// Wall-clock time of all queries together, seconds.
    pub queries_s: f64,
}

/// Every query of `queries` on `nav` (the batch API, in parallel),
/// `radius` replacing each query's own. A query that fails (no
/// path, blocked start, outside the world) gives `None`. A progress bar is
/// drawn on stderr once the run takes over a second and stderr is a
/// terminal.
pub fn find_all(
    nav: &NavMesh,
    queries: &[Query],
    radius: Option<f64>,
    want_paths: bool,
) -> QueryRun {
    let batch: Vec<BatchQuery> = queries
        .iter()
        .map(|q| BatchQuery {
            from: q.from.into(),
            to: q.to.into(),
            radius: radius.unwrap_or(q.radius),
        })
        .collect();
    let pb = ProgressBar::with_draw_target(Some(batch.len() as u64), ProgressDrawTarget::hidden());
    let tty = std::io::stderr().is_terminal();
    let mut shown = false;
    // The batch API (parallel) on chunks, so the bar can move between them.
    let chunk = (batch.len() / 100).max(1024);
    let t = Instant::now();
    let mut lengths = Vec::with_capacity(batch.len());
    let mut paths = Vec::with_capacity(if want_paths { batch.len() } else { 0 });
    for part in batch.chunks(chunk) {
        for r in find_paths(nav, part) {
            let r = r.ok();
            lengths.push(r.as_ref().map(Path::length));
            if want_paths {
                paths.push(r);
            }
        }
        if tty && !shown && t.elapsed().as_secs_f64() > 1.0 {
            shown = true;
            pb.set_draw_target(ProgressDrawTarget::stderr());
        }
        pb.inc(part.len() as u64);
    }
    let queries_s = t.elapsed().as_secs_f64();
    pb.finish_and_clear();
    QueryRun {
        lengths,
        paths: want_paths.then_some(paths),
        queries_s,
    }
}

/// A path as the flat `[x0, y0, x1, y1, ...]` polyline of the runner
/// output; for radius > 0 its points lie on or outside the arcs
/// ([`Path::polyline`]).
pub fn flat(p: &Path) -> Vec<f64> {
    p.polyline(ARC_STEP)
        .iter()
        .flat_map(|q| [q.x, q.y])
        .collect()
}

/// The length of every query, in order (`None` = no path), when
/// `want_paths` the flat polylines, and the time of all queries together.
/// `radius_override` replaces each query's radius.
pub fn run_queries(
    nav: &NavMesh,
    scenario: &Scenario,
    radius_override: Option<f64>,
    want_paths: bool,
) -> (Vec<Option<f64>>, Option<Paths>, f64) {
    let run = find_all(nav, &scenario.queries, radius_override, want_paths);
    let paths = run
        .paths
        .map(|ps| ps.iter().map(|p| p.as_ref().map(flat)).collect());
    (run.lengths, paths, run.queries_s)
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
    // The path finder's snapshot of the mesh is part of the build.
    let nav = NavMesh::from_cdt(&cdt);
    let build_s = t.elapsed().as_secs_f64();

    let (lengths, paths, queries_s) = run_queries(&nav, &scenario, args.radius, args.paths);
    if !lengths.is_empty() {
        eprintln!(
            "daedalus: {} queries in {queries_s:.6} s: {:.0} queries/s",
            lengths.len(),
            lengths.len() as f64 / queries_s.max(1e-9)
        );
    }

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
