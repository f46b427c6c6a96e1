//! A real map (shared `dao/arena`) through the core CDT into a PNG:
//! every constrained edge's midpoint is wall-coloured and every roomy
//! triangle's centroid is fill-coloured, positions from the geometry.

#![cfg(all(feature = "png", feature = "serde"))]

use crate::support::data;

use daedalus::Closure;
use daedalus::Point;
use daedalus::render::{Rgba, Scene, palette};
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

fn close(a: Rgba, b: Rgba) -> bool {
    [(a.r, b.r), (a.g, b.g), (a.b, b.b)]
        .iter()
        .all(|&(x, y)| x.abs_diff(y) <= 8)
}

#[test]
fn arena_walls_and_triangles_land_on_their_pixels() {
    let sc = Scenario::load(data::file("maps/dao/arena.scenario.json")).unwrap();
    let [x0, y0, x1, y1] = sc.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
    for i in 0..sc.rings.len() {
        cdt.insert_shape(&sc.ring_points(i), Closure::Closed)
            .unwrap();
    }
    let dump = cdt.dump();
    let mut scene = Scene::new(daedalus::Rect::new(
        [sc.bounds[0], sc.bounds[1]],
        [sc.bounds[2], sc.bounds[3]],
    ))
    .unwrap();
    scene.mesh(&dump).unwrap();
    let width = 1600;
    let layout = scene.layout();
    let bytes = scene.to_png(width).unwrap();

    let mut dec = png::Decoder::new(std::io::Cursor::new(&bytes[..]));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!(info.width, width);
    let at = |p: Point| {
        let q = layout.to_pixel(p, width);
        let i = 4 * (q.y.floor() as usize * info.width as usize + q.x.floor() as usize);
        Rgba {
            r: buf[i],
            g: buf[i + 1],
            b: buf[i + 2],
            a: buf[i + 3],
        }
    };
    let v = |i: u32| Point::from(dump.vertices[i as usize]);
    for c in &dump.constrained {
        let (a, b) = (v(c[0]), v(c[1]));
        let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        assert!(
            close(at(mid), palette::WALL),
            "wall {a:?}-{b:?}: {:?}",
            at(mid)
        );
    }
    // Pixels per world unit; walls are at most 3 canvas units wide.
    let k = layout.scale * f64::from(width) / layout.width;
    let wall_px = 3.0 * f64::from(width) / layout.width;
    let mut checked = 0;
    for t in &dump.triangles {
        let (a, b, c) = (v(t[0]), v(t[1]), v(t[2]));
        let area = ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)).abs() / 2.0;
        let per = (a.x - b.x).hypot(a.y - b.y)
            + (b.x - c.x).hypot(b.y - c.y)
            + (c.x - a.x).hypot(c.y - a.y);
        // The centroid is at least 2/3 of the inradius from every edge.
        let clearance = 2.0 / 3.0 * (2.0 * area / per) * k;
        if clearance < wall_px / 2.0 + 3.0 {
            continue;
        }
        let g = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
        assert!(close(at(g), palette::FILL), "triangle {t:?}: {:?}", at(g));
        checked += 1;
    }
    assert!(
        checked > dump.triangles.len() / 4,
        "{checked} of {}",
        dump.triangles.len()
    );
}
