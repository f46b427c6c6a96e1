//! Arcs of circles: angles measured round a circle and the distance from
//! an arc to a segment (floating point; the path finder's clearance tests
//! and the spatial path check both use it), and the proper crossing of two
//! segments.

use std::f64::consts::{PI, TAU};

use super::{Point, distance_point_segment, orient2d};

/// Do `a b` and `c d` cross at one point inside both (exact)?
pub(crate) fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2) = (orient2d(a, b, c), orient2d(a, b, d));
    let (o3, o4) = (orient2d(c, d, a), orient2d(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// Angle in [0, 2 pi) measured from `base`.
#[inline]
pub(crate) fn from_base(a: f64, base: f64) -> f64 {
    let mut d = a - base;
    while d < 0.0 {
        d += TAU;
    }
    while d >= TAU {
        d -= TAU;
    }
    d
}

/// Direction of `p` seen from `c`.
#[inline]
fn angle(c: Point, p: Point) -> f64 {
    (p.y - c.y).atan2(p.x - c.x)
}

/// Minimum distance from the counter-clockwise arc of the circle (`c`,
/// `r`) starting at angle `a0` over `sweep` to segment `a b`.
pub(crate) fn arc_segment_distance(
    c: Point,
    r: f64,
    a0: f64,
    sweep: f64,
    a: Point,
    b: Point,
) -> f64 {
    let on = |t: f64| from_base(t, a0) <= sweep;
    let at = |t: f64| Point::new(c.x + r * t.cos(), c.y + r * t.sin());
    let mut best =
        distance_point_segment(a, b, at(a0)).min(distance_point_segment(a, b, at(a0 + sweep)));
    let mut cands = [f64::NAN; 6];
    cands[0] = angle(c, a);
    cands[1] = angle(c, b);
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    if l2 > 0.0 {
        // Foot of the perpendicular from the centre on the line.
        let t = ((c.x - a.x) * dx + (c.y - a.y) * dy) / l2;
        let f = Point::new(a.x + t * dx, a.y + t * dy);
        let h = c.distance(f);
        let base = if h > 0.0 {
            angle(c, f)
        } else {
            dy.atan2(dx) + PI / 2.0
        };
        cands[2] = base;
        cands[3] = base + PI;
        if h < r {
            // The line cuts the circle.
            let w = (h / r).clamp(-1.0, 1.0).acos();
            cands[4] = base + w;
            cands[5] = base - w;
        }
    }
    for t in cands {
        if t.is_finite() && on(t) {
            best = best.min(distance_point_segment(a, b, at(t)));
        }
    }
    best
}
