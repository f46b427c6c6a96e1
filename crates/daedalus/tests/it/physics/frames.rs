#![cfg(feature = "physics")]
//! Frame strips for the demo: one state per body per recorded frame, in
//! insertion order, consistent with free fall computed by hand.

use daedalus::Point;
use daedalus::physics::{BodyParams, PhysicsConfig, PhysicsWorld, simulate_frames};

#[test]
fn frames_follow_free_fall() {
    let mut w = PhysicsWorld::new(PhysicsConfig::default()).unwrap();
    let still = BodyParams {
        linear_damping: 0.0,
        angular_damping: 0.0,
        ..Default::default()
    };
    let p = |x, y| Point::new(x, y);
    let a = w.add_ball(p(0.0, 0.0), 0.5, &still).unwrap();
    let b = w
        .add_body(&[[p(10.0, 0.0), p(12.0, 0.0), p(10.0, 2.0)]], &still)
        .unwrap();
    let frames = simulate_frames(&mut w, 0.01, 100, 25).unwrap();
    assert_eq!(frames.len(), 5);
    for (k, f) in frames.iter().enumerate() {
        assert_eq!(f.len(), 2);
        assert_eq!((f[0].body, f[1].body), (a, b));
        // Free fall y = g t^2 / 2 (symplectic Euler is off by g t dt / 2).
        let t = 0.25 * k as f64;
        let y = 0.5 * 9.81 * t * t;
        assert!(
            (f[0].position.y - y).abs() <= 9.81 * t * 0.01,
            "frame {k}: {} vs {y}",
            f[0].position.y
        );
        assert_eq!(f[0].position.x, 0.0);
        // The triangle's input vertex moves with the body's transform.
        let v = f[1].transform.apply(p(10.0, 0.0));
        assert!((v.y - y).abs() <= 9.81 * t * 0.01 + 1e-9 && (v.x - 10.0).abs() < 1e-9);
    }
    assert!(simulate_frames(&mut w, 0.01, 10, 0).is_err());
    assert!(simulate_frames(&mut w, -1.0, 10, 1).is_err());
}

/// Removing a wall lets what rested on it fall; its handle is then stale.
#[test]
fn removed_wall_no_longer_holds() {
    let mut w = PhysicsWorld::new(PhysicsConfig::default()).unwrap();
    let floor = w
        .add_walls(&[vec![Point::new(-5.0, 1.0), Point::new(5.0, 1.0)]])
        .unwrap()[0];
    let ball = w
        .add_ball(Point::new(0.0, 0.0), 0.5, &BodyParams::default())
        .unwrap();
    for _ in 0..120 {
        w.step(1.0 / 60.0).unwrap();
    }
    let y = w.body_state(ball).unwrap().position.y;
    assert!(
        (y - 0.5).abs() < 0.05,
        "resting centre at {y}, expected 0.5"
    );
    w.remove_wall(floor).unwrap();
    assert!(w.remove_wall(floor).is_err());
    for _ in 0..60 {
        w.step(1.0 / 60.0).unwrap();
    }
    assert!(w.body_state(ball).unwrap().position.y > 3.0);
}
