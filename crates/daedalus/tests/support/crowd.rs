//! Shared scene and independent checks of the crowd tests: a world of two
//! rooms joined by a corridor with a choke point, entities of radii 0.5
//! to 2, and overlap measurements computed here from positions and wall
//! segments (never from what the crowd reports).
#![allow(dead_code)]

use daedalus::world::{Avoidance, EntityId, EntityState};
use daedalus::{Closure, Point, World};

use super::rng::Rng;

/// World size and corridor layout.
pub const W: f64 = 120.0;
pub const H: f64 = 60.0;
/// The choke's centre line: x = 60, from y = 23 to y = 37 (14 wide).
pub const CHOKE_X: f64 = 60.0;
pub const CHOKE_Y: [f64; 2] = [23.0, 37.0];

/// A world `w` by `h` with these open walls and avoidance on.
pub fn walled_world(w: f64, h: f64, walls: &[&[[f64; 2]]]) -> World {
    let mut world = World::new([0.0, 0.0], [w, h]).unwrap();
    for wall in walls {
        let pts: Vec<Point> = wall.iter().map(|&p| p.into()).collect();
        world.add_wall(&pts, Closure::Open).unwrap();
    }
    world.set_avoidance(Some(Avoidance::default())).unwrap();
    world
}

/// Two rooms (x < 45 and x > 75) joined by a corridor 24 wide (y from 18
/// to 42) that narrows to 14 at x = 60.
pub fn choke_world() -> World {
    let [y0, y1] = CHOKE_Y;
    walled_world(
        W,
        H,
        &[
            &[[45.0, 0.0], [45.0, 18.0], [75.0, 18.0], [75.0, 0.0]],
            &[[45.0, H], [45.0, 42.0], [75.0, 42.0], [75.0, H]],
            &[[52.0, 18.0], [CHOKE_X, y0], [68.0, 18.0]],
            &[[52.0, 42.0], [CHOKE_X, y1], [68.0, 42.0]],
        ],
    )
}

/// `n` entities (half in each room, radii 0.5 to 2, on a shuffled grid of
/// cells 5 apart) sent to the mirror image of their start in the other room.
pub fn spawn_swap(w: &mut World, n: usize, speed: f64, seed: u64) -> Vec<(EntityId, Point)> {
    let mut rng = Rng::splitmix(seed);
    let mut cells: Vec<Point> = Vec::new();
    for i in 0..8 {
        for j in 0..11 {
            cells.push(Point::new(4.0 + 5.0 * i as f64, 4.0 + 5.0 * j as f64));
        }
    }
    let mut out = Vec::new();
    for side in 0..2 {
        let mut c = cells.clone();
        for k in (1..c.len()).rev() {
            c.swap(k, (rng.next_u64() % (k as u64 + 1)) as usize);
        }
        for &cell in c.iter().take(n / 2 + (side * (n % 2))) {
            let r = 0.5 + 1.5 * rng.unit();
            let (start, goal) = if side == 0 {
                (cell, Point::new(W - cell.x, cell.y))
            } else {
                (Point::new(W - cell.x, cell.y), cell)
            };
            let id = w.add_entity(start, r, speed).unwrap();
            w.set_goal(id, goal).unwrap();
            out.push((id, goal));
        }
    }
    out
}

/// Every wall segment of the world, from the obstacles' own segments and
/// the world border.
pub fn walls(w: &World) -> Vec<(Point, Point)> {
    let mut out: Vec<(Point, Point)> = Vec::new();
    for o in w.obstacles() {
        out.extend(w.obstacle_walls(o).unwrap());
    }
    let [x0, y0, x1, y1]: [f64; 4] = w.cdt().bounds().into();
    let c = [
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ];
    for i in 0..4 {
        out.push((c[i], c[(i + 1) % 4]));
    }
    out
}

/// Distance from `p` to segment `a b`.
pub fn seg_dist(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let l2 = ab.dot(ab);
    let t = if l2 > 0.0 {
        ((p - a).dot(ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Worst overlaps of a frame, relative to the radius that counts: between
/// two entities (of the smaller radius) and with a wall (of the entity's).
#[derive(Clone, Copy, Debug, Default)]
pub struct Worst {
    pub pair: f64,
    pub wall: f64,
}

/// Centre and radius of each entity, in `ids` order.
pub fn discs(w: &World, ids: &[EntityId]) -> Vec<(Point, f64)> {
    ids.iter()
        .map(|&i| {
            let e = w.entity(i).unwrap();
            (e.position(), e.radius())
        })
        .collect()
}

pub fn measure(w: &World, ids: &[EntityId], walls: &[(Point, Point)]) -> Worst {
    let discs = discs(w, ids);
    let mut worst = Worst::default();
    for i in 0..discs.len() {
        let (p, r) = discs[i];
        for &(q, s) in &discs[i + 1..] {
            let over = r + s - p.distance(q);
            worst.pair = worst.pair.max(over / r.min(s));
        }
        for &(a, b) in walls {
            worst.wall = worst.wall.max((r - seg_dist(p, a, b)) / r);
        }
    }
    worst
}

/// How many entities are at their goals.
pub fn arrived(w: &World, ids: &[EntityId]) -> usize {
    ids.iter()
        .filter(|&&i| w.entity(i).unwrap().state() == EntityState::Arrived)
        .count()
}

/// Steps (at most 10 s) until no entity moves, checking overlaps.
pub fn settle(w: &mut World, ids: &[EntityId], walls: &[(Point, Point)]) {
    for _ in 0..100 {
        let before: Vec<Point> = ids
            .iter()
            .map(|&i| w.entity(i).unwrap().position())
            .collect();
        w.step(0.1).unwrap();
        let m = measure(w, ids, walls);
        assert!(
            m.pair <= 0.01 && m.wall <= 0.01,
            "overlap while settling: {m:?}"
        );
        if ids
            .iter()
            .zip(&before)
            .all(|(&i, &p)| w.entity(i).unwrap().position() == p)
        {
            return;
        }
    }
}
