//! A hand-built head-on jam: two discs meet in a corridor exactly wide
//! enough for one (2.2 wide, radius 1). Neither can pass the other, so
//! ORCA alone leaves them face to face for ever; the right-of-way rule
//! (`world::crowd`: the flow of the jam's first member goes on, the other
//! backs off until it has passed) must bring both to their goals.
//! Checked from positions at every step: no overlaps beyond 1% (entities
//! and walls), both arrived within `LIMIT_S`.

use crate::support::crowd::*;
use daedalus::{Point, World};

const LIMIT_S: f64 = 60.0;
const DT: f64 = 0.1;

/// Two rooms (x < 20 and x > 40) joined by a corridor from y = 8.9 to
/// y = 11.1.
fn corridor_world() -> World {
    walled_world(
        60.0,
        20.0,
        &[
            &[[20.0, 0.0], [20.0, 8.9], [40.0, 8.9], [40.0, 0.0]],
            &[[20.0, 20.0], [20.0, 11.1], [40.0, 11.1], [40.0, 20.0]],
        ],
    )
}

#[test]
fn head_on_in_a_one_disc_corridor() {
    let mut w = corridor_world();
    let (ga, gb) = (Point::new(55.0, 10.0), Point::new(5.0, 10.0));
    let a = w.add_entity([5.0, 10.0], 1.0, 4.0).unwrap();
    let b = w.add_entity([55.0, 10.0], 1.0, 4.0).unwrap();
    w.set_goal(a, ga).unwrap();
    w.set_goal(b, gb).unwrap();
    let ids = [a, b];
    let walls = walls(&w);
    let mut t = 0.0;
    let mut met = false;
    while t < LIMIT_S && arrived(&w, &ids) < 2 {
        w.step(DT).unwrap();
        t += DT;
        let m = measure(&w, &ids, &walls);
        assert!(m.pair <= 0.01, "entities overlap at t = {t:.1}: {m:?}");
        assert!(
            m.wall <= 0.01,
            "an entity overlaps a wall at t = {t:.1}: {m:?}"
        );
        let (pa, pb) = (
            w.entity(a).unwrap().position(),
            w.entity(b).unwrap().position(),
        );
        // they did meet inside the corridor (the jam was real)
        met |= pa.distance(pb) < 2.1 && (20.0..40.0).contains(&pa.x);
    }
    assert!(met, "the two never met in the corridor");
    for (id, goal) in [(a, ga), (b, gb)] {
        let e = w.entity(id).unwrap();
        assert_eq!(
            e.state(),
            daedalus::world::EntityState::Arrived,
            "{id:?} at {:?} after {t:.1} s",
            e.position()
        );
        assert!(e.position().distance(goal) <= e.radius());
    }
}
