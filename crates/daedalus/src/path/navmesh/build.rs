//! Whole-snapshot passes: wedges, dead-end forest, location grid and the
//! spatial order of the triangles (run by a full build; a patch redoes
//! the same work locally, see `patch`).

use super::{Bits, NONE, NavMesh, next, prev};
use crate::Point;
use crate::geometry::orient2d;

impl NavMesh {
    // Corner `c = 3t + i`: clockwise next corner around the vertex is across
    // edge i (v -> v[i+1]); counter-clockwise next across edge i+2.
    /// Wedges, and with them the corner tables of the radius > 0 search
    /// (`arcs`, sized to the vertices): a wedge bounded by walls spans the
    /// gap between two walls consecutive around its vertex, so the one
    /// gap of more than half a turn, if any, is the wedge whose walls turn
    /// clockwise (`orient2d`, exact). Vertices on the border have a gap
    /// outside the triangles, which no wedge spans: theirs are set from all
    /// their walls as a patch sets them (`Arcs::set`).
    #[inline(never)]
    pub(super) fn build_wedges(&mut self) {
        let n = self.tv.len();
        let mut arcs = std::mem::take(&mut self.arcs);
        arcs.resize(self.pos.len());
        let mut wedge = vec![NONE; n];
        // A vertex touches a wall iff some wall leaves it (an inner wall
        // is a wall both ways; the border is a closed loop).
        let mut corner = Bits::default();
        corner.grow(self.pos.len(), false);
        // Room for a record per vertex at once, the slack given back after:
        // records grown by doubling raised the build's peak by half their
        // size (counting the vertices with walls first, for a tighter
        // bound, measured slower).
        arcs.reserve(self.pos.len());
        let mut border: Vec<u64> = Vec::new();
        let mut id = 0u32;
        // A wedge bounded by walls starts at its one corner whose clockwise
        // edge (edge i, from the corner's vertex) is a wall: walk
        // counter-clockwise from there to the next wall. Each corner is
        // visited once (no search for the start).
        for c0 in 0..n as u32 {
            if !self.wall[c0 as usize] {
                continue;
            }
            let v = self.tv[c0 as usize];
            corner.set(v as usize, true);
            if self.opp[c0 as usize] == NONE {
                border.push(((v as u64) << 32) | c0 as u64);
            }
            let (mut c, mut first) = (c0, c0);
            let h = loop {
                wedge[c as usize] = id;
                first = first.min(c);
                let h = prev(c); // edge i+2 ends at this corner
                if self.wall[h as usize] {
                    break h;
                }
                // Other triangle: edge runs v -> v[i+2]; our vertex is at o.
                c = self.opp[h as usize];
            };
            let vc = &mut arcs.vcorner[v as usize];
            *vc = (*vc).min(first);
            let (p, q) = (self.tv[next(c0) as usize], self.tv[h as usize]);
            let at = self.pos[v as usize];
            if p == q {
                arcs.set_gap(v as usize, at, self.pos[p as usize], None);
            } else if orient2d(at, self.pos[p as usize], self.pos[q as usize]) < 0.0 {
                arcs.set_gap(
                    v as usize,
                    at,
                    self.pos[p as usize],
                    Some(self.pos[q as usize]),
                );
            }
            id += 1;
        }
        // The corners left are at vertices without walls: one wedge each.
        for c0 in 0..n as u32 {
            if wedge[c0 as usize] != NONE {
                continue;
            }
            let mut c = c0;
            let mut first = c0;
            loop {
                wedge[c as usize] = id;
                first = first.min(c);
                c = self.opp[prev(c) as usize];
                if c == c0 {
                    break;
                }
            }
            let vc = &mut arcs.vcorner[self.tv[c0 as usize] as usize];
            *vc = (*vc).min(first);
            id += 1;
        }
        self.wedge = wedge;
        self.wedge_count = id;
        self.corner = corner;
        // Border vertices: every sector (a fan from a border edge leaving
        // the vertex to one entering it) gives its walls' far ends.
        border.sort_unstable();
        let mut rays: Vec<Point> = Vec::new();
        for (k, &b) in border.iter().enumerate() {
            let (v, s) = ((b >> 32) as u32, b as u32);
            let mut c = s;
            loop {
                if self.wall[c as usize] {
                    rays.push(self.p(self.v(next(c))));
                }
                let h = prev(c);
                if self.opp[h as usize] == NONE {
                    rays.push(self.p(self.v(h)));
                    break;
                }
                c = self.opp[h as usize];
            }
            if border.get(k + 1).is_none_or(|&x| (x >> 32) as u32 != v) {
                arcs.set(v as usize, self.p(v), &mut rays);
                rays.clear();
            }
        }
        arcs.fit();
        self.arcs = arcs;
    }

    /// Dead-end pruning (as in Shen et al.'s Polyanya pruning, peeled to any
    /// depth): repeatedly remove triangles with one open (non-wall) edge
    /// left. A removed triangle's subtree hangs off the rest through that
    /// one edge only (around any other shared vertex lie walls, which a path
    /// cannot pass), so a shortest path enters it through that edge only
    /// when the goal lies in it: it would have to leave through the same
    /// edge, and the chord along the edge is no longer.
    #[inline(never)]
    pub(super) fn build_dead_ends(&mut self) {
        let nt = self.slots();
        // Walls include the border here (see `finish_ordered`).
        let wall = &self.wall;
        // Open edges left per triangle; `PEELED` once removed.
        const PEELED: u8 = u8::MAX;
        let mut deg: Vec<u8> = (0..3 * nt)
            .step_by(3)
            .map(|h| 3 - (wall[h] as u8 + wall[h + 1] as u8 + wall[h + 2] as u8))
            .collect();
        let mut exit = vec![NONE; nt];
        let mut queue: Vec<u32> = (0..nt as u32).filter(|&t| deg[t as usize] <= 1).collect();
        while let Some(t) = queue.pop() {
            let tu = t as usize;
            if deg[tu] == PEELED {
                continue;
            }
            deg[tu] = PEELED;
            for (i, &o) in self.opp[3 * tu..3 * tu + 3].iter().enumerate() {
                let w = wall[3 * tu + i];
                let u = (o / 3) as usize;
                if w || deg[u] == PEELED {
                    continue;
                }
                exit[tu] = (3 * tu + i) as u32;
                deg[u] -= 1;
                if deg[u] == 1 {
                    queue.push(u as u32);
                }
            }
        }
        // Shut: the walls, and the way down into each pruned subtree (the
        // other side of its exit).
        let mut shut = wall.clone();
        for &e in &exit {
            if e != NONE {
                shut.set(self.opp[e as usize] as usize, true);
            }
        }
        self.shut = shut;
        self.exit = exit;
    }

    #[inline(never)]
    pub(super) fn build_grid(&mut self) {
        let nt = self.slots();
        if nt == 0 {
            return;
        }
        // About four triangles per cell: the walk from the hint stays
        // short, and the grid small.
        let n = ((nt as f64 / 4.0).sqrt().ceil() as usize).clamp(1, 1024);
        self.grid = vec![NONE; n * n];
        self.grid_n = n;
        // Each triangle is the hint of its centroid's cell, then each vertex
        // of the cell it lies in, unless taken (a hint only: plain float
        // arithmetic; a patch puts a new triangle in its centroid's cell).
        // The same cells as a triangle's centroid and corners each (every
        // vertex is some triangle's corner), at 1.5 cells per triangle, not
        // 4. Scanning the cells a triangle covers cost a third of a build
        // on street maps (long thin triangles); hints from the vertices
        // alone left open cells far from their hint (dao/arena's queries
        // 1.3 times slower).
        let [x0, y0, x1, y1] = self.bounds;
        let (kx, ky) = (n as f64 / (x1 - x0), n as f64 / (y1 - y0));
        let top = n as f64 - 1.0;
        let cell = |p: Point| {
            let fx = ((p.x - x0) * kx).clamp(0.0, top) as usize;
            let fy = ((p.y - y0) * ky).clamp(0.0, top) as usize;
            fy * n + fx
        };
        for t in 0..nt as u32 {
            let (a, b, d) = (
                self.p(self.v(3 * t)),
                self.p(self.v(3 * t + 1)),
                self.p(self.v(3 * t + 2)),
            );
            let k = cell(Point::new((a.x + b.x + d.x) / 3.0, (a.y + b.y + d.y) / 3.0));
            if self.grid[k] == NONE {
                self.grid[k] = t;
            }
        }
        for (&p, &c) in self.pos.iter().zip(&self.arcs.vcorner) {
            if c != NONE {
                let g = &mut self.grid[cell(p)];
                if *g == NONE {
                    *g = c / 3;
                }
            }
        }
        // Fill empty cells from a neighbour so every cell has a start.
        let mut last = 0;
        for g in self.grid.iter_mut() {
            if *g == NONE {
                *g = last;
            } else {
                last = *g;
            }
        }
        self.any = 0;
    }
}

/// The Z-order key of a point (16 bits per axis) within `bounds`: points
/// with near keys are near in the plane.
pub(super) fn z_key(bounds: [f64; 4]) -> impl Fn(Point) -> u64 {
    let [x0, y0, x1, y1] = bounds;
    let (kx, ky) = (
        65535.0 / (x1 - x0).max(f64::MIN_POSITIVE),
        65535.0 / (y1 - y0).max(f64::MIN_POSITIVE),
    );
    let spread = |v: u32| {
        let mut v = v as u64 & 0xffff;
        v = (v | (v << 8)) & 0x00ff_00ff;
        v = (v | (v << 4)) & 0x0f0f_0f0f;
        v = (v | (v << 2)) & 0x3333_3333;
        (v | (v << 1)) & 0x5555_5555
    };
    // `as u32` saturates (below 0 and NaN give 0).
    let q = |f: f64| (f as u32).min(65535);
    move |p: Point| spread(q((p.x - x0) * kx)) | (spread(q((p.y - y0) * ky)) << 1)
}

/// Renumbers the triangles along a Z-order curve of their centroids, so
/// that triangles near in the plane are near in memory (the search walks
/// neighbours; the triangulation's own face order follows its edit history).
/// (`NavMesh::from_cdt` lists the faces in this order directly.)
#[inline(never)]
pub(super) fn spatial_order(
    pos: &[Point],
    tv: Vec<u32>,
    opp: Vec<u32>,
    wall: Vec<bool>,
    face: Vec<u32>,
    bounds: [f64; 4],
) -> (Vec<u32>, Vec<u32>, Vec<bool>, Vec<u32>) {
    let nt = tv.len() / 3;
    let key = z_key(bounds);
    let code = |t: usize| {
        let (a, b, c) = (
            pos[tv[3 * t] as usize],
            pos[tv[3 * t + 1] as usize],
            pos[tv[3 * t + 2] as usize],
        );
        key(Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0))
    };
    // Code and triangle in one word: one integer sort.
    let mut order: Vec<u64> = (0..nt).map(|t| (code(t) << 32) | t as u64).collect();
    order.sort_unstable();
    let mut new_of = vec![0u32; nt];
    for (n, &k) in order.iter().enumerate() {
        new_of[(k & 0xffff_ffff) as usize] = n as u32;
    }
    let remap = |e: u32| {
        if e == NONE {
            NONE
        } else {
            3 * new_of[(e / 3) as usize] + e % 3
        }
    };
    let mut ntv = Vec::with_capacity(tv.len());
    let mut nopp = Vec::with_capacity(tv.len());
    let mut nwall = Vec::with_capacity(tv.len());
    let mut nface = Vec::with_capacity(nt);
    for &k in &order {
        let t = k & 0xffff_ffff;
        nface.push(face[t as usize]);
        for i in 0..3 {
            let e = 3 * t as usize + i;
            ntv.push(tv[e]);
            nopp.push(remap(opp[e]));
            nwall.push(wall[e]);
        }
    }
    (ntv, nopp, nwall, nface)
}

/// Sorts words by their high 32 bits, keeping the input order among equal
/// ones: for `key << 32 | index` words listed by index, the same order as
/// `sort_unstable`. Three counting passes of 11 bits instead of a
/// comparison sort (which was a tenth of a snapshot build).
pub(super) fn sort_by_high_word(v: &mut Vec<u64>) {
    if v.len() < 512 {
        v.sort_unstable();
        return;
    }
    let mut tmp = vec![0u64; v.len()];
    for shift in [32u32, 43, 54] {
        let mut count = [0usize; 2049];
        for &x in v.iter() {
            count[((x >> shift) & 0x7ff) as usize + 1] += 1;
        }
        if count.contains(&v.len()) {
            continue; // one digit value only: the pass would copy as is
        }
        for d in 0..2048 {
            count[d + 1] += count[d];
        }
        for &x in v.iter() {
            let d = ((x >> shift) & 0x7ff) as usize;
            tmp[count[d]] = x;
            count[d] += 1;
        }
        std::mem::swap(v, &mut tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_high_word;

    /// Against the comparison sort, on words listed by their low half.
    #[test]
    fn radix_matches_sort() {
        let mut s = 0x9E37_79B9_7F4A_7C15_u64;
        for n in [0usize, 1, 511, 512, 5000] {
            for spread in [1u64, 7, 1 << 20, 1 << 32] {
                let mut v: Vec<u64> = (0..n as u64)
                    .map(|i| {
                        s ^= s << 13;
                        s ^= s >> 7;
                        s ^= s << 17;
                        ((s % spread) << 32) | i
                    })
                    .collect();
                let mut want = v.clone();
                want.sort_unstable();
                sort_by_high_word(&mut v);
                assert_eq!(v, want, "n {n} spread {spread}");
            }
        }
    }
}
