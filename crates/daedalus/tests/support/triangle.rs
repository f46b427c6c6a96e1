//! The three classic float point-in-triangle tests (barycentric,
//! parametric, side) and the epsilon-thick "accurate" test of the design
//! notes, written as in the notes, including their failures for points on
//! an edge (`tests/it/geometry/triangle.rs` pins those failures down).
//!
//! They are test and demo material, not library API: the library's topology
//! uses the exact `daedalus::geometry::point_in_triangle_exact` only.

use daedalus::Point;
use daedalus::geometry::distance_squared_point_segment;

/// Default edge thickness of [`point_in_triangle_accurate`].
pub const DEFAULT_EPSILON: f64 = 0.001;

/// Barycentric coordinates `(a, b, c)` of `p` in triangle `p1 p2 p3`
/// (`p = a p1 + b p2 + c p3`, `c = 1 - a - b`), by the notes' float formula.
#[inline]
pub fn barycentric(p1: Point, p2: Point, p3: Point, p: Point) -> (f64, f64, f64) {
    let den = (p2.y - p3.y) * (p1.x - p3.x) + (p3.x - p2.x) * (p1.y - p3.y);
    let a = ((p2.y - p3.y) * (p.x - p3.x) + (p3.x - p2.x) * (p.y - p3.y)) / den;
    let b = ((p3.y - p1.y) * (p.x - p3.x) + (p1.x - p3.x) * (p.y - p3.y)) / den;
    (a, b, 1.0 - a - b)
}

/// Barycentric test: `0 <= a, b, c <= 1`. Either orientation. Float:
/// may reject points lying on an edge.
#[inline]
pub fn point_in_triangle_barycentric(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let (a, b, c) = barycentric(p1, p2, p3, p);
    (0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b) && (0.0..=1.0).contains(&c)
}

/// Parametric test: `p = p1 + t1 (p2 - p1) + t2 (p3 - p1)` with
/// `0 <= t1, t2` and `t1 + t2 <= 1`, by the notes' float formula. Either
/// orientation. Float: may fail for points on an edge.
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
#[inline]
pub fn side(p1: Point, p2: Point, p: Point) -> f64 {
    (p2.y - p1.y) * (p.x - p1.x) + (-p2.x + p1.x) * (p.y - p1.y)
}

/// Side (dot product) test: the three [`side`] values all `>= 0` or all
/// `<= 0`, so either orientation is accepted. Float: a point on an edge
/// shared by two consistently oriented triangles may be rejected by both.
#[inline]
pub fn point_in_triangle_side(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    let s1 = side(p1, p2, p);
    let s2 = side(p2, p3, p);
    let s3 = side(p3, p1, p);
    (s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0)
}

/// The notes' "accurate" test with a configurable edge thickness.
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
#[inline]
pub fn point_in_triangle_accurate(p1: Point, p2: Point, p3: Point, p: Point) -> bool {
    AccurateTriangleTest::default().contains(p1, p2, p3, p)
}
