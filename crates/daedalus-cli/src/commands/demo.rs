//! `daedalus demo`: built-in data only (a procedural map, a handful of
//! objects, a small 1-bit bitmap embedded in the binary) becomes meshes,
//! paths and pictures in `./daedalus-demo/`, with figures printed.
//!
//! Each part is one function. The paths picture also shows a guard's
//! field of view and the entities it sees.

use std::f64::consts::PI;
use std::path::PathBuf;
use std::time::Instant;

use daedalus::Point;
use daedalus::fov::{FieldOfView, is_in_field, visibility_polygon};
use daedalus::objects::{Object, ObjectId};
use daedalus::path::{NavMesh, Path, PathError, PathFinder};
use daedalus::render::{PolyStyle, Scene};
use daedalus::triangulation::Cdt;

use super::render::{Walls, draw_world, save, walls_cdt, walls_mesh};

/// The demo bitmap (drawn by [`draw_bitmap`], black = blocked).
const BITMAP_PNG: &[u8] = include_bytes!("../../assets/demo-bitmap.png");

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
    let map = demo_map();
    part_map(&map, args)?;
    part_paths(&map, args)?;
    let objects = demo_objects();
    let mut world = part_objects(&objects, args)?;
    part_frames(&mut world, args)?;
    part_bitmap(args)?;
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

fn star(n: usize, outer: f64, inner: f64) -> Vec<Point> {
    (0..2 * n)
        .map(|i| {
            let a = -PI / 2.0 + PI * i as f64 / n as f64;
            let r = if i % 2 == 0 { outer } else { inner };
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

fn rect(w: f64, h: f64) -> Vec<Point> {
    let (a, b) = (w / 2.0, h / 2.0);
    vec![
        Point::new(-a, -b),
        Point::new(a, -b),
        Point::new(a, b),
        Point::new(-a, b),
    ]
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
fn place(pts: &[Point], rot: f64, at: Point) -> Vec<Point> {
    let (s, c) = rot.sin_cos();
    pts.iter()
        .map(|p| Point::new(at.x + c * p.x - s * p.y, at.y + s * p.x + c * p.y))
        .collect()
}

fn seg(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
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
    let mut scene = Scene::new(map.bounds).map_err(|e| e.to_string())?;
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
    let mut scene = Scene::new(map.bounds).map_err(|e| e.to_string())?;
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
    pub ids: Vec<ObjectId>,
    pub objects: Vec<DemoObject>,
}

impl ObjectWorld {
    /// Inserts every object with `Cdt::insert_object`.
    pub fn new(objects: &[DemoObject]) -> Result<ObjectWorld, String> {
        let [x0, y0, x1, y1] = OBJECTS_BOUNDS;
        let mut cdt = Cdt::new(x0, y0, x1, y1).map_err(|e| e.to_string())?;
        let mut ids = Vec::new();
        for o in objects {
            let mut obj = Object::new(o.outline.clone(), o.closed);
            obj.set_rotation(o.rotation);
            obj.set_position(o.position.x, o.position.y);
            ids.push(
                cdt.insert_object(obj)
                    .map_err(|e| format!("{}: {e}", o.name))?,
            );
        }
        Ok(ObjectWorld {
            cdt,
            ids,
            objects: objects.to_vec(),
        })
    }

    /// Moves the objects to their new poses and updates the mesh.
    pub fn apply(&mut self) -> Result<(), String> {
        for (o, &id) in self.objects.iter().zip(&self.ids) {
            let obj = self.cdt.object_mut(id).map_err(|e| e.to_string())?;
            obj.set_rotation(o.rotation);
            obj.set_position(o.position.x, o.position.y);
        }
        self.cdt.update_objects().map_err(|e| e.to_string())
    }

    /// The picture of the current state.
    pub fn scene(&self, title: &str) -> Result<Scene, String> {
        let mut scene = Scene::new(OBJECTS_BOUNDS).map_err(|e| e.to_string())?;
        scene.title(title);
        let walls = objects_walls(OBJECTS_BOUNDS, &self.objects);
        draw_world(&mut scene, &walls, Some(&self.cdt.dump()), false)?;
        // Closed objects get a fill; open ones show as their walls.
        let mut closed = Vec::new();
        for &id in &self.ids {
            if self.cdt.object(id).map_err(|e| e.to_string())?.closed() {
                closed.push(self.cdt.object_outline(id).map_err(|e| e.to_string())?);
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
/// moved objects in the mesh (`update_objects`).
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

// ---------------------------------------------------------------- bitmap

/// A 1-bit picture, row-major, `true` = black (blocked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    pub width: usize,
    pub height: usize,
    pub black: Vec<bool>,
}

impl Bitmap {
    fn at(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.black[y as usize * self.width + x as usize]
    }
}

#[cfg(test)]
fn inside(poly: &[Point], p: Point) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            c = !c;
        }
    }
    c
}

/// The generator of the embedded asset (checked by a test).
#[cfg(test)]
/// Draws the demo bitmap (96 x 64): a disc, a ring with a hole, a star,
/// a rotated bar, a wavy band and two squares touching at one corner.
pub fn draw_bitmap() -> Bitmap {
    let (w, h) = (96, 64);
    let star = place(&star(5, 13.0, 5.5), 0.0, Point::new(50.0, 19.0));
    let bar = place(&rect(26.0, 5.0), -0.5, Point::new(76.0, 44.0));
    let mut black = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let p = Point::new(x as f64 + 0.5, y as f64 + 0.5);
            let d = |cx: f64, cy: f64| (p.x - cx).hypot(p.y - cy);
            let wave = (p.y - (52.0 + 4.0 * (p.x / 6.0).sin())).abs() < 2.5 && p.x < 50.0;
            let pinch = ((83.0..88.0).contains(&p.x) && (6.0..11.0).contains(&p.y))
                || ((88.0..93.0).contains(&p.x) && (11.0..16.0).contains(&p.y));
            black[y * w + x] = d(16.0, 17.0) < 10.0 && d(16.0, 17.0) > 5.0
                || d(33.0, 38.0) < 6.5
                || inside(&star, p)
                || inside(&bar, p)
                || wave
                || pinch;
        }
    }
    Bitmap {
        width: w,
        height: h,
        black,
    }
}

/// Decodes a greyscale or colour PNG into a bitmap (dark = black).
pub fn decode_bitmap(bytes: &[u8]) -> Result<Bitmap, String> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut r = dec.read_info().map_err(|e| format!("bitmap: {e}"))?;
    let size = r
        .output_buffer_size()
        .ok_or("bitmap: image too large".to_string())?;
    let mut buf = vec![0; size];
    let info = r.next_frame(&mut buf).map_err(|e| format!("bitmap: {e}"))?;
    let channels = info.color_type.samples();
    let (width, height) = (info.width as usize, info.height as usize);
    let black = (0..width * height)
        .map(|i| buf[i * channels] < 128)
        .collect();
    Ok(Bitmap {
        width,
        height,
        black,
    })
}

#[cfg(test)]
/// Encodes a bitmap as a 1-bit greyscale PNG (white = 1).
pub fn encode_bitmap(b: &Bitmap) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, b.width as u32, b.height as u32);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::One);
        let mut wr = enc.write_header().map_err(|e| e.to_string())?;
        let row = b.width.div_ceil(8);
        let mut data = vec![0u8; row * b.height];
        for y in 0..b.height {
            for x in 0..b.width {
                if !b.black[y * b.width + x] {
                    data[y * row + x / 8] |= 0x80 >> (x % 8);
                }
            }
        }
        wr.write_image_data(&data).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// The outlines of the black regions traced by the bitmap module
/// (Potrace-style, default options: 1 px tolerance; smaller ones follow
/// the pixel staircase of the slanted bar).
pub fn trace_bitmap(b: &Bitmap) -> Result<Vec<Vec<Point>>, String> {
    use daedalus::bitmap::{Bitmap as Bits, TraceOptions, trace};
    let bits = Bits::new(b.width, b.height, b.black.clone()).map_err(|e| e.to_string())?;
    let t = trace(&bits, &TraceOptions::default()).map_err(|e| e.to_string())?;
    Ok(t.polygons.into_iter().map(|p| p.points).collect())
}

/// The exact pixel outline: every boundary between a black and a white
/// pixel (or the image edge), merged into maximal straight segments.
pub fn pixel_outline(b: &Bitmap) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    let (w, h) = (b.width as i64, b.height as i64);
    for y in 0..=h {
        let mut run: Option<i64> = None;
        for x in 0..=w {
            let edge = x < w && b.at(x, y - 1) != b.at(x, y);
            match (edge, run) {
                (true, None) => run = Some(x),
                (false, Some(x0)) => {
                    out.push(seg(x0 as f64, y as f64, x as f64, y as f64));
                    run = None;
                }
                _ => {}
            }
        }
    }
    for x in 0..=w {
        let mut run: Option<i64> = None;
        for y in 0..=h {
            let edge = y < h && b.at(x - 1, y) != b.at(x, y);
            match (edge, run) {
                (true, None) => run = Some(y),
                (false, Some(y0)) => {
                    out.push(seg(x as f64, y0 as f64, x as f64, y as f64));
                    run = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// The black pixels as one rectangle per horizontal run.
pub fn pixel_runs(b: &Bitmap) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    for y in 0..b.height as i64 {
        let mut x = 0;
        while x < b.width as i64 {
            if !b.at(x, y) {
                x += 1;
                continue;
            }
            let x0 = x;
            while b.at(x, y) {
                x += 1;
            }
            let (x0, x1, y0, y1) = (x0 as f64, x as f64, y as f64, y as f64 + 1.0);
            out.push(vec![
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ]);
        }
    }
    out
}

/// Part 5: the embedded bitmap, traced (or outlined pixel by pixel),
/// meshed and drawn.
pub fn part_bitmap(args: &Args) -> Result<(), String> {
    let t = Instant::now();
    let bmp = decode_bitmap(BITMAP_PNG)?;
    let bounds = [0.0, 0.0, bmp.width as f64, bmp.height as f64];
    let walls = Walls {
        bounds,
        rings: trace_bitmap(&bmp)?,
        chains: Vec::new(),
    };
    let how = "traced polygons (1 px tolerance)";
    let trace = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mesh = walls_mesh(&walls)?;
    let build = t.elapsed().as_secs_f64();
    let mut scene = Scene::new(bounds).map_err(|e| e.to_string())?;
    scene.title(&format!("demo bitmap {} x {} px", bmp.width, bmp.height));
    draw_world(&mut scene, &walls, mesh.as_ref(), false)?;
    scene
        .polygons(
            &pixel_runs(&bmp),
            PolyStyle::filled(
                daedalus::render::palette::WALL.alpha(0.3),
                "black pixel runs",
            ),
        )
        .map_err(|e| e.to_string())?;
    if !walls.rings.is_empty() {
        scene
            .polygons(&walls.rings, PolyStyle::traced())
            .map_err(|e| e.to_string())?;
    }
    let png = save(&scene, &args.out.join("bitmap.png"), args.width)?;
    let blacks = bmp.black.iter().filter(|&&b| b).count();
    let what = match &mesh {
        Some(m) => format!("{} triangles in {:.2} ms", m.triangles.len(), build * 1e3),
        None => "no mesh (core not wired)".into(),
    };
    let pixel_segments = pixel_outline(&bmp).len();
    let corners: usize = walls.rings.iter().map(Vec::len).sum();
    println!(
        "bitmap: {} x {} px, {blacks} black -> {} {how} ({corners} vertices; the pixel outline has {pixel_segments} segments) in {:.2} ms -> {what}; picture {png}",
        bmp.width,
        bmp.height,
        walls.rings.len(),
        trace * 1e3
    );
    Ok(())
}

/// Part 6: rigid bodies (five balls and a traced C) dropped onto a traced
/// terrain with rapier2d, drawn as a strip of frames.
pub fn part_physics(args: &Args) -> Result<(), String> {
    use daedalus::physics::traced::{demo_frames, draw_strip};
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

/// Where the embedded bitmap lives in the source tree.
#[cfg(test)]
fn bitmap_asset_path() -> &'static std::path::Path {
    std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demo-bitmap.png"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed asset is exactly the drawing (regenerate it with
    /// `DAEDALUS_WRITE_ASSETS=1 cargo test -p daedalus-cli demo::`).
    #[test]
    fn embedded_bitmap_is_the_drawing() {
        let drawn = draw_bitmap();
        if std::env::var_os("DAEDALUS_WRITE_ASSETS").is_some() {
            std::fs::write(bitmap_asset_path(), encode_bitmap(&drawn).unwrap()).unwrap();
        }
        assert_eq!(decode_bitmap(BITMAP_PNG).unwrap(), drawn);
    }

    #[test]
    fn pixel_outline_of_one_pixel_is_its_four_sides() {
        let b = Bitmap {
            width: 3,
            height: 3,
            black: (0..9).map(|i| i == 4).collect(),
        };
        let mut segs: Vec<[f64; 4]> = pixel_outline(&b)
            .iter()
            .map(|s| [s[0].x, s[0].y, s[1].x, s[1].y])
            .collect();
        segs.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(
            segs,
            vec![
                [1.0, 1.0, 1.0, 2.0],
                [1.0, 1.0, 2.0, 1.0],
                [1.0, 2.0, 2.0, 2.0],
                [2.0, 1.0, 2.0, 2.0],
            ]
        );
    }

    #[test]
    fn pixel_outline_merges_runs() {
        // A 4 x 1 black bar inside a 6 x 3 image: 2 long + 2 short sides.
        let b = Bitmap {
            width: 6,
            height: 3,
            black: (0..18).map(|i| (7..11).contains(&i)).collect(),
        };
        let o = pixel_outline(&b);
        assert_eq!(o.len(), 4);
        let total: f64 = o
            .iter()
            .map(|s| (s[1].x - s[0].x) + (s[1].y - s[0].y))
            .sum();
        assert_eq!(total, 10.0);
    }

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
        ] {
            let bytes = std::fs::read(dir.join(f)).unwrap();
            assert!(bytes.len() > 100, "{f}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
