//! Patching the snapshot where the triangulation changed: the faces an
//! operation wrote (from the mesh's change log) lose their triangles, get
//! new ones in the freed slots, and everything derived from them — links,
//! walls, wedges, corner tables, grid hints, dead-end pruning — is redone
//! around those triangles only.
//!
//! A written face with the vertices (in the same turn) and walls of a
//! triangle it replaces keeps that triangle's slot, links and dead-end
//! state (a moved object's own fan: about two thirds of what a move
//! writes); only its position-dependent tables are redone.
//!
//! Dead ends are kept conservatively: every dead-end subtree that held a
//! changed triangle is opened up (its chain of parents cleared), then
//! peeled again locally. Pruning is only ever lost, never wrong; what a
//! patch cannot restore within its budget is counted, and past a share of
//! the world the snapshot is rebuilt (amortised: the rebuild follows at
//! least that much patch work).

use super::super::{NONE, NavMesh, next, prev};
use crate::geometry::Rect;
use crate::mesh::Mesh;
use crate::triangulation::Cdt;

/// Most triangles one patch peels back into dead ends.
const PEEL_BUDGET: usize = 1 << 14;

/// A wall seen from a vertex: `vertex << 32 | other end`.
type WallEnd = u64;

/// Reusable buffers of a patch.
#[derive(Clone, Debug, Default)]
pub(in crate::path::navmesh) struct Scratch {
    pub(in crate::path::navmesh) faces: Vec<u32>,
    old: Vec<u32>,
    new: Vec<u32>,
    /// Mesh half-edges of the new triangles, three each.
    hes: Vec<u32>,
    verts: Vec<u32>,
    /// Per face / vertex: `epoch` once listed in this patch.
    face_seen: Vec<u32>,
    /// Per vertex: `(epoch, first index in olds)`, the index of the old
    /// triangles it is the smallest vertex of (one cache line for both).
    vert_seen: Vec<(u32, u32)>,
    epoch: u32,
    freed_wedges: Vec<u32>,
    /// Per wedge id: `epoch` once freed in this patch.
    wedge_seen: Vec<u32>,
    /// Wall edges (both directions) of the old and of the new triangles:
    /// a vertex's free arc changes only if its walls did.
    old_walls: Vec<WallEnd>,
    new_walls: Vec<WallEnd>,
    /// Per vertex: `epoch` when its free arc must be recomputed.
    arc_seen: Vec<u32>,
    /// Per vertex: `epoch` when its slot now holds another position.
    reused: Vec<u32>,
    peel: Vec<u32>,
    fan: Vec<u32>,
    /// Start and end in `fans` of each vertex's corners.
    fans: Vec<u32>,
    spans: Vec<(u32, u32, u32)>,
    /// Boxes of the old and new triangles (the update's region).
    pub(in crate::path::navmesh) boxes: super::history::Boxes,
    /// Walls (ends in order) and vertices of the old and of the new
    /// triangles, by coordinates: what changed is in one list only.
    old_geo: Vec<Geo>,
    new_geo: Vec<Geo>,
    /// Boxes of the walls and vertices that changed (see `history`).
    pub(in crate::path::navmesh) changes: super::history::Boxes,
    rays: Vec<crate::Point>,
    /// Old triangles by their smallest vertex (see [`OldTri`]).
    olds: Vec<OldTri>,
    /// Kept triangles: (slot, new face).
    kept: Vec<(u32, u32)>,
    /// New faces that match no old triangle.
    added: Vec<u32>,
}

/// Calls `f` on every item in one of the sorted, deduplicated `a`, `b`
/// and not the other.
fn sym_diff<T: Ord + Copy>(a: &[T], b: &[T], mut f: impl FnMut(T)) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(&x), Some(&y)) if x < y => {
                i += 1;
                f(x);
            }
            (Some(&x), None) => {
                i += 1;
                f(x);
            }
            (_, Some(&y)) => {
                j += 1;
                f(y);
            }
            (None, None) => break,
        }
    }
}

/// A wall (its two ends, the smaller first) or a vertex (both ends the
/// same), by coordinate bits.
type Geo = [u64; 4];

fn geo(a: crate::Point, b: crate::Point) -> Geo {
    let (a, b) = if (a.x, a.y) <= (b.x, b.y) {
        (a, b)
    } else {
        (b, a)
    };
    [a.x.to_bits(), a.y.to_bits(), b.x.to_bits(), b.y.to_bits()]
}

fn geo_points(g: &Geo) -> (crate::Point, crate::Point) {
    let f = f64::from_bits;
    (
        crate::Point::new(f(g[0]), f(g[1])),
        crate::Point::new(f(g[2]), f(g[3])),
    )
}

/// An old triangle seen from its smallest vertex `a` (at corner
/// `3 * slot + rot`): the next two vertices counter-clockwise, and the next
/// old triangle whose smallest vertex is `a`. `slot` is `NONE` once a new
/// face took it.
#[derive(Clone, Copy, Debug)]
struct OldTri {
    b: u32,
    c: u32,
    slot: u32,
    rot: u32,
    next: u32,
}

impl Scratch {
    /// Boxes of what is in one of `old_geo`, `new_geo` and not the other
    /// into `changes`.
    fn changed_geo(&mut self) {
        // As sets: a vertex is listed once per triangle round it.
        for g in [&mut self.old_geo, &mut self.new_geo] {
            g.sort_unstable();
            g.dedup();
        }
        let changes = &mut self.changes;
        sym_diff(&self.old_geo, &self.new_geo, |g| {
            let (a, b) = geo_points(&g);
            changes.add(a, b, b);
        });
    }

    /// Lists old triangle `t` (its vertices already listed) under its
    /// smallest vertex, for [`NavMesh::match_kept`].
    fn list_old(&mut self, nav: &NavMesh, t: u32) {
        let c = 3 * t;
        let v = [nav.v(c), nav.v(c + 1), nav.v(c + 2)];
        let r = (0..3).min_by_key(|&i| v[i]).unwrap_or(0);
        let a = v[r] as usize;
        let next = self.vert_seen[a].1;
        self.vert_seen[a].1 = self.olds.len() as u32;
        self.olds.push(OldTri {
            b: v[(r + 1) % 3],
            c: v[(r + 2) % 3],
            slot: t,
            rot: r as u32,
            next,
        });
    }

    pub(in crate::path::navmesh) fn heap_bytes(&self) -> usize {
        fn b<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        b(&self.faces)
            + b(&self.old)
            + b(&self.new)
            + b(&self.hes)
            + b(&self.verts)
            + b(&self.face_seen)
            + b(&self.vert_seen)
            + b(&self.freed_wedges)
            + b(&self.wedge_seen)
            + b(&self.old_walls)
            + b(&self.new_walls)
            + b(&self.arc_seen)
            + b(&self.reused)
            + b(&self.peel)
            + b(&self.fan)
            + b(&self.fans)
            + b(&self.spans)
            + b(&self.rays)
            + b(&self.old_geo)
            + b(&self.new_geo)
            + b(&self.olds)
            + b(&self.kept)
            + b(&self.added)
    }
}

impl NavMesh {
    /// Rebuild instead of patching: too many free slots, or too much
    /// dead-end pruning given up.
    pub(in crate::path::navmesh) fn needs_compaction(&self) -> bool {
        let live = self.live;
        self.free_tris.len() > live / 2 + 4096 || self.lost > live / 8 + 4096
    }

    /// Redoes the triangles of `faces` (deduplicated here). Returns the box
    /// of the old and new triangles and how many triangles were written.
    #[inline(never)]
    pub(in crate::path::navmesh) fn patch(
        &mut self,
        cdt: &Cdt,
        faces: &mut Vec<u32>,
    ) -> (Option<Rect>, usize) {
        let m = &cdt.mesh;
        let mut s = std::mem::take(&mut self.scratch);
        s.epoch = s.epoch.wrapping_add(1);
        if s.epoch == 0 {
            s.face_seen.iter_mut().for_each(|x| *x = 0);
            s.vert_seen.iter_mut().for_each(|x| *x = (0, NONE));
            s.wedge_seen.iter_mut().for_each(|x| *x = 0);
            s.arc_seen.iter_mut().for_each(|x| *x = 0);
            s.reused.iter_mut().for_each(|x| *x = 0);
            s.epoch = 1;
        }
        let ep = s.epoch;
        if s.face_seen.len() < m.fedge.len() {
            s.face_seen.resize(m.fedge.len(), 0);
        }
        if s.vert_seen.len() < m.pos.len() {
            s.vert_seen.resize(m.pos.len(), (0, NONE));
            s.arc_seen.resize(m.pos.len(), 0);
            s.reused.resize(m.pos.len(), 0);
        }
        if s.wedge_seen.len() < self.wedge_count as usize {
            s.wedge_seen.resize(self.wedge_count as usize, 0);
        }
        // Each face once (the log repeats faces written many times).
        faces.retain(|&f| {
            let k = f as usize;
            k < m.fedge.len() && std::mem::replace(&mut s.face_seen[k], ep) != ep
        });
        if self.face_tri.len() < m.fedge.len() {
            self.face_tri.resize(m.fedge.len(), NONE);
        }
        for v in [
            &mut s.old,
            &mut s.new,
            &mut s.hes,
            &mut s.verts,
            &mut s.freed_wedges,
            &mut s.peel,
            &mut s.fans,
            &mut s.added,
        ] {
            v.clear();
        }
        s.spans.clear();
        s.olds.clear();
        s.kept.clear();
        s.old_walls.clear();
        s.new_walls.clear();
        s.boxes.clear();
        s.old_geo.clear();
        s.new_geo.clear();
        s.changes.clear();

        // 1. The old triangles: their box, grid cells, vertices and wedge
        //    ids, and the dead-end chains above them (opened up).
        for &f in faces.iter() {
            let t = self.face_tri[f as usize];
            if t != NONE {
                self.face_tri[f as usize] = NONE;
                s.old.push(t);
            }
        }
        for k in 0..s.old.len() {
            let t = s.old[k];
            for i in 0..3 {
                let c = 3 * t + i;
                let v = self.v(c);
                if s.vert_seen[v as usize].0 != ep {
                    s.vert_seen[v as usize] = (ep, NONE);
                    s.verts.push(v);
                }
                let w = self.wedge[c as usize];
                if w != NONE && std::mem::replace(&mut s.wedge_seen[w as usize], ep) != ep {
                    s.freed_wedges.push(w);
                }
                if self.wall[c as usize] {
                    let b = self.v(next(c));
                    s.old_walls
                        .extend_from_slice(&[self.wall_end(v, b), self.wall_end(b, v)]);
                }
            }
            let [a, b, c] = [0, 1, 2].map(|i| self.p(self.v(3 * t + i)));
            s.boxes.add(a, b, c);
            self.list_geo(t, &mut s.old_geo);
            s.list_old(self, t);
        }
        self.match_kept(m, &mut s, faces);
        let mut cleared = 0usize;
        for k in 0..s.old.len() {
            let t = s.old[k];
            if s.olds[k].slot == NONE {
                // Kept: same vertices, walls and links to every neighbour
                // kept or unchanged, so its dead-end state still holds.
                continue;
            }
            let mut x = t;
            while self.exit[x as usize] != NONE {
                let e = self.exit[x as usize];
                self.exit[x as usize] = NONE;
                let o = self.opp[e as usize];
                self.shut.set(o as usize, false); // an exit edge is open
                x = o / 3;
                s.peel.push(x);
                cleared += 1;
            }
        }
        for k in 0..s.old.len() {
            if s.olds[k].slot != NONE {
                self.free_slot(s.old[k]);
            }
        }

        // 2. Room for new vertices; 3. the new triangles.
        let nv = m.pos.len();
        if self.pos.len() < nv {
            self.pos.resize(nv, crate::Point::new(0.0, 0.0));
            self.corner.grow(nv, false);
        }
        self.arcs.resize(nv);
        for k in 0..s.kept.len() {
            let (t, f) = s.kept[k];
            for c in 3 * t..3 * t + 3 {
                let v = self.v(c);
                self.touch_vertex(m, &mut s, v);
            }
            let [a, b, c] = [0, 1, 2].map(|i| m.raw_pos(self.v(3 * t + i)));
            s.boxes.add(a, b, c);
            self.tri_face[t as usize] = f;
            self.face_tri[f as usize] = t;
        }
        for k in 0..s.added.len() {
            let f = s.added[k];
            let t = self.alloc_slot();
            let e0 = m.raw_face_edge(f);
            let mut e = e0;
            for i in 0..3 {
                let h = (3 * t + i) as usize;
                let v = m.raw_origin(e);
                self.tv[h] = v;
                self.touch_vertex(m, &mut s, v);
                self.wall.set(h, m.raw_is_constrained(e));
                s.hes.push(e);
                e = m.raw_next(e);
            }
            let [a, b, c] = [0, 1, 2].map(|i| m.raw_pos(self.tv[(3 * t + i) as usize]));
            s.boxes.add(a, b, c);
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
                    self.wall.set(h as usize, true);
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
                self.wall.set(h2 as usize, self.wall[h as usize]);
            }
        }
        // A kept triangle's edge no new triangle linked again lost its
        // old neighbour to the outer face: now the border (its dead-end
        // state is redone).
        for k in 0..s.kept.len() {
            let t = s.kept[k].0;
            for h in 3 * t..3 * t + 3 {
                let o = self.opp[h as usize];
                // (Only a wall can be the border: kept walls are unchanged.)
                if self.wall[h as usize] && o != NONE && self.opp[o as usize] != h {
                    self.opp[h as usize] = NONE;
                    self.shut.set(h as usize, true);
                    if self.exit[t as usize] == h {
                        self.exit[t as usize] = NONE;
                        cleared += 1;
                    }
                    s.peel.push(t);
                }
                if self.wall[h as usize] {
                    let (a, b) = (self.v(h), self.v(next(h)));
                    s.new_walls
                        .extend_from_slice(&[self.wall_end(a, b), self.wall_end(b, a)]);
                }
            }
        }
        for &t in &s.new {
            for h in 3 * t..3 * t + 3 {
                if self.wall[h as usize] {
                    let (a, b) = (self.v(h), self.v(next(h)));
                    s.new_walls
                        .extend_from_slice(&[self.wall_end(a, b), self.wall_end(b, a)]);
                }
                self.shut.set(h as usize, self.shut_of(h));
                let o = self.opp[h as usize];
                if o != NONE {
                    self.shut.set(o as usize, self.shut_of(o));
                }
            }
        }

        // 4b. The walls and vertices that changed, for the history.
        for k in 0..s.kept.len() {
            self.list_geo(s.kept[k].0, &mut s.new_geo);
        }
        for k in 0..s.new.len() {
            self.list_geo(s.new[k], &mut s.new_geo);
        }
        s.changed_geo();

        // 5. Vertices: wedges (old ids freed first, new ones given after),
        //    wall flags and the corner tables of the radius > 0 search.
        for &v in &s.verts {
            if !m.vertex_alive(v) {
                self.corner.set(v as usize, false);
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
                if w != NONE && std::mem::replace(&mut s.wedge_seen[w as usize], ep) != ep {
                    s.freed_wedges.push(w);
                }
            }
            s.fans.extend_from_slice(&s.fan);
            s.spans.push((v, start, s.fans.len() as u32));
        }
        self.free_wedges.extend_from_slice(&s.freed_wedges);
        // Vertices whose walls changed (in one list and not the other).
        for w in [&mut s.old_walls, &mut s.new_walls] {
            w.sort_unstable();
            w.dedup();
        }
        let arc_seen = &mut s.arc_seen;
        sym_diff(&s.old_walls, &s.new_walls, |changed| {
            arc_seen[(changed >> 32) as usize] = ep;
        });
        // A wall whose far end moved (a reused vertex slot) changes the
        // near end's arc too.
        for &x in s.new_walls.iter() {
            if s.reused[(x & 0xffff_ffff) as usize] == ep {
                s.arc_seen[(x >> 32) as usize] = ep;
            }
        }
        for &(v, a, b) in &s.spans {
            let fan = &s.fans[a as usize..b as usize];
            self.assign_wedges(fan);
            self.arcs.vcorner[v as usize] = fan[0];
            if s.arc_seen[v as usize] == ep {
                self.corner.set(
                    v as usize,
                    fan.iter()
                        .any(|&c| self.wall[c as usize] || self.wall[prev(c) as usize]),
                );
                let mut arcs = std::mem::take(&mut self.arcs);
                arcs.refresh(self, v, fan, &mut s.rays);
                self.arcs = arcs;
            }
        }

        // 6. Dead ends peeled again from the new and opened triangles.
        s.peel.extend_from_slice(&s.new);
        let repeeled = self.peel(&mut s.peel);
        self.lost = (self.lost + cleared).saturating_sub(repeeled);

        // 7. Grid hints: each new triangle in the cell of its centroid (a
        //    hint left on a freed slot is passed over by `locate`).
        if let Some(&t0) = s.new.first().or(s.kept.first().map(|k| &k.0)) {
            self.any = t0;
        } else if self.tv[3 * self.any as usize] == NONE {
            // Nothing new (cannot happen in a triangulation): any live slot.
            self.any = (0..self.slots() as u32)
                .find(|&t| self.tv[3 * t as usize] != NONE)
                .unwrap_or(0);
        }
        for &t in &s.new {
            let k = self.cell(self.centroid(t), self.grid_n);
            self.grid[k] = t;
        }
        let written = s.new.len() + s.kept.len();
        let region = s.boxes.union();
        self.scratch = s;
        (region, written)
    }

    /// Splits the live faces of `faces` into those that keep the slot of
    /// an old triangle (`s.kept`: same vertices in the same turn, same
    /// walls) and the others (`s.added`). `s.olds[k]` describes `s.old[k]`
    /// and is marked taken (`slot == NONE`) when kept.
    fn match_kept(&self, m: &Mesh, s: &mut Scratch, faces: &[u32]) {
        let ep = s.epoch;
        for &f in faces {
            if f < crate::mesh::OUTER_FACES || !m.face_alive(f) {
                continue;
            }
            let e0 = m.raw_face_edge(f);
            let e1 = m.raw_next(e0);
            let es = [e0, e1, m.raw_next(e1)];
            let v = es.map(|e| m.raw_origin(e));
            let q = (0..3).min_by_key(|&i| v[i]).unwrap_or(0);
            let a = v[q] as usize;
            let mut k = if s.vert_seen[a].0 == ep {
                s.vert_seen[a].1
            } else {
                NONE
            };
            while k != NONE {
                let o = s.olds[k as usize];
                if o.slot != NONE && o.b == v[(q + 1) % 3] && o.c == v[(q + 2) % 3] {
                    let same_walls = (0..3).all(|i| {
                        let h = 3 * o.slot + (o.rot + i as u32) % 3;
                        self.wall[h as usize] == m.raw_is_constrained(es[(q + i) % 3])
                    });
                    if same_walls {
                        s.kept.push((o.slot, f));
                        s.olds[k as usize].slot = NONE;
                    }
                    break;
                }
                k = o.next;
            }
            if s.kept.last().is_none_or(|x| x.1 != f) {
                s.added.push(f);
            }
        }
    }

    /// A vertex of a written triangle: listed once, its position copied.
    #[inline]
    fn touch_vertex(&mut self, m: &Mesh, s: &mut Scratch, v: u32) {
        let ep = s.epoch;
        if self.pos[v as usize] != m.raw_pos(v) {
            // Moved, or a vertex slot reused at another place.
            self.pos[v as usize] = m.raw_pos(v);
            s.arc_seen[v as usize] = ep;
            s.reused[v as usize] = ep;
        }
        if s.vert_seen[v as usize].0 != ep {
            s.vert_seen[v as usize] = (ep, NONE);
            s.verts.push(v);
            s.arc_seen[v as usize] = ep; // a new vertex
        }
    }

    /// Lists the walls and the vertices of triangle `t` by coordinates.
    fn list_geo(&self, t: u32, out: &mut Vec<Geo>) {
        for h in 3 * t..3 * t + 3 {
            let a = self.p(self.v(h));
            out.push(geo(a, a));
            if self.wall[h as usize] {
                out.push(geo(a, self.p(self.v(next(h)))));
            }
        }
    }

    #[inline]
    fn wall_end(&self, v: u32, b: u32) -> WallEnd {
        (v as u64) << 32 | b as u64
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
            self.wall.set(h, true);
            self.shut.set(h, true);
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
    pub(in crate::path::navmesh) fn ordered_fan(&self, c: u32, out: &mut Vec<u32>) {
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
                self.shut.set(o as usize, true);
                stack.push(o / 3);
                peeled += 1;
            }
        }
        stack.clear();
        peeled
    }
}
