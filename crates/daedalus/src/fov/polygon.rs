//! The seen region: a closed chain of segments and range arcs.

use std::f64::consts::{FRAC_PI_2, TAU};

use super::FovError;
use crate::Point;

/// What a boundary segment of the seen region lies on.
///
/// ```
/// use daedalus::fov::SegmentKind;
/// assert_ne!(SegmentKind::Wall, SegmentKind::Shadow);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SegmentKind {
    /// On a constrained edge: a wall or the world border.
    Wall,
    /// Along a ray from the viewer past a wall's end: where a shadow starts.
    Shadow,
    /// From or to the viewer: a side of the opening wedge (or, for a viewer
    /// on the world border, the border it stands on).
    Side,
}

/// A counter-clockwise arc of the range circle, from `start_angle` to
/// `end_angle` (radians, `start_angle <= end_angle <= start_angle + TAU`).
///
/// ```
/// use daedalus::fov::Arc;
/// let a = Arc { center: [0.0, 0.0].into(), radius: 2.0, start_angle: 0.0, end_angle: std::f64::consts::FRAC_PI_2 };
/// assert!((a.end().y - 2.0).abs() < 1e-15);
/// assert!((a.segment_area() - (std::f64::consts::PI - 2.0)).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arc {
    /// Centre of the circle.
    pub center: Point,
    /// Radius of the circle.
    pub radius: f64,
    /// Angle of the first end, radians.
    pub start_angle: f64,
    /// Angle of the last end, radians (counter-clockwise from the first).
    pub end_angle: f64,
}

impl Arc {
    /// Point at `angle` on the circle.
    fn at(&self, angle: f64) -> Point {
        let (s, c) = angle.sin_cos();
        Point::new(
            self.center.x + self.radius * c,
            self.center.y + self.radius * s,
        )
    }
    /// First point.
    ///
    /// ```
    /// let a = daedalus::fov::Arc { center: [1.0, 0.0].into(), radius: 1.0, start_angle: 0.0, end_angle: 1.0 };
    /// assert_eq!(a.start(), [2.0, 0.0].into());
    /// ```
    pub fn start(&self) -> Point {
        self.at(self.start_angle)
    }
    /// Last point.
    ///
    /// ```
    /// let a = daedalus::fov::Arc { center: [0.0, 0.0].into(), radius: 1.0, start_angle: 0.0, end_angle: std::f64::consts::PI };
    /// assert!((a.end().x + 1.0).abs() < 1e-15);
    /// ```
    pub fn end(&self) -> Point {
        self.at(self.end_angle)
    }
    /// Angle swept, `0..=TAU`.
    ///
    /// ```
    /// let a = daedalus::fov::Arc { center: [0.0, 0.0].into(), radius: 1.0, start_angle: -1.0, end_angle: 2.0 };
    /// assert_eq!(a.sweep(), 3.0);
    /// ```
    pub fn sweep(&self) -> f64 {
        self.end_angle - self.start_angle
    }
    /// Area between the arc and its chord (the circular segment):
    /// `r²/2 (θ - sin θ)`, exact up to float rounding.
    ///
    /// ```
    /// use std::f64::consts::{PI, TAU};
    /// let full = daedalus::fov::Arc { center: [0.0, 0.0].into(), radius: 3.0, start_angle: 0.0, end_angle: TAU };
    /// assert!((full.segment_area() - 9.0 * PI).abs() < 1e-12);
    /// ```
    pub fn segment_area(&self) -> f64 {
        let t = self.sweep();
        // For small sweeps `t - sin t` cancels; its series keeps the digits.
        let d = if t < 1e-3 {
            let t3 = t * t * t;
            t3 / 6.0 - t3 * t * t / 120.0
        } else {
            t - t.sin()
        };
        0.5 * self.radius * self.radius * d
    }
}

/// One piece of the boundary of the seen region.
///
/// ```
/// use daedalus::fov::{BoundaryPiece, SegmentKind};
/// let p = BoundaryPiece::Segment { from: [0.0, 0.0].into(), to: [1.0, 0.0].into(), kind: SegmentKind::Wall };
/// assert_eq!(p.end(), [1.0, 0.0].into());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoundaryPiece {
    /// A straight piece.
    Segment {
        /// First end.
        from: Point,
        /// Last end.
        to: Point,
        /// What the piece lies on.
        kind: SegmentKind,
    },
    /// A piece of the range circle.
    Arc(Arc),
}

impl BoundaryPiece {
    /// First point of the piece.
    ///
    /// ```
    /// use daedalus::fov::{BoundaryPiece, SegmentKind};
    /// let p = BoundaryPiece::Segment { from: [0.0, 0.0].into(), to: [1.0, 0.0].into(), kind: SegmentKind::Side };
    /// assert_eq!(p.start(), [0.0, 0.0].into());
    /// ```
    pub fn start(&self) -> Point {
        match self {
            BoundaryPiece::Segment { from, .. } => *from,
            BoundaryPiece::Arc(a) => a.start(),
        }
    }
    /// Last point of the piece.
    ///
    /// ```
    /// use daedalus::fov::{Arc, BoundaryPiece};
    /// let p = BoundaryPiece::Arc(Arc { center: [0.0, 0.0].into(), radius: 1.0, start_angle: 0.0, end_angle: 0.0 });
    /// assert_eq!(p.end(), [1.0, 0.0].into());
    /// ```
    pub fn end(&self) -> Point {
        match self {
            BoundaryPiece::Segment { to, .. } => *to,
            BoundaryPiece::Arc(a) => a.end(),
        }
    }
}

/// The region a viewer sees: a closed, counter-clockwise chain of pieces
/// around the viewer (star-shaped from it). Empty when nothing is seen.
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
/// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
/// let v = visibility_polygon(&cdt, &FieldOfView::full_circle([5.0, 5.0], 100.0)?)?;
/// assert!((v.area() - 100.0).abs() < 1e-9);
/// assert_eq!(v.pieces().len(), 4); // the four borders
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Visibility {
    pub(crate) viewer: Point,
    pub(crate) pieces: Vec<BoundaryPiece>,
}

impl Visibility {
    /// The boundary pieces, counter-clockwise, each ending where the next
    /// starts (up to float rounding of the constructed points).
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
    /// let v = visibility_polygon(&cdt, &FieldOfView::full_circle([5.0, 5.0], 0.0)?)?;
    /// assert!(v.pieces().is_empty()); // zero range sees nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pieces(&self) -> &[BoundaryPiece] {
        &self.pieces
    }

    /// Is nothing seen?
    ///
    /// ```
    /// assert!(daedalus::fov::Visibility::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The viewer's position.
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
    /// let v = visibility_polygon(&cdt, &FieldOfView::full_circle([2.0, 5.0], 1.0)?)?;
    /// assert_eq!(v.viewer(), [2.0, 5.0].into());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn viewer(&self) -> Point {
        self.viewer
    }

    /// Area of the region: the chord polygon (shoelace, relative to the
    /// viewer) plus the exact circular segment of every arc.
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
    /// let cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
    /// let fov = FieldOfView::new([50.0, 50.0], 0.0, std::f64::consts::FRAC_PI_2, 10.0)?;
    /// let v = visibility_polygon(&cdt, &fov)?;
    /// assert!((v.area() - 25.0 * std::f64::consts::PI).abs() < 1e-9); // a quarter disc
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn area(&self) -> f64 {
        let q = self.viewer;
        let mut twice = 0.0;
        let mut segs = 0.0;
        for p in &self.pieces {
            let (a, b) = (p.start() - q, p.end() - q);
            twice += a.x * b.y - a.y * b.x;
            if let BoundaryPiece::Arc(arc) = p {
                segs += arc.segment_area();
            }
        }
        0.5 * twice + segs
    }

    /// The boundary as a closed polygon (first point not repeated), arcs
    /// flattened into chords: every vertex lies on the exact boundary and
    /// every chord stays within `tolerance` of its arc (sagitta <=
    /// `tolerance`), so the polyline is within `tolerance` of the region.
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
    /// let cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
    /// let v = visibility_polygon(&cdt, &FieldOfView::full_circle([50.0, 50.0], 10.0)?)?;
    /// let poly = v.polyline(0.01)?;
    /// assert!(poly.iter().all(|p| (p.distance([50.0, 50.0].into()) - 10.0).abs() < 1e-9));
    /// assert!(v.polyline(0.0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn polyline(&self, tolerance: f64) -> Result<Vec<Point>, FovError> {
        if !tolerance.is_finite() || tolerance <= 0.0 {
            return Err(FovError::BadTolerance(tolerance));
        }
        let mut out = Vec::new();
        for p in &self.pieces {
            match p {
                BoundaryPiece::Segment { from, .. } => out.push(*from),
                BoundaryPiece::Arc(a) => {
                    // Chord of angle `step` has sagitta r (1 - cos(step/2)).
                    let ratio = (1.0 - tolerance / a.radius).max(0.0);
                    let step = (2.0 * ratio.acos()).clamp(1e-6, FRAC_PI_2);
                    let n = (a.sweep() / step).ceil().max(1.0) as usize;
                    for i in 0..n {
                        out.push(a.at(a.start_angle + a.sweep() * (i as f64 / n as f64)));
                    }
                }
            }
        }
        Ok(out)
    }
}

/// Where a cone meets a blocking edge, in the walk's order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leaf {
    /// Right and left ends of the edge.
    pub a: Point,
    pub b: Point,
    /// Cone sides.
    pub r: Point,
    pub l: Point,
    pub wall: bool,
}

/// Parameter along `a b` where the ray from `q` through `d` meets it,
/// clamped to the edge (the cone lies inside the edge's angle).
#[inline]
fn hit(q: Point, d: Point, a: Point, b: Point) -> f64 {
    if d == a {
        return 0.0;
    }
    if d == b {
        return 1.0;
    }
    let (dx, dy) = (d.x - q.x, d.y - q.y);
    let (vx, vy) = (b.x - a.x, b.y - a.y);
    let (ux, uy) = (a.x - q.x, a.y - q.y);
    let den = vx * dy - vy * dx;
    let s = (dx * uy - dy * ux) / den;
    if s.is_finite() {
        s.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

#[inline]
fn along(a: Point, b: Point, s: f64) -> Point {
    if s <= 0.0 {
        a
    } else if s >= 1.0 {
        b
    } else {
        Point::new(a.x + s * (b.x - a.x), a.y + s * (b.y - a.y))
    }
}

#[inline]
fn angle_of(q: Point, p: Point) -> f64 {
    (p.y - q.y).atan2(p.x - q.x)
}

/// Builds the chain of pieces from the leaves in counter-clockwise order.
pub(crate) struct Builder {
    q: Point,
    range: f64,
    pieces: Vec<BoundaryPiece>,
    /// Direction (as computed) where the last piece, an arc, ends.
    open_arc: Option<f64>,
    /// The mesh edge the last piece, a wall segment, lies on.
    open_edge: Option<(Point, Point)>,
    /// The mesh edge of the first piece, when it is a wall segment.
    first_edge: Option<(Point, Point)>,
}

impl Builder {
    pub fn new(q: Point, range: f64) -> Builder {
        Builder {
            q,
            range,
            pieces: Vec::new(),
            open_arc: None,
            open_edge: None,
            first_edge: None,
        }
    }

    fn push_segment(&mut self, from: Point, to: Point, kind: SegmentKind) {
        self.push_on_edge(from, to, kind, None);
    }

    /// A segment; one continuing the last piece on the same mesh edge
    /// (cones split by a vertex seen past the edge) extends it.
    fn push_on_edge(
        &mut self,
        from: Point,
        to: Point,
        kind: SegmentKind,
        edge: Option<(Point, Point)>,
    ) {
        if from == to {
            return;
        }
        self.open_arc = None;
        if edge.is_some()
            && self.open_edge == edge
            && let Some(BoundaryPiece::Segment { to: last, .. }) = self.pieces.last_mut()
            && *last == from
        {
            *last = to;
            return;
        }
        if self.pieces.is_empty() {
            self.first_edge = edge;
        }
        self.pieces.push(BoundaryPiece::Segment { from, to, kind });
        self.open_edge = edge;
    }

    /// An arc between two directions (angles computed from the same ray
    /// points are bit-identical, so arcs meeting on a ray are merged).
    fn push_arc(&mut self, from: f64, to: f64) {
        let mut sweep = (to - from).rem_euclid(TAU);
        // A leaf spans at most a quarter turn: a sweep near TAU is a
        // rounded zero.
        if sweep > 1.5 * std::f64::consts::PI {
            sweep = 0.0;
        }
        if sweep == 0.0 {
            return;
        }
        self.open_edge = None;
        if self.open_arc == Some(from)
            && let Some(BoundaryPiece::Arc(prev)) = self.pieces.last_mut()
        {
            prev.end_angle = (prev.end_angle + sweep).min(prev.start_angle + TAU);
        } else {
            self.pieces.push(BoundaryPiece::Arc(Arc {
                center: self.q,
                radius: self.range,
                start_angle: from,
                end_angle: from + sweep,
            }));
        }
        self.open_arc = Some(to);
    }

    /// Appends the pieces of one leaf: its edge segment, cut by the range
    /// circle into arc, segment, arc (the inside of a circle meets a line
    /// in one interval). `join` is the previous leaf's last point and
    /// whether the two cones share their ray; it is joined to this leaf's
    /// first point. Returns the leaf's first and last points.
    pub fn leaf(&mut self, f: &Leaf, join: Option<(Point, bool)>) -> (Point, Point) {
        let q = self.q;
        let (a, b) = (f.a, f.b);
        let sr = hit(q, f.r, a, b);
        let sl = hit(q, f.l, a, b).max(sr);
        let (ux, uy) = (a.x - q.x, a.y - q.y);
        let (vx, vy) = (b.x - a.x, b.y - a.y);
        let vv = vx * vx + vy * vy;
        let uv = ux * vx + uy * vy;
        let disc = uv * uv - vv * (ux * ux + uy * uy - self.range * self.range);
        let (s1, s2) = if disc >= 0.0 && vv > 0.0 {
            let sq = disc.sqrt();
            ((-uv - sq) / vv, (-uv + sq) / vv)
        } else {
            (f64::INFINITY, f64::NEG_INFINITY)
        };
        // The part of the leaf's stretch [sr, sl] inside the circle: empty
        // means all arc (a zero-length stretch inside still counts: a
        // viewer a hair from a wall sees that wall at its feet).
        let inside = s1 <= sl && sr <= s2;
        let (lo, hi) = (sr.max(s1), sl.min(s2));
        let kind = if f.wall {
            SegmentKind::Wall
        } else {
            SegmentKind::Shadow
        };
        let th_r = angle_of(q, f.r);
        let th_l = angle_of(q, f.l);
        let on_circle = |t: f64| {
            let (s, c) = t.sin_cos();
            Point::new(q.x + self.range * c, q.y + self.range * s)
        };
        // (first point, arc before, segment, arc after, last point)
        let (first, last);
        let mut before = None;
        let mut seg = None;
        let mut after = None;
        if !inside {
            before = Some((th_r, th_l));
            (first, last) = (on_circle(th_r), on_circle(th_l));
        } else {
            let (p_lo, p_hi) = (along(a, b, lo), along(a, b, hi));
            first = if lo > sr {
                before = Some((th_r, angle_of(q, p_lo)));
                on_circle(th_r)
            } else {
                p_lo
            };
            seg = Some((p_lo, p_hi));
            last = if hi < sl {
                after = Some((angle_of(q, p_hi), th_l));
                on_circle(th_l)
            } else {
                p_hi
            };
        }
        if let Some((end, shared)) = join {
            self.join(end, first, shared);
        }
        if let Some((x, y)) = before {
            self.push_arc(x, y);
        }
        if let Some((x, y)) = seg {
            self.push_on_edge(x, y, kind, Some((a, b)));
        }
        if let Some((x, y)) = after {
            self.push_arc(x, y);
        }
        (first, last)
    }

    /// Joins the end of one leaf to the start of the next: along their
    /// shared ray, or through the viewer when the cones do not touch.
    fn join(&mut self, end: Point, start: Point, shared: bool) {
        if shared {
            self.push_segment(end, start, SegmentKind::Shadow);
        } else {
            self.push_segment(end, self.q, SegmentKind::Side);
            self.push_segment(self.q, start, SegmentKind::Side);
        }
    }

    /// Joins the last leaf to the first.
    pub fn close(&mut self, end: Point, start: Point, shared: bool) {
        self.join(end, start, shared);
    }

    /// Closes the chain: merges the last arc into the first when they meet.
    pub fn finish(mut self) -> Vec<BoundaryPiece> {
        if self.pieces.len() >= 2
            && let BoundaryPiece::Arc(first) = self.pieces[0]
            && self.open_arc == Some(first.start_angle)
            && let Some(BoundaryPiece::Arc(last)) = self.pieces.pop()
        {
            let sweep = (last.sweep() + first.sweep()).min(TAU);
            self.pieces[0] = BoundaryPiece::Arc(Arc {
                start_angle: last.start_angle,
                end_angle: last.start_angle + sweep,
                ..first
            });
        }
        // Or the last segment into the first, on the same edge.
        if self.pieces.len() >= 2
            && self.open_edge.is_some()
            && self.open_edge == self.first_edge
            && let (BoundaryPiece::Segment { from, .. }, Some(BoundaryPiece::Segment { to, .. })) =
                (self.pieces[0], self.pieces.last().copied())
            && to == from
            && let Some(BoundaryPiece::Segment { from: start, .. }) = self.pieces.pop()
            && let BoundaryPiece::Segment { from, .. } = &mut self.pieces[0]
        {
            *from = start;
        }
        self.pieces
    }
}
