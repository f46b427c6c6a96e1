//! What the landmass bench and the `crowd_split` example share: the map's
//! world and the seeded trips of its entities (included by `#[path]`: the
//! crate has no library code, since daedalus is only a dev-dependency).

use std::collections::HashSet;

use daedalus::scenario::Scenario;
use daedalus::triangulation::Location;
use daedalus::world::Closure;
use daedalus::{Point, World};

/// Entities in a run.
pub const AGENTS: usize = 1000;
/// Their radius.
pub const RADIUS: f64 = 0.5;
/// Start and goal at most this far apart (straight line).
pub const TRIP: f64 = 60.0;

pub struct Rng(pub u64);

impl Rng {
    pub fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub fn map_world(s: &Scenario) -> World {
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
pub fn free_triangles(w: &World, p: Point) -> Vec<[Point; 3]> {
    let cdt = w.cdt();
    let m = cdt.mesh();
    let Ok(Location::Face(f0)) = cdt.locate(p) else {
        panic!("start point not inside a triangle");
    };
    let f0 = m.face(f0).unwrap();
    let mut seen = HashSet::from([f0.index()]);
    let (mut stack, mut out) = (vec![f0], Vec::new());
    while let Some(f) = stack.pop() {
        out.push(f.positions());
        for e in f.edges() {
            if e.is_constrained() {
                continue;
            }
            let g = e.right_face();
            if !g.is_outer() && seen.insert(g.index()) {
                stack.push(g);
            }
        }
    }
    out
}

/// Starts and goals: free for the radius, in the component of the first
/// start, starts (and goals) apart from each other.
pub fn trips(w: &World, rng: &mut Rng) -> Vec<(Point, Point)> {
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
