//! Right of way: the deadlock breaker of counter-flows.
//!
//! A jam is a set of moving entities, each without progress along its
//! path for [`Avoidance::replan_after`] seconds, linked by contact (gaps
//! under half the smaller radius). In each jam one flow has the right of
//! way: the heading of its first member (the lowest entity slot, a strict
//! order); every member walking against that heading (negative dot
//! product) gives way: it backs off along its own path. Giving way
//! spreads back along the yielding flow, to whoever a yielder backs into
//! from behind, so a whole queue clears the way, not only its head. An
//! entity gives way until no walker of the flow it yields to comes at it
//! within its avoidance horizon (and no yielder in front backs into it).
//! Two flows thus never push at each other for long: one of them goes on,
//! the other waits, then goes. Everything is decided from the start-of-
//! step snapshot, in slot order (deterministic).

use super::Avoidance;
use super::grid::Grid;
use super::motion::Body;
use crate::Point;

/// Two discs touch (for jams) with a gap under this share of the smaller
/// radius.
const CONTACT: f64 = 0.5;

fn touching(a: &Body, b: &Body) -> bool {
    a.p.distance(b.p) - a.r - b.r < CONTACT * a.r.min(b.r)
}

fn unit(v: Point) -> Option<Point> {
    let l = v.length();
    (l > 0.0 && l.is_finite()).then(|| v / l)
}

/// Union-find root with path halving.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Updates every body's `give_way` for this step (O(entities) through
/// the grid).
pub(super) fn right_of_way(bodies: &mut [Body], grid: &Grid, s: &Avoidance, r_max: f64) {
    let n = bodies.len();
    let before: Vec<Option<Point>> = bodies.iter().map(|b| b.give_way).collect();
    // 1. yielders go on yielding while their winners still come at them
    for i in 0..n {
        let Some(hr) = before[i] else { continue };
        let b = &bodies[i];
        let mut keep = false;
        grid.near(b.p, 3.0 * (b.r + r_max), |j, q| {
            let j = j as usize;
            let o = &bodies[j];
            if j == i || !o.moving || (q - b.p).dot(b.want) <= 0.0 {
                return; // not in front
            }
            // a winner within a diameter (of the larger disc) of it
            let winner = before[j].is_none()
                && o.want.dot(hr) > 0.0
                && q.distance(b.p) - b.r - o.r < 2.0 * b.r.max(o.r);
            let pushed = before[j] == Some(hr) && touching(b, o);
            keep |= winner || pushed;
        });
        if !keep || !b.moving {
            bodies[i].give_way = None;
        }
    }
    // 2. jams: stuck movers in contact, one flow yields to the other
    let jammed = |b: &Body| {
        b.moving && b.give_way.is_none() && b.stuck >= s.replan_after && unit(b.want).is_some()
    };
    let mut parent: Vec<usize> = (0..n).collect();
    for i in 0..n {
        if !jammed(&bodies[i]) {
            continue;
        }
        let b = &bodies[i];
        grid.near(b.p, 2.0 * (b.r + r_max), |j, _| {
            let j = j as usize;
            if j > i && jammed(&bodies[j]) && touching(b, &bodies[j]) {
                let (a, c) = (root(&mut parent, i), root(&mut parent, j));
                // the lower slot is the root: the jam's first member
                parent[a.max(c)] = a.min(c);
            }
        });
    }
    let mut queue = Vec::new();
    for i in 0..n {
        if !jammed(&bodies[i]) {
            continue;
        }
        let first = root(&mut parent, i);
        let hr = unit(bodies[first].want).expect("jammed bodies want to move");
        let b = bodies[i];
        if b.want.dot(hr) >= 0.0 {
            continue;
        }
        // only one that faces a winner of its jam in contact
        let mut faces = false;
        grid.near(b.p, 2.0 * (b.r + r_max), |j, q| {
            let o = &bodies[j as usize];
            faces |= jammed(o)
                && o.want.dot(hr) > 0.0
                && (q - b.p).dot(b.want) > 0.0
                && o.want.dot(b.want) < 0.0
                && touching(&b, o);
        });
        if faces {
            bodies[i].give_way = Some(hr);
            queue.push(i);
        }
    }
    // 3. giving way spreads to whoever a yielder backs into
    queue.extend((0..n).filter(|&i| before[i].is_some() && bodies[i].give_way.is_some()));
    while let Some(i) = queue.pop() {
        let b = bodies[i];
        let hr = b.give_way.expect("queued yielders give way");
        grid.near(b.p, 2.0 * (b.r + r_max), |j, q| {
            let j = j as usize;
            let o = &bodies[j];
            if o.moving
                && o.give_way.is_none()
                && o.want.dot(hr) < 0.0
                && (q - b.p).dot(b.want) < 0.0
                && touching(&b, o)
            {
                bodies[j].give_way = Some(hr);
                queue.push(j);
            }
        });
    }
}
