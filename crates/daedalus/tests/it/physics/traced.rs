#![cfg(feature = "physics")]
//! Physics export of meshes and traced drawings (`physics::traced`).
//!
//! Checked independently of the code under test: chains against the mesh
//! dump's constrained edges and vertex degrees; body triangle areas against
//! the shoelace area of the traced polygons (and the pixel count for exact
//! tracings); simulated positions, at every step, against a point-in-polygon
//! test written here and against the source bitmap's pixels.

use crate::support::data;

use daedalus::Closure;
use daedalus::Point;
use daedalus::bitmap::{Bitmap, TraceOptions, Tracing, trace};
use daedalus::physics::traced::{body_triangles, mesh_walls, traced_walls};
use daedalus::physics::{BodyId, BodyParams, PhysicsConfig, PhysicsWorld};
use daedalus::triangulation::Cdt;
use proptest::prelude::*;
use std::collections::HashMap;

const DT: f64 = 1.0 / 60.0;
/// Tracing tolerance (pixels) of the traced walls and bodies.
const TOL: f64 = 1.0;
/// Contact penetration we accept (pixels; rapier's allowed error is ~0.02).
const SLACK: f64 = 0.5;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn options() -> TraceOptions {
    TraceOptions {
        tolerance: TOL,
        ..TraceOptions::default()
    }
}

fn key(q: Point) -> (u64, u64) {
    (q.x.to_bits(), q.y.to_bits())
}

/// Even-odd point in polygon, plain floating-point crossing count.
fn pip(q: Point, rings: &[Vec<Point>]) -> bool {
    let mut c = false;
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            if (a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y) {
                c = !c;
            }
        }
    }
    c
}

fn shoelace(r: &[Point]) -> f64 {
    (0..r.len())
        .map(|i| {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            a.x * b.y - b.x * a.y
        })
        .sum::<f64>()
        / 2.0
}

fn rings(t: &Tracing) -> Vec<Vec<Point>> {
    t.polygons.iter().map(|p| p.points.clone()).collect()
}

fn tri_area(t: &[[Point; 3]]) -> f64 {
    t.iter()
        .map(|[a, b, c]| (*b - *a).cross(*c - *a).abs() / 2.0)
        .sum()
}

/// Distance from `q` to the nearest black pixel square (0 inside one),
/// searched within `reach`; `reach` when none is that close.
fn clearance(bm: &Bitmap, q: Point, reach: f64) -> f64 {
    let mut best = reach;
    let (x0, x1) = ((q.x - reach).floor() as i64, (q.x + reach).ceil() as i64);
    let (y0, y1) = ((q.y - reach).floor() as i64, (q.y + reach).ceil() as i64);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if bm.get(x, y) {
                let dx = (x as f64 - q.x).max(q.x - (x + 1) as f64).max(0.0);
                let dy = (y as f64 - q.y).max(q.y - (y + 1) as f64).max(0.0);
                best = best.min(dx.hypot(dy));
            }
        }
    }
    best
}

/// How deep `q` is inside black: distance to the nearest white pixel square
/// (0 when `q` is on a white pixel), searched within `reach`.
fn depth(bm: &Bitmap, q: Point, reach: f64) -> f64 {
    let inv = Bitmap::from_fn(
        (2.0 * reach) as usize + 3,
        (2.0 * reach) as usize + 3,
        |x, y| {
            let (gx, gy) = (
                x as i64 + (q.x - reach).floor() as i64 - 1,
                y as i64 + (q.y - reach).floor() as i64 - 1,
            );
            !bm.get(gx, gy)
        },
    )
    .unwrap();
    let o = p((q.x - reach).floor() - 1.0, (q.y - reach).floor() - 1.0);
    clearance(&inv, q - o, reach)
}

/// Topmost black row of column `x` (the terrain surface), height if none.
fn surface(bm: &Bitmap, x: i64) -> f64 {
    (0..bm.height as i64)
        .find(|&y| bm.get(x, y))
        .unwrap_or(bm.height as i64) as f64
}

// ---------------------------------------------------------------- walls

/// An undirected edge by the bits of its end points.
type Edge = ((u64, u64), (u64, u64));

/// Chains cover each constrained edge of the dump exactly once; interior
/// chain vertices have constrained degree 2, ends do not (unless closed).
fn check_chains(cdt: &Cdt) {
    let chains = mesh_walls(cdt);
    let dump = cdt.dump();
    let pts: Vec<Point> = dump.vertices.iter().map(|&v| v.into()).collect();
    let mut degree: HashMap<(u64, u64), usize> = HashMap::new();
    let mut want: HashMap<Edge, usize> = HashMap::new();
    let undirected = |a: Point, b: Point| {
        let (ka, kb) = (key(a), key(b));
        if ka < kb { (ka, kb) } else { (kb, ka) }
    };
    for &[a, b] in &dump.constrained {
        let (a, b) = (pts[a as usize], pts[b as usize]);
        *degree.entry(key(a)).or_default() += 1;
        *degree.entry(key(b)).or_default() += 1;
        *want.entry(undirected(a, b)).or_default() += 1;
    }
    let mut got: HashMap<Edge, usize> = HashMap::new();
    for c in &chains {
        assert!(c.len() >= 2);
        for w in c.windows(2) {
            *got.entry(undirected(w[0], w[1])).or_default() += 1;
        }
        let closed = c.len() > 2 && c[0] == c[c.len() - 1];
        for q in &c[1..c.len() - 1] {
            assert_eq!(degree[&key(*q)], 2, "interior vertex {q:?}");
        }
        // A closed chain is a cycle of degree-2 vertices or a loop from a
        // junction back to itself; an open one ends at junctions or ends.
        if !closed {
            assert_ne!(degree[&key(c[0])], 2);
            assert_ne!(degree[&key(c[c.len() - 1])], 2);
        }
    }
    assert_eq!(got, want);
    assert!(want.values().all(|&n| n == 1));
}

#[test]
fn mesh_walls_hand_worked() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    cdt.insert_shape(&[p(2.0, 2.0), p(5.0, 3.0), p(8.0, 2.0)], Closure::Open)
        .unwrap();
    let chains = mesh_walls(&cdt);
    // The border ring (4 edges, closed) and the open 2-edge polyline.
    let mut lens: Vec<usize> = chains.iter().map(|c| c.len()).collect();
    lens.sort();
    assert_eq!(lens, vec![3, 5]);
    let open = chains.iter().find(|c| c.len() == 3).unwrap();
    assert_eq!(open[1], p(5.0, 3.0));
    assert!(open.contains(&p(2.0, 2.0)) && open.contains(&p(8.0, 2.0)));
    check_chains(&cdt);
}

#[test]
fn mesh_walls_cover_crossings_and_junctions() {
    let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    // A closed square, a segment crossing it twice, a T junction, a
    // polyline touching the border, two overlapping segments.
    let sq = [p(20.0, 20.0), p(60.0, 20.0), p(60.0, 60.0), p(20.0, 60.0)];
    cdt.insert_shape(&sq, Closure::Closed).unwrap();
    cdt.insert_segment([10.0, 40.0], [80.0, 45.0]).unwrap();
    cdt.insert_segment([40.0, 60.0], [40.0, 90.0]).unwrap();
    cdt.insert_shape(&[p(0.0, 95.0), p(30.0, 97.0), p(50.0, 95.0)], Closure::Open)
        .unwrap();
    cdt.insert_segment([70.0, 10.0], [90.0, 10.0]).unwrap();
    cdt.insert_segment([80.0, 10.0], [95.0, 10.0]).unwrap();
    check_chains(&cdt);
    // Traced terrain with its touching rings, too.
    let bm = Bitmap::from_fn(40, 30, |x, y| (y > 20 || (x + y) % 7 == 0) && x != 19).unwrap();
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    let mut cdt = Cdt::new([-1.0, -1.0], [41.0, 31.0]).unwrap();
    for r in rings(&t) {
        cdt.insert_shape(&r, Closure::Closed).unwrap();
    }
    check_chains(&cdt);
}

// ---------------------------------------------------------------- bodies

/// Triangle area = shoelace sum of the polygons; centroids inside (own PIP).
fn check_body(t: &Tracing) -> Vec<[Point; 3]> {
    let tris = body_triangles(t).unwrap();
    let rs = rings(t);
    let want: f64 = rs.iter().map(|r| shoelace(r)).sum();
    let got = tri_area(&tris);
    assert!(
        (got - want).abs() <= 1e-9 * want.abs().max(1.0),
        "triangles {got} vs polygons {want}"
    );
    for [a, b, c] in &tris {
        assert!(pip(
            p((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0),
            &rs
        ));
    }
    tris
}

/// A U, 24 x 20 pixels, walls 6 thick (concave).
fn u_shape() -> Bitmap {
    Bitmap::from_fn(24, 20, |x, y| !(6..18).contains(&x) || y >= 14).unwrap()
}

#[test]
fn body_area_equals_polygon_area() {
    let u = u_shape();
    // Exact tracing: the area is the pixel count.
    let exact = trace(&u, &TraceOptions::exact()).unwrap();
    assert_eq!(tri_area(&check_body(&exact)), u.black_count() as f64);
    check_body(&trace(&u, &options()).unwrap());
    // A ring with an island in its hole (outer, hole, outer).
    let ring = Bitmap::from_fn(60, 60, |x, y| {
        let r = ((x as f64 - 29.5).powi(2) + (y as f64 - 29.5).powi(2)).sqrt();
        !(12.0..22.0).contains(&r) && r < 28.0 || r < 6.0
    })
    .unwrap();
    let t = trace(&ring, &options()).unwrap();
    assert_eq!(t.polygons.len(), 3);
    check_body(&t);
    assert!(
        body_triangles(&trace(&Bitmap::new(2, 2, vec![false; 4]).unwrap(), &options()).unwrap())
            .unwrap()
            .is_empty()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn exact_body_area_is_pixel_count(bits in proptest::collection::vec(any::<bool>(), 64)) {
        let bm = Bitmap::new(8, 8, bits).unwrap();
        let t = trace(&bm, &TraceOptions::exact()).unwrap();
        let tris = check_body(&t);
        prop_assert_eq!(tri_area(&tris), bm.black_count() as f64);
    }
}

// ---------------------------------------------------------------- simulation

const TW: usize = 200;
const TH: usize = 120;

/// Terrain: black below a hilly curve with a V valley, a step up and rims.
fn terrain() -> Bitmap {
    Bitmap::from_fn(TW, TH, |x, y| {
        let xf = x as f64 + 0.5;
        let mut s = 80.0 + 7.0 * (xf / 11.0).sin();
        if (50.0..80.0).contains(&xf) {
            s += 25.0 * (1.0 - (xf - 65.0).abs() / 15.0);
        }
        if xf >= 130.0 {
            s -= 20.0;
        }
        if !(10.0..190.0).contains(&xf) {
            s = 25.0;
        }
        y as f64 + 0.5 >= s
    })
    .unwrap()
}

/// Walls from the CDT of the traced terrain (world border included) or
/// straight from the traced polygons.
fn terrain_world(t: &Tracing, via_cdt: bool) -> PhysicsWorld {
    let walls = if via_cdt {
        let mut cdt = Cdt::new([-2.0, -2.0], [TW as f64 + 2.0, TH as f64 + 2.0]).unwrap();
        for r in rings(t) {
            cdt.insert_shape(&r, Closure::Closed).unwrap();
        }
        mesh_walls(&cdt)
    } else {
        traced_walls(t)
    };
    let mut world = PhysicsWorld::new(PhysicsConfig::pixels(20.0)).unwrap();
    world.add_walls(&walls).unwrap();
    world
}

fn speed(world: &PhysicsWorld, id: BodyId) -> f64 {
    let (v, w) = world.body_velocity(id).unwrap();
    v.length() + w.abs() * 10.0
}

#[test]
fn balls_rest_on_traced_terrain() {
    let bm = terrain();
    let t = trace(&bm, &options()).unwrap();
    let walls = rings(&t);
    let mut world = terrain_world(&t, true);
    let r = 4.0;
    let xs = [20.0, 45.0, 62.0, 70.0, 100.0, 128.0, 133.0, 175.0];
    let balls: Vec<BodyId> = xs
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            world
                .add_ball(p(x, 6.0 + 2.0 * i as f64), r, &BodyParams::default())
                .unwrap()
        })
        .collect();
    for step in 0..600 {
        world.step(DT).unwrap();
        for &b in &balls {
            let c = world.body_state(b).unwrap().position;
            assert!(
                !pip(c, &walls),
                "step {step}: ball centre {c:?} inside a wall"
            );
            let s = surface(&bm, c.x.floor() as i64);
            assert!(c.y <= s + TOL, "step {step}: {c:?} below the surface {s}");
            let free = clearance(&bm, c, r);
            assert!(
                free >= r - TOL - SLACK,
                "step {step}: {c:?} {free} from the terrain"
            );
        }
    }
    let centres: Vec<Point> = balls
        .iter()
        .map(|&b| world.body_state(b).unwrap().position)
        .collect();
    for (i, &b) in balls.iter().enumerate() {
        let c = centres[i];
        assert!(
            speed(&world, b) < 3.0,
            "ball {i} still moving: {:?}",
            world.body_velocity(b)
        );
        let on_ground = clearance(&bm, c, 2.0 * r) <= r + TOL + SLACK;
        let on_ball = centres
            .iter()
            .enumerate()
            .any(|(j, &o)| j != i && c.distance(o) <= 2.0 * r + SLACK);
        assert!(on_ground || on_ball, "ball {i} at {c:?} rests on nothing");
        assert!(c.y > 20.0, "ball {i} at {c:?} did not fall");
    }
}

#[test]
fn traced_concave_shape_lands_on_terrain() {
    let bm = terrain();
    let t = trace(&bm, &options()).unwrap();
    let mut world = terrain_world(&t, false);
    // The U, traced, placed (pixel for pixel) above the step.
    let u = trace(&u_shape(), &options())
        .unwrap()
        .scaled(
            daedalus::Rect::new([140.0, 2.0], [164.0, 22.0]),
            daedalus::bitmap::YAxis::Down,
        )
        .unwrap();
    let outline = rings(&u);
    let tris = check_body(&u);
    let id = world.add_body(&tris, &BodyParams::default()).unwrap();
    let start = world.body_state(id).unwrap().position;
    let mut lowest = f64::NEG_INFINITY;
    for step in 0..600 {
        world.step(DT).unwrap();
        let s = world.body_state(id).unwrap();
        for q in outline.iter().flatten().map(|&q| s.transform.apply(q)) {
            assert!(
                depth(&bm, q, 4.0) <= TOL + SLACK,
                "step {step}: vertex {q:?} in the terrain"
            );
            lowest = lowest.max(q.y);
        }
    }
    let s = world.body_state(id).unwrap();
    assert!(speed(&world, id) < 3.0, "{:?}", world.body_velocity(id));
    assert!(
        s.position.y > start.y + 20.0,
        "{:?} -> {:?}",
        start,
        s.position
    );
    let touch = outline
        .iter()
        .flatten()
        .map(|&q| clearance(&bm, s.transform.apply(q), 10.0))
        .fold(f64::INFINITY, f64::min);
    assert!(touch <= TOL + SLACK, "resting {touch} px above the terrain");
    assert!(lowest < TH as f64);
}

#[cfg(feature = "image")]
#[test]
fn horse_body_falls_and_rests_on_floor() {
    use daedalus::bitmap::{ThresholdOptions, load_bitmap};
    let path = data::file("bitmaps/horse.png");
    let bm = load_bitmap(path, &ThresholdOptions::default()).unwrap();
    let t = trace(&bm, &options()).unwrap();
    let tris = check_body(&t);
    // The traced area is close to the pixel count (tolerance 1 px).
    let area = tri_area(&tris);
    let black = bm.black_count() as f64;
    assert!(
        (area - black).abs() < 0.02 * black,
        "{area} vs {black} pixels"
    );
    eprintln!(
        "horse: {} polygons, {} vertices, {} triangles, area {area:.1}, {black} black pixels",
        t.polygons.len(),
        t.vertex_count(),
        tris.len()
    );

    let floor = bm.height as f64 + 40.0;
    let mut world = PhysicsWorld::new(PhysicsConfig::pixels(20.0)).unwrap();
    world
        .add_walls(&[vec![p(-2000.0, floor), p(2400.0, floor)]])
        .unwrap();
    let id = world.add_body(&tris, &BodyParams::default()).unwrap();
    let outline = rings(&t);
    for step in 0..600 {
        world.step(DT).unwrap();
        let s = world.body_state(id).unwrap();
        for q in outline.iter().flatten() {
            let y = s.transform.apply(*q).y;
            assert!(y <= floor + SLACK, "step {step}: {y} below the floor");
        }
    }
    let s = world.body_state(id).unwrap();
    assert!(speed(&world, id) < 3.0, "{:?}", world.body_velocity(id));
    let low = outline
        .iter()
        .flatten()
        .map(|&q| s.transform.apply(q).y)
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(
        (floor - low).abs() <= SLACK,
        "lowest point {low}, floor {floor}"
    );
}

/// Slivers (2-point polygons of thin lines) are open walls, never bodies:
/// body triangles cover only the polygons with area.
#[test]
fn slivers_are_walls_not_bodies() {
    let bm = Bitmap::from_fn(20, 12, |x, y| {
        (y == 1 && x < 15) || ((3..9).contains(&x) && (4..10).contains(&y))
    })
    .unwrap();
    let t = trace(&bm, &TraceOptions::default()).unwrap();
    assert_eq!(t.polygons.iter().filter(|p| p.is_sliver()).count(), 1);
    let walls = traced_walls(&t);
    assert!(walls.iter().any(|w| w.len() == 2));
    let tris = body_triangles(&t).unwrap();
    let area: f64 = tris
        .iter()
        .map(|[a, b, c]| (*b - *a).cross(*c - *a).abs() / 2.0)
        .sum();
    let block = t.polygons.iter().find(|p| !p.is_sliver()).unwrap();
    let n = block.points.len();
    let shoelace: f64 = (0..n)
        .map(|k| {
            let (a, b) = (block.points[k], block.points[(k + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum::<f64>()
        / 2.0;
    assert!((area - shoelace.abs()).abs() < 1e-9, "{area} vs {shoelace}");
    let mut world = PhysicsWorld::new(PhysicsConfig::pixels(20.0)).unwrap();
    assert_eq!(world.add_walls(&walls).unwrap().len(), walls.len());
}
