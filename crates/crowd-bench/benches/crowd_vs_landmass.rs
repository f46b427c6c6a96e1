//! One crowd step for 1,000 entities on a shared map, ours
//! (`World::step` with avoidance) against landmass (its own navigation
//! and `dodgy_2d` avoidance), on the same walls, entities and goals.
//!
//! landmass gets a navigation mesh made of our CDT's free triangles (the
//! component the entities stand in). Both run `SECONDS` of simulated time
//! at `DT`; each step is timed, the medians and how many entities reached
//! their goals are printed, and our entities are checked against the
//! walls after every step (`Cdt::clearance`, not the crowd's own view);
//! every 10th step both crowds are measured from their positions and our
//! walls (discs more than 1 % of their radius inside a wall, pairs
//! overlapping by more than 1 % of the smaller radius; the worst frame of
//! each is printed), which is what the arrivals of each side mean.
//! Criterion then times single steps of both from the same mid-run state.
//!
//! Run: `cargo bench --manifest-path crates/crowd-bench/Cargo.toml`
//! (a workspace of its own, see its Cargo.toml). `CROWD_MAP` picks another
//! map under `maps/` of the data folder, `CROWD_SECONDS` another run length.

#[path = "../../daedalus/tests/support/data.rs"]
mod data;
#[path = "../shared/setup.rs"]
mod setup;

use daedalus::world::EntityDef;
use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use daedalus::scenario::Scenario;
use daedalus::world::{Avoidance, EntityId, EntityState};
use daedalus::{Point, World};
use glam::Vec2;
use landmass::{
    Agent, AgentId, AgentState, Archipelago, ArchipelagoOptions, FromAgentRadius, Island,
    NavigationMesh, TargetReachedCondition, Transform, XY,
};
use setup::{AGENTS, RADIUS, Rng, free_triangles, map_world, trips};

const SPEED: f64 = 4.0;
const DT: f64 = 0.1;
const SECONDS: f64 = 30.0;
const MAP: &str = "room/64room_000.scenario.json";

struct Ours {
    w: World,
    ids: Vec<EntityId>,
}

impl Ours {
    fn new(s: &Scenario, trips: &[(Point, Point)]) -> Ours {
        let mut w = map_world(s);
        w.set_avoidance(Some(Avoidance::default())).unwrap();
        let ids = trips
            .iter()
            .map(|&(a, b)| {
                let id = w.add_entity(EntityDef::at(a).radius(RADIUS).speed(SPEED)).unwrap();
                w.set_goal(id, b).unwrap();
                id
            })
            .collect();
        Ours { w, ids }
    }
    fn step(&mut self) {
        self.w.step(DT).unwrap();
    }
    fn reached(&self) -> usize {
        self.ids
            .iter()
            .filter(|&&i| self.w.entity(i).unwrap().state() == EntityState::Arrived)
            .count()
    }
    fn discs(&self) -> Vec<(Point, f64)> {
        self.ids
            .iter()
            .map(|&i| {
                let e = self.w.entity(i).unwrap();
                (e.position(), e.radius())
            })
            .collect()
    }
    /// Entities nearer a wall than their radius (tolerance 1e-9 r).
    fn in_walls(&self) -> usize {
        self.ids
            .iter()
            .filter(|&&i| {
                let e = self.w.entity(i).unwrap();
                self.w.clearance(e.position()).unwrap() < e.radius() * (1.0 - 1e-9)
            })
            .count()
    }
}

struct Theirs {
    a: Archipelago<XY>,
    ids: Vec<AgentId>,
}

impl Theirs {
    fn new(w: &World, trips: &[(Point, Point)]) -> Theirs {
        let tri = free_triangles(w, trips[0].0);
        let mut vertices: Vec<Vec2> = Vec::new();
        let mut index: std::collections::HashMap<[u64; 2], usize> = Default::default();
        let mut polygons = Vec::new();
        for t in &tri {
            let poly: Vec<usize> = t
                .iter()
                .map(|p| {
                    *index
                        .entry([p.x.to_bits(), p.y.to_bits()])
                        .or_insert_with(|| {
                            vertices.push(Vec2::new(p.x as f32, p.y as f32));
                            vertices.len() - 1
                        })
                })
                .collect();
            polygons.push(poly);
        }
        let n = polygons.len();
        let mesh = NavigationMesh::<XY> {
            vertices,
            polygons,
            polygon_type_indices: vec![0; n],
            height_mesh: None,
        };
        let valid = Arc::new(mesh.validate().expect("our triangles make a valid mesh"));
        let av = Avoidance::default();
        let mut opts = ArchipelagoOptions::<XY>::from_agent_radius(RADIUS as f32);
        opts.avoidance_time_horizon = av.time_horizon as f32;
        opts.obstacle_avoidance_time_horizon = av.wall_time_horizon as f32;
        let mut a = Archipelago::new(opts);
        a.add_island(Island::new(
            Transform {
                translation: Vec2::ZERO,
                rotation: 0.0,
            },
            valid,
        ));
        let ids = trips
            .iter()
            .map(|&(s, g)| {
                let mut ag = Agent::create(
                    Vec2::new(s.x as f32, s.y as f32),
                    Vec2::ZERO,
                    RADIUS as f32,
                    SPEED as f32,
                    SPEED as f32,
                );
                ag.current_target = Some(Vec2::new(g.x as f32, g.y as f32));
                ag.target_reached_condition = TargetReachedCondition::Distance(Some(0.05));
                a.add_agent(ag)
            })
            .collect();
        Theirs { a, ids }
    }
    /// landmass computes velocities; the game moves the agents.
    fn step(&mut self) {
        self.a.update(DT as f32);
        for &id in &self.ids {
            let ag = self.a.get_agent_mut(id).unwrap();
            ag.velocity = *ag.get_desired_velocity();
            ag.position += ag.velocity * DT as f32;
        }
    }
    fn reached(&self) -> usize {
        self.ids
            .iter()
            .filter(|&&i| self.a.get_agent(i).unwrap().state() == AgentState::ReachedTarget)
            .count()
    }
    fn discs(&self) -> Vec<(Point, f64)> {
        self.ids
            .iter()
            .map(|&i| {
                let p = self.a.get_agent(i).unwrap().position;
                (Point::new(p.x as f64, p.y as f64), RADIUS)
            })
            .collect()
    }
}

/// What a frame breaks, measured from positions and our walls (not from
/// either crowd's own view): discs more than 1 % of their radius inside a
/// wall, pairs overlapping by more than 1 % of the smaller radius.
#[derive(Clone, Copy, Debug, Default)]
struct Breaks {
    in_walls: usize,
    pairs: usize,
}

fn breaks(w: &World, discs: &[(Point, f64)]) -> Breaks {
    let in_walls = discs
        .iter()
        .filter(|&&(p, r)| w.clearance(p).map_or(true, |c| c < 0.99 * r))
        .count();
    // pairs through a grid of cells as wide as the largest diameter
    let cell = 2.0 * discs.iter().fold(0.0f64, |m, d| m.max(d.1));
    let key = |p: Point| ((p.x / cell).floor() as i64, (p.y / cell).floor() as i64);
    let mut grid: std::collections::HashMap<(i64, i64), Vec<usize>> = Default::default();
    for (i, d) in discs.iter().enumerate() {
        grid.entry(key(d.0)).or_default().push(i);
    }
    let mut pairs = 0;
    for (i, &(p, r)) in discs.iter().enumerate() {
        let (x, y) = key(p);
        for k in [
            (x - 1, y - 1),
            (x - 1, y),
            (x - 1, y + 1),
            (x, y - 1),
            (x, y),
            (x, y + 1),
            (x + 1, y - 1),
            (x + 1, y),
            (x + 1, y + 1),
        ] {
            for &j in grid.get(&k).map_or(&[][..], |v| &v[..]) {
                let (q, s) = discs[j];
                if j > i && r + s - p.distance(q) > 0.01 * r.min(s) {
                    pairs += 1;
                }
            }
        }
    }
    Breaks { in_walls, pairs }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn bench(c: &mut Criterion) {
    let name = std::env::var("CROWD_MAP").unwrap_or_else(|_| MAP.to_string());
    let path = data::data().dir.join("maps").join(&name);
    let s = Scenario::load(&path).unwrap();
    let w = map_world(&s);
    let trips = trips(&w, &mut Rng(42));
    let mut ours = Ours::new(&s, &trips);
    let mut theirs = Theirs::new(&w, &trips);
    // CROWD_SECONDS: a longer run (arrivals once the jams have formed)
    let seconds = std::env::var("CROWD_SECONDS").map_or(SECONDS, |s| s.parse().expect("seconds"));
    let steps = (seconds / DT).round() as usize;
    let (mut t_ours, mut t_theirs) = (Vec::new(), Vec::new());
    let mut in_walls = 0;
    // worst frame of each, checked every 10th step (outside the timings)
    let (mut b_ours, mut b_theirs) = (Breaks::default(), Breaks::default());
    for k in 0..steps {
        let t = Instant::now();
        ours.step();
        t_ours.push(t.elapsed().as_secs_f64());
        in_walls = in_walls.max(ours.in_walls());
        let t = Instant::now();
        theirs.step();
        t_theirs.push(t.elapsed().as_secs_f64());
        if k % 10 == 9 {
            let (o, t) = (breaks(&w, &ours.discs()), breaks(&w, &theirs.discs()));
            b_ours.in_walls = b_ours.in_walls.max(o.in_walls);
            b_ours.pairs = b_ours.pairs.max(o.pairs);
            b_theirs.in_walls = b_theirs.in_walls.max(t.in_walls);
            b_theirs.pairs = b_theirs.pairs.max(t.pairs);
        }
    }
    let (mo, mt) = (median(t_ours), median(t_theirs));
    println!(
        "crowd_vs_landmass {name}: {AGENTS} agents, {steps} steps of {DT} s: \
         daedalus median {:.3} ms/step, reached {}; landmass median {:.3} ms/step, \
         reached {}; ratio {:.2}x; daedalus entities inside a wall at any step: {in_walls}",
        mo * 1e3,
        ours.reached(),
        mt * 1e3,
        theirs.reached(),
        mo / mt,
    );
    println!(
        "worst frame of every 10th step (> 1 % of the radius): daedalus {} inside a wall, \
         {} overlapping pairs; landmass {} inside a wall, {} overlapping pairs",
        b_ours.in_walls, b_ours.pairs, b_theirs.in_walls, b_theirs.pairs
    );
    // single steps from the same mid-run state
    let mut ours = Ours::new(&s, &trips);
    let mut theirs = Theirs::new(&w, &trips);
    for _ in 0..50 {
        ours.step();
        theirs.step();
    }
    let mut g = c.benchmark_group("crowd_step_1000");
    g.sample_size(20);
    g.bench_function("daedalus", |b| b.iter(|| ours.step()));
    g.bench_function("landmass", |b| b.iter(|| theirs.step()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
