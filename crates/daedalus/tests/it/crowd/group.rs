//! A group of 40 entities of radii 0.5 to 2 sent to one shared goal in
//! the other room: distinct stopping places (checked here against each
//! other and the walls), no overlaps beyond 1% at any step, all arrive.

use crate::support::crowd::*;
use crate::support::rng::Rng;
use daedalus::Point;

#[test]
fn shared_goal_gives_distinct_places() {
    let mut w = choke_world();
    let mut rng = Rng::splitmix(5);
    let mut ids = Vec::new();
    for i in 0..8 {
        for j in 0..5 {
            let r = 0.5 + 1.5 * rng.unit();
            let p = Point::new(5.0 + 5.0 * i as f64, 18.0 + 5.0 * j as f64);
            ids.push(w.add_entity(p, r, 6.0).unwrap());
        }
    }
    let g = w.add_group(&ids).unwrap();
    let goal = Point::new(100.0, 30.0);
    let places = w.send_group(g, goal).unwrap();
    let walls = walls(&w);
    for (k, (&a, &ia)) in places.iter().zip(&ids).enumerate() {
        let ra = w.entity(ia).unwrap().radius();
        for &(p, q) in &walls {
            assert!(seg_dist(a, p, q) >= ra, "place {k} touches a wall");
        }
        for (&b, &ib) in places.iter().zip(&ids).skip(k + 1) {
            let rb = w.entity(ib).unwrap().radius();
            assert!(a.distance(b) >= ra + rb, "places overlap");
        }
        assert!(a.distance(goal) < 40.0, "place {k} far from the goal");
    }
    let mut t = 0.0;
    // where each member stood when it first arrived
    let mut reached: Vec<Option<Point>> = vec![None; ids.len()];
    while t < 120.0 && reached.iter().any(Option::is_none) {
        w.step(0.1).unwrap();
        t += 0.1;
        let m = measure(&w, &ids, &walls);
        assert!(
            m.pair <= 0.01 && m.wall <= 0.01,
            "overlap at t = {t:.1}: {m:?}"
        );
        for (k, &id) in ids.iter().enumerate() {
            let e = w.entity(id).unwrap();
            if reached[k].is_none() && e.state() == daedalus::world::EntityState::Arrived {
                reached[k] = Some(e.position());
            }
        }
    }
    let n = reached.iter().flatten().count();
    eprintln!("group arrived {n} after {t:.1} s");
    assert_eq!(n, ids.len());
    // on its place, or held within its radius of it
    for ((&p, &i), at) in places.iter().zip(&ids).zip(&reached) {
        assert!(at.unwrap().distance(p) <= w.entity(i).unwrap().radius());
    }
}

#[test]
fn bad_group_calls_change_nothing() {
    let mut w = choke_world();
    let a = w.add_entity([5.0, 5.0], 1.0, 6.0).unwrap();
    let g = w.add_group(&[a]).unwrap();
    assert!(w.send_group(g, [f64::NAN, 1.0]).is_err());
    assert!(w.send_group(g, [500.0, 1.0]).is_err());
    assert_eq!(w.entity(a).unwrap().goal(), None);
    w.remove_group(g).unwrap();
    assert!(w.send_group(g, [10.0, 10.0]).is_err());
    assert!(w.group_members(g).is_err());
}
