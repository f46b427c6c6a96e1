#![cfg(feature = "physics")]
//! Balls and a concave body dropped on a hand-built terrain (sine hills, a
//! step, a V valley, side walls) plus two floating wall polygons. Every
//! step, positions are checked against the terrain and the polygons, with
//! heights and insideness computed here from the polylines themselves.
//! Frame: y grows downwards (image-like), gravity is +y.

use daedalus::Point;
use daedalus::physics::{BodyId, BodyParams, PhysicsConfig, PhysicsError, PhysicsWorld};

const W: f64 = 800.0;
const R: f64 = 8.0;
const DT: f64 = 1.0 / 60.0;
const STEPS: usize = 600; // 10 s

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Ground profile from x = 0 to W (y down, so larger y is lower).
fn ground() -> Vec<Point> {
    let mut g = Vec::new();
    let mut x = 0.0;
    while x <= 300.0 {
        g.push(p(x, 420.0 + 30.0 * (x / 35.0).sin()));
        x += 5.0;
    }
    // A steep step down, a flat, a V-shaped valley, more hills.
    g.extend([
        p(304.0, 470.0),
        p(430.0, 470.0),
        p(500.0, 560.0),
        p(570.0, 470.0),
    ]);
    let mut x = 575.0;
    while x <= W {
        g.push(p(x, 470.0 + 25.0 * ((x - 570.0) / 30.0).sin()));
        x += 5.0;
    }
    g
}

/// The terrain wall: left side wall, ground, right side wall.
fn terrain() -> Vec<Point> {
    let g = ground();
    let mut t = vec![p(0.0, -1000.0)];
    t.extend(&g);
    t.push(p(W, -1000.0));
    t
}

/// Closed wall polygons floating in the air (first point repeated).
fn polygons() -> Vec<Vec<Point>> {
    vec![
        vec![
            p(470.0, 300.0),
            p(540.0, 300.0),
            p(505.0, 360.0),
            p(470.0, 300.0),
        ],
        vec![
            p(150.0, 250.0),
            p(220.0, 250.0),
            p(220.0, 280.0),
            p(150.0, 280.0),
            p(150.0, 250.0),
        ],
    ]
}

/// Ground height at x, by linear interpolation of the ground polyline.
fn height(x: f64) -> f64 {
    let g = ground();
    for s in g.windows(2) {
        if x >= s[0].x && x <= s[1].x {
            let t = (x - s[0].x) / (s[1].x - s[0].x);
            return s[0].y + t * (s[1].y - s[0].y);
        }
    }
    panic!("x = {x} outside the terrain");
}

fn dist_to_polyline(c: Point, line: &[Point]) -> f64 {
    line.windows(2)
        .map(|s| {
            let d = s[1] - s[0];
            let t = ((c - s[0]).dot(d) / d.length_squared()).clamp(0.0, 1.0);
            c.distance(s[0] + d * t)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Even-odd crossing test.
fn inside_polygon(c: Point, poly: &[Point]) -> bool {
    let mut inside = false;
    for s in poly.windows(2) {
        let (a, b) = (s[0], s[1]);
        if (a.y > c.y) != (b.y > c.y) && c.x < a.x + (c.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

fn world() -> PhysicsWorld {
    let mut w = PhysicsWorld::new(PhysicsConfig::pixels(50.0)).unwrap();
    let mut walls = vec![terrain()];
    walls.extend(polygons());
    w.add_walls(&walls).unwrap();
    w
}

/// Checks a ball centre against terrain, side walls and polygons.
fn check_ball(c: Point, step: usize) {
    assert!(
        c.x > 0.5 * R && c.x < W - 0.5 * R,
        "step {step}: ball left the map at {c:?}"
    );
    let h = height(c.x);
    assert!(
        c.y < h,
        "step {step}: ball centre {c:?} below the terrain (height {h})"
    );
    let d = dist_to_polyline(c, &terrain());
    assert!(
        d > 0.5 * R,
        "step {step}: ball {c:?} sunk {:.2} into the terrain",
        R - d
    );
    for poly in polygons() {
        assert!(
            !inside_polygon(c, &poly),
            "step {step}: ball centre {c:?} inside a wall polygon"
        );
        assert!(
            dist_to_polyline(c, &poly) > 0.5 * R,
            "step {step}: ball {c:?} sunk into a polygon"
        );
    }
}

#[test]
fn balls_come_to_rest_on_the_terrain_and_never_pass_through() {
    let mut w = world();
    let balls: Vec<BodyId> = (0..13)
        .map(|i| {
            let c = p(30.0 + 60.0 * i as f64, 60.0 + 13.0 * (i % 3) as f64);
            w.add_ball(c, R, &BodyParams::default()).unwrap()
        })
        .collect();
    for step in 1..=STEPS {
        w.step(DT).unwrap();
        for &b in &balls {
            check_ball(w.body_state(b).unwrap().position, step);
        }
    }
    // At rest, and each ball supported by the terrain, a polygon or another ball.
    let centres: Vec<Point> = balls
        .iter()
        .map(|&b| w.body_state(b).unwrap().position)
        .collect();
    for (i, &b) in balls.iter().enumerate() {
        let (v, _) = w.body_velocity(b).unwrap();
        assert!(v.length() < 2.0, "ball {i} still moving at {v:?}");
        let c = centres[i];
        let on_terrain = dist_to_polyline(c, &terrain()) < 1.1 * R;
        let on_polygon = polygons().iter().any(|q| dist_to_polyline(c, q) < 1.1 * R);
        let on_ball = centres
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && o.distance(c) < 2.2 * R);
        assert!(
            on_terrain || on_polygon || on_ball,
            "ball {i} at {c:?} floats"
        );
    }
}

/// A U (opening up, y down) made of 6 triangles, local top-left corner at `o`.
fn u_shape(o: Point) -> Vec<[Point; 3]> {
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        let (a, b, c, d) = (o + p(x0, y0), o + p(x1, y0), o + p(x1, y1), o + p(x0, y1));
        [[a, b, c], [a, c, d]]
    };
    [
        rect(0.0, 40.0, 60.0, 50.0),
        rect(0.0, 0.0, 10.0, 40.0),
        rect(50.0, 0.0, 60.0, 40.0),
    ]
    .concat()
}

/// An L made of 4 triangles.
fn l_shape(o: Point) -> Vec<[Point; 3]> {
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        let (a, b, c, d) = (o + p(x0, y0), o + p(x1, y0), o + p(x1, y1), o + p(x0, y1));
        [[a, b, c], [a, c, d]]
    };
    [rect(0.0, 0.0, 12.0, 50.0), rect(12.0, 38.0, 40.0, 50.0)].concat()
}

/// Every vertex of the body, where it is now, stays above the terrain
/// (1 px of contact tolerance) and inside the side walls; returns the
/// smallest clearance.
fn check_shape(w: &PhysicsWorld, id: BodyId, tris: &[[Point; 3]], step: usize) -> f64 {
    let t = w.body_state(id).unwrap().transform;
    let mut clearance = f64::INFINITY;
    for v in tris.iter().flatten().map(|&v| t.apply(v)) {
        assert!(
            v.x > -1.0 && v.x < W + 1.0,
            "step {step}: vertex {v:?} left the map"
        );
        let gap = height(v.x.clamp(0.0, W)) - v.y;
        assert!(
            gap > -1.0,
            "step {step}: vertex {v:?} {:.2} below the terrain",
            -gap
        );
        for poly in polygons() {
            assert!(
                !inside_polygon(v, &poly),
                "step {step}: vertex {v:?} inside a polygon"
            );
        }
        clearance = clearance.min(gap);
    }
    clearance
}

#[test]
fn concave_shapes_fall_and_land_on_the_terrain() {
    let mut w = world();
    let u = u_shape(p(340.0, 150.0));
    let l = l_shape(p(60.0, 120.0));
    let (ui, li) = (
        w.add_body(&u, &BodyParams::default()).unwrap(),
        w.add_body(&l, &BodyParams::default()).unwrap(),
    );
    let start = [
        w.body_state(ui).unwrap().position,
        w.body_state(li).unwrap().position,
    ];
    let mut last = (0.0, 0.0);
    for step in 1..=STEPS {
        w.step(DT).unwrap();
        last = (check_shape(&w, ui, &u, step), check_shape(&w, li, &l, step));
    }
    for (k, id) in [ui, li].into_iter().enumerate() {
        let s = w.body_state(id).unwrap();
        assert!(s.position.y > start[k].y + 100.0, "shape {k} did not fall");
        let (v, omega) = w.body_velocity(id).unwrap();
        assert!(
            v.length() < 2.0 && omega.abs() < 0.1,
            "shape {k} still moving: {v:?} {omega}"
        );
    }
    // Landed: the lowest vertex touches the ground (within 2 px).
    assert!(last.0 < 2.0 && last.1 < 2.0, "clearances {last:?}");
}

/// The U's cup is really hollow: a ball dropped into it rests between the
/// arms, below their tops (a convex hull would hold it above them).
#[test]
fn ball_rests_inside_the_u() {
    let mut w = world();
    let u = u_shape(p(340.0, 380.0));
    let ui = w.add_body(&u, &BodyParams::default()).unwrap();
    for _ in 0..120 {
        w.step(DT).unwrap();
    }
    let t = w.body_state(ui).unwrap().transform;
    let drop = t.apply(p(370.0, 300.0));
    let b = w.add_ball(drop, R, &BodyParams::default()).unwrap();
    for step in 1..=300 {
        w.step(DT).unwrap();
        check_ball(w.body_state(b).unwrap().position, step);
    }
    // Ball centre in the U's own (creation-time) frame.
    let local = w
        .body_state(ui)
        .unwrap()
        .transform
        .inverse()
        .unwrap()
        .apply(w.body_state(b).unwrap().position);
    assert!(
        local.x > 350.0 && local.x < 390.0,
        "ball not between the arms: {local:?}"
    );
    assert!(
        local.y > 380.0 && local.y < 420.0,
        "ball not inside the cup: {local:?}"
    );
    assert!(
        (local.y - (420.0 - R)).abs() < 1.0,
        "ball should rest on the cup floor: {local:?}"
    );
}

#[test]
fn invalid_inputs_are_rejected_and_change_nothing() {
    let mut w = PhysicsWorld::new(PhysicsConfig::pixels(50.0)).unwrap();
    let good = vec![p(0.0, 0.0), p(1.0, 0.0)];
    let err = w
        .add_walls(&[good.clone(), vec![p(2.0, 2.0), p(2.0, 2.0)]])
        .unwrap_err();
    assert_eq!(err, PhysicsError::TooFewPoints { wall: 1 });
    assert_eq!(w.rapier().colliders.len(), 0, "no wall inserted");
    assert!(matches!(
        w.add_walls(&[vec![p(0.0, f64::NAN), p(1.0, 0.0)]]),
        Err(PhysicsError::NonFinite { .. })
    ));
    let flat = [[p(0.0, 0.0), p(1.0, 1.0), p(2.0, 2.0)]];
    assert_eq!(
        w.add_body(&flat, &BodyParams::default()),
        Err(PhysicsError::EmptyBody)
    );
    assert_eq!(
        w.add_body(&[], &BodyParams::default()),
        Err(PhysicsError::EmptyBody)
    );
    let bad = BodyParams {
        density: -1.0,
        ..Default::default()
    };
    assert!(matches!(
        w.add_ball(p(0.0, 0.0), 1.0, &bad),
        Err(PhysicsError::InvalidParameter { .. })
    ));
    assert_eq!(w.rapier().bodies.len(), 0);
    assert!(w.step(f64::NAN).is_err());
    let id = w
        .add_ball(p(0.0, 0.0), 1.0, &BodyParams::default())
        .unwrap();
    w.remove_body(id).unwrap();
    assert_eq!(w.remove_body(id), Err(PhysicsError::StaleBody));
}

/// The compound holds every triangle with the right orientation: mass is
/// density x area and the origin is the area centroid (hand computed).
#[test]
fn compound_mass_and_centroid_match_hand_computation() {
    let l = l_shape(p(0.0, 0.0)); // 12x50 + 28x12 = 936
    // Flip two triangles: orientation must not matter.
    let mut tris = l.clone();
    tris[0].swap(1, 2);
    tris[3].swap(0, 1);
    let mut w = PhysicsWorld::new(PhysicsConfig::default()).unwrap();
    let params = BodyParams {
        density: 2.0,
        ..Default::default()
    };
    let id = w.add_body(&tris, &params).unwrap();
    let mass = w.rapier().bodies.get(id.0).unwrap().mass();
    assert!((mass - 2.0 * 936.0).abs() < 1e-9, "mass {mass}");
    // Centroid: (600 * (6, 25) + 336 * (26, 44)) / 936.
    let c = w.body_state(id).unwrap().position;
    let want = p(
        (600.0 * 6.0 + 336.0 * 26.0) / 936.0,
        (600.0 * 25.0 + 336.0 * 44.0) / 936.0,
    );
    assert!(c.distance(want) < 1e-12, "{c:?} vs {want:?}");
}

mod random_drops {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Balls of random sizes dropped from random heights (up to ~1400 px
        /// of fall: more than a radius per step, CCD needed) never pass
        /// through the terrain or the polygons, checked at every step.
        #[test]
        fn random_balls_never_pass_through(
            drops in proptest::collection::vec((20.0f64..780.0, -900.0f64..200.0, 3.0f64..15.0), 1..6)
        ) {
            let mut w = world();
            let mut balls = Vec::new();
            for &(x, y, r) in &drops {
                let c = p(x, y);
                // Start clear of the polygons.
                prop_assume!(polygons().iter().all(|q| !inside_polygon(c, q) && dist_to_polyline(c, q) > r));
                balls.push((w.add_ball(c, r, &BodyParams::default()).unwrap(), r));
            }
            for step in 1..=300 {
                w.step(DT).unwrap();
                for &(b, r) in &balls {
                    let c = w.body_state(b).unwrap().position;
                    prop_assert!(c.x > 0.0 && c.x < W, "step {}: {:?} left the map", step, c);
                    prop_assert!(c.y < height(c.x), "step {}: {:?} below the terrain", step, c);
                    prop_assert!(dist_to_polyline(c, &terrain()) > 0.5 * r, "step {}: {:?} sunk", step, c);
                    for q in polygons() {
                        prop_assert!(!inside_polygon(c, &q), "step {}: {:?} inside a polygon", step, c);
                    }
                }
            }
        }
    }
}
