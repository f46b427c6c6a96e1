//! `daedalus render SCENARIO --out picture.png|svg`: the mesh of a
//! scenario (and optionally its query paths) as a picture.

use daedalus::Closure;
use std::path::{Path, PathBuf};
use std::time::Instant;

use daedalus::Point;
use daedalus::mesh::MeshDump;
use daedalus::render::Scene;
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

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
    /// At most this many query paths are drawn, spread evenly over the
    /// query list (scenario files sort queries by length).
    #[arg(long, default_value_t = 12)]
    pub max_paths: usize,
    /// Also draw the mesh vertices.
    #[arg(long)]
    pub vertices: bool,
    /// Also draw what a viewer sees: `X,Y,RANGE` (all around) or
    /// `X,Y,RANGE,DIR,ANGLE` (radians); may be repeated.
    #[arg(long, value_name = "X,Y,RANGE[,DIR,ANGLE]", allow_hyphen_values = true)]
    pub view: Vec<String>,
}

/// A `--view` value as a field of view.
fn parse_view(s: &str) -> Result<daedalus::fov::FieldOfView, String> {
    let v: Vec<f64> = s
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<f64>()
                .map_err(|_| format!("--view {s:?}: {x:?} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let (p, range, dir, angle) = match v[..] {
        [x, y, r] => ([x, y], r, 0.0, std::f64::consts::TAU),
        [x, y, r, d, a] => ([x, y], r, d, a),
        _ => {
            return Err(format!(
                "--view {s:?}: expected X,Y,RANGE or X,Y,RANGE,DIR,ANGLE"
            ));
        }
    };
    daedalus::fov::FieldOfView::new(p, dir, angle, range).map_err(|e| format!("--view {s:?}: {e}"))
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

/// The constrained triangulation of `walls` (rings closed, chains open).
pub fn walls_cdt(walls: &Walls) -> Result<Cdt, String> {
    let [x0, y0, x1, y1] = walls.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).map_err(|e| format!("bounds: {e}"))?;
    for (i, r) in walls.rings.iter().enumerate() {
        cdt.insert_shape(r, Closure::Closed)
            .map_err(|e| format!("ring {i}: {e}"))?;
    }
    for (i, c) in walls.chains.iter().enumerate() {
        cdt.insert_shape(c, Closure::Open)
            .map_err(|e| format!("segment {i}: {e}"))?;
    }
    Ok(cdt)
}

/// The mesh dump of `walls` (the triangulation of [`walls_cdt`]).
pub fn walls_mesh(walls: &Walls) -> Result<MeshDump, String> {
    Ok(walls_cdt(walls)?.dump())
}

/// One path per query (`radius` overrides the query's), `None` where no
/// path exists.
pub fn scenario_paths(
    scenario: &Scenario,
    cdt: &Cdt,
    radius: Option<f64>,
) -> Vec<Option<daedalus::path::Path>> {
    let nav = daedalus::path::NavMesh::from_cdt(cdt);
    let run = super::scenario::find_all(&nav, &scenario.queries, radius, true);
    run.paths.unwrap_or_default()
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
            scene.walls(&walls.rings, Closure::Closed).map_err(e)?;
            scene.walls(&walls.chains, Closure::Open).map_err(e)?;
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

/// `k` indices spread evenly over `0..n` (all of them when `k >= n`).
pub fn spread(n: usize, k: usize) -> Vec<usize> {
    if k >= n {
        (0..n).collect()
    } else {
        (0..k).map(|i| i * n / k).collect()
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<(), String> {
    if let Some(r) = args.radius
        && !(r.is_finite() && r >= 0.0)
    {
        return Err(format!("--radius {r} must be finite and >= 0"));
    }
    let views = args
        .view
        .iter()
        .map(|v| parse_view(v))
        .collect::<Result<Vec<_>, _>>()?;
    let scenario = Scenario::load(&args.scenario).map_err(|e| e.to_string())?;
    let walls = Walls::of(&scenario);
    let t = Instant::now();
    let cdt = walls_cdt(&walls)?;
    let build = t.elapsed().as_secs_f64();
    let mesh = Some(cdt.dump());
    let mut scene = Scene::new(crate::world::rect(scenario.bounds)).map_err(|e| e.to_string())?;
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
        let paths = scenario_paths(&scenario, &cdt, args.radius);
        let q = t.elapsed().as_secs_f64();
        let (mut found, mut len) = (0, 0.0);
        for i in spread(scenario.queries.len(), args.max_paths) {
            let query = &scenario.queries[i];
            if let Some(p) = paths.get(i).and_then(|p| p.as_ref()) {
                let r = args.radius.unwrap_or(query.radius);
                scene
                    .path(&p.polyline(super::scenario::ARC_STEP), r)
                    .map_err(|e| e.to_string())?;
                found += 1;
                len += p.length();
            }
            drawn += 1;
        }
        paths_note = format!(
            ", {found}/{drawn} paths drawn (total length {len:.2}, {:.1} ms for all {} queries)",
            q * 1e3,
            scenario.queries.len()
        );
    }
    for fov in &views {
        let v = daedalus::fov::visibility_polygon(&cdt, fov).map_err(|e| format!("--view: {e}"))?;
        scene
            .fov(&v.polyline(0.01).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("daedalus-render-{}-{name}", std::process::id()))
    }

    fn args(scenario: &Path, out: &Path) -> Args {
        Args {
            scenario: scenario.to_path_buf(),
            out: out.to_path_buf(),
            paths: true,
            radius: None,
            width: 300,
            max_paths: 12,
            vertices: true,
            view: Vec::new(),
        }
    }

    const SCENARIO: &str = r#"{"name": "box", "bounds": [0, 0, 10, 10],
        "rings": [[3, 3, 7, 3, 7, 7, 3, 7]], "segments": [[1, 9, 9, 9]],
        "queries": [{"from": [1, 1], "to": [9, 5], "radius": 0.5}]}"#;

    #[test]
    fn writes_png_and_svg() {
        let sc = tmp("box.scenario.json");
        std::fs::write(&sc, SCENARIO).unwrap();
        let png = tmp("box.png");
        run(&args(&sc, &png)).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        // Width in the IHDR chunk (bytes 16..20, big endian).
        assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 300);
        let svg = tmp("box.svg");
        run(&args(&sc, &svg)).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        // The ring, the segment and the border are all constrained.
        let walls = text.split("id=\"walls\"").nth(1).unwrap();
        let walls = &walls[..walls.find("</g>").unwrap()];
        assert!(walls.matches("<line").count() >= 4 + 1 + 4);
        for f in [sc, png, svg] {
            std::fs::remove_file(f).unwrap();
        }
    }

    #[test]
    fn draws_fields_of_view() {
        let sc = tmp("view.scenario.json");
        std::fs::write(&sc, SCENARIO).unwrap();
        let svg = tmp("view.svg");
        let mut a = args(&sc, &svg);
        a.view = vec!["1,1,20".into(), "9,1,5,1.57,1.0".into()];
        run(&a).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        let fov = text.split("id=\"fov-fill\"").nth(1).expect("a fov layer");
        let fov = &fov[..fov.find("</g>").unwrap()];
        assert_eq!(
            fov.matches("<path").count() + fov.matches("<polygon").count(),
            2
        );
        for bad in ["1,1", "1,1,x", "1,1,-3", "50,50,3"] {
            a.view = vec![bad.into()];
            assert!(run(&a).unwrap_err().contains("--view"), "{bad}");
        }
        for f in [sc, svg] {
            std::fs::remove_file(f).unwrap();
        }
    }

    #[test]
    fn spread_picks_evenly() {
        assert_eq!(spread(3, 12), vec![0, 1, 2]);
        assert_eq!(spread(10, 5), vec![0, 2, 4, 6, 8]);
        assert_eq!(spread(160, 0), Vec::<usize>::new());
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let sc = tmp("bad.scenario.json");
        std::fs::write(&sc, SCENARIO).unwrap();
        let e = run(&args(&sc, &tmp("x.jpg"))).unwrap_err();
        assert!(e.contains(".png or .svg"), "{e}");
        let mut a = args(&sc, &tmp("x.png"));
        a.radius = Some(-1.0);
        assert!(run(&a).unwrap_err().contains("--radius"));
        a.radius = None;
        a.width = 0;
        assert!(run(&a).is_err());
        let e = run(&args(&tmp("missing.json"), &tmp("x.png"))).unwrap_err();
        assert!(e.contains("cannot read"), "{e}");
        std::fs::remove_file(sc).unwrap();
    }
}
