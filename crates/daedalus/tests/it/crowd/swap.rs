//! 100 entities of radii 0.5 to 2 swap rooms through a corridor with a
//! choke point. Checked from positions at every step: no two entities
//! overlap by more than 1% of the smaller radius, no entity overlaps a
//! wall by more than 1% of its radius, and all are at their goals within
//! `LIMIT_S` simulated seconds.

use crate::support::crowd::*;

/// Simulated time allowed for all 100 to arrive (documented limit).
const LIMIT_S: f64 = 150.0;
const DT: f64 = 0.1;

/// Layouts run by default (`CROWD_SWAP_SEED=S` runs seed S alone).
const SEEDS: std::ops::RangeInclusive<u64> = 1..=8;

#[test]
fn hundred_swap_through_a_choke() {
    match std::env::var("CROWD_SWAP_SEED") {
        Ok(s) => swap(s.parse().expect("a seed")),
        Err(_) => SEEDS.for_each(swap),
    }
}

fn swap(seed: u64) {
    let mut w = choke_world();
    let spawned = spawn_swap(&mut w, 100, 6.0, seed);
    let ids: Vec<_> = spawned.iter().map(|s| s.0).collect();
    let walls = walls(&w);
    let start = measure(&w, &ids, &walls);
    assert!(start.pair <= 0.0 && start.wall <= 0.0, "{start:?}");
    let mut t = 0.0;
    let mut worst = Worst::default();
    // where each entity stood when it first arrived
    let mut reached: Vec<Option<daedalus::Point>> = vec![None; ids.len()];
    while t < LIMIT_S && reached.iter().any(Option::is_none) {
        w.step(DT).unwrap();
        t += DT;
        for (k, &id) in ids.iter().enumerate() {
            let e = w.entity(id).unwrap();
            if reached[k].is_none() && e.state() == daedalus::world::EntityState::Arrived {
                reached[k] = Some(e.position());
            }
        }
        let m = measure(&w, &ids, &walls);
        worst.pair = worst.pair.max(m.pair);
        worst.wall = worst.wall.max(m.wall);
        assert!(m.pair <= 0.01, "entities overlap at t = {t:.1}: {m:?}");
        assert!(
            m.wall <= 0.01,
            "an entity overlaps a wall at t = {t:.1}: {m:?}"
        );
    }
    let n = reached.iter().flatten().count();
    eprintln!(
        "seed {seed}: arrived {n}/100 after {t:.1} s; worst {worst:?}; replans {}",
        w.replans()
    );
    for (k, (id, goal)) in spawned.iter().enumerate() {
        if reached[k].is_none() {
            let e = w.entity(*id).unwrap();
            eprintln!(
                "{id:?} r {:.2} at {:?} goal {goal:?} {:?}",
                e.radius(),
                e.position(),
                e.state()
            );
        }
    }
    assert_eq!(
        n,
        ids.len(),
        "seed {seed}: not all arrived within {LIMIT_S} s"
    );
    // arriving means standing on the goal, or held within the radius of it
    for (k, (id, goal)) in spawned.iter().enumerate() {
        let r = w.entity(*id).unwrap().radius();
        assert!(
            reached[k].unwrap().distance(*goal) <= r,
            "{id:?} arrived away from its goal"
        );
    }
}
