//! Per-vertex tables of the radius > 0 search: a triangle corner at every
//! vertex and the free arc of directions a disc can wrap the vertex in.

use std::f64::consts::{PI, TAU};

use super::{NONE, NavMesh, next, prev};
use crate::Point;

/// Direction of `p` seen from `c`, in radians.
#[inline]
pub(crate) fn ang(c: Point, p: Point) -> f64 {
    (p.y - c.y).atan2(p.x - c.x)
}

/// Per vertex: a corner at it and the free arc (see [`Arcs::set`]).
#[derive(Default, Debug, Clone)]
pub(crate) struct Arcs {
    /// One triangle corner (`3 t + i`) at each vertex, `NONE` if unused.
    pub(crate) vcorner: Vec<u32>,
    /// The vertex can be wrapped: its walls leave a gap of more than 180 degrees.
    pub(crate) useful: Vec<bool>,
    /// Free arc: directions from `arc0` counter-clockwise over `arcw` radians.
    pub(crate) arc0: Vec<f64>,
    pub(crate) arcw: Vec<f64>,
    /// Unit vectors of the free arc's first and last directions.
    pub(crate) ends: Vec<[f64; 4]>,
    /// Unit vector of the free gap's middle direction.
    pub(crate) mid: Vec<(f64, f64)>,
}

impl Arcs {
    /// The tables of every vertex of `nav`.
    pub(crate) fn build(nav: &NavMesh) -> Arcs {
        let nv = nav.pos.len();
        let mut a = Arcs::default();
        a.resize(nv);
        for (c, &v) in nav.tv.iter().enumerate() {
            if v != NONE && a.vcorner[v as usize] == NONE {
                a.vcorner[v as usize] = c as u32;
            }
        }
        // Wall directions at every vertex.
        let mut rays: Vec<Vec<f64>> = vec![Vec::new(); nv];
        for h in 0..nav.tv.len() as u32 {
            let o = nav.opp[h as usize];
            if nav.tv[h as usize] == NONE || !nav.wall[h as usize] || (o != NONE && o < h) {
                continue;
            }
            let (a, b) = (nav.v(h), nav.v(next(h)));
            let (pa, pb) = (nav.p(a), nav.p(b));
            rays[a as usize].push(ang(pa, pb));
            rays[b as usize].push(ang(pb, pa));
        }
        for (v, r) in rays.iter_mut().enumerate() {
            a.set(v, r);
        }
        a
    }

    /// Room for `nv` vertices.
    pub(crate) fn resize(&mut self, nv: usize) {
        if self.vcorner.len() < nv {
            self.vcorner.resize(nv, NONE);
            self.useful.resize(nv, false);
            self.arc0.resize(nv, 0.0);
            self.arcw.resize(nv, 0.0);
            self.ends.resize(nv, [0.0; 4]);
            self.mid.resize(nv, (0.0, 0.0));
        }
    }

    /// Sets vertex `v`'s free arc from the directions of its walls `r`
    /// (sorted here): the largest counter-clockwise gap between walls,
    /// shrunk by a quarter turn at each side, when it exceeds half a turn.
    pub(crate) fn set(&mut self, v: usize, r: &mut [f64]) {
        self.useful[v] = false;
        if r.is_empty() {
            return;
        }
        r.sort_by(f64::total_cmp);
        let (mut gap, mut from) = (TAU, r[0]);
        if r.len() > 1 {
            gap = 0.0;
            for k in 0..r.len() {
                let (a, b) = (r[k], r[(k + 1) % r.len()]);
                let g = if k + 1 == r.len() { b + TAU - a } else { b - a };
                if g > gap {
                    gap = g;
                    from = a;
                }
            }
        }
        if gap > PI + 1e-12 {
            self.useful[v] = true;
            self.arc0[v] = from + PI / 2.0;
            self.arcw[v] = gap - PI;
            let (b, e) = (from + PI / 2.0, from + gap - PI / 2.0);
            self.ends[v] = [b.cos(), b.sin(), e.cos(), e.sin()];
            let m = self.arc0[v] + self.arcw[v] / 2.0;
            self.mid[v] = (m.cos(), m.sin());
        }
    }

    /// Recomputes vertex `v` from its corners `fan` (counter-clockwise,
    /// from the most clockwise one at the border): each wall at `v` is the
    /// clockwise edge of one corner, or the border edge ending the fan.
    pub(crate) fn refresh(&mut self, nav: &NavMesh, v: u32, fan: &[u32], rays: &mut Vec<f64>) {
        rays.clear();
        let pv = nav.p(v);
        for &c in fan {
            if nav.wall[c as usize] {
                rays.push(ang(pv, nav.p(nav.v(next(c)))));
            }
            let p = prev(c);
            if nav.wall[p as usize] && nav.opp[p as usize] == NONE {
                rays.push(ang(pv, nav.p(nav.v(p))));
            }
        }
        self.vcorner[v as usize] = fan.first().copied().unwrap_or(NONE);
        self.set(v as usize, rays);
    }

    /// Vertex `v` is gone.
    pub(crate) fn clear(&mut self, v: u32) {
        self.vcorner[v as usize] = NONE;
        self.useful[v as usize] = false;
    }
}
