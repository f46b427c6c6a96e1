//! The game's rules on a generated level: pick-ups, sight, shooting.

use super::*;
use std::f64::consts::TAU;

const DT: f64 = 1.0 / 60.0;

fn demo() -> DungeonDemo {
    DungeonDemo::new(Limits::default()).unwrap()
}

/// A free spot `d` away from `from`, in the first of 16 directions that
/// is free and has no wall in between.
fn near(world: &World, from: Point, d: f64) -> Option<(Point, f64)> {
    (0..16).map(|k| k as f64 * TAU / 16.0).find_map(|a| {
        let p = from + Point::new(d * a.cos(), d * a.sin());
        let clear = (1..=10).all(|i| {
            let t = i as f64 / 10.0;
            let q = from + Point::new(d * t * a.cos(), d * t * a.sin());
            world.is_free(q, 0.31).unwrap_or(false)
        });
        clear.then_some((p, a))
    })
}

#[test]
fn walking_onto_a_weapon_picks_it_up() {
    let mut d = demo();
    let item = d.items[0];
    d.player.pos = item.position;
    d.step(DT);
    assert_eq!(d.player.weapon(), Some(item.kind));
    assert_eq!(d.items.len(), 3);
}

#[test]
fn a_bot_sees_the_player_in_front_and_chases() {
    let mut d = demo();
    let at = d.world.entity(d.bots[0].id).unwrap().position();
    let (p, a) = near(&d.world, at, 2.0).expect("a free spot near the bot");
    d.bots[0].heading = a;
    d.bots[0].last = at;
    d.player.pos = p;
    d.step(DT);
    assert!(d.bots[0].sees);
    assert!(matches!(d.bots[0].mind, Mind::Chase { .. }));
    // Behind it: not seen.
    let mut d = demo();
    d.bots[0].heading = a + TAU / 2.0;
    d.bots[0].last = at;
    d.player.pos = p;
    d.step(DT);
    assert!(!d.bots[0].sees);
}

#[test]
fn shots_kill_a_bot() {
    let mut d = demo();
    let bots = d.bots.len();
    let at = d.world.entity(d.bots[0].id).unwrap().position();
    let (p, _) = near(&d.world, at, 1.5).expect("a free spot near the bot");
    d.player.pos = p;
    d.player.weapons = vec![ItemKind::MachineGun];
    d.player.keys.fire = true;
    for _ in 0..180 {
        // Keep aiming at the bot (it moves).
        if let Some(b) = d.bots.first().and_then(|b| d.world.entity(b.id).ok()) {
            let v = b.position() - d.player.pos;
            d.player.angle = v.y.atan2(v.x);
        }
        d.step(DT);
        if d.kills > 0 {
            break;
        }
    }
    assert_eq!(d.kills, 1, "hp left {:?}", d.bots.first().map(|b| b.hp));
    assert_eq!(d.bots.len(), bots - 1);
}

#[test]
fn bad_parameters_are_refused() {
    let mut d = demo();
    let params = |columns: usize, rooms: usize| json!({"op": "generate", "columns": columns, "rows": 10, "probability": 0.5, "rooms": rooms, "branch_depth": 4, "branches": 3, "seed": 1});
    assert_eq!(d.apply(params(41, 5)).unwrap_err().status, 413);
    assert_eq!(d.apply(params(0, 5)).unwrap_err().status, 400);
    assert_eq!(d.apply(params(10, 0)).unwrap_err().status, 400);
    assert_eq!(
        d.apply(json!({"op": "dodge", "dir": 7}))
            .unwrap_err()
            .status,
        400
    );
    assert!(d.apply(params(10, 6)).is_ok());
    assert_eq!(d.level, 2);
}
