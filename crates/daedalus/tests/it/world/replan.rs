//! Re-planning follows the changes: a change far from every path re-plans
//! nothing; an obstacle narrowing a door re-plans exactly the entity whose
//! path it touches; the door closing re-plans exactly the entities behind
//! it. Which paths a change touches is worked out by hand from the
//! straight paths of the set-up (below).

use std::collections::BTreeSet;

use daedalus::world::{BlockReason, Closure, EntityId, EntityState, Event};
use daedalus::{Point, World};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Entities that re-planned (successfully or not) in these events.
fn replanned(ev: &[Event]) -> BTreeSet<EntityId> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Replanned(id) => Some(*id),
            Event::ReplanFailed { entity, .. } => Some(*entity),
            _ => None,
        })
        .collect()
}

/// A 100 x 100 world cut by a wall at x = 50 with a door from y = 40 to
/// 60. A and B walk right through the door along y = 45 and y = 55; C and
/// D walk right on the far side (y = 10 and y = 80), never near the door.
fn doors() -> (World, [EntityId; 4]) {
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    w.add_wall(&[p(50.0, 0.0), p(50.0, 40.0)], Closure::Open)
        .unwrap();
    w.add_wall(&[p(50.0, 60.0), p(50.0, 100.0)], Closure::Open)
        .unwrap();
    let a = w.add_entity([10.0, 45.0], 1.0, 10.0).unwrap();
    let b = w.add_entity([10.0, 55.0], 1.0, 10.0).unwrap();
    let c = w.add_entity([60.0, 10.0], 1.0, 10.0).unwrap();
    let d = w.add_entity([55.0, 80.0], 1.0, 10.0).unwrap();
    for (e, g) in [
        (a, p(90.0, 45.0)),
        (b, p(90.0, 55.0)),
        (c, p(95.0, 10.0)),
        (d, p(95.0, 80.0)),
    ] {
        w.set_goal(e, g).unwrap();
    }
    let first = w.step(0.1).unwrap();
    assert!(replanned(&first).is_empty(), "first plans are not re-plans");
    for e in [a, b, c, d] {
        assert_eq!(w.entity(e).unwrap().state(), EntityState::Moving);
        assert!(w.entity(e).unwrap().path().unwrap().turns.is_empty()); // straight
    }
    (w, [a, b, c, d])
}

#[test]
fn a_change_far_from_every_path_replans_nothing() {
    let (mut w, _) = doors();
    let before = w.replans();
    // A wall in a corner, an obstacle moved around far from every path.
    w.add_wall(&[p(5.0, 95.0), p(9.0, 92.0)], Closure::Open)
        .unwrap();
    let sq = vec![p(-1.0, -1.0), p(1.0, -1.0), p(1.0, 1.0), p(-1.0, 1.0)];
    let o = w
        .add_object(daedalus::objects::Object::new(sq, Closure::Closed))
        .unwrap();
    w.set_position(o, [20.0, 80.0]).unwrap();
    for k in 0..30 {
        w.set_position(o, [20.0 + 0.3 * k as f64, 80.0]).unwrap();
        let ev = w.step(1.0 / 60.0).unwrap();
        assert!(replanned(&ev).is_empty(), "step {k}: {ev:?}");
    }
    assert_eq!(w.replans(), before);
}

#[test]
fn a_door_closing_replans_exactly_the_entities_behind_it() {
    let (mut w, [a, b, c, d]) = doors();
    // An obstacle in the door next to A's line (y = 45): only A's path
    // comes within its radius of it; B's (y = 55) stays 9 away.
    w.add_wall(&[p(50.0, 43.0), p(50.0, 46.0)], Closure::Open)
        .unwrap();
    let ev = w.step(0.1).unwrap();
    assert_eq!(replanned(&ev), BTreeSet::from([a]), "{ev:?}");
    assert!(ev.contains(&Event::Replanned(a)));
    assert!(!w.entity(a).unwrap().path().unwrap().turns.is_empty()); // goes round it
    // The door shuts: A and B (still left of it) re-plan and find nothing;
    // C and D are not touched.
    w.add_wall(&[p(50.0, 40.0), p(50.0, 60.0)], Closure::Open)
        .unwrap();
    let ev = w.step(0.1).unwrap();
    assert_eq!(replanned(&ev), BTreeSet::from([a, b]), "{ev:?}");
    for e in [a, b] {
        let en = w.entity(e).unwrap();
        assert_eq!(en.state(), EntityState::Blocked(BlockReason::NoPath));
        assert_eq!(en.last_error(), Some(&daedalus::path::PathError::NoPath));
        assert!(en.path().is_some()); // the previous plan is kept
    }
    for e in [c, d] {
        assert_eq!(w.entity(e).unwrap().state(), EntityState::Moving);
    }
    // Blocked entities do not search again while nothing changes...
    let before = w.replans();
    for _ in 0..10 {
        let ev = w.step(0.1).unwrap();
        assert!(replanned(&ev).is_empty());
    }
    assert_eq!(w.replans(), before);
    // ...and walk on once a change opens the way.
    let door = w.obstacles().last().unwrap();
    w.remove_obstacle(door).unwrap();
    let ev = w.step(0.1).unwrap();
    assert!(
        ev.contains(&Event::Unblocked(a)) && ev.contains(&Event::Unblocked(b)),
        "{ev:?}"
    );
    assert_eq!(w.entity(b).unwrap().state(), EntityState::Moving);
}

#[test]
fn a_goal_inside_an_obstacle_is_not_searched_every_step() {
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let sq = vec![p(-5.0, -5.0), p(5.0, -5.0), p(5.0, 5.0), p(-5.0, 5.0)];
    let o = w
        .add_object(daedalus::objects::Object::new(sq, Closure::Closed))
        .unwrap();
    w.set_position(o, [70.0, 70.0]).unwrap();
    let e = w.add_entity([10.0, 10.0], 1.0, 10.0).unwrap();
    w.set_goal(e, [70.0, 74.5]).unwrap(); // 0.5 from the crate's top side, inside
    let ev = w.step(0.1).unwrap();
    assert!(
        ev.contains(&Event::Blocked {
            entity: e,
            reason: BlockReason::GoalCovered
        }),
        "{ev:?}"
    );
    let before = w.replans();
    // A change far from the goal: no new search.
    w.add_wall(&[p(5.0, 90.0), p(9.0, 92.0)], Closure::Open)
        .unwrap();
    for _ in 0..5 {
        assert!(replanned(&w.step(0.1).unwrap()).is_empty());
    }
    assert_eq!(w.replans(), before);
    // The crate moves away: the goal is free, the entity goes.
    w.set_position(o, [20.0, 80.0]).unwrap();
    let ev = w.step(0.1).unwrap();
    assert!(ev.contains(&Event::Unblocked(e)), "{ev:?}");
    assert_eq!(w.entity(e).unwrap().state(), EntityState::Moving);
}
