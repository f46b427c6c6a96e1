//! The demo's map parts: a procedural six-room dungeon, its mesh, and
//! paths across it for a few radii, with a guard's field of view and the
//! entities it sees.

use std::f64::consts::PI;
use std::time::Instant;

use daedalus::Point;
use daedalus::fov::{FieldOfView, is_in_field, visibility_polygon};
use daedalus::path::{NavMesh, Path, PathError, PathFinder};
use daedalus::render::Scene;
use daedalus::triangulation::Cdt;

use super::out::Args;
use super::shapes::{l_shape, place, rect, regular, seg, star};
use crate::commands::render::{Walls, draw_world, save, walls_cdt, walls_mesh};
use crate::commands::scenario::ARC_STEP;

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

/// The map part: the mesh of the map and its picture.
pub fn part_map(map: &Walls, args: &Args) -> Result<(), String> {
    let t = Instant::now();
    let mesh = walls_mesh(map)?;
    let build = t.elapsed().as_secs_f64();
    let mut scene = Scene::new(crate::world::rect(map.bounds)).map_err(|e| e.to_string())?;
    scene.title("demo map: 6 rooms");
    draw_world(&mut scene, map, Some(&mesh), true)?;
    let t = Instant::now();
    let png = save(&scene, &args.out.join("map.png"), args.width)?;
    let svg = save(&scene, &args.out.join("map.svg"), args.width)?;
    let draw = t.elapsed().as_secs_f64();
    let what = format!(
        "{} triangles, {} constrained edges, built in {:.2} ms",
        mesh.triangles.len(),
        mesh.constrained.len(),
        build * 1e3
    );
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

/// The paths part: paths across the map for a few radii.
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
                        .path(&p.polyline(ARC_STEP), r)
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
