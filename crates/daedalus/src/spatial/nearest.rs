//! The nearest free spot for a disc.

use crate::Point;
use crate::geometry::tolerance;
use crate::triangulation::Cdt;

use super::{SpatialError, check, check_len};
use crate::geometry::{distance_point_segment, segments_meet};

/// Points of the circle of radius `r` about `c` and the line through `a`
/// with direction `u` (unit).
fn line_circle(a: Point, u: Point, c: Point, r: f64, out: &mut Vec<Point>) {
    let t = (c - a).dot(u);
    let f = a + u * t;
    let h2 = (c - f).length_squared();
    if h2 <= r * r {
        let w = (r * r - h2).sqrt();
        out.push(f + u * w);
        out.push(f - u * w);
    }
}

fn circle_circle(c0: Point, c1: Point, r: f64, out: &mut Vec<Point>) {
    let d = c0.distance(c1);
    if d == 0.0 || d > 2.0 * r {
        return;
    }
    let m = c0.lerp(c1, 0.5);
    let h = (r * r - d * d / 4.0).max(0.0).sqrt();
    let n = Point::new(-(c1.y - c0.y) / d, (c1.x - c0.x) / d);
    out.push(m + n * h);
    out.push(m - n * h);
}

fn line_line(a: Point, u: Point, b: Point, v: Point, out: &mut Vec<Point>) {
    let den = u.cross(v);
    if den != 0.0 {
        let t = (b - a).cross(v) / den;
        out.push(a + u * t);
    }
}

impl Cdt {
    /// The nearest point `q` to `p`, at most `max_distance` away, where a
    /// disc of radius `r` is free ([`Cdt::is_free`]) and that `p` reaches
    /// in a straight line crossing or touching no wall. `Ok(None)` when
    /// there is none (for instance `p` inside a closed obstacle far from
    /// its walls with no free spot within reach, or on a wall).
    ///
    /// The candidates are exact in principle (the nearest free point lies
    /// where the disc touches one wall, or two at once, or where such a
    /// boundary meets the shadow edge of a wall end) and computed in
    /// floating point at radius `r (1 + 1e-9) + 1e-12` so they pass the
    /// free test; the answer can be up to that slack farther than the true
    /// nearest spot (plus a nudge of `1e-12 (1 + distance)` off a shadow
    /// edge). Cost: the walls within `max_distance + r` of `p` (`k` of
    /// them, `O(k^3)`), never the world.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([0.0, 5.0], [6.0, 5.0]).unwrap();
    /// let q = cdt.nearest_free([3.0, 5.5], 1.0, 1.0).unwrap().unwrap();
    /// assert!((q.y - 6.0).abs() < 1e-8 && q.x == 3.0);
    /// assert_eq!(cdt.nearest_free([3.0, 5.5], 1.0, 0.25).unwrap(), None); // too far
    /// assert_eq!(cdt.nearest_free([2.0, 2.0], 1.0, 0.0).unwrap(), Some([2.0, 2.0].into()));
    /// ```
    pub fn nearest_free(
        &self,
        p: impl Into<Point>,
        r: f64,
        max_distance: f64,
    ) -> Result<Option<Point>, SpatialError> {
        let p = p.into();
        check(p)?;
        check_len(r)?;
        check_len(max_distance)?;
        if self.is_free(p, r)? {
            return Ok(Some(p));
        }
        let Some(walls) = self.walls_near(p, max_distance + r)? else {
            return Ok(None);
        };
        let rr = r * (1.0 + tolerance::RELATIVE) + 1e-12;
        // Offset lines (both sides) and corner circles of every wall.
        let mut lines = Vec::new();
        let mut corners = Vec::new();
        let mut cand = Vec::new();
        for &(a, b) in &walls {
            let l = a.distance(b);
            corners.push(a);
            corners.push(b);
            if l == 0.0 {
                continue;
            }
            let u = (b - a) / l;
            let n = Point::new(-u.y, u.x);
            for s in [1.0, -1.0] {
                lines.push((a + n * (rr * s), u));
            }
            // foot of p on the wall, pushed out
            let t = (p - a).dot(u).clamp(0.0, l);
            let f = a + u * t;
            let d = p.distance(f);
            if d > 0.0 {
                cand.push(f + (p - f) * (rr / d));
            }
        }
        corners.sort_by(|x, y| (x.x, x.y).partial_cmp(&(y.x, y.y)).expect("finite"));
        corners.dedup();
        for &c in &corners {
            let d = p.distance(c);
            if d > 0.0 {
                cand.push(c + (p - c) * (rr / d));
            }
        }
        for i in 0..lines.len() {
            for j in i + 1..lines.len() {
                line_line(lines[i].0, lines[i].1, lines[j].0, lines[j].1, &mut cand);
            }
            for &c in &corners {
                line_circle(lines[i].0, lines[i].1, c, rr, &mut cand);
            }
        }
        for i in 0..corners.len() {
            for j in i + 1..corners.len() {
                circle_circle(corners[i], corners[j], rr, &mut cand);
            }
        }
        // Where the free region meets a shadow edge (the ray from `p`
        // past a wall end): nearer free spots may all be hidden. On the
        // ray the sight line touches the end, so each is nudged off it to
        // both sides; the one that crosses a wall fails the test below.
        for &c in &corners {
            let d = p.distance(c);
            if d == 0.0 {
                continue;
            }
            let u = (c - p) / d;
            let mut on_ray = Vec::new();
            for &(a, v) in &lines {
                line_line(p, u, a, v, &mut on_ray);
            }
            for &k in &corners {
                line_circle(p, u, k, rr, &mut on_ray);
            }
            let n = Point::new(-u.y, u.x);
            for q in on_ray {
                if (q - p).dot(u) > d {
                    let nudge = 1e-12 * (1.0 + p.distance(q));
                    cand.push(q + n * nudge);
                    cand.push(q - n * nudge);
                }
            }
        }
        cand.retain(|q| q.is_finite() && p.distance(*q) <= max_distance);
        cand.sort_by(|x, y| p.distance(*x).partial_cmp(&p.distance(*y)).expect("finite"));
        for q in cand {
            let clear = walls
                .iter()
                .all(|&(a, b)| distance_point_segment(a, b, q) >= r && !segments_meet(p, q, a, b));
            if clear && self.is_free(q, r)? {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }
}
