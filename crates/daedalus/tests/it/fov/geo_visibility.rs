//! Visibility polygon areas against the `geo-visibility` crate (an angular
//! sweep over every segment) on the same walls: the triangulation's
//! constrained edges, border included. The range is set beyond the world so
//! that both regions are plain polygons.

#[cfg(feature = "serde")]
use crate::support::data;

use crate::support::fov::{cdt_walls, reference_area, world};
#[cfg(feature = "serde")]
use daedalus::Closure;
use daedalus::Point;
use daedalus::fov::{FieldOfView, visibility_polygon};
use geo_visibility::Visibility;
use proptest::prelude::*;

/// Area of geo-visibility's polygon from `q` among `walls`.
fn geo_area(q: Point, walls: &[(Point, Point)]) -> f64 {
    let lines: Vec<geo::Line<f64>> = walls
        .iter()
        .map(|&(a, b)| {
            geo::Line::new(
                geo::coord! { x: a.x, y: a.y },
                geo::coord! { x: b.x, y: b.y },
            )
        })
        .collect();
    let poly = geo::Point::new(q.x, q.y).visibility(lines.as_slice());
    let pts = &poly.exterior().0;
    let mut twice = 0.0;
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        twice += (a.x - q.x) * (b.y - q.y) - (a.y - q.y) * (b.x - q.x);
    }
    0.5 * twice.abs()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

#[test]
fn hand_made_room() {
    let p = Point::new;
    let segs = [
        (p(20.0, 20.0), p(80.0, 20.0)),
        (p(80.0, 20.0), p(80.0, 45.0)),
        (p(80.0, 55.0), p(80.0, 80.0)),
        (p(30.0, 60.0), p(60.0, 65.0)),
    ];
    let cdt = world([0.0, 0.0, 100.0, 100.0], &segs);
    let walls = cdt_walls(&cdt);
    for q in [p(50.0, 40.0), p(10.0, 10.0), p(90.0, 50.0), p(45.0, 90.0)] {
        let ours = visibility_polygon(&cdt, &FieldOfView::full_circle(q, 1e6).unwrap())
            .unwrap()
            .area();
        let theirs = geo_area(q, &walls);
        assert!(close(ours, theirs), "{q:?}: ours {ours} theirs {theirs}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn real_map_agrees() {
    use daedalus::scenario::Scenario;
    let s = Scenario::load(data::file("maps/dao/arena.scenario.json")).unwrap();
    let mut cdt =
        daedalus::Cdt::new([s.bounds[0], s.bounds[1]], [s.bounds[2], s.bounds[3]]).unwrap();
    let shapes: Vec<(Vec<Point>, Closure)> = (0..s.rings.len())
        .map(|i| (s.ring_points(i), Closure::Closed))
        .collect();
    cdt.insert_shapes(&shapes).unwrap();
    let walls = cdt_walls(&cdt);
    // Query starts of the scenario: free points of the map.
    for q in s.queries.iter().take(40) {
        let v = Point::new(q.from[0] + 0.123, q.from[1] + 0.0456);
        let ours = visibility_polygon(&cdt, &FieldOfView::full_circle(v, 1e6).unwrap())
            .unwrap()
            .area();
        let theirs = geo_area(v, &walls);
        assert!(close(ours, theirs), "{v:?}: ours {ours} theirs {theirs}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_worlds_agree(
        segs in prop::collection::vec((1i32..100, 1i32..100, 1i32..100, 1i32..100), 0..30),
        x in 0.01..0.99f64,
        y in 0.01..0.99f64,
    ) {
        let segs: Vec<(Point, Point)> = segs
            .into_iter()
            .map(|(a, b, c, d)| (Point::new(a as f64, b as f64), Point::new(c as f64, d as f64)))
            .filter(|(a, b)| a != b)
            .collect();
        let cdt = world([0.0, 0.0, 100.0, 100.0], &segs);
        let walls = cdt_walls(&cdt);
        // A viewer off the integer lattice, so off every wall.
        let q = Point::new(100.0 * x + 1e-7, 100.0 * y + 3e-7);
        let fov = FieldOfView::full_circle(q, 1e6).unwrap();
        let ours = visibility_polygon(&cdt, &fov).unwrap().area();
        let theirs = geo_area(q, &walls);
        if !close(ours, theirs) {
            // geo-visibility is wrong on some worlds (see
            // `geo_visibility_can_be_wrong`): then the angular sweep decides.
            let swept = reference_area(&fov, [0.0, 0.0, 100.0, 100.0], &walls);
            prop_assert!(close(ours, swept), "{:?}: ours {} theirs {} sweep {}", q, ours, theirs, swept);
        }
    }
}

/// A world a random run found where geo-visibility 0.5 returns 1,560 and
/// both our polygon and the angular-sweep reference 5,875: the viewer
/// sees the part of the box right of the long diagonal wall (5,800), less
/// the thin shadows of the two short walls low down, plus what it sees
/// past the diagonal's ends, so 1,560 is far too small.
#[test]
fn geo_visibility_can_be_wrong() {
    let segs: Vec<(Point, Point)> = [
        (27, 73, 7, 8),
        (18, 86, 72, 5),
        (70, 9, 70, 8),
        (82, 8, 8, 1),
    ]
    .iter()
    .map(|&(a, b, c, d)| {
        (
            Point::new(a as f64, b as f64),
            Point::new(c as f64, d as f64),
        )
    })
    .collect();
    let cdt = world([0.0, 0.0, 100.0, 100.0], &segs);
    let walls = cdt_walls(&cdt);
    let q = Point::new(97.48152956746289, 60.33384406507901);
    let fov = FieldOfView::full_circle(q, 1e6).unwrap();
    let ours = visibility_polygon(&cdt, &fov).unwrap().area();
    let swept = reference_area(&fov, [0.0, 0.0, 100.0, 100.0], &walls);
    assert!(close(ours, swept), "ours {ours} sweep {swept}");
    // Right of the line through (18, 86) and (72, 5), inside the box:
    // x(y) = 18 + (86 - y) * 54 / 81, area = integral of 100 - x(y) over
    // [0, 100] = 100 * (100 - x(50)) = 100 * 58 = 5,800 (x is linear).
    assert!(ours > 5_500.0 && ours < 6_500.0, "ours {ours}");
    assert!(
        geo_area(q, &walls) < 2_000.0,
        "geo-visibility was fixed: drop this case"
    );
}
