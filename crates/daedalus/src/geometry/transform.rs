//! Baked 2D affine transforms (design notes, "matrix baking"): the product
//! `M = T2 * R * S * T1` is written directly in closed form instead of
//! being computed with three generic 3x3 products. [`Mat3`] is the explicit
//! reference.

use super::Point;

/// Errors of transform operations.
///
/// ```
/// use daedalus::geometry::{Transform, TransformError};
/// let flat = Transform::baked(daedalus::Point::new(0.0, 0.0), 0.0, 1.0, 0.0, daedalus::Point::new(0.0, 0.0));
/// assert!(matches!(flat.inverse(), Err(TransformError::Singular { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TransformError {
    /// The linear part has determinant zero (or the inverse overflows), so
    /// the transform cannot be inverted.
    #[error("transform is singular (determinant {determinant}) and has no inverse")]
    Singular {
        /// The determinant of the 2x2 linear part.
        determinant: f64,
    },
}

/// Affine 2D transform, stored as the top two rows of a 3x3 homogeneous
/// matrix: `x' = m[0][0] x + m[0][1] y + m[0][2]`,
/// `y' = m[1][0] x + m[1][1] y + m[1][2]`.
///
/// Angles are in radians and turn `+x` towards `+y` (counter-clockwise with
/// y up, clockwise on screen with y down).
///
/// ```
/// use daedalus::{Point, geometry::Transform};
/// // Pivot (1, 1), scale 2, quarter turn, placed at (10, 0).
/// let t = Transform::baked(Point::new(1.0, 1.0), 2.0, 2.0, std::f64::consts::FRAC_PI_2, Point::new(10.0, 0.0));
/// let q = t.apply(Point::new(2.0, 1.0));
/// assert!((q.x - 10.0).abs() < 1e-12 && (q.y - 2.0).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Rows of the matrix (the implicit third row is `0 0 1`).
    pub m: [[f64; 3]; 2],
}

impl Default for Transform {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Transform {
    /// The identity transform.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// assert_eq!(Transform::IDENTITY.apply(Point::new(3.0, 4.0)), Point::new(3.0, 4.0));
    /// ```
    pub const IDENTITY: Transform = Transform {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
    };

    /// The identity transform (same as [`Transform::IDENTITY`]).
    ///
    /// ```
    /// assert_eq!(daedalus::geometry::Transform::identity(), Default::default());
    /// ```
    #[inline]
    pub const fn identity() -> Self {
        Self::IDENTITY
    }

    /// Baked `T2 * R * S * T1`: `T1` moves `pivot` to the origin, `S` scales
    /// by `(sx, sy)`, `R` rotates by `angle`, `T2` translates to `position`.
    /// One `sin_cos`, 8 multiplications and 4 additions.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let t = Transform::baked(Point::new(5.0, 5.0), 3.0, 1.0, 0.0, Point::new(0.0, 0.0));
    /// assert_eq!(t.apply(Point::new(6.0, 6.0)), Point::new(3.0, 1.0));
    /// ```
    #[inline]
    pub fn baked(
        pivot: impl Into<Point>,
        sx: f64,
        sy: f64,
        angle: f64,
        position: impl Into<Point>,
    ) -> Self {
        let (s, c) = angle.sin_cos();
        Self::baked_sin_cos(pivot.into(), sx, sy, s, c, position.into())
    }

    /// [`Transform::baked`] with the angle given by its sine and cosine
    /// (cached by callers that move objects without turning them).
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let (pv, pos) = (Point::new(1.0, 2.0), Point::new(3.0, 4.0));
    /// let a = 0.3f64;
    /// assert_eq!(Transform::baked_sin_cos(pv, 2.0, 3.0, a.sin(), a.cos(), pos), Transform::baked(pv, 2.0, 3.0, a, pos));
    /// ```
    #[inline]
    pub fn baked_sin_cos(pivot: Point, sx: f64, sy: f64, s: f64, c: f64, position: Point) -> Self {
        let (m00, m01) = (sx * c, -sy * s);
        let (m10, m11) = (sx * s, sy * c);
        Transform {
            m: [
                [m00, m01, position.x - (pivot.x * m00 + pivot.y * m01)],
                [m10, m11, position.y - (pivot.x * m10 + pivot.y * m11)],
            ],
        }
    }

    /// A pure translation.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// assert_eq!(Transform::translation(1.0, 2.0).apply(Point::new(0.0, 0.0)), Point::new(1.0, 2.0));
    /// ```
    #[inline]
    pub const fn translation(tx: f64, ty: f64) -> Self {
        Transform {
            m: [[1.0, 0.0, tx], [0.0, 1.0, ty]],
        }
    }

    /// Applies the transform to a point.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let t = Transform { m: [[2.0, 0.0, 1.0], [0.0, 3.0, -1.0]] };
    /// assert_eq!(t.apply(Point::new(1.0, 1.0)), Point::new(3.0, 2.0));
    /// ```
    #[inline]
    pub fn apply(&self, p: Point) -> Point {
        let m = &self.m;
        Point::new(
            m[0][0] * p.x + m[0][1] * p.y + m[0][2],
            m[1][0] * p.x + m[1][1] * p.y + m[1][2],
        )
    }

    /// Applies the linear part only (directions, offsets).
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// assert_eq!(Transform::translation(5.0, 5.0).apply_vector(Point::new(1.0, 2.0)), Point::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn apply_vector(&self, v: Point) -> Point {
        let m = &self.m;
        Point::new(m[0][0] * v.x + m[0][1] * v.y, m[1][0] * v.x + m[1][1] * v.y)
    }

    /// Determinant of the linear part (area scale factor; negative = mirror).
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let t = Transform::baked(Point::new(0.0, 0.0), 2.0, -3.0, 1.0, Point::new(0.0, 0.0));
    /// assert!((t.determinant() + 6.0).abs() < 1e-12);
    /// ```
    #[inline]
    pub fn determinant(&self) -> f64 {
        self.m[0][0] * self.m[1][1] - self.m[0][1] * self.m[1][0]
    }

    /// Matrix product `self * other`: the result applies `other` first,
    /// then `self`.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let (a, b) = (Transform::translation(1.0, 0.0), Transform::baked(Point::new(0.0, 0.0), 2.0, 2.0, 0.0, Point::new(0.0, 0.0)));
    /// let p = Point::new(1.0, 1.0);
    /// assert_eq!(a.compose(&b).apply(p), a.apply(b.apply(p)));
    /// assert_eq!(a.compose(&b), a * b);
    /// ```
    #[inline]
    pub fn compose(&self, other: &Transform) -> Transform {
        let (a, b) = (&self.m, &other.m);
        let row = |i: usize| {
            [
                a[i][0] * b[0][0] + a[i][1] * b[1][0],
                a[i][0] * b[0][1] + a[i][1] * b[1][1],
                a[i][0] * b[0][2] + a[i][1] * b[1][2] + a[i][2],
            ]
        };
        Transform {
            m: [row(0), row(1)],
        }
    }

    /// The inverse transform, or [`TransformError::Singular`] when the
    /// determinant is zero or the inverse is not finite.
    ///
    /// ```
    /// use daedalus::{Point, geometry::Transform};
    /// let t = Transform::baked(Point::new(1.0, 2.0), 2.0, 4.0, 0.5, Point::new(-3.0, 7.0));
    /// let p = Point::new(0.25, -8.0);
    /// let q = t.inverse()?.apply(t.apply(p));
    /// assert!(q.distance(p) < 1e-12);
    /// # Ok::<(), daedalus::geometry::TransformError>(())
    /// ```
    pub fn inverse(&self) -> Result<Transform, TransformError> {
        let det = self.determinant();
        let singular = TransformError::Singular { determinant: det };
        if det == 0.0 || !det.is_finite() {
            return Err(singular);
        }
        let m = &self.m;
        let (i00, i01) = (m[1][1] / det, -m[0][1] / det);
        let (i10, i11) = (-m[1][0] / det, m[0][0] / det);
        let inv = Transform {
            m: [
                [i00, i01, -(i00 * m[0][2] + i01 * m[1][2])],
                [i10, i11, -(i10 * m[0][2] + i11 * m[1][2])],
            ],
        };
        if inv.m.iter().flatten().all(|v| v.is_finite()) {
            Ok(inv)
        } else {
            Err(singular)
        }
    }

    /// The full 3x3 homogeneous matrix.
    ///
    /// ```
    /// use daedalus::geometry::{Mat3, Transform};
    /// assert_eq!(Transform::IDENTITY.to_mat3(), Mat3::IDENTITY);
    /// ```
    #[inline]
    pub fn to_mat3(&self) -> Mat3 {
        Mat3 {
            m: [self.m[0], self.m[1], [0.0, 0.0, 1.0]],
        }
    }
}

/// `a * b` is [`Transform::compose`]: `b` is applied first.
///
/// ```
/// use daedalus::geometry::Transform;
/// assert_eq!(Transform::translation(1.0, 2.0) * Transform::translation(3.0, 4.0), Transform::translation(4.0, 6.0));
/// ```
impl core::ops::Mul for Transform {
    type Output = Transform;
    #[inline]
    fn mul(self, rhs: Transform) -> Transform {
        self.compose(&rhs)
    }
}

/// `t * p` is [`Transform::apply`].
///
/// ```
/// use daedalus::{Point, geometry::Transform};
/// assert_eq!(Transform::translation(1.0, 2.0) * Point::new(1.0, 1.0), Point::new(2.0, 3.0));
/// ```
impl core::ops::Mul<Point> for Transform {
    type Output = Point;
    #[inline]
    fn mul(self, p: Point) -> Point {
        self.apply(p)
    }
}

/// Explicit 3x3 homogeneous matrix (row-major) with the generic product:
/// the reference that [`Transform::baked`] is checked and benchmarked against.
///
/// ```
/// use daedalus::{Point, geometry::{Mat3, Transform}};
/// let explicit = Mat3::trst(Point::new(1.0, 2.0), 2.0, 3.0, 0.7, Point::new(5.0, -1.0));
/// let baked = Transform::baked(Point::new(1.0, 2.0), 2.0, 3.0, 0.7, Point::new(5.0, -1.0));
/// for (r, row) in baked.m.iter().enumerate() {
///     for (c, v) in row.iter().enumerate() {
///         assert!((v - explicit.m[r][c]).abs() < 1e-12);
///     }
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mat3 {
    /// Rows of the matrix.
    pub m: [[f64; 3]; 3],
}

impl Mat3 {
    /// The identity matrix.
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::IDENTITY.mul(&Mat3::IDENTITY), Mat3::IDENTITY);
    /// ```
    pub const IDENTITY: Mat3 = Mat3 {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    };

    /// Translation matrix.
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::translation(1.0, 2.0).m[0][2], 1.0);
    /// ```
    #[inline]
    pub const fn translation(tx: f64, ty: f64) -> Mat3 {
        Mat3 {
            m: [[1.0, 0.0, tx], [0.0, 1.0, ty], [0.0, 0.0, 1.0]],
        }
    }

    /// Scale matrix.
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::scale(2.0, 3.0).m[1][1], 3.0);
    /// ```
    #[inline]
    pub const fn scale(sx: f64, sy: f64) -> Mat3 {
        Mat3 {
            m: [[sx, 0.0, 0.0], [0.0, sy, 0.0], [0.0, 0.0, 1.0]],
        }
    }

    /// Rotation matrix (turns `+x` towards `+y`).
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::rotation(0.0), Mat3::IDENTITY);
    /// ```
    #[inline]
    pub fn rotation(angle: f64) -> Mat3 {
        let (s, c) = angle.sin_cos();
        Mat3::rotation_sin_cos(s, c)
    }

    /// Rotation matrix from the angle's sine and cosine.
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::rotation_sin_cos(0.0, 1.0), Mat3::IDENTITY);
    /// ```
    #[inline]
    pub const fn rotation_sin_cos(s: f64, c: f64) -> Mat3 {
        Mat3 {
            m: [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]],
        }
    }

    /// Generic 3x3 product `self * other` (27 multiplications).
    ///
    /// ```
    /// use daedalus::geometry::Mat3;
    /// assert_eq!(Mat3::translation(1.0, 0.0).mul(&Mat3::translation(0.0, 2.0)), Mat3::translation(1.0, 2.0));
    /// ```
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn mul(&self, other: &Mat3) -> Mat3 {
        let (a, b) = (&self.m, &other.m);
        let mut m = [[0.0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
            }
        }
        Mat3 { m }
    }

    /// `T2 * R * S * T1` computed explicitly with three generic products
    /// (same parameters as [`Transform::baked`]).
    ///
    /// ```
    /// use daedalus::{Point, geometry::Mat3};
    /// let m = Mat3::trst(Point::new(0.0, 0.0), 1.0, 1.0, 0.0, Point::new(2.0, 3.0));
    /// assert_eq!(m, Mat3::translation(2.0, 3.0));
    /// ```
    #[inline]
    pub fn trst(pivot: Point, sx: f64, sy: f64, angle: f64, position: Point) -> Mat3 {
        Mat3::translation(position.x, position.y)
            .mul(&Mat3::rotation(angle))
            .mul(&Mat3::scale(sx, sy))
            .mul(&Mat3::translation(-pivot.x, -pivot.y))
    }

    /// The affine part (top two rows); the third row is assumed `0 0 1`.
    ///
    /// ```
    /// use daedalus::geometry::{Mat3, Transform};
    /// assert_eq!(Mat3::translation(1.0, 2.0).to_transform(), Transform::translation(1.0, 2.0));
    /// ```
    #[inline]
    pub fn to_transform(&self) -> Transform {
        Transform {
            m: [self.m[0], self.m[1]],
        }
    }
}
