//! Crate-internal mesh surgery: the rectangle primitive, slot allocation
//! with free lists, face/edge splits, flips and re-stitching of a hole.

use super::columns::{Column, HalfEdges};
use super::journal::Undo;
use super::{Generations, Mesh, NONE, OUTER_FACES};
use crate::Point;

impl Mesh {
    /// The rectangle primitive: 4 corners (ids 0..4, counter-clockwise from
    /// `(xmin, ymin)`), 2 inner triangles, 2 outer faces (ids 0, 1) joined
    /// by a ghost edge v1-v3 outside the rectangle: a closed mesh.
    pub(crate) fn rectangle(xmin: f64, ymin: f64, xmax: f64, ymax: f64) -> Mesh {
        let pos = vec![
            Point::new(xmin, ymin),
            Point::new(xmax, ymin),
            Point::new(xmax, ymax),
            Point::new(xmin, ymax),
        ];
        // pairs: 0 e01/1 e10, 2 e12/3 e21, 4 e23/5 e32, 6 e30/7 e03,
        // 8 e02/9 e20, 10 e13/11 e31 (ghost). Faces: 0 = outer (v0 v3 v1),
        // 1 = outer (v2 v1 v3), 2 = (v0 v1 v2), 3 = (v0 v2 v3).
        let recs = [
            [0, 1, 2, 2],
            [1, 0, 7, 0],
            [1, 3, 9, 2],
            [2, 2, 10, 1],
            [2, 5, 6, 3],
            [3, 4, 3, 1],
            [3, 7, 8, 3],
            [0, 6, 11, 0],
            [0, 9, 4, 3],
            [2, 8, 0, 2],
            [1, 11, 5, 1],
            [3, 10, 1, 0],
        ];
        let mut he = HalfEdges::default();
        for r in recs {
            he.push(r);
        }
        let mut m = Mesh {
            pos,
            vedge: Column::from_slice(&[0, 2, 4, 6]),
            he,
            fedge: Column::from_slice(&[7, 3, 0, 8]),
            cons: vec![0],
            journal: Default::default(),
            changes: Default::default(),
            free_v: Vec::new(),
            free_e: Vec::new(),
            free_f: Vec::new(),
            vgen: Generations::default(),
            egen: Generations::default(),
            fgen: Generations::default(),
            n_vertices: 4,
            n_faces: 4,
        };
        for e in [0, 2, 4, 6] {
            m.set_constrained(e, true);
        }
        m
    }

    /// Reserves room for `n` more vertices (and their ~2n faces, 6n half-edges).
    pub(crate) fn reserve_vertices(&mut self, n: usize) {
        // `reserve`, not `reserve_exact`: into a fresh mesh it is exact all
        // the same (no doubling slack), and many small bulk calls on a big
        // mesh still grow it geometrically instead of copying it each time
        self.pos.reserve(n);
        self.vedge.reserve(n);
        self.he.reserve(6 * n);
        self.fedge.reserve(2 * n);
        self.cons.reserve((3 * n).div_ceil(64));
    }

    /// Gives back the growth slack of the big columns after a bulk build
    /// (a shrinking reallocation of a large block remaps, it does not copy).
    pub(crate) fn shrink_slack(&mut self) {
        use super::fit_slack as fit;
        fit(&mut self.pos);
        self.vedge.shrink_slack();
        self.he.shrink_slack();
        self.fedge.shrink_slack();
        fit(&mut self.cons);
    }

    #[inline]
    pub(crate) fn alloc_vertex(&mut self, p: Point) -> u32 {
        self.n_vertices += 1;
        if let Some(v) = self.free_v.pop() {
            self.j_log(Undo::FreeVPop(v));
            self.j_pos(v);
            self.pos[v as usize] = p;
            v
        } else {
            let v = self.pos.len() as u32;
            self.pos.push(p);
            self.vedge.push(NONE);
            v
        }
    }
    pub(crate) fn free_vertex(&mut self, v: u32) {
        self.set_vedge(v, NONE);
        self.vgen.bump(v);
        self.free_v.push(v);
        self.j_log(Undo::VGen(v));
        self.j_log(Undo::FreeVPush);
        self.n_vertices -= 1;
    }
    /// A fresh edge pair `(e, e + 1)`, opposite of each other, unconstrained.
    #[inline]
    pub(crate) fn alloc_pair(&mut self) -> u32 {
        if let Some(e) = self.free_e.pop() {
            self.j_log(Undo::FreeEPop(e));
            self.set_opposite(e, e + 1);
            self.set_opposite(e + 1, e);
            e
        } else {
            let e = self.he.len() as u32;
            self.he.push([NONE, e + 1, NONE, NONE]);
            self.he.push([NONE, e, NONE, NONE]);
            let p = (e >> 1) as usize;
            if p >> 6 >= self.cons.len() {
                self.cons.push(0);
            }
            e
        }
    }
    pub(crate) fn free_pair(&mut self, e: u32) {
        let e = e & !1;
        self.set_constrained(e, false);
        self.j_he(e);
        self.j_he(e + 1);
        self.he.set_all(e, [NONE; 4]);
        self.he.set_all(e + 1, [NONE; 4]);
        self.egen.bump(e >> 1);
        self.free_e.push(e);
        self.j_log(Undo::EGen(e >> 1));
        self.j_log(Undo::FreeEPush);
    }
    #[inline]
    pub(crate) fn alloc_face(&mut self) -> u32 {
        self.n_faces += 1;
        if let Some(f) = self.free_f.pop() {
            self.j_log(Undo::FreeFPop(f));
            f
        } else {
            let f = self.fedge.len() as u32;
            self.fedge.push(NONE);
            f
        }
    }
    pub(crate) fn free_face(&mut self, f: u32) {
        debug_assert!(f >= OUTER_FACES);
        self.set_fedge(f, NONE);
        self.fgen.bump(f);
        self.free_f.push(f);
        self.j_log(Undo::FGen(f));
        self.j_log(Undo::FreeFPush);
        self.n_faces -= 1;
    }
    #[inline(always)]
    fn set(&mut self, e: u32, origin: u32, next: u32, face: u32) {
        self.set_origin(e, origin);
        self.set_next(e, next);
        self.set_face(e, face);
    }

    /// Splits inner triangle `f` at a new vertex at `p` (strictly inside).
    /// Returns the vertex; the three old edges are `next` of the new
    /// vertex's spokes (used by the Delaunay repair).
    pub(crate) fn split_face(&mut self, f: u32, p: Point) -> u32 {
        let a = self.fedge.get(f as usize);
        let b = self.raw_next(a);
        let c = self.raw_next(b);
        let (x, y, z) = (self.raw_origin(a), self.raw_origin(b), self.raw_origin(c));
        let v = self.alloc_vertex(p);
        let f2 = self.alloc_face();
        let f3 = self.alloc_face();
        let px = self.alloc_pair(); // x->v, v->x
        let py = self.alloc_pair();
        let pz = self.alloc_pair();
        // f: a, y->v, v->x ; f2: b, z->v, v->y ; f3: c, x->v, v->z
        // (whole records: one journal check and bounds check each)
        self.set_next(a, py);
        self.set_record(py, [y, py + 1, px + 1, f]);
        self.set_record(px + 1, [v, px, a, f]);
        self.set_next_face(b, pz, f2);
        self.set_record(pz, [z, pz + 1, py + 1, f2]);
        self.set_record(py + 1, [v, py, b, f2]);
        self.set_next_face(c, px, f3);
        self.set_record(px, [x, px + 1, pz + 1, f3]);
        self.set_record(pz + 1, [v, pz, c, f3]);
        self.set_fedge(f, a);
        self.set_fedge(f2, b);
        self.set_fedge(f3, c);
        self.set_vedge(v, px + 1);
        v
    }

    /// Splits the edge of half-edge `e` (whose left face is inner) at a new
    /// vertex at `p` (on its relative interior). `e` becomes `v -> dest`,
    /// the new pair `m` is `origin -> v`. The constrained flag is copied.
    /// Returns `(v, m)`.
    pub(crate) fn split_edge(&mut self, e: u32, p: Point) -> (u32, u32) {
        let o = self.raw_opposite(e);
        let x = self.raw_origin(e);
        let e1 = self.raw_next(e);
        let e2 = self.raw_next(e1);
        let z = self.raw_origin(e2);
        let f1 = self.raw_face(e);
        let f2 = self.raw_face(o);
        let v = self.alloc_vertex(p);
        let m = self.alloc_pair(); // x->v, v->x
        let cons = self.raw_is_constrained(e);
        self.set_constrained(m, cons);
        let g1 = self.alloc_face();
        let vz = self.alloc_pair(); // v->z, z->v
        // f1: e (v->y), e1, z->v ; g1: m (x->v), v->z, e2
        self.set_origin(e, v);
        self.set(vz + 1, z, e, f1);
        self.set_next(e1, vz + 1);
        self.set(m, x, vz, g1);
        self.set(vz, v, e2, g1);
        self.set_next(e2, m);
        self.set_face(e2, g1);
        self.set_fedge(f1, e);
        self.set_fedge(g1, m);
        if self.raw_is_outer_face(f2) {
            // outer polygon: ... o (y->v) -> m+1 (v->x) -> old next(o) ...
            let on = self.raw_next(o);
            self.set(m + 1, v, on, f2);
            self.set_next(o, m + 1);
        } else {
            let o1 = self.raw_next(o);
            let o2 = self.raw_next(o1);
            let w = self.raw_origin(o2);
            let g2 = self.alloc_face();
            let vw = self.alloc_pair(); // v->w, w->v
            // f2: o (y->v), v->w, o2 ; g2: m+1 (v->x), o1, w->v
            self.set(vw, v, o2, f2);
            self.set_next(o, vw);
            self.set(m + 1, v, o1, g2);
            self.set_next(o1, vw + 1);
            self.set_face(o1, g2);
            self.set(vw + 1, w, m + 1, g2);
            self.set_fedge(f2, o);
            self.set_fedge(g2, m + 1);
        }
        self.set_vedge(x, m);
        self.set_vedge(v, e);
        (v, m)
    }

    /// Flips the diagonal of the convex quad around `e` (both faces inner).
    /// With `e = u->w`, left apex `p`, right apex `q`, `e` becomes `q->p`.
    #[inline]
    pub(crate) fn flip(&mut self, e: u32) {
        let o = self.raw_opposite(e);
        let o1 = self.raw_next(o);
        let o2 = self.raw_next(o1);
        let (u, w) = (self.raw_origin(e), self.raw_origin(o));
        let p = self.raw_origin(self.raw_next(self.raw_next(e)));
        let q = self.raw_origin(o2);
        self.flip_known(e, [o, o1, o2], [u, w, p, q]);
    }

    /// [`Self::flip`] when the caller has read `[o, o1, o2]` (the opposite
    /// of `e` and its next two) and the vertices `[u, w, p, q]`.
    #[inline]
    pub(crate) fn flip_known(&mut self, e: u32, [o, o1, o2]: [u32; 3], [u, w, p, q]: [u32; 4]) {
        let e1 = self.raw_next(e);
        let e2 = self.raw_next(e1);
        let f1 = self.raw_face(e);
        let f2 = self.raw_face(o);
        // e and o are rewritten whole; o1 and e1 keep their origins, e2
        // and o2 their faces
        self.set_record(e, [q, o, e2, f1]);
        self.set_next(e2, o1);
        self.set_next_face(o1, e, f1);
        self.set_record(o, [p, e, o2, f2]);
        self.set_next(o2, e1);
        self.set_next_face(e1, o, f2);
        if self.raw_face_edge(f1) == e1 {
            self.set_fedge(f1, e);
        }
        if self.raw_face_edge(f2) == o1 {
            self.set_fedge(f2, o);
        }
        if self.raw_vertex_edge(u) == e {
            self.set_vedge(u, o1);
        }
        if self.raw_vertex_edge(w) == o {
            self.set_vedge(w, e1);
        }
    }

    /// Re-stitches a hole: `boundary` are the existing half-edges around the
    /// hole (their left side is the hole; face/next fields are rewritten),
    /// `tris` the counter-clockwise triangles covering it. Missing edges are
    /// allocated. `made` receives new half-edges (both halves' lower index).
    pub(crate) fn stitch(
        &mut self,
        boundary: &[u32],
        tris: &[[u32; 3]],
        scratch: &mut Vec<(u32, u32, u32)>,
        made: &mut Vec<u32>,
    ) {
        scratch.clear();
        for &b in boundary {
            scratch.push((self.raw_origin(b), self.raw_dest(b), b));
        }
        for t in tris {
            let f = self.alloc_face();
            let mut hs = [0u32; 3];
            for k in 0..3 {
                let (a, b) = (t[k], t[(k + 1) % 3]);
                hs[k] = if let Some(&(_, _, h)) = scratch.iter().find(|s| s.0 == a && s.1 == b) {
                    h
                } else {
                    let h = self.alloc_pair();
                    self.set_origin(h, a);
                    self.set_origin(h + 1, b);
                    scratch.push((b, a, h + 1));
                    made.push(h);
                    h
                };
            }
            for k in 0..3 {
                let h = hs[k];
                self.set_origin(h, t[k]);
                self.set_next(h, hs[(k + 1) % 3]);
                self.set_face(h, f);
                self.set_vedge(t[k], h);
            }
            self.set_fedge(f, hs[0]);
        }
    }
}
