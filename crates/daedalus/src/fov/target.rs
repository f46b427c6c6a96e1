//! Is a target disc in the field of view? A walk toward the disc only.

use super::cone::{Frame, beyond, intersect, seeds, split, wedges};
use super::expand::Walk;
use super::{FieldOfView, FovError, check_target};
use crate::Point;
use crate::mesh::Mesh;
use crate::triangulation::Cdt;

/// Is some part of the disc (`target`, `radius`) seen by `fov`: inside its
/// range and opening and not wholly hidden by walls? A disc partly hidden
/// is seen; a disc holding the viewer is seen (unless the viewer is blind:
/// zero range or zero opening). A zero radius asks about a point.
///
/// The walk follows only the cones that can reach the disc, and visits
/// only triangles nearer than the disc's far side, so the cost is that of
/// the line of sight, not of the world. Which triangles a cone reaches is
/// decided exactly; the last step, whether the disc meets the seen part
/// of one triangle within the range, is a float test (a few ulps of the
/// coordinates: a disc touching a shadow's edge to within that may go
/// either way).
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, is_in_field}};
/// let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
/// cdt.insert_segment([50.0, 40.0], [50.0, 60.0])?;
/// let fov = FieldOfView::new([10.0, 50.0], 0.0, 1.0, 80.0)?; // looking along +x
/// assert!(!is_in_field(&cdt, &fov, [70.0, 50.0], 2.0)?); // hidden by the wall
/// assert!(is_in_field(&cdt, &fov, [70.0, 50.0], 15.0)?); // too big to hide
/// assert!(!is_in_field(&cdt, &fov, [0.0, 50.0], 2.0)?); // behind the viewer
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_in_field(
    cdt: &Cdt,
    fov: &FieldOfView,
    target: impl Into<Point>,
    radius: f64,
) -> Result<bool, FovError> {
    let mut w = Walk::default();
    w.begin(cdt, fov)?;
    w.in_field(cdt.mesh(), fov, target.into(), radius)
}

impl Walk {
    /// Validates the viewer and finds where its walk starts.
    pub(crate) fn begin(&mut self, cdt: &Cdt, fov: &FieldOfView) -> Result<(), FovError> {
        fov.validate()?;
        seeds(cdt, fov.position, &mut self.seeds)?;
        wedges(fov, &mut self.wedges);
        Ok(())
    }

    /// [`is_in_field`] after [`Walk::begin`] for the same viewer.
    pub(crate) fn in_field(
        &mut self,
        m: &Mesh,
        fov: &FieldOfView,
        c: Point,
        rt: f64,
    ) -> Result<bool, FovError> {
        check_target(c, rt)?;
        if fov.is_blind() {
            return Ok(false);
        }
        let q = fov.position;
        let dc = c.distance(q);
        if dc > (fov.range + rt) * (1.0 + crate::geometry::tolerance::RELATIVE) {
            return Ok(false);
        }
        let limit = fov.range.min(dc + rt);
        let disc = Disc {
            c: c - q,
            r: rt,
            slack: crate::geometry::tolerance::RELATIVE * (dc + rt),
        };
        self.stack.clear();
        for k in 0..self.wedges.len() - 1 {
            let wedge = (self.wedges[k], self.wedges[k + 1]);
            for s in &self.seeds {
                let Some((r, l)) = intersect(q, (s.a, s.b), wedge) else {
                    continue;
                };
                if !disc.meets_cone(r - q, l - q) {
                    continue;
                }
                let f = Frame { e: s.e, r, l };
                if seen_part_meets(m, q, m.raw_face(s.e), &f, &disc, fov.range) {
                    return Ok(true);
                }
                self.stack.push(f);
                while let Some(f) = self.stack.pop() {
                    if m.raw_is_constrained(f.e) {
                        continue;
                    }
                    let (a, b) = (m.raw_pos(m.raw_origin(f.e)), m.raw_pos(m.raw_dest(f.e)));
                    if beyond(q, a, b, limit) {
                        continue;
                    }
                    let t = m.raw_face(m.raw_opposite(f.e));
                    if seen_part_meets(m, q, t, &f, &disc, fov.range) {
                        self.stack.clear();
                        return Ok(true);
                    }
                    let from = self.stack.len();
                    split(m, q, f, &mut self.stack);
                    let mut i = from;
                    while i < self.stack.len() {
                        let g = self.stack[i];
                        if disc.meets_cone(g.r - q, g.l - q) {
                            i += 1;
                        } else {
                            self.stack.swap_remove(i);
                        }
                    }
                }
            }
        }
        Ok(false)
    }
}

/// The target disc, relative to the viewer.
struct Disc {
    c: Point,
    r: f64,
    /// Margin making the cone pruning conservative.
    slack: f64,
}

#[inline]
fn cross(a: Point, b: Point) -> f64 {
    a.x * b.y - a.y * b.x
}

impl Disc {
    /// Can the disc meet the cone (directions `r`, `l` from the viewer)?
    /// Conservative: a `false` is certain, a `true` only keeps walking.
    #[inline]
    fn meets_cone(&self, r: Point, l: Point) -> bool {
        let c = self.c;
        if cross(r, c) >= 0.0 && cross(l, c) <= 0.0 {
            return true;
        }
        let lim = self.r + self.slack;
        let ray = |d: Point| {
            let t = (c.dot(d) / d.dot(d)).max(0.0);
            (c - d * t).length_squared() <= lim * lim
        };
        ray(r) || ray(l)
    }
}

/// Does the disc meet the part of triangle `t` inside the frame's cone,
/// within `range` of the viewer? The minimum distance to the viewer over
/// disc ∩ part is at the disc's point nearest the viewer or on an edge of
/// the part (a convex minimisation), so those candidates decide.
fn seen_part_meets(m: &Mesh, q: Point, t: u32, f: &Frame, d: &Disc, range: f64) -> bool {
    let e0 = m.raw_face_edge(t);
    let e1 = m.raw_next(e0);
    let e2 = m.raw_next(e1);
    let mut poly = [Point::default(); 5];
    let mut n = 0;
    for e in [e0, e1, e2] {
        poly[n] = m.raw_pos(m.raw_origin(e)) - q;
        n += 1;
    }
    let (dr, dl) = (f.r - q, f.l - q);
    let mut tmp = [Point::default(); 5];
    n = clip(&poly[..n], &mut tmp, |p| cross(dr, p));
    let k = clip(&tmp[..n], &mut poly, |p| -cross(dl, p));
    let part = &poly[..k];
    if k == 0 {
        return false;
    }
    let c = d.c;
    let cl = c.length();
    let mut best = f64::INFINITY;
    let near = if cl <= d.r {
        Point::default()
    } else {
        c * (1.0 - d.r / cl)
    };
    if (0..k).all(|i| cross(part[(i + 1) % k] - part[i], near - part[i]) >= 0.0) {
        best = near.length();
    }
    for i in 0..k {
        let (u, v) = (part[i], part[(i + 1) % k]);
        let w = v - u;
        let aa = w.dot(w);
        let g = u - c;
        if aa == 0.0 {
            if g.length_squared() <= d.r * d.r {
                best = best.min(u.length());
            }
            continue;
        }
        let bb = g.dot(w);
        let disc = bb * bb - aa * (g.dot(g) - d.r * d.r);
        if disc < 0.0 {
            continue;
        }
        let sq = disc.sqrt();
        let (t0, t1) = (((-bb - sq) / aa).max(0.0), ((-bb + sq) / aa).min(1.0));
        if t0 > t1 {
            continue;
        }
        let tc = (-u.dot(w) / aa).clamp(t0, t1);
        best = best.min((u + w * tc).length());
    }
    best <= range
}

/// Sutherland–Hodgman: the part of convex `poly` where `side >= 0`.
fn clip(poly: &[Point], out: &mut [Point; 5], side: impl Fn(Point) -> f64) -> usize {
    let mut n = 0;
    let k = poly.len();
    for i in 0..k {
        let (p, q) = (poly[i], poly[(i + 1) % k]);
        let (sp, sq) = (side(p), side(q));
        // A triangle cut by two half-planes has at most 5 corners.
        if sp >= 0.0 && n < 5 {
            out[n] = p;
            n += 1;
        }
        if ((sp > 0.0 && sq < 0.0) || (sp < 0.0 && sq > 0.0)) && n < 5 {
            out[n] = p + (q - p) * (sp / (sp - sq));
            n += 1;
        }
    }
    n
}
