//! Visibility polygons against an independent angular sweep that ray-casts
//! every wall (tests/support/fov.rs), on hand-made and random worlds.

use daedalus::Closure;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

use crate::support::fov::{cdt_walls, reference_area, world};
use daedalus::fov::{BoundaryPiece, FieldOfView, FovError, visibility_polygon};
use daedalus::{Cdt, Point};
use proptest::prelude::*;

const B: [f64; 4] = [0.0, 0.0, 100.0, 100.0];

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn check(segs: &[(Point, Point)], fov: FieldOfView) -> (f64, f64) {
    let cdt = world(B, segs);
    let walls = cdt_walls(&cdt);
    let ours = visibility_polygon(&cdt, &fov).unwrap().area();
    let theirs = reference_area(&fov, B, &walls);
    (ours, theirs)
}

#[test]
fn empty_world_is_the_square_or_the_disc() {
    let cdt = world(B, &[]);
    let v =
        visibility_polygon(&cdt, &FieldOfView::full_circle([30.0, 40.0], 1e6).unwrap()).unwrap();
    assert!(close(v.area(), 10_000.0), "{}", v.area());
    let v =
        visibility_polygon(&cdt, &FieldOfView::full_circle([50.0, 50.0], 10.0).unwrap()).unwrap();
    assert!(close(v.area(), 100.0 * PI));
    assert_eq!(v.pieces().len(), 1, "one full arc: {:?}", v.pieces());
    // Disc clipped by the border at x = 0: the circular segment beyond
    // x = 0 of a radius-10 disc at x = 5 is r²·acos(d/r) - d·sqrt(r²-d²).
    let v =
        visibility_polygon(&cdt, &FieldOfView::full_circle([5.0, 50.0], 10.0).unwrap()).unwrap();
    let cut = 100.0 * (0.5f64).acos() - 5.0 * 75.0f64.sqrt();
    assert!(
        close(v.area(), 100.0 * PI - cut),
        "{} vs {}",
        v.area(),
        100.0 * PI - cut
    );
}

#[test]
fn wedges_are_sectors() {
    let cdt = world(B, &[]);
    for (angle, dir) in [
        (FRAC_PI_2, 0.3),
        (PI, 2.0),
        (1.5 * PI, -1.0),
        (1e-9, 0.7),
        (TAU - 1e-9, 0.0),
    ] {
        let fov = FieldOfView::new([50.0, 50.0], dir, angle, 20.0).unwrap();
        let a = visibility_polygon(&cdt, &fov).unwrap().area();
        assert!(close(a, 0.5 * 400.0 * angle), "angle {angle}: {a}");
    }
}

#[test]
fn blind_viewers_see_nothing() {
    let cdt = world(B, &[(p(10.0, 10.0), p(20.0, 20.0))]);
    for fov in [
        FieldOfView::full_circle([50.0, 50.0], 0.0).unwrap(),
        FieldOfView::new([50.0, 50.0], 1.0, 0.0, 30.0).unwrap(),
    ] {
        let v = visibility_polygon(&cdt, &fov).unwrap();
        assert!(v.is_empty());
        assert_eq!(v.area(), 0.0);
    }
}

#[test]
fn bad_viewers_are_typed_errors() {
    let cdt = world(B, &[]);
    let fov = FieldOfView::full_circle([101.0, 5.0], 3.0).unwrap();
    assert_eq!(
        visibility_polygon(&cdt, &fov),
        Err(FovError::OutsideBounds(Point::new(101.0, 5.0)))
    );
    let mut fov = FieldOfView::full_circle([50.0, 5.0], 3.0).unwrap();
    fov.position.x = f64::NAN;
    assert!(matches!(
        visibility_polygon(&cdt, &fov),
        Err(FovError::NonFinite { .. })
    ));
    fov = FieldOfView::full_circle([50.0, 5.0], 3.0).unwrap();
    fov.angle = 7.0;
    assert!(matches!(
        visibility_polygon(&cdt, &fov),
        Err(FovError::AngleTooLarge(_))
    ));
    fov.angle = 1.0;
    fov.direction = f64::INFINITY;
    assert!(matches!(
        visibility_polygon(&cdt, &fov),
        Err(FovError::NonFinite { .. })
    ));
    assert!(FieldOfView::new([0.0, 0.0], 0.0, 1.0, -1.0).is_err());
}

#[test]
fn a_wall_across_the_world_halves_it() {
    let segs = [(p(50.0, 0.0), p(50.0, 100.0))];
    let cdt = world(B, &segs);
    for q in [
        p(20.0, 20.0),
        p(50.0, 30.0),
        p(50.0, 0.0),
        p(0.0, 0.0),
        p(0.0, 50.0),
    ] {
        let v = visibility_polygon(&cdt, &FieldOfView::full_circle(q, 1e4).unwrap()).unwrap();
        // On the wall the viewer sees both halves (documented convention).
        let want = if q.x == 50.0 { 10_000.0 } else { 5_000.0 };
        assert!(close(v.area(), want), "{q:?}: {}", v.area());
    }
}

#[test]
fn hand_worked_shadow() {
    // Viewer at (10, 50), wall x = 50, y in [40, 60], world 100 x 100: the
    // shadow is the trapezoid between the rays through the wall's ends,
    // from x = 50 to x = 100 (y spans 20 at x = 50 and 45 at x = 100).
    let segs = [(p(50.0, 40.0), p(50.0, 60.0))];
    let (ours, reference) = check(&segs, FieldOfView::full_circle([10.0, 50.0], 1e4).unwrap());
    let shadow = 0.5 * (20.0 + 45.0) * 50.0;
    assert!(close(ours, 10_000.0 - shadow), "{ours}");
    assert!(close(reference, 10_000.0 - shadow), "{reference}");
}

#[test]
fn polygon_is_live_after_objects_move() {
    use daedalus::objects::{Object, Objects};
    let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let mut objects = Objects::new();
    let sq = vec![p(-5.0, -5.0), p(5.0, -5.0), p(5.0, 5.0), p(-5.0, 5.0)];
    let id = objects
        .insert(&mut cdt, Object::new(sq, Closure::Closed))
        .unwrap();
    objects.get_mut(id).unwrap().set_position([70.0, 50.0]);
    objects.update(&mut cdt).unwrap();
    let fov = FieldOfView::full_circle([20.0, 50.0], 1e4).unwrap();
    let walls = cdt_walls;
    let before = visibility_polygon(&cdt, &fov).unwrap().area();
    assert!(close(before, reference_area(&fov, B, &walls(&cdt))));
    objects.get_mut(id).unwrap().set_position([30.0, 80.0]);
    objects.update(&mut cdt).unwrap();
    let after = visibility_polygon(&cdt, &fov).unwrap().area();
    assert!(close(after, reference_area(&fov, B, &walls(&cdt))));
    assert!((before - after).abs() > 1.0);
}

#[test]
fn polyline_stays_within_tolerance() {
    let segs = [
        (p(40.0, 30.0), p(60.0, 70.0)),
        (p(20.0, 80.0), p(45.0, 75.0)),
    ];
    let cdt = world(B, &segs);
    let fov = FieldOfView::new([30.0, 40.0], 0.5, 4.0, 35.0).unwrap();
    let v = visibility_polygon(&cdt, &fov).unwrap();
    let exact = v.area();
    for tol in [1.0, 0.1, 1e-3] {
        let poly = v.polyline(tol).unwrap();
        let mut a = 0.0;
        for i in 0..poly.len() {
            let (u, w) = (poly[i], poly[(i + 1) % poly.len()]);
            a += 0.5 * (u.x * w.y - u.y * w.x);
        }
        // Inscribed chords: at most tolerance times the arc length less.
        let arcs: f64 = v
            .pieces()
            .iter()
            .map(|p| match p {
                BoundaryPiece::Arc(a) => a.sweep() * a.radius,
                _ => 0.0,
            })
            .sum();
        assert!(
            a <= exact + 1e-9 && a >= exact - tol * arcs - 1e-9,
            "tol {tol}: {a} vs {exact}"
        );
        for q in &poly {
            assert!(q.distance(fov.position) <= fov.range * (1.0 + 1e-12));
        }
    }
    // Each piece ends where the next starts.
    let n = v.pieces().len();
    for i in 0..n {
        let (a, b) = (v.pieces()[i].end(), v.pieces()[(i + 1) % n].start());
        assert!(
            a.distance(b) < 1e-9,
            "gap between pieces {i} and {}: {a:?} {b:?}",
            i + 1
        );
    }
}

/// Random worlds: walls with integer ends (so some are collinear, overlap,
/// cross, share ends), and viewers anywhere, on wall ends or on walls.
fn arb_case() -> impl Strategy<Value = (Vec<(Point, Point)>, FieldOfView)> {
    let c = || 1i32..100;
    let wall = (c(), c(), c(), c())
        .prop_map(|(a, b, c, d)| (p(a as f64, b as f64), p(c as f64, d as f64)));
    let segs = prop::collection::vec(wall, 0..25);
    (
        segs,
        0u8..4,
        0.0..1.0f64,
        0.0..1.0f64,
        0.0..TAU,
        0.0..1.0f64,
        prop::bool::ANY,
    )
        .prop_map(|(segs, kind, x, y, dir, a, small)| {
            let segs: Vec<_> = segs.into_iter().filter(|(a, b)| a != b).collect();
            let q = match (kind, segs.first()) {
                (1, Some(&(a, _))) => a, // on a wall's end
                (2, Some(&(a, b))) => p(0.5 * (a.x + b.x), 0.5 * (a.y + b.y)), // on a wall
                (3, _) => p((x * 100.0).round(), (y * 100.0).round()), // a lattice point
                _ => p(0.5 + 99.0 * x, 0.5 + 99.0 * y),
            };
            let angle = if a > 0.6 { TAU } else { a * TAU / 0.6 };
            let range = if small { 5.0 + 30.0 * y } else { 1e3 };
            (segs, FieldOfView::new(q, dir, angle, range).unwrap())
        })
}

/// Where the ray from `q` at angle `t` first crosses the closed polyline
/// (beyond the viewer itself), `INFINITY` if nowhere.
fn boundary_distance(poly: &[Point], q: Point, t: f64) -> f64 {
    let (dy, dx) = t.sin_cos();
    let mut best = f64::INFINITY;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ex, ey) = (b.x - a.x, b.y - a.y);
        let den = dx * ey - dy * ex;
        if den == 0.0 {
            continue;
        }
        let (wx, wy) = (a.x - q.x, a.y - q.y);
        let s = (wx * ey - wy * ex) / den;
        let u = (wx * dy - wy * dx) / den;
        if s > 1e-9 && (0.0..=1.0).contains(&u) {
            best = best.min(s);
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    /// The boundary itself, not just the area: along 360 rays inside the
    /// opening, the polygon ends where the ray cast through every wall
    /// (or the range) says.
    #[test]
    fn boundary_matches_dense_ray_casting((segs, fov) in arb_case(), jitter in 0.0..1.0f64) {
        prop_assume!(fov.angle > 0.0); // blind: nothing to cross
        let cdt = world(B, &segs);
        let walls = cdt_walls(&cdt);
        let v = visibility_polygon(&cdt, &fov).unwrap();
        let tol = 1e-4 * fov.range;
        let poly = v.polyline(tol).unwrap();
        let q = fov.position;
        let (lo, span) = if fov.is_full_circle() {
            (fov.direction, TAU)
        } else {
            (fov.direction - 0.5 * fov.angle, fov.angle)
        };
        for i in 0..360 {
            let t = lo + span * (i as f64 + 0.05 + 0.9 * jitter) / 360.0;
            let (sy, sx) = t.sin_cos();
            // A viewer on the border sees only inside the world.
            if (q.x == 0.0 && sx < 0.0) || (q.x == 100.0 && sx > 0.0)
                || (q.y == 0.0 && sy < 0.0) || (q.y == 100.0 && sy > 0.0) {
                continue;
            }
            let want = crate::support::fov::ray_cast(q, t, &walls).0.min(fov.range);
            if want < 1e-6 {
                continue; // a viewer a hair from a wall, looking into it
            }
            let got = boundary_distance(&poly, q, t);
            prop_assert!((got - want).abs() <= 2.0 * tol + 1e-7 * want,
                "ray {} at {}: polygon ends at {} but the walls at {}", i, t, got, want);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn area_matches_the_ray_cast_sweep((segs, fov) in arb_case()) {
        let (ours, reference) = check(&segs, fov);
        prop_assert!(close(ours, reference), "ours {} reference {}", ours, reference);
    }
}
