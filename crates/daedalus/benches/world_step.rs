//! One `World::step` at 60 Hz in a synthetic world of N small square
//! objects (N = 10^3, 10^4, 10^5, on a jittered grid), 100 entities of
//! radii 0.5 to 2 walking between random free points (a new goal on each
//! arrival), one random object moved a small step (at most 0.1% of the
//! world's width and 0.01 rad) before every step: the loop of
//! `daedalus bench-dynamic --entities`. A step should be flat in N
//! (10^3 vs 10^5 within 2x), since navigation updates incrementally; with
//! goals anywhere a step's searches cross a world ten times as wide, so
//! `world_step_local` gives every entity goals within 60 units, walked at
//! 10 units/s in both worlds: only the world's size differs.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use daedalus::world::{EntityState, ObstacleId, Pose};
use daedalus::{Point, World};

#[path = "support/squares.rs"]
mod squares;
use squares::{Lcg, squares};

const ENTITIES: usize = 100;

struct Setup {
    w: World,
    objs: Vec<(ObstacleId, Pose)>,
    width: f64,
    rng: Lcg,
}

impl Setup {
    fn free(&mut self, r: f64) -> Point {
        loop {
            let p = Point::new(self.width * self.rng.f(), self.width * self.rng.f());
            if self.w.is_free(p, r).unwrap() {
                return p;
            }
        }
    }
}

impl Setup {
    /// A free point within `d` of `p` (in the world).
    fn free_near(&mut self, p: Point, r: f64, d: f64) -> Point {
        loop {
            let q = Point::new(
                (p.x + d * (2.0 * self.rng.f() - 1.0)).clamp(1.0, self.width - 1.0),
                (p.y + d * (2.0 * self.rng.f() - 1.0)).clamp(1.0, self.width - 1.0),
            );
            if self.w.is_free(q, r).unwrap() {
                return q;
            }
        }
    }
}

/// The world of `n` squares with its entities: walking at a tenth of the
/// width to goals anywhere, or (`local`) at 10 units/s to goals within
/// that distance.
fn world(n: usize, local: Option<f64>) -> Setup {
    let (w, objs, width, rng) = squares(n);
    let mut s = Setup {
        w,
        objs,
        width,
        rng,
    };
    for _ in 0..ENTITIES {
        let r = 0.5 + 1.5 * s.rng.f();
        let p = s.free(r);
        let speed = if local.is_some() { 10.0 } else { width / 10.0 };
        let e = s.w.add_entity(p, r, speed).unwrap();
        let g = match local {
            Some(d) => s.free_near(p, r, d),
            None => s.free(r),
        };
        s.w.set_goal(e, g).unwrap();
    }
    s.w.step(0.0).unwrap();
    s
}

impl Setup {
    /// One frame: a random object moves a small step, the world steps at
    /// 60 Hz, the arrived get new goals (anywhere, or within `local` of
    /// them). Returns the number of events.
    fn tick(&mut self, local: Option<f64>) -> usize {
        let k = (self.rng.f() * self.objs.len() as f64) as usize;
        let (id, pose) = self.objs[k];
        let step = 0.001 * self.width;
        let next = Pose {
            position: Point::new(
                (pose.position.x + step * (2.0 * self.rng.f() - 1.0)).clamp(3.0, self.width - 3.0),
                (pose.position.y + step * (2.0 * self.rng.f() - 1.0)).clamp(3.0, self.width - 3.0),
            ),
            rotation: pose.rotation + 0.01 * (2.0 * self.rng.f() - 1.0),
            ..pose
        };
        self.w.set_pose(id, next).unwrap();
        self.objs[k].1 = next;
        let ev = self.w.step(1.0 / 60.0).unwrap();
        // new goals for the arrived (part of a game's loop)
        if !ev.is_empty() {
            let arrived: Vec<_> = self
                .w
                .entities()
                .filter(|(_, e)| e.state() == EntityState::Arrived)
                .map(|(id, e)| (id, e.position(), e.radius()))
                .collect();
            for (id, p, r) in arrived {
                let g = match local {
                    Some(d) => self.free_near(p, r, d),
                    None => self.free(r),
                };
                self.w.set_goal(id, g).unwrap();
            }
        }
        ev.len()
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("world_step");
    g.sample_size(20);
    // `WORLD_STEP_LOCAL=1`: only the local group (the worlds of this one
    // take minutes to set up at 10^5: 100 trips across it).
    let sizes: &[usize] = match std::env::var("WORLD_STEP_LOCAL").as_deref() {
        Ok("1") => &[],
        _ => &[1_000, 10_000, 100_000],
    };
    for &n in sizes {
        let mut s = world(n, None);
        g.bench_function(BenchmarkId::from_parameter(n), |b| b.iter(|| s.tick(None)));
    }
    g.finish();
    // The same with every goal within `LOCAL` of the entity (a game's
    // errands, not trips across the world): what a step touches no longer
    // grows with the world, so 10^3 and 10^5 objects should cost the same.
    let mut g = c.benchmark_group("world_step_local");
    g.sample_size(20);
    for n in [1_000, 100_000] {
        // the same walking speed in both worlds (not a tenth of the width)
        let mut s = world(n, Some(LOCAL));
        g.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| s.tick(Some(LOCAL)))
        });
    }
    g.finish();
}

/// How far a `world_step_local` goal lies from its entity, at most.
const LOCAL: f64 = 60.0;

/// Side of the square holding the viewers of `sight`.
const WINDOW: f64 = 320.0;

/// `World::sightings` with 1,000 viewers that are also the targets (range
/// 60, opening 120 degrees, radii 0.5 to 2) in the same worlds: the cost
/// follows what the viewers see, so 10^3 and 10^5 objects should cost
/// about the same.
fn sight(c: &mut Criterion) {
    use daedalus::world::{Seen, View};
    let mut g = c.benchmark_group("world_sightings_1000");
    g.sample_size(20);
    for n in [1_000, 100_000] {
        let mut s = world(n, None);
        // The same density in both worlds: every entity in one 320 x 320
        // corner (the whole 10^3 world), so only the world's size differs.
        let ids: Vec<_> = s.w.entities().map(|(id, _)| id).collect();
        for id in ids {
            s.w.remove_entity(id).unwrap();
        }
        while s.w.entity_count() < 1_000 {
            let r = 0.5 + 1.5 * s.rng.f();
            let p = Point::new(WINDOW * s.rng.f(), WINDOW * s.rng.f());
            if s.w.is_free(p, r).unwrap() {
                s.w.add_entity(p, r, 1.0).unwrap();
            }
        }
        let ids: Vec<_> = s.w.entities().map(|(id, _)| id).collect();
        for id in ids {
            let view = View {
                direction: std::f64::consts::TAU * s.rng.f(),
                angle: 2.0 * std::f64::consts::FRAC_PI_3,
                range: 60.0,
            };
            s.w.set_view(id, Some(view)).unwrap();
        }
        let mut seen: Vec<Seen> = Vec::new();
        s.w.sightings(&mut seen).unwrap();
        println!("world_sightings_1000/{n}: {} sightings", seen.len());
        g.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| {
                s.w.sightings(&mut seen).unwrap();
                seen.len()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, sight);
criterion_main!(benches);
