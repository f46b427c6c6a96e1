//! Distances between arcs of turns and wall segments.

use crate::Point;
use crate::geometry::orient2d;
use crate::path::Turn;

use super::point_seg;

/// Do `a b` and `c d` cross at one point inside both (exact)?
pub(crate) fn crosses(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2) = (orient2d(a, b, c), orient2d(a, b, d));
    let (o3, o4) = (orient2d(c, d, a), orient2d(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// Is the direction of `q` from the turn's corner within the arc?
fn in_arc(t: &Turn, q: Point) -> bool {
    let c = t.center;
    let a0 = (t.from.y - c.y).atan2(t.from.x - c.x);
    let a = (q.y - c.y).atan2(q.x - c.x);
    let mut d = if t.ccw { a - a0 } else { a0 - a };
    let tau = std::f64::consts::TAU;
    while d < 0.0 {
        d += tau;
    }
    while d >= tau {
        d -= tau;
    }
    d <= t.sweep()
}

/// Distance between the turn's arc and segment `a b` (floating point).
pub(crate) fn arc_seg_distance(t: &Turn, a: Point, b: Point) -> f64 {
    let (o, r) = (t.center, t.radius);
    let mut best = point_seg(t.from, a, b).min(point_seg(t.to, a, b));
    for e in [a, b] {
        if e != o && in_arc(t, e) {
            best = best.min((e.distance(o) - r).abs());
        }
    }
    // The segment's point nearest the corner, and its crossings with the
    // circle.
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    if l2 == 0.0 {
        return best;
    }
    let tf = (((o.x - a.x) * dx + (o.y - a.y) * dy) / l2).clamp(0.0, 1.0);
    let f = Point::new(a.x + tf * dx, a.y + tf * dy);
    let h = f.distance(o);
    if h >= r {
        if f != o && in_arc(t, f) {
            best = best.min(h - r);
        }
    } else {
        // points of the line at distance r from o: a + s (b - a)
        let tc = ((o.x - a.x) * dx + (o.y - a.y) * dy) / l2;
        let c = Point::new(a.x + tc * dx, a.y + tc * dy);
        let hc = c.distance(o);
        let w = ((r * r - hc * hc).max(0.0)).sqrt() / l2.sqrt();
        for s in [tc - w, tc + w] {
            if (0.0..=1.0).contains(&s) {
                let q = Point::new(a.x + s * dx, a.y + s * dy);
                if in_arc(t, q) {
                    return 0.0;
                }
            }
        }
    }
    best
}
