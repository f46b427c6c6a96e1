//! Sampling along a path, arcs included, at points that keep the path's
//! clearance under the library's own (floating-point) test.

use crate::Point;
use crate::geometry::Rect;
use crate::geometry::tolerance;

use super::{Path, Turn};

/// Why a [`PathSampler`] was not made.
///
/// ```
/// use daedalus::path::{Path, PathSampler, SampleError};
/// let p = Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
/// assert_eq!(PathSampler::new(&p, 0.0).unwrap_err(), SampleError::BadStep(0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// The step is zero, negative, NaN or infinite.
    #[error("sampling step {0} is not a positive finite number")]
    BadStep(f64),
}

#[derive(Clone, Copy, Debug)]
enum Piece {
    Line(Line),
    Arc(Turn),
}

/// A straight piece with what every sample of it needs, computed once
/// (a crowd samples each walker's path many times a step).
#[derive(Clone, Copy, Debug)]
struct Line {
    a: Point,
    b: Point,
    len: f64,
    /// Unit direction (zero for a piece of length zero).
    u: Point,
    /// Which side of the line its margin moves a point to near each end:
    /// away from the corner it is tangent to there, or (no corner at that
    /// end) from the other end's corner; 0 with no corner. A crossing
    /// tangent has its corners on opposite sides: each half is pushed
    /// away from the corner it is near (the other is half the line away).
    sides: [f64; 2],
}

impl Line {
    /// The piece from `a` to `b`, tangent to the corners `centres` (the
    /// turns before and after it).
    fn new(a: Point, b: Point, centres: [Option<Point>; 2]) -> Line {
        let len = a.distance(b);
        if len == 0.0 {
            let u = Point::new(0.0, 0.0);
            return Line {
                a,
                b,
                len,
                u,
                sides: [0.0; 2],
            };
        }
        let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
        let side = |c: Option<Point>| {
            c.map_or(0.0, |c| {
                let v = ux * (c.y - a.y) - uy * (c.x - a.x);
                if v > 0.0 {
                    1.0
                } else if v < 0.0 {
                    -1.0
                } else {
                    0.0
                }
            })
        };
        let (x, y) = (side(centres[0]), side(centres[1]));
        let sides = [if x == 0.0 { y } else { x }, if y == 0.0 { x } else { y }];
        Line {
            a,
            b,
            len,
            u: Point::new(ux, uy),
            sides,
        }
    }
}

impl Piece {
    fn len(&self) -> f64 {
        match self {
            Piece::Line(l) => l.len,
            Piece::Arc(t) => t.arc_length(),
        }
    }

    /// The point `s` along the piece, moved `margin` away from the corner
    /// it is tangent to (see [`PathSampler`]).
    fn at(&self, s: f64, margin: f64) -> Point {
        match self {
            Piece::Line(Line {
                a,
                b,
                len,
                u,
                sides,
            }) => {
                let t = if *len > 0.0 {
                    (s / len).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let p = Point::new(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
                let side = sides[usize::from(t >= 0.5)];
                if margin == 0.0 || side == 0.0 {
                    return p;
                }
                let k = -side * margin;
                Point::new(p.x - u.y * k, p.y + u.x * k)
            }
            Piece::Arc(t) => {
                if t.radius == 0.0 {
                    return t.center;
                }
                let q = t.at(s / t.radius);
                let k = (t.radius + margin) / t.radius;
                Point::new(
                    t.center.x + (q.x - t.center.x) * k,
                    t.center.y + (q.y - t.center.y) * k,
                )
            }
        }
    }
}

/// Walks a path at a fixed step (distance along the path, arcs followed),
/// ending exactly at the goal; [`PathSampler::point_at`] gives any point.
///
/// For a radius `r > 0` every point but the start and the goal is moved
/// outward by a tiny margin `m = 2e-9 · r + 64 ε · s` (`ε` the f64 machine
/// epsilon, `s` the largest coordinate magnitude of the path plus `r`):
/// arc points lie on the circle of radius `r + m` about the corner, points
/// of straight pieces `m` off the tangent line, away from the corner of
/// the nearer end (the other end's when that one has none).
/// The path finder accepts paths up to `1e-9 r` (its rounding slack) inside
/// the radius and a point computed on the circle can round inside it by
/// about `4 ε s`, while its start test is strict: a search started there
/// would answer `StartBlocked`. `m` covers both, so the samples pass the
/// start test of [`super::PathFinder`] (except in a passage exactly `2 r`
/// wide, where no point can). The samples are at most `m` off the path and
/// consecutive ones at most `step (1 + m / r)` apart.
///
/// ```
/// use daedalus::{Point, path::{Path, PathSampler}};
/// let p = Path::straight(Point::new(0.0, 0.0), Point::new(2.5, 0.0), 0.0);
/// let mut s = PathSampler::new(&p, 1.0).unwrap();
/// assert_eq!(s.remaining(), 4); // 0, 1, 2, 2.5
/// let xs: Vec<f64> = std::iter::from_fn(|| s.next_position()).map(|q| q.x).collect();
/// assert_eq!(xs, vec![0.0, 1.0, 2.0, 2.5]);
/// assert!(!s.has_next());
/// s.reset();
/// assert!(s.has_next());
/// ```
#[derive(Clone, Debug)]
pub struct PathSampler {
    pieces: Vec<Piece>,
    /// Distance along the path where each piece starts.
    starts: Vec<f64>,
    start: Point,
    goal: Point,
    margin: f64,
    /// The rounding part of the margin alone, `64 ε s` (see
    /// [`PathSampler::point_at_free`]).
    fine: f64,
    total: f64,
    step: f64,
    /// Index of the next sample.
    k: usize,
    count: usize,
}

impl PathSampler {
    /// A sampler over `path` every `step` (a positive finite distance).
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 0.5).unwrap().remaining(), 3);
    /// assert!(daedalus::path::PathSampler::new(&p, f64::NAN).is_err());
    /// ```
    pub fn new(path: &Path, step: f64) -> Result<PathSampler, SampleError> {
        if !(step.is_finite() && step > 0.0) {
            return Err(SampleError::BadStep(step));
        }
        let mut pieces = Vec::new();
        let mut at = path.start;
        let mut before = None;
        for t in &path.turns {
            let c = (t.radius > 0.0).then_some(t.center);
            pieces.push(Piece::Line(Line::new(at, t.from, [before, c])));
            if t.radius > 0.0 {
                pieces.push(Piece::Arc(*t));
            }
            before = c;
            at = t.to;
        }
        pieces.push(Piece::Line(Line::new(at, path.goal, [before, None])));
        let mut starts = Vec::with_capacity(pieces.len());
        let mut total = 0.0;
        for p in &pieces {
            starts.push(total);
            total += p.len();
        }
        let (margin, fine) = if path.radius > 0.0 {
            let mut s: f64 = path.start.x.abs().max(path.start.y.abs());
            s = s.max(path.goal.x.abs()).max(path.goal.y.abs());
            for t in &path.turns {
                s = s.max(t.center.x.abs()).max(t.center.y.abs());
            }
            let fine = 64.0 * f64::EPSILON * (s + path.radius);
            (fine + 2.0 * tolerance::RELATIVE * path.radius, fine)
        } else {
            (0.0, 0.0)
        };
        // Steps far below the rounding of the length still end.
        let full = (total / step).floor().min(usize::MAX as f64 / 2.0) as usize;
        let count = full + 1 + usize::from((full as f64) * step < total);
        Ok(PathSampler {
            pieces,
            starts,
            start: path.start,
            goal: path.goal,
            margin,
            fine,
            total,
            step,
            k: 0,
            count,
        })
    }

    /// Back to the start.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// let mut s = daedalus::path::PathSampler::new(&p, 1.0).unwrap();
    /// s.next_position();
    /// s.reset();
    /// assert_eq!(s.remaining(), 2);
    /// ```
    pub fn reset(&mut self) {
        self.k = 0;
    }

    /// Are samples left?
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [0.0, 0.0], 0.0);
    /// assert!(daedalus::path::PathSampler::new(&p, 1.0).unwrap().has_next());
    /// ```
    pub fn has_next(&self) -> bool {
        self.k < self.count
    }

    /// Samples left.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [3.0, 0.0], 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 1.0).unwrap().remaining(), 4);
    /// ```
    pub fn remaining(&self) -> usize {
        self.count - self.k
    }

    /// The path length.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [3.0, 4.0], 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 1.0).unwrap().length(), 5.0);
    /// ```
    pub fn length(&self) -> f64 {
        self.total
    }

    /// The margin every inner point is moved outward by (0 for radius 0).
    ///
    /// ```
    /// use daedalus::{Point, path::{Path, PathSampler}};
    /// let p = Path::straight(Point::new(0.0, 0.0), Point::new(3.0, 4.0), 1.0);
    /// let m = PathSampler::new(&p, 1.0).unwrap().margin();
    /// assert!(m > 0.0 && m < 1e-8); // 2e-9 r plus the rounding term
    /// ```
    pub fn margin(&self) -> f64 {
        self.margin
    }

    /// The point `d` along the path (clamped to `[0, length]`): the start
    /// at 0, the goal at the length, else moved out by [`Self::margin`].
    ///
    /// ```
    /// use daedalus::{Point, path::{Path, PathSampler}};
    /// let p = Path::straight(Point::new(0.0, 0.0), Point::new(4.0, 0.0), 0.0);
    /// let s = PathSampler::new(&p, 1.0).unwrap();
    /// assert_eq!(s.point_at(1.5), Point::new(1.5, 0.0));
    /// assert_eq!(s.point_at(9.0), Point::new(4.0, 0.0));
    /// ```
    pub fn point_at(&self, d: f64) -> Point {
        if d.is_nan() || d <= 0.0 {
            return self.start;
        }
        if d >= self.total {
            return self.goal;
        }
        let i = self.piece_of(d);
        self.pieces[i].at(d - self.starts[i], self.margin)
    }

    /// [`Self::point_at`] checked by the caller's clearance test `free`
    /// (for instance `|q| cdt.is_free(q, r) == Ok(true)`, or a search from
    /// `q` that is not `StartBlocked`): the pushed point when it passes,
    /// else the point pushed out by the rounding margin `64 ε s` alone,
    /// then by an eighth of it, else the point exactly on the path, else
    /// the same pushed the other way, else (none passes: a passage exactly
    /// `2 r` wide where no float point is free) the pushed point. The
    /// smaller pushes matter beside a wall exactly `2 r` from the corner
    /// an arc turns round: the full margin (`2e-9 r` more) overshoots
    /// toward that wall near the point where the arc touches its offset.
    /// The sampler alone cannot see the walls, so only this form can
    /// promise a point that passes where one of these does.
    ///
    /// ```
    /// use daedalus::{Point, path::{NavMesh, PathFinder, PathSampler}, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([5.0, 0.0], [5.0, 6.0]).unwrap();
    /// let nav = NavMesh::from_cdt(&cdt);
    /// let mut f = PathFinder::new();
    /// let path = f.find_path(&nav, Point::new(2.0, 2.0), Point::new(8.0, 2.0), 1.0).unwrap();
    /// let s = PathSampler::new(&path, 0.1).unwrap();
    /// let mut d = 0.0;
    /// while d < s.length() {
    ///     let q = s.point_at_free(d, |q| cdt.is_free(q, 1.0) == Ok(true));
    ///     assert!(f.find_path(&nav, q, q, 1.0).is_ok());
    ///     d += 0.1;
    /// }
    /// ```
    pub fn point_at_free(&self, d: f64, free: impl Fn(Point) -> bool) -> Point {
        let pushed = self.point_at(d);
        if self.margin == 0.0 || free(pushed) {
            return pushed;
        }
        let i = self.piece_of(d.clamp(0.0, self.total));
        let s = d - self.starts[i];
        let f = self.fine;
        [f, f / 8.0, 0.0, -f / 8.0, -f, -self.margin]
            .into_iter()
            .map(|m| self.pieces[i].at(s, m))
            .find(|&q| free(q))
            .unwrap_or(pushed)
    }

    /// Index of the piece holding distance `d` (in `(0, total)`).
    fn piece_of(&self, d: f64) -> usize {
        // last piece starting before d
        self.starts.partition_point(|&s| s < d).saturating_sub(1)
    }

    /// The next position, or `None` past the goal.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0], [1.0, 0.0], 0.0);
    /// let mut s = daedalus::path::PathSampler::new(&p, 2.0).unwrap();
    /// assert_eq!(s.next_position(), Some([0.0, 0.0].into()));
    /// assert_eq!(s.next_position(), Some([1.0, 0.0].into()));
    /// assert_eq!(s.next_position(), None);
    /// ```
    pub fn next_position(&mut self) -> Option<Point> {
        if !self.has_next() {
            return None;
        }
        let d = self.k as f64 * self.step;
        self.k += 1;
        Some(if self.k == self.count {
            self.goal
        } else {
            self.point_at(d)
        })
    }

    /// Does the path from distance `d` on, as a disc of radius `r`, come
    /// within `r` of `rect`? Conservative: straight pieces are tested
    /// exactly (plus the margin), each arc as the disc of radius `2 r`
    /// about its corner, which holds the arc's swept disc.
    pub(crate) fn remaining_near(&self, d: f64, rect: &Rect, r: f64) -> bool {
        let slack = r + 2.0 * self.margin + tolerance::RELATIVE * (1.0 + r);
        if d >= self.total {
            return rect.distance(self.goal) <= slack;
        }
        let d = d.max(0.0);
        let first = if d > 0.0 { self.piece_of(d) } else { 0 };
        for (i, p) in self.pieces.iter().enumerate().skip(first) {
            let near = match p {
                Piece::Line(l) => {
                    let a = if i == first && d > self.starts[i] {
                        self.pieces[i].at(d - self.starts[i], 0.0)
                    } else {
                        l.a
                    };
                    rect.segment_distance(a, l.b) <= slack
                }
                Piece::Arc(t) => rect.distance(t.center) <= t.radius + slack,
            };
            if near {
                return true;
            }
        }
        false
    }
}
