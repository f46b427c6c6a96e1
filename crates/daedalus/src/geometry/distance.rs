//! Exact distance comparisons: is a point at least `d` from another point
//! or from a segment? Decided on the input coordinates with no tolerance:
//! a float filter with a proven error bound answers the clear cases, and
//! the rest are evaluated exactly with error-free expansions
//! (Shewchuk's two-sum and two-product; `f64::mul_add` is correctly
//! rounded, so `a * b - fl(a * b)` is exact).
//!
//! These decide whether a gap lets a disc through: a gap of width exactly
//! `2 r` is open (a disc may touch a wall, never cross it).

use super::{Point, SegmentIntersection, distance_point_segment, segment_intersection};

/// `a + b` as the rounded sum and its exact error.
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
}

/// `a * b` as the rounded product and its exact error.
#[inline]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// An exact sum of doubles (nonoverlapping, increasing magnitude; zeros
/// allowed), built by Shewchuk's grow-expansion.
#[derive(Clone, Debug, Default)]
struct Exp(Vec<f64>);

impl Exp {
    fn of(x: f64) -> Exp {
        Exp(vec![x])
    }

    /// `a - b` exactly.
    fn diff(a: f64, b: f64) -> Exp {
        let (s, e) = two_sum(a, -b);
        Exp(vec![e, s])
    }

    fn grow(&mut self, b: f64) {
        let mut q = b;
        for h in self.0.iter_mut() {
            let (s, e) = two_sum(q, *h);
            *h = e;
            q = s;
        }
        self.0.push(q);
        self.0.retain(|&x| x != 0.0);
    }

    fn add(&self, o: &Exp) -> Exp {
        let mut r = self.clone();
        for &x in &o.0 {
            r.grow(x);
        }
        r
    }

    fn neg(&self) -> Exp {
        Exp(self.0.iter().map(|x| -x).collect())
    }

    fn mul(&self, o: &Exp) -> Exp {
        let mut r = Exp::default();
        for &a in &self.0 {
            for &b in &o.0 {
                let (p, e) = two_prod(a, b);
                r.grow(e);
                r.grow(p);
            }
        }
        r
    }

    /// The sign of the exact value (its largest nonzero component's).
    fn sign(&self) -> f64 {
        self.0
            .iter()
            .rev()
            .find(|&&x| x != 0.0)
            .map_or(0.0, |x| x.signum())
    }
}

/// `dx^2 + dy^2` against `d^2` when the differences (errors `ex`, `ey`
/// zero) and every product and sum are exact in floats; `None` otherwise.
#[inline]
fn exact_square_sum(dx: f64, ex: f64, dy: f64, ey: f64, d: f64) -> Option<std::cmp::Ordering> {
    if ex != 0.0 || ey != 0.0 {
        return None;
    }
    let (x2, e1) = two_prod(dx, dx);
    let (y2, e2) = two_prod(dy, dy);
    let (s, e3) = two_sum(x2, y2);
    let (d2, e4) = two_prod(d, d);
    (e1 == 0.0 && e2 == 0.0 && e3 == 0.0 && e4 == 0.0).then(|| s.total_cmp(&d2))
}

/// Relative margin of the float filters: far above their rounding
/// (a few units of 2^-53 for these degree-2 and degree-4 expressions).
const FILTER: f64 = 1e-12;

/// Is `|p q| >= d`? Exact (`d >= 0`; `|p q| == d` is `true`).
///
/// ```
/// use daedalus::{Point, geometry::distance_at_least};
/// let (p, q) = (Point::new(0.0, 0.0), Point::new(3.0, 4.0));
/// assert!(distance_at_least(p, q, 5.0));
/// assert!(!distance_at_least(p, q, 5.0 + 1e-15 * 5.0));
/// assert!(distance_at_least(p, [0.1, 0.2], 0.1f64.hypot(0.2) * (1.0 - 1e-15)));
/// ```
pub fn distance_at_least(p: impl Into<Point>, q: impl Into<Point>, d: f64) -> bool {
    let (p, q) = (p.into(), q.into());
    let (dx, dy) = (p.x - q.x, p.y - q.y);
    let l2 = dx * dx + dy * dy;
    let d2 = d * d;
    if l2 > d2 * (1.0 + FILTER) {
        return true;
    }
    if l2 < d2 * (1.0 - FILTER) {
        return false;
    }
    // Grid-like inputs: every operation exact, the float values decide.
    let ((sx, ex), (sy, ey)) = (two_sum(p.x, -q.x), two_sum(p.y, -q.y));
    if let Some(o) = exact_square_sum(sx, ex, sy, ey, d) {
        return o.is_ge();
    }
    let (ex, ey) = (Exp::diff(p.x, q.x), Exp::diff(p.y, q.y));
    let lhs = ex.mul(&ex).add(&ey.mul(&ey));
    let dd = Exp::of(d);
    lhs.add(&dd.mul(&dd).neg()).sign() >= 0.0
}

/// Is the distance from `p` to the closed segment `a b` at least `d`?
/// Exact (`d >= 0`; a distance of exactly `d` is `true`).
///
/// ```
/// use daedalus::{Point, geometry::segment_distance_at_least};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(10.0, 0.0));
/// assert!(segment_distance_at_least([5.0, 1.0], a, b, 1.0));
/// assert!(!segment_distance_at_least([5.0, 1.0 - 1e-15], a, b, 1.0));
/// // Beyond the end the end point is nearest.
/// assert!(segment_distance_at_least([13.0, 4.0], a, b, 5.0));
/// ```
pub fn segment_distance_at_least(
    p: impl Into<Point>,
    a: impl Into<Point>,
    b: impl Into<Point>,
    d: f64,
) -> bool {
    let (p, a, b) = (p.into(), a.into(), b.into());
    if !distance_at_least(p, a, d) || !distance_at_least(p, b, d) {
        return false;
    }
    if a == b {
        return true;
    }
    // Both ends are far enough: only a foot of the perpendicular strictly
    // inside the segment can be nearer.
    let (ux, uy) = (b.x - a.x, b.y - a.y);
    let (vx, vy, wx, wy) = (p.x - a.x, p.y - a.y, p.x - b.x, p.y - b.y);
    let (da, db) = (ux * vx + uy * vy, ux * wx + uy * wy);
    let perm = (ux.abs() + uy.abs()) * (vx.abs() + vy.abs() + wx.abs() + wy.abs());
    let inside = if da > FILTER * perm && db < -FILTER * perm {
        true
    } else if da < -FILTER * perm || db > FILTER * perm {
        false
    } else {
        let (eux, euy) = (Exp::diff(b.x, a.x), Exp::diff(b.y, a.y));
        let dot = |x: f64, y: f64| {
            if let Some(s) = exact_dot(b.x - a.x, b.y - a.y, (a, b), p, (x, y)) {
                return s;
            }
            let (ex, ey) = (Exp::diff(p.x, x), Exp::diff(p.y, y));
            eux.mul(&ex).add(&euy.mul(&ey)).sign()
        };
        dot(a.x, a.y) > 0.0 && dot(b.x, b.y) < 0.0
    };
    if !inside {
        return true;
    }
    line_distance_at_least(p, a, b, d)
}

/// Is the distance from `p` to the line through `a != b` at least `d`?
/// Exact (`cross(b - a, p - a)^2` against `d^2 |b - a|^2`).
pub(crate) fn line_distance_at_least(p: Point, a: Point, b: Point, d: f64) -> bool {
    line_distance_cmp(p, a, b, d).is_ge()
}

/// The distance from `p` to the line through `a != b` against `d`, exactly.
pub(crate) fn line_distance_cmp(p: Point, a: Point, b: Point, d: f64) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (ux, uy) = (b.x - a.x, b.y - a.y);
    let (vx, vy) = (p.x - a.x, p.y - a.y);
    let cross = ux * vy - uy * vx;
    let cperm = (ux * vy).abs() + (uy * vx).abs();
    let l2 = ux * ux + uy * uy;
    let (c2, rhs) = (cross * cross, d * d * l2);
    let slack = FILTER * (cperm * cperm + rhs);
    if c2 > rhs + slack {
        return Ordering::Greater;
    }
    if c2 < rhs - slack {
        return Ordering::Less;
    }
    if let Some(o) = exact_line(p, a, b, d) {
        return o;
    }
    let (eux, euy) = (Exp::diff(b.x, a.x), Exp::diff(b.y, a.y));
    let (evx, evy) = (Exp::diff(p.x, a.x), Exp::diff(p.y, a.y));
    let c = eux.mul(&evy).add(&euy.mul(&evx).neg());
    let l = eux.mul(&eux).add(&euy.mul(&euy));
    let dd = Exp::of(d);
    let s = c.mul(&c).add(&dd.mul(&dd).mul(&l).neg()).sign();
    s.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// Is the line through `o` and the midpoint of `c q` exactly `d` from `c`?
/// Then it is an inner common tangent of the circles of radius `d` about
/// `c` and `q` (or, when `|c q| = 2 d`, the tangent where they touch).
/// Exact: `cross(u, c - o)^2 == d^2 |u|^2` with `u = c + q - 2 o` (twice
/// the direction to the midpoint, so nothing is rounded); `false` when `o`
/// is the midpoint.
pub(crate) fn inner_tangent_tie(o: Point, c: Point, q: Point, d: f64) -> bool {
    let sum3 = |a: f64, b: f64, x: f64| {
        let mut e = Exp::of(a);
        e.grow(b);
        e.grow(-2.0 * x);
        e
    };
    let (ux, uy) = (sum3(c.x, q.x, o.x), sum3(c.y, q.y, o.y));
    if ux.sign() == 0.0 && uy.sign() == 0.0 {
        return false;
    }
    let (vx, vy) = (Exp::diff(c.x, o.x), Exp::diff(c.y, o.y));
    let cross = ux.mul(&vy).add(&uy.mul(&vx).neg());
    let l = ux.mul(&ux).add(&uy.mul(&uy));
    let dd = Exp::of(d);
    cross.mul(&cross).add(&dd.mul(&dd).mul(&l).neg()).sign() == 0.0
}

/// `cross(b - a, p - a)^2` against `d^2 |b - a|^2` when every operation
/// is exact in floats (grid-like inputs); `None` otherwise.
#[inline]
fn exact_line(p: Point, a: Point, b: Point, d: f64) -> Option<std::cmp::Ordering> {
    let mut err = 0.0f64;
    let mut sum = |x: f64, y: f64| {
        let (s, e) = two_sum(x, y);
        err = err.max(e.abs());
        s
    };
    let (ux, uy) = (sum(b.x, -a.x), sum(b.y, -a.y));
    let (vx, vy) = (sum(p.x, -a.x), sum(p.y, -a.y));
    let mut prods = [0.0; 7];
    let mut perr = 0.0f64;
    for (k, (x, y)) in [(ux, vy), (uy, vx), (ux, ux), (uy, uy), (d, d)]
        .into_iter()
        .enumerate()
    {
        let (q, e) = two_prod(x, y);
        prods[k] = q;
        perr = perr.max(e.abs());
    }
    let cross = sum(prods[0], -prods[1]);
    let l2 = sum(prods[2], prods[3]);
    let (c2, e1) = two_prod(cross, cross);
    let (rhs, e2) = two_prod(prods[4], l2);
    (err == 0.0 && perr == 0.0 && e1 == 0.0 && e2 == 0.0).then(|| c2.total_cmp(&rhs))
}

/// The sign of `(b - a) . (p - o)` when every operation is exact in
/// floats; `None` otherwise.
#[inline]
fn exact_dot(ux: f64, uy: f64, (a, b): (Point, Point), p: Point, o: (f64, f64)) -> Option<f64> {
    let (_, e1) = two_sum(b.x, -a.x);
    let (_, e2) = two_sum(b.y, -a.y);
    let (vx, e3) = two_sum(p.x, -o.0);
    let (vy, e4) = two_sum(p.y, -o.1);
    let (q1, e5) = two_prod(ux, vx);
    let (q2, e6) = two_prod(uy, vy);
    let (s, e7) = two_sum(q1, q2);
    let exact = [e1, e2, e3, e4, e5, e6, e7].iter().all(|&e| e == 0.0);
    exact.then_some(if s > 0.0 {
        1.0
    } else if s < 0.0 {
        -1.0
    } else {
        0.0
    })
}

/// Distance between the closed segments `a b` and `c d` (0 when they
/// meet; the meeting decided by the exact orientation predicate, the
/// distance otherwise computed in floating point).
pub(crate) fn segment_distance(a: Point, b: Point, c: Point, d: Point) -> f64 {
    if segments_meet(a, b, c, d) {
        return 0.0;
    }
    distance_point_segment(c, d, a)
        .min(distance_point_segment(c, d, b))
        .min(distance_point_segment(a, b, c))
        .min(distance_point_segment(a, b, d))
}

/// Do the closed segments `a b` and `c d` share a point? (exact)
pub(crate) fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    !matches!(segment_intersection(a, b, c, d), SegmentIntersection::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seeded integers in `-n..=n` (a linear congruential generator).
    fn ints(mut x: u64) -> impl FnMut(i64) -> i64 {
        move |n| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) as i64 % (2 * n + 1)) - n
        }
    }

    /// Against exact integer arithmetic (i128) on integer coordinates,
    /// scaled by a power of two (exact in floats).
    #[test]
    fn agrees_with_integer_arithmetic() {
        let mut rnd = ints(99);
        let mut hits = 0;
        for k in 0..20000 {
            let s = if k % 2 == 0 { 1.0 } else { 2f64.powi(-30) };
            // Small (ties), mid (float products exact), large (inexact:
            // the expansions decide).
            let n = [6, 1 << 20, 1 << 30][k % 3];
            let (px, py, ax, ay) = (rnd(n), rnd(n), rnd(n), rnd(n));
            let (bx, by) = if k % 5 == 0 {
                (ax, ay)
            } else {
                (rnd(n), rnd(n))
            };
            let d = rnd(n).abs();
            let f = |v: i64| v as f64 * s;
            let (p, a, b) = (
                Point::new(f(px), f(py)),
                Point::new(f(ax), f(ay)),
                Point::new(f(bx), f(by)),
            );
            let dd = i128::from(d) * i128::from(d);
            let sq = |x: i64, y: i64| i128::from(x) * i128::from(x) + i128::from(y) * i128::from(y);
            let want_pt = sq(px - ax, py - ay) >= dd;
            assert_eq!(distance_at_least(p, a, f(d)), want_pt, "{p:?} {a:?} {d}");
            // Segment distance, squared, as a fraction when the foot is inside.
            let (ux, uy, vx, vy) = (bx - ax, by - ay, px - ax, py - ay);
            let l2 = sq(ux, uy);
            let t = i128::from(ux) * i128::from(vx) + i128::from(uy) * i128::from(vy);
            let want = if l2 == 0 || t <= 0 {
                want_pt
            } else if t >= l2 {
                sq(px - bx, py - by) >= dd
            } else {
                let c = i128::from(ux) * i128::from(vy) - i128::from(uy) * i128::from(vx);
                // c^2 >= d^2 l2, in i128 (both below 2^127 here).
                c * c >= dd * l2
            };
            if want != want_pt {
                hits += 1;
            }
            assert_eq!(
                segment_distance_at_least(p, a, b, f(d)),
                want,
                "{p:?} {a:?} {b:?} {d}"
            );
        }
        assert!(hits > 100, "only {hits} cases where the foot decides");
    }

    /// Near ties with inexact differences (the expansions decide), against
    /// i128 arithmetic on the coordinates scaled by 2^56 (exact for
    /// doubles in [0, 4) and distances in [1, 4)).
    #[test]
    fn near_ties_agree_with_scaled_integers() {
        let mut x = 5u64;
        let mut unit = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let big = |v: f64| (v * 2f64.powi(56)) as i128;
        let mut exact_path = 0;
        for _ in 0..20000 {
            let (p, q) = (
                Point::new(4.0 * unit(), 4.0 * unit()),
                Point::new(4.0 * unit(), 4.0 * unit()),
            );
            let l = p.distance(q);
            if !(1.0..4.0).contains(&l) {
                continue;
            }
            // d: the rounded distance and its neighbours (near ties).
            for d in [l, l.next_up(), l.next_down()] {
                let (dx, dy) = (big(p.x) - big(q.x), big(p.y) - big(q.y));
                let want = dx * dx + dy * dy >= big(d) * big(d);
                assert_eq!(distance_at_least(p, q, d), want, "{p:?} {q:?} {d}");
                exact_path += 1;
            }
        }
        assert!(exact_path > 1000, "{exact_path}");
    }

    /// Distances of exactly `d` and a hair either side.
    #[test]
    fn ties_are_at_least() {
        let a = Point::new(0.1, 0.3);
        let b = Point::new(0.1, 0.3 + 1.0);
        assert!(segment_distance_at_least([1.1, 0.7], a, b, 1.0));
        assert!(!segment_distance_at_least([1.1 - 1e-12, 0.7], a, b, 1.0));
        assert!(distance_at_least([0.0, 0.0], [0.0, 1.0], 1.0));
        assert!(!distance_at_least(
            [0.0, 0.0],
            [0.0, 1.0],
            1.0 + 1e-16 * 2.0
        ));
    }

    /// Hand-worked inner tangents: from (0.5, 0.75) the line x = 0.5 is
    /// r = 0.5 from c = (1, 2) and passes the midpoint of c and q for
    /// q = (0, 2) (the circles touch) and q = (0, 1) (they overlap); a
    /// hair more radius, another q or `o` at the midpoint is no tie. Then
    /// random grid worlds against i128 arithmetic.
    #[test]
    fn inner_tangent_ties() {
        let p = Point::new;
        let o = p(0.5, 0.75);
        assert!(inner_tangent_tie(o, p(1.0, 2.0), p(0.0, 2.0), 0.5));
        assert!(inner_tangent_tie(o, p(1.0, 2.0), p(0.0, 1.0), 0.5));
        assert!(!inner_tangent_tie(o, p(1.0, 2.0), p(0.0, 1.0), 0.5 + 1e-16));
        assert!(!inner_tangent_tie(o, p(1.0, 2.0), p(0.5, 1.0), 0.5));
        assert!(!inner_tangent_tie(
            p(0.5, 2.0),
            p(1.0, 2.0),
            p(0.0, 2.0),
            0.5
        ));
        // Random grid worlds scaled by 2^-3: the tie against i128.
        let mut rnd = ints(5);
        let (mut ties, mut others) = (0, 0);
        for _ in 0..20_000 {
            let [ox, oy, cx, cy, qx, qy] = [(); 6].map(|_| rnd(6));
            let d = rnd(4).abs();
            let (ux, uy) = (cx + qx - 2 * ox, cy + qy - 2 * oy);
            if (ux, uy) == (0, 0) {
                continue;
            }
            let cross = (ux * (cy - oy) - uy * (cx - ox)) as i128;
            let want = cross * cross == (d * d) as i128 * (ux * ux + uy * uy) as i128;
            let s = 0.125;
            let f = |a: i64, b: i64| p(a as f64 * s, b as f64 * s);
            let got = inner_tangent_tie(f(ox, oy), f(cx, cy), f(qx, qy), d as f64 * s);
            assert_eq!(got, want, "{ox} {oy} {cx} {cy} {qx} {qy} {d}");
            if want { ties += 1 } else { others += 1 }
        }
        assert!(ties > 20 && others > 1000, "{ties} ties, {others} others");
    }
}
