//! The swap of `crowd_swap` with a door (a movable object) that closes
//! the choke at 1 s and opens it again at 12 s. Checked from positions
//! at every step: no overlaps beyond 1% (entities, walls, the door
//! included), no entity's centre crosses the door's line while it is
//! closed, and all are at their goals within `LIMIT_S`.

use crate::support::crowd::*;
use daedalus::{Point, objects::Object};

const LIMIT_S: f64 = 170.0;
const DT: f64 = 0.1;
const CLOSE_S: f64 = 1.0;
const OPEN_S: f64 = 12.0;
/// Where the door waits while open: the walled-off space above the
/// corridor, which no one can reach.
const PARKED: [f64; 2] = [CHOKE_X, 52.0];
const SHUT: [f64; 2] = [CHOKE_X, 30.0];

#[test]
fn door_closes_and_opens_during_the_swap() {
    let mut w = choke_world();
    // CROWD_DOOR_SEED explores other layouts
    let seed = std::env::var("CROWD_DOOR_SEED").map_or(13, |s| s.parse().expect("a seed"));
    let spawned = spawn_swap(&mut w, 100, 6.0, seed);
    let ids: Vec<_> = spawned.iter().map(|s| s.0).collect();
    let outline: Vec<Point> = vec![
        [-0.5, -7.5].into(),
        [0.5, -7.5].into(),
        [0.5, 7.5].into(),
        [-0.5, 7.5].into(),
    ];
    let door = w
        .add_object(Object::new(outline, daedalus::Closure::Closed))
        .unwrap();
    w.set_position(door, PARKED).unwrap();
    let (mut t, mut closed_steps, mut blocked_seen) = (0.0, 0, false);
    let mut prev: Vec<Point> = ids
        .iter()
        .map(|&i| w.entity(i).unwrap().position())
        .collect();
    while t < LIMIT_S && arrived(&w, &ids) < ids.len() {
        let closing = t < CLOSE_S && t + DT >= CLOSE_S;
        let opening = t < OPEN_S && t + DT >= OPEN_S;
        if closing {
            w.set_position(door, SHUT).unwrap();
        }
        if opening {
            w.set_position(door, PARKED).unwrap();
        }
        w.step(DT).unwrap();
        t += DT;
        let shut = (CLOSE_S..OPEN_S).contains(&t);
        let m = measure(&w, &ids, &walls(&w));
        assert!(m.pair <= 0.01, "entities overlap at t = {t:.1}: {m:?}");
        assert!(
            m.wall <= 0.01,
            "an entity overlaps a wall at t = {t:.1}: {m:?}"
        );
        let now: Vec<Point> = ids
            .iter()
            .map(|&i| w.entity(i).unwrap().position())
            .collect();
        if shut {
            closed_steps += 1;
            let outline = w.obstacle_outline(door).unwrap();
            let (y0, y1) = (outline[0].y, outline[2].y);
            for (a, b) in prev.iter().zip(&now) {
                let (da, db) = (a.x - CHOKE_X, b.x - CHOKE_X);
                if da * db <= 0.0 && da != db {
                    let y = a.y + (b.y - a.y) * da / (da - db);
                    assert!(
                        !(y0..=y1).contains(&y),
                        "walked through the door at t = {t:.1}"
                    );
                }
            }
            blocked_seen |= ids.iter().any(|&i| {
                matches!(
                    w.entity(i).unwrap().state(),
                    daedalus::world::EntityState::Blocked(_)
                )
            });
        }
        prev = now;
    }
    assert!(
        closed_steps > 100 && blocked_seen,
        "the door never held anyone"
    );
    let n = arrived(&w, &ids);
    eprintln!("arrived {n}/100 after {t:.1} s; replans {}", w.replans());
    for (id, goal) in &spawned {
        let e = w.entity(*id).unwrap();
        if e.state() != daedalus::world::EntityState::Arrived {
            eprintln!(
                "{id:?} r {:.2} at {:.2?} goal {goal:.2?} {:?} {:?}",
                e.radius(),
                e.position(),
                e.state(),
                e.last_error()
            );
        }
    }
    assert_eq!(n, ids.len(), "not all arrived within {LIMIT_S} s");
}
