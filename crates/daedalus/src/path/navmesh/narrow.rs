//! Edges too short for a disc: an edge between two corners (vertices
//! with a wall) shorter than the disc's diameter shuts a gap no disc of
//! that radius passes. The radius-0 lower bound of the disc search and the
//! `NoPath` certificates both use this rule.

use super::{NavMesh, next};
use crate::geometry::tolerance;

/// The squared length below which the disc search (and its radius-0 lower bound) shuts an edge
/// between two corners for a disc of `radius`.
pub(crate) fn narrow_limit(radius: f64) -> f64 {
    4.0 * radius * radius * (1.0 - 4.0 * tolerance::RELATIVE)
}

/// Edge `h` joins two corners and its squared length is below `limit`.
#[inline]
pub(crate) fn narrow_edge(nav: &NavMesh, h: u32, limit: f64) -> bool {
    if limit == 0.0 {
        return false;
    }
    let (a, b) = (nav.v(h), nav.v(next(h)));
    if !(nav.corner[a as usize] && nav.corner[b as usize]) {
        return false;
    }
    let (pa, pb) = (nav.p(a), nav.p(b));
    let (dx, dy) = (pb.x - pa.x, pb.y - pa.y);
    dx * dx + dy * dy < limit
}
