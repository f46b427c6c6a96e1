//! Point location (stochastic visibility walk from a hint, jump-and-walk
//! sampling), vertex insertion with Lawson flips, Hilbert-ordered bulk
//! insertion.

use super::{Cdt, CdtError, Loc, check_point};
use crate::Point;
use crate::geometry::{incircle, orient2d};
use crate::mesh::{NONE, VertexId};

#[inline]
pub(crate) fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn d2(a: Point, b: Point) -> f64 {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy
}

impl Cdt {
    /// A start vertex near `p`: the last hint or the grid cell's vertex,
    /// whichever is nearer.
    pub(crate) fn hint_for(&self, p: Point, _rng: &mut u64) -> u32 {
        let m = &self.mesh;
        let mut best = if m.vertex_alive(self.hint) {
            self.hint
        } else {
            0
        };
        let c = self.hgrid[self.hg_cell(p)];
        if m.vertex_alive(c) && d2(m.raw_pos(c), p) < d2(m.raw_pos(best), p) {
            best = c;
        }
        best
    }

    #[inline]
    fn hg_cell(&self, p: Point) -> usize {
        let [x0, y0, x1, y1] = self.bounds;
        let n = self.hg_n as f64;
        let cx = (((p.x - x0) / (x1 - x0)) * n) as usize;
        let cy = (((p.y - y0) / (y1 - y0)) * n) as usize;
        let k = self.hg_n as usize - 1;
        cy.min(k) * self.hg_n as usize + cx.min(k)
    }

    /// Records new vertex `v` in the hint grid (regrown as the mesh grows).
    #[inline]
    pub(crate) fn hg_note(&mut self, v: u32, p: Point) {
        self.hg_regrow();
        let c = self.hg_cell(p);
        self.hgrid[c] = v;
    }

    /// Regrows the hint grid once the mesh has outgrown it: about 8 to 32
    /// vertices a cell (a short walk from any cell's vertex, under half a
    /// byte per vertex).
    fn hg_regrow(&mut self) {
        if self.mesh.n_vertices > 32 * self.hgrid.len() {
            let n = ((self.mesh.n_vertices / 8) as f64).sqrt().ceil().max(1.0) as u32;
            self.hg_n = n;
            self.hgrid.clear();
            self.hgrid.shrink_to_fit();
            self.hgrid.resize((n * n) as usize, 0);
            for u in 0..self.mesh.vedge.len() as u32 {
                if self.mesh.vertex_alive(u) {
                    let c = self.hg_cell(self.mesh.raw_pos(u));
                    self.hgrid[c] = u;
                }
            }
        }
    }

    /// Stochastic visibility walk from vertex `start` to `p` (exact orient2d).
    pub(crate) fn walk(&self, p: Point, start: u32, rng: &mut u64) -> Loc {
        let m = &self.mesh;
        let mut f = m.raw_face(m.raw_vertex_edge(start));
        let mut came = NONE;
        let mut r = splitmix(rng);
        'outer: loop {
            if m.raw_is_outer_face(f) {
                return Loc::Out;
            }
            let mut e = m.raw_face_edge(f);
            if r & 3 == 0 {
                r = splitmix(rng);
            }
            for _ in 0..(r & 3) % 3 {
                e = m.raw_next(e);
            }
            r >>= 2;
            // orientation of p against each edge; the entry edge is known
            // strictly positive (p was strictly right of its opposite)
            let mut zero = [false; 3];
            let mut es = [0u32; 3];
            for k in 0..3 {
                es[k] = e;
                let n = m.raw_next(e);
                if e != came {
                    let a = m.raw_pos(m.raw_origin(e));
                    let b = m.raw_pos(m.raw_origin(n));
                    let o = orient2d(a, b, p);
                    if o < 0.0 {
                        came = m.raw_opposite(e);
                        f = m.raw_face(came);
                        continue 'outer;
                    }
                    zero[k] = o == 0.0;
                }
                e = n;
            }
            // inside the closed triangle: classify (es[k] goes from vertex k to k+1)
            return match zero {
                [true, true, _] => Loc::V(m.raw_origin(es[1])),
                [_, true, true] => Loc::V(m.raw_origin(es[2])),
                [true, _, true] => Loc::V(m.raw_origin(es[0])),
                [true, false, false] => Loc::E(es[0]),
                [false, true, false] => Loc::E(es[1]),
                [false, false, true] => Loc::E(es[2]),
                _ => Loc::F(f),
            };
        }
    }

    /// Inserts `p` (valid, in bounds) walking from `hint`; returns the
    /// vertex (existing one if `p` is a duplicate). Delaunay is restored.
    pub(crate) fn insert_point(&mut self, p: Point, hint: u32) -> u32 {
        let v = self.insert_point_unhinted(p, hint);
        if v != NONE {
            self.hg_note(v, p);
        }
        v
    }

    /// [`Self::insert_point`] without recording the vertex in the hint grid
    /// (bulk insertion rebuilds the grid once at the end).
    fn insert_point_unhinted(&mut self, p: Point, hint: u32) -> u32 {
        let mut rng = self.rng;
        let loc = self.walk(p, hint, &mut rng);
        self.rng = rng;
        let v = match loc {
            Loc::V(v) => return v,
            Loc::F(f) => {
                // the three edges of f face the new vertex
                let a = self.mesh.raw_face_edge(f);
                let b = self.mesh.raw_next(a);
                let c = self.mesh.raw_next(b);
                let v = self.mesh.split_face(f, p);
                self.set_user(v, false);
                self.legalize_from(v, [a, b, c]);
                return v;
            }
            Loc::E(e) => {
                let (v, m) = self.mesh.split_edge(e, p);
                if let Some(o) = self.owners.get(&(e >> 1)) {
                    let o = o.clone();
                    self.owners.insert(m >> 1, o);
                }
                v
            }
            Loc::Out => return NONE,
        };
        self.set_user(v, false);
        self.legalize_vertex(v);
        v
    }

    /// Lawson flips around a new vertex `v` (exact incircle).
    fn legalize_vertex(&mut self, v: u32) {
        let m = &mut self.mesh;
        let st = &mut self.flips;
        st.clear();
        let start = m.raw_vertex_edge(v);
        let mut s = start;
        loop {
            if !m.raw_is_outer_face(m.raw_face(s)) {
                st.push(m.raw_next(s));
            }
            s = m.raw_rot_right(s);
            if s == start {
                break;
            }
        }
        self.flip_out(v);
    }

    /// Lawson flips around new vertex `v` in a triangle split: `seeds` are
    /// the edges facing it.
    fn legalize_from(&mut self, v: u32, seeds: [u32; 3]) {
        self.flips.clear();
        self.flips.extend_from_slice(&seeds);
        self.flip_out(v);
    }

    /// Flips the edges on `self.flips` (each facing `v`) until Delaunay.
    fn flip_out(&mut self, v: u32) {
        let m = &mut self.mesh;
        let st = &mut self.flips;
        let pv = m.raw_pos(v);
        while let Some(e) = st.pop() {
            if m.raw_is_constrained(e) {
                continue;
            }
            // e = u->w with apex v on its left, q the apex across
            let o = m.raw_opposite(e);
            let o1 = m.raw_next(o);
            let o2 = m.raw_next(o1);
            let (u, w, q) = (m.raw_origin(e), m.raw_origin(o), m.raw_origin(o2));
            if incircle(m.raw_pos(u), m.raw_pos(w), pv, m.raw_pos(q)) > 0.0 {
                m.flip_known(e, [o, o1, o2], [u, w, v, q]);
                st.push(o1);
                st.push(o2);
            }
        }
    }

    /// Lawson flips on every pending edge (any triangulation converges).
    pub(crate) fn legalize_pending(&mut self) {
        let m = &mut self.mesh;
        while let Some(e) = self.pending.pop() {
            if !m.edge_alive(e) || m.raw_is_constrained(e) {
                continue;
            }
            let o = m.raw_opposite(e);
            if m.raw_is_outer_face(m.raw_face(e)) || m.raw_is_outer_face(m.raw_face(o)) {
                continue;
            }
            let e1 = m.raw_next(e);
            let e2 = m.raw_next(e1);
            let o1 = m.raw_next(o);
            let o2 = m.raw_next(o1);
            let u = m.raw_pos(m.raw_origin(e));
            let w = m.raw_pos(m.raw_origin(o));
            let p = m.raw_pos(m.raw_origin(e2));
            let q = m.raw_pos(m.raw_origin(o2));
            if incircle(u, w, p, q) > 0.0 {
                m.flip(e);
                self.pending.extend_from_slice(&[e1, e2, o1, o2]);
            }
        }
    }

    fn check_insertable(&self, p: Point) -> Result<(), CdtError> {
        check_point(p)?;
        if !self.in_bounds(p) {
            return Err(CdtError::OutsideBounds(p.x, p.y));
        }
        Ok(())
    }

    /// Inserts a vertex (a duplicate returns the existing vertex, now
    /// marked user-inserted). Located by walking from the last insertion
    /// or the nearest of a few random samples.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let v = cdt.insert_vertex([2.0, 3.0]).unwrap();
    /// assert_eq!(cdt.insert_vertex([2.0, 3.0]).unwrap(), v);
    /// assert!(cdt.insert_vertex([20.0, 3.0]).is_err());
    /// ```
    pub fn insert_vertex(&mut self, p: impl Into<Point>) -> Result<VertexId, CdtError> {
        let p = p.into();
        self.check_insertable(p)?;
        let mut rng = self.rng;
        let h = self.hint_for(p, &mut rng);
        self.rng = rng;
        let v = self.insert_point(p, h);
        self.set_user(v, true);
        self.run_tasks();
        self.settle();
        self.hint = v;
        Ok(self.mesh.vertex_handle(v))
    }

    /// Inserts a vertex, starting the walk at `hint`.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let a = cdt.insert_vertex([2.0, 3.0]).unwrap();
    /// let b = cdt.insert_vertex_with_hint([2.5, 3.0], a).unwrap();
    /// assert_ne!(a, b);
    /// ```
    pub fn insert_vertex_with_hint(
        &mut self,
        p: impl Into<Point>,
        hint: VertexId,
    ) -> Result<VertexId, CdtError> {
        let p = p.into();
        self.check_insertable(p)?;
        let h = self.mesh.vraw(hint)?;
        let v = self.insert_point(p, h);
        self.set_user(v, true);
        self.run_tasks();
        self.settle();
        self.hint = v;
        Ok(self.mesh.vertex_handle(v))
    }

    /// Bulk insertion in Hilbert-curve order, each point located from the
    /// previous one. Returns the vertices in input order. All points are
    /// checked first: on error nothing is inserted.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let vs = cdt.insert_vertices(&[[1.0, 1.0].into(), [5.0, 2.0].into(), [1.0, 1.0].into()]).unwrap();
    /// assert_eq!(vs[0], vs[2]);
    /// assert_eq!(cdt.mesh().vertex_count(), 6);
    /// ```
    pub fn insert_vertices(&mut self, points: &[Point]) -> Result<Vec<VertexId>, CdtError> {
        for &p in points {
            self.check_insertable(p)?;
        }
        let [x0, y0, x1, y1] = self.bounds;
        // curve order: about 4 cells per point is fine enough an order
        let order = ((usize::BITS - points.len().leading_zeros()).div_ceil(2) + 1).clamp(1, 16);
        let top = ((1u32 << order) - 1) as f64;
        let (sx, sy) = (top / (x1 - x0), top / (y1 - y0));
        let mut keys: Vec<u64> = points
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let hx = ((p.x - x0) * sx) as u32;
                let hy = ((p.y - y0) * sy) as u32;
                ((hilbert(hx, hy, order) as u64) << 32) | i as u64
            })
            .collect();
        keys.sort_unstable();
        self.mesh.reserve_vertices(points.len());
        self.user.reserve(points.len() / 64 + 1);
        let mut out = vec![NONE; points.len()];
        let mut rng = self.rng;
        let mut h = self.hint_for(points.first().copied().unwrap_or_default(), &mut rng);
        self.rng = rng;
        for k in keys {
            let i = (k & 0xFFFF_FFFF) as usize;
            let v = self.insert_point_unhinted(points[i], h);
            self.set_user(v, true);
            out[i] = v;
            h = v;
        }
        // the points are in; record them in the hint grid in one pass
        self.hg_regrow();
        for (&p, &v) in points.iter().zip(&out) {
            let c = self.hg_cell(p);
            self.hgrid[c] = v;
        }
        self.run_tasks();
        self.settle();
        self.hint = h;
        Ok(out
            .into_iter()
            .map(|v| self.mesh.vertex_handle(v))
            .collect())
    }
}

/// Index of `(x, y)` (each below `2^order`) on the Hilbert curve of that order.
fn hilbert(mut x: u32, mut y: u32, order: u32) -> u32 {
    let n: u32 = 1 << order;
    let mut d: u32 = 0;
    let mut s = n >> 1;
    while s > 0 {
        let rx = ((x & s) > 0) as u32;
        let ry = ((y & s) > 0) as u32;
        d = d.wrapping_add(s.wrapping_mul(s).wrapping_mul((3 * rx) ^ ry));
        if ry == 0 {
            if rx == 1 {
                x = (n - 1).wrapping_sub(x);
                y = (n - 1).wrapping_sub(y);
            }
            std::mem::swap(&mut x, &mut y);
        }
        s >>= 1;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::hilbert;
    #[test]
    fn hilbert_is_a_bijection_on_a_small_grid() {
        // consecutive curve indices are grid neighbours (order-16 curve
        // restricted to the first 4x4 block of cells).
        let mut cells: Vec<(u32, u32, u32)> = (0..4u32)
            .flat_map(|x| (0..4u32).map(move |y| (hilbert(x, y, 16), x, y)))
            .collect();
        cells.sort();
        for w in cells.windows(2) {
            assert_eq!(w[1].0, w[0].0 + 1);
            assert_eq!(w[0].1.abs_diff(w[1].1) + w[0].2.abs_diff(w[1].2), 1);
        }
        // a whole low-order curve: a bijection onto 0..16, neighbours adjacent
        let mut all: Vec<(u32, u32, u32)> = (0..4u32)
            .flat_map(|x| (0..4u32).map(move |y| (hilbert(x, y, 2), x, y)))
            .collect();
        all.sort();
        assert_eq!(
            all.iter().map(|c| c.0).collect::<Vec<_>>(),
            (0..16).collect::<Vec<_>>()
        );
        for w in all.windows(2) {
            assert_eq!(w[0].1.abs_diff(w[1].1) + w[0].2.abs_diff(w[1].2), 1);
        }
    }
}
