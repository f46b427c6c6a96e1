//! Circle geometry of the tangent graph: angles from a base, the
//! distance from an arc to a segment and the tangents between circles.

use super::*;

/// Angle in [0, 2 pi) measured from `base`.
#[inline]
fn from_base(a: f64, base: f64) -> f64 {
    let mut d = a - base;
    while d < 0.0 {
        d += TAU;
    }
    while d >= TAU {
        d -= TAU;
    }
    d
}

/// Same, but angles just below `base` map to small negatives.
#[inline]
pub(super) fn offset(a: f64, base: f64) -> f64 {
    let d = from_base(a, base);
    if d > TAU - ANG_TOL { d - TAU } else { d }
}

/// Minimum distance from the counter-clockwise arc of the circle (`c`,
/// `r`) starting at angle `a0` over `sweep` to segment `a b`.
pub(super) fn arc_seg(c: Point, r: f64, a0: f64, sweep: f64, a: Point, b: Point) -> f64 {
    let on = |t: f64| from_base(t, a0) <= sweep;
    let at = |t: f64| Point::new(c.x + r * t.cos(), c.y + r * t.sin());
    let mut best = point_seg(at(a0), a, b).min(point_seg(at(a0 + sweep), a, b));
    let mut cands = [f64::NAN; 6];
    cands[0] = ang(c, a);
    cands[1] = ang(c, b);
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    if l2 > 0.0 {
        // Foot of the perpendicular from the centre on the line.
        let t = ((c.x - a.x) * dx + (c.y - a.y) * dy) / l2;
        let f = Point::new(a.x + t * dx, a.y + t * dy);
        let h = c.distance(f);
        let base = if h > 0.0 {
            ang(c, f)
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
            best = best.min(point_seg(at(t), a, b));
        }
    }
    best
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
    if k.abs() > d {
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
