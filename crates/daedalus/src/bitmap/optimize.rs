//! Stages 2 and 3: the optimal polygon of an outline within a tolerance.
//!
//! The deviation measure is Douglas-Peucker's: a segment from outline
//! point i to point j is *possible* when every outline point strictly
//! between them lies within Euclidean distance `t` of the segment
//! [p_i, p_j]. Points between two corners lie on a straight run and the
//! distance to a segment is convex along a line, so corners suffice.
//!
//! reach[i] is the largest j such that i -> j' is possible for every
//! j' <= j (indices run twice round the outline, j <= i + n). One forward walk per start, run by run (corner to corner, O(1)
//! per run), keeps the cone of directions from p_i whose rays pass within
//! `t` of every corner so far (Potrace's lon computation with Euclidean
//! discs); corners beyond the end point along the ray are checked only
//! when the walk comes back towards p_i. Then a shortest path over the
//! segments i -> j, j <= reach[i], from a start s round to s + n gives the
//! fewest vertices, and among those the least Potrace penalty; s is point
//! 0 or the start whose greedy jumps need fewest segments, whichever is
//! better. Two segments (a sliver, there and back) are allowed.
//! Every chosen segment is re-checked directly (and split at its farthest
//! corner if rounding let it through), and stage 3 moves vertices onto
//! least-squares line intersections only where the same direct check
//! still passes.

use crate::Point;

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
/// of 1e-10 so that lattice corners at distance exactly `t` (common, e.g.
/// at t = 1) count as within whatever the rounding.
#[inline]
fn tol2(t: f64) -> f64 {
    t * t * (1.0 + 1e-10)
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

    /// reach[i] for every start i in 0..n (see the module docs), at most
    /// i + n (once round).
    fn compute_reach(&mut self, t: f64) {
        let n = self.corner.len();
        let nc = self.runs.len() / 2;
        let t2 = tol2(t);
        let tt = t2.sqrt();
        self.reach.clear();
        // cidx[ci] = the first corner after i.
        let mut ci = 0;
        for i in 0..n {
            while self.cidx[ci] <= i {
                ci += 1;
            }
            let lim = i + n;
            // The corners strictly between i and i + n.
            let last = if self.cidx[ci + nc - 1] < lim {
                ci + nc - 1
            } else {
                ci + nc - 2
            };
            let r = walk(&self.runs[ci..=last], lim, self.p[i], t2, tt);
            self.reach.push(r);
        }
    }

    /// Prefix sums of x, y, x^2, xy, y^2 over points 0..=n, relative to
    /// point 0 (for Potrace's penalty and the least-squares lines).
    fn prefix_sums(&mut self) {
        let o = self.p[0];
        self.sums.clear();
        let mut acc = [0.0f64; 5];
        self.sums.push(acc);
        for &q in &self.p {
            let (x, y) = sub(q, o);
            acc[0] += x;
            acc[1] += y;
            acc[2] += x * x;
            acc[3] += x * y;
            acc[4] += y * y;
            self.sums.push(acc);
        }
    }

    /// Mean and central second moments of points i..=j (relative to p0).
    fn moments(&self, i: usize, j: usize) -> ((f64, f64), f64, f64, f64) {
        let a = self.sums[i];
        let b = self.sums[j + 1];
        let k = 1.0 / (j + 1 - i) as f64;
        let mx = (b[0] - a[0]) * k;
        let my = (b[1] - a[1]) * k;
        let sxx = (b[2] - a[2]) * k - mx * mx;
        let sxy = (b[3] - a[3]) * k - mx * my;
        let syy = (b[4] - a[4]) * k - my * my;
        ((mx, my), sxx, sxy, syy)
    }

    /// Potrace's penalty: segment length x rms distance of the points from
    /// the segment's line.
    fn penalty(&self, i: usize, j: usize) -> f64 {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        let o = self.p[0];
        let pi = sub(self.p[i], o);
        let pj = sub(self.p[j], o);
        let e = (-(pj.1 - pi.1), pj.0 - pi.0);
        let off = dot(e, sub(m, pi));
        let s = e.0 * e.0 * sxx + 2.0 * e.0 * e.1 * sxy + e.1 * e.1 * syy + off * off;
        s.max(0.0).sqrt()
    }

    /// Least-squares line of points i..=j: (a point, unit direction).
    fn fit_line(&self, i: usize, j: usize) -> Line {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        // Principal eigenvector of the covariance (no trigonometry).
        let root = (0.25 * (sxx - syy) * (sxx - syy) + sxy * sxy).sqrt();
        let lam = 0.5 * (sxx + syy) + root;
        let d = if sxy == 0.0 {
            if sxx >= syy { (1.0, 0.0) } else { (0.0, 1.0) }
        } else if sxx >= syy {
            (lam - syy, sxy)
        } else {
            (sxy, lam - sxx)
        };
        let len = dot(d, d).sqrt();
        let o = self.p[0];
        (
            (m.0 + o.0, m.1 + o.1),
            (d.0 / len, d.1 / len),
            0.5 * (sxx + syy) - root,
        )
    }

    /// reach of any point k in 0..2n (reach repeats with period n).
    #[inline]
    fn reach_at(&self, k: usize) -> usize {
        let n = self.corner.len();
        if k < n {
            self.reach[k]
        } else {
            self.reach[k - n] + n
        }
    }

    /// The start of fewest segments (tried besides point 0), exactly.
    /// Every polygon has a vertex at any point a, or a segment i -> j over
    /// it (i < a < j <= reach(i)); starting at that vertex or at that i
    /// loses nothing. So the starts to try are a and every i reaching over
    /// a, for the a that the fewest segments reach over.
    fn best_start(&self) -> usize {
        let n = self.corner.len();
        // cover[k]: how many i in 0..n reach over k (k in 0..2n).
        let mut cover = vec![0i64; 2 * n + 1];
        for (i, &r) in self.reach.iter().enumerate() {
            if r > i + 1 {
                cover[i + 1] += 1;
                cover[r] -= 1;
            }
        }
        for k in 1..2 * n {
            cover[k] += cover[k - 1];
        }
        let a = (0..n).min_by_key(|&a| cover[a] + cover[a + n]).unwrap_or(0);
        let over = |i: usize| {
            let r = self.reach[i];
            (i < a && r > a) || r > a + n
        };
        let starts = std::iter::once(a).chain((0..n).filter(|&i| over(i)));
        // Among equal counts a corner (a vertex off a corner cuts it).
        let mut best = (usize::MAX, 0);
        for s in starts {
            let c = self.fewest_capped(s, best.0.saturating_add(1));
            if c < best.0 || (c == best.0 && self.corner[s] && !self.corner[best.1]) {
                best = (c, s);
            }
        }
        best.1
    }

    /// The number of segments of [`Self::best_polygon`] from s: its
    /// breadth-first layers without the penalties.
    fn fewest(&self, s: usize) -> usize {
        self.fewest_capped(s, usize::MAX)
    }

    /// [`Self::fewest`], or at least `cap` when that many layers do not
    /// reach round (a start that cannot beat the best so far).
    fn fewest_capped(&self, s: usize, cap: usize) -> usize {
        let end = s + self.corner.len();
        let (mut a0, mut b0) = (s, s);
        let mut m = 0;
        while b0 < end && m < cap {
            let b1 = (a0..=b0).map(|k| self.reach_at(k)).max().unwrap_or(end);
            (a0, b0) = (b0 + 1, b1);
            m += 1;
        }
        m.max(1)
    }

    /// Fewest segments from point s to point s + n (the same point) with
    /// segments i -> j, j <= reach[i]; least total penalty among those.
    /// Breadth-first layers: layer k = the points k segments away (an
    /// interval, since j reachable implies j - 1 reachable from the same
    /// start). Returns the vertex indices (first = s, ascending, < s + n).
    fn best_polygon(&mut self, s: usize) -> Vec<usize> {
        let n = self.corner.len();
        let end = s + n;
        let mut pen = std::mem::take(&mut self.pen);
        let mut prev = std::mem::take(&mut self.prev);
        let mut cand = std::mem::take(&mut self.cand);
        let reach = |k: usize| self.reach_at(k).min(end);
        pen.clear();
        pen.resize(n + 1, f64::INFINITY);
        prev.clear();
        prev.resize(n + 1, 0);
        pen[0] = 0.0;
        let (mut a0, mut b0) = (s, s);
        let mut m = 0;
        while b0 < end {
            let b1 = (a0..=b0).map(reach).max().unwrap_or(end);
            let a1 = b0 + 1;
            // Candidates of the previous layer reaching into this one, by
            // reach descending; j from the top down adds them as it goes.
            cand.clear();
            cand.extend((a0..=b0).filter(|&i| reach(i) >= a1));
            cand.sort_unstable_by_key(|&i| std::cmp::Reverse(reach(i)));
            // Only the end point matters in the last layer.
            let lo_j = if b1 == end { end } else { a1 };
            let mut active = 0;
            for j in (a1..=b1).rev() {
                while active < cand.len() && reach(cand[active]) >= j {
                    active += 1;
                }
                if j < lo_j {
                    break;
                }
                let mut best = f64::INFINITY;
                let mut arg = 0;
                // At most CAND_CAP candidates (those reaching farthest): a
                // long straight wall split between two layers would make
                // this quadratic; the count is the same whichever is taken.
                for &i in &cand[..active.min(CAND_CAP)] {
                    let v = pen[i - s] + self.penalty(i, j);
                    if v < best {
                        best = v;
                        arg = i;
                    }
                }
                pen[j - s] = best;
                prev[j - s] = arg;
            }
            (a0, b0) = (a1, b1);
            m += 1;
        }
        let mut po = vec![0usize; m];
        let mut i = end;
        for v in po.iter_mut().rev() {
            i = prev[i - s];
            *v = i;
        }
        if m == 0 {
            po.push(s);
        }
        self.pen = pen;
        self.prev = prev;
        self.cand = cand;
        po
    }

    /// Largest squared distance of the corners strictly inside the walk
    /// a..b and of p_a, p_b from the segment [qa, qb], and the worst inner
    /// corner (usize::MAX if none).
    fn worst(&self, a: usize, b: usize, qa: (f64, f64), qb: (f64, f64)) -> (f64, usize) {
        let mut w = dist2_seg(self.p[a], qa, qb).max(dist2_seg(self.p[b], qa, qb));
        let mut wi = (-1.0, usize::MAX);
        let start = self.cidx.partition_point(|&c| c <= a);
        for &k in &self.cidx[start..] {
            if k >= b {
                break;
            }
            let d = dist2_seg(self.p[k], qa, qb);
            if d > wi.0 {
                wi = (d, k);
            }
        }
        w = w.max(wi.0);
        (w, wi.1)
    }

    /// Where vertex v of `po` goes: the intersection of the least-squares
    /// lines of its two segments, at most t from its outline point, inside
    /// the image.
    fn adjusted(&self, po: &Gap<Vertex>, v: usize, t: f64, size: (f64, f64)) -> (f64, f64) {
        let n = self.corner.len();
        let m = po.len();
        let at = |s: usize| po.get(s).k;
        let end = |s: usize| if s + 1 < m { at(s + 1) } else { at(0) + n };
        let u = (v + m - 1) % m;
        let l1 = self.fit_line(at(u), end(u));
        let l2 = self.fit_line(at(v), end(v));
        self.meet(l1, l2, self.p[at(v)], t, size)
    }

    /// The intersection of two lines, at most t from `here`, inside the
    /// image (`here` if they are parallel).
    fn meet(
        &self,
        (c1, d1, r1): Line,
        (c2, d2, r2): Line,
        here: (f64, f64),
        t: f64,
        size: (f64, f64),
    ) -> (f64, f64) {
        let det = cross(d1, d2);
        if det.abs() < 1e-9 {
            return here;
        }
        let a = cross(sub(c2, c1), d2) / det;
        let x = (c1.0 + a * d1.0, c1.1 + a * d1.1);
        let off = sub(x, here);
        let len = dot(off, off).sqrt();
        let inside = |p: (f64, f64)| (0.0..=size.0).contains(&p.0) && (0.0..=size.1).contains(&p.1);
        if len <= t && !inside(x) {
            // Slide back into the image along one of the two lines, where
            // that stays within t: first along the one with the larger
            // residual (its points are already off it; the other's
            // segment has room).
            let order = if r1 >= r2 { [d1, d2] } else { [d2, d1] };
            for d in order {
                if let Some(s) = into_box(x, d, size) {
                    let y = (x.0 + s * d.0, x.1 + s * d.1);
                    let off = sub(y, here);
                    if dot(off, off) <= t * t {
                        return (y.0.clamp(0.0, size.0), y.1.clamp(0.0, size.1));
                    }
                }
            }
        }
        let x = if len <= t {
            x
        } else {
            let f = t / len;
            (here.0 + off.0 * f, here.1 + off.1 * f)
        };
        (x.0.clamp(0.0, size.0), x.1.clamp(0.0, size.1))
    }

    /// Vertex positions (moved by [`Self::adjusted`] when adjusting), then
    /// the direct check of every segment against the tolerance. A failing
    /// segment has the moves of its ends undone (`revert`: the strict
    /// programme, whose chords pass) or is split at its worst corner, the
    /// neighbourhood placed again (the relaxed one). Returns the polygon
    /// and the number of splits.
    fn place_and_check(
        &self,
        po: Vec<usize>,
        t: f64,
        adjust: bool,
        revert: bool,
        size: (f64, f64),
    ) -> (Vec<Point>, usize) {
        let n = self.corner.len();
        let t2 = tol2(t);
        let mut splits = 0;
        let p = |k: usize| self.p[k];
        // A sliver's two lines fit much the same points: moving its ends
        // could merge them; it stays on outline points.
        let adjust = adjust && po.len() >= 3;
        let q: Vec<(f64, f64)> = if adjust {
            let m = po.len();
            let lines: Vec<_> = (0..m)
                .map(|s| self.fit_line(po[s], if s + 1 < m { po[s + 1] } else { po[0] + n }))
                .collect();
            (0..m)
                .map(|v| self.meet(lines[(v + m - 1) % m], lines[v], p(po[v]), t, size))
                .collect()
        } else {
            po.iter().map(|&k| p(k)).collect()
        };
        let mut vs = Gap {
            front: po
                .iter()
                .zip(q)
                .map(|(&k, q)| Vertex {
                    k,
                    q,
                    fixed: !adjust,
                    ok: false,
                })
                .collect(),
            back: Vec::new(),
        };
        // Until every segment passes. Terminates: each round fixes a vertex
        // or splits a segment at an inner corner, and a segment with no
        // inner corner always passes (its ends are within t of their
        // outline points and distance is convex along the straight run).
        // ok: the segment from this vertex to the next passed and is
        // unchanged.
        loop {
            let mut changed = false;
            let mut s = 0;
            while s < vs.len() {
                if vs.get(s).ok {
                    s += 1;
                    continue;
                }
                let m = vs.len();
                let e = (s + 1) % m;
                let (vs_, ve) = (vs.get(s), vs.get(e));
                let b = if s + 1 < m { ve.k } else { ve.k + n };
                let (d, k) = self.worst(vs_.k, b, vs_.q, ve.q);
                let both_fixed = vs_.fixed && ve.fixed;
                // Fix both ends on their outline points.
                let fix_ends = |vs: &mut Gap<Vertex>| {
                    for v in [s, e] {
                        let x = vs.get_mut(v);
                        x.fixed = true;
                        x.q = p(x.k);
                        x.ok = false;
                        vs.get_mut((v + m - 1) % m).ok = false;
                    }
                };
                if d <= t2 {
                    vs.get_mut(s).ok = true;
                } else if revert && !both_fixed {
                    changed = true;
                    fix_ends(&mut vs);
                } else if k != usize::MAX {
                    changed = true;
                    splits += 1;
                    vs.insert(
                        s + 1,
                        Vertex {
                            k,
                            q: p(k),
                            fixed: both_fixed,
                            ok: false,
                        },
                    );
                    let m = vs.len();
                    // Place the new vertex and its neighbours again.
                    for v in [s, s + 1, (s + 2) % m] {
                        if !vs.get(v).fixed {
                            let q = self.adjusted(&vs, v, t, size);
                            vs.get_mut(v).q = q;
                        }
                        vs.get_mut(v).ok = false;
                        vs.get_mut((v + m - 1) % m).ok = false;
                    }
                    s += 1;
                } else if !both_fixed {
                    // No inner corner (cannot fail but for rounding).
                    changed = true;
                    fix_ends(&mut vs);
                }
                s += 1;
            }
            if !changed {
                break;
            }
        }
        let q: Vec<(f64, f64)> = (0..vs.len()).map(|v| vs.get(v).q).collect();
        let mut out: Vec<Point> = Vec::with_capacity(q.len());
        for &(x, y) in &q {
            let pnt = Point::new(x, y);
            if out.last() != Some(&pnt) {
                out.push(pnt);
            }
        }
        while out.len() > 1 && out.first() == out.last() {
            out.pop();
        }
        (out, splits)
    }
}

/// The parameter s of smallest |s| with x + s d inside [0, w] x [0, h].
fn into_box(x: (f64, f64), d: (f64, f64), size: (f64, f64)) -> Option<f64> {
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for (x, d, w) in [(x.0, d.0, size.0), (x.1, d.1, size.1)] {
        if d.abs() < 1e-12 {
            if !(0.0..=w).contains(&x) {
                return None;
            }
        } else {
            let (a, b) = ((0.0 - x) / d, (w - x) / d);
            lo = lo.max(a.min(b));
            hi = hi.min(a.max(b));
        }
    }
    (lo <= hi).then_some(lo.max(0.0).min(hi))
}

/// A polygon vertex during the direct check: outline index, position,
/// fixed on its outline point, its segment passed.
#[derive(Clone, Copy)]
struct Vertex {
    k: usize,
    q: (f64, f64),
    fixed: bool,
    ok: bool,
}

/// A sequence as two stacks (`back` reversed): inserting next to the last
/// insert is O(1). The check inserts just after the segment it is at, and
/// `Vec::insert` made long outlines quadratic.
struct Gap<T> {
    front: Vec<T>,
    back: Vec<T>,
}

impl<T: Copy> Gap<T> {
    fn len(&self) -> usize {
        self.front.len() + self.back.len()
    }

    fn get(&self, i: usize) -> T {
        *self.get_ref(i)
    }

    fn get_ref(&self, i: usize) -> &T {
        let f = self.front.len();
        if i < f {
            &self.front[i]
        } else {
            &self.back[self.back.len() - 1 - (i - f)]
        }
    }

    fn get_mut(&mut self, i: usize) -> &mut T {
        let f = self.front.len();
        if i < f {
            &mut self.front[i]
        } else {
            let j = self.back.len() - 1 - (i - f);
            &mut self.back[j]
        }
    }

    fn insert(&mut self, i: usize, x: T) {
        while self.front.len() > i {
            let y = self.front.pop().expect("i < len");
            self.back.push(y);
        }
        while self.front.len() < i {
            let y = self.back.pop().expect("i <= len");
            self.front.push(y);
        }
        self.front.push(x);
    }
}

/// A run of the doubled outline: its first point (a corner) and index,
/// the unit step along it, its number of steps.
#[derive(Clone, Copy)]
struct Run {
    at: (f64, f64),
    k: usize,
    d: (f64, f64),
    len: usize,
}

/// reach of the start `org` (see the module docs): one pass over the runs
/// from the first corner after it, the last run cut at `lim`. The cone of
/// directions from `org` whose rays pass within t of every corner so far
/// (Potrace's lon computation with Euclidean discs); corners beyond the end
/// point along the ray are checked only when the walk comes back towards
/// `org`.
fn walk(runs: &[Run], lim: usize, org: (f64, f64), t2: f64, tt: f64) -> usize {
    let mut has_cone = false;
    let mut lo = (0.0, 0.0);
    let mut hi = (0.0, 0.0);
    // Largest squared distance of a corner outside the disc t (0: none).
    let mut max_r2 = 0.0f64;
    for (c, run) in runs.iter().enumerate() {
        let a = run.k;
        let len = if c + 1 == runs.len() {
            lim - a
        } else {
            run.len
        };
        // Corner a lies strictly inside every later segment.
        let v = sub(run.at, org);
        let r2 = dot(v, v);
        if r2 > t2 {
            // The tangents from the start to the disc of radius t around
            // the corner, unnormalised (only signs of cross and dot
            // products are used).
            let c = (r2 - t2).sqrt();
            let l = (v.0 * c + v.1 * tt, -v.0 * tt + v.1 * c);
            let h = (v.0 * c - v.1 * tt, v.0 * tt + v.1 * c);
            if !has_cone {
                (lo, hi) = (l, h);
                has_cone = true;
            } else {
                // Branch-free (which side wins is data-dependent).
                lo = select(cross(lo, l) > 0.0, l, lo);
                hi = select(cross(hi, h) < 0.0, h, hi);
            }
            max_r2 = max_r2.max(r2);
        }
        let d = run.d;
        // The largest s in 1..=len such that every u = v + s' d, s' <= s,
        // is admitted. Checked at both ends of the run (g is linear); the
        // limit is solved for only on the run where the walk stops.
        let mut s_ok = len;
        if has_cone {
            let mid = (lo.0 + hi.0, lo.1 + hi.1);
            // Both ends of the run admitted (the usual case; g is linear
            // along it): one branch (non-short-circuit `&`), one end on a
            // run of one step (a staircase).
            let lf = len as f64;
            let ok =
                |u: (f64, f64)| (cross(lo, u) >= 0.0) & (cross(u, hi) >= 0.0) & (dot(u, mid) > 0.0);
            let whole = ok((v.0 + lf * d.0, v.1 + lf * d.1)) && (len == 1 || ok(add(v, d)));
            if !whole {
                // g(s) = g0 + s g1 >= 0 (or > 0 if strict).
                let gs = [
                    (cross(lo, v), cross(lo, d)),
                    (cross(v, hi), cross(d, hi)),
                    (dot(v, mid), dot(d, mid)),
                ];
                for (&(g0, g1), strict) in gs.iter().zip([false, false, true]) {
                    let bad = |g: f64| g < 0.0 || (strict && g <= 0.0);
                    if bad(g0 + g1) {
                        s_ok = 0;
                        break;
                    }
                    if bad(g0 + s_ok as f64 * g1) {
                        // Here g1 < 0 and g(1) >= 0: lim >= 1.
                        let lim = g0 / -g1;
                        let mut s = lim as usize;
                        if strict && s as f64 >= lim {
                            s -= 1;
                        }
                        s_ok = s_ok.min(s.max(1));
                    }
                }
            }
        }
        // Corners beyond the end point: only where |u| < max |v| (not on
        // a run going away from the start at its farthest corner so far).
        if s_ok > 0 && max_r2 > 0.0 && (r2 < max_r2 || dot(v, d) < 0.0) {
            let sv = (-dot(v, d)).clamp(1.0, s_ok as f64);
            let um = (v.0 + sv * d.0, v.1 + sv * d.1);
            if dot(um, um) < max_r2 {
                let far = (max_r2.sqrt() - tt).max(0.0);
                let far2 = far * far;
                for s in 1..=s_ok {
                    let sf = s as f64;
                    let u = (v.0 + sf * d.0, v.1 + sf * d.1);
                    let ru = dot(u, u);
                    if ru < max_r2 && (ru < far2 || !beyond_ok(&runs[..=c], org, u, ru, t2)) {
                        s_ok = s - 1;
                        break;
                    }
                }
            }
        }
        if s_ok < len {
            return a + s_ok;
        }
    }
    lim
}

/// Corners (outside the disc t around the start) farther from the start
/// than the end point u must be within t of the segment [0, u] (those past
/// u along it: within t of u).
fn beyond_ok(runs: &[Run], org: (f64, f64), u: (f64, f64), ru: f64, t2: f64) -> bool {
    runs.iter().all(|r| {
        let v = sub(r.at, org);
        let r2 = dot(v, v);
        r2 <= t2 || r2 <= ru || dist2_seg(v, (0.0, 0.0), u) <= t2
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// reach by brute force: the first j whose segment misses a point
    /// strictly between (every point, not only corners).
    fn reach_ref(p: &[(f64, f64)], t: f64) -> Vec<usize> {
        let n = (p.len() - 1) / 2;
        let t2 = tol2(t);
        (0..n)
            .map(|i| {
                let mut j = i + 1;
                while j < i + n && (i + 1..=j).all(|k| dist2_seg(p[k], p[i], p[j + 1]) <= t2) {
                    j += 1;
                }
                j
            })
            .collect()
    }

    fn random_bitmaps() -> Vec<crate::bitmap::Bitmap> {
        let mut seed = 1u64;
        let mut out = Vec::new();
        for case in 0..160 {
            let mut rnd = |m: u64| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) % m
            };
            let (w, h) = (12 + case % 30, 10 + case % 17);
            let bm = if case % 2 == 0 {
                let bits: Vec<bool> = (0..w * h).map(|_| rnd(3) != 0).collect();
                crate::bitmap::Bitmap::new(w, h, bits).unwrap()
            } else {
                // A few discs and slanted bars (long runs, walking back).
                let shapes: Vec<[f64; 4]> = (0..4)
                    .map(|_| {
                        [
                            rnd(60) as f64,
                            rnd(60) as f64,
                            3.0 + rnd(20) as f64,
                            rnd(7) as f64 - 3.0,
                        ]
                    })
                    .collect();
                crate::bitmap::Bitmap::from_fn(60, 60, |x, y| {
                    let (x, y) = (x as f64, y as f64);
                    shapes.iter().any(|&[cx, cy, r, k]| {
                        (x - cx).hypot(y - cy) < r || ((y - cy) - k * 0.37 * (x - cx)).abs() < 1.5
                    })
                })
                .unwrap()
            };
            out.push(bm);
        }
        out
    }

    /// The run-by-run cone walk gives the brute-force reach.
    #[test]
    fn reach_matches_brute_force() {
        let mut opt = Optimizer::default();
        for (case, bm) in random_bitmaps().iter().enumerate() {
            for o in crate::bitmap::trace_outlines(bm, crate::bitmap::TurnPolicy::Minority, 0) {
                if o.points.len() < 4 {
                    continue;
                }
                for t in [0.5, 1.0, 1.5, 2.0, 2.5, 5.0] {
                    opt.polygon(&o.points, t, false, (1e9, 1e9));
                    let n = o.points.len();
                    let want = reach_ref(&opt.p, t);
                    assert_eq!(&opt.reach[..n], &want[..], "case {case} t {t}");
                }
            }
        }
    }

    /// Fewest segments from s round to s + n by brute force (breadth-first
    /// over all segments allowed by reach).
    fn fewest_from(opt: &Optimizer, s: usize) -> usize {
        let n = opt.corner.len();
        let mut dist = vec![usize::MAX; n + 1];
        dist[0] = 0;
        for i in s..s + n {
            for j in i + 1..=opt.reach_at(i).min(s + n) {
                dist[j - s] = dist[j - s].min(dist[i - s] + 1);
            }
        }
        dist[n]
    }

    /// The layered programme against brute force from its start, and the
    /// chosen start against every start: no start gives fewer segments.
    #[test]
    fn best_polygon_is_shortest() {
        let mut opt = Optimizer::default();
        let (mut cases, mut worse) = (0, 0);
        for bm in random_bitmaps().iter().take(60) {
            for o in crate::bitmap::trace_outlines(bm, crate::bitmap::TurnPolicy::Minority, 0) {
                if o.points.len() < 4 {
                    continue;
                }
                for t in [0.7, 1.0, 2.0] {
                    opt.polygon(&o.points, t, false, (1e9, 1e9));
                    let n = o.points.len();
                    let s = opt.best_start();
                    let po = opt.best_polygon(s);
                    assert_eq!(po.len(), fewest_from(&opt, s));
                    assert_eq!(opt.fewest(s), po.len());
                    assert_eq!(po[0], s);
                    for (v, &a) in po.iter().enumerate() {
                        let b = po.get(v + 1).copied().unwrap_or(s + n);
                        assert!(a < b && b <= opt.reach_at(a));
                    }
                    let ours = po.len().min(opt.best_polygon(0).len());
                    let all = (0..n).map(|s| fewest_from(&opt, s)).min().unwrap();
                    cases += 1;
                    if ours > all {
                        worse += 1;
                    }
                }
            }
        }
        println!("start not optimal in {worse} of {cases}");
        assert_eq!(worse, 0, "{worse} of {cases}");
    }
}
