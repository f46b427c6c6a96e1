//! Exact adaptive predicates (Shewchuk's, from the `robust` crate).
//! Every topological decision in Daedalus goes through these.

use super::Point;

#[inline]
fn coord(p: Point) -> robust::Coord<f64> {
    robust::Coord { x: p.x, y: p.y }
}

/// Twice the signed area of triangle `a b c`, with the exact sign:
/// positive when `a b c` turn counter-clockwise, negative when clockwise,
/// zero exactly when the three points are collinear.
///
/// ```
/// use daedalus::{Point, geometry::orient2d};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
/// assert!(orient2d(a, b, Point::new(0.5, 1.0)) > 0.0);
/// assert!(orient2d(a, b, Point::new(0.5, -1.0)) < 0.0);
/// assert_eq!(orient2d(a, b, Point::new(7.0, 0.0)), 0.0);
/// ```
#[inline]
pub fn orient2d(a: Point, b: Point, c: Point) -> f64 {
    robust::orient2d(coord(a), coord(b), coord(c))
}

/// Exact in-circle test: positive when `d` lies strictly inside the circle
/// through `a b c` (given counter-clockwise), negative outside, zero on it.
///
/// ```
/// use daedalus::{Point, geometry::incircle};
/// let (a, b, c) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(0.0, 1.0));
/// assert!(incircle(a, b, c, Point::new(0.5, 0.5)) > 0.0);
/// assert!(incircle(a, b, c, Point::new(2.0, 2.0)) < 0.0);
/// assert_eq!(incircle(a, b, c, Point::new(1.0, 1.0)), 0.0);
/// ```
#[inline]
pub fn incircle(a: Point, b: Point, c: Point, d: Point) -> f64 {
    robust::incircle(coord(a), coord(b), coord(c), coord(d))
}
