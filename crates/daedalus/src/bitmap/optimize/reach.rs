//! Stage 2, admission: `reach[i]`, the farthest point a segment from
//! point i may end at, by one cone walk over the runs per start.

use super::*;

impl Optimizer {
    /// reach[i] for every start i in 0..n (see the module docs), at most
    /// i + n (once round).
    pub(super) fn compute_reach(&mut self, t: f64) {
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

    /// reach of any point k in 0..2n (reach repeats with period n).
    #[inline]
    pub(super) fn reach_at(&self, k: usize) -> usize {
        let n = self.corner.len();
        if k < n {
            self.reach[k]
        } else {
            self.reach[k - n] + n
        }
    }
}

/// A run of the doubled outline: its first point (a corner) and index,
/// the unit step along it, its number of steps.
#[derive(Clone, Copy)]
pub(super) struct Run {
    pub(super) at: (f64, f64),
    pub(super) k: usize,
    pub(super) d: (f64, f64),
    pub(super) len: usize,
}

/// reach of the start `org` (see the module docs): one pass over the runs
/// from the first corner after it, the last run cut at `lim`. The cone of
/// directions from `org` whose rays pass within t of every corner so far
/// (Potrace's lon computation with Euclidean discs); corners beyond the end
/// point along the ray are checked only when the walk comes back towards
/// `org`.
pub(super) fn walk(runs: &[Run], lim: usize, org: (f64, f64), t2: f64, tt: f64) -> usize {
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
pub(super) fn beyond_ok(runs: &[Run], org: (f64, f64), u: (f64, f64), ru: f64, t2: f64) -> bool {
    runs.iter().all(|r| {
        let v = sub(r.at, org);
        let r2 = dot(v, v);
        r2 <= t2 || r2 <= ru || dist2_seg(v, (0.0, 0.0), u) <= t2
    })
}
