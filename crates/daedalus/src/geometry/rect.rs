//! Axis-aligned rectangles: world bounds and changed regions.

use super::Point;

/// An axis-aligned rectangle `[min.x, max.x] x [min.y, max.y]`.
///
/// ```
/// use daedalus::geometry::Rect;
/// let r = Rect::new([0.0, 0.0], [4.0, 2.0]);
/// assert!(r.contains([1.0, 1.0]));
/// assert!(!r.contains([5.0, 1.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Lower-left corner.
    pub min: Point,
    /// Upper-right corner.
    pub max: Point,
}

/// `[min.x, min.y, max.x, max.y]` (the order of the scenario format).
///
/// ```
/// let a: [f64; 4] = daedalus::Rect::new([0.0, 1.0], [2.0, 3.0]).into();
/// assert_eq!(a, [0.0, 1.0, 2.0, 3.0]);
/// ```
impl From<Rect> for [f64; 4] {
    fn from(r: Rect) -> Self {
        [r.min.x, r.min.y, r.max.x, r.max.y]
    }
}

impl Rect {
    /// The rectangle spanned by two corners (in any order).
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// let r = Rect::new([3.0, 1.0], [0.0, 2.0]);
    /// assert_eq!(r.min, [0.0, 1.0].into());
    /// assert_eq!(r.max, [3.0, 2.0].into());
    /// ```
    pub fn new(a: impl Into<Point>, b: impl Into<Point>) -> Rect {
        let (a, b) = (a.into(), b.into());
        Rect {
            min: Point::new(a.x.min(b.x), a.y.min(b.y)),
            max: Point::new(a.x.max(b.x), a.y.max(b.y)),
        }
    }

    /// The smallest rectangle holding every point, `None` for none.
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// let r = Rect::around([[1.0, 5.0], [3.0, -1.0]]).unwrap();
    /// assert_eq!(r, Rect::new([1.0, -1.0], [3.0, 5.0]));
    /// assert!(Rect::around(Vec::<[f64; 2]>::new()).is_none());
    /// ```
    pub fn around<P: Into<Point>>(points: impl IntoIterator<Item = P>) -> Option<Rect> {
        let mut it = points.into_iter().map(Into::into);
        let p = it.next()?;
        let mut r = Rect { min: p, max: p };
        for p in it {
            r.add(p);
        }
        Some(r)
    }

    /// Grows the rectangle to hold `p`.
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// let mut r = Rect::new([0.0, 0.0], [1.0, 1.0]);
    /// r.add([2.0, -1.0]);
    /// assert_eq!(r, Rect::new([0.0, -1.0], [2.0, 1.0]));
    /// ```
    pub fn add(&mut self, p: impl Into<Point>) {
        let p = p.into();
        self.min = Point::new(self.min.x.min(p.x), self.min.y.min(p.y));
        self.max = Point::new(self.max.x.max(p.x), self.max.y.max(p.y));
    }

    /// The smallest rectangle holding both.
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// let u = Rect::new([0.0, 0.0], [1.0, 1.0]).union(&Rect::new([2.0, 2.0], [3.0, 3.0]));
    /// assert_eq!(u, Rect::new([0.0, 0.0], [3.0, 3.0]));
    /// ```
    pub fn union(&self, o: &Rect) -> Rect {
        let mut r = *self;
        r.add(o.min);
        r.add(o.max);
        r
    }

    /// Is `p` inside or on the border?
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// assert!(Rect::new([0.0, 0.0], [1.0, 1.0]).contains([1.0, 0.5]));
    /// ```
    pub fn contains(&self, p: impl Into<Point>) -> bool {
        let p = p.into();
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    /// The rectangle grown by `d` on every side.
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// assert_eq!(Rect::new([0.0, 0.0], [1.0, 1.0]).inflate(1.0), Rect::new([-1.0, -1.0], [2.0, 2.0]));
    /// ```
    pub fn inflate(&self, d: f64) -> Rect {
        Rect {
            min: Point::new(self.min.x - d, self.min.y - d),
            max: Point::new(self.max.x + d, self.max.y + d),
        }
    }

    /// Distance from `p` to the rectangle (0 inside).
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// assert_eq!(Rect::new([0.0, 0.0], [1.0, 1.0]).distance([4.0, 5.0]), 5.0);
    /// ```
    pub fn distance(&self, p: impl Into<Point>) -> f64 {
        let p = p.into();
        let dx = (self.min.x - p.x).max(p.x - self.max.x).max(0.0);
        let dy = (self.min.y - p.y).max(p.y - self.max.y).max(0.0);
        dx.hypot(dy)
    }

    /// Distance from the segment `a`–`b` to the rectangle (0 when they meet).
    ///
    /// ```
    /// use daedalus::geometry::Rect;
    /// let r = Rect::new([0.0, 0.0], [1.0, 1.0]);
    /// assert_eq!(r.segment_distance([-1.0, 0.5], [2.0, 0.5]), 0.0);
    /// assert_eq!(r.segment_distance([-1.0, 3.0], [2.0, 3.0]), 2.0);
    /// ```
    pub fn segment_distance(&self, a: impl Into<Point>, b: impl Into<Point>) -> f64 {
        let (a, b) = (a.into(), b.into());
        // Clip the segment to the slab test; if it meets the box the distance is 0.
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let d = Point::new(b.x - a.x, b.y - a.y);
        let mut meets = true;
        for (p, dd, lo, hi) in [
            (a.x, d.x, self.min.x, self.max.x),
            (a.y, d.y, self.min.y, self.max.y),
        ] {
            if dd == 0.0 {
                if p < lo || p > hi {
                    meets = false;
                }
            } else {
                let (u, v) = ((lo - p) / dd, (hi - p) / dd);
                let (u, v) = (u.min(v), u.max(v));
                t0 = t0.max(u);
                t1 = t1.min(v);
            }
        }
        if meets && t0 <= t1 {
            return 0.0;
        }
        // Apart: the closest pair involves an end point or a box corner.
        let corners = [
            self.min,
            self.max,
            Point::new(self.min.x, self.max.y),
            Point::new(self.max.x, self.min.y),
        ];
        let seg = |p: Point| crate::geometry::distance_squared_point_segment(a, b, p).sqrt();
        let mut best = self.distance(a).min(self.distance(b));
        for c in corners {
            best = best.min(seg(c));
        }
        best
    }
}
