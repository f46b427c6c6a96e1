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
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
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

/// A borrowed point converts too, so `&[Point]` and `&Vec<Point>` are
/// outlines as they stand.
///
/// ```
/// use daedalus::Point;
/// let p = Point::new(1.0, 2.0);
/// assert_eq!(Point::from(&p), p);
/// ```
impl From<&Point> for Point {
    #[inline]
    fn from(p: &Point) -> Self {
        *p
    }
}

/// A borrowed coordinate pair converts too, so `&[[f64; 2]]` is an outline.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(Point::from(&[1.0, 2.0]), Point::new(1.0, 2.0));
/// ```
impl From<&[f64; 2]> for Point {
    #[inline]
    fn from(&[x, y]: &[f64; 2]) -> Self {
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

impl Point {
    /// Dot product, treating both points as vectors.
    ///
    /// ```
    /// use daedalus::Point;
    /// assert_eq!(Point::new(1.0, 2.0).dot(Point::new(3.0, 4.0)), 11.0);
    /// ```
    #[inline]
    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// 2D cross product `self.x * o.y - self.y * o.x` (positive when `o`
    /// is counter-clockwise from `self`). Rounded: use
    /// [`orient2d`](crate::geometry::orient2d) for decisions.
    ///
    /// ```
    /// use daedalus::Point;
    /// assert_eq!(Point::new(1.0, 0.0).cross(Point::new(0.0, 1.0)), 1.0);
    /// ```
    #[inline]
    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Squared Euclidean length of the vector.
    ///
    /// ```
    /// assert_eq!(daedalus::Point::new(3.0, 4.0).length_squared(), 25.0);
    /// ```
    #[inline]
    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// Euclidean length of the vector: `sqrt(x² + y²)`, not `hypot`,
    /// which is several times slower; squares overflow only beyond 1e154,
    /// far above any accepted coordinate (`MAX_COORD` = 1e15).
    ///
    /// ```
    /// assert_eq!(daedalus::Point::new(3.0, 4.0).length(), 5.0);
    /// ```
    #[inline]
    pub fn length(self) -> f64 {
        self.length_squared().sqrt()
    }

    /// Euclidean distance between two points.
    ///
    /// ```
    /// use daedalus::Point;
    /// assert_eq!(Point::new(1.0, 1.0).distance(Point::new(4.0, 5.0)), 5.0);
    /// ```
    #[inline]
    pub fn distance(self, o: Point) -> f64 {
        (o - self).length()
    }

    /// Squared Euclidean distance between two points.
    ///
    /// ```
    /// use daedalus::Point;
    /// assert_eq!(Point::new(1.0, 1.0).distance_squared(Point::new(4.0, 5.0)), 25.0);
    /// ```
    #[inline]
    pub fn distance_squared(self, o: Point) -> f64 {
        (o - self).length_squared()
    }

    /// Linear interpolation: `self` at `t = 0`, `o` at `t = 1`.
    ///
    /// ```
    /// use daedalus::Point;
    /// assert_eq!(Point::new(0.0, 0.0).lerp(Point::new(2.0, 4.0), 0.5), Point::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn lerp(self, o: Point, t: f64) -> Point {
        self + (o - self) * t
    }

    /// True when both coordinates are finite (not NaN nor infinite).
    ///
    /// ```
    /// use daedalus::Point;
    /// assert!(Point::new(1.0, 2.0).is_finite());
    /// assert!(!Point::new(f64::NAN, 2.0).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// Component-wise sum.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(Point::new(1.0, 2.0) + Point::new(3.0, 4.0), Point::new(4.0, 6.0));
/// ```
impl core::ops::Add for Point {
    type Output = Point;
    #[inline]
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

/// Component-wise difference.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(Point::new(4.0, 6.0) - Point::new(3.0, 4.0), Point::new(1.0, 2.0));
/// ```
impl core::ops::Sub for Point {
    type Output = Point;
    #[inline]
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

/// Negation.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(-Point::new(1.0, -2.0), Point::new(-1.0, 2.0));
/// ```
impl core::ops::Neg for Point {
    type Output = Point;
    #[inline]
    fn neg(self) -> Point {
        Point::new(-self.x, -self.y)
    }
}

/// Scaling by a scalar.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(Point::new(1.0, 2.0) * 2.0, Point::new(2.0, 4.0));
/// ```
impl core::ops::Mul<f64> for Point {
    type Output = Point;
    #[inline]
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

/// Scaling by a scalar, scalar first.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(2.0 * Point::new(1.0, 2.0), Point::new(2.0, 4.0));
/// ```
impl core::ops::Mul<Point> for f64 {
    type Output = Point;
    #[inline]
    fn mul(self, p: Point) -> Point {
        p * self
    }
}

/// Division by a scalar.
///
/// ```
/// use daedalus::Point;
/// assert_eq!(Point::new(2.0, 4.0) / 2.0, Point::new(1.0, 2.0));
/// ```
impl core::ops::Div<f64> for Point {
    type Output = Point;
    #[inline]
    fn div(self, k: f64) -> Point {
        Point::new(self.x / k, self.y / k)
    }
}

/// Conversion from a `glam::DVec2` (feature `glam`).
///
/// ```
/// # #[cfg(feature = "glam")] {
/// let p: daedalus::Point = glam::DVec2::new(1.0, 2.0).into();
/// assert_eq!(p, daedalus::Point::new(1.0, 2.0));
/// # }
/// ```
#[cfg(feature = "glam")]
impl From<glam::DVec2> for Point {
    #[inline]
    fn from(v: glam::DVec2) -> Self {
        Point::new(v.x, v.y)
    }
}

/// Conversion to a `glam::DVec2` (feature `glam`).
///
/// ```
/// # #[cfg(feature = "glam")] {
/// let v: glam::DVec2 = daedalus::Point::new(1.0, 2.0).into();
/// assert_eq!(v, glam::DVec2::new(1.0, 2.0));
/// # }
/// ```
#[cfg(feature = "glam")]
impl From<Point> for glam::DVec2 {
    #[inline]
    fn from(p: Point) -> Self {
        glam::DVec2::new(p.x, p.y)
    }
}

/// Conversion from a `mint::Point2<f64>` (feature `mint`).
///
/// ```
/// # #[cfg(feature = "mint")] {
/// let p: daedalus::Point = mint::Point2 { x: 1.0f64, y: 2.0 }.into();
/// assert_eq!(p, daedalus::Point::new(1.0, 2.0));
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<mint::Point2<f64>> for Point {
    #[inline]
    fn from(v: mint::Point2<f64>) -> Self {
        Point::new(v.x, v.y)
    }
}

/// Conversion to a `mint::Point2<f64>` (feature `mint`).
///
/// ```
/// # #[cfg(feature = "mint")] {
/// let m: mint::Point2<f64> = daedalus::Point::new(1.0, 2.0).into();
/// assert_eq!((m.x, m.y), (1.0, 2.0));
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<Point> for mint::Point2<f64> {
    #[inline]
    fn from(p: Point) -> Self {
        mint::Point2 { x: p.x, y: p.y }
    }
}

/// Conversion from a `glam::Vec2` (feature `glam`; exact: every `f32` is an
/// `f64`), for engines such as Bevy that work in `f32`.
///
/// ```
/// # #[cfg(feature = "glam")] {
/// let p: daedalus::Point = glam::Vec2::new(1.5, -2.0).into();
/// assert_eq!(p, daedalus::Point::new(1.5, -2.0));
/// # }
/// ```
#[cfg(feature = "glam")]
impl From<glam::Vec2> for Point {
    #[inline]
    fn from(v: glam::Vec2) -> Self {
        Point::new(f64::from(v.x), f64::from(v.y))
    }
}

/// Conversion to a `glam::Vec2` (feature `glam`), rounded to the nearest
/// `f32`.
///
/// ```
/// # #[cfg(feature = "glam")] {
/// let v: glam::Vec2 = daedalus::Point::new(0.1, 2.0).into();
/// assert_eq!(v, glam::Vec2::new(0.1, 2.0));
/// # }
/// ```
#[cfg(feature = "glam")]
impl From<Point> for glam::Vec2 {
    #[inline]
    fn from(p: Point) -> Self {
        glam::Vec2::new(p.x as f32, p.y as f32)
    }
}

/// Conversion from a `mint::Point2<f32>` (feature `mint`; exact).
///
/// ```
/// # #[cfg(feature = "mint")] {
/// let p: daedalus::Point = mint::Point2 { x: 1.5f32, y: 2.0 }.into();
/// assert_eq!(p, daedalus::Point::new(1.5, 2.0));
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<mint::Point2<f32>> for Point {
    #[inline]
    fn from(v: mint::Point2<f32>) -> Self {
        Point::new(f64::from(v.x), f64::from(v.y))
    }
}

/// Conversion to a `mint::Point2<f32>` (feature `mint`), rounded to the
/// nearest `f32`.
///
/// ```
/// # #[cfg(feature = "mint")] {
/// let m: mint::Point2<f32> = daedalus::Point::new(0.1, 2.0).into();
/// assert_eq!((m.x, m.y), (0.1f32, 2.0));
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<Point> for mint::Point2<f32> {
    #[inline]
    fn from(p: Point) -> Self {
        mint::Point2 {
            x: p.x as f32,
            y: p.y as f32,
        }
    }
}
