//! What a search returns: a [`Path`] of straight segments between
//! [`Turn`]s round corners, each turning one [`Rotation`].

use crate::Point;
use crate::geometry::{arc_segment_distance, from_base};

use super::PathError;

/// A turn of the path around a corner: an arc of the circle of radius
/// `radius` about `center`, from tangent point `from` to tangent point `to`
/// in the direction `rotation`. For radius 0, `from == to == center`.
///
/// ```
/// use daedalus::{Point, path::{Rotation, Turn}};
/// let t = Turn { center: Point::new(0.0, 0.0), radius: 1.0, from: Point::new(1.0, 0.0), to: Point::new(0.0, 1.0), rotation: Rotation::CounterClockwise };
/// assert!((t.arc_length() - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    /// The corner turned around.
    pub center: Point,
    /// Radius of the arc (the disc radius).
    pub radius: f64,
    /// Where the path enters the arc.
    pub from: Point,
    /// Where the path leaves the arc.
    pub to: Point,
    /// Which way the arc turns.
    pub rotation: Rotation,
}

/// Which way a [`Turn`] goes round its corner.
///
/// ```
/// use daedalus::path::Rotation;
/// assert_ne!(Rotation::Clockwise, Rotation::CounterClockwise);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// Counter-clockwise (the corner on the path's left).
    CounterClockwise,
    /// Clockwise (the corner on the path's right).
    Clockwise,
}

impl Turn {
    /// The angle swept from `from` to `to` in the turn's direction, in [0, 2 pi).
    ///
    /// ```
    /// use daedalus::{Point, path::{Rotation, Turn}};
    /// let t = Turn { center: Point::new(0.0, 0.0), radius: 1.0, from: Point::new(1.0, 0.0), to: Point::new(0.0, 1.0), rotation: Rotation::Clockwise };
    /// assert!((t.sweep() - 1.5 * std::f64::consts::PI).abs() < 1e-12);
    /// ```
    pub fn sweep(&self) -> f64 {
        if self.radius == 0.0 {
            return 0.0;
        }
        let a0 = (self.from.y - self.center.y).atan2(self.from.x - self.center.x);
        let a1 = (self.to.y - self.center.y).atan2(self.to.x - self.center.x);
        match self.rotation {
            Rotation::CounterClockwise => from_base(a1, a0),
            Rotation::Clockwise => from_base(a0, a1),
        }
    }

    /// Length of the arc.
    ///
    /// ```
    /// use daedalus::{Point, path::{Rotation, Turn}};
    /// let p = Point::new(2.0, 3.0);
    /// assert_eq!(Turn { center: p, radius: 0.0, from: p, to: p, rotation: Rotation::CounterClockwise }.arc_length(), 0.0);
    /// ```
    pub fn arc_length(&self) -> f64 {
        self.radius * self.sweep()
    }

    /// Distance between the turn's arc and segment `a b` (floating point).
    pub(crate) fn distance_to_segment(&self, a: Point, b: Point) -> f64 {
        // The arc distance sweeps counter-clockwise: a clockwise turn
        // starts at its end.
        let start = match self.rotation {
            Rotation::CounterClockwise => self.from,
            Rotation::Clockwise => self.to,
        };
        let a0 = (start.y - self.center.y).atan2(start.x - self.center.x);
        arc_segment_distance(self.center, self.radius, a0, self.sweep(), a, b)
    }

    /// Point of the arc at angle offset `a` (radians along the turn) from `from`.
    pub(crate) fn at(&self, a: f64) -> Point {
        let a0 = (self.from.y - self.center.y).atan2(self.from.x - self.center.x);
        let ang = match self.rotation {
            Rotation::CounterClockwise => a0 + a,
            Rotation::Clockwise => a0 - a,
        };
        Point::new(
            self.center.x + self.radius * ang.cos(),
            self.center.y + self.radius * ang.sin(),
        )
    }
}

/// A path for a disc: straight segments between turns around corners.
///
/// ```
/// use daedalus::{Point, path::Path};
/// let p = Path::straight(Point::new(0.0, 0.0), Point::new(3.0, 4.0), 0.0);
/// assert_eq!(p.length(), 5.0);
/// assert_eq!(p.waypoints(), vec![Point::new(0.0, 0.0), Point::new(3.0, 4.0)]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// Start point.
    pub start: Point,
    /// Goal point.
    pub goal: Point,
    /// Radius of the disc that travels.
    pub radius: f64,
    /// The corners wrapped, in order.
    pub turns: Vec<Turn>,
}

impl Path {
    /// The straight path from `start` to `goal`.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.5);
    /// assert!(p.turns.is_empty());
    /// ```
    pub fn straight(start: impl Into<Point>, goal: impl Into<Point>, radius: f64) -> Path {
        let (start, goal) = (start.into(), goal.into());
        Path {
            start,
            goal,
            radius,
            turns: Vec::new(),
        }
    }

    /// Start, the tangent points of every turn (each turn's `from`, `to`;
    /// once for radius 0), goal.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// assert_eq!(p.waypoints().len(), 2);
    /// ```
    pub fn waypoints(&self) -> Vec<Point> {
        let mut out = vec![self.start];
        for t in &self.turns {
            out.push(t.from);
            out.push(t.to);
        }
        out.push(self.goal);
        out.dedup();
        if out.len() == 1 {
            out.push(self.goal);
        }
        out
    }

    /// Exact length: straight parts plus arcs.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [0.0, 2.0], 0.0);
    /// assert_eq!(p.length(), 2.0);
    /// ```
    pub fn length(&self) -> f64 {
        let mut len = 0.0;
        let mut at = self.start;
        for t in &self.turns {
            len += at.distance(t.from) + t.arc_length();
            at = t.to;
        }
        len + at.distance(self.goal)
    }

    /// The path as a polyline whose points lie on or outside every arc (arcs
    /// replaced by tangent chords around the circle: each arc point is on
    /// the circle or on a tangent outside it), so no segment comes closer
    /// to the turn's corner than the radius. `max_step` bounds the angle per
    /// piece (radians, clamped to [0.001, 1]); a piece of angle `h` bulges
    /// `r (1 / cos(h / 2) - 1)` beyond its arc, so near a wall opposite the
    /// corner the polyline can come that much closer than the radius: use
    /// [`Path::polyline_within`] to bound that.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// assert_eq!(p.polyline(0.2).len(), 2);
    /// ```
    pub fn polyline(&self, max_step: f64) -> Vec<Point> {
        self.polyline_steps(|_| max_step.clamp(1e-3, 1.0))
    }

    /// The polyline of [`Path::polyline`] with pieces short enough that no
    /// point strays more than `slack` outside its arc: every point keeps at
    /// least `radius - slack` from every wall (and at least `radius` from
    /// the corner it turns around). `slack` must be finite and at least
    /// `1e-12` times the radius (else [`PathError::BadSlack`]); an arc of
    /// sweep `s` takes about `s / sqrt(8 slack / r)` pieces.
    ///
    /// ```
    /// use daedalus::{Point, path::{Path, PathError, Rotation, Turn}};
    /// let c = Point::new(0.0, 0.0);
    /// let t = Turn { center: c, radius: 1.0, from: Point::new(0.0, -1.0), to: Point::new(0.0, 1.0), rotation: Rotation::CounterClockwise };
    /// let p = Path { start: Point::new(-5.0, -1.0), goal: Point::new(-5.0, 1.0), radius: 1.0, turns: vec![t] };
    /// let pts = p.polyline_within(1e-3).unwrap();
    /// // Between start and goal every corner is within 1e-3 outside the circle.
    /// let arc = &pts[1..pts.len() - 1];
    /// assert!(arc.iter().all(|q| q.distance(c) >= 1.0 - 1e-12 && q.distance(c) <= 1.0 + 1e-3 + 1e-12));
    /// assert_eq!(p.polyline_within(0.0), Err(PathError::BadSlack(0.0)));
    /// ```
    pub fn polyline_within(&self, slack: f64) -> Result<Vec<Point>, PathError> {
        if !(slack.is_finite() && slack > 0.0 && slack >= 1e-12 * self.radius) {
            return Err(PathError::BadSlack(slack));
        }
        Ok(self.polyline_steps(|r| {
            // 1 / cos(h / 2) <= 1 + slack / r, at most 1 radian.
            let h = 2.0 * (1.0 / (1.0 + slack / r)).acos();
            h.min(1.0)
        }))
    }

    /// Polyline with arc pieces of at most `step(radius)` radians.
    fn polyline_steps(&self, step: impl Fn(f64) -> f64) -> Vec<Point> {
        let mut out = vec![self.start];
        for t in &self.turns {
            out.push(t.from);
            let sweep = t.sweep();
            if t.radius > 0.0 && sweep > 0.0 {
                let n = (sweep / step(t.radius)).ceil().max(1.0) as usize;
                let h = sweep / n as f64;
                // Vertices of the circumscribed polygon: on the bisector
                // of each piece at distance r / cos(h / 2) (outside the arc).
                let k = 1.0 / (h / 2.0).cos();
                for i in 0..n {
                    let p = t.at((i as f64 + 0.5) * h);
                    out.push(Point::new(
                        t.center.x + (p.x - t.center.x) * k,
                        t.center.y + (p.y - t.center.y) * k,
                    ));
                }
            }
            out.push(t.to);
        }
        out.push(self.goal);
        out.dedup();
        if out.len() == 1 {
            out.push(self.goal);
        }
        out
    }
}
