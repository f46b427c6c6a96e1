//! A failed search is not repeated until a change could alter its answer:
//! an entity blocked with `NoPath` searches once, not again while things
//! move far away; a door opening frees it; and whenever the world does not
//! retry, a fresh search on a fresh snapshot still finds no path.

use crate::support::rng::Rng;
use daedalus::objects::Object;
use daedalus::path::{NavMesh, PathFinder};
use daedalus::world::{BlockReason, Closure, EntityId, EntityState, Event, ObstacleId};
use daedalus::{Point, World};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Searches (failed or not) of `e` in these events, first plans included.
fn searches(ev: &[Event], e: EntityId) -> usize {
    ev.iter()
        .filter(|x| match x {
            Event::Replanned(id) => *id == e,
            Event::ReplanFailed { entity, .. } => *entity == e,
            _ => false,
        })
        .count()
}

fn square(h: f64) -> Vec<Point> {
    vec![p(-h, -h), p(h, -h), p(h, h), p(-h, h)]
}

/// A 100 x 100 world with a room [60, 80]^2 whose wall has a door gap
/// from x = 69 to 71 on the top side (y = 80), closed by a movable door
/// (a 4 x 2 box at (70, 80)), and an obstacle walking far away.
fn closed_room() -> (World, ObstacleId, ObstacleId) {
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let wall = [
        p(71.0, 80.0),
        p(80.0, 80.0),
        p(80.0, 60.0),
        p(60.0, 60.0),
        p(60.0, 80.0),
        p(69.0, 80.0),
    ];
    w.add_wall(&wall, Closure::Open).unwrap();
    let mut door = Object::new(
        vec![p(-2.0, -1.0), p(2.0, -1.0), p(2.0, 1.0), p(-2.0, 1.0)],
        Closure::Closed,
    );
    door.set_position([70.0, 80.0]);
    let door = w.add_object(door).unwrap();
    let mut far = Object::new(square(2.0), Closure::Closed);
    far.set_position([10.0, 10.0]);
    let far = w.add_object(far).unwrap();
    (w, door, far)
}

#[test]
fn a_goal_in_a_closed_room_is_searched_once_then_a_door_frees_it() {
    for radius in [0.0, 0.5] {
        let (mut w, door, far) = closed_room();
        let e = w.add_entity([20.0, 50.0], radius, 10.0).unwrap();
        w.set_goal(e, [70.0, 70.0]).unwrap();
        let ev = w.step(1.0 / 60.0).unwrap();
        assert_eq!(searches(&ev, e), 1, "{ev:?}");
        assert_eq!(
            w.entity(e).unwrap().state(),
            EntityState::Blocked(BlockReason::NoPath)
        );
        let before = w.replans();
        // something moves every step, far from the room: no search
        for k in 0..200 {
            w.set_position(far, [10.0 + 0.1 * k as f64, 10.0]).unwrap();
            let ev = w.step(1.0 / 60.0).unwrap();
            assert_eq!(searches(&ev, e), 0, "radius {radius}, step {k}: {ev:?}");
        }
        assert_eq!(w.replans(), before);
        // the door moves away: a re-plan, then arrival
        w.set_position(door, [70.0, 90.0]).unwrap();
        let ev = w.step(1.0 / 60.0).unwrap();
        assert!(ev.contains(&Event::Replanned(e)), "{ev:?}");
        assert!(ev.contains(&Event::Unblocked(e)), "{ev:?}");
        let mut arrived = false;
        for _ in 0..2000 {
            if w.step(1.0 / 60.0).unwrap().contains(&Event::Arrived(e)) {
                arrived = true;
                break;
            }
        }
        assert!(arrived, "radius {radius}");
        assert_eq!(w.entity(e).unwrap().position(), p(70.0, 70.0));
    }
}

#[test]
fn a_gap_just_narrower_than_the_disc_blocks_it_and_not_a_point() {
    // the room [60, 80]^2 with a gap from x = 69.5 to 70.5 on its top side
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let wall = [
        p(70.5, 80.0),
        p(80.0, 80.0),
        p(80.0, 60.0),
        p(60.0, 60.0),
        p(60.0, 80.0),
        p(69.5, 80.0),
    ];
    let room = w.add_wall(&wall, Closure::Open).unwrap();
    let mut far = Object::new(square(2.0), Closure::Closed);
    far.set_position([10.0, 10.0]);
    let far = w.add_object(far).unwrap();
    let disc = w.add_entity([20.0, 50.0], 0.5001, 10.0).unwrap();
    let point = w.add_entity([20.0, 52.0], 0.0, 10.0).unwrap();
    for e in [disc, point] {
        w.set_goal(e, [70.0, 70.0]).unwrap();
    }
    w.step(1.0 / 60.0).unwrap();
    assert_eq!(
        w.entity(disc).unwrap().state(),
        EntityState::Blocked(BlockReason::NoPath)
    );
    assert_eq!(w.entity(point).unwrap().state(), EntityState::Moving);
    for k in 0..100 {
        w.set_position(far, [10.0, 10.0 + 0.1 * k as f64]).unwrap();
        let ev = w.step(1.0 / 60.0).unwrap();
        assert_eq!(searches(&ev, disc), 0, "step {k}: {ev:?}");
    }
    // the room goes: the disc re-plans and walks
    w.remove_obstacle(room).unwrap();
    let ev = w.step(1.0 / 60.0).unwrap();
    assert!(ev.contains(&Event::Replanned(disc)), "{ev:?}");
    assert_eq!(w.entity(disc).unwrap().state(), EntityState::Moving);
}

/// Random rooms, doors and crates; entities of random radii sent into the
/// rooms. Whenever the world leaves a `NoPath` entity alone after a step,
/// a fresh finder on a fresh snapshot must still find no path.
#[test]
fn not_retrying_is_sound_against_a_fresh_search() {
    let mut rng = Rng::xorshift_star(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let mut freed = 0;
    for case in 0..40 {
        let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut movers = Vec::new();
        let mut goals = Vec::new();
        for k in 0..3 {
            // a room with a door gap on its top side
            let (x0, y0) = (5.0 + 32.0 * k as f64, rng.range(30.0, 60.0));
            let (wd, ht) = (rng.range(12.0, 25.0), rng.range(10.0, 25.0));
            let gap = rng.range(0.0, 4.0);
            let gx = x0 + wd / 2.0;
            let wall = [
                p(gx + gap / 2.0, y0 + ht),
                p(x0 + wd, y0 + ht),
                p(x0 + wd, y0),
                p(x0, y0),
                p(x0, y0 + ht),
                p(gx - gap / 2.0, y0 + ht),
            ];
            w.add_wall(&wall, Closure::Open).unwrap();
            goals.push(p(gx, y0 + ht / 2.0));
            let mut door = Object::new(
                vec![p(-2.5, -0.5), p(2.5, -0.5), p(2.5, 0.5), p(-2.5, 0.5)],
                Closure::Closed,
            );
            door.set_position([gx + rng.range(-1.0, 1.0), y0 + ht]);
            movers.push(w.add_object(door).unwrap());
        }
        for _ in 0..4 {
            let mut o = Object::new(square(rng.range(0.5, 3.0)), Closure::Closed);
            o.set_position([rng.range(5.0, 95.0), rng.range(5.0, 25.0)]);
            movers.push(w.add_object(o).unwrap());
        }
        let mut ents = Vec::new();
        for k in 0..6 {
            let r = if k == 0 { 0.0 } else { rng.range(0.2, 2.5) };
            let e = w
                .add_entity([rng.range(5.0, 95.0), rng.range(85.0, 95.0)], r, 20.0)
                .unwrap();
            w.set_goal(e, goals[k % goals.len()]).unwrap();
            ents.push(e);
        }
        w.step(1.0 / 60.0).unwrap();
        for step in 0..30 {
            for &m in &movers {
                if rng.chance(0.3) {
                    let at = w.pose(m).unwrap().position;
                    let d = if rng.chance(0.2) { 3.0 } else { 0.5 };
                    let to = [
                        (at.x + rng.range(-d, d)).clamp(3.0, 97.0),
                        (at.y + rng.range(-d, d)).clamp(3.0, 97.0),
                    ];
                    w.set_position(m, to).unwrap();
                }
            }
            let before: Vec<EntityState> =
                ents.iter().map(|&e| w.entity(e).unwrap().state()).collect();
            let ev = w.step(1.0 / 60.0).unwrap();
            let nav = NavMesh::from_cdt(w.cdt());
            for (k, &e) in ents.iter().enumerate() {
                let x = w.entity(e).unwrap();
                let blocked = EntityState::Blocked(BlockReason::NoPath);
                if before[k] != blocked || x.state() != blocked {
                    if before[k] == blocked && x.state() == EntityState::Moving {
                        freed += 1;
                    }
                    continue;
                }
                if searches(&ev, e) > 0 {
                    continue;
                }
                let fresh =
                    PathFinder::new().find_path(&nav, x.position(), x.goal().unwrap(), x.radius());
                assert!(
                    fresh.is_err(),
                    "case {case} step {step}: entity {k} (radius {}) was not retried \
                     but a path exists",
                    x.radius()
                );
                checked += 1;
            }
        }
    }
    // not vacuous: many left alone, some freed by a change
    assert!(checked >= 300, "only {checked} checks");
    assert!(freed >= 5, "only {freed} freed");
}
