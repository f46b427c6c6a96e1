/// A point (or vector) of the plane, in f64.
///
/// ```
/// use daedalus::Point;
/// let p: Point = [1.0, 2.0].into();
/// assert_eq!(p, Point::new(1.0, 2.0));
/// let t: (f64, f64) = p.into();
/// assert_eq!(t, (1.0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    ///
    /// ```
    /// assert_eq!(daedalus::Point::new(3.0, 4.0).x, 3.0);
    /// ```
    #[inline]
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

impl From<[f64; 2]> for Point {
    #[inline]
    fn from([x, y]: [f64; 2]) -> Self {
        Point { x, y }
    }
}

impl From<Point> for [f64; 2] {
    #[inline]
    fn from(p: Point) -> Self {
        [p.x, p.y]
    }
}

impl From<(f64, f64)> for Point {
    #[inline]
    fn from((x, y): (f64, f64)) -> Self {
        Point { x, y }
    }
}

impl From<Point> for (f64, f64) {
    #[inline]
    fn from(p: Point) -> Self {
        (p.x, p.y)
    }
}
