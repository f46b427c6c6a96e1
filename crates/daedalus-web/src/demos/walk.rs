//! What the walking demos (paths, crowd, fov) share: entities in frames.

use crate::frame::{flat, r};
use daedalus::World;
use daedalus::world::{EntityId, EntityState};
use serde_json::{Value, json};

fn state(s: EntityState) -> &'static str {
    match s {
        EntityState::Idle => "idle",
        EntityState::Moving => "moving",
        EntityState::Arrived => "arrived",
        EntityState::Blocked(_) => "blocked",
        _ => "other",
    }
}

/// `{id, x, y, r, state}` of one entity; its path too when asked.
pub(crate) fn entity(world: &World, id: EntityId, key: u64, with_path: bool) -> Option<Value> {
    let e = world.entity(id).ok()?;
    let p = e.position();
    let mut v =
        json!({"id": key, "x": r(p.x), "y": r(p.y), "r": e.radius(), "state": state(e.state())});
    if with_path && let Some(path) = e.path() {
        v["path"] = Value::Array(
            flat(&path.waypoints())
                .into_iter()
                .map(Value::from)
                .collect(),
        );
    }
    Some(v)
}

/// A point's cheap hash in [0, 1): deterministic scatter without a PRNG crate.
pub(crate) fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
}
