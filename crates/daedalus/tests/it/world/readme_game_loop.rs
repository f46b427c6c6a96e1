//! The README's game loop, run as written (keeps the README true).

use daedalus::fov::FieldOfView;
use daedalus::{
    Closure, World,
    objects::Object,
    world::{Avoidance, Event, View},
};

#[test]
fn readme_game_loop() -> Result<(), Box<dyn std::error::Error>> {
    let mut world = World::new([0.0, 0.0], [200.0, 120.0])?;
    world.add_wall(&[[60.0, 0.0].into(), [60.0, 80.0].into()], Closure::Open)?;
    let square = vec![
        [-4.0, -4.0].into(),
        [4.0, -4.0].into(),
        [4.0, 4.0].into(),
        [-4.0, 4.0].into(),
    ];
    let crate_ = world.add_object(Object::new(square, Closure::Closed))?;
    world.set_position(crate_, [120.0, 60.0])?;
    world.set_avoidance(Some(Avoidance::default()))?;
    let hero = world.add_entity([10.0, 10.0], 1.0, 30.0)?;
    world.set_goal(hero, [190.0, 10.0])?;

    let mut arrived = None;
    for frame in 0..600 {
        world.set_rotation(crate_, frame as f64 * 0.01)?;
        for event in world.step(1.0 / 60.0)? {
            if let Event::Arrived(who) = event {
                assert_eq!(who, hero);
                arrived = Some(frame);
            }
        }
    }
    // The wall's end is at (60, 80): the shortest way for a disc of radius 1
    // goes over it, so the trip is at least the two straight legs via the end.
    let legs = (50f64.powi(2) + 70f64.powi(2)).sqrt() + (130f64.powi(2) + 70f64.powi(2)).sqrt();
    let frames = arrived.expect("the hero arrives within 10 s");
    assert!(frames as f64 / 60.0 * 30.0 >= legs - 1.0);
    assert_eq!(world.entity(hero)?.position(), [190.0, 10.0].into());

    // A guard at (100, 100) looking left (+x is 0 rad) with a 1.5 rad cone:
    // the hero at its goal (190, 10) is behind the guard, out of the cone.
    let guard = FieldOfView::new([100.0, 100.0], std::f64::consts::PI, 1.5, 80.0)?;
    let seen =
        daedalus::fov::is_in_field(world.cdt(), &guard, world.entity(hero)?.position(), 1.0)?;
    assert!(!seen);
    // Looking at it (down and to the right) within range 200: nothing in between.
    let toward = (-90f64).atan2(90.0);
    let guard = FieldOfView::new([100.0, 100.0], toward, 1.0, 200.0)?;
    assert!(daedalus::fov::is_in_field(
        world.cdt(),
        &guard,
        [190.0, 10.0],
        1.0
    )?);
    world.set_view(
        hero,
        Some(View {
            direction: 0.0,
            angle: 1.2,
            range: 60.0,
        }),
    )?;
    let mut sightings = Vec::new();
    world.sightings(&mut sightings)?;
    assert!(sightings.is_empty(), "the hero is alone");
    Ok(())
}

/// Distance from `p` to the segment `a b`.
fn seg_dist(p: daedalus::Point, a: daedalus::Point, b: daedalus::Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    p.distance(daedalus::Point::new(a.x + t * dx, a.y + t * dy))
}

/// The short loop at the top of the README, as written, checked from the
/// positions: the hero arrives and never comes nearer than its radius to
/// the wall or to the moving door's outline.
#[test]
fn readme_top_loop() -> Result<(), Box<dyn std::error::Error>> {
    let mut world = World::new([0.0, 0.0], [200.0, 120.0])?;
    world.add_wall(&[[80.0, 20.0].into(), [80.0, 100.0].into()], Closure::Open)?;
    let square = vec![
        [-5.0, -5.0].into(),
        [5.0, -5.0].into(),
        [5.0, 5.0].into(),
        [-5.0, 5.0].into(),
    ];
    let door = world.add_object(Object::new(square, Closure::Closed))?;
    let hero = world.add_entity([8.0, 60.0], 1.0, 25.0)?;
    world.set_goal(hero, [192.0, 60.0])?;

    let mut arrived = 0;
    for frame in 0..600 {
        world.set_position(door, [100.0, 60.0 + 30.0 * (frame as f64 / 60.0).sin()])?;
        for event in world.step(1.0 / 60.0)? {
            if let Event::Arrived(who) = event {
                assert_eq!(who, hero);
                arrived += 1;
            }
        }
        let p = world.entity(hero)?.position();
        let wall = seg_dist(p, [80.0, 20.0].into(), [80.0, 100.0].into());
        let o = world.obstacle_outline(door)?;
        let door_d = (0..4)
            .map(|k| seg_dist(p, o[k], o[(k + 1) % 4]))
            .fold(f64::INFINITY, f64::min);
        assert!(wall >= 1.0 - 1e-9, "frame {frame}: {wall} from the wall");
        assert!(
            door_d >= 1.0 - 1e-9,
            "frame {frame}: {door_d} from the door"
        );
    }
    assert_eq!(arrived, 1);
    assert_eq!(world.entity(hero)?.position(), [192.0, 60.0].into());
    Ok(())
}
