//! Hand-built scenes of one step's rules.

use super::*;
use crate::world::crowd::Avoidance;
use crate::world::crowd::grid::Grid;
use crate::world::crowd::memo::Memos;

/// A settled entity of slot `idx` standing on its goal `p` (speed 6).
fn settled(idx: u32, p: Point, r: f64) -> Body {
    Body {
        moving: false,
        settled: Some(p),
        want: Point::default(),
        target: None,
        speed: 6.0,
        ..Body::walker(idx, p, r, Point::default(), 0.0)
    }
}

/// The intent velocity of body `i` among `bodies` (default settings, a
/// step of 0.1 s, in an empty 40 x 20 world).
fn velocity_of(bodies: &[Body], i: usize) -> Point {
    let cdt = crate::triangulation::Cdt::new([0.0, 0.0], [40.0, 20.0]).unwrap();
    let entities = crate::world::ids::Slots::default();
    let mut grid = Grid::default();
    let points: Vec<Point> = bodies.iter().map(|b| b.p).collect();
    grid.rebuild(25.0, &points);
    let memos = Memos::default();
    let snap = Snapshot {
        bodies,
        grid: &grid,
        memos: &memos,
        revision: cdt.revision(),
        settings: Avoidance::default(),
        r_max: bodies.iter().fold(0.0, |m, b| m.max(b.r)),
        dt: 0.1,
        cdt: &cdt,
        entities: &entities,
    };
    snap.intent(i, &mut Scratch::default(), Vec::new()).velocity
}

/// The settled entity's velocity in a step where a walker (radius 1,
/// heading +x at 6) stands 3.5 behind its disc (radius 1.5) on its line,
/// stuck for `stuck` seconds. The walker is farther than the settled
/// disc's diameter, so before it is stuck the settled one stays put.
fn settled_velocity(stuck: f64) -> Point {
    let bodies = [
        Body::walker(0, Point::new(10.0, 10.0), 1.0, Point::new(6.0, 0.0), stuck),
        settled(1, Point::new(16.0, 10.0), 1.5),
    ];
    velocity_of(&bodies, 1)
}

#[test]
fn a_settled_entity_stays_for_a_walker_that_comes_on() {
    assert_eq!(settled_velocity(0.0), Point::default());
}

#[test]
fn a_settled_entity_makes_way_for_a_stuck_walker_in_front() {
    // a gap of 3.5 >= its diameter 3, but the walker is stuck with it on
    // its line: it steps off that line (sideways, half its speed)
    let v = settled_velocity(1.0);
    assert!(v.y.abs() > 0.25 * 6.0, "{v:?}");
    assert!(v.x.abs() < 0.1 * v.y.abs(), "{v:?}");
}

/// The velocity of settled entity 2 (radius 0.5, its goal far off) that
/// touches settled entity 1 (radius 1) on 1's straight way home to
/// (15, 10); walker 0 (radius 1, heading +y) is going to (11, 10.5), within
/// the sum of radii of where 1 stands, so 1 is wanted there and goes home
/// (seed 344 of the swap test: 1 held between 2 and the walker, its home
/// beyond 2, the walker waiting on it).
fn third_party_velocity() -> Point {
    let walker = Body {
        target: Some(Point::new(11.0, 10.5)),
        ..Body::walker(0, Point::new(10.0, 7.0), 1.0, Point::new(0.0, 6.0), 0.0)
    };
    let away = |idx, p, r, goal| Body {
        settled: Some(goal),
        ..settled(idx, p, r)
    };
    let bodies = [
        walker,
        away(1, Point::new(12.0, 10.0), 1.0, Point::new(15.0, 10.0)),
        away(2, Point::new(13.5, 10.0), 0.5, Point::new(35.0, 18.0)),
    ];
    // hand-worked: the walker is 3.61 from where 1 stands and its target
    // 1.12 from it (< 1 + 1): 1 is wanted; 2 is 1.5 from 1 (touching), dead
    // ahead on 1's way home, 4.61 from the walker (a gap of 3.11 >= its
    // diameter: for the walker alone it would stand still)
    velocity_of(&bodies, 2)
}

#[test]
fn a_settled_entity_makes_way_for_one_a_walker_sends_home() {
    // off 1's line home (sideways, at half its speed 6)
    let v = third_party_velocity();
    assert!(v.y.abs() > 0.25 * 6.0, "{v:?}");
    assert!(v.x.abs() < 0.5 * v.y.abs(), "{v:?}");
}
