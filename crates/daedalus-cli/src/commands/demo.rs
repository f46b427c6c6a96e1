//! `daedalus demo`: built-in data only (a procedural map, a handful of
//! objects, a small 1-bit bitmap embedded in the binary) becomes meshes,
//! paths and pictures in `./daedalus-demo/`, with figures printed.
//!
//! Each part is one function. The paths picture also shows a guard's
//! field of view and the entities it sees.

use std::f64::consts::PI;
use std::path::PathBuf;
use std::time::Instant;

use daedalus::fov::{FieldOfView, is_in_field, visibility_polygon};
use daedalus::objects::{Object, ObjectId, Objects};
use daedalus::path::{NavMesh, Path, PathError, PathFinder};
use daedalus::render::{PolyStyle, Scene};
use daedalus::triangulation::Cdt;
use daedalus::{Closure, Point};

use super::render::{Walls, draw_world, save, walls_cdt, walls_mesh};

/// Run the built-in demo: meshes, paths and pictures from embedded data.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Folder for the pictures (created if missing).
    #[arg(long, default_value = "daedalus-demo")]
    pub out: PathBuf,
    /// Picture width in pixels.
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
}

/// Runs every part in turn.
pub fn run(args: &Args) -> Result<(), String> {
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let t = Instant::now();
    super::demo_world::part_world(args)?;
    let map = demo_map();
    part_map(&map, args)?;
    part_paths(&map, args)?;
    let objects = demo_objects();
    let mut world = part_objects(&objects, args)?;
    part_frames(&mut world, args)?;
    super::demo_bitmap::part_bitmap(args)?;
    part_physics(args)?;
    super::demo_dungeon::part_dungeon(args)?;
    super::demo_crowd::part_crowd(args)?;
    println!(
        "demo done in {:.2} s; pictures in {}",
        t.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

// ---------------------------------------------------------------- shapes

fn regular(n: usize, r: f64, phase: f64) -> Vec<Point> {
    (0..n)
        .map(|i| {
            let a = phase + 2.0 * PI * i as f64 / n as f64;
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

pub(crate) fn star(n: usize, outer: f64, inner: f64) -> Vec<Point> {
    (0..2 * n)
        .map(|i| {
            let a = -PI / 2.0 + PI * i as f64 / n as f64;
            let r = if i % 2 == 0 { outer } else { inner };
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

pub(crate) fn rect(w: f64, h: f64) -> Vec<Point> {
    Object::rectangle(w, h).outline().to_vec()
}

fn l_shape(s: f64) -> Vec<Point> {
    [
        (0.0, 0.0),
        (2.0, 0.0),
        (2.0, 4.0),
        (5.0, 4.0),
        (5.0, 6.0),
        (0.0, 6.0),
    ]
    .iter()
    .map(|&(x, y)| Point::new((x - 2.5) * s, (y - 3.0) * s))
    .collect()
}

fn u_shape(s: f64) -> Vec<Point> {
    [
        (0.0, 0.0),
        (1.5, 0.0),
        (1.5, 4.5),
        (4.5, 4.5),
        (4.5, 0.0),
        (6.0, 0.0),
        (6.0, 6.0),
        (0.0, 6.0),
    ]
    .iter()
    .map(|&(x, y)| Point::new((x - 3.0) * s, (y - 3.0) * s))
    .collect()
}

/// Rotates by `rot` (radians; y down, so positive turns clockwise on
/// screen) and moves to `at`.
pub(crate) fn place(pts: &[Point], rot: f64, at: Point) -> Vec<Point> {
    let (s, c) = rot.sin_cos();
    pts.iter()
        .map(|p| Point::new(at.x + c * p.x - s * p.y, at.y + s * p.x + c * p.y))
        .collect()
}

pub(crate) fn seg(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
    vec![Point::new(x0, y0), Point::new(x1, y1)]
}

// ---------------------------------------------------------------- the map

/// A 64 x 48 dungeon: six rooms joined by doors, one rotated or concave
/// obstacle per room (two crossing bars in one).
pub fn demo_map() -> Walls {
    let chains = vec![
        seg(0.0, 24.0, 8.0, 24.0),
        seg(11.0, 24.0, 22.0, 24.0),
        seg(22.0, 24.0, 33.0, 24.0),
        seg(36.0, 24.0, 42.0, 24.0),
        seg(42.0, 24.0, 50.0, 24.0),
        seg(53.0, 24.0, 64.0, 24.0),
        seg(22.0, 0.0, 22.0, 10.0),
        seg(22.0, 13.0, 22.0, 24.0),
        seg(22.0, 24.0, 22.0, 37.0),
        seg(22.0, 40.0, 22.0, 48.0),
        seg(42.0, 0.0, 42.0, 5.0),
        seg(42.0, 8.0, 42.0, 24.0),
        seg(42.0, 24.0, 42.0, 30.0),
        seg(42.0, 33.0, 42.0, 48.0),
    ];
    let rings = vec![
        place(&rect(7.0, 7.0), PI / 6.0, Point::new(11.0, 12.0)),
        place(&regular(3, 5.0, 0.2), 0.0, Point::new(32.0, 11.0)),
        place(&rect(1.2, 1.2), PI / 4.0, Point::new(27.0, 19.5)),
        place(&rect(1.2, 1.2), PI / 4.0, Point::new(37.0, 19.5)),
        place(&rect(13.0, 1.4), -0.45, Point::new(53.0, 12.0)),
        place(&rect(13.0, 1.4), 0.6, Point::new(53.0, 12.0)),
        place(&regular(6, 4.0, 0.0), 0.0, Point::new(11.0, 36.0)),
        place(&l_shape(1.5), 0.26, Point::new(32.0, 36.0)),
        place(&star(5, 5.5, 2.3), 0.3, Point::new(53.0, 36.0)),
    ];
    Walls {
        bounds: [0.0, 0.0, 64.0, 48.0],
        rings,
        chains,
    }
}

/// Part 1: the mesh of the map and its picture.
pub fn part_map(map: &Walls, args: &Args) -> Result<(), String> {
    let t = Instant::now();
    let mesh = walls_mesh(map)?;
    let build = t.elapsed().as_secs_f64();
    let mut scene = Scene::new(crate::world::rect(map.bounds)).map_err(|e| e.to_string())?;
    scene.title("demo map: 6 rooms");
    draw_world(&mut scene, map, mesh.as_ref(), true)?;
    let t = Instant::now();
    let png = save(&scene, &args.out.join("map.png"), args.width)?;
    let svg = save(&scene, &args.out.join("map.svg"), args.width)?;
    let draw = t.elapsed().as_secs_f64();
    let what = match &mesh {
        Some(m) => format!(
            "{} triangles, {} constrained edges, built in {:.2} ms",
            m.triangles.len(),
            m.constrained.len(),
            build * 1e3
        ),
        None => "no mesh (HOOK walls_mesh: core CDT not wired), walls only".into(),
    };
    println!(
        "map: {} rings + {} wall segments -> {what}; pictures {png}, {svg} in {:.0} ms",
        map.rings.len(),
        map.chains.len(),
        draw * 1e3
    );
    Ok(())
}

/// The shortest path for a disc of `radius` on `nav`.
pub fn find_path(
    finder: &mut PathFinder,
    nav: &NavMesh,
    from: Point,
    to: Point,
    radius: f64,
) -> Result<Path, PathError> {
    finder.find_path(nav, from, to, radius)
}

/// The visible region of an eye at `eye` looking along `dir` with
/// half-angle `half` (radians) and range `range`, as a polygon (arcs within
/// 0.01), with its exact area.
pub fn field_of_view(
    cdt: &Cdt,
    eye: Point,
    dir: Point,
    half: f64,
    range: f64,
) -> Result<(Vec<Point>, f64), String> {
    let fov =
        FieldOfView::new(eye, dir.y.atan2(dir.x), 2.0 * half, range).map_err(|e| e.to_string())?;
    let v = visibility_polygon(cdt, &fov).map_err(|e| e.to_string())?;
    Ok((v.polyline(0.01).map_err(|e| e.to_string())?, v.area()))
}

/// Entities around the guard: (position, radius).
const ENTITIES: [(f64, f64, f64); 5] = [
    (16.0, 30.0, 0.8),
    (18.0, 44.0, 0.8),
    (12.0, 45.0, 0.8),
    (30.0, 38.0, 0.8),
    (10.0, 18.0, 0.8),
];

/// Part 2: paths across the map for a few radii.
pub fn part_paths(map: &Walls, args: &Args) -> Result<(), String> {
    let queries = [
        (Point::new(3.0, 3.0), Point::new(61.0, 45.0)),
        (Point::new(3.0, 45.0), Point::new(61.0, 3.0)),
        (Point::new(30.0, 3.0), Point::new(33.0, 45.0)),
    ];
    let radii = [0.0, 0.6, 1.2];
    let cdt = walls_cdt(map)?;
    let mut scene = Scene::new(crate::world::rect(map.bounds)).map_err(|e| e.to_string())?;
    scene.title("demo map: paths for 3 radii");
    draw_world(&mut scene, map, Some(&cdt.dump()), false)?;
    // A guard in the bottom-left room, looking down-right.
    let (eye, dir) = (Point::new(4.0, 28.0), Point::new(1.0, 0.5));
    scene.entity(eye, 0.8, dir).map_err(|e| e.to_string())?;
    let (poly, area) = field_of_view(&cdt, eye, dir, 0.6, 30.0)?;
    if poly.len() >= 3 {
        scene.fov(&poly).map_err(|e| e.to_string())?;
    }
    let fov = FieldOfView::new(eye, dir.y.atan2(dir.x), 1.2, 30.0).map_err(|e| e.to_string())?;
    let mut seen = Vec::new();
    for (i, &(x, y, r)) in ENTITIES.iter().enumerate() {
        scene
            .entity(Point::new(x, y), r, Point::new(0.0, 0.0))
            .map_err(|e| e.to_string())?;
        if is_in_field(&cdt, &fov, [x, y], r).map_err(|e| e.to_string())? {
            seen.push(format!("#{i}"));
        }
    }
    println!(
        "  field of view: area {area:.1}, {} polygon points; the guard sees {} of {} entities ({})",
        poly.len(),
        seen.len(),
        ENTITIES.len(),
        if seen.is_empty() {
            "none".to_string()
        } else {
            seen.join(", ")
        }
    );
    let t = Instant::now();
    let nav = NavMesh::from_cdt(&cdt);
    println!(
        "paths: navigation mesh of {} triangles in {:.2} ms",
        nav.triangle_count(),
        t.elapsed().as_secs_f64() * 1e3
    );
    let mut finder = PathFinder::new();
    let mut found = 0;
    for &r in &radii {
        for &(a, b) in &queries {
            let t = Instant::now();
            let p = find_path(&mut finder, &nav, a, b, r);
            let dt = t.elapsed().as_secs_f64();
            let q = format!("r={r}: ({}, {}) -> ({}, {})", a.x, a.y, b.x, b.y);
            match p {
                Ok(p) => {
                    println!(
                        "  path {q}: length {:.3}, {} turns, {:.3} ms",
                        p.length(),
                        p.turns.len(),
                        dt * 1e3
                    );
                    scene
                        .path(&p.polyline(super::scenario::ARC_STEP), r)
                        .map_err(|e| e.to_string())?;
                    found += 1;
                }
                Err(e) => println!("  path {q}: none ({e})"),
            }
        }
    }
    let png = save(&scene, &args.out.join("map-paths.png"), args.width)?;
    println!(
        "paths: {found}/{} found; picture {png}",
        radii.len() * queries.len()
    );
    Ok(())
}

// ---------------------------------------------------------------- objects

/// One demo object: a local outline (centred on its pivot, the origin),
/// whether it is closed, a rotation and a position.
#[derive(Clone, Debug)]
pub struct DemoObject {
    pub name: &'static str,
    pub outline: Vec<Point>,
    pub closed: bool,
    pub rotation: f64,
    pub position: Point,
    /// Turn per frame, radians.
    pub spin: f64,
}

impl DemoObject {
    /// The outline in world coordinates.
    pub fn world(&self) -> Vec<Point> {
        place(&self.outline, self.rotation, self.position)
    }
}

/// A handful of objects in a 40 x 30 world: convex, concave, open, and
/// two that overlap.
pub fn demo_objects() -> Vec<DemoObject> {
    let o = |name, outline, closed, rotation, x, y, spin| DemoObject {
        name,
        outline,
        closed,
        rotation,
        position: Point::new(x, y),
        spin,
    };
    vec![
        o("crate", rect(4.0, 4.0), true, 0.35, 8.0, 8.0, 0.2),
        o("star", star(5, 4.0, 1.7), true, 0.0, 20.0, 8.5, -0.15),
        o("L", l_shape(1.1), true, -0.5, 32.0, 9.0, 0.25),
        o("U", u_shape(1.2), true, 0.0, 11.0, 21.0, -0.1),
        o("bar", rect(10.0, 1.0), true, 0.7, 12.5, 21.0, 0.3),
        o(
            "fence",
            vec![
                Point::new(-5.0, 0.0),
                Point::new(-2.5, -2.0),
                Point::new(0.0, 0.0),
                Point::new(2.5, -2.0),
                Point::new(5.0, 0.0),
            ],
            false,
            0.0,
            29.0,
            22.0,
            0.2,
        ),
    ]
}

fn objects_walls(bounds: [f64; 4], objects: &[DemoObject]) -> Walls {
    Walls {
        bounds,
        rings: objects
            .iter()
            .filter(|o| o.closed)
            .map(|o| o.world())
            .collect(),
        chains: objects
            .iter()
            .filter(|o| !o.closed)
            .map(|o| o.world())
            .collect(),
    }
}

const OBJECTS_BOUNDS: [f64; 4] = [0.0, 0.0, 40.0, 30.0];

/// The objects inserted into a triangulation of their world.
pub struct ObjectWorld {
    pub cdt: Cdt,
    pub table: Objects,
    pub ids: Vec<ObjectId>,
    pub objects: Vec<DemoObject>,
}

impl ObjectWorld {
    /// Inserts every object with `Objects::insert`.
    pub fn new(objects: &[DemoObject]) -> Result<ObjectWorld, String> {
        let [x0, y0, x1, y1] = OBJECTS_BOUNDS;
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).map_err(|e| e.to_string())?;
        let mut table = Objects::new();
        let mut ids = Vec::new();
        for o in objects {
            let closure = if o.closed {
                Closure::Closed
            } else {
                Closure::Open
            };
            let mut obj = Object::new(o.outline.clone(), closure);
            obj.set_rotation(o.rotation);
            obj.set_position([o.position.x, o.position.y]);
            ids.push(
                table
                    .insert(&mut cdt, obj)
                    .map_err(|e| format!("{}: {e}", o.name))?,
            );
        }
        Ok(ObjectWorld {
            cdt,
            table,
            ids,
            objects: objects.to_vec(),
        })
    }

    /// Moves the objects to their new poses and updates the mesh.
    pub fn apply(&mut self) -> Result<(), String> {
        for (o, &id) in self.objects.iter().zip(&self.ids) {
            let obj = self.table.get_mut(id).map_err(|e| e.to_string())?;
            obj.set_rotation(o.rotation);
            obj.set_position([o.position.x, o.position.y]);
        }
        self.table.update(&mut self.cdt).map_err(|e| e.to_string())
    }

    /// The picture of the current state.
    pub fn scene(&self, title: &str) -> Result<Scene, String> {
        let mut scene =
            Scene::new(crate::world::rect(OBJECTS_BOUNDS)).map_err(|e| e.to_string())?;
        scene.title(title);
        let walls = objects_walls(OBJECTS_BOUNDS, &self.objects);
        draw_world(&mut scene, &walls, Some(&self.cdt.dump()), false)?;
        // Closed objects get a fill; open ones show as their walls.
        let mut closed = Vec::new();
        for &id in &self.ids {
            if self
                .table
                .get(id)
                .map_err(|e| e.to_string())?
                .closure()
                .is_closed()
            {
                closed.push(self.table.outline(id).map_err(|e| e.to_string())?);
            }
        }
        scene
            .polygons(&closed, PolyStyle::objects())
            .map_err(|e| e.to_string())?;
        Ok(scene)
    }
}

fn objects_title(objects: &[DemoObject], what: &str) -> String {
    let open = objects.iter().filter(|o| !o.closed).count();
    format!(
        "{what}: {} closed, {open} open objects",
        objects.len() - open
    )
}

/// Part 3: the objects, inserted and drawn.
pub fn part_objects(objects: &[DemoObject], args: &Args) -> Result<ObjectWorld, String> {
    let t = Instant::now();
    let world = ObjectWorld::new(objects)?;
    let build = t.elapsed().as_secs_f64();
    let scene = world.scene(&objects_title(objects, "demo objects"))?;
    let png = save(&scene, &args.out.join("objects.png"), args.width)?;
    let names: Vec<&str> = objects.iter().map(|o| o.name).collect();
    println!(
        "objects: {} ({}) inserted in {:.2} ms -> {} triangles; picture {png}",
        objects.len(),
        names.join(", "),
        build * 1e3,
        world.cdt.triangles().count()
    );
    Ok(world)
}

/// The scripted motion of the objects: each turns by its `spin` per frame
/// (the physics simulation is [`part_physics`]).
pub fn step_objects(objects: &mut [DemoObject]) {
    for o in objects {
        o.rotation += o.spin;
    }
}

/// Part 4: a few frames of moving objects; each frame updates only the
/// moved objects in the mesh (`Objects::update`).
pub fn part_frames(world: &mut ObjectWorld, args: &Args) -> Result<(), String> {
    for f in 1..=3 {
        step_objects(&mut world.objects);
        let t = Instant::now();
        world.apply()?;
        let dt = t.elapsed().as_secs_f64();
        let bad = world.cdt.validate().len();
        let scene = world.scene(&objects_title(&world.objects, &format!("frame {f}")))?;
        let png = save(
            &scene,
            &args.out.join(format!("objects-frame-{f}.png")),
            args.width,
        )?;
        println!(
            "frame {f}: {} objects moved, mesh updated in {:.2} ms, {} triangles, {bad} violations; picture {png}",
            world.ids.len(),
            dt * 1e3,
            world.cdt.triangles().count()
        );
    }
    Ok(())
}

/// Part 6: rigid bodies (five balls and a traced C) dropped onto a traced
/// terrain with rapier2d, drawn as a strip of frames.
pub fn part_physics(args: &Args) -> Result<(), String> {
    use super::demo_physics::{demo_frames, draw_strip};
    let (seconds, count) = (3.0, 6);
    let t = Instant::now();
    let demo = demo_frames(seconds, count).map_err(|e| e.to_string())?;
    let sim = t.elapsed().as_secs_f64();
    let mut scene = draw_strip(&demo, 2).map_err(|e| e.to_string())?;
    scene.title(&format!("physics: t = 0 to {seconds} s"));
    let png = save(&scene, &args.out.join("physics-frames.png"), args.width)?;
    let bodies = demo.frames.first().map_or(0, Vec::len);
    println!(
        "physics: {} terrain polygons, {bodies} body outlines, {:.1} s simulated at 60 Hz in {:.1} ms, {count} frames; picture {png}",
        demo.terrain.len(),
        demo.times.last().copied().unwrap_or(0.0),
        sim * 1e3
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
