//! Point-in-triangle tests: the three classic float tests (barycentric,
//! parametric, side), the epsilon-thick "accurate" test of the design notes,
//! and an exact test built on `orient2d`.
//!
//! The classic tests are kept as written in the notes, including their
//! failures for points on an edge (see `tests/geometry_triangle.rs`).
//! Topology in Daedalus uses [`point_in_triangle_exact`] only.

use super::{Point, orient2d};

/// Default edge thickness of [`point_in_triangle_accurate`].
///
/// ```
/// assert_eq!(daedalus::geometry::DEFAULT_EPSILON, 0.001);
/// ```
pub const DEFAULT_EPSILON: f64 = 0.001;

/// Barycentric coordinates `(a, b, c)` of `p` in triangle `p1 p2 p3`
/// (`p = a p1 + b p2 + c p3`, `c = 1 - a - b`), by the notes' float formula.
///
/// ```
/// use daedalus::{Point, geometry::barycentric};
/// let (a, b, c) = barycentric(Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0), Point::new(1.0, 1.0));
/// assert_eq!((a, b, c), (0.5, 0.25, 0.25));
/// ```
#[inline]
pub fn barycentric(p1: Point, p2: Point, p3: Point, p: Point) -> (f64, f64, f64) {
    let den = (p2.y - p3.y) * (p1.x - p3.x) + (p3.x - p2.x) * (p1.y - p3.y);
    let a = ((p2.y - p3.y) * (p.x - p3.x) + (p3.x - p2.x) * (p.y - p3.y)) / den;
    let b = ((p3.y - p1.y) * (p.x - p3.x) + (p1.x - p3.x) * (p.y - p3.y)) / den;
    (a, b, 1.0 - a - b)
}

/// Barycentric test: `0 <= a, b, c <= 1`. Either orientation. Float:
/// may reject points lying on an edge.
///
/// ```
/// use daedalus::{Point, geometry::point_in_triangle_barycentric as inside};
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(inside(t.0, t.1, t.2, Point::new(1.0, 1.0)));
/// assert!(!inside(t.0, t.1, t.2, Point::new(3.0, 3.0)));
/// ```
#[inline]
pub fn point_in_triangle_barycentric(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let (a, b, c) = barycentric(p1, p2, p3, p);
    (0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b) && (0.0..=1.0).contains(&c)
}

/// Parametric test: `p = p1 + t1 (p2 - p1) + t2 (p3 - p1)` with
/// `0 <= t1, t2` and `t1 + t2 <= 1`, by the notes' float formula. Either
/// orientation. Float: may fail for points on an edge.
///
/// ```
/// use daedalus::{Point, geometry::point_in_triangle_parametric as inside};
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(inside(t.0, t.1, t.2, Point::new(1.0, 1.0)));
/// assert!(!inside(t.0, t.1, t.2, Point::new(-1.0, 1.0)));
/// ```
#[inline]
pub fn point_in_triangle_parametric(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let (x1, y1, x2, y2, x3, y3) = (p1.x, p1.y, p2.x, p2.y, p3.x, p3.y);
    let den = x1 * (y2 - y3) + y1 * (x3 - x2) + x2 * y3 - y2 * x3;
    let t1 = (p.x * (y3 - y1) + p.y * (x1 - x3) - x1 * y3 + y1 * x3) / den;
    let t2 = (p.x * (y2 - y1) + p.y * (x1 - x2) - x1 * y2 + y1 * x2) / -den;
    (0.0..=1.0).contains(&t1) && (0.0..=1.0).contains(&t2) && t1 + t2 <= 1.0
}

/// The notes' "side" dot product of `p` against the oriented edge
/// `p1 -> p2`: `(y2 - y1)(x - x1) + (x1 - x2)(y - y1)`, i.e. minus the float
/// cross product. Positive when `p` is to the right of `p1 -> p2` with y up
/// (to the left with y down, as on screen).
///
/// ```
/// use daedalus::{Point, geometry::side};
/// assert!(side(Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(0.5, -1.0)) > 0.0);
/// ```
#[inline]
pub fn side(p1: Point, p2: Point, p: Point) -> f64 {
    (p2.y - p1.y) * (p.x - p1.x) + (-p2.x + p1.x) * (p.y - p1.y)
}

/// Side (dot product) test: the three [`side`] values all `>= 0` or all
/// `<= 0`, so either orientation is accepted. Float: a point on an edge
/// shared by two consistently oriented triangles may be rejected by both.
///
/// ```
/// use daedalus::{Point, geometry::point_in_triangle_side as inside};
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(inside(t.0, t.1, t.2, Point::new(1.0, 1.0)));
/// assert!(inside(t.2, t.1, t.0, Point::new(1.0, 1.0)));
/// assert!(!inside(t.0, t.1, t.2, Point::new(3.0, 3.0)));
/// ```
#[inline]
pub fn point_in_triangle_side(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let s1 = side(p1, p2, p);
    let s2 = side(p2, p3, p);
    let s3 = side(p3, p1, p);
    (s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0)
}

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

/// The notes' "accurate" test with a configurable edge thickness.
///
/// ```
/// use daedalus::{Point, geometry::AccurateTriangleTest};
/// let test = AccurateTriangleTest { epsilon: 0.5 };
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(test.contains(t.0, t.1, t.2, Point::new(2.0, -0.4)));
/// assert!(!test.contains(t.0, t.1, t.2, Point::new(2.0, -0.6)));
/// assert_eq!(AccurateTriangleTest::default().epsilon, 0.001);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccurateTriangleTest {
    /// Edge and vertex thickness: points within `epsilon` of the triangle are accepted.
    pub epsilon: f64,
}

impl Default for AccurateTriangleTest {
    fn default() -> Self {
        AccurateTriangleTest {
            epsilon: DEFAULT_EPSILON,
        }
    }
}

impl AccurateTriangleTest {
    /// Bounding box inflated by `epsilon`, then the side test, then the
    /// squared point-to-edge distances against `epsilon^2`.
    ///
    /// ```
    /// use daedalus::{Point, geometry::AccurateTriangleTest};
    /// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
    /// assert!(AccurateTriangleTest::default().contains(t.0, t.1, t.2, Point::new(1.0, 1.0)));
    /// ```
    #[inline]
    pub fn contains(&self, p1: Point, p2: Point, p3: Point, p: Point) -> bool {
        let e = self.epsilon;
        let xmin = p1.x.min(p2.x).min(p3.x) - e;
        let xmax = p1.x.max(p2.x).max(p3.x) + e;
        let ymin = p1.y.min(p2.y).min(p3.y) - e;
        let ymax = p1.y.max(p2.y).max(p3.y) + e;
        // Written so that NaN coordinates are rejected.
        if !(p.x >= xmin && p.x <= xmax && p.y >= ymin && p.y <= ymax) {
            return false;
        }
        if point_in_triangle_side(p1, p2, p3, p) {
            return true;
        }
        let e2 = e * e;
        distance_squared_point_segment(p1, p2, p) <= e2
            || distance_squared_point_segment(p2, p3, p) <= e2
            || distance_squared_point_segment(p3, p1, p) <= e2
    }
}

/// The notes' "accurate" test with the default thickness [`DEFAULT_EPSILON`]:
/// accepts every point within 0.001 of the triangle (so it never rejects a
/// point of an edge), at the price of accepting points slightly outside.
///
/// ```
/// use daedalus::{Point, geometry::point_in_triangle_accurate as inside};
/// let t = (Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 4.0));
/// assert!(inside(t.0, t.1, t.2, Point::new(2.0, -0.0005)));
/// assert!(!inside(t.0, t.1, t.2, Point::new(2.0, -0.01)));
/// ```
#[inline]
pub fn point_in_triangle_accurate(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    AccurateTriangleTest::default().contains(p1, p2, p3, p)
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
