//! Circle geometry of the tangent graph: angles on a free arc and the
//! tangents between circles (the arc-to-segment distance is
//! `spatial::arc`'s).

use super::*;
use crate::geometry::distance_at_least;
use crate::geometry::from_base;

/// Same, but angles just below `base` map to small negatives.
#[inline]
pub(super) fn offset(a: f64, base: f64) -> f64 {
    let d = from_base(a, base);
    if d > TAU - tolerance::ANGLE {
        d - TAU
    } else {
        d
    }
}

/// Tangent from the circle (`a`, `ra`) wrapped on side `sa` (+1: the
/// circle on the left of the travel direction) to the circle (`b`, `rb`)
/// on side `sb`: (point on a, point on b), or `None` when there is none.
#[inline]
pub(super) fn tangent(
    a: Point,
    ra: f64,
    sa: f64,
    b: Point,
    rb: f64,
    sb: f64,
) -> Option<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let d = (dx * dx + dy * dy).sqrt();
    if d == 0.0 {
        return None;
    }
    let k = sb * rb - sa * ra;
    // Exact: circles exactly `|k|` apart have a tangent (of length 0).
    if !distance_at_least(a, b, k.abs()) {
        return None;
    }
    let t = (d * d - k * k).max(0.0).sqrt();
    let (ux, uy) = (dx / d, dy / d);
    let (c, s) = (t / d, k / d);
    // Travel direction: rotate u by the angle whose sine is -k / d.
    let (tx, ty) = (c * ux + s * uy, c * uy - s * ux);
    // Left normal of the travel direction; a circle on the left has its
    // tangent point at centre - r n.
    let (nx, ny) = (-ty, tx);
    let pa = Point::new(a.x - sa * ra * nx, a.y - sa * ra * ny);
    let pb = Point::new(b.x - sb * rb * nx, b.y - sb * rb * ny);
    Some((pa, pb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::navmesh::ang;

    /// What `cache::side_dirs` relies on: the far centre of a tangent
    /// leaving a circle of radius `r` at angle `a` lies at an angle from
    /// `a + 90 - asin(2 r / |v w|)` to `a + 90` degrees (`dir = 1`), or
    /// mirrored, for every side of arrival. Checked on random circles of equal radius,
    /// with the angle from the centres themselves (not the tangent's
    /// construction).
    #[test]
    fn a_tangents_far_centre_lies_within_a_quarter_turn_of_its_departure() {
        let mut x = 0x5eed_1234_u64;
        let mut f = |lo: f64, hi: f64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            lo + (hi - lo) * ((x >> 11) as f64 / (1u64 << 53) as f64)
        };
        let mut seen = 0;
        for _ in 0..20000 {
            let v = Point::new(f(-50.0, 50.0), f(-50.0, 50.0));
            let r = f(0.01, 10.0);
            // Half the far centres within a few diameters (large turns).
            let w = if f(0.0, 1.0) < 0.5 {
                let (d, t) = (f(1.9, 6.0) * 2.0 * r, f(0.0, TAU));
                Point::new(v.x + d * t.cos(), v.y + d * t.sin())
            } else {
                Point::new(f(-50.0, 50.0), f(-50.0, 50.0))
            };
            for dir in [1.0, -1.0] {
                for dw in [1.0, -1.0] {
                    let Some((p, _)) = tangent(v, r, dir, w, r, dw) else {
                        continue;
                    };
                    seen += 1;
                    // Turn from the departure's angle to the far centre's,
                    // in the wrap's direction, in [0, 2 pi).
                    let turn = (dir * (ang(v, w) - ang(v, p))).rem_euclid(TAU);
                    let turn = if turn > TAU - 1e-9 { 0.0 } else { turn };
                    assert!(
                        turn <= PI / 2.0 + 1e-9,
                        "{v:?} {w:?} {r} {dir} {dw}: {turn}"
                    );
                    // Turned back from the travel direction by at most
                    // `asin(2 r / |v w|)` (an inner tangent; none for an
                    // outer one).
                    let back = (2.0 * r / v.distance(w)).min(1.0).asin();
                    assert!(
                        turn >= PI / 2.0 - back - 1e-9,
                        "{v:?} {w:?} {r} {dir} {dw}: {turn}"
                    );
                }
            }
        }
        assert!(seen > 50000);
    }
}
