//! What a [`super::World::step`] reports.

use crate::Point;
use crate::path::PathError;
use crate::triangulation::CdtError;

use super::{BlockReason, EntityId, ObstacleId};

/// Something that happened during one [`super::World::step`].
///
/// ```
/// use daedalus::world::EntityDef;
/// use daedalus::{World, world::Event};
/// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(100.0)).unwrap();
/// w.set_goal(e, [5.0, 5.0]).unwrap();
/// let events = w.step(1.0).unwrap();
/// assert_eq!(events, vec![Event::Arrived(e)]);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Event {
    /// The entity reached its goal.
    Arrived(EntityId),
    /// A change touched the entity's remaining path (or freed it): it has
    /// a new path.
    Replanned(EntityId),
    /// A (re-)plan failed: the entity keeps its previous path (if any),
    /// stops, and is blocked until a change could alter the answer.
    ReplanFailed {
        /// The entity.
        entity: EntityId,
        /// Why the search failed.
        error: PathError,
    },
    /// The entity is blocked (it waits; no search is repeated until a
    /// change could free it).
    Blocked {
        /// The entity.
        entity: EntityId,
        /// Why it cannot move.
        reason: BlockReason,
    },
    /// A blocked entity can move again.
    Unblocked(EntityId),
    /// An obstacle moved onto the entity: it was pushed to the nearest
    /// free spot.
    Pushed {
        /// The entity.
        entity: EntityId,
        /// Where it was.
        from: Point,
        /// Where it is now.
        to: Point,
    },
    /// An obstacle's pending change could not go into the mesh; it stays
    /// at its last good pose.
    ObstacleRejected {
        /// The obstacle.
        obstacle: ObstacleId,
        /// Why the mesh refused it.
        error: CdtError,
    },
}
