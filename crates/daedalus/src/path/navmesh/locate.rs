//! Point location on the snapshot: a grid hint, then a remembering
//! stochastic walk; and the triangles around a point.

use super::{NONE, NavMesh, next, prev};
use crate::Point;
use crate::geometry::orient2d;

impl NavMesh {
    pub(super) fn centroid(&self, t: u32) -> Point {
        let (a, b, c) = (
            self.p(self.v(3 * t)),
            self.p(self.v(3 * t + 1)),
            self.p(self.v(3 * t + 2)),
        );
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    pub(super) fn cell_xy(&self, p: Point, n: usize) -> (usize, usize) {
        let [x0, y0, x1, y1] = self.bounds;
        let fx = ((p.x - x0) / (x1 - x0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        let fy = ((p.y - y0) / (y1 - y0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        (fx, fy)
    }

    pub(super) fn cell(&self, p: Point, n: usize) -> usize {
        let [x0, y0, x1, y1] = self.bounds;
        let fx = ((p.x - x0) / (x1 - x0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        let fy = ((p.y - y0) / (y1 - y0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        fy * n + fx
    }

    /// A triangle whose closure contains `p`, or `None` when `p` is outside
    /// the mesh. Remembering stochastic walk from a grid hint.
    pub(crate) fn locate(&self, p: Point) -> Option<u32> {
        if self.grid.is_empty() {
            return None;
        }
        self.walk_from(self.hint(p), p)
    }

    /// A triangle whose closure contains `p` by the walk of
    /// [`NavMesh::locate`] from the live triangle `t` (a start near `p`
    /// makes it short).
    pub(crate) fn walk_from(&self, t: u32, p: Point) -> Option<u32> {
        let mut t = t;
        let mut seed = (p.x.to_bits() ^ p.y.to_bits().rotate_left(17)) | 1;
        let mut came = NONE;
        let limit = 4 * self.slots() + 16;
        for _ in 0..limit {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let s = (seed % 3) as u32;
            let mut moved = false;
            for k in 0..3 {
                let h = 3 * t + (s + k) % 3;
                if h == came {
                    continue;
                }
                let a = self.p(self.v(h));
                let b = self.p(self.v(next(h)));
                if orient2d(a, b, p) < 0.0 {
                    let o = self.opp[h as usize];
                    if o == NONE {
                        return None;
                    }
                    came = o;
                    t = o / 3;
                    moved = true;
                    break;
                }
            }
            if !moved {
                return Some(t);
            }
        }
        // The walk ends with probability 1 but has no bound: past the
        // limit, an exact scan decides (never a wrong "outside").
        self.locate_scan(p)
    }

    /// A live triangle near `p`: the grid cell's hint, or, when a patch
    /// freed it, a live hint of a neighbouring cell, or the last patched
    /// triangle.
    fn hint(&self, p: Point) -> u32 {
        let n = self.grid_n;
        let (cx, cy) = self.cell_xy(p, n);
        let live = |k: usize| {
            let t = self.grid[k];
            (self.tv[3 * t as usize] != NONE).then_some(t)
        };
        if let Some(t) = live(cy * n + cx) {
            return t;
        }
        for d in 1..=2usize {
            for y in cy.saturating_sub(d)..=(cy + d).min(n - 1) {
                for x in cx.saturating_sub(d)..=(cx + d).min(n - 1) {
                    if let Some(t) = live(y * n + x) {
                        return t;
                    }
                }
            }
        }
        self.any
    }

    /// A live triangle whose closure holds `p`, by trying every one.
    fn locate_scan(&self, p: Point) -> Option<u32> {
        (0..self.slots() as u32).find(|&t| {
            self.tv[3 * t as usize] != NONE
                && (3 * t..3 * t + 3)
                    .all(|h| orient2d(self.p(self.v(h)), self.p(self.v(next(h))), p) >= 0.0)
        })
    }

    /// Stamps `epoch` in `marks` on triangle `t` and the dead ends above
    /// it (its chain of exit parents), stopping at one already stamped.
    pub(crate) fn mark_exit_chain(&self, t: u32, marks: &mut [u32], epoch: u32) {
        let mut x = t;
        while marks[x as usize] != epoch {
            marks[x as usize] = epoch;
            let e = self.exit[x as usize];
            if e == NONE {
                break;
            }
            x = self.opp[e as usize] / 3;
        }
    }

    /// All triangles whose closure contains `p` (1, 2 on an edge, or the fan
    /// of a vertex), appended to `out`.
    pub(crate) fn containing(&self, p: Point, out: &mut Vec<u32>) -> bool {
        let Some(t) = self.locate(p) else {
            return false;
        };
        let mut zeros = [0u32; 3];
        let mut nz = 0;
        for i in 0..3 {
            let h = 3 * t + i;
            if orient2d(self.p(self.v(h)), self.p(self.v(next(h))), p) == 0.0 {
                zeros[nz] = h;
                nz += 1;
            }
        }
        match nz {
            0 => out.push(t),
            1 => {
                out.push(t);
                let o = self.opp[zeros[0] as usize];
                if o != NONE {
                    out.push(o / 3);
                }
            }
            _ => {
                // On a vertex: the corner of t at that vertex.
                let c = if next(zeros[0]) == zeros[1] {
                    zeros[1]
                } else {
                    zeros[0]
                };
                self.fan(c, out);
            }
        }
        true
    }

    /// Every triangle around the vertex of corner `c` (walls included).
    fn fan(&self, c: u32, out: &mut Vec<u32>) {
        out.push(c / 3);
        let mut cur = c;
        loop {
            let o = self.opp[prev(cur) as usize];
            if o == NONE {
                break;
            }
            if o == c {
                return;
            }
            out.push(o / 3);
            cur = o;
        }
        // Hit the border: go clockwise too.
        let mut cur = c;
        loop {
            let o = self.opp[cur as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            out.push(nc / 3);
            cur = nc;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Point;
    use crate::geometry::orient2d;
    use crate::path::NavMesh;
    use crate::path::navmesh::{NONE, next};
    use crate::triangulation::Cdt;

    /// The walk's fallback (an exact scan, taken only past the walk's step
    /// limit) agrees with the walk and with a brute-force containment test
    /// on random points, inside and outside, on vertices and edges too.
    #[test]
    fn the_exact_scan_agrees_with_the_walk() {
        let mut cdt = Cdt::new([0.0, 0.0], [30.0, 20.0]).unwrap();
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = |k: f64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 53) as f64 * k
        };
        for _ in 0..40 {
            let (x, y) = (rnd(30.0), rnd(20.0));
            cdt.insert_segment([x, y], [(x + rnd(6.0)).min(30.0), y])
                .unwrap();
        }
        let nav = NavMesh::from_cdt(&cdt);
        let holds = |t: u32, p: Point| {
            nav.tv[3 * t as usize] != NONE
                && (3 * t..3 * t + 3)
                    .all(|h| orient2d(nav.p(nav.v(h)), nav.p(nav.v(next(h))), p) >= 0.0)
        };
        let mut pts: Vec<Point> = (0..400)
            .map(|_| Point::new(rnd(34.0) - 2.0, rnd(24.0) - 2.0))
            .collect();
        // Every vertex, and a point on the border.
        pts.extend((0..nav.slots() as u32).map(|t| nav.p(nav.v(3 * t))));
        pts.push(Point::new(15.0, 0.0));
        for p in pts {
            let inside = (0.0..=30.0).contains(&p.x) && (0.0..=20.0).contains(&p.y);
            let (walk, scan) = (nav.locate(p), nav.locate_scan(p));
            assert_eq!(walk.is_some(), inside, "{p:?}");
            assert_eq!(scan.is_some(), inside, "{p:?}");
            if let (Some(a), Some(b)) = (walk, scan) {
                assert!(holds(a, p) && holds(b, p), "{p:?}");
            }
        }
    }
}
