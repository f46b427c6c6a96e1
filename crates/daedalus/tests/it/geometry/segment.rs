//! Segment intersection against an independent exact reference: Cramer's
//! rule on integer coordinates in i128 rationals (a parametric method, not
//! the orientation-sign method of the implementation).

use daedalus::Point;
use daedalus::geometry::{SegmentIntersection as S, segment_intersection};
use proptest::prelude::*;

type P = (i64, i64);

/// A rational point `(x / den, y / den)`, `den > 0`.
#[derive(Clone, Copy, Debug)]
struct QPoint {
    x: i128,
    y: i128,
    den: i128,
}

#[derive(Debug)]
enum Reference {
    None,
    Crossing(QPoint),
    Touching(QPoint),
    Overlap(QPoint, QPoint),
}

fn sub(a: P, b: P) -> (i128, i128) {
    ((a.0 - b.0) as i128, (a.1 - b.1) as i128)
}
fn cross(u: (i128, i128), v: (i128, i128)) -> i128 {
    u.0 * v.1 - u.1 * v.0
}
fn dot(u: (i128, i128), v: (i128, i128)) -> i128 {
    u.0 * v.0 + u.1 * v.1
}
fn q(p: P) -> QPoint {
    QPoint {
        x: p.0 as i128,
        y: p.1 as i128,
        den: 1,
    }
}
/// `a + (num / den) (b - a)`.
fn along(a: P, b: P, num: i128, den: i128) -> QPoint {
    let d = sub(b, a);
    QPoint {
        x: a.0 as i128 * den + num * d.0,
        y: a.1 as i128 * den + num * d.1,
        den,
    }
}

fn on_segment(p: P, c: P, d: P) -> bool {
    if c == d {
        // A point-segment: only its own point lies on it.
        return p == c;
    }
    let (cd, cp) = (sub(d, c), sub(p, c));
    cross(cd, cp) == 0 && (0..=dot(cd, cd)).contains(&dot(cp, cd))
}

fn reference(a: P, b: P, c: P, d: P) -> Reference {
    if a == b {
        return if on_segment(a, c, d) {
            Reference::Touching(q(a))
        } else {
            Reference::None
        };
    }
    if c == d {
        return if on_segment(c, a, b) {
            Reference::Touching(q(c))
        } else {
            Reference::None
        };
    }
    let (ba, dc, ca) = (sub(b, a), sub(d, c), sub(c, a));
    let mut den = cross(ba, dc);
    if den != 0 {
        let (mut tn, mut un) = (cross(ca, dc), cross(ca, ba));
        if den < 0 {
            (den, tn, un) = (-den, -tn, -un);
        }
        if !(0..=den).contains(&tn) || !(0..=den).contains(&un) {
            return Reference::None;
        }
        let p = along(a, b, tn, den);
        return if tn == 0 || tn == den || un == 0 || un == den {
            Reference::Touching(p)
        } else {
            Reference::Crossing(p)
        };
    }
    if cross(ca, ba) != 0 {
        return Reference::None;
    }
    // Collinear: parameters of c and d along a -> b, denominator |ba|^2.
    let l = dot(ba, ba);
    let (sc, sd) = (dot(ca, ba), dot(sub(d, a), ba));
    let lo = sc.min(sd).max(0);
    let hi = sc.max(sd).min(l);
    match lo.cmp(&hi) {
        std::cmp::Ordering::Greater => Reference::None,
        std::cmp::Ordering::Equal => Reference::Touching(along(a, b, lo, l)),
        std::cmp::Ordering::Less => Reference::Overlap(along(a, b, lo, l), along(a, b, hi, l)),
    }
}

fn fp(p: P) -> Point {
    Point::new(p.0 as f64, p.1 as f64)
}

/// Exact equality of an f64 point with a rational point (f64 integers here).
fn same(p: Point, r: QPoint) -> bool {
    p.x.fract() == 0.0
        && p.y.fract() == 0.0
        && p.x as i128 * r.den == r.x
        && p.y as i128 * r.den == r.y
}

fn check(a: P, b: P, c: P, d: P) -> Result<(), TestCaseError> {
    let got = segment_intersection(fp(a), fp(b), fp(c), fp(d));
    let want = reference(a, b, c, d);
    let scale = [a, b, c, d]
        .iter()
        .flat_map(|p| [p.0.abs(), p.1.abs()])
        .max()
        .unwrap()
        .max(1) as f64;
    match (got, &want) {
        (S::None, Reference::None) => {}
        (S::Touching(p), Reference::Touching(r)) => prop_assert!(same(p, *r), "{p:?} vs {r:?}"),
        (S::Overlap(p, q), Reference::Overlap(r, s)) => {
            prop_assert!(same(p, *r) && same(q, *s), "{p:?} {q:?} vs {r:?} {s:?}")
        }
        (S::Crossing(p), Reference::Crossing(r)) => {
            let (x, y) = (r.x as f64 / r.den as f64, r.y as f64 / r.den as f64);
            let tol = 8.0 * f64::EPSILON * scale;
            prop_assert!(
                (p.x - x).abs() <= tol && (p.y - y).abs() <= tol,
                "crossing {p:?} vs exact ({x}, {y})"
            );
            // Clamped into both bounding boxes.
            for (u, v) in [(a, b), (c, d)] {
                prop_assert!(p.x >= u.0.min(v.0) as f64 && p.x <= u.0.max(v.0) as f64);
                prop_assert!(p.y >= u.1.min(v.1) as f64 && p.y <= u.1.max(v.1) as f64);
            }
        }
        _ => prop_assert!(
            false,
            "{a:?}{b:?} x {c:?}{d:?}: got {got:?}, reference {want:?}"
        ),
    }
    Ok(())
}

fn small() -> impl Strategy<Value = P> {
    (-6i64..=6, -6i64..=6)
}
fn large() -> impl Strategy<Value = P> {
    let r = 1i64 << 20;
    (-r..=r, -r..=r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Small grid: many shared end points, T-junctions, collinear overlaps, point segments.
    #[test]
    fn small_grid_matches_reference(a in small(), b in small(), c in small(), d in small()) {
        check(a, b, c, d)?;
        // The classification does not depend on the order of the arguments.
        check(c, d, a, b)?;
        check(b, a, d, c)?;
    }

    /// Large coordinates: crossings, nearly parallel segments.
    #[test]
    fn large_coordinates_match_reference(a in large(), b in large(), c in large(), d in large()) {
        check(a, b, c, d)?;
    }

    /// Collinear and nearly collinear segments on one long line.
    #[test]
    fn along_a_line(o in large(), dir in (-999i64..=999, -999i64..=999),
                    k in proptest::array::uniform4(-1000i64..=1000), off in -1i64..=1) {
        let p = |t: i64| (o.0 + t * dir.0, o.1 + t * dir.1);
        let d = p(k[3]);
        check(p(k[0]), p(k[1]), p(k[2]), (d.0 + off, d.1))?;
    }

    /// Nearly parallel long segments crossing at a shallow angle.
    #[test]
    fn shallow_crossings(a in large(), b in large(), e in proptest::array::uniform4(-3i64..=3)) {
        check(a, b, (a.0 + e[0], a.1 + e[1]), (b.0 + e[2], b.1 + e[3]))?;
    }
}

#[test]
fn hand_worked_cases() {
    let p = |x: f64, y: f64| Point::new(x, y);
    let o = p(0.0, 0.0);
    // Shared end point.
    assert_eq!(
        segment_intersection(o, p(1.0, 0.0), o, p(0.0, 1.0)),
        S::Touching(o)
    );
    // Identical segments overlap completely, ordered along a -> b.
    assert_eq!(
        segment_intersection(p(1.0, 1.0), o, o, p(1.0, 1.0)),
        S::Overlap(p(1.0, 1.0), o)
    );
    // Collinear, touching at one end only.
    assert_eq!(
        segment_intersection(o, p(1.0, 1.0), p(2.0, 2.0), p(1.0, 1.0)),
        S::Touching(p(1.0, 1.0))
    );
    // Collinear, disjoint.
    assert_eq!(
        segment_intersection(o, p(1.0, 1.0), p(2.0, 2.0), p(3.0, 3.0)),
        S::None
    );
    // Point segment in the interior of the other.
    assert_eq!(
        segment_intersection(p(0.5, 0.5), p(0.5, 0.5), o, p(1.0, 1.0)),
        S::Touching(p(0.5, 0.5))
    );
    // Proper crossing with a non-representable point: 1/3.
    match segment_intersection(o, p(1.0, 0.0), p(1.0 / 3.0, -1.0), p(1.0 / 3.0, 1.0)) {
        S::Crossing(q) => assert_eq!(q, p(1.0 / 3.0, 0.0)),
        other => panic!("{other:?}"),
    }
}

/// Off-grid f64 inputs: a crossing of the notes' kind (points with 1/7, 1/9
/// fractions) still lands inside both boxes and on both segments to ~1 ulp.
#[test]
fn crossing_point_of_fractional_inputs() {
    let a = Point::new(0.1, 1.0 / 9.0);
    let b = Point::new(12.5, 100.0 / 3.0);
    let c = Point::new(25.0, 100.0 / 9.0);
    let d = Point::new(-12.5, 100.0 / 6.0);
    let S::Crossing(x) = segment_intersection(a, b, c, d) else {
        panic!("must cross")
    };
    // Residual of both line equations, relative to the segment lengths.
    let r1 = (b - a).cross(x - a).abs() / (b - a).length();
    let r2 = (d - c).cross(x - c).abs() / (d - c).length();
    assert!(r1 < 1e-13 && r2 < 1e-13, "{r1} {r2}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Arbitrary f64 inputs: a crossing point lies in both bounding boxes
    /// and within a few ulps (of the coordinate scale) of both lines,
    /// whatever the angle (it is parametrised along one line, so the error
    /// is along that line).
    #[test]
    fn f64_crossings_lie_on_both_lines(v in proptest::array::uniform8(-1e3f64..1e3)) {
        let [a, b, c, d] = [0, 2, 4, 6].map(|i| Point::new(v[i], v[i + 1]));
        if let S::Crossing(x) = segment_intersection(a, b, c, d) {
            let scale = v.iter().fold(0.0f64, |m, t| m.max(t.abs()));
            for (u, w) in [(a, b), (c, d)] {
                prop_assert!(x.x >= u.x.min(w.x) && x.x <= u.x.max(w.x));
                prop_assert!(x.y >= u.y.min(w.y) && x.y <= u.y.max(w.y));
                let residual = (w - u).cross(x - u).abs() / (w - u).length();
                prop_assert!(residual <= 16.0 * f64::EPSILON * scale, "residual {residual}");
            }
        }
    }
}
