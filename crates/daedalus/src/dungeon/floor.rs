//! A room's floor: its cell shrunk by half the wall thickness, with a
//! chamfer where the wall would end in a spike, and the clearance checks
//! that make every room and door passable.
//!
//! Float constructions here (offset lines, their crossings) carry a few
//! ulps of the extent of error; every check keeps a margin
//! ([`DungeonParams::slack`], relative to the sizes) far above that, and the
//! topological tests (star shape) use the exact `orient2d` on the points
//! as constructed.

use super::{Cell, DungeonParams};
use crate::Point;
use crate::geometry::{distance_squared_point_segment, orient2d};

/// A floor polygon (counter-clockwise) and, for each cell edge `j`, the
/// floor edge parallel to it: from `points[start[j]]` to
/// `points[(start[j] + 1) % len]`.
#[derive(Clone, Debug)]
pub(crate) struct Floor {
    pub points: Vec<Point>,
    pub start: Vec<usize>,
}

/// Unit direction and inward (left) normal of cell edge `j`.
pub(crate) fn edge_frame(cell: &Cell, j: usize) -> (Point, Point, f64) {
    let k = cell.corners.len();
    let d = cell.corners[(j + 1) % k] - cell.corners[j];
    let len = d.length();
    let u = d / len;
    (u, Point::new(-u.y, u.x), len)
}

/// Crossing of lines `p + s a` and `q + t b` (not parallel).
fn cross_lines(p: Point, a: Point, q: Point, b: Point) -> Option<Point> {
    let den = a.cross(b);
    if den == 0.0 || !den.is_finite() {
        return None;
    }
    let s = (q - p).cross(b) / den;
    let x = p + a * s;
    x.is_finite().then_some(x)
}

impl Floor {
    /// The cell shrunk by `h = wall / 2`: each edge moved inwards by `h`;
    /// at a corner the two lines meet (mitre), except where the floor turns
    /// right by more than 90 degrees (a wall corner sharper than 90
    /// degrees): there a chamfer cuts the spike at distance `h` from the
    /// cell corner, tangent to the circle the wall must keep clear. Every
    /// floor point is then at least `h` inside the cell (mitres only move
    /// further in), so floors of two cells are at least `wall` apart.
    ///
    /// `None` unless the floor is a simple polygon star-shaped around the
    /// site with the disc of radius `door / 2` about the site in its kernel
    /// (every floor edge's line keeps the site `door / 2` on its inner
    /// side), and each floor edge keeps its cell edge's direction.
    pub(crate) fn of(cell: &Cell, params: &DungeonParams) -> Option<Floor> {
        let h = params.wall / 2.0;
        let eps = params.slack();
        let k = cell.corners.len();
        let frames: Vec<(Point, Point, f64)> = (0..k).map(|j| edge_frame(cell, j)).collect();
        let mut points = Vec::with_capacity(k + 4);
        let mut start = vec![0; k];
        for j in 0..k {
            // corner j: between edge j - 1 (a) and edge j (b)
            let c = cell.corners[j];
            let (ua, na, _) = frames[(j + k - 1) % k];
            let (ub, nb, _) = frames[j];
            let (pa, pb) = (c + na * h, c + nb * h);
            let right_turn = ua.cross(ub) < 0.0;
            if right_turn && ua.dot(ub) < 0.0 {
                // chamfer: line through c + h m perpendicular to the bisector m
                let m = na + nb;
                let m = m / m.length();
                let dir = Point::new(-m.y, m.x);
                let q = c + m * h;
                points.push(cross_lines(pa, ua, q, dir)?);
                start[j] = points.len();
                points.push(cross_lines(pb, ub, q, dir)?);
            } else {
                start[j] = points.len();
                points.push(cross_lines(pa, ua, pb, ub)?);
            }
        }
        let n = points.len();
        // each floor edge keeps the direction of its cell edge
        for (j, &(u, _, _)) in frames.iter().enumerate() {
            let (a, b) = (points[start[j]], points[(start[j] + 1) % n]);
            if (b - a).dot(u) <= eps {
                return None;
            }
        }
        // star-shaped around the site: every edge turns counter-clockwise
        // about it, once round in all
        let v = cell.centre;
        let mut turn = 0.0;
        for i in 0..n {
            let (a, b) = (points[i], points[(i + 1) % n]);
            if orient2d(v, a, b) <= 0.0 {
                return None;
            }
            turn += (a - v).cross(b - v).atan2((a - v).dot(b - v));
        }
        if turn > 3.0 * std::f64::consts::PI {
            return None;
        }
        // the kernel holds the disc of radius door / 2 about the site
        let need = params.door / 2.0 + eps;
        for i in 0..n {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let d = b - a;
            if d.cross(v - a) / d.length() < need {
                return None;
            }
        }
        Some(Floor { points, start })
    }

    /// Can a door of `params.door` sit at the middle of cell edge `j`?
    /// The floor edge must run on past both jambs by half a wall (then
    /// the doorway and its walls stay inside the two cells it joins),
    /// the jambs must be on the cell edge itself, and a square of side
    /// `door` in front of the doorway must be clear of every other floor
    /// edge (so a disc of radius under `door / 2` turns from the doorway
    /// towards the site).
    pub(crate) fn door_fits(&self, cell: &Cell, j: usize, params: &DungeonParams) -> bool {
        let (h, d, eps) = (params.wall / 2.0, params.door, params.slack());
        let k = cell.corners.len();
        let (u, nrm, len) = edge_frame(cell, j);
        let mid = cell.corners[j].lerp(cell.corners[(j + 1) % k], 0.5);
        let reach = d / 2.0 + h + eps;
        if len / 2.0 < reach {
            return false;
        }
        let n = self.points.len();
        let (a, b) = (
            self.points[self.start[j]],
            self.points[(self.start[j] + 1) % n],
        );
        if (a - mid).dot(u) > -reach || (b - mid).dot(u) < reach {
            return false;
        }
        let mouth = mid + nrm * h;
        let clear = d * std::f64::consts::FRAC_1_SQRT_2 + eps;
        (0..n).filter(|&i| i != self.start[j]).all(|i| {
            distance_squared_point_segment(self.points[i], self.points[(i + 1) % n], mouth)
                >= clear * clear
        })
    }
}
