//! Point location (stochastic visibility walk from a hint, jump-and-walk
//! sampling), vertex insertion with Lawson flips, bulk insertion in BRIO
//! rounds of Hilbert order.

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
    /// Returns whether it rebuilt the grid (then every vertex is in).
    fn hg_regrow(&mut self) -> bool {
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
            return true;
        }
        false
    }

    /// `p` is on edge `e` (inner left face): the lower half-edge of the pair
    /// when both faces are inner, so the answer does not depend on the path
    /// the walk took (an undone operation then replays identically even
    /// though the hint grid is not undone).
    #[inline]
    fn on_edge(&self, e: u32) -> Loc {
        let m = &self.mesh;
        let o = m.raw_opposite(e);
        if o < e && !m.raw_is_outer_face(m.raw_face(o)) {
            Loc::E(o)
        } else {
            Loc::E(e)
        }
    }

    /// Remembering stochastic walk from vertex `start` to `p` (exact
    /// orient2d): after the first triangle, each step enters a triangle by
    /// an edge `p` is strictly left of, so only the two other edges are
    /// tested (in random order, which makes the walk terminate in any
    /// triangulation) and only the apex is loaded.
    pub(crate) fn walk(&self, p: Point, start: u32, rng: &mut u64) -> Loc {
        let m = &self.mesh;
        let f = m.raw_face(m.raw_vertex_edge(start));
        if m.raw_is_outer_face(f) {
            return Loc::Out;
        }
        let mut r = splitmix(rng) | 1 << 63;
        // first triangle: all three edges, from a random one
        let mut e = m.raw_face_edge(f);
        for _ in 0..(r & 3) % 3 {
            e = m.raw_next(e);
        }
        r >>= 2;
        let mut zero = [false; 3];
        let mut es = [0u32; 3];
        let mut crossed = NONE;
        for k in 0..3 {
            es[k] = e;
            let n = m.raw_next(e);
            let o = orient2d(m.raw_pos(m.raw_origin(e)), m.raw_pos(m.raw_origin(n)), p);
            if o < 0.0 {
                crossed = e;
                break;
            }
            zero[k] = o == 0.0;
            e = n;
        }
        if crossed == NONE {
            // inside the closed triangle (es[k] goes from vertex k to k+1)
            return match zero {
                [true, true, _] => Loc::V(m.raw_origin(es[1])),
                [_, true, true] => Loc::V(m.raw_origin(es[2])),
                [true, _, true] => Loc::V(m.raw_origin(es[0])),
                [true, false, false] => self.on_edge(es[0]),
                [false, true, false] => self.on_edge(es[1]),
                [false, false, true] => self.on_edge(es[2]),
                _ => Loc::F(f),
            };
        }
        // `came` = a -> b with p strictly left of it
        let mut came = m.raw_opposite(crossed);
        let mut pa = m.raw_pos(m.raw_origin(came));
        let mut pb = m.raw_pos(m.raw_dest(came));
        loop {
            let [_, _, e1, f] = m.raw_record(came);
            if m.raw_is_outer_face(f) {
                return Loc::Out;
            }
            // e1 = b -> c, e2 = c -> a
            let [_, o1, e2, _] = m.raw_record(e1);
            let [c, o2, _, _] = m.raw_record(e2);
            let pc = m.raw_pos(c);
            if r == 1 {
                r = splitmix(rng) | 1 << 63;
            }
            let first = r & 1;
            r >>= 1;
            let (d1, d2);
            if first == 0 {
                d1 = orient2d(pb, pc, p);
                if d1 < 0.0 {
                    (came, pa) = (o1, pc);
                    continue;
                }
                d2 = orient2d(pc, pa, p);
                if d2 < 0.0 {
                    (came, pb) = (o2, pc);
                    continue;
                }
            } else {
                d2 = orient2d(pc, pa, p);
                if d2 < 0.0 {
                    (came, pb) = (o2, pc);
                    continue;
                }
                d1 = orient2d(pb, pc, p);
                if d1 < 0.0 {
                    (came, pa) = (o1, pc);
                    continue;
                }
            }
            return match (d1 == 0.0, d2 == 0.0) {
                (true, true) => Loc::V(c),
                (true, false) => self.on_edge(e1),
                (false, true) => self.on_edge(e2),
                (false, false) => Loc::F(f),
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
        let (v, new) = self.insert_point_raw(p, hint);
        if new {
            self.set_user(v, false);
        }
        v
    }

    /// [`Self::insert_point_unhinted`] leaving the user bit alone; also
    /// says whether the vertex is new.
    fn insert_point_raw(&mut self, p: Point, hint: u32) -> (u32, bool) {
        let mut rng = self.rng;
        let loc = self.walk(p, hint, &mut rng);
        self.rng = rng;
        let v = match loc {
            Loc::V(v) => return (v, false),
            Loc::F(f) => {
                // the three edges of f face the new vertex
                let a = self.mesh.raw_face_edge(f);
                let b = self.mesh.raw_next(a);
                let c = self.mesh.raw_next(b);
                let v = self.mesh.split_face(f, p);
                self.legalize_from(v, [a, b, c]);
                return (v, true);
            }
            Loc::E(e) => {
                let (v, m) = self.mesh.split_edge(e, p);
                if let Some(o) = self.owners.get(&(e >> 1)) {
                    let o = o.clone();
                    self.owners.insert(m >> 1, o);
                }
                v
            }
            Loc::Out => return (NONE, false),
        };
        self.legalize_vertex(v);
        (v, true)
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
            let [u, o, _, _] = m.raw_record(e);
            let [w, _, o1, _] = m.raw_record(o);
            let o2 = m.raw_next(o1);
            let q = m.raw_origin(o2);
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
            return Err(CdtError::OutsideBounds(p));
        }
        Ok(())
    }

    /// Inserts a vertex (a duplicate returns the existing vertex, now
    /// marked user-inserted). Located by walking from the last insertion
    /// or the nearest of a few random samples.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
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
        self.insert_vertex_at(p, h)
    }

    /// Inserts a vertex, starting the walk at `hint`.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
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
        self.insert_vertex_at(p, h)
    }

    /// One checked vertex, walking from `h`, as one all-or-nothing operation.
    fn insert_vertex_at(&mut self, p: Point, h: u32) -> Result<VertexId, CdtError> {
        let v = self.atomic(|c| {
            let v = c.insert_point(p, h);
            c.set_user(v, true);
            c.run_tasks();
            c.settle();
            Ok(v)
        })?;
        self.hint = v;
        Ok(self.mesh.vertex_handle(v))
    }

    /// Bulk insertion in rounds of a biased randomized insertion order
    /// (BRIO), each round in Hilbert-curve order, each point located from
    /// the previous one. Returns the vertices in input order. All points are
    /// checked first: on error nothing is inserted.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let vs = cdt.insert_vertices(&[[1.0, 1.0].into(), [5.0, 2.0].into(), [1.0, 1.0].into()]).unwrap();
    /// assert_eq!(vs[0], vs[2]);
    /// assert_eq!(cdt.mesh().vertex_count(), 6);
    /// ```
    pub fn insert_vertices(&mut self, points: &[Point]) -> Result<Vec<VertexId>, CdtError> {
        for &p in points {
            self.check_insertable(p)?;
        }
        let out = self.insert_points_brio(points, true);
        self.run_tasks();
        self.settle();
        // A bulk build runs unjournaled: followers rebuild.
        self.mesh.changes.overflow();
        self.revision += 1;
        Ok(out
            .into_iter()
            .map(|v| self.mesh.vertex_handle(v))
            .collect())
    }

    /// Inserts valid in-bounds `points` in BRIO rounds of Hilbert order
    /// (see [`Cdt::insert_vertices`]); returns the raw vertices in input
    /// order. `user`: mark them all user vertices, else only new vertices
    /// are marked non-user (an existing user vertex stays one).
    pub(crate) fn insert_points_brio(&mut self, points: &[Point], user: bool) -> Vec<u32> {
        let n = points.len();
        let [x0, y0, x1, y1] = self.bounds;
        // curve order: about 4 cells per point is fine enough an order
        let order = ((usize::BITS - n.leading_zeros()).div_ceil(2) + 1).clamp(1, 16);
        let top = ((1u32 << order) - 1) as f64;
        let (sx, sy) = (top / (x1 - x0), top / (y1 - y0));
        // BRIO: a point joins round r with probability ~ 8^-r (the last
        // round holds 7/8 of them); rounds go in from the sparsest, each in
        // curve order. Every round then meets a mesh of even density: fewer
        // flips than one curve pass, whose frontier triangles are long.
        let mut n_rounds = 1;
        while n >> (3 * n_rounds) >= 128 {
            n_rounds += 1;
        }
        let mut rounds: Vec<Vec<u64>> = vec![Vec::new(); n_rounds];
        rounds[0].reserve(n - n / 8);
        let mut s = 0x2545_F491_4F6C_DD1D_u64;
        for (i, p) in points.iter().enumerate() {
            let hx = ((p.x - x0) * sx) as u32;
            let hy = ((p.y - y0) * sy) as u32;
            let r = ((splitmix(&mut s).trailing_zeros() / 3) as usize).min(n_rounds - 1);
            rounds[r].push(((hilbert(hx, hy, order) as u64) << 32) | i as u64);
        }
        let mut keys: Vec<u64> = Vec::with_capacity(n);
        for r in rounds.iter_mut().rev() {
            r.sort_unstable();
            keys.extend_from_slice(r);
            *r = Vec::new();
        }
        self.mesh.reserve_vertices(n);
        let mut rng = self.rng;
        let mut h = self.hint_for(points.first().copied().unwrap_or_default(), &mut rng);
        self.rng = rng;
        // the points in insertion order: independent loads here instead of
        // a cache miss per point inside the insertion loop
        let sorted: Vec<Point> = keys
            .iter()
            .map(|&k| points[(k & 0xFFFF_FFFF) as usize])
            .collect();
        for (k, &p) in keys.iter_mut().zip(&sorted) {
            let (v, new) = self.insert_point_raw(p, h);
            if new && !user {
                self.set_user(v, false);
            }
            *k = (*k & 0xFFFF_FFFF) | ((v as u64) << 32);
            h = v;
        }
        drop(sorted);
        let mut out = vec![NONE; n];
        for &k in &keys {
            out[(k & 0xFFFF_FFFF) as usize] = (k >> 32) as u32;
        }
        drop(keys);
        if user {
            // user bits in one pass
            let words = self.mesh.pos.len().div_ceil(64);
            if self.user.len() < words {
                self.user.reserve_exact(words - self.user.len());
                self.user.resize(words, 0);
            }
            if self.op.on() {
                for &v in &out {
                    self.set_user(v, true);
                }
            } else {
                for &v in &out {
                    self.user[(v >> 6) as usize] |= 1 << (v & 63);
                }
            }
        }
        // the hint grid in one pass
        if !self.hg_regrow() {
            for (&p, &v) in points.iter().zip(&out) {
                let c = self.hg_cell(p);
                self.hgrid[c] = v;
            }
        }
        self.hint = h;
        out
    }
}

/// Hilbert step table: entry `state << 2 | bx << 1 | by` (state = swap
/// bit << 1 | complement bit) holds `digit << 2 | next state`.
const HILBERT: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let (swap, inv) = ((i >> 3) & 1, (i >> 2) & 1);
        let (bx, by) = ((i >> 1) & 1, i & 1);
        let (tx, ty) = if swap == 1 { (by, bx) } else { (bx, by) };
        let (rx, ry) = (tx ^ inv, ty ^ inv);
        let digit = (3 * rx) ^ ry;
        let (ns, ni) = if ry == 0 {
            (swap ^ 1, inv ^ rx)
        } else {
            (swap, inv)
        };
        t[i] = ((digit << 2) | (ns << 1) | ni) as u8;
        i += 1;
    }
    t
};

/// Index of `(x, y)` (each below `2^order`) on the Hilbert curve of that
/// order: one table step per level (the quadrant's digit and the
/// swap/complement of the sub-square).
#[inline]
pub(crate) fn hilbert(x: u32, y: u32, order: u32) -> u32 {
    let mut d = 0u32;
    let mut state = 0usize;
    for k in (0..order).rev() {
        let b = (((x >> k) & 1) << 1 | ((y >> k) & 1)) as usize;
        let t = HILBERT[(state << 2) | b];
        d = (d << 2) | (t >> 2) as u32;
        state = (t & 3) as usize;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::hilbert;

    /// The textbook rotate-and-flip form of the same curve.
    fn hilbert_reference(mut x: u32, mut y: u32, order: u32) -> u32 {
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

    /// The walk against a brute-force scan of every inner triangle, from
    /// random start vertices, on a walled grid with points on edges and
    /// vertices; an edge answer must not depend on the start.
    #[test]
    fn walk_matches_brute_force_location() {
        use crate::Point;
        use crate::geometry::orient2d;
        use crate::triangulation::{Cdt, Loc};
        let mut c = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        for k in 1..10 {
            let t = 10.0 * k as f64 + 0.37;
            c.insert_segment([t, 1.0], [t, 99.0]).unwrap();
            c.insert_segment([1.0, t], [99.0, t]).unwrap();
        }
        let m = &c.mesh;
        let brute = |p: Point| -> Loc {
            for f in 2..m.fedge.len() as u32 {
                if !m.face_alive(f) {
                    continue;
                }
                let e0 = m.raw_face_edge(f);
                let es = [e0, m.raw_next(e0), m.raw_next(m.raw_next(e0))];
                let o: Vec<f64> = es
                    .iter()
                    .map(|&e| orient2d(m.raw_pos(m.raw_origin(e)), m.raw_pos(m.raw_dest(e)), p))
                    .collect();
                if o.iter().any(|&x| x < 0.0) {
                    continue;
                }
                for k in 0..3 {
                    if o[k] == 0.0 && o[(k + 1) % 3] == 0.0 {
                        return Loc::V(m.raw_dest(es[k]));
                    }
                }
                return match o.iter().position(|&x| x == 0.0) {
                    Some(k) => Loc::E(es[k]),
                    None => Loc::F(f),
                };
            }
            Loc::Out
        };
        let mut s = 5u64;
        let mut on_edges = 0;
        for i in 0..3000 {
            let r = super::splitmix(&mut s);
            let mut p = Point::new(
                (r & 0xffff) as f64 / 655.36,
                ((r >> 16) & 0xffff) as f64 / 655.36,
            );
            if i % 3 == 0 {
                p.x = (p.x / 10.0).round() * 10.0 + 0.37;
            }
            if i % 5 == 0 {
                p.y = 10.37;
            }
            let want = brute(p);
            let mut got = Vec::new();
            for _ in 0..4 {
                let start = (super::splitmix(&mut s) % m.pos.len() as u64) as u32;
                got.push(c.walk(p, start, &mut s));
            }
            for &g in &got {
                let same = match (g, want) {
                    (Loc::E(x), Loc::E(y)) => x >> 1 == y >> 1,
                    (x, y) => x == y,
                };
                assert!(same, "{p:?}: walk {g:?}, brute force {want:?}");
                assert_eq!(g, got[0], "{p:?}: the answer depends on the start");
            }
            on_edges += matches!(want, Loc::E(_)) as usize;
        }
        assert!(on_edges > 300, "{on_edges}");
    }

    #[test]
    fn hilbert_table_matches_reference() {
        let mut s = 7u64;
        for order in 1..=16 {
            for _ in 0..2000 {
                let r = super::splitmix(&mut s);
                let mask = (1u32 << order) - 1;
                let (x, y) = (r as u32 & mask, (r >> 32) as u32 & mask);
                assert_eq!(hilbert(x, y, order), hilbert_reference(x, y, order));
            }
        }
    }
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
