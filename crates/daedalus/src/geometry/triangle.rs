//! The exact point-in-triangle test built on `orient2d`, and the
//! point-to-segment distance and closest point.
//!
//! The classic float tests of the design notes (barycentric, parametric,
//! side, epsilon-thick) fail for points on an edge; they live in the test
//! support (`tests/support/triangle.rs`), not here.

use super::{Point, orient2d};

/// Squared distance from `p` to the closed segment `[p1, p2]`: the
/// residual from the clamped projection (no `|p - p1|² - t² len²`
/// subtraction, which cancels near the line). A degenerate segment is a
/// point. The library's one point-to-segment distance.
///
/// ```
/// use daedalus::{Point, geometry::distance_squared_point_segment as d2};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(4.0, 0.0));
/// assert_eq!(d2(a, b, Point::new(2.0, 3.0)), 9.0);
/// assert_eq!(d2(a, b, Point::new(7.0, 4.0)), 25.0);
/// assert_eq!(d2(a, a, Point::new(3.0, 4.0)), 25.0);
/// ```
#[inline]
pub fn distance_squared_point_segment(p1: Point, p2: Point, p: Point) -> f64 {
    let (ab, ap) = (p2 - p1, p - p1);
    (ap - ab * segment_param(ab, ap)).length_squared()
}

/// The clamped projection parameter of `p1 + ap` on `p1 + t ab`, t in [0, 1].
#[inline]
fn segment_param(ab: Point, ap: Point) -> f64 {
    let len2 = ab.length_squared();
    if len2 > 0.0 {
        (ap.dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The point of the closed segment `[p1, p2]` nearest to `p` (`p1` for a
/// degenerate segment).
///
/// ```
/// use daedalus::{Point, geometry::closest_point_segment};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(4.0, 0.0));
/// assert_eq!(closest_point_segment(a, b, Point::new(2.0, 3.0)), Point::new(2.0, 0.0));
/// assert_eq!(closest_point_segment(a, b, Point::new(7.0, 4.0)), b);
/// ```
#[inline]
pub fn closest_point_segment(p1: Point, p2: Point, p: Point) -> Point {
    let ab = p2 - p1;
    p1 + ab * segment_param(ab, p - p1)
}

/// Distance from `p` to the closed segment `[p1, p2]` (the square root of
/// [`distance_squared_point_segment`]).
///
/// ```
/// use daedalus::{Point, geometry::distance_point_segment};
/// assert_eq!(distance_point_segment(Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(7.0, 4.0)), 5.0);
/// ```
#[inline]
pub fn distance_point_segment(p1: Point, p2: Point, p: Point) -> f64 {
    distance_squared_point_segment(p1, p2, p).sqrt()
}

/// Exact test on the f64 inputs as stored: true when `p` lies in the closed
/// triangle `p1 p2 p3` (boundary included), either orientation, decided by
/// the signs of `orient2d`. A degenerate (flat) triangle contains exactly
/// the points of its three sides.
///
/// ```
/// use daedalus::{Point, geometry::point_in_triangle_exact as inside};
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(inside(t.0, t.1, t.2, Point::new(2.0, 2.0))); // on the hypotenuse
/// assert!(!inside(t.0, t.1, t.2, Point::new(2.0, 2.000000000000001)));
/// ```
#[inline]
pub fn point_in_triangle_exact(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let o1 = orient2d(p1, p2, p);
    let o2 = orient2d(p2, p3, p);
    let o3 = orient2d(p3, p1, p);
    let has_neg = o1 < 0.0 || o2 < 0.0 || o3 < 0.0;
    let has_pos = o1 > 0.0 || o2 > 0.0 || o3 > 0.0;
    if has_neg && has_pos {
        return false;
    }
    if orient2d(p1, p2, p3) != 0.0 {
        // Non-degenerate: p is on the inner side of (or on) every edge.
        return !(o1.is_nan() || o2.is_nan() || o3.is_nan());
    }
    on_closed_segment(p1, p2, p) || on_closed_segment(p2, p3, p) || on_closed_segment(p3, p1, p)
}

#[inline]
fn on_closed_segment(a: Point, b: Point, p: Point) -> bool {
    orient2d(a, b, p) == 0.0
        && p.x >= a.x.min(b.x)
        && p.x <= a.x.max(b.x)
        && p.y >= a.y.min(b.y)
        && p.y <= a.y.max(b.y)
}
