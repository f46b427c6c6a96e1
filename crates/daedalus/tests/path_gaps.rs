//! Gaps at the diameter: a disc of radius `r` passes a gap of width `2 r`
//! (it may touch both ends, never cross them) and, within the documented
//! rounding slack of the clearance tests (`r (1 - 1e-9)`), a gap a hair
//! narrower; a gap narrower than that is shut and the disc goes round.
//! Expected lengths worked by hand and checked against the independent
//! reference solver; every case also runs with the radius-0 bound (edges
//! narrower than the diameter shut) taken before the first expansion.

mod support;

use daedalus::Point;
use daedalus::path::{PathError, PathFinder};
use support::World;
use support::reference::{RefOutcome, Walls, shortest_radius};

/// Walls in the box [0, 10]^2.
fn world(walls: &[[f64; 4]]) -> World {
    World::in_box10(walls)
}

/// Finders to try: the default one and (with the `testing` feature) one
/// that takes the shut-mesh bound before its first expansion.
fn finders() -> Vec<PathFinder> {
    #[allow(unused_mut)]
    let mut out = vec![PathFinder::new()];
    #[cfg(feature = "testing")]
    {
        let mut f = PathFinder::new();
        f.set_bound_after(0);
        out.push(f);
    }
    out
}

/// Length (or error) of every finder, all equal, and the reference's.
fn length(w: &World, s: (f64, f64), t: (f64, f64), r: f64) -> Result<f64, PathError> {
    let (s, t) = (Point::new(s.0, s.1), Point::new(t.0, t.1));
    let nav = w.nav();
    let mut got = Vec::new();
    for mut f in finders() {
        got.push(f.find_path(&nav, s, t, r).map(|p| p.length()));
    }
    for g in &got[1..] {
        assert_eq!(g, &got[0], "finders disagree");
    }
    let segs = Walls::new(w.all_walls()).segs;
    match (shortest_radius(&segs, s, t, r), &got[0]) {
        (RefOutcome::Length(x), Ok(l)) => assert!((x - l).abs() < 1e-9, "{l} vs reference {x}"),
        (RefOutcome::NoPath, Err(PathError::NoPath)) => {}
        (want, got) => panic!("{got:?} vs reference {want:?}"),
    }
    got.swap_remove(0)
}

/// A wall at x = 5 with a gap from y = 4.5 to y = 4.5 + `gap`.
fn gap_world(gap: f64) -> World {
    world(&[[5.0, 0.0, 5.0, 4.5], [5.0, 4.5 + gap, 5.0, 10.0]])
}

#[test]
fn a_gap_of_exactly_the_diameter_is_open() {
    // The straight line y = 5 touches both ends.
    let l = length(&gap_world(1.0), (2.0, 5.0), (8.0, 5.0), 0.5).unwrap();
    assert!((l - 6.0).abs() < 1e-12, "{l}");
}

#[test]
fn a_gap_a_hair_wider_is_open() {
    let l = length(&gap_world(1.0 + 1e-12), (2.0, 5.0), (8.0, 5.0), 0.5).unwrap();
    assert!((l - 6.0).abs() < 1e-12, "{l}");
}

#[test]
fn a_gap_a_hair_narrower_is_open_within_the_slack() {
    // 1e-12 below the diameter: within the documented relative slack
    // 1e-9 of the clearance tests, so open (and the reference agrees).
    let l = length(&gap_world(1.0 - 1e-12), (2.0, 5.0), (8.0, 5.0), 0.5).unwrap();
    assert!((l - 6.0).abs() < 1e-9, "{l}");
}

#[test]
fn a_gap_narrower_than_the_slack_is_shut() {
    // 1e-8 below: beyond the slack; the wall runs to the border, no way round.
    assert_eq!(
        length(&gap_world(1.0 - 1e-8), (2.0, 5.0), (8.0, 5.0), 0.5),
        Err(PathError::NoPath)
    );
    assert_eq!(
        length(&gap_world(0.7), (2.0, 5.0), (8.0, 5.0), 0.5),
        Err(PathError::NoPath)
    );
}

/// Sweep of the arc over the top of the circle about `c` from the
/// tangent of `s` to the tangent of its mirror image across `x = c.x`
/// (`s` lower left of `c`): the tangent points lie `acos(r / d)` from the
/// directions to `s` and its mirror.
fn over_the_top(s: (f64, f64), c: (f64, f64), r: f64) -> f64 {
    let (dx, dy) = (c.0 - s.0, c.1 - s.1);
    let d = dx.hypot(dy);
    let sweep = std::f64::consts::PI + 2.0 * dy.atan2(dx) - 2.0 * (r / d).acos();
    2.0 * (d * d - r * r).sqrt() + r * sweep
}

#[test]
fn corners_closer_than_the_diameter_send_the_disc_round() {
    // Gap 0.7 < 1 between (5, 4.5) and (5, 5.2): the disc goes over the
    // upper wall's top end (5, 8) (the gap to the border is 2).
    let w = world(&[[5.0, 0.0, 5.0, 4.5], [5.0, 5.2, 5.0, 8.0]]);
    let l = length(&w, (2.0, 5.0), (8.0, 5.0), 0.5).unwrap();
    let hand = over_the_top((2.0, 5.0), (5.0, 8.0), 0.5);
    assert!((l - hand).abs() < 1e-12, "{l} vs {hand}");
    // A point passes the gap straight.
    assert_eq!(length(&w, (2.0, 5.0), (8.0, 5.0), 0.0), Ok(6.0));
}

#[test]
fn a_wall_shorter_than_the_diameter_is_wrapped_at_one_end() {
    // Wall from (5, 4.7) to (5, 5.3): its end circles overlap; the path
    // over the top wraps only the upper one (the lower stays farther
    // than r from both tangents).
    let w = world(&[[5.0, 4.7, 5.0, 5.3]]);
    let l = length(&w, (2.0, 5.0), (8.0, 5.0), 0.5).unwrap();
    let hand = over_the_top((2.0, 5.0), (5.0, 5.3), 0.5);
    assert!((l - hand).abs() < 1e-12, "{l} vs {hand}");
}
