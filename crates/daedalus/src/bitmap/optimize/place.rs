//! Stage 3 and the direct check: vertices moved onto least-squares line
//! intersections, every segment re-checked and split where it fails.

use super::*;
use crate::geometry::tolerance;

impl Optimizer {
    /// Largest squared distance of the corners strictly inside the walk
    /// a..b and of p_a, p_b from the segment [qa, qb], and the worst inner
    /// corner (usize::MAX if none).
    pub(super) fn worst(&self, a: usize, b: usize, qa: (f64, f64), qb: (f64, f64)) -> (f64, usize) {
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
    pub(super) fn adjusted(
        &self,
        po: &Gap<Vertex>,
        v: usize,
        t: f64,
        size: (f64, f64),
    ) -> (f64, f64) {
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
    pub(super) fn meet(
        &self,
        (c1, d1, r1): Line,
        (c2, d2, r2): Line,
        here: (f64, f64),
        t: f64,
        size: (f64, f64),
    ) -> (f64, f64) {
        let det = cross(d1, d2);
        if det.abs() < tolerance::PARALLEL {
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
    pub(super) fn place_and_check(
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
pub(super) fn into_box(x: (f64, f64), d: (f64, f64), size: (f64, f64)) -> Option<f64> {
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for (x, d, w) in [(x.0, d.0, size.0), (x.1, d.1, size.1)] {
        if d.abs() < tolerance::AXIS_PARALLEL {
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
pub(super) struct Vertex {
    k: usize,
    q: (f64, f64),
    fixed: bool,
    ok: bool,
}

/// A sequence as two stacks (`back` reversed): inserting next to the last
/// insert is O(1). The check inserts just after the segment it is at, and
/// `Vec::insert` made long outlines quadratic.
pub(super) struct Gap<T> {
    front: Vec<T>,
    back: Vec<T>,
}

impl<T: Copy> Gap<T> {
    pub(super) fn len(&self) -> usize {
        self.front.len() + self.back.len()
    }

    pub(super) fn get(&self, i: usize) -> T {
        *self.get_ref(i)
    }

    pub(super) fn get_ref(&self, i: usize) -> &T {
        let f = self.front.len();
        if i < f {
            &self.front[i]
        } else {
            &self.back[self.back.len() - 1 - (i - f)]
        }
    }

    pub(super) fn get_mut(&mut self, i: usize) -> &mut T {
        let f = self.front.len();
        if i < f {
            &mut self.front[i]
        } else {
            let j = self.back.len() - 1 - (i - f);
            &mut self.back[j]
        }
    }

    pub(super) fn insert(&mut self, i: usize, x: T) {
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
