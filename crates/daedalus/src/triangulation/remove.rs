//! Removal: shapes (drop ownerships, unconstrain, flip), vertices no
//! constraint needs any more (remove the star, ear-clip the hole with exact
//! predicates, Lawson flips), and merging of chains through vertices that
//! only collinear segments still pass.

use super::journal::CUndo;
use super::{Cdt, CdtError};
use crate::geometry::{incircle, orient2d};
use crate::mesh::{Mesh, VertexId};

impl Cdt {
    /// Removes a shape. Edges still owned by other shapes stay constrained;
    /// vertices nothing needs any more are removed; the result is the CDT
    /// of what remains.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = cdt.insert_segment([1.0, 5.0], [9.0, 5.0]).unwrap();
    /// let b = cdt.insert_segment([5.0, 1.0], [5.0, 9.0]).unwrap();
    /// cdt.remove_shape(b).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 6); // corners + a's two ends
    /// assert!(cdt.validate().is_empty());
    /// # let _ = a;
    /// ```
    ///
    /// A locked shape ([`Cdt::lock_shape`], e.g. an object's) cannot be
    /// removed this way: its owner would be left without it.
    ///
    /// ```
    /// use daedalus::triangulation::{Cdt, CdtError};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([1.0, 1.0], [2.0, 2.0]).unwrap();
    /// cdt.lock_shape(s).unwrap();
    /// assert_eq!(cdt.remove_shape(s), Err(CdtError::LockedShape(s)));
    /// cdt.unlock_shape(s).unwrap();
    /// cdt.remove_shape(s).unwrap(); // now fine
    /// ```
    pub fn remove_shape(&mut self, id: crate::triangulation::ShapeId) -> Result<(), CdtError> {
        let s = self.shape_raw(id)?;
        if self.shapes[s as usize].locked {
            return Err(CdtError::LockedShape(id));
        }
        self.remove_shape_any(id)
    }

    /// Locks a shape: [`Cdt::remove_shape`] refuses it until
    /// [`Cdt::unlock_shape`]. For a layer that owns shapes (the objects
    /// table locks each object's shape). Changes no geometry.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([1.0, 1.0], [2.0, 2.0]).unwrap();
    /// cdt.lock_shape(s).unwrap();
    /// assert!(cdt.is_shape_locked(s).unwrap());
    /// assert!(cdt.remove_shape(s).is_err());
    /// ```
    pub fn lock_shape(&mut self, id: crate::triangulation::ShapeId) -> Result<(), CdtError> {
        let s = self.shape_raw(id)?;
        self.j_shape(s);
        self.shapes[s as usize].locked = true;
        Ok(())
    }

    /// Unlocks a shape locked by [`Cdt::lock_shape`].
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([1.0, 1.0], [2.0, 2.0]).unwrap();
    /// cdt.lock_shape(s).unwrap();
    /// cdt.unlock_shape(s).unwrap();
    /// assert!(!cdt.is_shape_locked(s).unwrap());
    /// ```
    pub fn unlock_shape(&mut self, id: crate::triangulation::ShapeId) -> Result<(), CdtError> {
        let s = self.shape_raw(id)?;
        self.j_shape(s);
        self.shapes[s as usize].locked = false;
        Ok(())
    }

    /// Is the shape locked ([`Cdt::lock_shape`])?
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let s = cdt.insert_segment([1.0, 1.0], [2.0, 2.0]).unwrap();
    /// assert!(!cdt.is_shape_locked(s).unwrap());
    /// ```
    pub fn is_shape_locked(&self, id: crate::triangulation::ShapeId) -> Result<bool, CdtError> {
        Ok(self.shapes[self.shape_raw(id)? as usize].locked)
    }

    /// [`Cdt::remove_shape`] for any shape, a locked one included (for the
    /// owning layer, which keeps its table in step).
    pub(crate) fn remove_shape_any(
        &mut self,
        id: crate::triangulation::ShapeId,
    ) -> Result<(), CdtError> {
        let s = self.shape_raw(id)?;
        self.atomic(|c| {
            c.remove_shape_raw(s);
            Ok(())
        })
    }

    fn remove_shape_raw(&mut self, s: u32) {
        self.j_shape(s);
        let segs = std::mem::take(&mut self.shapes[s as usize].segs);
        let mut path = Vec::new();
        let mut cand = Vec::new();
        for &g in &segs {
            if self.seg_path(g, &mut path) {
                cand.push(self.segs[g as usize].a);
                for &h in &path {
                    cand.push(self.mesh.raw_dest(h));
                    self.drop_owner(h, g);
                }
            } else {
                cand.push(self.segs[g as usize].a);
                cand.push(self.segs[g as usize].b);
            }
            self.j_seg(g);
            self.segs[g as usize].alive = false;
            self.free_segs.push(g);
            self.j_log(CUndo::FreeSegPush);
        }
        let slot = &mut self.shapes[s as usize];
        slot.alive = false;
        slot.generation += 1;
        slot.segs = segs;
        slot.segs.clear();
        self.free_shapes.push(s);
        self.j_log(CUndo::FreeShapePush);
        self.legalize_pending();
        cand.sort_unstable();
        cand.dedup();
        for v in cand {
            self.cleanup_vertex(v);
        }
        self.settle();
    }

    /// Removes a user vertex. If constraints still need it (segment end
    /// point or crossing), it stays, no longer marked user-inserted.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let v = cdt.insert_vertex([3.0, 3.0]).unwrap();
    /// cdt.remove_vertex(v).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 4);
    /// assert!(cdt.remove_vertex(v).is_err()); // stale
    /// ```
    pub fn remove_vertex(&mut self, v: VertexId) -> Result<(), CdtError> {
        let v = self.mesh.vraw(v)?;
        if v < 4 {
            return Err(CdtError::CornerVertex);
        }
        self.atomic(|c| {
            c.set_user(v, false);
            c.cleanup_vertex(v);
            c.settle();
            Ok(())
        })
    }

    /// Does a live constraint need `v`? A corner, a user vertex, an end
    /// point of a live segment, or the crossing of two live non-collinear
    /// segments passing through it (`v` exactly on both input lines, their
    /// computed crossing point, or recorded as made by their crossing).
    pub(crate) fn vertex_needed(&self, v: u32) -> bool {
        if v < 4 || self.is_user(v) {
            return true;
        }
        let m = &self.mesh;
        let pv = m.raw_pos(v);
        let start = m.raw_vertex_edge(v);
        let mut e = start;
        let mut owned = 0;
        let mut segs: [u32; 8] = [0; 8];
        let mut ns = 0;
        // A crossing vertex whose two live segments both pass: needed as
        // soon as both are seen on more than two owned edges (the answer
        // the whole walk would give; most of what settles after a build).
        let cross = self
            .crossings
            .get(&v)
            .copied()
            .filter(|&(s, t)| self.segs[s as usize].alive && self.segs[t as usize].alive);
        loop {
            // only constrained edges have owners: skip the lookup otherwise
            if let Some(o) = m
                .raw_is_constrained(e)
                .then(|| self.owners.get(&(e >> 1)))
                .flatten()
            {
                owned += 1;
                for &g in o.segs() {
                    let s = &self.segs[g as usize];
                    if s.a == v || s.b == v {
                        return true;
                    }
                    if !segs[..ns].contains(&g) {
                        if ns == segs.len() {
                            return true; // many segments meet here: keep
                        }
                        segs[ns] = g;
                        ns += 1;
                    }
                }
                if owned > 2
                    && let Some((s, t)) = cross
                    && segs[..ns].contains(&s)
                    && segs[..ns].contains(&t)
                {
                    return true;
                }
            }
            e = m.raw_rot_right(e);
            if e == start {
                break;
            }
        }
        if owned <= 2 {
            return false;
        }
        for i in 0..ns {
            for j in i + 1..ns {
                let ((sa, sb), (ta, tb)) = (self.seg_ends(segs[i]), self.seg_ends(segs[j]));
                if orient2d(sa, sb, ta) == 0.0 && orient2d(sa, sb, tb) == 0.0 {
                    continue;
                }
                let exact = orient2d(sa, sb, pv) == 0.0 && orient2d(ta, tb, pv) == 0.0;
                if exact || super::constraint::crossing_point(sa, sb, ta, tb) == pv {
                    return true;
                }
            }
        }
        false
    }

    /// Removes `v` if nothing needs it; segments still passing through it
    /// are re-inserted between their chain neighbours. Returns whether `v`
    /// was removed.
    pub(crate) fn cleanup_vertex(&mut self, v: u32) -> bool {
        if self.fail.is_some() || !self.mesh.vertex_alive(v) || self.vertex_needed(v) {
            return false;
        }
        let m = &self.mesh;
        let start = m.raw_vertex_edge(v);
        let mut e = start;
        let mut owned: Vec<u32> = Vec::new();
        let mut through: Vec<(u32, [u32; 2], u8)> = Vec::new();
        loop {
            // only constrained edges have owners: skip the lookup otherwise
            if let Some(o) = m
                .raw_is_constrained(e)
                .then(|| self.owners.get(&(e >> 1)))
                .flatten()
            {
                owned.push(e);
                let d = m.raw_dest(e);
                for &g in o.segs() {
                    match through.iter_mut().find(|t| t.0 == g) {
                        Some(t) if t.2 < 2 => {
                            t.1[t.2 as usize] = d;
                            t.2 += 1;
                        }
                        Some(_) => return false, // not a simple chain: keep
                        None => through.push((g, [d, d], 1)),
                    }
                }
            }
            e = m.raw_rot_right(e);
            if e == start {
                break;
            }
        }
        if through.iter().any(|t| t.2 != 2) {
            return false;
        }
        for &h in &owned {
            self.take_owners(h);
        }
        self.remove_vertex_raw(v);
        for &(g, [u, w], _) in &through {
            self.tasks.push((u, w, g));
        }
        self.run_tasks();
        // the chains at the neighbours changed: re-check them
        for &(_, [u, w], _) in &through {
            self.created.push(u);
            self.created.push(w);
        }
        true
    }

    /// Removes vertex `v` (no owned edges, not a corner): frees its star and
    /// re-triangulates the hole, then restores Delaunay by flips.
    pub(crate) fn remove_vertex_raw(&mut self, v: u32) {
        let mut sc = std::mem::take(&mut self.sc);
        let m = &mut self.mesh;
        // spokes clockwise
        sc.crossed.clear();
        let start = m.raw_vertex_edge(v);
        let mut s = start;
        loop {
            sc.crossed.push(s);
            s = m.raw_rot_right(s);
            if s == start {
                break;
            }
        }
        sc.edges.clear();
        sc.faces.clear();
        sc.poly.clear();
        let outer = sc
            .crossed
            .iter()
            .position(|&s| m.raw_is_outer_face(m.raw_face(s)));
        if let Some(i) = outer {
            sc.crossed.rotate_left(i);
        }
        for &s in &sc.crossed {
            sc.poly.push(m.raw_dest(s));
            let f = m.raw_face(s);
            if !m.raw_is_outer_face(f) {
                sc.edges.push(m.raw_next(s));
                sc.faces.push(f);
            }
        }
        sc.poly.reverse();
        let mut keep = u32::MAX;
        if outer.is_some() {
            // border vertex: spokes [v->L (outer left), ..., e0 = v->R].
            // Reuse e0's pair as the new border edge R-L.
            let out_o = sc.crossed[0];
            let e0 = *sc.crossed.last().unwrap();
            let in_o = m.raw_opposite(e0);
            let l = m.raw_dest(out_o);
            let of = m.raw_face(in_o);
            let nn = m.raw_next(out_o);
            m.set_next(in_o, nn);
            m.set_origin(e0, l);
            m.set_fedge(of, in_o);
            sc.edges.push(e0);
            keep = e0 >> 1;
        }
        for &s in &sc.crossed {
            if s >> 1 != keep {
                m.free_pair(s);
            }
        }
        for &f in &sc.faces {
            m.free_face(f);
        }
        m.free_vertex(v);
        self.crossings.remove(&v);
        sc.tris.clear();
        ear_clip(m, &mut sc.poly, &mut sc.tris);
        sc.made.clear();
        m.stitch(&sc.edges, &sc.tris, &mut sc.stitch, &mut sc.made);
        self.pending.extend_from_slice(&sc.edges);
        self.pending.extend_from_slice(&sc.made);
        if let Some(&h) = sc.poly.first() {
            self.hint = h;
        }
        self.sc = sc;
        self.legalize_pending();
    }
}

/// Ear clipping of a counter-clockwise simple polygon with exact orient2d
/// (strictly convex ear, no other vertex in the closed ear); prefers ears
/// whose circumcircle is empty (exact incircle).
fn ear_clip(m: &Mesh, poly: &mut Vec<u32>, out: &mut Vec<[u32; 3]>) {
    while poly.len() > 3 {
        let n = poly.len();
        let mut pick = None;
        let mut fallback = None;
        for i in 0..n {
            let (a, b, c) = (poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]);
            let (pa, pb, pc) = (m.raw_pos(a), m.raw_pos(b), m.raw_pos(c));
            if orient2d(pa, pb, pc) <= 0.0 {
                continue;
            }
            let mut empty = true;
            let mut delaunay = true;
            for &q in poly.iter() {
                if q == a || q == b || q == c {
                    continue;
                }
                let pq = m.raw_pos(q);
                if orient2d(pa, pb, pq) >= 0.0
                    && orient2d(pb, pc, pq) >= 0.0
                    && orient2d(pc, pa, pq) >= 0.0
                {
                    empty = false;
                    break;
                }
                if delaunay && incircle(pa, pb, pc, pq) > 0.0 {
                    delaunay = false;
                }
            }
            if !empty {
                continue;
            }
            if delaunay {
                pick = Some(i);
                break;
            }
            fallback.get_or_insert(i);
        }
        let Some(i) = pick.or(fallback) else {
            break; // degenerate polygon: never expected
        };
        let n = poly.len();
        out.push([poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]]);
        poly.remove(i);
    }
    if poly.len() == 3 {
        out.push([poly[0], poly[1], poly[2]]);
    }
}
