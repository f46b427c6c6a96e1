//! Patching the snapshot where the triangulation changed: the faces an
//! operation wrote (from the mesh's change log) lose their triangles, get
//! new ones in the freed slots, and everything derived from them — links,
//! walls, wedges, corner tables, grid hints, dead-end pruning — is redone
//! around those triangles only.
//!
//! Dead ends are kept conservatively: every dead-end subtree that held a
//! changed triangle is opened up (its chain of parents cleared), then
//! peeled again locally. Pruning is only ever lost, never wrong; what a
//! patch cannot restore within its budget is counted, and past a share of
//! the world the snapshot is rebuilt (amortised: the rebuild follows at
//! least that much patch work).

use super::{NONE, NavMesh, next, prev};
use crate::geometry::Rect;
use crate::mesh::Mesh;
use crate::triangulation::Cdt;

/// Most triangles one patch peels back into dead ends.
const PEEL_BUDGET: usize = 1 << 14;

/// Reusable buffers of a patch.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    pub(super) faces: Vec<u32>,
    old: Vec<u32>,
    new: Vec<u32>,
    /// Mesh half-edges of the new triangles, three each.
    hes: Vec<u32>,
    verts: Vec<u32>,
    cells: Vec<usize>,
    stale_cells: Vec<usize>,
    freed_wedges: Vec<u32>,
    peel: Vec<u32>,
    fan: Vec<u32>,
    /// Start and end in `fans` of each vertex's corners.
    fans: Vec<u32>,
    spans: Vec<(u32, u32, u32)>,
    rays: Vec<f64>,
}

impl NavMesh {
    /// Rebuild instead of patching: too many free slots, or too much
    /// dead-end pruning given up.
    pub(super) fn needs_compaction(&self) -> bool {
        let live = self.live;
        self.free_tris.len() > live / 2 + 4096 || self.lost > live / 8 + 4096
    }

    /// Redoes the triangles of `faces` (deduplicated here). Returns the box
    /// of the old and new triangles and how many triangles were written.
    pub(super) fn patch(&mut self, cdt: &Cdt, faces: &mut Vec<u32>) -> (Option<Rect>, usize) {
        let m = &cdt.mesh;
        faces.sort_unstable();
        faces.dedup();
        faces.retain(|&f| (f as usize) < m.fedge.len());
        if self.face_tri.len() < m.fedge.len() {
            self.face_tri.resize(m.fedge.len(), NONE);
        }
        let mut s = std::mem::take(&mut self.scratch);
        for v in [
            &mut s.old,
            &mut s.new,
            &mut s.hes,
            &mut s.verts,
            &mut s.freed_wedges,
            &mut s.peel,
            &mut s.fans,
        ] {
            v.clear();
        }
        s.spans.clear();
        s.stale_cells.clear();
        let mut region: Option<Rect> = None;
        let grow = |r: &mut Option<Rect>, p| match r {
            Some(r) => r.add(p),
            None => *r = Some(Rect::new(p, p)),
        };

        // 1. The old triangles: their box, grid cells, vertices and wedge
        //    ids, and the dead-end chains above them (opened up).
        for &f in faces.iter() {
            let t = self.face_tri[f as usize];
            if t != NONE {
                self.face_tri[f as usize] = NONE;
                s.old.push(t);
            }
        }
        let mut cleared = 0usize;
        for k in 0..s.old.len() {
            let t = s.old[k];
            for i in 0..3 {
                let c = 3 * t + i;
                grow(&mut region, self.p(self.v(c)));
                s.verts.push(self.v(c));
                if self.wedge[c as usize] != NONE {
                    s.freed_wedges.push(self.wedge[c as usize]);
                }
            }
            self.grid_cells(t, &mut s.cells);
            s.stale_cells.extend_from_slice(&s.cells);
            let mut x = t;
            while self.exit[x as usize] != NONE {
                let e = self.exit[x as usize];
                self.exit[x as usize] = NONE;
                let o = self.opp[e as usize];
                self.shut[o as usize] = false; // an exit edge is open
                x = o / 3;
                s.peel.push(x);
                cleared += 1;
            }
        }
        for &t in &s.old {
            self.free_slot(t);
        }

        // 2. Room for new vertices; 3. the new triangles.
        let nv = m.pos.len();
        if self.pos.len() < nv {
            self.pos.resize(nv, crate::Point::new(0.0, 0.0));
            self.corner.resize(nv, false);
        }
        self.arcs.resize(nv);
        for &f in faces.iter() {
            if f < crate::mesh::OUTER_FACES || !m.face_alive(f) {
                continue;
            }
            let t = self.alloc_slot();
            let e0 = m.raw_face_edge(f);
            let mut e = e0;
            for i in 0..3 {
                let h = (3 * t + i) as usize;
                let v = m.raw_origin(e);
                self.tv[h] = v;
                self.pos[v as usize] = m.raw_pos(v);
                self.wall[h] = m.raw_is_constrained(e);
                s.verts.push(v);
                s.hes.push(e);
                grow(&mut region, m.raw_pos(v));
                e = m.raw_next(e);
            }
            debug_assert_eq!(e, e0, "inner faces are triangles");
            self.tri_face[t as usize] = f;
            self.face_tri[f as usize] = t;
            s.new.push(t);
        }

        // 4. Links across the new triangles' edges, both ways.
        for (k, &t) in s.new.iter().enumerate() {
            for i in 0..3u32 {
                let h = 3 * t + i;
                let o = m.raw_opposite(s.hes[3 * k + i as usize]);
                let fo = m.raw_face(o);
                if fo < crate::mesh::OUTER_FACES {
                    self.opp[h as usize] = NONE;
                    self.wall[h as usize] = true;
                    continue;
                }
                let t2 = self.face_tri[fo as usize];
                debug_assert_ne!(t2, NONE, "a neighbour of a new triangle has a slot");
                let vo = m.raw_origin(o);
                let j = (0..3)
                    .find(|&j| self.tv[(3 * t2 + j) as usize] == vo)
                    .expect("shared edge");
                let h2 = 3 * t2 + j;
                self.opp[h as usize] = h2;
                self.opp[h2 as usize] = h;
                self.wall[h2 as usize] = self.wall[h as usize];
            }
        }
        for &t in &s.new {
            for h in 3 * t..3 * t + 3 {
                self.shut[h as usize] = self.shut_of(h);
                let o = self.opp[h as usize];
                if o != NONE {
                    self.shut[o as usize] = self.shut_of(o);
                }
            }
        }

        // 5. Vertices: wedges (old ids freed first, new ones given after),
        //    wall flags and the corner tables of the radius > 0 search.
        s.verts.sort_unstable();
        s.verts.dedup();
        for &v in &s.verts {
            if !m.vertex_alive(v) {
                self.corner[v as usize] = false;
                self.arcs.clear(v);
                continue;
            }
            let Some(c) = self.corner_of(m, v) else {
                continue;
            };
            self.ordered_fan(c, &mut s.fan);
            let start = s.fans.len() as u32;
            for &c in &s.fan {
                let w = self.wedge[c as usize];
                if w != NONE {
                    s.freed_wedges.push(w);
                }
            }
            s.fans.extend_from_slice(&s.fan);
            s.spans.push((v, start, s.fans.len() as u32));
        }
        s.freed_wedges.sort_unstable();
        s.freed_wedges.dedup();
        self.free_wedges.extend_from_slice(&s.freed_wedges);
        for &(v, a, b) in &s.spans {
            let fan = &s.fans[a as usize..b as usize];
            self.assign_wedges(fan);
            self.corner[v as usize] = fan
                .iter()
                .any(|&c| self.wall[c as usize] || self.wall[prev(c) as usize]);
            let mut arcs = std::mem::take(&mut self.arcs);
            arcs.refresh(self, v, fan, &mut s.rays);
            self.arcs = arcs;
        }

        // 6. Dead ends peeled again from the new and opened triangles.
        s.peel.extend_from_slice(&s.new);
        let repeeled = self.peel(&mut s.peel);
        self.lost = (self.lost + cleared).saturating_sub(repeeled);

        // 7. Grid hints: the new triangles' cells, and any cell left
        //    pointing at a freed slot.
        if let Some(&t0) = s.new.first() {
            self.any = t0;
        }
        for &t in &s.new {
            self.grid_cells(t, &mut s.cells);
            for &k in &s.cells {
                self.grid[k] = t;
            }
        }
        for &k in &s.stale_cells {
            let g = self.grid[k];
            if self.tv[3 * g as usize] == NONE {
                self.grid[k] = self.any;
            }
        }
        let written = s.new.len();
        self.scratch = s;
        (region, written)
    }

    #[inline]
    fn shut_of(&self, h: u32) -> bool {
        let o = self.opp[h as usize];
        self.wall[h as usize] || o == NONE || self.exit[(o / 3) as usize] == o
    }

    fn free_slot(&mut self, t: u32) {
        self.tri_face[t as usize] = NONE;
        for h in 3 * t as usize..3 * t as usize + 3 {
            self.tv[h] = NONE;
            self.opp[h] = NONE;
            self.wall[h] = true;
            self.shut[h] = true;
            self.wedge[h] = NONE;
        }
        self.exit[t as usize] = NONE;
        self.free_tris.push(t);
        self.live -= 1;
    }

    fn alloc_slot(&mut self) -> u32 {
        self.live += 1;
        if let Some(t) = self.free_tris.pop() {
            return t;
        }
        let t = self.slots() as u32;
        for _ in 0..3 {
            self.tv.push(NONE);
            self.opp.push(NONE);
            self.wall.push(true);
            self.shut.push(true);
            self.wedge.push(NONE);
        }
        self.exit.push(NONE);
        self.tri_face.push(NONE);
        t
    }

    /// A corner of the snapshot at live mesh vertex `v`.
    fn corner_of(&self, m: &Mesh, v: u32) -> Option<u32> {
        let e = m.raw_vertex_edge(v);
        let t = *self.face_tri.get(m.raw_face(e) as usize)?;
        if t == NONE {
            return None;
        }
        (3 * t..3 * t + 3).find(|&c| self.tv[c as usize] == v)
    }

    /// The corners around the vertex of corner `c`, counter-clockwise,
    /// starting after a wall (at the border: the most clockwise corner).
    pub(super) fn ordered_fan(&self, c: u32, out: &mut Vec<u32>) {
        out.clear();
        // Rewind clockwise (across each corner's edge i) to the border...
        let mut s = c;
        let mut interior = false;
        loop {
            let o = self.opp[s as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            if nc == c {
                interior = true;
                break;
            }
            s = nc;
        }
        // ... or, all the way round, to a wall if there is one.
        if interior {
            s = c;
            while !self.wall[s as usize] {
                let nc = next(self.opp[s as usize]);
                if nc == c {
                    break;
                }
                s = nc;
            }
        }
        out.push(s);
        let mut cur = s;
        loop {
            let o = self.opp[prev(cur) as usize];
            if o == NONE || o == s {
                break;
            }
            out.push(o);
            cur = o;
        }
    }

    /// Fresh wedge ids along an ordered fan: a new wedge after every wall.
    fn assign_wedges(&mut self, fan: &[u32]) {
        let mut id = self.alloc_wedge();
        for (k, &c) in fan.iter().enumerate() {
            if k > 0 && self.wall[prev(fan[k - 1]) as usize] {
                id = self.alloc_wedge();
            }
            self.wedge[c as usize] = id;
        }
    }

    fn alloc_wedge(&mut self) -> u32 {
        self.free_wedges.pop().unwrap_or_else(|| {
            self.wedge_count += 1;
            self.wedge_count - 1
        })
    }

    /// Peels triangles with at most one open edge to a non-child into the
    /// dead-end forest, cascading to their parents, within the budget.
    /// Returns how many were peeled.
    fn peel(&mut self, stack: &mut Vec<u32>) -> usize {
        let mut peeled = 0;
        while let Some(t) = stack.pop() {
            if peeled >= PEEL_BUDGET {
                break;
            }
            if self.tv[3 * t as usize] == NONE || self.exit[t as usize] != NONE {
                continue;
            }
            let (mut deg, mut up) = (0, NONE);
            for h in 3 * t..3 * t + 3 {
                let o = self.opp[h as usize];
                if self.wall[h as usize] || o == NONE || self.exit[(o / 3) as usize] == o {
                    continue;
                }
                deg += 1;
                up = h;
            }
            if deg == 1 {
                self.exit[t as usize] = up;
                let o = self.opp[up as usize];
                self.shut[o as usize] = true;
                stack.push(o / 3);
                peeled += 1;
            }
        }
        stack.clear();
        peeled
    }
}
