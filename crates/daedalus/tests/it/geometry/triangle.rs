//! Point-in-triangle tests: the float failures documented in the design
//! notes (values copied from the notes), and property tests against an
//! exact integer reference (area sums / squared distances in i128).

use crate::support::triangle::{
    AccurateTriangleTest, DEFAULT_EPSILON, barycentric, point_in_triangle_accurate,
    point_in_triangle_barycentric, point_in_triangle_parametric, point_in_triangle_side, side,
};
use daedalus::Point;
use daedalus::geometry::{orient2d, point_in_triangle_exact};
use proptest::prelude::*;

/// The small cases each float test was documented with: inside, outside,
/// either orientation, and the accurate test's thickness.
#[test]
fn float_tests_on_a_small_triangle() {
    let t = (
        Point::new(0.0, 0.0),
        Point::new(4.0, 0.0),
        Point::new(0.0, 4.0),
    );
    assert_eq!(DEFAULT_EPSILON, 0.001);
    assert_eq!(
        barycentric(t.0, t.1, t.2, Point::new(1.0, 1.0)),
        (0.5, 0.25, 0.25)
    );
    assert!(point_in_triangle_barycentric(
        t.0,
        t.1,
        t.2,
        Point::new(1.0, 1.0)
    ));
    assert!(!point_in_triangle_barycentric(
        t.0,
        t.1,
        t.2,
        Point::new(3.0, 3.0)
    ));
    assert!(point_in_triangle_parametric(
        t.0,
        t.1,
        t.2,
        Point::new(1.0, 1.0)
    ));
    assert!(!point_in_triangle_parametric(
        t.0,
        t.1,
        t.2,
        Point::new(-1.0, 1.0)
    ));
    assert!(
        side(
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.5, -1.0)
        ) > 0.0
    );
    assert!(point_in_triangle_side(t.0, t.1, t.2, Point::new(1.0, 1.0)));
    assert!(point_in_triangle_side(t.2, t.1, t.0, Point::new(1.0, 1.0)));
    assert!(!point_in_triangle_side(t.0, t.1, t.2, Point::new(3.0, 3.0)));
    let thick = AccurateTriangleTest { epsilon: 0.5 };
    assert!(thick.contains(t.0, t.1, t.2, Point::new(2.0, -0.4)));
    assert!(!thick.contains(t.0, t.1, t.2, Point::new(2.0, -0.6)));
    assert_eq!(AccurateTriangleTest::default().epsilon, 0.001);
    assert!(AccurateTriangleTest::default().contains(t.0, t.1, t.2, Point::new(1.0, 1.0)));
    assert!(point_in_triangle_accurate(
        t.0,
        t.1,
        t.2,
        Point::new(2.0, -0.0005)
    ));
    assert!(!point_in_triangle_accurate(
        t.0,
        t.1,
        t.2,
        Point::new(2.0, -0.01)
    ));
}

/// The notes' example: T = (p1, p2, p3), T' = (p1, p2, p3'), p = p1 + 3/7 (p2 - p1).
fn notes_example() -> (Point, Point, Point, Point, Point) {
    let p1 = Point::new(1.0 / 10.0, 1.0 / 9.0);
    let p2 = Point::new(100.0 / 8.0, 100.0 / 3.0);
    let p3 = Point::new(100.0 / 4.0, 100.0 / 9.0);
    let p3b = Point::new(-100.0 / 8.0, 100.0 / 6.0);
    let p = Point::new(
        p1.x + (3.0 / 7.0) * (p2.x - p1.x),
        p1.y + (3.0 / 7.0) * (p2.y - p1.y),
    );
    (p1, p2, p3, p3b, p)
}

#[test]
fn notes_example_1_barycentric_rejects_point_on_edge() {
    let (p1, p2, p3, _, p) = notes_example();
    let (a, b, c) = barycentric(p1, p2, p3, p);
    assert_eq!(a, 0.5714285714285715);
    assert_eq!(b, 0.42857142857142855);
    assert_eq!(c, -5.551115123125783e-17);
    assert!(!point_in_triangle_barycentric(p1, p2, p3, p));
}

#[test]
fn notes_example_2_barycentric_rejects_from_both_triangles() {
    let (p1, p2, _, p3b, p) = notes_example();
    let (a, b, c) = barycentric(p1, p2, p3b, p);
    // The notes print a = 0.5714285714285715 (ActionScript's shorter
    // formatting); the shortest round-trip form of the same f64 run is ...716.
    assert!((a - 0.5714285714285715).abs() <= 2.0 * f64::EPSILON);
    assert_eq!(b, 0.4285714285714285);
    assert_eq!(c, -1.1102230246251565e-16);
    assert!(!point_in_triangle_barycentric(p1, p2, p3b, p));
}

#[test]
fn notes_example_3_side_contradicts_itself() {
    let (p1, p2, p3, p3b, p) = notes_example();
    assert_eq!(side(p1, p2, p), -2.842170943040401e-14);
    assert_eq!(side(p2, p1, p), -2.842170943040401e-14);
    // Hence p is "outside" both T and T' given with consistent orientation
    // (T' uses the shared edge reversed, as in a mesh): the side test
    // rejects p from T although p truly lies in T (see below).
    assert!(!point_in_triangle_side(p1, p2, p3, p));
    assert!(!point_in_triangle_side(p2, p1, p3b, p));
}

#[test]
fn accurate_test_accepts_p_in_both_triangles() {
    let (p1, p2, p3, p3b, p) = notes_example();
    for (a, b, c) in [(p1, p2, p3), (p1, p2, p3b), (p2, p1, p3b), (p3, p2, p1)] {
        assert!(point_in_triangle_accurate(a, b, c, p));
    }
}

/// The exact test decides for p as stored in f64, which is NOT on the line
/// p1 p2: orient2d(p1, p2, p) is about -8.4e-15 (exact sign), the same sign
/// as orient2d(p1, p2, p3). So p lies strictly inside T and strictly outside
/// T': the exact test accepts it in T only (and never in neither).
#[test]
fn exact_test_decides_the_stored_point() {
    let (p1, p2, p3, p3b, p) = notes_example();
    let o = orient2d(p1, p2, p);
    assert!(o < 0.0 && orient2d(p1, p2, p3) < 0.0 && orient2d(p1, p2, p3b) > 0.0);
    assert!(point_in_triangle_exact(p1, p2, p3, p));
    assert!(!point_in_triangle_exact(p1, p2, p3b, p));
    assert!(!point_in_triangle_exact(p2, p1, p3b, p));
}

proptest! {
    /// Points interpolated on the shared edge of T and T' (so at most a
    /// rounding away from it): the exact test puts each in exactly one of
    /// the two triangles (both when exactly on the edge), the accurate test
    /// in both.
    #[test]
    fn shared_edge_points_are_never_lost(t in 0.0f64..=1.0) {
        let (p1, p2, p3, p3b, _) = notes_example();
        let p = p1.lerp(p2, t);
        let (in_t, in_tb) = (point_in_triangle_exact(p1, p2, p3, p), point_in_triangle_exact(p2, p1, p3b, p));
        if orient2d(p1, p2, p) == 0.0 {
            prop_assert!(in_t && in_tb);
        } else {
            prop_assert!(in_t != in_tb);
        }
        prop_assert!(point_in_triangle_accurate(p1, p2, p3, p));
        prop_assert!(point_in_triangle_accurate(p2, p1, p3b, p));
    }
}

// ---- exact integer reference ----

type P = (i64, i64);

fn area2(a: P, b: P, c: P) -> i128 {
    let (a0, a1, b0, b1, c0, c1) = (
        a.0 as i128,
        a.1 as i128,
        b.0 as i128,
        b.1 as i128,
        c.0 as i128,
        c.1 as i128,
    );
    (b0 - a0) * (c1 - a1) - (b1 - a1) * (c0 - a0)
}

/// Squared distance point-segment as a rational `(num, den)`.
fn dist2(a: P, b: P, p: P) -> (i128, i128) {
    let d = ((b.0 - a.0) as i128, (b.1 - a.1) as i128);
    let ap = ((p.0 - a.0) as i128, (p.1 - a.1) as i128);
    let bp = ((p.0 - b.0) as i128, (p.1 - b.1) as i128);
    let l = d.0 * d.0 + d.1 * d.1;
    let t = ap.0 * d.0 + ap.1 * d.1;
    if l == 0 || t <= 0 {
        (ap.0 * ap.0 + ap.1 * ap.1, 1)
    } else if t >= l {
        (bp.0 * bp.0 + bp.1 * bp.1, 1)
    } else {
        let c = d.0 * ap.1 - d.1 * ap.0;
        (c * c, l)
    }
}

/// Closed-triangle membership by areas: |A1| + |A2| + |A3| == |A|.
/// (Area-sum method, independent of the sign tests; degenerate triangles
/// are handled by distance zero to one of the sides.)
fn reference_inside(a: P, b: P, c: P, p: P) -> bool {
    let t = area2(a, b, c).abs();
    if t == 0 {
        return [(a, b), (b, c), (c, a)]
            .iter()
            .any(|&(u, v)| dist2(u, v, p).0 == 0);
    }
    area2(p, a, b).abs() + area2(p, b, c).abs() + area2(p, c, a).abs() == t
}

fn fp(p: P) -> Point {
    Point::new(p.0 as f64, p.1 as f64)
}

fn small() -> impl Strategy<Value = P> {
    (-5i64..=5, -5i64..=5)
}
fn large() -> impl Strategy<Value = P> {
    let r = 1i64 << 20;
    (-r..=r, -r..=r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Exact test == area-sum reference (small grid: points on edges and
    /// vertices and flat triangles are frequent).
    #[test]
    fn exact_matches_reference_small(a in small(), b in small(), c in small(), p in small()) {
        prop_assert_eq!(point_in_triangle_exact(fp(a), fp(b), fp(c), fp(p)), reference_inside(a, b, c, p));
    }

    #[test]
    fn exact_matches_reference_large(a in large(), b in large(), c in large(), t in (0i64..=64, 0i64..=64), p in large()) {
        // Half the points are combinations of the vertices (inside or on an edge).
        let q = if p.0 % 2 == 0 {
            let (u, v) = (t.0.min(t.1), t.0.max(t.1));
            let bary = |i: usize| -> i64 {
                let comp = |x: P| if i == 0 { x.0 } else { x.1 };
                (comp(a) * u + comp(b) * (v - u) + comp(c) * (64 - v)).div_euclid(64)
            };
            (bary(0), bary(1))
        } else { p };
        prop_assert_eq!(point_in_triangle_exact(fp(a), fp(b), fp(c), fp(q)), reference_inside(a, b, c, q));
    }

    /// With integer coordinates below 2^20 every product is exact, so the
    /// float tests can only go wrong where the notes say: the side test is
    /// then exact; barycentric may only fail on edge p1 p2 (c = 1 - a - b
    /// rounds), parametric only on edge p2 p3 (t1 + t2 rounds).
    #[test]
    fn float_tests_fail_only_on_the_predicted_edges(a in small(), b in small(), c in small(), p in small()) {
        prop_assume!(area2(a, b, c) != 0);
        let want = reference_inside(a, b, c, p);
        let (fa, fb, fc, fq) = (fp(a), fp(b), fp(c), fp(p));
        prop_assert_eq!(point_in_triangle_side(fa, fb, fc, fq), want);
        if area2(a, b, p) != 0 {
            prop_assert_eq!(point_in_triangle_barycentric(fa, fb, fc, fq), want);
        }
        if area2(b, c, p) != 0 {
            prop_assert_eq!(point_in_triangle_parametric(fa, fb, fc, fq), want);
        }
    }

    #[test]
    fn float_tests_large(a in large(), b in large(), c in large(), p in large()) {
        prop_assume!(area2(a, b, c) != 0);
        let want = reference_inside(a, b, c, p);
        let (fa, fb, fc, fq) = (fp(a), fp(b), fp(c), fp(p));
        prop_assert_eq!(point_in_triangle_side(fa, fb, fc, fq), want);
        prop_assume!(area2(a, b, p) != 0 && area2(b, c, p) != 0);
        prop_assert_eq!(point_in_triangle_barycentric(fa, fb, fc, fq), want);
        prop_assert_eq!(point_in_triangle_parametric(fa, fb, fc, fq), want);
    }

    /// Accurate test with epsilon 1.5 == "inside, or within 1.5 of a side"
    /// (exact rational distances), ties excepted.
    #[test]
    fn accurate_matches_thick_reference(a in (-30i64..=30, -30i64..=30), b in (-30i64..=30, -30i64..=30),
                                        c in (-30i64..=30, -30i64..=30), p in (-34i64..=34, -34i64..=34)) {
        prop_assume!(area2(a, b, c) != 0);
        let d2 = [(a, b), (b, c), (c, a)].map(|(u, v)| dist2(u, v, p));
        // eps^2 = 9/4; skip near-ties, where the notes' float distance may round either way.
        prop_assume!(d2.iter().all(|&(n, d)| (4 * n - 9 * d).abs() * 1_000_000 > 9 * d));
        let near = d2.iter().any(|&(n, d)| 4 * n <= 9 * d);
        let want = reference_inside(a, b, c, p) || near;
        let test = AccurateTriangleTest { epsilon: 1.5 };
        prop_assert_eq!(test.contains(fp(a), fp(b), fp(c), fp(p)), want);
    }
}

/// A point exactly on a shared edge (orient2d == 0, exact in f64) is
/// accepted by the exact and accurate tests in both triangles.
#[test]
fn point_exactly_on_shared_edge_is_in_both() {
    let (a, b) = (Point::new(0.0, 0.0), Point::new(3.0, 3.0));
    let (c, d) = (Point::new(3.0, 0.0), Point::new(0.0, 3.0));
    for q in [Point::new(1.0, 1.0), Point::new(0.1, 0.1), a, b] {
        assert_eq!(orient2d(a, b, q), 0.0);
        assert!(point_in_triangle_exact(a, b, c, q) && point_in_triangle_exact(b, a, d, q));
        assert!(point_in_triangle_accurate(a, b, c, q) && point_in_triangle_accurate(b, a, d, q));
    }
}
