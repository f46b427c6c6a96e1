//! The demo's dungeon part: a generated dungeon with the path of a disc
//! from the player's room to the deepest room.

use daedalus::dungeon::{DungeonParams, generate};

use super::out::Args;
use crate::commands::dungeon::{scene, showcase_path};
use crate::commands::render::save;

/// Generates the default dungeon (20 x 20 grid, 24 rooms, seed 7) and
/// draws it with a path to `dungeon.png`.
pub fn part_dungeon(args: &Args) -> Result<(), String> {
    let t = std::time::Instant::now();
    let d = generate(&DungeonParams::default()).map_err(|e| e.to_string())?;
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let path = showcase_path(&d);
    let scene = scene(&d, path.as_ref()).map_err(|e| e.to_string())?;
    let file = save(&scene, &args.out.join("dungeon.png"), args.width)?;
    let path_note = match &path {
        Some(p) => format!("a path of length {:.1} to the deepest room", p.length()),
        None => "no path to the deepest room".to_string(),
    };
    println!(
        "dungeon: {} rooms, {} doors, {} triangles, generated in {ms:.2} ms; {path_note} -> {file}",
        d.rooms.len(),
        d.doors.len(),
        d.cdt.triangles().count(),
    );
    Ok(())
}
