//! Clearance tests: is a point, a tangent segment or an arc at least `r`
//! from every wall (the walls near a corner cached per query).

use super::*;

impl TangentSearch {
    /// Every corner around vertex `v` (walls included), into `self.fan`.
    pub(super) fn fan_of(&mut self, nav: &NavMesh, v: u32) {
        self.fan.clear();
        let c = nav.arcs.vcorner[v as usize];
        if c == NONE {
            return;
        }
        self.fan.push(c);
        let mut cur = c;
        loop {
            let o = nav.opp[prev(cur) as usize];
            if o == NONE {
                break;
            }
            if o == c {
                return;
            }
            self.fan.push(o);
            cur = o;
        }
        let mut cur = c;
        loop {
            let o = nav.opp[cur as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            self.fan.push(nc);
            cur = nc;
        }
    }

    /// Is every wall at least `r` from `p`? Flood over the triangles within `r`.
    pub(super) fn point_clear(&mut self, nav: &NavMesh, p: Point, r: f64, start: &[u32]) -> bool {
        let ep = self.flood_epoch();
        self.stack.clear();
        for &t in start {
            if self.tri_mark[t as usize] != ep {
                self.tri_mark[t as usize] = ep;
                self.stack.push((t, p, p));
            }
        }
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let d = point_seg(p, nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if d >= r {
                    continue;
                }
                if nav.wall[h as usize] {
                    return false;
                }
                let u = nav.opp[h as usize] / 3;
                if self.tri_mark[u as usize] != ep {
                    self.tri_mark[u as usize] = ep;
                    self.stack.push((u, p, p));
                }
            }
        }
        true
    }

    /// Every point of segment `a b` is at least `r` (less the rounding
    /// slack) from every wall: flood over the triangles near it.
    pub(super) fn segment_clear(&mut self, nav: &NavMesh, a: Point, b: Point, r: f64) -> bool {
        let Some(t0) = nav.locate(a) else {
            return false;
        };
        let tol = r * (1.0 - CLEAR_TOL);
        // Cheap rejection: an edge wholly on one side of the strip (or cap
        // region) more than `r` from the segment's line (with slack for the
        // rounding) is at least `r` from the segment.
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if len > 0.0 {
            (dx / len, dy / len)
        } else {
            (0.0, 0.0)
        };
        let m = r + 1e-9 * (r + len);
        let far = |x: Point, y: Point| {
            if len == 0.0 {
                return false;
            }
            let (xa, ya) = ((x.x - a.x, x.y - a.y), (y.x - a.x, y.y - a.y));
            let (cx, cy) = (ux * xa.1 - uy * xa.0, ux * ya.1 - uy * ya.0);
            let (tx, ty) = (ux * xa.0 + uy * xa.1, ux * ya.0 + uy * ya.1);
            (cx > m && cy > m)
                || (cx < -m && cy < -m)
                || (tx < -m && ty < -m)
                || (tx > len + m && ty > len + m)
        };
        let ep = self.flood_epoch();
        self.stack.clear();
        self.stack.push((t0, a, a));
        self.tri_mark[t0 as usize] = ep;
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let wall = nav.wall[h as usize];
                // An edge into a triangle already reached needs no test.
                let u = if wall { NONE } else { nav.opp[h as usize] / 3 };
                if !wall && self.tri_mark[u as usize] == ep {
                    continue;
                }
                let x = nav.p(nav.v(h));
                let y = nav.p(nav.v(next(h)));
                if far(x, y) {
                    continue;
                }
                if wall {
                    if seg_seg(a, b, x, y) < tol {
                        return false;
                    }
                    continue;
                }
                // Flooding a superset is safe (walls are tested exactly):
                // an open edge that passes the strip test is crossed
                // without the exact distance (a point segment has no strip).
                if len == 0.0 && seg_seg(a, b, x, y) >= r {
                    continue;
                }
                self.tri_mark[u as usize] = ep;
                self.stack.push((u, a, a));
            }
        }
        true
    }

    /// Walls within `2 r` of vertex `v`, except those at `v` (cached per query).
    pub(super) fn near_walls(&mut self, nav: &NavMesh, v: u32, r: f64) -> (u32, u32) {
        if self.near_stamp[v as usize] == self.qe {
            return self.near_range[v as usize];
        }
        let pv = nav.p(v);
        let lim = 2.0 * r;
        let begin = self.near_pool.len() as u32;
        self.fan_of(nav, v);
        let ep = self.flood_epoch();
        self.stack.clear();
        for k in 0..self.fan.len() {
            let t = self.fan[k] / 3;
            if self.tri_mark[t as usize] != ep {
                self.tri_mark[t as usize] = ep;
                self.stack.push((t, pv, pv));
            }
        }
        // Each wall edge once: by its half-edge seen first.
        let he_ep = ep;
        while let Some((t, _, _)) = self.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if point_seg(pv, x, y) >= lim {
                    continue;
                }
                if nav.wall[h as usize] {
                    let o = nav.opp[h as usize];
                    let seen = o != NONE && self.he_mark[o as usize] == he_ep;
                    self.he_mark[h as usize] = he_ep;
                    // The walls at `v` bound its free arc: every arc inside
                    // it keeps `r` from them.
                    if !seen && x != pv && y != pv {
                        self.near_pool.push((x, y));
                    }
                    // Walls do not stop this flood: the arcs near `v` may
                    // reach walls behind walls at `v` only through free
                    // space, but a superset is harmless here.
                }
                let o = nav.opp[h as usize];
                if o == NONE {
                    continue;
                }
                let u = o / 3;
                if self.tri_mark[u as usize] != ep {
                    self.tri_mark[u as usize] = ep;
                    self.stack.push((u, pv, pv));
                }
            }
        }
        let rg = (begin, self.near_pool.len() as u32);
        self.near_stamp[v as usize] = self.qe;
        self.near_range[v as usize] = rg;
        rg
    }

    /// The arc of the circle of `v` from `from` over `sweep` in direction
    /// `dir` keeps clearance `r` from every wall.
    pub(super) fn arc_clear(
        &mut self,
        nav: &NavMesh,
        v: u32,
        r: f64,
        from: Point,
        sweep: f64,
        dir: f64,
    ) -> bool {
        if sweep <= 0.0 {
            return true;
        }
        let c = nav.p(v);
        let a = ang(c, from);
        let a0 = if dir > 0.0 { a } else { a - sweep };
        let (b, e) = self.near_walls(nav, v, r);
        let tol = r * (1.0 - CLEAR_TOL);
        // The arc lies in the disc about its midpoint through its ends: a
        // wall farther than that radius (plus rounding slack) is clear.
        let (sm, cm) = (a0 + sweep / 2.0).sin_cos();
        let mid = Point::new(c.x + r * cm, c.y + r * sm);
        let reach = tol + 2.0 * r * (sweep / 4.0).sin() + 1e-9 * r;
        self.near_pool[b as usize..e as usize]
            .iter()
            .all(|&(x, y)| point_seg(mid, x, y) >= reach || arc_seg(c, r, a0, sweep, x, y) >= tol)
    }
}
