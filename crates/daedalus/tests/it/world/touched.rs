//! "Does the change since revision R touch this path?" against a brute
//! force: after random obstacle moves, every changed wall segment (the
//! moved obstacles' walls before and after) is measured against densely
//! sampled points of the path; one that comes within the radius must be
//! reported, and a path reported untouched must still be clear of every
//! wall (`World::path_is_clear`).

use crate::support::rng::Rng;
use daedalus::objects::Object;
use daedalus::path::{Path, PathFinder, PathSampler};
use daedalus::world::{Closure, ObstacleId, WorldError};
use daedalus::{Point, World};

/// xorshift64*: a deterministic generator.
fn seg_dist(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
    };
    p.distance(Point::new(a.x + t * dx, a.y + t * dy))
}

/// Points along the path every `h` (and its ends).
fn samples(path: &Path, h: f64) -> Vec<Point> {
    let s = PathSampler::new(path, h).unwrap();
    let n = (s.length() / h).ceil() as usize;
    (0..=n)
        .map(|k| s.point_at((k as f64 * h).min(s.length())))
        .collect()
}

fn walls_of(w: &World, ids: &[ObstacleId]) -> Vec<(Point, Point)> {
    ids.iter()
        .flat_map(|&id| w.obstacle_walls(id).unwrap())
        .collect()
}

#[test]
fn changed_walls_within_the_radius_are_always_reported() {
    let mut rng = Rng::xorshift_star(0x9e37_79b9_7f4a_7c15);
    let (mut touched, mut untouched) = (0, 0);
    for world_seed in 0..6 {
        let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        for _ in 0..6 {
            let (x, y) = (rng.range(5.0, 95.0), rng.range(5.0, 95.0));
            let (dx, dy) = (rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
            let b = Point::new((x + dx).clamp(1.0, 99.0), (y + dy).clamp(1.0, 99.0));
            w.add_wall(&[Point::new(x, y), b], Closure::Open).unwrap();
        }
        let mut objects = Vec::new();
        for _ in 0..8 {
            let s = rng.range(2.0, 6.0);
            let sq = vec![
                Point::new(-s, -s),
                Point::new(s, -s),
                Point::new(s, s),
                Point::new(-s, s),
            ];
            let id = w.add_object(Object::new(sq, Closure::Closed)).unwrap();
            w.set_position(id, [rng.range(10.0, 90.0), rng.range(10.0, 90.0)])
                .unwrap();
            objects.push(id);
        }
        w.step(0.0).unwrap();
        let mut finder = PathFinder::new();
        for _round in 0..40 {
            let r = [0.0, 0.5, 1.5][(rng.unit() * 3.0) as usize];
            let (a, b) = (
                Point::new(rng.range(2.0, 98.0), rng.range(2.0, 98.0)),
                Point::new(rng.range(2.0, 98.0), rng.range(2.0, 98.0)),
            );
            let Ok(path) = finder.find_path(w.nav(), a, b, r) else {
                continue;
            };
            let since = w.revision();
            // One to three steps of one or two moves each.
            let mut changed = Vec::new();
            for _ in 0..1 + (rng.unit() * 3.0) as usize {
                for _ in 0..1 + (rng.unit() * 2.0) as usize {
                    let id = objects[(rng.unit() * objects.len() as f64) as usize];
                    changed.extend(walls_of(&w, &[id]));
                    let p = w.pose(id).unwrap().position;
                    let q = Point::new(
                        (p.x + rng.range(-8.0, 8.0)).clamp(8.0, 92.0),
                        (p.y + rng.range(-8.0, 8.0)).clamp(8.0, 92.0),
                    );
                    w.set_position(id, q).unwrap();
                    w.set_rotation(id, rng.range(0.0, 3.0)).unwrap();
                    w.step(0.0).unwrap();
                    changed.extend(walls_of(&w, &[id]));
                }
            }
            assert!(w.revision() > since);
            let got = w.path_touched_since(since, &path).unwrap();
            // Sampled every h: a wall within r - h of a sample is within r of the path.
            let h = 0.05;
            let pts = samples(&path, h);
            let near = changed
                .iter()
                .any(|&(s, t)| pts.iter().any(|&p| seg_dist(p, s, t) < r - h));
            if near {
                assert!(
                    got,
                    "world {world_seed}: a changed wall within {r} of the path not reported"
                );
            }
            if got {
                touched += 1;
            } else {
                untouched += 1;
                assert!(
                    w.path_is_clear(&path, r).unwrap(),
                    "world {world_seed}: reported untouched but no longer clear"
                );
            }
        }
    }
    // Both answers came up often enough for the checks to mean something.
    assert!(
        touched >= 20 && untouched >= 20,
        "{touched} touched, {untouched} untouched"
    );
}

#[test]
fn revisions_count_world_changes_and_bad_ones_are_typed_errors() {
    let mut w = World::new([0.0, 0.0], [50.0, 50.0]).unwrap();
    let e = w.add_entity([5.0, 5.0], 1.0, 10.0).unwrap();
    w.set_goal(e, [45.0, 5.0]).unwrap();
    for _ in 0..5 {
        w.step(0.1).unwrap(); // entities moving change nothing
    }
    assert_eq!(w.revision(), 0);
    let id = w.add_object(Object::rectangle(2.0, 2.0)).unwrap();
    w.set_position(id, [25.0, 40.0]).unwrap();
    w.step(0.1).unwrap();
    assert_eq!(w.revision(), 1);
    assert_eq!(
        w.path_touched_since(2, &Path::straight([1.0, 1.0], [2.0, 2.0], 0.0)),
        Err(WorldError::FutureRevision { since: 2, now: 1 })
    );
    assert_eq!(
        w.entity_touched_since(e, 5),
        Err(WorldError::FutureRevision { since: 5, now: 1 })
    );
    assert!(matches!(
        w.path_touched_since(0, &Path::straight([1.0, 1.0], [2.0, 2.0], f64::NAN)),
        Err(WorldError::BadRadius(_))
    ));
    // The box at (25, 40) is 35 from the entity's path along y = 5.
    assert!(!w.entity_touched_since(e, 0).unwrap());
    w.set_position(id, [25.0, 6.0]).unwrap();
    w.step(0.1).unwrap();
    // The world re-planned it around the box; from before the move its
    // new path is what the move touched (the box is beside it).
    assert!(w.entity_touched_since(e, 1).unwrap());
    assert!(!w.entity_touched_since(e, 2).unwrap());
}

/// A large U of walls (an open outline of 31 points) that moves a little
/// re-plans the entity walking past the end of its arm (its path now too
/// close) and not the one walking inside the U, 30 from every wall: the
/// changed boxes are its walls', not its whole outline's. Worked out by
/// hand from the set-up.
#[test]
fn a_moving_outline_touches_the_paths_near_its_walls_only() {
    use daedalus::world::Event;
    let mut w = World::new([0.0, 0.0], [200.0, 200.0]).unwrap();
    // Up the left arm from (0, 100) to (0, 0), along the bottom, up the
    // right arm to (100, 100); placed with its corner (0, 0) at (50, 50).
    let mut u = Vec::new();
    for k in 0..=30 {
        let t = (k % 10) as f64 * 10.0;
        u.push(match k / 10 {
            0 => Point::new(0.0, 100.0 - t),
            1 => Point::new(t, 0.0),
            2 => Point::new(100.0, t),
            _ => Point::new(100.0, 100.0),
        });
    }
    let shape = w.add_object(Object::new(u, Closure::Open)).unwrap();
    w.set_position(shape, [50.0, 50.0]).unwrap();
    let a = w.add_entity([80.0, 100.0], 1.0, 1.0).unwrap();
    let b = w.add_entity([40.0, 151.2], 1.0, 1.0).unwrap();
    w.set_goal(a, [120.0, 100.0]).unwrap();
    w.set_goal(b, [60.0, 151.2]).unwrap();
    w.step(0.0).unwrap();
    for e in [a, b] {
        assert!(w.entity(e).unwrap().path().unwrap().turns.is_empty()); // straight
    }
    let since = w.revision();
    // The U moves 0.3 up: the end of its left arm comes 0.9 from b's path.
    w.set_position(shape, [50.0, 50.3]).unwrap();
    let ev = w.step(0.0).unwrap();
    let replanned = |e| ev.contains(&Event::Replanned(e));
    assert!(replanned(b), "{ev:?}");
    assert!(!replanned(a), "{ev:?}");
    assert!(!w.entity_touched_since(a, since).unwrap());
    let path = w.entity(b).unwrap().path().unwrap().clone();
    assert!(!path.turns.is_empty()); // round the arm's end now
    assert!(w.path_is_clear(&path, 1.0).unwrap());
}
