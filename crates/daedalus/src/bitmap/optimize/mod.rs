//! Stages 2 and 3: the optimal polygon of an outline within a tolerance.
//!
//! The deviation measure is Douglas-Peucker's: a segment from outline
//! point i to point j is *possible* when every outline point strictly
//! between them lies within Euclidean distance `t` of the segment
//! [p_i, p_j]. Points between two corners lie on a straight run and the
//! distance to a segment is convex along a line, so corners suffice.
//!
//! reach[i] is the largest j such that i -> j' is possible for every
//! j' <= j (indices run twice round the outline, j <= i + n). One
//! forward walk per start (`reach.rs`), run by run (corner to corner, O(1)
//! per run), keeps the cone of directions from p_i whose rays pass within
//! `t` of every corner so far (Potrace's lon computation with Euclidean
//! discs); corners beyond the end point along the ray are checked only
//! when the walk comes back towards p_i. Then a shortest path over the
//! segments i -> j, j <= reach[i], from a start s round to s + n gives the
//! fewest vertices, and among those the least Potrace penalty; s is a
//! start of fewest segments over all starts (`fewest.rs`; point 0 when it
//! ties). Two segments (a sliver, there and back) are allowed.
//! Every chosen segment is re-checked directly (and split at its farthest
//! corner if rounding let it through), and stage 3 moves vertices onto
//! least-squares line intersections only where the same direct check
//! still passes.

mod fewest;
mod penalty;
mod place;
mod reach;

use crate::Point;
use reach::Run;

#[inline]
fn cross(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

#[inline]
fn dot(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

#[inline]
fn add(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 + b.0, a.1 + b.1)
}

#[inline]
fn sub(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 - b.0, a.1 - b.1)
}

/// `a` if `c`, else `b`, bit for bit, without a branch.
#[inline]
fn select(c: bool, a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let m = (c as u64).wrapping_neg();
    let pick = |x: f64, y: f64| f64::from_bits((x.to_bits() & m) | (y.to_bits() & !m));
    (pick(a.0, b.0), pick(a.1, b.1))
}

/// Squared distance from p to the segment [a, b].
#[inline]
fn dist2_seg(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let pt = |q: (f64, f64)| Point::new(q.0, q.1);
    crate::geometry::distance_squared_point_segment(pt(a), pt(b), pt(p))
}

/// The squared tolerance used for admission and checks: a relative slack
/// ([`tolerance::LATTICE`](crate::geometry::tolerance::LATTICE)) so that
/// lattice corners at distance exactly `t` (common, e.g. at t = 1) count as
/// within whatever the rounding.
#[inline]
fn tol2(t: f64) -> f64 {
    t * t * (1.0 + crate::geometry::tolerance::LATTICE)
}

/// A least-squares line: a point, the unit direction, the variance of the
/// points across it.
type Line = ((f64, f64), (f64, f64), f64);

/// Predecessors examined per point in the penalty tie-break.
const CAND_CAP: usize = 48;

/// Widening of the admission rule for the relaxed candidate.
const RELAX: f64 = 1.5;

/// Reusable buffers: one per tracing, not one per outline.
#[derive(Default)]
pub(crate) struct Optimizer {
    /// The outline rotated to start at a corner, as f64, point n = point 0.
    p: Vec<(f64, f64)>,
    corner: Vec<bool>,
    /// Corner indices, ascending, then n.
    cidx: Vec<usize>,
    /// The runs between corners, twice round.
    runs: Vec<Run>,
    reach: Vec<usize>,
    sums: Vec<[f64; 5]>,
    pen: Vec<f64>,
    prev: Vec<usize>,
    cand: Vec<usize>,
}

impl Optimizer {
    /// The polygon for the closed lattice walk `pts` (unit steps) within
    /// tolerance `t` (>= 0), with stage-3 vertex adjustment if `adjust`.
    /// Adjusted vertices stay inside [0, size.0] x [0, size.1] (the image).
    pub(crate) fn polygon(
        &mut self,
        pts: &[[i32; 2]],
        t: f64,
        adjust: bool,
        size: (f64, f64),
    ) -> Vec<Point> {
        let n = pts.len();
        let is_corner = |k: usize| {
            let a = pts[(k + n - 1) % n];
            let b = pts[k];
            let c = pts[(k + 1) % n];
            (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
        };
        // Start at a corner (traced outlines already do).
        let start = if n > 0 && is_corner(0) {
            0
        } else {
            (0..n).find(|&k| is_corner(k)).unwrap_or(0)
        };
        // Twice round (points 0..=2n) so that segments may wrap past point n.
        self.p.clear();
        self.p.extend((0..=2 * n).map(|k| {
            let q = pts[(start + k) % n.max(1)];
            (q[0] as f64, q[1] as f64)
        }));
        self.corner.clear();
        self.cidx.clear();
        for k in 0..n {
            let c = is_corner((start + k) % n);
            self.corner.push(c);
            if c {
                self.cidx.push(k);
            }
        }
        let nc = self.cidx.len();
        for c in 0..nc {
            self.cidx.push(self.cidx[c] + n);
        }
        self.cidx.push(2 * n);
        if t == 0.0 || n < 4 {
            return self.corners_only();
        }
        self.runs.clear();
        let p = &self.p;
        self.runs.extend(self.cidx.windows(2).map(|w| Run {
            at: p[w[0]],
            k: w[0],
            d: sub(p[w[0] + 1], p[w[0]]),
            len: w[1] - w[0],
        }));
        self.prefix_sums();
        // Relaxed first (segments whose chord is within RELAX * t, the
        // least-squares placement of stage 3 brings most within t); the
        // direct check repairs the rest. Without splits it has at most the
        // strict count (its segments are a superset); otherwise the strict
        // programme decides.
        let mut relaxed = None;
        if adjust {
            let (pts, splits) = self.run(t * RELAX, t, adjust, false, size);
            if splits == 0 && pts.len() >= 2 {
                return pts;
            }
            relaxed = Some(pts);
        }
        let (strict, _) = self.run(t, t, adjust, true, size);
        let best = match relaxed {
            Some(r) if r.len() >= 2 && r.len() < strict.len() => r,
            _ => strict,
        };
        if best.len() < 2 {
            return self.corners_only();
        }
        best
    }

    /// Stage 2 with segments admitted at tolerance `ta`, then placement and
    /// the direct check at `t`: the polygon and the number of splits.
    fn run(
        &mut self,
        ta: f64,
        t: f64,
        adjust: bool,
        revert: bool,
        size: (f64, f64),
    ) -> (Vec<Point>, usize) {
        self.compute_reach(ta);
        // From point 0 (a corner) unless the best greedy start does better
        // (a sliver or less cannot be beaten). Counted first: the penalty
        // programme runs once, from the start that wins.
        let m0 = self.fewest(0);
        let mut s = 0;
        if m0 > 2 {
            let b = self.best_start();
            if b != 0 && self.fewest(b) < m0 {
                s = b;
            }
        }
        let mut po = self.best_polygon(s);
        if po.len() < 2 {
            // Every point within t of p_s: so of any segment from p_s, a
            // sliver (there and back) to the farthest corner.
            let ps = self.p[s];
            let far = (s + 1..s + self.corner.len())
                .max_by(|&a, &b| {
                    let d = |k: usize| dot(sub(self.p[k], ps), sub(self.p[k], ps));
                    d(a).total_cmp(&d(b))
                })
                .unwrap_or(s + 1);
            po.push(far);
        }
        self.place_and_check(po, t, adjust, revert, size)
    }

    fn corners_only(&self) -> Vec<Point> {
        let n = self.corner.len();
        (0..n)
            .filter(|&k| self.corner[k])
            .map(|k| Point::new(self.p[k].0, self.p[k].1))
            .collect()
    }
}

#[cfg(test)]
mod tests;
