//! `daedalus demo`: built-in data only (a procedural map, a handful of
//! objects, a small 1-bit bitmap embedded in the binary) becomes meshes,
//! paths and pictures in `./daedalus-demo/`, with figures printed.
//!
//! Each part is one module with one `part_*` function, run in turn by
//! [`run`]; the parts share the command's [`Args`] (`out.rs`) and the
//! outlines of `shapes.rs`, never this module. The paths picture also
//! shows a guard's field of view and the entities it sees.

mod bitmap;
mod crowd;
mod dungeon;
mod map;
mod objects;
mod out;
mod physics;
mod shapes;
mod world;

use std::time::Instant;

pub use out::Args;

/// Runs every part in turn.
pub fn run(args: &Args) -> Result<(), String> {
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let t = Instant::now();
    world::part_world(args)?;
    let map = map::demo_map();
    map::part_map(&map, args)?;
    map::part_paths(&map, args)?;
    let objects = objects::demo_objects();
    let mut world = objects::part_objects(&objects, args)?;
    objects::part_frames(&mut world, args)?;
    bitmap::part_bitmap(args)?;
    physics::part_physics(args)?;
    dungeon::part_dungeon(args)?;
    crowd::part_crowd(args)?;
    println!(
        "demo done in {:.2} s; pictures in {}",
        t.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::map::demo_map;
    use super::objects::{OBJECTS_BOUNDS, demo_objects};
    use super::*;
    use daedalus::Point;

    #[test]
    fn map_and_objects_are_inside_their_bounds() {
        let m = demo_map();
        let inb = |b: [f64; 4], p: &Point| {
            p.x > b[0] - 1e-9 && p.x < b[2] + 1e-9 && p.y > b[1] - 1e-9 && p.y < b[3] + 1e-9
        };
        assert!(
            m.rings
                .iter()
                .chain(&m.chains)
                .flatten()
                .all(|p| inb(m.bounds, p))
        );
        for o in demo_objects() {
            assert!(
                o.world().iter().all(|p| inb(OBJECTS_BOUNDS, p)),
                "{}",
                o.name
            );
        }
    }

    #[test]
    fn demo_runs_and_writes_pictures() {
        let dir = std::env::temp_dir().join(format!("daedalus-demo-test-{}", std::process::id()));
        let args = Args {
            out: dir.clone(),
            width: 400,
        };
        run(&args).unwrap();
        for f in [
            "map.png",
            "map.svg",
            "objects.png",
            "objects-frame-3.png",
            "map-paths.png",
            "bitmap.png",
            "physics-frames.png",
            "game-loop.png",
        ] {
            let bytes = std::fs::read(dir.join(f)).unwrap();
            assert!(bytes.len() > 100, "{f}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
