//! `World::sightings` against an independent brute force: point targets
//! in general position are seen when they are in range and in the opening
//! angle, and the segment from the viewer crosses no wall.

use daedalus::world::{Seen, View};
use daedalus::{Closure, Point, World, objects::Object};
use proptest::prelude::*;
use std::collections::HashSet;
use std::f64::consts::{PI, TAU};

fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// Proper crossing of two segments (inputs in general position).
fn cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    orient(a, b, c) * orient(a, b, d) < 0.0 && orient(c, d, a) * orient(c, d, b) < 0.0
}

fn in_cone(view: &View, from: Point, to: Point) -> bool {
    let d = to - from;
    if d.x.hypot(d.y) > view.range {
        return false;
    }
    if view.angle >= TAU {
        return true;
    }
    let a = (d.y.atan2(d.x) - view.direction).rem_euclid(TAU);
    let a = if a > PI { a - TAU } else { a };
    a.abs() <= view.angle / 2.0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn sightings_match_brute_force(
        walls in prop::collection::vec((0.5..99.5f64, 0.5..99.5f64, 0.5..99.5f64, 0.5..99.5f64), 0..15),
        ents in prop::collection::vec((0.5..99.5f64, 0.5..99.5f64, 0.0..TAU, 0.3..TAU, 5.0..150.0f64, 0..3u8), 1..25),
    ) {
        let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut segs = Vec::new();
        for &(x0, y0, x1, y1) in &walls {
            let (a, b) = (Point::new(x0, y0), Point::new(x1, y1));
            w.add_wall(&[a, b], Closure::Open).unwrap();
            segs.push((a, b));
        }
        let mut list = Vec::new();
        for &(x, y, dir, angle, range, looks) in &ents {
            let id = w.add_entity([x, y], 0.0, 1.0).unwrap();
            let view = (looks > 0).then_some(View { direction: dir, angle, range });
            w.set_view(id, view).unwrap();
            list.push((id, Point::new(x, y), view));
        }
        let mut seen = Vec::new();
        w.sightings(&mut seen).unwrap();
        let got: HashSet<Seen> = seen.iter().copied().collect();
        prop_assert_eq!(got.len(), seen.len(), "no pair twice");
        let mut want = HashSet::new();
        for &(v, p, view) in &list {
            let Some(view) = view else { continue };
            for &(t, q, _) in &list {
                if t != v && in_cone(&view, p, q) && !segs.iter().any(|&(a, b)| cross(p, q, a, b)) {
                    want.insert(Seen { viewer: v, target: t });
                }
            }
        }
        prop_assert_eq!(got, want);
    }
}

/// A door slid between guard and thief hides the thief after the step
/// that applies the move; sliding it back shows the thief again.
#[test]
fn a_moving_door_hides_and_shows() {
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let guard = w.add_entity([10.0, 50.0], 1.0, 1.0).unwrap();
    let thief = w.add_entity([90.0, 50.0], 1.0, 1.0).unwrap();
    w.set_view(
        guard,
        Some(View {
            direction: 0.0,
            angle: 1.0,
            range: 100.0,
        }),
    )
    .unwrap();
    let door: Vec<Point> = vec![
        [-1.0, -10.0].into(),
        [1.0, -10.0].into(),
        [1.0, 10.0].into(),
        [-1.0, 10.0].into(),
    ];
    let door = w.add_object(Object::new(door, Closure::Closed)).unwrap();
    w.set_position(door, [50.0, 85.0]).unwrap();
    w.step(0.0).unwrap();
    let mut seen = Vec::new();
    w.sightings(&mut seen).unwrap();
    assert_eq!(
        seen,
        vec![Seen {
            viewer: guard,
            target: thief
        }]
    );
    w.set_position(door, [50.0, 50.0]).unwrap();
    w.step(0.0).unwrap();
    w.sightings(&mut seen).unwrap();
    assert!(seen.is_empty(), "the door hides the thief: {seen:?}");
    w.set_position(door, [50.0, 20.0]).unwrap();
    w.step(0.0).unwrap();
    w.sightings(&mut seen).unwrap();
    assert_eq!(seen.len(), 1);
    // a removed viewer is a stale handle, and nothing changes
    w.remove_entity(thief).unwrap();
    assert!(w.set_view(thief, None).is_err());
}
