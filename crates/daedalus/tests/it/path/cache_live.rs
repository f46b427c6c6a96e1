//! The radius > 0 search keeps its tangent edges across changes of the
//! world, dropping only what a change reached. Objects move between the
//! queries of one finder; after every change the finder's kept entries are
//! audited against a fresh computation on the patched snapshot
//! (`PathFinder::audit_tangent_cache`), and every answer is compared with
//! the answer of a new finder, which keeps nothing.

use crate::support::rng::Rng;
use daedalus::objects::{Object, ObjectId, Objects};
use daedalus::path::{NavMesh, PathFinder};
use daedalus::triangulation::Cdt;
use daedalus::{Closure, Point};

/// A world with static walls and movable objects, patched after each change.
struct Moving {
    cdt: Cdt,
    table: Objects,
    nav: NavMesh,
    objects: Vec<(ObjectId, Point)>,
    /// Where objects may go (x range).
    xs: (f64, f64),
}

impl Moving {
    /// The walls of `cdt` plus `n` objects, the `k`-th at the centre and
    /// size `place(k)` draws (moved within `xs` later), navigation ready.
    fn new(
        cdt: Cdt,
        xs: (f64, f64),
        n: usize,
        mut place: impl FnMut(usize) -> (Point, f64),
    ) -> Moving {
        let mut m = Moving {
            cdt,
            table: Objects::new(),
            nav: NavMesh::default(),
            objects: Vec::new(),
            xs,
        };
        for k in 0..n {
            let (c, size) = place(k);
            m.add_object(c, size, 3 + k % 3);
        }
        m.table.update(&mut m.cdt).unwrap();
        m.nav.update(&mut m.cdt);
        m
    }

    fn add_object(&mut self, c: Point, size: f64, sides: usize) {
        let pts: Vec<Point> = (0..sides)
            .map(|k| {
                let a = k as f64 * std::f64::consts::TAU / sides as f64 + 0.3;
                Point::new(c.x + size * a.cos(), c.y + size * a.sin())
            })
            .collect();
        let mut o = Object::new(pts, Closure::Closed);
        o.set_pivot([c.x, c.y]);
        o.set_position([c.x, c.y]);
        let id = self.table.insert(&mut self.cdt, o).unwrap();
        self.objects.push((id, c));
    }

    /// Moves one object a little (back home if refused) and patches.
    fn change(&mut self, rng: &mut Rng) {
        self.change_many(rng, 1);
    }

    /// Moves `n` objects a little each, then patches once (a frame moving
    /// them all; all back home if refused).
    fn change_many(&mut self, rng: &mut Rng, n: usize) {
        for _ in 0..n {
            let k = rng.below(self.objects.len() as u64) as usize;
            let (id, home) = self.objects[k];
            let p = Point::new(
                (home.x + rng.range(-2.0, 2.0)).clamp(self.xs.0, self.xs.1),
                home.y + rng.range(-2.0, 2.0),
            );
            let o = self.table.get_mut(id).unwrap();
            o.set_position([p.x, p.y]);
            o.set_rotation(rng.range(-0.8, 0.8));
        }
        if self.table.update(&mut self.cdt).is_err() {
            for &(id, home) in &self.objects {
                let o = self.table.get_mut(id).unwrap();
                o.set_position([home.x, home.y]);
                o.set_rotation(0.0);
            }
            self.table.update(&mut self.cdt).unwrap();
        }
        let u = self.nav.update(&mut self.cdt);
        assert!(!u.rebuilt, "a small move is patched");
    }
}

/// The persistent finder answers as a new one does (same outcome, same
/// length within 1e-9); whether a path was found.
fn same_as_fresh(nav: &NavMesh, kept: &mut PathFinder, q: (Point, Point, f64)) -> bool {
    let (s, t, r) = q;
    let got = kept.find_path(nav, s, t, r);
    let want = PathFinder::new().find_path(nav, s, t, r);
    match (&got, &want) {
        (Ok(a), Ok(b)) => {
            assert!(
                (a.length() - b.length()).abs() <= 1e-9 * b.length().max(1.0),
                "{q:?}: {} with kept edges, {} fresh",
                a.length(),
                b.length()
            );
            true
        }
        (Err(a), Err(b)) if std::mem::discriminant(a) == std::mem::discriminant(b) => false,
        _ => panic!("{q:?}: {got:?} with kept edges, {want:?} fresh"),
    }
}

/// Runs `queries` twice on one finder, then 30 updates of `m` moving
/// `moves` objects each: after each the audit must find every kept entry
/// still kept (none dropped, by the audit's count and by the finder's),
/// and the queries then answer as a new finder does.
fn changes_drop_nothing(
    m: &mut Moving,
    queries: &[(Point, Point, f64)],
    rng: &mut Rng,
    moves: usize,
) {
    let mut kept = PathFinder::new();
    let mut paths = 0;
    for _ in 0..2 {
        for &q in queries {
            paths += usize::from(same_as_fresh(&m.nav, &mut kept, q));
        }
    }
    let before = audit(&mut kept, &m.nav);
    eprintln!("{before} entries kept");
    assert!(before > 10, "only {before} entries kept");
    let dropped = kept.tangent_cache_counts().dropped;
    for _ in 0..30 {
        m.change_many(rng, moves);
        assert_eq!(audit(&mut kept, &m.nav), before, "an entry was dropped");
    }
    for &q in queries {
        paths += usize::from(same_as_fresh(&m.nav, &mut kept, q));
    }
    assert_eq!(kept.tangent_cache_counts().dropped, dropped);
    assert!(paths > 10, "only {paths} paths compared");
}

fn audit(f: &mut PathFinder, nav: &NavMesh) -> usize {
    f.audit_tangent_cache(nav)
        .unwrap_or_else(|e| panic!("a kept entry no longer holds: {e}"))
}

/// `n` short walls (up to 2 long each way) starting in the box `xs` x `ys`.
fn posts(cdt: &mut Cdt, rng: &mut Rng, n: usize, xs: (f64, f64), ys: (f64, f64)) {
    for _ in 0..n {
        let a = Point::new(rng.range(xs.0, xs.1), rng.range(ys.0, ys.1));
        let b = Point::new(a.x + rng.range(-2.0, 2.0), a.y + rng.range(-2.0, 2.0));
        cdt.insert_segment(a, b).unwrap();
    }
}

/// `n` queries between random points of the box `xs` x `ys`, their radii
/// taken in turn from `radii`.
fn queries(
    rng: &mut Rng,
    n: usize,
    xs: (f64, f64),
    ys: (f64, f64),
    radii: &[f64],
) -> Vec<(Point, Point, f64)> {
    (0..n)
        .map(|k| {
            let s = Point::new(rng.range(xs.0, xs.1), rng.range(ys.0, ys.1));
            let t = Point::new(rng.range(xs.0, xs.1), rng.range(ys.0, ys.1));
            (s, t, radii[k % radii.len()])
        })
        .collect()
}

/// Static bars and moving polygons mixed in one room: changes land next
/// to, across and far from what the queries cached.
#[test]
fn kept_entries_match_a_fresh_computation_after_every_move() {
    let mut rng = Rng::xorshift(0x9e37_79b9_7f4a_7c15);
    let mut cdt = Cdt::new([0.0, 0.0], [40.0, 40.0]).unwrap();
    for _ in 0..30 {
        let a = Point::new(rng.range(2.0, 38.0), rng.range(2.0, 38.0));
        let ang = rng.range(0.0, std::f64::consts::TAU);
        let len = rng.range(1.0, 4.0);
        let b = Point::new(
            (a.x + len * ang.cos()).clamp(1.0, 39.0),
            (a.y + len * ang.sin()).clamp(1.0, 39.0),
        );
        cdt.insert_segment(a, b).unwrap();
    }
    let mut m = Moving::new(cdt, (4.0, 36.0), 14, |_| {
        let c = Point::new(rng.range(5.0, 35.0), rng.range(5.0, 35.0));
        (c, rng.range(0.4, 1.4))
    });
    let queries = queries(&mut rng, 10, (1.0, 39.0), (1.0, 39.0), &[0.3, 0.6, 1.1]);
    let mut kept = PathFinder::new();
    // A second finder takes the radius-0 bound and floods the goal's
    // sight from the first expansion, so its kept edges carry arrival
    // triangles (audited too).
    let mut bounded = PathFinder::new();
    bounded.set_bound_after(0);
    bounded.set_goal_sight_after(0);
    // A third is never audited: its repairs happen in the queries (the
    // audit repairs what is due and floods afresh), whose answers are
    // compared with a new finder's.
    let mut plain = PathFinder::new();
    let (mut paths, mut audited, mut survived) = (0, 0, 0);
    for round in 0..120 {
        if round > 0 {
            let before = audit(&mut kept, &m.nav) + audit(&mut bounded, &m.nav);
            for _ in 0..1 + rng.below(2) {
                m.change(&mut rng);
            }
            let after = audit(&mut kept, &m.nav) + audit(&mut bounded, &m.nav);
            audited += before + after;
            survived += after;
        }
        // Twice: the second pass keeps what the first expanded.
        for _ in 0..2 {
            for &q in &queries {
                paths += usize::from(same_as_fresh(&m.nav, &mut kept, q));
                paths += usize::from(same_as_fresh(&m.nav, &mut bounded, q));
                paths += usize::from(same_as_fresh(&m.nav, &mut plain, q));
            }
        }
    }
    eprintln!("{paths} paths, {audited} entries audited, {survived} outlived a change");
    // Most changes come near a kept side in a few sectors: repaired
    // there, its other edges kept (and audited above).
    for f in [&kept, &bounded, &plain] {
        let c = f.tangent_cache_counts();
        eprintln!("{c:?}");
        assert!(c.repaired > 1000, "only {} repairs", c.repaired);
        assert!(c.repair_kept > 10_000, "only {} edges kept", c.repair_kept);
    }
    assert!(paths > 600, "only {paths} paths compared");
    assert!(audited > 5000, "only {audited} entries audited");
    assert!(survived > 2000, "only {survived} entries outlived a change");
}

/// Two closed rooms: the queries run in the left one, objects move in the
/// right one. No triangle of the left room changes, and no flood from it
/// sees out, so no kept entry may be dropped (counted by the audit).
#[test]
fn a_change_in_another_room_drops_nothing() {
    let mut rng = Rng::xorshift(42);
    let mut cdt = Cdt::new([0.0, 0.0], [62.0, 40.0]).unwrap();
    let ring = |x0: f64, y0: f64, x1: f64, y1: f64| {
        vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ]
    };
    cdt.insert_shape(&ring(2.0, 2.0, 20.0, 38.0), Closure::Closed)
        .unwrap();
    cdt.insert_shape(&ring(26.0, 1.0, 61.0, 39.0), Closure::Closed)
        .unwrap();
    posts(&mut cdt, &mut rng, 30, (4.0, 18.0), (4.0, 36.0));
    let mut m = Moving::new(cdt, (32.0, 55.0), 8, |_| {
        let c = Point::new(rng.range(32.0, 55.0), rng.range(6.0, 34.0));
        (c, rng.range(0.5, 1.5))
    });
    let queries = queries(&mut rng, 16, (3.0, 19.0), (3.0, 37.0), &[0.25, 0.5]);
    changes_drop_nothing(&mut m, &queries, &mut rng, 1);
}

/// An L of two long corridors round a walled room where objects move:
/// floods from the corners near the bend see down both arms, so the box
/// of their triangles covers the room, but nothing in it is within sight
/// (or `2 r` of sight). No kept entry may be dropped, and every answer
/// stays that of a new finder. (It fails with a box per flood.)
#[test]
fn a_change_inside_a_flood_box_but_out_of_sight_drops_nothing() {
    let mut rng = Rng::xorshift(7);
    let mut cdt = Cdt::new([0.0, 0.0], [60.0, 60.0]).unwrap();
    let l = [
        (2.0, 2.0),
        (58.0, 2.0),
        (58.0, 8.0),
        (8.0, 8.0),
        (8.0, 58.0),
        (2.0, 58.0),
    ]
    .map(|(x, y)| Point::new(x, y));
    cdt.insert_shape(&l, Closure::Closed).unwrap();
    let room =
        [(20.0, 20.0), (56.0, 20.0), (56.0, 56.0), (20.0, 56.0)].map(|(x, y)| Point::new(x, y));
    cdt.insert_shape(&room, Closure::Closed).unwrap();
    // Short posts along both arms: corners to wrap.
    for k in 0..8 {
        let d = 12.0 + 5.5 * k as f64;
        let y = rng.range(3.5, 6.5);
        cdt.insert_segment(Point::new(d, y), Point::new(d + 0.8, y + 0.4))
            .unwrap();
        let x = rng.range(3.5, 6.5);
        cdt.insert_segment(Point::new(x, d), Point::new(x + 0.4, d + 0.8))
            .unwrap();
    }
    let mut m = Moving::new(cdt, (26.0, 50.0), 6, |_| {
        let c = Point::new(rng.range(26.0, 50.0), rng.range(26.0, 50.0));
        (c, rng.range(0.5, 1.5))
    });
    // A world that has changed once (a snapshot never updated keeps the
    // box of each flood alone: nothing to guard against).
    m.change(&mut rng);
    // From one arm to the other, round the bend.
    let queries: Vec<(Point, Point, f64)> = (0..12)
        .map(|k| {
            let s = Point::new(rng.range(20.0, 56.0), rng.range(3.0, 7.0));
            let t = Point::new(rng.range(3.0, 7.0), rng.range(20.0, 56.0));
            (s, t, [0.25, 0.5][k % 2])
        })
        .collect();
    changes_drop_nothing(&mut m, &queries, &mut rng, 1);
}

/// A frame moving twenty objects at once, in two strips walled off from
/// the corridor where the queries run: the update changes more separate
/// regions than it keeps boxes for, so some merge, and the corridor's
/// kept entries must outlive every such update (audited) as they would
/// one move at a time. (It fails when an update's extra regions all
/// merge into its last box: a box across the corridor.)
#[test]
fn a_frame_moving_many_objects_far_apart_drops_nothing_between_them() {
    let mut rng = Rng::xorshift(2025);
    let mut cdt = Cdt::new([0.0, 0.0], [80.0, 40.0]).unwrap();
    // The corridor between y = 10 and y = 30, sealed from both strips.
    for y in [10.0, 30.0] {
        cdt.insert_segment(Point::new(0.0, y), Point::new(80.0, y))
            .unwrap();
    }
    posts(&mut cdt, &mut rng, 40, (3.0, 77.0), (13.0, 27.0));
    // Twelve objects along each strip, 6 apart: 24 regions apart.
    let mut m = Moving::new(cdt, (2.0, 78.0), 24, |k| {
        let x = 8.0 + 6.0 * (k / 2) as f64;
        let y = if k % 2 == 0 { 5.0 } else { 35.0 };
        (Point::new(x, y), 0.6)
    });
    m.change(&mut rng);
    let queries = queries(&mut rng, 14, (2.0, 78.0), (12.0, 28.0), &[0.25, 0.5]);
    changes_drop_nothing(&mut m, &queries, &mut rng, 20);
}
