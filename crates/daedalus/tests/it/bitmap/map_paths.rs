//! Bitmap -> mesh -> paths, end to end: a Moving AI map PNG traced at
//! tolerance 0 gives the same path lengths (1e-9 relative) as the exact
//! ring version of the same map in the shared data, for every query of the
//! scenario, and the same set of queries without a path.
#![cfg(all(feature = "serde", feature = "image"))]

use crate::support::data;

use daedalus::Closure;
use daedalus::Point;
use daedalus::bitmap::{ThresholdOptions, TraceOptions, load_bitmap, trace};
use daedalus::path::{NavMesh, PathFinder};
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

fn cdt_of(bounds: [f64; 4], rings: &[Vec<Point>]) -> Cdt {
    let [x0, y0, x1, y1] = bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
    for (i, r) in rings.iter().enumerate() {
        cdt.insert_shape(r, Closure::Closed)
            .unwrap_or_else(|e| panic!("ring {i}: {e}"));
    }
    cdt
}

/// Every query's length with its own radius, or `radius` when given.
fn lengths(nav: &NavMesh, s: &Scenario, radius: Option<f64>) -> Vec<Option<f64>> {
    let mut f = PathFinder::new();
    s.queries
        .iter()
        .map(|q| {
            f.find_path(nav, q.from, q.to, radius.unwrap_or(q.radius))
                .ok()
                .map(|p| p.length())
        })
        .collect()
}

fn check_map(name: &str) {
    let s = Scenario::load(data::file(&format!("maps/{name}.scenario.json"))).unwrap();
    let bm = load_bitmap(
        data::file(&format!("maps/{name}.png")),
        &ThresholdOptions::default(),
    )
    .unwrap();
    let traced = trace(&bm, &TraceOptions::exact()).unwrap();
    assert_eq!(
        [0.0, 0.0, bm.width as f64, bm.height as f64],
        s.bounds,
        "{name}: image size"
    );
    let traced_rings: Vec<Vec<Point>> = traced.polygons.iter().map(|p| p.points.clone()).collect();
    let exact_rings: Vec<Vec<Point>> = (0..s.rings.len()).map(|i| s.ring_points(i)).collect();
    let from_png = NavMesh::from_cdt(&cdt_of(s.bounds, &traced_rings));
    let from_rings = NavMesh::from_cdt(&cdt_of(s.bounds, &exact_rings));
    assert!(!s.queries.is_empty());
    // The queries' own radii (0 in these maps), then a disc of radius 0.4.
    for radius in [None, Some(0.4)] {
        let a = lengths(&from_png, &s, radius);
        let b = lengths(&from_rings, &s, radius);
        assert!(a.iter().any(Option::is_some), "{name}: no path at all");
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            let q = &s.queries[i];
            match (x, y) {
                (Some(x), Some(y)) => assert!(
                    (x - y).abs() <= 1e-9 * y.max(1.0),
                    "{name} query {i} {q:?} radius {radius:?}: traced {x} vs rings {y}"
                ),
                (None, None) => {}
                _ => {
                    panic!("{name} query {i} {q:?} radius {radius:?}: traced {x:?} vs rings {y:?}")
                }
            }
        }
    }
}

#[test]
fn dao_arena() {
    check_map("dao/arena");
}

#[test]
fn room_16room_000() {
    check_map("room/16room_000");
}

#[test]
fn maze_100_1() {
    check_map("maze/maze-100-1");
}

#[test]
fn street_berlin_0_256() {
    check_map("street/Berlin_0_256");
}
