//! Ours alone, for A/B work on the crowd step: the bench's 64room run
//! (1,000 entities of radius 0.5, 300 steps) or the tests' choke swap
//! (`swap SEED`, 100 entities, 1,500 steps). Prints the median step time,
//! re-plans, arrivals and an FNV hash of every position at every step (the
//! same hash before and after a change: the behaviour did not change).
//!
//! Run: `cargo run --profile bench --manifest-path crates/crowd-bench/Cargo.toml
//! --example crowd_split [-- swap SEED]`

#[path = "../../daedalus/tests/support/crowd.rs"]
mod crowd_common;
#[path = "../../daedalus/tests/support/rng.rs"]
mod rng;
#[path = "../../daedalus/tests/support/data.rs"]
mod data;
#[path = "../shared/setup.rs"]
mod setup;

use std::time::Instant;

use daedalus::scenario::Scenario;
use daedalus::world::{Avoidance, EntityId, EntityState};
use setup::{RADIUS, Rng, map_world, trips};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mut w, ids, steps) = if args.get(1).map(String::as_str) == Some("swap") {
        let seed: u64 = args[2].parse().unwrap();
        let mut w = crowd_common::choke_world();
        let ids: Vec<EntityId> = crowd_common::spawn_swap(&mut w, 100, 6.0, seed)
            .iter()
            .map(|s| s.0)
            .collect();
        (w, ids, 1500)
    } else {
        let path = data::data().dir.join("maps/room/64room_000.scenario.json");
        let s = Scenario::load(&path).unwrap();
        let mut w = map_world(&s);
        w.set_avoidance(Some(Avoidance::default())).unwrap();
        let ids = trips(&w, &mut Rng(42))
            .iter()
            .map(|&(a, b)| {
                let id = w.add_entity(a, RADIUS, 4.0).unwrap();
                w.set_goal(id, b).unwrap();
                id
            })
            .collect();
        (w, ids, 300)
    };
    // CROWD_STEPS: a longer run (the late, jammed part of it is what
    // criterion's repeated steps measure); the median is over its steps
    // after the first 300 then
    let steps = std::env::var("CROWD_STEPS").map_or(steps, |s| s.parse().expect("a count"));
    let skip = if steps > 300 { 300 } else { 0 };
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut times = Vec::new();
    for k in 0..steps {
        let t = Instant::now();
        w.step(0.1).unwrap();
        if k >= skip {
            times.push(t.elapsed().as_secs_f64());
        }
        for &i in &ids {
            let p = w.entity(i).unwrap().position();
            for b in
                p.x.to_bits()
                    .to_le_bytes()
                    .into_iter()
                    .chain(p.y.to_bits().to_le_bytes())
            {
                hash = (hash ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    let reached = ids
        .iter()
        .filter(|&&i| w.entity(i).unwrap().state() == EntityState::Arrived)
        .count();
    let blocked = ids
        .iter()
        .filter(|&&i| matches!(w.entity(i).unwrap().state(), EntityState::Blocked(_)))
        .count();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "median {:.3} ms/step, reached {reached}/{}, blocked {blocked}, replans {}, hash {hash:016x}",
        times[times.len() / 2] * 1e3,
        ids.len(),
        w.replans()
    );
}
