//! `daedalus dungeon`: generates a dungeon on the triangulation (the
//! design notes' method), prints its figures, and optionally writes its
//! picture and its scenario.

use std::path::PathBuf;
use std::time::Instant;

use daedalus::Point;
use daedalus::dungeon::{Dungeon, DungeonParams, generate};
use daedalus::path::{Path, PathFinder};
use daedalus::render::{RenderError, Scene};

use super::render::save;

/// Generate a procedural dungeon: rooms are cells of the centroid dual of
/// a Delaunay triangulation of a random grid sample, joined by doors along
/// a randomised depth-first room graph.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Grid of candidate points, COLUMNSxROWS.
    #[arg(long, default_value = "20x20", value_parser = parse_grid)]
    pub grid: (usize, usize),
    /// Distance between grid points.
    #[arg(long, default_value_t = 5.0)]
    pub spacing: f64,
    /// Probability of keeping each grid point, in [0, 1].
    #[arg(long, default_value_t = 0.5)]
    pub p: f64,
    /// Number of rooms.
    #[arg(long, default_value_t = 24)]
    pub rooms: usize,
    /// Largest number of links from the first room to any room.
    #[arg(long, default_value_t = 6)]
    pub branch_depth: usize,
    /// Largest number of branches leaving one room.
    #[arg(long, default_value_t = 4)]
    pub branches: usize,
    /// Door width.
    #[arg(long, default_value_t = 1.0)]
    pub door: f64,
    /// Wall thickness.
    #[arg(long, default_value_t = 0.3)]
    pub wall: f64,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// Picture of the dungeon with a path from the player to the deepest
    /// room; the extension (.png or .svg) picks the format.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Picture width in pixels (PNG only).
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
    /// Write the walls and queries between random rooms as a scenario.
    #[arg(long, value_name = "FILE.scenario.json")]
    pub scenario_out: Option<PathBuf>,
    /// Number of scenario queries.
    #[arg(long, default_value_t = 20)]
    pub queries: usize,
    /// Print one JSON object: {"rooms", "doors", "triangles", "seconds"}.
    #[arg(long)]
    pub json: bool,
}

/// `COLUMNSxROWS`, both positive.
fn parse_grid(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("grid must be COLUMNSxROWS (e.g. 20x20), got '{s}'");
    let (c, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    Ok((c, r))
}

impl Args {
    /// The generator's parameters.
    pub fn params(&self) -> DungeonParams {
        DungeonParams {
            columns: self.grid.0,
            rows: self.grid.1,
            spacing: self.spacing,
            probability: self.p,
            rooms: self.rooms,
            branch_depth: self.branch_depth,
            branches: self.branches,
            door: self.door,
            wall: self.wall,
            seed: self.seed,
        }
    }
}

/// The path of a disc just under half the door from the player to the
/// deepest room (the first of them), if the path finder finds it.
pub fn showcase_path(d: &Dungeon) -> Option<Path> {
    let deepest = (0..d.rooms.len()).max_by_key(|&r| (d.rooms[r].depth, usize::MAX - r))?;
    let radius = 0.45 * d.params.door;
    PathFinder::new()
        .find_path(&d.nav(), d.spawns.player, d.rooms[deepest].centre, radius)
        .ok()
}

/// A picture of the dungeon, drawn from its data: the triangulation, the
/// rooms' floors, the spawns (player and bots as discs, items as dots) and
/// `path` if given.
pub fn scene(d: &Dungeon, path: Option<&Path>) -> Result<Scene, RenderError> {
    let mut s = Scene::new(d.cdt.bounds())?;
    let p = &d.params;
    s.title(&format!(
        "dungeon {}x{}, {} rooms, seed {}",
        p.columns, p.rows, p.rooms, p.seed
    ));
    s.mesh(&d.cdt.dump())?;
    let floors: Vec<Vec<Point>> = d.rooms.iter().map(|r| r.floor.clone()).collect();
    s.rooms(&floors)?;
    let r = p.door / 4.0;
    s.entity(d.spawns.player, r, Point::new(0.0, -r))?;
    for &b in &d.spawns.bots {
        s.entity(b, r, Point::new(0.0, 0.0))?;
    }
    let items: Vec<Point> = d.spawns.items.iter().map(|i| i.position).collect();
    s.vertices(&items)?;
    if let Some(path) = path {
        let pts = path.polyline(0.2);
        s.path(&pts, path.radius)?;
    }
    Ok(s)
}

/// What `--json` prints.
#[derive(serde::Serialize)]
struct Figures {
    rooms: usize,
    doors: usize,
    triangles: usize,
    seconds: f64,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<(), String> {
    let params = args.params();
    if let Some(out) = &args.out {
        let ext = out
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if !matches!(ext.as_deref(), Some("png" | "svg")) {
            return Err(format!(
                "{}: the picture must end in .png or .svg",
                out.display()
            ));
        }
    }
    let t = Instant::now();
    let d = generate(&params).map_err(|e| e.to_string())?;
    let seconds = t.elapsed().as_secs_f64();
    let triangles = d.cdt.triangles().count();
    let mut notes = Vec::new();
    if let Some(out) = &args.out {
        let path = showcase_path(&d);
        let scene = scene(&d, path.as_ref()).map_err(|e| e.to_string())?;
        notes.push(save(&scene, out, args.width)?);
    }
    if let Some(out) = &args.scenario_out {
        std::fs::write(out, d.scenario(args.queries).to_json())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        notes.push(out.display().to_string());
    }
    if args.json {
        let v = Figures {
            rooms: d.rooms.len(),
            doors: d.doors.len(),
            triangles,
            seconds,
        };
        println!("{}", serde_json::to_string(&v).expect("figures serialise"));
    } else {
        println!(
            "dungeon {}x{} seed {}: {} rooms, {} doors, {} triangles in {:.2} ms{}{}",
            params.columns,
            params.rows,
            params.seed,
            d.rooms.len(),
            d.doors.len(),
            triangles,
            seconds * 1e3,
            if notes.is_empty() { "" } else { " -> " },
            notes.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_draw_rooms_and_a_path() {
        let d = generate(&DungeonParams::default()).unwrap();
        let nav = d.nav();
        let path = PathFinder::new()
            .find_path(
                &nav,
                d.rooms[0].centre,
                d.spawns.player,
                0.4 * d.params.door,
            )
            .unwrap();
        let svg = scene(&d, Some(&path)).unwrap().to_svg();
        assert!(svg.contains("24 rooms"), "legend counts the rooms");
        assert!(svg.contains("path"));
    }
}
