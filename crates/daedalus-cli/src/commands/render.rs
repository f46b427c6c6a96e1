//! `daedalus render SCENARIO --out picture.png|svg`: the mesh of a
//! scenario (and optionally its query paths) as a picture.

use std::path::{Path, PathBuf};
use std::time::Instant;

use daedalus::Point;
use daedalus::mesh::MeshDump;
use daedalus::render::Scene;
use daedalus::scenario::Scenario;

/// Draw the triangulation of a scenario as a PNG or SVG picture.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario file (*.scenario.json).
    pub scenario: PathBuf,
    /// Output picture; the extension (.png or .svg) picks the format.
    #[arg(long)]
    pub out: PathBuf,
    /// Also draw the paths of the scenario's queries.
    #[arg(long)]
    pub paths: bool,
    /// Disc radius for the paths (default: each query's own radius).
    #[arg(long)]
    pub radius: Option<f64>,
    /// Picture width in pixels (PNG only).
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
    /// At most this many query paths are drawn (the first ones).
    #[arg(long, default_value_t = 12)]
    pub max_paths: usize,
    /// Also draw the mesh vertices.
    #[arg(long)]
    pub vertices: bool,
}

/// The walls of a world: closed rings and open chains.
#[derive(Clone, Debug, Default)]
pub struct Walls {
    pub bounds: [f64; 4],
    pub rings: Vec<Vec<Point>>,
    pub chains: Vec<Vec<Point>>,
}

impl Walls {
    /// The walls of a scenario.
    pub fn of(s: &Scenario) -> Walls {
        Walls {
            bounds: s.bounds,
            rings: (0..s.rings.len()).map(|i| s.ring_points(i)).collect(),
            chains: s
                .segments
                .iter()
                .map(|g| vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])])
                .collect(),
        }
    }
}

/// HOOK (core CDT): the constrained triangulation of `walls`, or `None`
/// while the core is not merged (pictures then draw the walls alone).
pub fn walls_mesh(walls: &Walls) -> Result<Option<MeshDump>, String> {
    let _ = walls;
    Ok(None)
}

/// HOOK (path finder): one path per query (`radius` overrides the
/// query's), `None` where no path exists or while the path finder is not
/// wired.
pub fn scenario_paths(
    scenario: &Scenario,
    mesh: Option<&MeshDump>,
    radius: Option<f64>,
) -> Vec<Option<Vec<Point>>> {
    let _ = (mesh, radius);
    vec![None; scenario.queries.len()]
}

/// Adds the world to `scene`: the mesh when there is one, else the walls.
pub fn draw_world(
    scene: &mut Scene,
    walls: &Walls,
    mesh: Option<&MeshDump>,
    vertices: bool,
) -> Result<(), String> {
    let e = |e: daedalus::render::RenderError| e.to_string();
    match mesh {
        Some(m) => {
            scene.mesh(m).map_err(e)?;
            if vertices {
                let v: Vec<Point> = m.vertices.iter().map(|&p| p.into()).collect();
                scene.vertices(&v).map_err(e)?;
            }
        }
        None => {
            scene.walls(&walls.rings, true).map_err(e)?;
            scene.walls(&walls.chains, false).map_err(e)?;
        }
    }
    Ok(())
}

/// Writes `scene` to `out`, PNG or SVG by extension; returns a short
/// description of the file.
pub fn save(scene: &Scene, out: &Path, width: u32) -> Result<String, String> {
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("png") => {
            scene.save_png(out, width).map_err(|e| e.to_string())?;
            let (w, h) = scene.layout().png_size(width);
            Ok(format!("{} ({w} x {h} px)", out.display()))
        }
        Some("svg") => {
            scene.save_svg(out).map_err(|e| e.to_string())?;
            Ok(out.display().to_string())
        }
        _ => Err(format!(
            "{}: the picture must end in .png or .svg",
            out.display()
        )),
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<(), String> {
    if let Some(r) = args.radius
        && !(r.is_finite() && r >= 0.0)
    {
        return Err(format!("--radius {r} must be finite and >= 0"));
    }
    let scenario = Scenario::load(&args.scenario).map_err(|e| e.to_string())?;
    let walls = Walls::of(&scenario);
    let t = Instant::now();
    let mesh = walls_mesh(&walls)?;
    let build = t.elapsed().as_secs_f64();
    let mut scene = Scene::new(scenario.bounds).map_err(|e| e.to_string())?;
    let name = if scenario.name.is_empty() {
        args.scenario.display().to_string()
    } else {
        scenario.name.clone()
    };
    scene.title(&name);
    draw_world(&mut scene, &walls, mesh.as_ref(), args.vertices)?;
    let mut drawn = 0;
    let mut paths_note = String::new();
    if args.paths {
        let t = Instant::now();
        let paths = scenario_paths(&scenario, mesh.as_ref(), args.radius);
        let q = t.elapsed().as_secs_f64();
        let (mut found, mut len) = (0, 0.0);
        for (query, p) in scenario.queries.iter().zip(&paths).take(args.max_paths) {
            if let Some(p) = p {
                let r = args.radius.unwrap_or(query.radius);
                scene.path(p, r).map_err(|e| e.to_string())?;
                found += 1;
                len += p
                    .windows(2)
                    .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
                    .sum::<f64>();
            }
            drawn += 1;
        }
        paths_note = format!(
            ", {found}/{drawn} paths drawn (total length {len:.2}, {:.1} ms for all {} queries)",
            q * 1e3,
            scenario.queries.len()
        );
        if found == 0 && drawn > 0 {
            eprintln!("daedalus: note: the path finder is not wired yet; no paths drawn");
        }
    }
    let file = save(&scene, &args.out, args.width)?;
    let what = match &mesh {
        Some(m) => format!(
            "{} triangles, {} constrained edges (mesh built in {:.1} ms)",
            m.triangles.len(),
            m.constrained.len(),
            build * 1e3
        ),
        None => format!(
            "{} rings, {} segments drawn as walls (no mesh: core not wired)",
            walls.rings.len(),
            walls.chains.len()
        ),
    };
    println!("wrote {file}: {what}{paths_note}");
    Ok(())
}
