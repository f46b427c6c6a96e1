//! Bad input to the world gets a typed error and changes nothing: the
//! world's observable state (entities, obstacles, triangulation revision)
//! is compared before and after each bad call.

use daedalus::objects::Object;
use daedalus::world::{Closure, Pose, WorldError};
use daedalus::{Point, World};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Everything a game can observe.
fn snapshot(w: &World) -> String {
    let ents: Vec<String> = w
        .entities()
        .map(|(id, e)| {
            format!(
                "{id:?} {:?} {} {} {:?} {:?} {:?}",
                e.position(),
                e.radius(),
                e.speed(),
                e.goal(),
                e.state(),
                e.path()
            )
        })
        .collect();
    let obs: Vec<String> = w
        .obstacles()
        .map(|id| {
            format!(
                "{id:?} {:?} {:?} {:?}",
                w.obstacle_outline(id).unwrap(),
                w.obstacle_walls(id).unwrap(),
                w.user_value(id).unwrap()
            )
        })
        .collect();
    format!("{ents:?} {obs:?} {}", w.cdt().revision())
}

#[test]
fn bad_input_is_a_typed_error_and_changes_nothing() {
    let mut w = World::new([0.0, 0.0], [50.0, 50.0]).unwrap();
    let wall = w
        .add_wall(&[p(25.0, 0.0), p(25.0, 30.0)], Closure::Open)
        .unwrap();
    let sq = vec![p(-1.0, -1.0), p(1.0, -1.0), p(1.0, 1.0), p(-1.0, 1.0)];
    let obj = w
        .add_object(Object::new(sq.clone(), Closure::Closed))
        .unwrap();
    w.set_position(obj, [10.0, 40.0]).unwrap();
    let e = w.add_entity([5.0, 5.0], 1.0, 4.0).unwrap();
    w.set_goal(e, [45.0, 5.0]).unwrap();
    w.step(0.5).unwrap();
    let gone_e = w.add_entity([5.0, 20.0], 1.0, 4.0).unwrap();
    w.remove_entity(gone_e).unwrap();
    let gone_o = w.add_object(Object::new(sq, Closure::Closed)).unwrap();
    w.remove_obstacle(gone_o).unwrap();
    w.step(0.0).unwrap();
    let before = snapshot(&w);
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let bad: Vec<(WorldError, Result<(), WorldError>)> = vec![
        (
            WorldError::NonFinite,
            w.add_entity([nan, 1.0], 1.0, 1.0).map(|_| ()),
        ),
        (
            WorldError::BadRadius(-1.0),
            w.add_entity([1.0, 1.0], -1.0, 1.0).map(|_| ()),
        ),
        (
            WorldError::BadSpeed(0.0),
            w.add_entity([1.0, 1.0], 1.0, 0.0).map(|_| ()),
        ),
        (WorldError::BadSpeed(-2.0), w.set_speed(e, -2.0)),
        (WorldError::BadSpeed(inf), w.set_speed(e, inf)),
        (WorldError::NonFinite, w.set_goal(e, [1.0, nan])),
        (
            WorldError::Outside(p(60.0, 1.0)),
            w.set_goal(e, [60.0, 1.0]),
        ),
        (
            WorldError::StaleEntity(gone_e),
            w.set_goal(gone_e, [1.0, 1.0]),
        ),
        (WorldError::StaleEntity(gone_e), w.stop(gone_e)),
        (WorldError::StaleEntity(gone_e), w.remove_entity(gone_e)),
        (
            WorldError::StaleObstacle(gone_o),
            w.set_position(gone_o, [1.0, 1.0]),
        ),
        (WorldError::StaleObstacle(gone_o), w.remove_obstacle(gone_o)),
        (
            WorldError::StaleObstacle(gone_o),
            w.set_user_value(gone_o, Some(1)),
        ),
        (WorldError::NonFinite, w.set_position(obj, [nan, 1.0])),
        (WorldError::NonFinite, w.set_rotation(obj, inf)),
        (WorldError::NonFinite, w.set_scale(obj, nan, 1.0)),
        (
            WorldError::NonFinite,
            w.set_pose(
                obj,
                Pose {
                    pivot: p(nan, 0.0),
                    ..Pose::default()
                },
            ),
        ),
        (WorldError::Static(wall), w.set_position(wall, [1.0, 1.0])),
        (
            WorldError::Cdt(daedalus::CdtError::NonFinite),
            w.add_wall(&[p(1.0, 1.0), p(nan, 2.0)], Closure::Open)
                .map(|_| ()),
        ),
        (WorldError::BadStep(nan), w.step(nan).map(|_| ())),
        (WorldError::BadStep(-1.0), w.step(-1.0).map(|_| ())),
    ];
    for (i, (want, got)) in bad.into_iter().enumerate() {
        match (&want, &got) {
            // NaN payloads do not compare equal
            (WorldError::BadStep(x), Err(WorldError::BadStep(y))) if x.is_nan() => {
                assert!(y.is_nan())
            }
            _ => assert_eq!(got, Err(want), "case {i}"),
        }
    }
    assert_eq!(snapshot(&w), before);
    assert!(w.entity(gone_e).is_err() && w.user_value(gone_o).is_err());
    // the world still works
    for _ in 0..20 {
        w.step(0.5).unwrap();
    }
    assert!(w.cdt().validate().is_empty());
}

#[test]
fn a_rejected_obstacle_change_keeps_its_last_pose_and_the_others_move() {
    let mut w = World::new([0.0, 0.0], [50.0, 50.0]).unwrap();
    let sq = || {
        Object::new(
            vec![p(-1.0, -1.0), p(1.0, -1.0), p(1.0, 1.0), p(-1.0, 1.0)],
            Closure::Closed,
        )
    };
    let a = w.add_object(sq()).unwrap();
    let b = w.add_object(sq()).unwrap();
    w.set_position(a, [10.0, 10.0]).unwrap();
    w.set_position(b, [20.0, 10.0]).unwrap();
    w.step(0.0).unwrap();
    // A degenerate scale (all points equal) cannot go into the mesh.
    w.set_scale(a, 0.0, 0.0).unwrap();
    w.set_position(b, [30.0, 10.0]).unwrap();
    let ev = w.step(0.0).unwrap();
    assert_eq!(
        ev,
        vec![daedalus::world::Event::ObstacleRejected {
            obstacle: a,
            error: daedalus::CdtError::TooFewPoints
        }]
    );
    assert_eq!(w.obstacle_outline(a).unwrap()[0], p(9.0, 9.0));
    assert_eq!(w.obstacle_walls(a).unwrap()[0].0, p(9.0, 9.0));
    assert_eq!(w.obstacle_outline(b).unwrap()[0], p(29.0, 9.0));
    assert!(w.cdt().validate().is_empty());
}

/// A speed changed in the middle of a path takes effect at the next step,
/// in units per second whatever the frame rate: on a straight path along
/// y = 5 the distance walked is worked out by hand from speeds and times.
#[test]
fn a_speed_change_mid_path_takes_effect_at_once() {
    let mut w = World::new([0.0, 0.0], [100.0, 10.0]).unwrap();
    let e = w.add_entity([5.0, 5.0], 1.0, 10.0).unwrap();
    w.set_goal(e, [95.0, 5.0]).unwrap();
    for _ in 0..60 {
        w.step(1.0 / 60.0).unwrap(); // 1 s at 10 units/s
    }
    let x1 = w.entity(e).unwrap().position().x;
    assert!((x1 - 15.0).abs() < 1e-9, "{x1}");
    w.set_speed(e, 25.0).unwrap();
    for _ in 0..20 {
        w.step(1.0 / 40.0).unwrap(); // 0.5 s at 25 units/s, another frame rate
    }
    let x2 = w.entity(e).unwrap().position().x;
    assert!((x2 - 27.5).abs() < 1e-9, "{x2}");
    assert_eq!(w.entity(e).unwrap().position().y, 5.0);
    assert_eq!(w.entity(e).unwrap().speed(), 25.0);
}
