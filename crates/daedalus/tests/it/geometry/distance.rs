//! Exact distance comparisons (`distance_at_least`,
//! `segment_distance_at_least`) against i128 arithmetic on integer
//! coordinates scaled by a power of two (exact in floats), with ties and
//! near ties generated on purpose; the foot of the perpendicular decided
//! by the parameter `t = (b - a) . (p - a)` against `0` and `|b - a|^2`.

use daedalus::Point;
use daedalus::geometry::{distance_at_least, segment_distance_at_least};
use proptest::prelude::*;

fn sq(x: i128, y: i128) -> i128 {
    x * x + y * y
}

/// dist(p, segment a b) >= d, exactly, on integers.
fn reference(p: (i64, i64), a: (i64, i64), b: (i64, i64), d: i64) -> bool {
    let dd = i128::from(d) * i128::from(d);
    let v = (i128::from(p.0 - a.0), i128::from(p.1 - a.1));
    let u = (i128::from(b.0 - a.0), i128::from(b.1 - a.1));
    let l2 = sq(u.0, u.1);
    let t = u.0 * v.0 + u.1 * v.1;
    if l2 == 0 || t <= 0 {
        return sq(v.0, v.1) >= dd;
    }
    if t >= l2 {
        return sq(i128::from(p.0 - b.0), i128::from(p.1 - b.1)) >= dd;
    }
    let c = u.0 * v.1 - u.1 * v.0;
    c * c >= dd * l2
}

fn pt(p: (i64, i64), s: f64) -> Point {
    Point::new(p.0 as f64 * s, p.1 as f64 * s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random points and segments; `d` near the true distance (ties and
    /// one unit either side).
    #[test]
    fn segment_distance_matches_integers(
        p in (-1000i64..1000, -1000i64..1000),
        a in (-1000i64..1000, -1000i64..1000),
        b in (-1000i64..1000, -1000i64..1000),
        shift in -1i64..=1,
        k in 0i32..40,
    ) {
        let s = 2f64.powi(-k);
        // An integer d near dist(p, a b): ties when it is an integer.
        let f = |q: (i64, i64)| Point::new(q.0 as f64, q.1 as f64);
        let near = daedalus::geometry::distance_point_segment(f(a), f(b), f(p)).round() as i64;
        let d = (near + shift).max(0);
        prop_assert_eq!(
            segment_distance_at_least(pt(p, s), pt(a, s), pt(b, s), d as f64 * s),
            reference(p, a, b, d)
        );
    }

    /// Pythagorean triples: distances that are exact integers.
    #[test]
    fn exact_distances_are_at_least(
        (m, n) in (2i64..200).prop_flat_map(|m| (Just(m), 1..m)),
        o in (-500i64..500, -500i64..500),
        k in 0i32..40,
    ) {
        let (x, y, z) = (m * m - n * n, 2 * m * n, m * m + n * n);
        let s = 2f64.powi(-k);
        let (p, q) = (pt(o, s), pt((o.0 + x, o.1 + y), s));
        prop_assert!(distance_at_least(p, q, z as f64 * s));
        prop_assert!(!distance_at_least(p, q, (z + 1) as f64 * s));
        prop_assert!(distance_at_least(p, q, (z - 1) as f64 * s));
        // Beside a segment, the foot strictly inside: the line distance.
        let (a, b) = (pt((o.0 - 1000, o.1 + y), s), pt((o.0 + 1000, o.1 + y), s));
        prop_assert!(segment_distance_at_least(pt(o, s), a, b, y as f64 * s));
        prop_assert!(!segment_distance_at_least(pt(o, s), a, b, (y + 1) as f64 * s));
    }
}
