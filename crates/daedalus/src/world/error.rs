//! Errors of the world API.

use crate::Point;
use crate::spatial::SpatialError;
use crate::triangulation::CdtError;

use super::{EntityId, GroupId, ObstacleId};

/// Errors of the [`super::World`] API. A failed call changes nothing.
///
/// ```
/// use daedalus::world::EntityDef;
/// use daedalus::{World, world::WorldError};
/// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// assert_eq!(w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(0.0)).unwrap_err(), WorldError::BadSpeed(0.0));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The obstacle was removed (or never belonged to this world).
    #[error("stale obstacle id {0:?}")]
    StaleObstacle(ObstacleId),
    /// The entity was removed (or never belonged to this world).
    #[error("stale entity id {0:?}")]
    StaleEntity(EntityId),
    /// A coordinate or a pose value is NaN or infinite.
    #[error("a coordinate or pose value is not finite")]
    NonFinite,
    /// A point lies outside the world rectangle.
    #[error("point {0:?} is outside the world")]
    Outside(Point),
    /// A radius is negative or not finite.
    #[error("bad radius {0}: need a finite radius >= 0")]
    BadRadius(f64),
    /// A speed is zero, negative or not finite.
    #[error("bad speed {0}: need a finite speed > 0 (units per second)")]
    BadSpeed(f64),
    /// A time step is negative or not finite.
    #[error("bad time step {0}: need a finite dt >= 0 (seconds)")]
    BadStep(f64),
    /// A static wall cannot be moved.
    #[error("obstacle {0:?} is a static wall: it cannot move")]
    Static(ObstacleId),
    /// The triangulation refused the change.
    #[error(transparent)]
    Cdt(#[from] CdtError),
    /// The objects table refused the change (the triangulation's refusals
    /// come as [`WorldError::Cdt`]).
    #[error(transparent)]
    Object(crate::objects::ObjectError),
    /// The group was removed (or never belonged to this world).
    #[error("stale group id {0:?}")]
    StaleGroup(GroupId),
    /// A crowd setting is out of range.
    #[error("bad crowd setting {name} = {value}")]
    BadSetting {
        /// The setting's field name in [`super::Avoidance`].
        name: &'static str,
        /// The value refused.
        value: f64,
    },
    /// No free stopping places around a shared goal for the whole group.
    #[error("no room around {0:?} for the group")]
    NoRoom(Point),
    /// A field-of-view query's input was bad.
    #[error(transparent)]
    Fov(#[from] crate::fov::FovError),
    /// A spatial query's input was bad.
    #[error(transparent)]
    Spatial(#[from] SpatialError),
    /// A revision the world has not reached yet (see [`super::World::revision`]).
    #[error("revision {since} is ahead of the world's revision {now}")]
    FutureRevision {
        /// The revision asked about.
        since: u64,
        /// The world's revision.
        now: u64,
    },
}

impl From<crate::objects::ObjectError> for WorldError {
    fn from(e: crate::objects::ObjectError) -> WorldError {
        match e {
            crate::objects::ObjectError::Cdt(e) => WorldError::Cdt(e),
            e => WorldError::Object(e),
        }
    }
}
