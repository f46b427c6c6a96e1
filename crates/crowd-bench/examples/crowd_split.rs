//! Ours alone, for A/B work on the crowd step: the bench's 64room run
//! (1,000 entities of radius 0.5, 300 steps) or the tests' choke swap
//! (`swap SEED`, 100 entities, 1,500 steps). Prints the median step time,
//! re-plans, arrivals and an FNV hash of every position at every step (the
//! same hash before and after a change: the behaviour did not change).
//!
//! Run: `cargo run --profile bench --manifest-path crates/crowd-bench/Cargo.toml
//! --example crowd_split [-- swap SEED]`

#[path = "../../daedalus/tests/crowd_common/mod.rs"]
mod crowd_common;
#[path = "../../daedalus/tests/support/data.rs"]
mod data;

use std::collections::HashSet;
use std::time::Instant;

use daedalus::triangulation::Location;
const AGENTS: usize = 1000;
const RADIUS: f64 = 0.5;
const TRIP: f64 = 60.0;

use daedalus::scenario::Scenario;
use daedalus::world::{Avoidance, Closure, EntityId, EntityState};
use daedalus::{Point, World};

struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn map_world(s: &Scenario) -> World {
    let [x0, y0, x1, y1] = s.bounds;
    let mut w = World::new([x0, y0], [x1, y1]).unwrap();
    for i in 0..s.rings.len() {
        w.add_wall(&s.ring_points(i), Closure::Closed).unwrap();
    }
    for g in &s.segments {
        let seg = [Point::new(g[0], g[1]), Point::new(g[2], g[3])];
        w.add_wall(&seg, Closure::Open).unwrap();
    }
    w
}

/// The triangles reachable from `p` without crossing a wall.
fn free_triangles(w: &World, p: Point) -> Vec<[Point; 3]> {
    let cdt = w.cdt();
    let m = cdt.mesh();
    let Ok(Location::Face(f0)) = cdt.locate(p) else {
        panic!("start point not inside a triangle");
    };
    let mut seen = HashSet::from([f0.index()]);
    let (mut stack, mut out) = (vec![f0], Vec::new());
    while let Some(f) = stack.pop() {
        let [a, b, c] = m.triangle(f).unwrap();
        out.push([a, b, c].map(|v| m.position(v).unwrap()));
        for e in m.face_edges(f).unwrap() {
            if m.is_constrained(e).unwrap() {
                continue;
            }
            let g = m.right_face(e).unwrap();
            if !m.is_outer_face(g).unwrap() && seen.insert(g.index()) {
                stack.push(g);
            }
        }
    }
    out
}

/// Starts and goals: free for the radius, in the component of the first
/// start, starts (and goals) apart from each other.
fn trips(w: &World, rng: &mut Rng) -> Vec<(Point, Point)> {
    let [x0, y0, x1, y1]: [f64; 4] = w.cdt().bounds().into();
    let mut pick = |near: Option<Point>| loop {
        let p = match near {
            None => Point::new(x0 + (x1 - x0) * rng.unit(), y0 + (y1 - y0) * rng.unit()),
            Some(c) => Point::new(
                c.x + TRIP * (2.0 * rng.unit() - 1.0),
                c.y + TRIP * (2.0 * rng.unit() - 1.0),
            ),
        };
        if p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1 && w.is_free(p, RADIUS).unwrap() {
            return p;
        }
    };
    let first = pick(None);
    let tri = free_triangles(w, first);
    let in_component = |p: Point| {
        tri.iter().any(|t| {
            let d = |a: Point, b: Point| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
            d(t[0], t[1]) >= 0.0 && d(t[1], t[2]) >= 0.0 && d(t[2], t[0]) >= 0.0
        })
    };
    let apart = |list: &[(Point, Point)], p: Point, which: usize| {
        list.iter().all(|t| {
            let q = if which == 0 { t.0 } else { t.1 };
            q.distance(p) >= 2.0 * RADIUS + 0.2
        })
    };
    let mut out: Vec<(Point, Point)> = Vec::new();
    while out.len() < AGENTS {
        let s = if out.is_empty() { first } else { pick(None) };
        if !in_component(s) || !apart(&out, s, 0) {
            continue;
        }
        let g = pick(Some(s));
        if in_component(g) && apart(&out, g, 1) {
            out.push((s, g));
        }
    }
    out
}

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
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "median {:.3} ms/step, reached {reached}/{}, replans {}, hash {hash:016x}",
        times[times.len() / 2] * 1e3,
        ids.len(),
        w.replans()
    );
}
