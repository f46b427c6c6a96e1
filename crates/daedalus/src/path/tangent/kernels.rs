//! Circle geometry of the tangent graph: angles on a free arc and the
//! tangents between circles (the arc-to-segment distance is
//! `spatial::arc`'s).

use super::*;
use crate::geometry::distance_at_least;
use crate::spatial::arc::from_base;

/// Same, but angles just below `base` map to small negatives.
#[inline]
pub(super) fn offset(a: f64, base: f64) -> f64 {
    let d = from_base(a, base);
    if d > TAU - ANG_TOL { d - TAU } else { d }
}

/// Tangent from the circle (`a`, `ra`) wrapped on side `sa` (+1: the
/// circle on the left of the travel direction) to the circle (`b`, `rb`)
/// on side `sb`: (point on a, point on b), or `None` when there is none.
#[inline]
pub(super) fn tangent(
    a: Point,
    ra: f64,
    sa: f64,
    b: Point,
    rb: f64,
    sb: f64,
) -> Option<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let d = (dx * dx + dy * dy).sqrt();
    if d == 0.0 {
        return None;
    }
    let k = sb * rb - sa * ra;
    // Exact: circles exactly `|k|` apart have a tangent (of length 0).
    if !distance_at_least(a, b, k.abs()) {
        return None;
    }
    let t = (d * d - k * k).max(0.0).sqrt();
    let (ux, uy) = (dx / d, dy / d);
    let (c, s) = (t / d, k / d);
    // Travel direction: rotate u by the angle whose sine is -k / d.
    let (tx, ty) = (c * ux + s * uy, c * uy - s * ux);
    // Left normal of the travel direction; a circle on the left has its
    // tangent point at centre - r n.
    let (nx, ny) = (-ty, tx);
    let pa = Point::new(a.x - sa * ra * nx, a.y - sa * ra * ny);
    let pb = Point::new(b.x - sb * rb * nx, b.y - sb * rb * ny);
    Some((pa, pb))
}
