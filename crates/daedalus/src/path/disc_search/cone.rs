//! Taut-path pruning: the half-planes where the successors of an arrival
//! can lie, and the start's box.

use super::*;
use crate::geometry::tolerance;

/// Where the centres of the successors of one arrival can lie (taut-path
/// pruning): three half-planes `(x - u) . n <= c` around the centre `u`.
///
/// A taut path arriving on the circle of `u` at angle `t1` and wrapping it
/// in direction `dir` leaves at an angle `t` between `t1` and the end `t2`
/// of the free arc (`D = |t2 - t1| <= pi`) along the tangent ray from
/// `u + r e(t)`. Every point `x` of those rays has `(x - u) . e(t1) <= r`,
/// `(x - u) . e(t2) >= r cos D` and, along the travel direction `m` at the
/// middle angle, `(x - u) . m >= -r sin(D / 2)`. The successor's centre is
/// within `r` of its tangent point: each bound widened by `r`. The region
/// is convex and holds `u`, so every corner it sees from `u` is reached by
/// a flood that skips the edges lying wholly outside one half-plane.
///
/// (Used for a corner's side until a second query expands it since its
/// cache was dropped: that one floods the cone of an arrival at the start
/// of its free arc, which holds every successor of the side, once and
/// keeps the edges, see `cache`.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Cone {
    u: Point,
    h: [(f64, f64, f64); 3],
    /// Absolute slack (the relative one grows with the distance from `u`).
    slack: f64,
}

impl Cone {
    pub(super) fn of(u: Point, r: f64, at: Point, end: (f64, f64), delta: f64, dir: f64) -> Cone {
        let (ax, ay) = (at.x - u.x, at.y - u.y);
        let l = (ax * ax + ay * ay).sqrt();
        let (e1x, e1y) = (ax / l, ay / l);
        let d = delta.clamp(0.0, PI);
        let (s, c) = (dir * d / 2.0).sin_cos();
        let (mx, my) = (c * e1x - s * e1y, s * e1x + c * e1y);
        // Travel direction at the middle angle: the radius turned by 90
        // degrees towards `dir`.
        let (tx, ty) = (-dir * my, dir * mx);
        Cone {
            u,
            h: [
                (e1x, e1y, 2.0 * r),
                (-end.0, -end.1, r - r * d.cos()),
                (-tx, -ty, r + r * (d / 2.0).sin()),
            ],
            slack: tolerance::WIDEN * r,
        }
    }

    /// The cone of an arrival at `at` on the circle of corner `v`, offset
    /// `arr` along its free arc, wrapping it in direction `dir`.
    pub(super) fn arrival(nav: &NavMesh, v: u32, r: f64, at: Point, arr: f64, dir: f64) -> Cone {
        let arc = nav.arcs.arc(v as usize);
        let e = arc.ends;
        let end = if dir > 0.0 {
            (e[2], e[3])
        } else {
            (e[0], e[1])
        };
        Cone::of(nav.p(v), r, at, end, arc.arcw - arr, dir)
    }

    /// The wedge at `u` from the unit direction `a` counter-clockwise to
    /// the unit direction `b` (at most half a turn: convex, and holds
    /// `u`), with an absolute slack `slack` (see `outside`).
    pub(super) fn wedge(u: Point, a: (f64, f64), b: (f64, f64), slack: f64) -> Cone {
        // The wedge lies ahead of `u` along its bisector: an edge behind
        // `u` (its ends outside either side) is skipped too.
        let (mx, my) = (a.0 + b.0, a.1 + b.1);
        let ahead = if mx * mx + my * my > tolerance::UNIT_SUM {
            (-mx, -my, 0.0)
        } else {
            (0.0, 0.0, f64::INFINITY)
        };
        Cone {
            u,
            h: [
                // Left of `a`, right of `b`.
                (a.1, -a.0, 0.0),
                (-b.1, b.0, 0.0),
                ahead,
            ],
            slack,
        }
    }

    /// Bit `k` set: `p` lies outside half-plane `k` (with a slack that
    /// covers the rounding of the directions and the angular slack of the
    /// free-arc tests).
    #[inline]
    pub(super) fn outside(&self, p: Point) -> u8 {
        let (dx, dy) = (p.x - self.u.x, p.y - self.u.y);
        let s = self.slack + tolerance::WIDEN * (dx.abs() + dy.abs());
        let mut m = 0;
        for (k, &(nx, ny, c)) in self.h.iter().enumerate() {
            if dx * nx + dy * ny > c + s {
                m |= 1 << k;
            }
        }
        m
    }
}
