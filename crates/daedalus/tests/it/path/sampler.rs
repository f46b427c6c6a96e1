//! Sampler, entity and batch checked against independent computations:
//! sample spacing and end points measured directly, re-planning after a
//! world change, batch results equal to one-by-one results.

use crate::support::World;
use crate::support::check::check_polyline;
use crate::support::reference::Walls;
use daedalus::Point;
use daedalus::path::{PathFinder, PathSampler, Query, find_paths};
use daedalus::world::{Closure, Event};

fn world() -> World {
    let p = Point::new;
    World {
        bounds: [0.0, 0.0, 20.0, 20.0],
        walls: vec![
            (p(5.0, 2.0), p(5.0, 15.0)),
            (p(10.0, 5.0), p(10.0, 18.0)),
            (p(12.0, 10.0), p(18.0, 10.0)),
        ],
    }
}

#[test]
fn sampler_walks_the_path_at_the_step() {
    let w = world();
    let nav = w.nav();
    let mut f = PathFinder::new();
    for r in [0.0, 0.5, 1.0] {
        // (radius > 0 may miss a path: see the report; the sampler is the subject here)
        let Ok(path) = f.find_path(&nav, Point::new(1.0, 10.0), Point::new(17.0, 15.0), r) else {
            eprintln!("radius {r}: no path");
            assert!(r > 0.0);
            continue;
        };
        for step in [0.1, 0.37, 1.0, 3.0] {
            let mut s = PathSampler::new(&path, step).unwrap();
            let n = s.remaining();
            let pts: Vec<Point> = std::iter::from_fn(|| s.next_position()).collect();
            assert_eq!(pts.len(), n);
            assert_eq!(pts[0], path.start);
            assert_eq!(*pts.last().unwrap(), path.goal);
            // Consecutive samples are at most a step apart (chords of arcs
            // are shorter than the arc; arc points are pushed out by the
            // sampler's margin, at most 2e-9 r + 1e-12 here), and the count
            // matches the length.
            for w in pts.windows(2) {
                let d = (w[0].x - w[1].x).hypot(w[0].y - w[1].y);
                assert!(d <= step * (1.0 + 3e-9) + 1e-9, "{d} > {step}");
            }
            let expect = (path.length() / step).floor() as usize + 1;
            assert!(n == expect || n == expect + 1);
            // The samples keep the clearance of the path.
            if r > 0.0 {
                let walls = Walls::new(w.all_walls());
                for p in &pts {
                    for &(a, b) in &walls.segs {
                        assert!(crate::support::check::point_seg(*p, a, b) >= r - 1e-9);
                    }
                }
            }
        }
    }
}

#[test]
fn entity_replans_when_the_world_changes() {
    let mut w = daedalus::World::new([0.0, 0.0], [20.0, 20.0]).unwrap();
    let e = w.add_entity([1.0, 10.0], 0.5, 30.0).unwrap();
    w.set_goal(e, [19.0, 10.0]).unwrap();
    let mut steps = 0;
    let mut replanned = 0;
    let mut trail = vec![w.entity(e).unwrap().position()];
    loop {
        let ev = w.step(1.0 / 60.0).unwrap();
        replanned += ev.iter().filter(|x| **x == Event::Replanned(e)).count();
        trail.push(w.entity(e).unwrap().position());
        steps += 1;
        if steps == 5 {
            // A wall across the straight line, ahead of the entity.
            w.add_wall(
                &[Point::new(10.0, 3.0), Point::new(10.0, 17.0)],
                Closure::Open,
            )
            .unwrap();
        }
        if ev.contains(&Event::Arrived(e)) {
            break;
        }
        assert!(steps < 10_000);
    }
    assert_eq!(replanned, 1);
    assert_eq!(w.entity(e).unwrap().position(), Point::new(19.0, 10.0));
    // The trail after the change goes around the new wall (never across)
    // and every sample keeps the clearance.
    let walls = Walls::new(vec![(Point::new(10.0, 3.0), Point::new(10.0, 17.0))]);
    check_polyline(&walls, &trail[5..], 0.0).unwrap();
    for p in &trail[5..] {
        let d = crate::support::check::point_seg(*p, Point::new(10.0, 3.0), Point::new(10.0, 17.0));
        assert!(d >= 0.5 - 1e-9, "{p:?} is {d} from the wall");
    }
}

#[test]
fn batch_equals_one_by_one() {
    let nav = world().nav();
    let mut qs = Vec::new();
    for i in 0..50 {
        let t = i as f64;
        qs.push(Query {
            from: Point::new(1.0 + (t * 0.37) % 3.0, 1.0 + (t * 1.7) % 18.0),
            to: Point::new(15.0 + (t * 0.91) % 4.0, 1.0 + (t * 2.3) % 18.0),
            radius: [0.0, 0.3, 0.8][i % 3],
        });
    }
    // The threads keep their finders between calls: a bigger mesh in
    // between, then this one again, must not change an answer.
    let s = daedalus::scenario::Scenario::load(crate::support::data::file(
        "maps/dao/arena.scenario.json",
    ))
    .unwrap();
    let big = crate::support::World::from_scenario(&s).nav();
    let far: Vec<Query> = s
        .queries
        .iter()
        .take(5)
        .map(|q| Query {
            from: q.from.into(),
            to: q.to.into(),
            radius: 0.5,
        })
        .collect();
    for round in 0..2 {
        let batch = find_paths(&nav, &qs);
        let mut f = PathFinder::new();
        for (q, b) in qs.iter().zip(&batch) {
            assert_eq!(
                &f.find_path(&nav, q.from, q.to, q.radius),
                b,
                "round {round}"
            );
        }
        let kept = find_paths(&big, &far);
        for (q, k) in far.iter().zip(&kept) {
            assert_eq!(&PathFinder::new().find_path(&big, q.from, q.to, 0.5), k);
        }
        assert!(kept.iter().any(Result::is_ok), "no path on arena");
    }
}
