//! Fixed-step sampling along a path, arcs included.

use crate::Point;

use super::{Path, Turn, dist};

#[derive(Clone, Copy, Debug)]
enum Piece {
    Line(Point, Point),
    Arc(Turn),
}

impl Piece {
    fn len(&self) -> f64 {
        match self {
            Piece::Line(a, b) => dist(*a, *b),
            Piece::Arc(t) => t.arc_length(),
        }
    }
    fn at(&self, s: f64) -> Point {
        match self {
            Piece::Line(a, b) => {
                let l = dist(*a, *b);
                let t = if l > 0.0 {
                    (s / l).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                Point::new(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
            }
            Piece::Arc(t) => t.at(if t.radius > 0.0 { s / t.radius } else { 0.0 }),
        }
    }
}

/// Walks a path at a fixed step (distance along the path, arcs followed
/// exactly), ending exactly at the goal.
///
/// ```
/// use daedalus::{Point, path::{Path, PathSampler}};
/// let p = Path::straight(Point::new(0.0, 0.0), Point::new(2.5, 0.0), 0.0);
/// let mut s = PathSampler::new(&p, 1.0);
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
    total: f64,
    step: f64,
    /// Index of the next sample.
    k: usize,
    count: usize,
    // Cursor: piece and distance where it starts.
    piece: usize,
    piece_start: f64,
}

impl PathSampler {
    /// A sampler over `path` every `step` (clamped to a tiny positive value).
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [1.0, 0.0].into(), 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 0.5).remaining(), 3);
    /// ```
    pub fn new(path: &Path, step: f64) -> PathSampler {
        let mut pieces = Vec::new();
        let mut at = path.start;
        for t in &path.turns {
            pieces.push(Piece::Line(at, t.from));
            if t.radius > 0.0 {
                pieces.push(Piece::Arc(*t));
            }
            at = t.to;
        }
        pieces.push(Piece::Line(at, path.goal));
        let total: f64 = pieces.iter().map(|p| p.len()).sum();
        let step = if step.is_finite() && step > 1e-12 {
            step
        } else {
            1e-12_f64.max(total)
        };
        let full = (total / step).floor() as usize;
        let count = full + 1 + usize::from(full as f64 * step < total);
        PathSampler {
            pieces,
            total,
            step,
            k: 0,
            count,
            piece: 0,
            piece_start: 0.0,
        }
    }

    /// Back to the start.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [1.0, 0.0].into(), 0.0);
    /// let mut s = daedalus::path::PathSampler::new(&p, 1.0);
    /// s.next_position();
    /// s.reset();
    /// assert_eq!(s.remaining(), 2);
    /// ```
    pub fn reset(&mut self) {
        self.k = 0;
        self.piece = 0;
        self.piece_start = 0.0;
    }

    /// Are samples left?
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [0.0, 0.0].into(), 0.0);
    /// assert!(daedalus::path::PathSampler::new(&p, 1.0).has_next());
    /// ```
    pub fn has_next(&self) -> bool {
        self.k < self.count
    }

    /// Samples left.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [3.0, 0.0].into(), 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 1.0).remaining(), 4);
    /// ```
    pub fn remaining(&self) -> usize {
        self.count - self.k
    }

    /// The path length.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [3.0, 4.0].into(), 0.0);
    /// assert_eq!(daedalus::path::PathSampler::new(&p, 1.0).length(), 5.0);
    /// ```
    pub fn length(&self) -> f64 {
        self.total
    }

    /// The next position, or `None` past the goal.
    ///
    /// ```
    /// let p = daedalus::path::Path::straight([0.0, 0.0].into(), [1.0, 0.0].into(), 0.0);
    /// let mut s = daedalus::path::PathSampler::new(&p, 2.0);
    /// assert_eq!(s.next_position(), Some([0.0, 0.0].into()));
    /// assert_eq!(s.next_position(), Some([1.0, 0.0].into()));
    /// assert_eq!(s.next_position(), None);
    /// ```
    pub fn next_position(&mut self) -> Option<Point> {
        if !self.has_next() {
            return None;
        }
        let d = (self.k as f64 * self.step).min(self.total);
        self.k += 1;
        if self.k == self.count {
            return Some(match self.pieces.last() {
                Some(p) => p.at(p.len()),
                None => Point::default(),
            });
        }
        while self.piece + 1 < self.pieces.len()
            && self.piece_start + self.pieces[self.piece].len() < d
        {
            self.piece_start += self.pieces[self.piece].len();
            self.piece += 1;
        }
        Some(self.pieces[self.piece].at(d - self.piece_start))
    }
}
