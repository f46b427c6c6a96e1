//! Every point the sampler produces (`point_at_free`) on every radius-r
//! path of the shared maps (radii 0.5, 1 and 2, every query: 17 even
//! samples and 5 on every arc) passes the library's own start test (a
//! search from there is not `StartBlocked`) and keeps the radius from
//! every wall, measured against the walls directly (brute force over the
//! walls near it), in exact-fit passages too (a corridor exactly `2 r`
//! wide turning round a corner: the maze maps at radius 0.5).
#![cfg(feature = "serde")]

use crate::support::World;
use crate::support::check::point_seg;
use crate::support::reference::Walls;
use daedalus::Point;
use daedalus::path::{PathFinder, PathSampler};
use daedalus::scenario::Scenario;
use std::cell::RefCell;

/// Is `p` in a passage exactly `2 r` wide (walls within `r (1 + 1e-9)` on
/// opposite sides)? The path finder accepts paths through those with its
/// relative slack of 1e-9 while its start test is strict, so no point there
/// can be guaranteed to pass it (see the report on issue 10).
fn tight(walls: &Walls, p: Point, r: f64) -> bool {
    let reach = r * (1.0 + 1e-9);
    let dirs: Vec<Point> = walls
        .segs_near(p, p, reach)
        .into_iter()
        .filter_map(|i| {
            let (a, b) = walls.segs[i as usize];
            (point_seg(p, a, b) < reach).then(|| {
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let l2 = dx * dx + dy * dy;
                let t = if l2 > 0.0 {
                    (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                Point::new(a.x + t * dx - p.x, a.y + t * dy - p.y)
            })
        })
        .collect();
    dirs.iter()
        .any(|u| dirs.iter().any(|v| u.x * v.x + u.y * v.y < 0.0))
}

/// Does a straight piece of the path come nearer than `r` to a wall (the
/// finder accepts that within its relative slack of 1e-9, e.g. through a
/// gap exactly `2 r` wide; its start test does not)? Brute force.
fn uses_slack(walls: &Walls, path: &daedalus::path::Path, r: f64) -> bool {
    let mut at = path.start;
    let mut pieces = Vec::new();
    for t in &path.turns {
        pieces.push((at, t.from));
        at = t.to;
    }
    pieces.push((at, path.goal));
    pieces.iter().any(|&(a, b)| {
        walls.segs_near(a, b, r).into_iter().any(|i| {
            let (c, d) = walls.segs[i as usize];
            crate::support::check::seg_seg(a, b, c, d) < r
        })
    })
}

/// Evenly spaced samples per path (plus 5 on every arc).
const EVEN: usize = 16;

/// Where to sample `path`: `EVEN` even distances and 5 along every arc
/// (its ends included), where the points nearest the walls are.
fn sample_distances(path: &daedalus::path::Path) -> Vec<f64> {
    let total = PathSampler::new(path, 1.0).unwrap().length();
    let mut out: Vec<f64> = (0..=EVEN).map(|k| total * k as f64 / EVEN as f64).collect();
    let (mut d, mut at) = (0.0, path.start);
    for t in &path.turns {
        d += at.distance(t.from);
        let ang = |q: Point| (q.y - t.center.y).atan2(q.x - t.center.x);
        let (a0, a1) = (ang(t.from), ang(t.to));
        let sweep = match t.rotation {
            daedalus::path::Rotation::CounterClockwise => {
                (a1 - a0).rem_euclid(std::f64::consts::TAU)
            }
            daedalus::path::Rotation::Clockwise => (a0 - a1).rem_euclid(std::f64::consts::TAU),
        };
        let len = t.radius * sweep;
        out.extend((0..=4).map(|j| (d + len * j as f64 / 4.0).min(total)));
        d += len;
        at = t.to;
    }
    out
}

#[test]
fn sampled_points_pass_the_start_test_on_the_maps() {
    let files = crate::support::data::scenario_files();
    assert!(!files.is_empty());
    let mut finder = PathFinder::new();
    let check = RefCell::new(PathFinder::new());
    let (mut paths, mut samples, mut slack_paths) = (0, 0, 0);
    let mut pushed_fail = 0;
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let world = World::from_scenario(&s);
        let nav = world.nav();
        let walls = Walls::new(world.all_walls());
        for q in &s.queries {
            for r in [0.5, 1.0, 2.0] {
                let (from, to) = (Point::from(q.from), Point::from(q.to));
                let Ok(path) = finder.find_path(&nav, from, to, r) else {
                    continue;
                };
                if uses_slack(&walls, &path, r) {
                    slack_paths += 1;
                }
                paths += 1;
                let sm = PathSampler::new(&path, 1.0).unwrap();
                for d in sample_distances(&path) {
                    samples += 1;
                    // the library's own test: a search from q (to q) is not blocked
                    let passes = |q: Point| check.borrow_mut().find_path(&nav, q, q, r).is_ok();
                    pushed_fail += usize::from(!passes(sm.point_at(d)));
                    let q = sm.point_at_free(d, passes);
                    if !passes(q) {
                        panic!(
                            "{}: sample {q:?} of a radius-{r} path is StartBlocked (in an exact fit: {})",
                            s.name,
                            tight(&walls, q, r)
                        );
                    }
                    // and the walls, measured directly
                    for i in walls.segs_near(q, q, r) {
                        let (a, b) = walls.segs[i as usize];
                        let dd = point_seg(q, a, b);
                        assert!(
                            dd >= r,
                            "{}: sample {q:?} is {dd} < {r} from a wall",
                            s.name
                        );
                    }
                }
            }
        }
    }
    eprintln!(
        "{paths} paths, {samples} samples, \
         {slack_paths} paths within the finder's slack, \
         {pushed_fail} pushed points alone failing"
    );
    assert!(paths > 50, "only {paths} radius > 0 paths");
}
