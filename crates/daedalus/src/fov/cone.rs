//! Cones from the viewer, the start of the walk and the opening wedge.
//!
//! A cone is given by two points `r` (right, clockwise side) and `l` (left):
//! it holds the points `p` with `orient2d(q, r, p) >= 0` and
//! `orient2d(q, l, p) <= 0`, and is always narrower than a half-turn, so
//! these two exact tests describe it completely.
//!
//! A frame of the walk is a half-edge `e` to cross with the viewer `q`
//! strictly on its left; seen from `q`, `origin(e)` is the right end and
//! `dest(e)` the left end, and the frame's cone lies between them.

use std::f64::consts::{FRAC_PI_2, TAU};

use super::{FieldOfView, FovError};
use crate::Point;
use crate::geometry::orient2d;
use crate::mesh::Mesh;
use crate::triangulation::{Cdt, Location};

/// A half-edge to cross and the cone crossing it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub e: u32,
    pub r: Point,
    pub l: Point,
}

/// A far edge of a triangle holding the viewer: the walk starts there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seed {
    pub e: u32,
    pub a: Point,
    pub b: Point,
}

/// Is `p` inside the cone (closed) of apex `q`?
#[inline]
pub(crate) fn in_cone(q: Point, r: Point, l: Point, p: Point) -> bool {
    orient2d(q, r, p) >= 0.0 && orient2d(q, l, p) <= 0.0
}

/// The intersection of two cones narrower than a half-turn, `None` when
/// it is empty or a single ray.
#[inline]
pub(crate) fn intersect(q: Point, c: (Point, Point), w: (Point, Point)) -> Option<(Point, Point)> {
    let r = if in_cone(q, c.0, c.1, w.0) {
        w.0
    } else if in_cone(q, w.0, w.1, c.0) {
        c.0
    } else {
        return None;
    };
    let l = if in_cone(q, c.0, c.1, w.1) {
        w.1
    } else if in_cone(q, w.0, w.1, c.1) {
        c.1
    } else {
        return None;
    };
    (orient2d(q, r, l) > 0.0).then_some((r, l))
}

/// Do two rays from `q` (through `a` and through `b`) point the same way?
#[inline]
pub(crate) fn same_ray(q: Point, a: Point, b: Point) -> bool {
    a == b || (orient2d(q, a, b) == 0.0 && (a - q).dot(b - q) > 0.0)
}

/// The opening split into sub-wedges of at most a quarter turn, as their
/// boundary points in counter-clockwise order (`k + 1` points for `k`
/// wedges; for the full circle the last point is the first).
pub(crate) fn wedges(fov: &FieldOfView, out: &mut Vec<Point>) {
    out.clear();
    let q = fov.position;
    // A lever long enough that the rounded point keeps the direction to
    // ~1e-16 relative.
    let s = 1.0 + q.x.abs() + q.y.abs();
    let (angle, start) = if fov.is_full_circle() {
        (TAU, fov.direction)
    } else {
        (fov.angle, fov.direction - 0.5 * fov.angle)
    };
    let k = ((angle / FRAC_PI_2).ceil() as usize).max(1);
    for i in 0..=k {
        if i == k && fov.is_full_circle() {
            out.push(out[0]);
            break;
        }
        let t = start + angle * (i as f64 / k as f64);
        let (sin, cos) = t.sin_cos();
        out.push(Point::new(q.x + s * cos, q.y + s * sin));
    }
}

/// The far edges of the triangles holding `q`. A viewer on an edge or a vertex starts in every triangle
/// around it, so the walls it stands on are seen edge-on and never block.
pub(crate) fn seeds(cdt: &Cdt, q: Point, out: &mut Vec<Seed>) -> Result<(), FovError> {
    out.clear();
    let m = cdt.mesh();
    let loc = cdt.locate(q).map_err(|_| FovError::OutsideBounds(q))?;
    let mut far = |e: u32| {
        if !m.raw_is_outer_face(m.raw_face(e)) {
            out.push(Seed {
                e,
                a: m.raw_pos(m.raw_origin(e)),
                b: m.raw_pos(m.raw_dest(e)),
            });
        }
    };
    match loc {
        Location::Outside => return Err(FovError::OutsideBounds(q)),
        Location::Face(f) => {
            let e0 = m.raw_face_edge(f.idx);
            let e1 = m.raw_next(e0);
            for e in [e0, e1, m.raw_next(e1)] {
                far(e);
            }
        }
        Location::Edge(h) => {
            // `h` has an inner left face; its twin may be outer (border).
            for side in [h.idx, m.raw_opposite(h.idx)] {
                let e1 = m.raw_next(side);
                far(e1);
                far(m.raw_next(e1));
            }
        }
        Location::Vertex(v) => {
            // Clockwise around the vertex (`next(twin)`: O(1) even where
            // the rotation crosses an outer face); the leaves are sorted
            // by direction afterwards.
            let start = m.raw_vertex_edge(v.idx);
            let mut o = start;
            loop {
                far(m.raw_next(o));
                o = m.raw_next(m.raw_opposite(o));
                if o == start {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// Squared distance from `q` to segment `a b` (float; used for pruning
/// only, with a margin).
#[inline]
pub(crate) fn seg_dist2(q: Point, a: Point, b: Point) -> f64 {
    crate::geometry::distance_squared_point_segment(a, b, q)
}

/// Is segment `a b` certainly farther than `limit` from `q`? The margin
/// (1e-9 relative) is far above the float error of [`seg_dist2`], so a
/// `true` is never wrong; a `false` only costs a little more walking.
#[inline]
pub(crate) fn beyond(q: Point, a: Point, b: Point, limit: f64) -> bool {
    seg_dist2(q, a, b) > limit * limit * (1.0 + crate::geometry::tolerance::RELATIVE)
}

/// One step of the walk: the frame's edge is crossed into the triangle
/// beyond, and the cone is split at that triangle's third vertex `c`.
/// Children are pushed left first, so the right one is walked first and
/// a depth-first walk meets the walls in counter-clockwise order.
#[inline]
pub(crate) fn split(m: &Mesh, q: Point, f: Frame, stack: &mut Vec<Frame>) {
    let h = m.raw_opposite(f.e);
    let n1 = m.raw_next(h); // right end -> c
    let n2 = m.raw_next(n1); // c -> left end
    let c = m.raw_pos(m.raw_origin(n2));
    if orient2d(q, f.r, c) <= 0.0 {
        stack.push(Frame { e: n2, ..f });
    } else if orient2d(q, f.l, c) >= 0.0 {
        stack.push(Frame { e: n1, ..f });
    } else {
        stack.push(Frame {
            e: n2,
            r: c,
            l: f.l,
        });
        stack.push(Frame {
            e: n1,
            r: f.r,
            l: c,
        });
    }
}
