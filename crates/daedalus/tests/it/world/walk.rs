//! Entities walking while obstacles move: at every step no entity's disc
//! overlaps a wall or obstacle by more than 1e-9 (except one the world has
//! reported blocked because an obstacle moved onto it), measured in the
//! test from the positions and the walls (`obstacle_walls` =
//! `shape_segments`, the world border, and the inside of closed
//! outlines), not from what the world reports. Also the new-user scenario
//! of issue 10 (all five entities arrive) and obstacles moving onto
//! entities (pushed free, or blocked and freed later).

use std::collections::HashSet;

use daedalus::objects::Object;
use daedalus::world::{BlockReason, Closure, EntityId, EntityState, Event, ObstacleId, Pose};
use daedalus::{Point, World};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Distance from `q` to segment `a b`, written out here (independent).
fn seg_dist(q: Point, a: Point, b: Point) -> f64 {
    let (vx, vy) = (b.x - a.x, b.y - a.y);
    let l2 = vx * vx + vy * vy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((q.x - a.x) * vx + (q.y - a.y) * vy) / l2).clamp(0.0, 1.0)
    };
    (q.x - (a.x + t * vx)).hypot(q.y - (a.y + t * vy))
}

/// Even-odd point in polygon (strict inside; float, fine for a test).
fn inside(poly: &[Point], q: Point) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.y > q.y) != (b.y > q.y) {
            let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if q.x < x {
                c = !c;
            }
        }
    }
    c
}

/// How deep the entity's disc goes into a wall or obstacle (0 when clear).
fn overlap(w: &World, q: Point, r: f64) -> f64 {
    let [x0, y0, x1, y1]: [f64; 4] = w.cdt().bounds().into();
    let mut segs = vec![
        (p(x0, y0), p(x1, y0)),
        (p(x1, y0), p(x1, y1)),
        (p(x1, y1), p(x0, y1)),
        (p(x0, y1), p(x0, y0)),
    ];
    let mut deep: f64 = 0.0;
    for o in w.obstacles() {
        segs.extend(w.obstacle_walls(o).unwrap());
        if w.obstacle_closure(o).unwrap() == Closure::Closed
            && inside(&w.obstacle_outline(o).unwrap(), q)
        {
            deep = deep.max(r + 1.0); // inside a closed obstacle
        }
    }
    for (a, b) in segs {
        deep = deep.max(r - seg_dist(q, a, b));
    }
    deep
}

/// Tracks the entities reported blocked by an obstacle moving onto them.
#[derive(Default)]
struct Covered(HashSet<EntityId>);

impl Covered {
    fn note(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Blocked {
                    entity,
                    reason: BlockReason::Covered { .. },
                } => {
                    self.0.insert(*entity);
                }
                Event::Unblocked(entity) => {
                    self.0.remove(entity);
                }
                _ => {}
            }
        }
    }
}

fn check_all(w: &World, covered: &Covered, step: usize) {
    for (id, e) in w.entities() {
        if covered.0.contains(&id) {
            continue;
        }
        let d = overlap(w, e.position(), e.radius());
        assert!(
            d <= 1e-9,
            "step {step}: entity {id:?} at {:?} (r {}) overlaps by {d}, state {:?}",
            e.position(),
            e.radius(),
            e.state()
        );
    }
}

fn square(h: f64) -> Object {
    Object::new(
        vec![p(-h, -h), p(h, -h), p(h, h), p(-h, h)],
        Closure::Closed,
    )
}

/// The scenario of issue 10, part 4: 200 x 120, 12 walls, 4 moving
/// obstacles, 5 entities of radii 0.5 to 3.
fn new_user_world() -> (World, Vec<ObstacleId>, Vec<(EntityId, Point)>) {
    let mut w = World::new([0.0, 0.0], [200.0, 120.0]).unwrap();
    let walls = [
        (p(40.0, 0.0), p(40.0, 50.0)),
        (p(40.0, 70.0), p(40.0, 120.0)),
        (p(80.0, 20.0), p(80.0, 120.0)),
        (p(120.0, 0.0), p(120.0, 90.0)),
        (p(160.0, 30.0), p(160.0, 120.0)),
        (p(10.0, 60.0), p(30.0, 60.0)),
        (p(50.0, 90.0), p(70.0, 90.0)),
        (p(90.0, 40.0), p(110.0, 40.0)),
        (p(130.0, 100.0), p(150.0, 100.0)),
        (p(170.0, 80.0), p(190.0, 80.0)),
        (p(60.0, 20.0), p(70.0, 30.0)),
        (p(140.0, 50.0), p(150.0, 60.0)),
    ];
    for (a, b) in walls {
        w.add_wall(&[a, b], Closure::Open).unwrap();
    }
    let movers: Vec<ObstacleId> = [
        p(60.0, 60.0),
        p(100.0, 70.0),
        p(140.0, 20.0),
        p(180.0, 50.0),
    ]
    .into_iter()
    .map(|c| {
        let id = w.add_object(square(3.0)).unwrap();
        w.set_position(id, c).unwrap();
        id
    })
    .collect();
    let mut ents = Vec::new();
    for (i, r) in [0.5, 1.0, 1.5, 2.0, 3.0].into_iter().enumerate() {
        let y = 10.0 + 25.0 * i as f64;
        let e = w.add_entity([8.0, y], r, 30.0).unwrap();
        let goal = p(192.0, 110.0 - 25.0 * i as f64);
        w.set_goal(e, goal).unwrap();
        ents.push((e, goal));
    }
    (w, movers, ents)
}

fn move_obstacles(w: &mut World, movers: &[ObstacleId], t: f64) {
    let base = [
        p(60.0, 60.0),
        p(100.0, 70.0),
        p(140.0, 20.0),
        p(180.0, 50.0),
    ];
    for (k, (&id, c)) in movers.iter().zip(base).enumerate() {
        let ph = t * (1.0 + 0.3 * k as f64) + k as f64;
        let pos = if k % 2 == 0 {
            p(c.x, c.y + 15.0 * ph.sin())
        } else {
            p(c.x + 12.0 * ph.sin(), c.y)
        };
        w.set_pose(
            id,
            Pose {
                position: pos,
                rotation: 0.5 * ph,
                ..Pose::default()
            },
        )
        .unwrap();
    }
}

#[test]
fn new_user_scenario_everyone_arrives_and_never_overlaps() {
    let (mut w, movers, ents) = new_user_world();
    let mut covered = Covered::default();
    let mut arrived = HashSet::new();
    let dt = 1.0 / 60.0;
    for step in 0..(20 * 60) {
        move_obstacles(&mut w, &movers, step as f64 * dt);
        let ev = w.step(dt).unwrap();
        covered.note(&ev);
        for e in &ev {
            if let Event::Arrived(id) = e {
                arrived.insert(*id);
            }
        }
        check_all(&w, &covered, step);
    }
    for (id, goal) in &ents {
        let e = w.entity(*id).unwrap();
        assert!(
            arrived.contains(id) && e.position() == *goal,
            "{id:?} (r {}) at {:?}, state {:?}, error {:?}",
            e.radius(),
            e.position(),
            e.state(),
            e.last_error()
        );
    }
}

#[test]
fn random_walkers_among_random_movers_never_overlap() {
    let mut rng = crate::support::rng::Rng::lcg(0x9e3779b97f4a7c15);
    let mut rnd = move || rng.unit();
    let mut w = World::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    for _ in 0..8 {
        let (x, y) = (10.0 + 80.0 * rnd(), 10.0 + 80.0 * rnd());
        let (dx, dy) = (20.0 * rnd() - 10.0, 20.0 * rnd() - 10.0);
        w.add_wall(&[p(x, y), p(x + dx, y + dy)], Closure::Open)
            .unwrap();
    }
    let mut movers = Vec::new();
    for _ in 0..10 {
        let id = w.add_object(square(1.0 + 2.0 * rnd())).unwrap();
        w.set_position(id, [10.0 + 80.0 * rnd(), 10.0 + 80.0 * rnd()])
            .unwrap();
        movers.push(id);
    }
    w.step(0.0).unwrap();
    let mut ents = Vec::new();
    while ents.len() < 12 {
        let q = p(5.0 + 90.0 * rnd(), 5.0 + 90.0 * rnd());
        let r = 0.5 + 1.5 * rnd();
        if w.is_free(q, r).unwrap() && overlap(&w, q, r) == 0.0 {
            ents.push(w.add_entity(q, r, 10.0 + 10.0 * rnd()).unwrap());
        }
    }
    let mut covered = Covered::default();
    let dt = 1.0 / 60.0;
    let mut arrivals = 0;
    for step in 0..1500 {
        // a few obstacles drift each step (up to 0.3 units, 0.05 rad)
        for _ in 0..3 {
            let id = movers[(rnd() * movers.len() as f64) as usize];
            let pose = w.pose(id).unwrap();
            let pos = p(
                (pose.position.x + 0.6 * rnd() - 0.3).clamp(5.0, 95.0),
                (pose.position.y + 0.6 * rnd() - 0.3).clamp(5.0, 95.0),
            );
            w.set_pose(
                id,
                Pose {
                    position: pos,
                    rotation: pose.rotation + 0.1 * rnd() - 0.05,
                    ..pose
                },
            )
            .unwrap();
        }
        for &e in &ents {
            let st = w.entity(e).unwrap().state();
            if matches!(st, EntityState::Idle | EntityState::Arrived) {
                w.set_goal(e, [5.0 + 90.0 * rnd(), 5.0 + 90.0 * rnd()])
                    .unwrap();
            }
        }
        let ev = w.step(dt).unwrap();
        arrivals += ev.iter().filter(|e| matches!(e, Event::Arrived(_))).count();
        covered.note(&ev);
        check_all(&w, &covered, step);
    }
    assert!(arrivals >= 12, "only {arrivals} arrivals");
}

#[test]
fn an_obstacle_moving_onto_an_entity_pushes_it_or_blocks_it() {
    let mut w = World::new([0.0, 0.0], [50.0, 50.0]).unwrap();
    let crate_ = w.add_object(square(5.0)).unwrap();
    w.set_position(crate_, [20.0, 20.0]).unwrap();
    let e = w.add_entity([26.5, 20.0], 1.0, 5.0).unwrap();
    w.step(0.0).unwrap();
    assert_eq!(overlap(&w, w.entity(e).unwrap().position(), 1.0), 0.0);
    // The crate moves 1 unit right: its side (x = 26) now 0.5 from the
    // entity's centre. The nearest free spot is 1 unit right of the side.
    w.set_position(crate_, [21.0, 20.0]).unwrap();
    let ev = w.step(0.0).unwrap();
    let q = w.entity(e).unwrap().position();
    assert!(
        matches!(ev.as_slice(), [Event::Pushed { entity, from, to }] if *entity == e && *from == p(26.5, 20.0) && *to == q),
        "{ev:?}"
    );
    assert!(overlap(&w, q, 1.0) <= 0.0);
    assert!((q.x - 27.0).abs() < 1e-6 && q.y == 20.0, "{q:?}");
    // Jump the crate over the entity: its centre inside, blocked.
    w.set_position(crate_, [q.x, q.y]).unwrap();
    let ev = w.step(0.0).unwrap();
    assert_eq!(
        ev,
        vec![Event::Blocked {
            entity: e,
            reason: BlockReason::Covered { by: Some(crate_) }
        }]
    );
    // Far away moves change nothing for it; moving the crate off frees it.
    w.set_position(crate_, [10.0, 40.0]).unwrap();
    let ev = w.step(0.0).unwrap();
    assert_eq!(ev, vec![Event::Unblocked(e)]);
    assert_eq!(w.entity(e).unwrap().state(), EntityState::Idle);
    assert_eq!(overlap(&w, w.entity(e).unwrap().position(), 1.0), 0.0);
}
