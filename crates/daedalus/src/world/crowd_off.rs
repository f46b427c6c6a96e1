//! The World without the `crowd` feature: no local avoidance, so every
//! entity walks its own exact path alone and re-plans with the world's
//! finder. This module stands in for `crowd`'s crate-internal interface.

use super::{EntityId, Event, World};
use crate::Point;
use crate::path::{Path, PathError};

/// Avoidance state: none can exist without the feature, so
/// `World::crowd` is always `None`.
#[derive(Clone, Debug)]
pub(crate) enum Crowd {}

/// Why an entity gives way: never, without avoidance.
pub(crate) type Yielding = ();

impl World {
    /// The crowd step: nothing to move together without avoidance.
    pub(crate) fn crowd_move(&mut self, _dt: f64, _events: &mut Vec<Event>) {}

    /// The path from `from` to `to` for a disc of radius `r` (entity
    /// `id`'s re-plan), by the world's finder.
    pub(crate) fn replan_path(
        &mut self,
        _id: EntityId,
        from: Point,
        to: Point,
        r: f64,
    ) -> Result<Path, PathError> {
        self.finder.find_path(&self.nav, from, to, r)
    }
}
