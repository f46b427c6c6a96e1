//! Arrived entities: whether a walker wants them to make way, and the
//! commit of their moves (aside and back home).

use super::motion::{Body, Snapshot};
use super::sweep::Keep;
use super::way::in_way;
use crate::Point;
use crate::world::entity::Entity;

impl Snapshot<'_> {
    /// The nearest walker (position, heading, gap between the discs) near enough
    /// to `i` that it may have to step aside; `None` as well when a walker
    /// near is going to where `i` stands (then `i` goes home instead: the
    /// flag says so).
    pub(super) fn walker_near(&self, i: usize) -> (Option<(Point, Point, f64)>, bool) {
        let b = &self.bodies[i];
        let reach = b.r + self.r_max + self.settings.time_horizon * b.speed;
        let mut best: Option<(Point, Point, f64)> = None;
        let mut wanted = false;
        let home = b.settled == Some(b.p);
        self.grid.near(b.p, reach, |j, _| {
            let o = &self.bodies[j as usize];
            // one at home also makes way for one going home from afar
            // (settled entities pushed far off would else be walled in
            // by those at home), and so does any settled entity for one
            // going home because a walker wants its place (else that
            // walker waits on it, and it on this one)
            let heading = match o.settled {
                Some(g) if g.distance(o.p) > o.r && (home || wanted_at(self, j as usize)) => {
                    g - o.p
                }
                _ if o.moving => o.want,
                _ => return,
            };
            let d = o.p.distance(b.p);
            if d < b.r + o.r + self.settings.time_horizon * 2.0 * o.speed {
                wanted |= wants(o, b);
                // in the way of a stuck walker, within the horizon its
                // avoidance sees: make way now, as if touching (it cannot
                // come nearer to push, the others around hold it)
                let blocking = o.moving
                    && o.stuck >= self.settings.replan_after
                    && in_way(
                        o.p,
                        heading,
                        b.p,
                        b.r + o.r,
                        self.settings.time_horizon * o.speed,
                    );
                let gap = if blocking { 0.0 } else { d - b.r - o.r };
                if best.is_none_or(|(_, _, g)| gap < g) {
                    best = Some((o.p, heading, gap));
                }
            }
        });
        if wanted { (None, true) } else { (best, false) }
    }
}

/// Commits a settled entity's move (it stays arrived; back at its goal
/// exactly once near enough and nothing is in the way).
pub(super) fn settle(
    e: &mut Entity,
    b: &Body,
    p: Point,
    q: Point,
    home: Option<Point>,
    keep: &Keep<'_>,
    dt: f64,
) -> Point {
    // a hair from home and the way is clear: home exactly
    let q = match home {
        Some(goal)
            if q != goal && q.distance(goal) <= 1e-4 * (1.0 + b.r) && keep.allowed(q, goal) =>
        {
            goal
        }
        _ => q,
    };
    e.motion.velocity = (q - p) / dt;
    e.position = q;
    q
}

/// Is walker `o` (near enough) going to where `b` stands?
fn wants(o: &Body, b: &Body) -> bool {
    o.target.is_some_and(|t| t.distance(b.p) < b.r + o.r)
}

/// Does a walker near settled entity `i` go to where it stands (it then
/// goes home, walkers or not: [`Snapshot::walker_near`])?
fn wanted_at(snap: &Snapshot<'_>, i: usize) -> bool {
    let b = &snap.bodies[i];
    let reach = b.r + snap.r_max + snap.settings.time_horizon * b.speed;
    let mut wanted = false;
    snap.grid.near(b.p, reach, |j, _| {
        let o = &snap.bodies[j as usize];
        wanted |= o.moving
            && o.p.distance(b.p) < b.r + o.r + snap.settings.time_horizon * 2.0 * o.speed
            && wants(o, b);
    });
    wanted
}
