//! Stages 2 and 3: the optimal polygon of an outline within a tolerance.
//!
//! A segment from outline point i to point j is *possible* when the walk
//! from i to j uses at most three directions and every corner of it lies
//! within Euclidean distance `t` of the segment [p_i, p_j] (the points
//! between two corners lie on a straight run, and the distance to a segment
//! is convex along a line, so corners suffice). For each i the possible j
//! are found by one forward walk keeping the cone of directions from p_i
//! that pass within `t` of every corner so far (Potrace's lon computation,
//! with its L-infinity squares replaced by Euclidean discs). Then Potrace's
//! dynamic programme picks the fewest segments, and among those the least
//! squared-distance penalty. Every chosen segment is re-checked directly
//! (and split at its farthest corner if rounding let it through), and stage
//! 3 moves vertices onto least-squares line intersections only where the
//! same direct check still passes.

use crate::Point;

/// Points of an outline, each as f64, relative to nothing (pixel units).
#[inline]
fn pt(p: [i32; 2]) -> (f64, f64) {
    (p[0] as f64, p[1] as f64)
}

#[inline]
fn cross(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

#[inline]
fn dot(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

/// Squared distance from p to the segment [a, b].
#[inline]
fn dist2_seg(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let ab = (b.0 - a.0, b.1 - a.1);
    let ap = (p.0 - a.0, p.1 - a.1);
    let l2 = dot(ab, ab);
    let s = if l2 > 0.0 {
        (dot(ap, ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let d = (ap.0 - s * ab.0, ap.1 - s * ab.1);
    dot(d, d)
}

/// Cone widening of stage 2 when vertices are adjusted (see above).
const RELAX: f64 = 2.0;

fn dir_bit(a: [i32; 2], b: [i32; 2]) -> u8 {
    match (b[0] - a[0], b[1] - a[1]) {
        (1, _) => 1,
        (_, 1) => 2,
        (-1, _) => 4,
        _ => 8,
    }
}

/// The polygon for the closed lattice walk `pts` (unit steps) within
/// tolerance `t` (>= 0), with stage-3 vertex adjustment if `adjust`.
/// Adjusted vertices stay inside [0, size.0] x [0, size.1] (the image).
pub(crate) fn optimal_polygon(
    pts: &[[i32; 2]],
    t: f64,
    adjust: bool,
    size: (f64, f64),
) -> Vec<Point> {
    let strict = polygon_with(pts, t, adjust, 1.0, size);
    // No polygon has fewer than 3 vertices: then the widened run cannot win.
    if !adjust || t == 0.0 || strict.len() <= 3 {
        return strict;
    }
    let relaxed = polygon_with(pts, t, adjust, RELAX, size);
    if relaxed.len() < strict.len() {
        relaxed
    } else {
        strict
    }
}

fn polygon_with(
    pts: &[[i32; 2]],
    t: f64,
    adjust: bool,
    relax: f64,
    size: (f64, f64),
) -> Vec<Point> {
    let n = pts.len();
    let corner_at = |k: usize| {
        let a = pts[(k + n - 1) % n];
        let b = pts[k];
        let c = pts[(k + 1) % n];
        (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
    };
    // Start at a corner (traced outlines already do).
    let start = (0..n).find(|&k| corner_at(k)).unwrap_or(0);
    let pts: Vec<[i32; 2]> = (0..n).map(|k| pts[(start + k) % n]).collect();
    let corner: Vec<bool> = (0..n)
        .map(|k| {
            let a = pts[(k + n - 1) % n];
            let b = pts[k];
            let c = pts[(k + 1) % n];
            (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
        })
        .collect();
    let corners_only = || -> Vec<Point> {
        (0..n)
            .filter(|&k| corner[k])
            .map(|k| Point::new(pts[k][0] as f64, pts[k][1] as f64))
            .collect()
    };
    if t == 0.0 || n < 4 {
        return corners_only();
    }
    let p = |k: usize| pt(pts[k % n]);
    // Stage 2 admits a segment when the chord passes within RELAX * t of
    // its corners (a necessary condition for a line within t of them,
    // like Potrace's doubled squares); stage 3 then places the segment on
    // its least-squares line and the direct check below restores the bound.
    let clip0 = clip_forward(&pts, &corner, t * relax);
    let mut po = best_polygon(&pts, &clip0);
    if po.len() < 3 {
        // The whole ring fits in two segments: start from a triangle, the
        // check below splits it where needed.
        po = vec![0, n / 3, 2 * n / 3];
    }
    let t2 = t * t;
    // Largest squared distance of a corner of the walk a..b (or of p_a,
    // p_b) from the segment [qa, qb], and the worst corner strictly inside.
    let worst = |a: usize, b: usize, qa: (f64, f64), qb: (f64, f64)| -> (f64, usize) {
        let mut w = (
            dist2_seg(p(a), qa, qb).max(dist2_seg(p(b), qa, qb)),
            usize::MAX,
        );
        let mut wi = (-1.0, usize::MAX);
        for (k, _) in corner
            .iter()
            .enumerate()
            .take(b)
            .skip(a + 1)
            .filter(|c| *c.1)
        {
            {
                let d = dist2_seg(p(k), qa, qb);
                if d > wi.0 {
                    wi = (d, k);
                }
            }
        }
        if wi.0 > w.0 {
            w.0 = wi.0;
        }
        w.1 = wi.1;
        w
    };
    // Vertex positions: outline points, moved onto line intersections
    // (at most t away) when adjusting.
    let place = |po: &[usize]| -> Vec<(f64, f64)> {
        let m = po.len();
        let mut q: Vec<(f64, f64)> = po.iter().map(|&k| p(k)).collect();
        if !adjust {
            return q;
        }
        let sums = Sums::new(&pts);
        let lines: Vec<((f64, f64), (f64, f64))> = (0..m)
            .map(|s| sums.fit_line(po[s], if s + 1 < m { po[s + 1] } else { n }))
            .collect();
        for s in 0..m {
            let (c1, d1) = lines[(s + m - 1) % m];
            let (c2, d2) = lines[s];
            let det = cross(d1, d2);
            if det.abs() < 1e-9 {
                continue;
            }
            let a = cross((c2.0 - c1.0, c2.1 - c1.1), d2) / det;
            let x = (c1.0 + a * d1.0, c1.1 + a * d1.1);
            let v = q[s];
            let off = (x.0 - v.0, x.1 - v.1);
            let len = dot(off, off).sqrt();
            let x = if len <= t {
                x
            } else {
                let f = t / len;
                (v.0 + off.0 * f, v.1 + off.1 * f)
            };
            q[s] = (x.0.clamp(0.0, size.0), x.1.clamp(0.0, size.1));
        }
        q
    };
    let mut q = place(&po);
    let mut fixed = vec![!adjust; po.len()];
    // Until every segment passes: undo the moves of a failing segment's
    // ends; a failing chord is split at its worst corner. Terminates: each
    // round fixes a vertex or removes an inner corner from a segment, and a
    // segment with no inner corner always passes (distance is convex along
    // the straight run between its ends, which are within t of it).
    // ok[s]: segment s (from vertex s to s + 1) passed and is unchanged.
    let mut ok = vec![false; po.len()];
    loop {
        let mut changed = false;
        let mut s = 0;
        while s < po.len() {
            if ok[s] {
                s += 1;
                continue;
            }
            let m = po.len();
            let e = (s + 1) % m;
            let b = if s + 1 < m { po[s + 1] } else { n };
            let (d, k) = worst(po[s], b, q[s], q[e]);
            if d <= t2 {
                ok[s] = true;
            } else if !(fixed[s] && fixed[e]) {
                changed = true;
                for v in [s, e] {
                    fixed[v] = true;
                    q[v] = p(po[v]);
                    ok[v] = false;
                    ok[(v + m - 1) % m] = false;
                }
            } else if k != usize::MAX {
                changed = true;
                po.insert(s + 1, k);
                q.insert(s + 1, p(k));
                fixed.insert(s + 1, true);
                ok.insert(s + 1, false);
                s += 1;
            }
            s += 1;
        }
        if !changed {
            break;
        }
    }
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
    if out.len() < 3 {
        return corners_only();
    }
    out
}

/// clip0[i] = the largest j (<= n, non-cyclic) such that every (i', j'),
/// i <= i' < j' <= j, is a possible segment (Potrace's clip0): the walk
/// from i stops at clip0[i + 1], as only min(clip[i], clip0[i + 1]) counts.
fn clip_forward(pts: &[[i32; 2]], corner: &[bool], t: f64) -> Vec<usize> {
    let n = pts.len();
    let t2 = t * t;
    let mut clip = vec![0; n];
    let mut cs: Vec<(f64, f64, f64)> = Vec::new();
    // next[i] = the first corner after i (n: the start corner, again).
    let mut next = vec![n; n];
    for i in (0..n.saturating_sub(1)).rev() {
        next[i] = if corner[i + 1] { i + 1 } else { next[i + 1] };
    }
    // Cyclic copies without `% n` in the walk: coordinates (point n =
    // point 0), the direction bit of the step into each point, and whether
    // a point is a corner (point n: not, as before).
    let pf: Vec<(f64, f64)> = (0..=n).map(|k| pt(pts[k % n])).collect();
    let into: Vec<u8> = (0..=n)
        .map(|k| {
            if k == 0 {
                0
            } else {
                dir_bit(pts[k - 1], pts[k % n])
            }
        })
        .collect();
    for i in (0..n).rev() {
        let limit = if i + 1 < n { clip[i + 1] } else { n };
        let (xi, yi) = pf[i];
        let mut lo = (0.0, 0.0);
        let mut hi = (0.0, 0.0);
        let mut has_cone = false;
        let mut dirs = 0u8;
        let mut max_r2 = 0.0f64;
        cs.clear();
        let mut best = i + 1;
        let mut j = i + 1;
        // Up to the first corner the walk is straight and unconstrained.
        if next[i] > i + 1 {
            best = (next[i] - 1).min(limit);
            j = next[i];
        }
        while j <= limit {
            dirs |= into[j];
            if dirs == 15 {
                break;
            }
            let b = pf[j];
            let u = (b.0 - xi, b.1 - yi);
            let r2 = dot(u, u);
            let in_cone = |u: (f64, f64)| {
                !has_cone
                    || (cross(lo, u) >= 0.0
                        && cross(u, hi) >= 0.0
                        && dot(u, (lo.0 + hi.0, lo.1 + hi.1)) > 0.0)
            };
            if !in_cone(u) {
                break;
            }
            if r2 < max_r2 && !beyond_ok(&cs, u, r2, t2) {
                break;
            }
            best = j;
            if j < n && corner[j] {
                if r2 > t2 {
                    let r = r2.sqrt();
                    let sn = t / r;
                    let cs_ = (1.0 - sn * sn).sqrt();
                    let (ux, uy) = (u.0 / r, u.1 / r);
                    let a = (ux * cs_ + uy * sn, -ux * sn + uy * cs_);
                    let b = (ux * cs_ - uy * sn, ux * sn + uy * cs_);
                    if !has_cone {
                        lo = a;
                        hi = b;
                        has_cone = true;
                    } else {
                        if cross(lo, a) > 0.0 {
                            lo = a;
                        }
                        if cross(hi, b) < 0.0 {
                            hi = b;
                        }
                    }
                }
                cs.push((u.0, u.1, r2));
                max_r2 = max_r2.max(r2);
            }
            j += 1;
        }
        clip[i] = best;
    }
    clip
}

#[cfg(test)]
fn clip_forward_ref(pts: &[[i32; 2]], corner: &[bool], t: f64) -> Vec<usize> {
    let n = pts.len();
    let t2 = t * t;
    let mut clip = vec![0; n];
    let mut cs: Vec<(f64, f64, f64)> = Vec::new();
    // next[i] = the first corner after i (n: the start corner, again).
    let mut next = vec![n; n];
    for i in (0..n.saturating_sub(1)).rev() {
        next[i] = if corner[i + 1] { i + 1 } else { next[i + 1] };
    }
    for i in 0..n {
        let (xi, yi) = pt(pts[i]);
        let mut lo = (0.0, 0.0);
        let mut hi = (0.0, 0.0);
        let mut has_cone = false;
        let mut dirs = 0u8;
        let mut max_r2 = 0.0f64;
        cs.clear();
        let mut best = i + 1;
        let mut j = i + 1;
        // Up to the first corner the walk is straight and unconstrained.
        if next[i] > i + 1 {
            best = next[i] - 1;
            j = next[i];
        }
        while j <= n {
            let a = pts[(j - 1) % n];
            let b = pts[j % n];
            dirs |= dir_bit(a, b);
            if dirs == 15 {
                break;
            }
            let u = (b[0] as f64 - xi, b[1] as f64 - yi);
            let r2 = dot(u, u);
            if has_cone
                && !(cross(lo, u) >= 0.0
                    && cross(u, hi) >= 0.0
                    && dot(u, (lo.0 + hi.0, lo.1 + hi.1)) > 0.0)
            {
                break;
            }
            if r2 < max_r2 && !beyond_ok(&cs, u, r2, t2) {
                break;
            }
            best = j;
            if j < n && corner[j] {
                if r2 > t2 {
                    let r = r2.sqrt();
                    let sn = t / r;
                    let cs_ = (1.0 - sn * sn).sqrt();
                    let (ux, uy) = (u.0 / r, u.1 / r);
                    let a = (ux * cs_ + uy * sn, -ux * sn + uy * cs_);
                    let b = (ux * cs_ - uy * sn, ux * sn + uy * cs_);
                    if !has_cone {
                        lo = a;
                        hi = b;
                        has_cone = true;
                    } else {
                        if cross(lo, a) > 0.0 {
                            lo = a;
                        }
                        if cross(hi, b) < 0.0 {
                            hi = b;
                        }
                    }
                }
                cs.push((u.0, u.1, r2));
                max_r2 = max_r2.max(r2);
            }
            j += 1;
        }
        clip[i] = best;
    }
    clip
}

/// Corners farther from p_i than the end point u must be within t of it.
fn beyond_ok(cs: &[(f64, f64, f64)], u: (f64, f64), r2: f64, t2: f64) -> bool {
    cs.iter()
        .filter(|c| c.2 > r2 && c.2 > t2)
        .all(|c| dist2_seg((c.0, c.1), (0.0, 0.0), u) <= t2)
}

/// Prefix sums of x, y, x^2, xy, y^2 over points 0..=n (point n = point 0),
/// relative to point 0.
struct Sums {
    s: Vec<[f64; 5]>,
    origin: (f64, f64),
    pts: Vec<(f64, f64)>,
}

impl Sums {
    fn new(pts: &[[i32; 2]]) -> Sums {
        let n = pts.len();
        let origin = pt(pts[0]);
        let mut s = Vec::with_capacity(n + 2);
        let mut acc = [0.0f64; 5];
        s.push(acc);
        let mut rel = Vec::with_capacity(n + 1);
        for k in 0..=n {
            let (x, y) = pt(pts[k % n]);
            let (x, y) = (x - origin.0, y - origin.1);
            rel.push((x, y));
            acc[0] += x;
            acc[1] += y;
            acc[2] += x * x;
            acc[3] += x * y;
            acc[4] += y * y;
            s.push(acc);
        }
        Sums {
            s,
            origin,
            pts: rel,
        }
    }

    /// Mean and central second moments of points i..=j (relative).
    fn moments(&self, i: usize, j: usize) -> ((f64, f64), f64, f64, f64) {
        let a = self.s[i];
        let b = self.s[j + 1];
        let k = (j + 1 - i) as f64;
        let mx = (b[0] - a[0]) / k;
        let my = (b[1] - a[1]) / k;
        let sxx = (b[2] - a[2]) / k - mx * mx;
        let sxy = (b[3] - a[3]) / k - mx * my;
        let syy = (b[4] - a[4]) / k - my * my;
        ((mx, my), sxx, sxy, syy)
    }

    /// Potrace's penalty: segment length x rms distance of the points from
    /// the segment's line.
    fn penalty(&self, i: usize, j: usize) -> f64 {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        let pi = self.pts[i];
        let pj = self.pts[j];
        let e = (-(pj.1 - pi.1), pj.0 - pi.0);
        let off = dot(e, (m.0 - pi.0, m.1 - pi.1));
        let s = e.0 * e.0 * sxx + 2.0 * e.0 * e.1 * sxy + e.1 * e.1 * syy + off * off;
        s.max(0.0).sqrt()
    }

    /// Least-squares line of points i..=j: (a point, unit direction), in
    /// absolute coordinates.
    fn fit_line(&self, i: usize, j: usize) -> ((f64, f64), (f64, f64)) {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        let th = 0.5 * (2.0 * sxy).atan2(sxx - syy);
        (
            (m.0 + self.origin.0, m.1 + self.origin.1),
            (th.cos(), th.sin()),
        )
    }
}

/// Potrace's `bestpolygon`: fewest segments from point 0 to point n with
/// segments (i, j) for j <= clip0[i] (clip0 non-decreasing), least total
/// penalty among those. Returns the vertex indices (first = 0).
fn best_polygon(pts: &[[i32; 2]], clip0: &[usize]) -> Vec<usize> {
    let n = pts.len();
    let sums = Sums::new(pts);
    let mut clip1 = vec![0usize; n + 1];
    let mut j = 1;
    for (i, &c) in clip0.iter().enumerate() {
        while j <= c {
            clip1[j] = i;
            j += 1;
        }
    }
    let mut seg0 = Vec::new();
    let mut i = 0;
    while i < n {
        seg0.push(i);
        i = clip0[i];
    }
    seg0.push(n);
    let m = seg0.len() - 1;
    let mut seg1 = vec![0usize; m + 1];
    let mut i = n;
    for j in (1..=m).rev() {
        seg1[j] = i;
        i = clip1[i];
    }
    seg1[0] = 0;
    let mut pen = vec![f64::INFINITY; n + 1];
    let mut prev = vec![0usize; n + 1];
    pen[0] = 0.0;
    for j in 1..=m {
        for i in seg1[j]..=seg0[j] {
            let mut best = f64::INFINITY;
            let mut k = seg0[j - 1];
            loop {
                if k < clip1[i] {
                    break;
                }
                let pk = pen[k];
                if pk.is_finite() {
                    let this = pk + sums.penalty(k, i);
                    if this < best {
                        best = this;
                        prev[i] = k;
                    }
                }
                if k == 0 {
                    break;
                }
                k -= 1;
            }
            pen[i] = best;
        }
    }
    let mut po = vec![0usize; m];
    let mut i = n;
    for j in (0..m).rev() {
        i = prev[i];
        po[j] = i;
    }
    po
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run-by-run walk gives the point-by-point walk's clip0.
    #[test]
    fn clip_matches_point_walk() {
        let mut seed = 1u64;
        for case in 0..600 {
            let (w, h) = (12 + case % 40, 10 + case % 23);
            let bits: Vec<bool> = (0..w * h)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    !(seed >> 33).is_multiple_of(3)
                })
                .collect();
            let mut rnd = |m: u64| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((seed >> 33) % m) as f64
            };
            // Every other case: a few discs and slanted bars (long runs).
            let shapes: Vec<[f64; 4]> = (0..4)
                .map(|_| [rnd(80), rnd(80), 3.0 + rnd(30), rnd(7) - 3.0])
                .collect();
            let bm = if case % 2 == 0 {
                crate::bitmap::Bitmap::new(w, h, bits).unwrap()
            } else {
                crate::bitmap::Bitmap::from_fn(80, 80, |x, y| {
                    let (x, y) = (x as f64, y as f64);
                    shapes.iter().any(|&[cx, cy, r, k]| {
                        (x - cx).hypot(y - cy) < r || ((y - cy) - k * 0.37 * (x - cx)).abs() < 2.5
                    })
                })
                .unwrap()
            };
            for o in crate::bitmap::trace_outlines(&bm, crate::bitmap::TurnPolicy::Minority, 0) {
                let pts = &o.points;
                let n = pts.len();
                if n < 4 {
                    continue;
                }
                let corner: Vec<bool> = (0..n)
                    .map(|k| {
                        let a = pts[(k + n - 1) % n];
                        let b = pts[k];
                        let c = pts[(k + 1) % n];
                        (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
                    })
                    .collect();
                for t in [0.5, 1.0, 1.5, 2.0, 1.7071067811865476 * 2.0, 5.0] {
                    let mut r = clip_forward_ref(pts, &corner, t);
                    for i in (0..n - 1).rev() {
                        r[i] = r[i].min(r[i + 1]);
                    }
                    assert_eq!(clip_forward(pts, &corner, t), r, "case {case} t {t}");
                }
            }
        }
    }
}
