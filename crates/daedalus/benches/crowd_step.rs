//! One crowd `World::step` (avoidance on) for 1,000 entities of radii 0.5
//! to 2 at speed 4, in a synthetic world of N small square objects
//! (N = 10^3 and 10^5, on a jittered grid 10 apart, as `world_step`). The
//! entities walk between random free points of the same 320 x 320 corner
//! of the world in both cases (trips at most 60 long, a new goal on each
//! arrival), so only the world's size changes: nothing per step may grow
//! with it.
//!
//! Run: `cargo bench -p daedalus --bench crowd_step -- --noplot`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use daedalus::world::{Avoidance, EntityState};
use daedalus::{Point, World};

#[path = "../tests/support/mod.rs"]
mod support;
use support::rng::Rng;
use support::squares::squares;

const ENTITIES: usize = 1000;
/// The corner the crowd lives in.
const AREA: f64 = 320.0;
const TRIP: f64 = 60.0;
const SPEED: f64 = 4.0;
const DT: f64 = 0.1;

struct Setup {
    w: World,
    rng: Rng,
}

impl Setup {
    /// A free point of the corner, within `TRIP` of `near` if given, at
    /// least `apart` from the `taken` ones.
    fn free(&mut self, r: f64, near: Option<Point>, taken: &[(Point, f64)]) -> Point {
        loop {
            let p = match near {
                None => Point::new(AREA * self.rng.unit(), AREA * self.rng.unit()),
                Some(c) => Point::new(
                    c.x + TRIP * (2.0 * self.rng.unit() - 1.0),
                    c.y + TRIP * (2.0 * self.rng.unit() - 1.0),
                ),
            };
            if (1.0..AREA - 1.0).contains(&p.x)
                && (1.0..AREA - 1.0).contains(&p.y)
                && self.w.is_free(p, r).unwrap()
                && taken.iter().all(|&(q, s)| q.distance(p) >= r + s + 0.1)
            {
                return p;
            }
        }
    }
}

fn world(n: usize) -> Setup {
    let (mut w, _, _, rng) = squares(n);
    w.set_avoidance(Some(Avoidance::default())).unwrap();
    let mut s = Setup { w, rng };
    let mut taken: Vec<(Point, f64)> = Vec::new();
    for _ in 0..ENTITIES {
        let r = 0.5 + 1.5 * s.rng.unit();
        let p = s.free(r, None, &taken);
        taken.push((p, r));
        let e = s.w.add_entity(p, r, SPEED).unwrap();
        let g = s.free(r, Some(p), &[]);
        s.w.set_goal(e, g).unwrap();
    }
    // past the first plans: a crowd on its way
    for _ in 0..20 {
        step(&mut s);
    }
    s
}

fn step(s: &mut Setup) -> usize {
    let ev = s.w.step(DT).unwrap();
    if !ev.is_empty() {
        let arrived: Vec<_> =
            s.w.entities()
                .filter(|(_, e)| e.state() == EntityState::Arrived)
                .map(|(id, e)| (id, e.radius(), e.position()))
                .collect();
        for (id, r, p) in arrived {
            let g = s.free(r, Some(p), &[]);
            s.w.set_goal(id, g).unwrap();
        }
    }
    ev.len()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("crowd_step_1000");
    g.sample_size(20);
    for n in [1_000, 100_000] {
        let mut s = world(n);
        g.bench_function(BenchmarkId::new("objects", n), |b| b.iter(|| step(&mut s)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
