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
