//! Field of view: what an entity sees, exactly, on the live triangulation.
//!
//! [`visibility_polygon`] computes the region a viewer sees by *triangular
//! expansion* (Bungiu, Hemmer, Hershberger, Huang and Kröller, "Efficient
//! Computation of Visibility Polygons", 2014) directly on the half-edge mesh
//! of a [`Cdt`]: starting in the triangle(s) holding the viewer, cones are
//! pushed outward across unconstrained edges and narrowed at every vertex
//! they pass; a constrained edge (a wall or the world border) stops a cone.
//! Cone sides are rays through exact points (mesh vertices, or fixed
//! points on the opening's sides and on the quarter-turn splits of the
//! opening), so every "which side" decision is an exact
//! [`orient2d`](crate::geometry::orient2d); only the output
//! coordinates (where a ray meets a wall, where a wall meets the range
//! circle) are float constructions, a few ulps off.
//!
//! Because the walk reads the mesh itself, it is live: after
//! [`Objects::update`](crate::objects::Objects::update) the next query sees the moved obstacles.
//!
//! Conventions:
//! - A wall the viewer stands on (viewer on a constrained edge or on a wall's
//!   end vertex) does not block: it is seen edge-on and the viewer sees both
//!   half-planes it bounds (a guard leaning on a wall still sees along it).
//! - A sight line that only touches walls (grazes a wall's end, or runs
//!   along a wall) is not blocked; one touched by walls leaving on both
//!   sides of it is: at one vertex the walls meeting there are one curve
//!   that crosses it, and at two (a wall leaving to the left at one end,
//!   to the right at another) the line is a crack of zero width, shut like
//!   a joint. Crossing walls are split at their rounded crossing point,
//!   so a line through that point sees no crack between the pieces.
//! - `range == 0` or `angle == 0` sees nothing: the region is empty and no
//!   target is in the field.
//! - `angle == TAU` is the full circle; `direction` is then irrelevant.
//! - A viewer outside the world bounds is an error
//!   ([`FovError::OutsideBounds`]); NaN or infinite values, a negative range
//!   or angle and an angle above `TAU` are errors too.
//!
//! ```
//! use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon, is_in_field}};
//! let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
//! cdt.insert_segment([50.0, 20.0], [50.0, 80.0])?;
//! let guard = FieldOfView::full_circle([20.0, 50.0], 1000.0)?;
//! let seen = visibility_polygon(&cdt, &guard)?;
//! assert!(seen.area() < 100.0 * 100.0);
//! assert!(!is_in_field(&cdt, &guard, [80.0, 50.0], 1.0)?); // behind the wall
//! assert!(is_in_field(&cdt, &guard, [60.0, 95.0], 1.0)?); // past its end
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cone;
mod expand;
mod many;
mod polygon;
mod target;

pub use expand::visibility_polygon;
pub use many::{FovQuery, Sighting, Target, visible_pairs};
pub use polygon::{Arc, BoundaryPiece, SegmentKind, Visibility};
pub use target::is_in_field;

use crate::Point;
#[cfg(doc)]
use crate::triangulation::Cdt;
use crate::triangulation::MAX_COORD;
use std::f64::consts::TAU;

/// A viewer: where it stands, where it looks, how wide and how far.
///
/// The opening `angle` (radians, `0..=TAU`) is centred on `direction`
/// (radians, counter-clockwise from +x); `range` is the radius of the
/// seen disc. Fields are public so a game can move the viewer each frame;
/// every query re-validates them.
///
/// ```
/// use daedalus::fov::FieldOfView;
/// let fov = FieldOfView::new([1.0, 2.0], 0.0, std::f64::consts::FRAC_PI_2, 10.0)?;
/// assert_eq!(fov.position, [1.0, 2.0].into());
/// assert!(FieldOfView::new([1.0, 2.0], 0.0, -1.0, 10.0).is_err());
/// # Ok::<(), daedalus::fov::FovError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldOfView {
    /// Where the viewer stands.
    pub position: Point,
    /// Centre of the opening, in radians counter-clockwise from +x.
    pub direction: f64,
    /// Opening angle in radians, `0..=TAU` (`TAU`: all around).
    pub angle: f64,
    /// How far the viewer sees.
    pub range: f64,
}

/// Which value of a query was rejected.
///
/// ```
/// use daedalus::fov::{FieldOfView, FovError, FovField};
/// let e = FieldOfView::new([0.0, 0.0], 0.0, 1.0, -2.0).unwrap_err();
/// assert_eq!(e, FovError::Negative { field: FovField::Range, value: -2.0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FovField {
    /// The viewer position.
    Position,
    /// The view direction.
    Direction,
    /// The opening angle.
    Angle,
    /// The view range.
    Range,
    /// A target position.
    TargetPosition,
    /// A target radius.
    TargetRadius,
}

impl std::fmt::Display for FovField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FovField::Position => "position",
            FovField::Direction => "direction",
            FovField::Angle => "opening angle",
            FovField::Range => "range",
            FovField::TargetPosition => "target position",
            FovField::TargetRadius => "target radius",
        })
    }
}

/// Errors of the field-of-view queries. A failed query changes nothing.
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, FovError, visibility_polygon}};
/// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
/// let fov = FieldOfView::full_circle([20.0, 5.0], 3.0)?;
/// assert!(matches!(visibility_polygon(&cdt, &fov), Err(FovError::OutsideBounds(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FovError {
    /// A value is NaN or infinite.
    #[error("field of view: {field} is NaN or infinite ({value})")]
    NonFinite {
        /// Which value.
        field: FovField,
        /// The value.
        value: f64,
    },
    /// A range, angle or radius is negative.
    #[error("field of view: {field} {value} is negative")]
    Negative {
        /// Which value.
        field: FovField,
        /// The value.
        value: f64,
    },
    /// A coordinate's magnitude exceeds [`MAX_COORD`].
    #[error("field of view: {field} coordinate {value} is beyond MAX_COORD ({MAX_COORD})")]
    OutOfRange {
        /// Which value.
        field: FovField,
        /// The value.
        value: f64,
    },
    /// The opening angle is more than a full turn.
    #[error("field of view: opening angle {0} is more than a full circle (TAU)")]
    AngleTooLarge(f64),
    /// The viewer is outside the world rectangle.
    #[error("field of view: viewer ({}, {}) is outside the world bounds", .0.x, .0.y)]
    OutsideBounds(Point),
    /// A polyline tolerance that is not finite and positive.
    #[error("field of view: polyline tolerance {0} must be finite and positive")]
    BadTolerance(f64),
}

fn check_point(field: FovField, p: Point) -> Result<(), FovError> {
    for value in [p.x, p.y] {
        if !value.is_finite() {
            return Err(FovError::NonFinite { field, value });
        }
        if value.abs() > MAX_COORD {
            return Err(FovError::OutOfRange { field, value });
        }
    }
    Ok(())
}

fn check_length(field: FovField, value: f64) -> Result<(), FovError> {
    if !value.is_finite() {
        return Err(FovError::NonFinite { field, value });
    }
    if value < 0.0 {
        return Err(FovError::Negative { field, value });
    }
    Ok(())
}

impl FieldOfView {
    /// A validated field of view.
    ///
    /// ```
    /// use daedalus::fov::{FieldOfView, FovError};
    /// assert!(FieldOfView::new([0.0, 0.0], 1.0, 0.5, 10.0).is_ok());
    /// assert!(matches!(FieldOfView::new([f64::NAN, 0.0], 1.0, 0.5, 10.0), Err(FovError::NonFinite { .. })));
    /// assert!(matches!(FieldOfView::new([0.0, 0.0], 1.0, 7.0, 10.0), Err(FovError::AngleTooLarge(_))));
    /// ```
    pub fn new(
        position: impl Into<Point>,
        direction: f64,
        angle: f64,
        range: f64,
    ) -> Result<FieldOfView, FovError> {
        let fov = FieldOfView {
            position: position.into(),
            direction,
            angle,
            range,
        };
        fov.validate()?;
        Ok(fov)
    }

    /// A viewer seeing all around, up to `range`.
    ///
    /// ```
    /// let fov = daedalus::fov::FieldOfView::full_circle([3.0, 4.0], 5.0)?;
    /// assert_eq!(fov.angle, std::f64::consts::TAU);
    /// # Ok::<(), daedalus::fov::FovError>(())
    /// ```
    pub fn full_circle(position: impl Into<Point>, range: f64) -> Result<FieldOfView, FovError> {
        FieldOfView::new(position, 0.0, TAU, range)
    }

    /// Checks every field (the queries call it too).
    ///
    /// ```
    /// let mut fov = daedalus::fov::FieldOfView::full_circle([3.0, 4.0], 5.0)?;
    /// fov.range = f64::INFINITY;
    /// assert!(fov.validate().is_err());
    /// # Ok::<(), daedalus::fov::FovError>(())
    /// ```
    pub fn validate(&self) -> Result<(), FovError> {
        check_point(FovField::Position, self.position)?;
        if !self.direction.is_finite() {
            return Err(FovError::NonFinite {
                field: FovField::Direction,
                value: self.direction,
            });
        }
        check_length(FovField::Angle, self.angle)?;
        if self.angle > TAU {
            return Err(FovError::AngleTooLarge(self.angle));
        }
        check_length(FovField::Range, self.range)
    }

    /// Is the opening the full circle?
    ///
    /// ```
    /// use daedalus::fov::FieldOfView;
    /// assert!(FieldOfView::full_circle([0.0, 0.0], 1.0)?.is_full_circle());
    /// assert!(!FieldOfView::new([0.0, 0.0], 0.0, 3.0, 1.0)?.is_full_circle());
    /// # Ok::<(), daedalus::fov::FovError>(())
    /// ```
    pub fn is_full_circle(&self) -> bool {
        self.angle >= TAU
    }

    /// Sees nothing at all (zero range or zero opening)?
    fn is_blind(&self) -> bool {
        self.range == 0.0 || self.angle == 0.0
    }
}

/// Validates a target disc.
fn check_target(c: Point, radius: f64) -> Result<(), FovError> {
    check_point(FovField::TargetPosition, c)?;
    check_length(FovField::TargetRadius, radius)
}
