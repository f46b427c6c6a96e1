//! Independent references for the field-of-view tests: everything here
//! looks at every wall (no mesh), by ray casting and exact segment tests.
#![allow(dead_code)]

use std::f64::consts::{PI, TAU};

use daedalus::fov::FieldOfView;
use daedalus::geometry::orient2d;
use daedalus::{Cdt, Point};

/// The walls of a world: the inserted segments plus the four borders.
pub fn walls_with_border(bounds: [f64; 4], segs: &[(Point, Point)]) -> Vec<(Point, Point)> {
    let [x0, y0, x1, y1] = bounds;
    let c = [
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ];
    let mut w: Vec<_> = (0..4).map(|i| (c[i], c[(i + 1) % 4])).collect();
    w.extend_from_slice(segs);
    w
}

/// The walls the triangulation holds (constrained edges, border included):
/// crossing inputs are split at rounded crossing points, so these, not
/// the inputs, are the exact walls a query must respect.
pub fn cdt_walls(cdt: &Cdt) -> Vec<(Point, Point)> {
    let m = cdt.mesh();
    cdt.constrained_edges()
        .map(|e| {
            (
                m.position(m.origin(e).unwrap()).unwrap(),
                m.position(m.destination(e).unwrap()).unwrap(),
            )
        })
        .collect()
}

/// A world holding `segs`.
pub fn world(bounds: [f64; 4], segs: &[(Point, Point)]) -> Cdt {
    let mut cdt = Cdt::new([bounds[0], bounds[1]], [bounds[2], bounds[3]]).unwrap();
    for &(a, b) in segs {
        if a != b {
            cdt.insert_segment(a, b).unwrap();
        }
    }
    assert!(cdt.validate().is_empty());
    cdt
}

/// Does the wall hold the viewer? (Such a wall is seen edge-on and does
/// not block: the documented convention.)
pub fn holds(w: (Point, Point), q: Point) -> bool {
    orient2d(w.0, w.1, q) == 0.0
        && q.x >= w.0.x.min(w.1.x)
        && q.x <= w.0.x.max(w.1.x)
        && q.y >= w.0.y.min(w.1.y)
        && q.y <= w.0.y.max(w.1.y)
}

/// Distance along the ray from `q` at angle `t` to the nearest wall (not
/// holding `q`), `INFINITY` if none.
pub fn ray_cast(q: Point, t: f64, walls: &[(Point, Point)]) -> (f64, Option<usize>) {
    let (dy, dx) = t.sin_cos();
    let mut best = (f64::INFINITY, None);
    for (i, &(a, b)) in walls.iter().enumerate() {
        if holds((a, b), q) {
            continue;
        }
        let (ex, ey) = (b.x - a.x, b.y - a.y);
        let den = dx * ey - dy * ex;
        if den == 0.0 {
            continue;
        }
        // Does the ray head toward the wall's line? The viewer's side is
        // exact, so a viewer a hair from a wall is still on its side.
        let side = orient2d(a, b, q);
        if side * (ex * dy - ey * dx) >= 0.0 {
            continue;
        }
        let (wx, wy) = (a.x - q.x, a.y - q.y);
        let s = ((wx * ey - wy * ex) / den).max(0.0); // along the ray
        let u = (wx * dy - wy * dx) / den; // along the wall
        if (-1e-12..=1.0 + 1e-12).contains(&u) && s < best.0 {
            best = (s, Some(i));
        }
    }
    best
}

fn in_opening(fov: &FieldOfView, t: f64) -> bool {
    let off = (t - fov.direction + PI).rem_euclid(TAU) - PI;
    fov.angle >= TAU || off.abs() <= 0.5 * fov.angle
}

/// The seen area by an angular sweep with one ray cast per interval:
/// every angle where the nearest wall may change (wall ends, wall
/// crossings, where walls meet the range circle, the opening's sides)
/// cuts the circle; in each interval the wall hit by the middle ray bounds
/// a triangle, or the range bounds a sector.
/// A viewer on the border sees only inside the world.
pub fn reference_area(fov: &FieldOfView, bounds: [f64; 4], walls: &[(Point, Point)]) -> f64 {
    let q = fov.position;
    let r = fov.range;
    if r == 0.0 || fov.angle == 0.0 {
        return 0.0;
    }
    let ang = |p: Point| (p.y - q.y).atan2(p.x - q.x);
    let (lo, span) = if fov.angle >= TAU {
        (fov.direction, TAU)
    } else {
        (fov.direction - 0.5 * fov.angle, fov.angle)
    };
    let mut cuts = vec![0.0, span];
    let mut add = |t: f64| {
        let u = (t - lo).rem_euclid(TAU);
        if u < span {
            cuts.push(u);
        }
    };
    for (i, &(a, b)) in walls.iter().enumerate() {
        add(ang(a));
        add(ang(b));
        // Where the wall meets the range circle.
        let (ux, uy) = (a.x - q.x, a.y - q.y);
        let (vx, vy) = (b.x - a.x, b.y - a.y);
        let vv = vx * vx + vy * vy;
        let uv = ux * vx + uy * vy;
        let disc = uv * uv - vv * (ux * ux + uy * uy - r * r);
        if disc >= 0.0 && vv > 0.0 {
            for s in [(-uv - disc.sqrt()) / vv, (-uv + disc.sqrt()) / vv] {
                if (0.0..=1.0).contains(&s) {
                    add(ang(Point::new(a.x + s * vx, a.y + s * vy)));
                }
            }
        }
        for &(c, d) in &walls[i + 1..] {
            if let daedalus::geometry::SegmentIntersection::Crossing(p) =
                daedalus::geometry::segment_intersection(a, b, c, d)
            {
                add(ang(p));
            }
        }
    }
    cuts.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut area = 0.0;
    for k in 0..cuts.len() - 1 {
        let (t1, t2) = (lo + cuts[k], lo + cuts[k + 1]);
        if t2 - t1 <= 0.0 {
            continue;
        }
        let mid = 0.5 * (t1 + t2);
        let (sy, sx) = mid.sin_cos();
        let [x0, y0, x1, y1] = bounds;
        if (q.x == x0 && sx < 0.0)
            || (q.x == x1 && sx > 0.0)
            || (q.y == y0 && sy < 0.0)
            || (q.y == y1 && sy > 0.0)
        {
            continue;
        }
        let (d, w) = ray_cast(q, mid, walls);
        if d >= r || w.is_none() {
            area += 0.5 * r * r * (t2 - t1);
            continue;
        }
        let w = walls[w.unwrap()];
        let hit = |t: f64| {
            let (dy, dx) = t.sin_cos();
            let (ex, ey) = (w.1.x - w.0.x, w.1.y - w.0.y);
            let den = dx * ey - dy * ex;
            let (wx, wy) = (w.0.x - q.x, w.0.y - q.y);
            let s = (wx * ey - wy * ex) / den;
            (s * dx, s * dy)
        };
        let (x1, y1) = hit(t1);
        let (x2, y2) = hit(t2);
        let tri = 0.5 * (x1 * y2 - y1 * x2);
        // A wall through the viewer (to rounding) bounds a sliver of
        // width ~1e-16: its rays run along the wall and meet it nowhere.
        if tri.is_finite() {
            area += tri;
        }
    }
    area
}

/// Is point `p` seen from the viewer: within range and opening, and no
/// wall crossing the sight line `q p` (exact: both pairs of ends strictly
/// on opposite sides)? Walls only touched from one side, or holding the
/// viewer, do not block; walls touching it from both sides do (see
/// `shut_by_touching_walls`).
pub fn sees_point(fov: &FieldOfView, p: Point, walls: &[(Point, Point)]) -> bool {
    let q = fov.position;
    if p.distance(q) > fov.range {
        return false;
    }
    if p != q && !in_opening(fov, (p.y - q.y).atan2(p.x - q.x)) {
        return false;
    }
    let crossed = walls.iter().any(|&(a, b)| {
        let s1 = orient2d(a, b, q);
        let s2 = orient2d(a, b, p);
        let s3 = orient2d(q, p, a);
        let s4 = orient2d(q, p, b);
        s1 * s2 < 0.0 && s3 * s4 < 0.0
    });
    !(crossed || shut_by_touching_walls(q, p, walls))
}

/// Is the sight line `q p` closed by walls touching it from both sides at
/// wall ends strictly between its ends? At one vertex the walls meeting
/// there form one curve crossing the line (a bent wall, or two walls
/// split at their rounded crossing point); at two vertices (a wall leaving
/// to the left at one, to the right at another) every line from `q` a
/// hair to either side crosses one of them: a crack of zero width. No
/// light passes through either.
fn shut_by_touching_walls(q: Point, p: Point, walls: &[(Point, Point)]) -> bool {
    let strictly_inside = |v: Point| {
        v != q
            && v != p
            && orient2d(q, p, v) == 0.0
            && v.x >= q.x.min(p.x)
            && v.x <= q.x.max(p.x)
            && v.y >= q.y.min(p.y)
            && v.y <= q.y.max(p.y)
    };
    let (mut left, mut right) = (false, false);
    for &(a, b) in walls {
        for (v, other) in [(a, b), (b, a)] {
            if strictly_inside(v) {
                let side = orient2d(q, p, other);
                left |= side > 0.0;
                right |= side < 0.0;
            }
        }
    }
    left && right
}

/// Brute force for a target disc: its centre, a dense ring of boundary
/// points and inner rings, each tested against every wall.
pub fn sees_disc(fov: &FieldOfView, c: Point, rt: f64, walls: &[(Point, Point)]) -> bool {
    if fov.range == 0.0 || fov.angle == 0.0 {
        return false;
    }
    if sees_point(fov, c, walls) {
        return true;
    }
    if rt == 0.0 {
        return false;
    }
    // The disc's point nearest the viewer.
    let d = c.distance(fov.position);
    if d > rt && sees_point(fov, c + (fov.position - c) * (rt / d), walls) {
        return true;
    }
    let (lo, span) = if fov.angle >= TAU {
        (0.0, TAU)
    } else {
        (fov.direction - 0.5 * fov.angle, fov.angle)
    };
    if sees_disc_along_critical_rays(fov, c, rt, walls, (lo, span)) {
        return true;
    }
    // A polar grid over the viewer's own sector, kept where inside the
    // disc: catches discs much larger than the range.
    for i in 0..=64 {
        let (s, co) = (lo + span * i as f64 / 64.0).sin_cos();
        // Even radii, then halvings down to ~1e-15 of the range (viewers a
        // hair from a wall).
        for k in (1..=32)
            .map(|k| k as f64 / 32.0)
            .chain((6..50).map(|j| 0.5f64.powi(j)))
        {
            let rr = fov.range * k;
            let x = Point::new(fov.position.x + rr * co, fov.position.y + rr * s);
            if x.distance(c) <= rt && sees_point(fov, x, walls) {
                return true;
            }
        }
    }
    for ring in 1..=8 {
        let rr = rt * ring as f64 / 8.0;
        let n = if ring == 8 { 2048 } else { 256 };
        for i in 0..n {
            let (s, co) = (TAU * i as f64 / n as f64).sin_cos();
            if sees_point(fov, Point::new(c.x + rr * co, c.y + rr * s), walls) {
                return true;
            }
        }
    }
    false
}

/// Along one direction from the viewer, the disc's point where the ray
/// enters it is seen if any of the disc on that ray is (sight along a ray,
/// once lost, is not regained). What is seen changes only at the
/// opening's edges, the disc's tangents, wall ends and where walls cross
/// the disc's rim: the entry point (a hair inside) is tried along each of
/// those directions and a hair either side. This catches a sliver seen
/// between the opening's edge and a wall, thinner than any grid.
fn sees_disc_along_critical_rays(
    fov: &FieldOfView,
    c: Point,
    rt: f64,
    walls: &[(Point, Point)],
    (lo, span): (f64, f64),
) -> bool {
    let q = fov.position;
    let w = c - q;
    let d = w.x.hypot(w.y);
    let entry = |t: f64| {
        let (s, co) = t.sin_cos();
        let b = co * w.x + s * w.y;
        let cc = d * d - rt * rt;
        if cc <= 0.0 {
            return Some(q);
        }
        let disc = b * b - cc;
        if b <= 0.0 || disc < 0.0 {
            return None;
        }
        let h = disc.sqrt();
        let t0 = (b - h) + (1e-9 * rt).min(h);
        Some(Point::new(q.x + t0 * co, q.y + t0 * s))
    };
    let mut dirs = vec![lo, lo + span];
    let base = w.y.atan2(w.x);
    if d > rt {
        let half = (rt / d).asin();
        dirs.extend([base - half, base + half]);
    }
    for &(a, b) in walls {
        for v in [a, b] {
            dirs.push((v.y - q.y).atan2(v.x - q.x));
        }
        // Where the wall crosses the rim: |a + s (b - a) - c| = rt.
        let (ux, uy) = (b.x - a.x, b.y - a.y);
        let (fx, fy) = (a.x - c.x, a.y - c.y);
        let (qa, qb, qc) = (
            ux * ux + uy * uy,
            2.0 * (fx * ux + fy * uy),
            fx * fx + fy * fy - rt * rt,
        );
        let disc = qb * qb - 4.0 * qa * qc;
        if qa > 0.0 && disc >= 0.0 {
            for sgn in [-1.0, 1.0] {
                let s = (-qb + sgn * disc.sqrt()) / (2.0 * qa);
                if (0.0..=1.0).contains(&s) {
                    let x = Point::new(a.x + s * ux, a.y + s * uy);
                    dirs.push((x.y - q.y).atan2(x.x - q.x));
                }
            }
        }
    }
    dirs.iter().any(|&t| {
        [-1e-6, -1e-9, 0.0, 1e-9, 1e-6]
            .iter()
            .filter_map(|&e| entry(t + e))
            .any(|x| sees_point(fov, x, walls))
    })
}
