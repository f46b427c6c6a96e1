//! Triangular expansion: the whole seen region of one viewer.

use super::cone::{Frame, Seed, beyond, intersect, same_ray, seeds, split, wedges};
use super::polygon::{Builder, Leaf};
use super::{FieldOfView, FovError, Visibility};
use crate::Point;
use crate::geometry::orient2d;
use crate::triangulation::Cdt;

/// Reusable buffers of the walk.
#[derive(Default, Debug, Clone)]
pub(crate) struct Walk {
    pub seeds: Vec<Seed>,
    pub wedges: Vec<Point>,
    pub stack: Vec<Frame>,
    leaves: Vec<Leaf>,
    wedge_leaves: Vec<Leaf>,
}

/// The exact region `fov` sees in `cdt`, by triangular expansion on the
/// live mesh: cones cross unconstrained edges and stop at walls (and at
/// edges wholly beyond the range, where the range circle bounds them).
/// Cost: the triangles the cones cross, never the whole world.
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, visibility_polygon}};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
/// cdt.insert_segment([5.0, 0.0], [5.0, 10.0])?; // splits the world in two
/// let v = visibility_polygon(&cdt, &FieldOfView::full_circle([2.0, 2.0], 100.0)?)?;
/// assert!((v.area() - 50.0).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn visibility_polygon(cdt: &Cdt, fov: &FieldOfView) -> Result<Visibility, FovError> {
    let mut w = Walk::default();
    w.polygon(cdt, fov)
}

impl Walk {
    pub(crate) fn polygon(&mut self, cdt: &Cdt, fov: &FieldOfView) -> Result<Visibility, FovError> {
        fov.validate()?;
        let q = fov.position;
        seeds(cdt, q, &mut self.seeds)?;
        let mut out = Visibility {
            viewer: q,
            pieces: Vec::new(),
        };
        if fov.is_blind() {
            return Ok(out);
        }
        let m = cdt.mesh();
        wedges(fov, &mut self.wedges);
        self.leaves.clear();
        for k in 0..self.wedges.len() - 1 {
            let wedge = (self.wedges[k], self.wedges[k + 1]);
            self.wedge_leaves.clear();
            for s in &self.seeds {
                let Some((r, l)) = intersect(q, (s.a, s.b), wedge) else {
                    continue;
                };
                self.stack.push(Frame { e: s.e, r, l });
                while let Some(f) = self.stack.pop() {
                    let a = m.raw_pos(m.raw_origin(f.e));
                    let b = m.raw_pos(m.raw_dest(f.e));
                    let wall = m.raw_is_constrained(f.e);
                    if wall || beyond(q, a, b, fov.range) {
                        self.wedge_leaves.push(Leaf {
                            a,
                            b,
                            r: f.r,
                            l: f.l,
                            wall,
                        });
                    } else {
                        split(m, q, f, &mut self.stack);
                    }
                }
            }
            // Leaves of one seed come in order; seeds may not start at the
            // wedge's right side. Within a quarter turn `orient2d` orders
            // directions exactly.
            self.wedge_leaves
                .sort_by(|x, y| 0.0.partial_cmp(&orient2d(q, x.r, y.r)).unwrap());
            self.leaves.extend_from_slice(&self.wedge_leaves);
        }
        let n = self.leaves.len();
        if n == 0 {
            return Ok(out);
        }
        let mut b = Builder::new(q, fov.range);
        let (first_start, mut prev_end) = b.leaf(&self.leaves[0], None);
        for i in 1..n {
            let shared = same_ray(q, self.leaves[i - 1].l, self.leaves[i].r);
            prev_end = b.leaf(&self.leaves[i], Some((prev_end, shared))).1;
        }
        let shared = same_ray(q, self.leaves[n - 1].l, self.leaves[0].r);
        b.close(prev_end, first_start, shared);
        out.pieces = b.finish();
        Ok(out)
    }
}
