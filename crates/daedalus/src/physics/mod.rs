//! Physics export (feature `physics`): walls become static rapier2d
//! polyline colliders, traced drawings become dynamic rigid bodies made of
//! a compound of their triangles (exact for concave shapes), plus a small
//! [`PhysicsWorld`] wrapper to simulate and record frames.
//!
//! We use `rapier2d-f64`: Daedalus points are f64, so nothing is rounded to
//! f32 on the way in or out, and large map coordinates keep their precision.
//!
//! Frame: the same as our maps, x to the right and **y growing downwards**
//! (like images). Gravity therefore points to `+y` (see
//! [`PhysicsConfig::pixels`]); an angle turns `+x` towards `+y`, i.e.
//! clockwise on screen, the same convention as [`Transform`](crate::geometry::Transform).
//!
//! ```
//! use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
//! let mut world = PhysicsWorld::new(PhysicsConfig::pixels(50.0))?;
//! world.add_walls(&[vec![Point::new(0.0, 100.0), Point::new(200.0, 100.0)]])?;
//! let ball = world.add_ball(Point::new(100.0, 50.0), 5.0, &BodyParams::default())?;
//! for _ in 0..120 {
//!     world.step(1.0 / 60.0)?;
//! }
//! let y = world.body_state(ball)?.position.y;
//! assert!(y > 90.0 && y < 100.0, "{y}"); // resting on the wall, above it
//! # Ok::<(), daedalus::physics::PhysicsError>(())
//! ```

mod build;
pub mod traced;
mod world;

pub use build::{BodyParams, ball, dynamic_body, static_walls};
pub use world::{BodyId, BodyState, PhysicsConfig, PhysicsWorld, WallId, simulate_frames};

/// The rapier2d (f64) crate used here, re-exported so that callers use the
/// very same version.
pub use rapier2d_f64 as rapier;

/// Errors of the physics export. A failed operation changes nothing.
///
/// ```
/// use daedalus::{Point, physics::{static_walls, PhysicsError}};
/// let err = static_walls(&[vec![Point::new(1.0, 1.0)]]).unwrap_err();
/// assert_eq!(err, PhysicsError::TooFewPoints { wall: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PhysicsError {
    /// A wall polyline has fewer than two distinct points.
    #[error("wall {wall} needs at least two distinct points")]
    TooFewPoints {
        /// Index of the wall in the input.
        wall: usize,
    },
    /// A coordinate or parameter is NaN or infinite.
    #[error("non-finite value in {what}")]
    NonFinite {
        /// Which input.
        what: &'static str,
    },
    /// Every triangle of a body is flat (zero area), so it has no shape.
    #[error("body has no triangle of non-zero area")]
    EmptyBody,
    /// A parameter is out of its documented range.
    #[error("invalid {what}: {value}")]
    InvalidParameter {
        /// Which parameter.
        what: &'static str,
        /// Its value.
        value: f64,
    },
    /// The body handle does not belong to this world (or was removed).
    #[error("stale or foreign body handle")]
    StaleBody,
    /// The wall handle does not belong to this world (or was removed).
    #[error("stale or foreign wall handle")]
    StaleWall,
}
