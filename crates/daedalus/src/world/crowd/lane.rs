//! Lanes: the path point an entity aims at, moved to the right of its
//! path by sweeps of its disc against the walls.

use super::memo::{Fresh, Memo, lane_shift, plan_key};
use crate::Point;
use crate::geometry::distance_point_segment;
use crate::world::World;

/// Does segment `c e` come nearer than `r` to segment `a b`? The end
/// point distances first (cheap, and enough for most edges a flood
/// meets), the exact crossing test only when they do not decide.
fn capsule_meets(a: Point, b: Point, c: Point, e: Point, r: f64) -> bool {
    use crate::geometry::segments_meet;
    // boxes farther apart than r: no point of one is within r of the other
    if c.x.min(e.x) >= a.x.max(b.x) + r
        || c.x.max(e.x) <= a.x.min(b.x) - r
        || c.y.min(e.y) >= a.y.max(b.y) + r
        || c.y.max(e.y) <= a.y.min(b.y) - r
    {
        return false;
    }
    distance_point_segment(c, e, a) < r
        || distance_point_segment(c, e, b) < r
        || distance_point_segment(a, b, c) < r
        || distance_point_segment(a, b, e) < r
        || segments_meet(a, b, c, e)
}

impl World {
    /// The path point `d` along the plan, moved to the right so that it
    /// keeps `lane` from the nearest wall on the path's left (less where
    /// a wall on the right is in the way, and never more than a third of
    /// the path left, so the goal is reached exactly). Optimal paths hug
    /// walls; opposite flows whose paths hug the same wall of a corridor
    /// would meet head on, this puts them on opposite sides of it. Paths
    /// with no wall near on their left (open rooms) are walked as planned.
    pub(super) fn in_lane(
        &self,
        pl: &crate::world::entity::Plan,
        d: f64,
        r: f64,
        lane: f64,
        memo: Option<&Memo>,
        fresh: &mut Fresh,
    ) -> Point {
        let len = pl.sampler.length();
        let c = pl.sampler.point_at(d);
        let max = lane.min((len - d).max(0.0) / 3.0);
        if max <= 0.0 {
            return c;
        }
        let ahead = pl.sampler.point_at(d + 0.5) - pl.sampler.point_at((d - 0.5).max(0.0));
        let l = ahead.length();
        if l == 0.0 {
            return c;
        }
        let right = Point::new(ahead.y, -ahead.x) / l;
        // measured by two sweeps (reused while the point stays put)
        let shift = lane_shift(memo, plan_key(pl), d, fresh, || {
            let start = self.cdt.faces_at(c).ok().flatten()?;
            let left = self.sweep_gap(&start, c, -right * lane, r);
            if left >= lane {
                return Some(0.0); // no wall near on the left
            }
            let room = self.sweep_gap(&start, c, right * (2.0 * lane), r);
            Some(if room >= 2.0 * lane {
                lane - left // open on the right: keep lane from the left wall
            } else {
                // a corridor: the disc's left edge on its centre line, a
                // margin off the right wall
                ((room - left) / 2.0 + r).min(room - 0.1 * r)
            })
        });
        match shift {
            Some(want) => c + right * want.clamp(0.0, max),
            None => c,
        }
    }

    /// How far a disc of radius `r` moves from `a` by `d` before it
    /// touches a wall (|d| when it never does), over the triangles along
    /// the way from `start` (the triangles at `a`).
    ///
    /// The flood covers the sweep only up to the nearest contact found so
    /// far: the first contact is still found (the disc reaches it through
    /// the triangles its centre crosses, which a shorter sweep still
    /// meets), farther walls could only give later ones.
    pub(super) fn sweep_gap(
        &self,
        start: &[crate::mesh::FaceId],
        a: Point,
        d: Point,
        r: f64,
    ) -> f64 {
        let t = std::cell::Cell::new(1.0f64);
        self.cdt.flood_from(
            start.to_vec(),
            |c, e| capsule_meets(a, a + d * t.get(), c, e, r),
            |c, e| {
                t.set(t.get().min(super::sweep::segment_hit(a, d, c, e, r).t));
                false
            },
        );
        t.get() * d.length()
    }
}
