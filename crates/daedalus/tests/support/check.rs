//! Independent path checker: a polyline is valid when no segment crosses a
//! wall or slips through a wall vertex, every turn keeps all walls at the
//! turning point on one side, and (radius > 0) every point is at least the
//! radius from every wall.

use daedalus::Point;

use super::reference::Walls;

/// Distance from `p` to segment `a b`.
pub fn point_seg(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let t = if l2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
}

/// Distance between segments (0 when they cross).
pub fn seg_seg(a: Point, b: Point, c: Point, d: Point) -> f64 {
    use daedalus::geometry::orient2d;
    let o1 = orient2d(a, b, c);
    let o2 = orient2d(a, b, d);
    let o3 = orient2d(c, d, a);
    let o4 = orient2d(c, d, b);
    if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
        return 0.0;
    }
    point_seg(a, c, d)
        .min(point_seg(b, c, d))
        .min(point_seg(c, a, b))
        .min(point_seg(d, a, b))
}

/// Why a path is invalid, or `Ok` with its polyline length.
pub fn check_polyline(walls: &Walls, pts: &[Point], radius: f64) -> Result<f64, String> {
    if pts.len() < 2 {
        return Err("fewer than 2 points".into());
    }
    let mut len = 0.0;
    for k in 0..pts.len() - 1 {
        let (p, q) = (pts[k], pts[k + 1]);
        len += super::dist(p, q);
        if radius > 0.0 {
            for i in walls.segs_near(p, q, radius) {
                let (a, b) = walls.segs[i as usize];
                let d = seg_seg(p, q, a, b);
                if d < radius - 1e-9 * radius.max(1.0) {
                    return Err(format!(
                        "segment {k} {p:?} -> {q:?} is {d} from wall {a:?} {b:?} (radius {radius})"
                    ));
                }
            }
        }
    }
    if !walls.polyline_ok(pts, None, None) {
        return Err("the path crosses a wall".into());
    }
    Ok(len)
}

/// A radius > 0 path: its polyline never crosses a wall; its straight
/// parts and its arcs (exact segment-segment and arc-segment distances)
/// keep the clearance; its tangent points lie on their circles. Returns the
/// length summed here from the pieces.
pub fn check_path(walls: &Walls, path: &daedalus::path::Path) -> Result<f64, String> {
    let r = path.radius;
    let tol = r - super::reference::CLEAR_TOL * r.max(1.0);
    check_polyline(walls, &path.polyline(0.1), 0.0)?;
    let mut at = path.start;
    let mut straight = Vec::new();
    let mut len = 0.0;
    for t in &path.turns {
        straight.push((at, t.from));
        at = t.to;
        for p in [t.from, t.to] {
            let e = (super::dist(p, t.center) - r).abs();
            if e > 1e-9 * r.max(1.0) {
                return Err(format!("tangent point {p:?} is {e} off its circle"));
            }
        }
        let a_from = (t.from.y - t.center.y).atan2(t.from.x - t.center.x);
        let a_to = (t.to.y - t.center.y).atan2(t.to.x - t.center.x);
        let (a0, w) = if t.from == t.to {
            (a_from, 0.0)
        } else if t.rotation == daedalus::path::Rotation::CounterClockwise {
            (a_from, (a_to - a_from).rem_euclid(std::f64::consts::TAU))
        } else {
            (a_to, (a_from - a_to).rem_euclid(std::f64::consts::TAU))
        };
        len += r * w;
        for i in walls.segs_near(t.center, t.center, 2.0 * r) {
            let (a, b) = walls.segs[i as usize];
            let d = super::reference::seg_arc(a, b, t.center, r, a0, w);
            if d < tol {
                return Err(format!(
                    "arc around {:?} is {d} from wall {a:?} {b:?}",
                    t.center
                ));
            }
        }
    }
    straight.push((at, path.goal));
    for (p, q) in straight {
        len += super::dist(p, q);
        for i in walls.segs_near(p, q, r) {
            let (a, b) = walls.segs[i as usize];
            let d = seg_seg(p, q, a, b);
            if d < tol {
                return Err(format!(
                    "segment {p:?} -> {q:?} is {d} from wall {a:?} {b:?}"
                ));
            }
        }
    }
    Ok(len)
}
