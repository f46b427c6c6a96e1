//! Exact adaptive predicates (Shewchuk's, from the `robust` crate).
//! Every topological decision in Daedalus goes through these.

use super::Point;

#[inline]
fn coord(p: Point) -> robust::Coord<f64> {
    robust::Coord { x: p.x, y: p.y }
}

/// Twice the signed area of triangle `a b c`, with the exact sign:
/// positive when `a b c` turn counter-clockwise, negative when clockwise,
/// zero exactly when the three points are collinear.
///
/// ```
/// use daedalus::{Point, geometry::orient2d};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
/// assert!(orient2d(a, b, Point::new(0.5, 1.0)) > 0.0);
/// assert!(orient2d(a, b, Point::new(0.5, -1.0)) < 0.0);
/// assert_eq!(orient2d(a, b, Point::new(7.0, 0.0)), 0.0);
/// ```
#[inline]
pub fn orient2d(a: Point, b: Point, c: Point) -> f64 {
    robust::orient2d(coord(a), coord(b), coord(c))
}

/// Exact in-circle test: positive when `d` lies strictly inside the circle
/// through `a b c` (given counter-clockwise), negative outside, zero on it.
///
/// ```
/// use daedalus::{Point, geometry::incircle};
/// let (a, b, c) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(0.0, 1.0));
/// assert!(incircle(a, b, c, Point::new(0.5, 0.5)) > 0.0);
/// assert!(incircle(a, b, c, Point::new(2.0, 2.0)) < 0.0);
/// assert_eq!(incircle(a, b, c, Point::new(1.0, 1.0)), 0.0);
/// ```
// always inlined: the Delaunay flip loop calls it ~9 times per inserted
// point, and the call passes 8 floats (-4 % instructions on 10^5 points)
#[inline(always)]
pub fn incircle(a: Point, b: Point, c: Point, d: Point) -> f64 {
    // The float filter of `robust::incircle` (same expressions, same bound):
    // when it is certain, its value is returned unchanged.
    let (adx, bdx, cdx) = (a.x - d.x, b.x - d.x, c.x - d.x);
    let (ady, bdy, cdy) = (a.y - d.y, b.y - d.y, c.y - d.y);
    let (bdxcdy, cdxbdy) = (bdx * cdy, cdx * bdy);
    let alift = adx * adx + ady * ady;
    let (cdxady, adxcdy) = (cdx * ady, adx * cdy);
    let blift = bdx * bdx + bdy * bdy;
    let (adxbdy, bdxady) = (adx * bdy, bdx * ady);
    let clift = cdx * cdx + cdy * cdy;
    let det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
    let permanent = (bdxcdy.abs() + cdxbdy.abs()) * alift
        + (cdxady.abs() + adxcdy.abs()) * blift
        + (adxbdy.abs() + bdxady.abs()) * clift;
    if det.abs() > ICCERRBOUND_A * permanent {
        return det;
    }
    // Uncertain (typically exactly cocircular grid points): an exact
    // integer evaluation when the differences are small scaled integers,
    // which avoids the expensive set-up of the general exact stage.
    if let Some(s) = incircle_int(a, b, c, d) {
        return s;
    }
    if axis_rectangle(a, b, c, d) {
        return 0.0; // the corners of a rectangle are cocircular
    }
    robust::incircle(coord(a), coord(b), coord(c), coord(d))
}

/// Shewchuk's bound for the float stage of incircle: (10 + 96 eps) eps.
const ICCERRBOUND_A: f64 = (10.0 + 96.0 * EPS) * EPS;
const EPS: f64 = f64::EPSILON / 2.0;

/// Are the four points the corners of one axis-aligned rectangle (of
/// non-zero width and height)? Exact comparisons only.
fn axis_rectangle(a: Point, b: Point, c: Point, d: Point) -> bool {
    let mut p = [a, b, c, d];
    p.sort_unstable_by(|u, v| u.x.total_cmp(&v.x).then(u.y.total_cmp(&v.y)));
    p[0].x == p[1].x
        && p[2].x == p[3].x
        && p[0].x != p[2].x
        && p[0].y == p[2].y
        && p[1].y == p[3].y
        && p[0].y != p[1].y
}

/// `a - b` if that subtraction is exact (Knuth's two-diff tail is zero).
#[inline]
fn exact_diff(a: f64, b: f64) -> Option<f64> {
    let x = a - b;
    let bv = a - x;
    let av = x + bv;
    ((a - av) + (bv - b) == 0.0).then_some(x)
}

/// The sign of the incircle determinant computed exactly in `i128`, when
/// every coordinate difference to `d` is exact and all of them are
/// integer multiples of one power of two below `2^30` (e.g. grid
/// coordinates); `None` otherwise. Bound: lifts and cross terms are below
/// `2^61`, so each product is below `2^122` and the sum of three fits.
fn incircle_int(a: Point, b: Point, c: Point, d: Point) -> Option<f64> {
    let v = [
        exact_diff(a.x, d.x)?,
        exact_diff(a.y, d.y)?,
        exact_diff(b.x, d.x)?,
        exact_diff(b.y, d.y)?,
        exact_diff(c.x, d.x)?,
        exact_diff(c.y, d.y)?,
    ];
    // integers (grid maps): exact as they are, no scaling to find
    if v.iter().all(|&x| x.trunc() == x && x.abs() < SMALL) {
        return Some(incircle_i128(v.map(|x| x as i64 as i128)));
    }
    // v = +-m 2^e with m odd
    let mut me = [(0i64, 0i32); 6];
    let mut emin = i32::MAX;
    for (k, &x) in v.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        let bits = x.to_bits();
        let ex = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        let (mut m, mut e) = if ex == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), ex - 1075)
        };
        let tz = m.trailing_zeros();
        m >>= tz;
        e += tz as i32;
        if m >= 1 << 30 {
            return None;
        }
        me[k] = (if x < 0.0 { -(m as i64) } else { m as i64 }, e);
        emin = emin.min(e);
    }
    if emin == i32::MAX {
        return Some(0.0); // all four points equal
    }
    let mut k = [0i128; 6];
    for i in 0..6 {
        let (m, e) = me[i];
        if m == 0 {
            continue;
        }
        let sh = e - emin;
        // |m| < 2^30: the scaled value must stay below 2^30 too
        if sh >= 30 || (m.unsigned_abs() << sh) >= 1 << 30 {
            return None;
        }
        k[i] = (m << sh) as i128;
    }
    Some(incircle_i128(k))
}

/// Integers below this in magnitude take the direct path of `incircle_int`
/// (the same bound as its scaled path).
const SMALL: f64 = (1u64 << 30) as f64;

/// Sign of the incircle determinant of the differences `[adx, ady, bdx,
/// bdy, cdx, cdy]`, each below `2^30` in magnitude (no overflow, see
/// `incircle_int`).
#[inline]
fn incircle_i128(k: [i128; 6]) -> f64 {
    let [adx, ady, bdx, bdy, cdx, cdy] = k;
    let alift = adx * adx + ady * ady;
    let blift = bdx * bdx + bdy * bdy;
    let clift = cdx * cdx + cdy * cdy;
    let det = alift * (bdx * cdy - cdx * bdy)
        + blift * (cdx * ady - adx * cdy)
        + clift * (adx * bdy - bdx * ady);
    det.signum() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer path agrees in sign with the general exact predicate.
    #[test]
    fn integer_incircle_matches_robust() {
        let mut s = 0x1234_5678_u64;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s >> 33
        };
        let mut hits = 0;
        for i in 0..200_000 {
            // small grids (many cocircular quadruples), scaled by powers of two
            let scale = [1.0, 0.5, 0.125, 1024.0, 3.0][i % 5];
            let span = [4, 9, 1 << 20][i % 3];
            let mut p = || {
                Point::new(
                    (next() % span) as f64 * scale - 3.0,
                    (next() % span) as f64 * scale + 0.25,
                )
            };
            let (a, b, c, d) = (p(), p(), p(), p());
            let want = robust::incircle(coord(a), coord(b), coord(c), coord(d));
            if let Some(got) = incircle_int(a, b, c, d) {
                hits += 1;
                assert_eq!(got == 0.0, want == 0.0, "{a:?} {b:?} {c:?} {d:?}");
                if want != 0.0 {
                    assert_eq!(got.signum(), want.signum(), "{a:?} {b:?} {c:?} {d:?}");
                }
            }
            let full = incircle(a, b, c, d);
            assert_eq!(full == 0.0, want == 0.0);
            if want != 0.0 {
                assert_eq!(full.signum(), want.signum());
            }
        }
        assert!(hits > 100_000, "{hits}");
        // float rectangles (not scaled integers): cocircular, exactly 0
        for _ in 0..10_000 {
            let mut f = || (next() as f64 / (1u64 << 31) as f64) * 1000.0 / 3.0;
            let (x0, x1, y0, y1) = (f(), f(), f(), f());
            let r = [
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ];
            for k in 0..4 {
                let q = |i: usize| r[(i + k) % 4];
                let want = robust::incircle(coord(q(0)), coord(q(1)), coord(q(2)), coord(q(3)));
                assert_eq!(want, 0.0);
                assert!(axis_rectangle(q(0), q(1), q(2), q(3)));
                assert_eq!(incircle(q(0), q(1), q(2), q(3)), 0.0);
            }
            // one corner moved: not a rectangle
            let moved = Point::new(x1, y1 + 1e-9);
            assert!(!axis_rectangle(r[0], r[1], moved, r[3]));
        }
        // not representable: falls back
        let (a, b, c) = (
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.0, 1.0),
        );
        assert!(incircle_int(a, b, c, Point::new(0.1, 0.7)).is_none());
    }
}
