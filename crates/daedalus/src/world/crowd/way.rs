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
//! the other waits, then goes. Merges are the same-direction case: two
//! stuck members of one flow in contact, each in front of the other (both
//! pressing into one gap); the one behind along their mean heading backs
//! off along its own path (and spreads it back the same way) until no
//! walker of its flow is within a diameter in front of it. Everything is decided from the start-of-
//! step snapshot, in slot order (deterministic).

use super::Avoidance;
use super::grid::Grid;
use super::motion::Body;
use crate::Point;

/// Why an entity gives way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Yielding {
    /// To the flow of a jam walking against it (it backs off ahead of
    /// that flow).
    #[default]
    Flow,
    /// To a walker of its own flow ahead of it, both pressing into the same
    /// gap (it backs off along its own path).
    Merge,
}

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

/// Is a disc at `p` in the way of one at `w` heading `heading`: ahead of it
/// by less than `reach` (beyond the touching distance `sum`) and less than
/// `sum` off its line?
pub(super) fn in_way(w: Point, heading: Point, p: Point, sum: f64, reach: f64) -> bool {
    let l = heading.length();
    if l == 0.0 {
        return false;
    }
    let u = heading / l;
    let rel = p - w;
    let along = rel.dot(u);
    along > 0.0 && along < sum + reach && (rel - u * along).length() < sum
}

/// The buffers of [`right_of_way`], kept from step to step.
#[derive(Debug, Default)]
pub(super) struct Buffers {
    /// Everyone's `give_way` at the start of the step.
    before: Vec<Option<Point>>,
    /// Union-find of the jams.
    parent: Vec<usize>,
    queue: Vec<usize>,
    /// Merge losers and the way they back off.
    losers: Vec<(usize, Point)>,
}

/// Updates every body's `give_way` for this step (O(entities) through
/// the grid).
pub(super) fn right_of_way(
    bodies: &mut [Body],
    grid: &Grid,
    s: &Avoidance,
    r_max: f64,
    bufs: &mut Buffers,
) {
    let n = bodies.len();
    let Buffers {
        before,
        parent,
        queue,
        losers,
    } = bufs;
    before.clear();
    before.extend(bodies.iter().map(|b| b.give_way));
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
            // a winner within a diameter (of the larger disc) of it: of
            // the other flow, or (a merge) of its own
            let flow = match b.yielding {
                Yielding::Flow => o.want.dot(hr) > 0.0,
                Yielding::Merge => o.want.dot(b.want) > 0.0,
            };
            let winner =
                before[j].is_none() && flow && q.distance(b.p) - b.r - o.r < 2.0 * b.r.max(o.r);
            // backed into by a yielder of its flow: only by one behind it
            // along the way back (two touching would else hold each other
            // for ever)
            let pushed = before[j] == Some(hr) && touching(b, o) && (b.p - q).dot(hr) > 0.0;
            keep |= winner || pushed;
        });
        if !keep || !b.moving || b.stuck >= s.replan_after {
            bodies[i].give_way = None;
        }
    }
    // 2. jams: stuck movers in contact, one flow yields to the other
    let jammed = |b: &Body| {
        b.moving && b.give_way.is_none() && b.stuck >= s.replan_after && unit(b.want).is_some()
    };
    parent.clear();
    parent.extend(0..n);
    for i in 0..n {
        if !jammed(&bodies[i]) {
            continue;
        }
        let b = &bodies[i];
        grid.near(b.p, 2.0 * (b.r + r_max), |j, _| {
            let j = j as usize;
            if j > i && jammed(&bodies[j]) && touching(b, &bodies[j]) {
                let (a, c) = (root(parent, i), root(parent, j));
                // the lower slot is the root: the jam's first member
                parent[a.max(c)] = a.min(c);
            }
        });
    }
    queue.clear();
    for i in 0..n {
        if !jammed(&bodies[i]) {
            continue;
        }
        let first = root(parent, i);
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
            bodies[i].yielding = Yielding::Flow;
            queue.push(i);
        }
    }
    // 2b. merges: two stuck walkers of one flow (headings less than a
    // right angle apart), each in front of the other, press into the same
    // gap (at a corridor's corner); the one behind along their mean
    // heading (the higher slot on a tie: a strict order) backs off along
    // its own path until the other has gone through
    losers.clear();
    for i in 0..n {
        let b = bodies[i];
        if !jammed(&b) {
            continue;
        }
        let ui = unit(b.want).expect("jammed bodies want to move");
        let mut loses = false;
        grid.near(b.p, 2.0 * (b.r + r_max), |j, q| {
            let o = &bodies[j as usize];
            if j as usize == i || !jammed(o) || !touching(&b, o) {
                return;
            }
            let uj = unit(o.want).expect("jammed bodies want to move");
            if ui.dot(uj) <= 0.0 || (q - b.p).dot(ui) <= 0.0 || (b.p - q).dot(uj) <= 0.0 {
                return; // not one flow, or not heading into each other
            }
            let h = ui + uj;
            let (si, sj) = (b.p.dot(h), q.dot(h));
            loses |= si < sj || (si == sj && i > j as usize);
        });
        if loses {
            losers.push((i, -ui));
        }
    }
    for &(i, back) in losers.iter() {
        bodies[i].give_way = Some(back);
        bodies[i].yielding = Yielding::Merge;
        queue.push(i);
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
                bodies[j].yielding = b.yielding;
                queue.push(j);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-built: two stuck discs of radius 1 in contact, one heading
    /// down into a gap at (0, 0), the other heading left into it from its
    /// lower right (the pile of swap seed 47 at a corridor's corner).
    fn pair(stuck: f64) -> Vec<Body> {
        vec![
            Body::walker(0, Point::new(0.0, 2.0), 1.0, Point::new(0.0, -4.0), stuck),
            Body::walker(1, Point::new(1.8, 1.1), 1.0, Point::new(-4.0, -1.0), stuck),
        ]
    }

    fn run(bodies: &mut [Body]) {
        let mut grid = Grid::default();
        let points: Vec<Point> = bodies.iter().map(|b| b.p).collect();
        grid.rebuild(13.0, &points);
        right_of_way(
            bodies,
            &grid,
            &Avoidance::default(),
            1.0,
            &mut Buffers::default(),
        );
    }

    #[test]
    fn the_one_behind_a_merge_backs_off() {
        let mut b = pair(1.0);
        // hand-worked: in contact (gap 0.01), each in front of the other;
        // mean heading h = (0, -1) + (-0.970, -0.243): slot 0 projects to
        // -2.49, slot 1 to -3.11, so slot 1 is behind
        let h = Point::new(0.0, -1.0) + Point::new(-4.0, -1.0) / 17f64.sqrt();
        assert!(b[0].p.dot(h) > b[1].p.dot(h));
        run(&mut b);
        assert_eq!(b[0].give_way, None);
        let back = b[1].give_way.expect("the one behind gives way");
        assert_eq!(b[1].yielding, Yielding::Merge);
        // along its own path, backwards
        let u = Point::new(-4.0, -1.0) / 17f64.sqrt();
        assert!((back + u).length() < 1e-12);
    }

    #[test]
    fn no_merge_before_the_jam_or_apart() {
        // not stuck long enough yet
        let mut b = pair(0.5);
        run(&mut b);
        assert!(b.iter().all(|b| b.give_way.is_none()));
        // stuck but not in contact
        let mut b = pair(1.0);
        b[1].p = Point::new(4.0, 1.1);
        run(&mut b);
        assert!(b.iter().all(|b| b.give_way.is_none()));
    }

    #[test]
    fn a_merge_yielder_waits_while_the_winner_is_near_in_front() {
        let mut b = pair(1.0);
        run(&mut b);
        // next step: nothing moved, the winner still in front
        run(&mut b);
        assert!(b[1].give_way.is_some());
        // the winner went through the gap: far below
        b[0].p = Point::new(0.0, -6.0);
        run(&mut b);
        assert_eq!(b[1].give_way, None);
    }

    #[test]
    fn two_yielders_touching_do_not_hold_each_other() {
        // swap seed 608: two discs backing off north into a room's corner,
        // touching, each in front of the other along its own heading, their
        // winners long gone; the one further along the way back (b[1]) is
        // backed into by b[0], b[0] by nobody: b[0] stops, then b[1]
        let hr = Point::new(0.0, 1.0);
        let mut b = vec![
            Body::walker(0, Point::new(0.0, 0.0), 1.0, Point::new(5.0, -3.0), 0.0),
            Body::walker(1, Point::new(2.0, 0.3), 1.0, Point::new(0.0, -6.0), 0.0),
        ];
        assert!(touching(&b[0], &b[1]));
        for x in &mut b {
            x.give_way = Some(hr);
        }
        run(&mut b);
        assert_eq!(b[0].give_way, None);
        assert_eq!(b[1].give_way, Some(hr));
        run(&mut b);
        assert!(b.iter().all(|b| b.give_way.is_none()));
    }

    #[test]
    fn in_way_is_ahead_and_near_the_line() {
        let (w, h) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
        assert!(in_way(w, h, Point::new(5.0, 1.0), 2.0, 10.0));
        assert!(!in_way(w, h, Point::new(-5.0, 1.0), 2.0, 10.0)); // behind
        assert!(!in_way(w, h, Point::new(5.0, 2.5), 2.0, 10.0)); // off the line
        assert!(!in_way(w, h, Point::new(12.5, 0.0), 2.0, 10.0)); // beyond reach
        assert!(!in_way(
            w,
            Point::default(),
            Point::new(5.0, 0.0),
            2.0,
            10.0
        ));
    }

    #[test]
    fn a_yielder_that_cannot_back_off_stops_giving_way() {
        // swap seed 350: yielders backed against a wall, their winner (a
        // walker of the other flow, in contact in front) stuck as well
        let hr = Point::new(1.0, 0.0);
        let scene = |stuck: f64| {
            let mut b = vec![
                Body::walker(0, Point::new(0.0, 0.0), 1.0, Point::new(6.0, 0.0), 0.0),
                Body::walker(1, Point::new(2.05, 0.0), 1.0, Point::new(-6.0, 0.0), stuck),
            ];
            b[1].give_way = Some(hr);
            run(&mut b);
            b[1].give_way
        };
        // backing off as it should: the winner in front keeps it yielding
        assert_eq!(scene(0.0), Some(hr));
        // no move back for `replan_after` (1 s): it stops
        assert_eq!(scene(1.0), None);
    }
}
