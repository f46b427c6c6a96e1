//! A minimal baked affine transform (to be replaced by
//! `geometry::Transform` at merge).

use crate::Point;

/// 2x3 affine matrix `[a, b, tx; c, d, ty]`.
///
/// ```
/// use daedalus::objects::Affine;
/// let t = Affine::baked([0.0, 0.0].into(), 2.0, 2.0, 0.0, [1.0, 0.0].into());
/// assert_eq!(t.apply([1.0, 1.0].into()), daedalus::Point::new(3.0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine {
    pub m: [f64; 6],
}

impl Affine {
    /// `T2 * R * S * T1` in closed form: T1 moves `pivot` to the origin,
    /// S scales, R rotates by `rot` radians, T2 moves to `pos`.
    ///
    /// ```
    /// use daedalus::objects::Affine;
    /// let t = Affine::baked([1.0, 1.0].into(), 1.0, 1.0, 0.0, [5.0, 5.0].into());
    /// assert_eq!(t.apply([1.0, 1.0].into()), daedalus::Point::new(5.0, 5.0));
    /// ```
    pub fn baked(pivot: Point, sx: f64, sy: f64, rot: f64, pos: Point) -> Affine {
        let (s, c) = rot.sin_cos();
        let (a, b, cc, d) = (sx * c, -sy * s, sx * s, sy * c);
        Affine {
            m: [
                a,
                b,
                pos.x - (a * pivot.x + b * pivot.y),
                cc,
                d,
                pos.y - (cc * pivot.x + d * pivot.y),
            ],
        }
    }
    /// Applies the transform to a point.
    ///
    /// ```
    /// use daedalus::objects::Affine;
    /// let t = Affine::baked([0.0, 0.0].into(), 1.0, 1.0, 0.0, [0.0, 0.0].into());
    /// assert_eq!(t.apply([7.0, 8.0].into()), daedalus::Point::new(7.0, 8.0));
    /// ```
    #[inline]
    pub fn apply(&self, p: Point) -> Point {
        let m = &self.m;
        Point::new(
            m[0] * p.x + m[1] * p.y + m[2],
            m[3] * p.x + m[4] * p.y + m[5],
        )
    }
}
