//! Baked transforms against the explicit product of the four matrices.

use daedalus::Point;
use daedalus::geometry::{Mat3, Transform, TransformError};
use proptest::prelude::*;

fn params() -> impl Strategy<Value = (Point, f64, f64, f64, Point)> {
    let coord = -1e4f64..1e4;
    let scale = prop_oneof![-50.0f64..50.0, 1e-3f64..1e-2];
    (
        (coord.clone(), coord.clone()),
        scale.clone(),
        scale,
        -10.0f64..10.0,
        (coord.clone(), coord),
    )
        .prop_map(|((px, py), sx, sy, a, (tx, ty))| {
            (Point::new(px, py), sx, sy, a, Point::new(tx, ty))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Entry-wise, relative to the size of the terms each entry sums.
    #[test]
    fn baked_equals_explicit_product((pivot, sx, sy, a, pos) in params()) {
        let baked = Transform::baked(pivot, sx, sy, a, pos);
        let explicit = Mat3::trst(pivot, sx, sy, a, pos);
        let s = sx.abs().max(sy.abs());
        let linear_scale = s;
        let translation_scale = pos.x.abs().max(pos.y.abs()) + s * pivot.x.abs().max(pivot.y.abs());
        for r in 0..2 {
            for c in 0..3 {
                let scale = if c == 2 { translation_scale } else { linear_scale };
                let err = (baked.m[r][c] - explicit.m[r][c]).abs();
                prop_assert!(err <= 1e-12 * scale, "entry {r}{c}: {} vs {}", baked.m[r][c], explicit.m[r][c]);
            }
        }
        prop_assert_eq!(explicit.m[2], [0.0, 0.0, 1.0]);
    }

    /// The transform does what its definition says to the pivot and to the
    /// local axes.
    #[test]
    fn pivot_goes_to_position((pivot, sx, sy, a, pos) in params()) {
        let t = Transform::baked(pivot, sx, sy, a, pos);
        let q = t.apply(pivot);
        let tol = 1e-12 * (pos.x.abs().max(pos.y.abs()) + sx.abs().max(sy.abs()) * pivot.x.abs().max(pivot.y.abs()));
        prop_assert!((q - pos).length() <= tol);
        let ex = t.apply_vector(Point::new(1.0, 0.0));
        prop_assert!((ex - Point::new(sx * a.cos(), sx * a.sin())).length() <= 1e-13 * sx.abs().max(1.0));
    }

    /// compose == applying one after the other; inverse undoes.
    #[test]
    fn compose_and_inverse(p1 in params(), p2 in params(), x in -1e3f64..1e3, y in -1e3f64..1e3) {
        let t1 = Transform::baked(p1.0, p1.1, p1.2, p1.3, p1.4);
        let t2 = Transform::baked(p2.0, p2.1, p2.2, p2.3, p2.4);
        let p = Point::new(x, y);
        let seq = t1.apply(t2.apply(p));
        let both = (t1 * t2).apply(p);
        // Size of the terms summed: |A| (|B| |p| + |tB|) + |tA| (max-row norms).
        let norm = |t: &Transform| (t.m[0][0].abs() + t.m[0][1].abs()).max(t.m[1][0].abs() + t.m[1][1].abs());
        let tr = |t: &Transform| t.m[0][2].abs().max(t.m[1][2].abs());
        let mag = norm(&t1) * (norm(&t2) * x.abs().max(y.abs()) + tr(&t2)) + tr(&t1);
        prop_assert!((seq - both).length() <= 1e-12 * mag);
        // Matches the explicit Mat3 product too.
        let m = t1.to_mat3().mul(&t2.to_mat3()).to_transform();
        prop_assert!((m.apply(p) - both).length() <= 1e-12 * mag);
        if p1.1.abs() > 0.5 && p1.2.abs() > 0.5 {
            let inv = t1.inverse().unwrap();
            let back = inv.apply(t1.apply(p));
            prop_assert!((back - p).length() <= 1e-9 * (1.0 + p.length() + p1.0.length() + p1.4.length()));
        }
    }
}

#[test]
fn singular_transforms_have_no_inverse() {
    let o = Point::new(0.0, 0.0);
    for t in [
        Transform::baked(o, 0.0, 1.0, 0.3, o),
        Transform::baked(o, 2.0, 0.0, 0.0, Point::new(1.0, 1.0)),
        Transform {
            m: [[1.0, 2.0, 0.0], [2.0, 4.0, 0.0]],
        },
        Transform {
            m: [[f64::NAN, 0.0, 0.0], [0.0, 1.0, 0.0]],
        },
    ] {
        assert!(
            matches!(t.inverse(), Err(TransformError::Singular { .. })),
            "{t:?}"
        );
    }
    assert_eq!(Transform::IDENTITY.inverse(), Ok(Transform::IDENTITY));
}

#[test]
fn hand_worked_quarter_turn() {
    // Local square corner (2, 1) around pivot (1, 1): offset (1, 0), scaled
    // by 3 -> (3, 0), turned a quarter -> (0, 3), placed at (10, 20).
    let t = Transform::baked(
        Point::new(1.0, 1.0),
        3.0,
        5.0,
        std::f64::consts::FRAC_PI_2,
        Point::new(10.0, 20.0),
    );
    let q = t.apply(Point::new(2.0, 1.0));
    assert!((q - Point::new(10.0, 23.0)).length() < 1e-12, "{q:?}");
    // Offset (0, 1) scaled by 5 -> (0, 5), turned -> (-5, 0).
    let q = t.apply(Point::new(1.0, 2.0));
    assert!((q - Point::new(5.0, 20.0)).length() < 1e-12, "{q:?}");
}
