//! find_path against the independent reference solver on random small
//! worlds (integer grids with collinear runs, shared end points, T-junctions
//! and crossings; float worlds), plus hand-worked cases.

use crate::support::World;
use crate::support::check::{check_path, check_polyline};
use crate::support::reference::{RefOutcome, Walls, shortest_r0, shortest_radius};
use crate::support::rng::Rng;
use daedalus::Point;
use daedalus::path::{PathError, PathFinder};
use proptest::prelude::*;

/// Integer-grid world: walls along H, V and both diagonals with lengths
/// 1, 2 or 4 (so every crossing is exact), plus some unit squares.
fn grid_world(seed: u64) -> World {
    let mut r = Rng::xorshift(seed | 1);
    let n = 6 + r.below(6) as i64;
    let mut walls = Vec::new();
    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for _ in 0..(2 + r.below(10)) {
        let (dx, dy) = dirs[r.below(4) as usize];
        let len = [1, 2, 4][r.below(3) as usize];
        let x = r.below(n as u64 + 1) as i64;
        let y = r.below(n as u64 + 1) as i64;
        let (x2, y2) = (x + dx * len, y + dy * len);
        if x2 < 0 || x2 > n || y2 < 0 || y2 > n {
            continue;
        }
        let a = Point::new(x as f64, y as f64);
        let b = Point::new(x2 as f64, y2 as f64);
        walls.push((a, b));
    }
    for _ in 0..r.below(4) {
        let x = r.below(n as u64) as f64;
        let y = r.below(n as u64) as f64;
        let c = [
            Point::new(x, y),
            Point::new(x + 1.0, y),
            Point::new(x + 1.0, y + 1.0),
            Point::new(x, y + 1.0),
        ];
        for k in 0..4 {
            walls.push((c[k], c[(k + 1) % 4]));
        }
    }
    World {
        bounds: [0.0, 0.0, n as f64, n as f64],
        walls,
    }
}

/// Blocked grid cells (as on the game maps): walls between blocked and
/// free cells, so diagonal pinches and long collinear runs abound.
fn cell_world(seed: u64) -> World {
    cell_world_sized(seed, 5, 6)
}

/// A cell world of side `min .. min + span`.
fn cell_world_sized(seed: u64, min: usize, span: u64) -> World {
    let mut r = Rng::xorshift(seed | 1);
    let n = min + r.below(span) as usize;
    let density = 2 + r.below(4);
    let blocked: Vec<bool> = (0..n * n).map(|_| r.below(10) < density).collect();
    let b = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < n
            && (y as usize) < n
            && blocked[y as usize * n + x as usize]
    };
    let mut walls = Vec::new();
    let p = |x: i64, y: i64| Point::new(x as f64, y as f64);
    for y in 0..n as i64 {
        for x in 0..n as i64 {
            if !b(x, y) {
                continue;
            }
            if !b(x, y - 1) {
                walls.push((p(x, y), p(x + 1, y)));
            }
            if !b(x, y + 1) {
                walls.push((p(x, y + 1), p(x + 1, y + 1)));
            }
            if !b(x - 1, y) {
                walls.push((p(x, y), p(x, y + 1)));
            }
            if !b(x + 1, y) {
                walls.push((p(x + 1, y), p(x + 1, y + 1)));
            }
        }
    }
    World {
        bounds: [0.0, 0.0, n as f64, n as f64],
        walls,
    }
}

/// Float world: random segments and triangles that do not cross each other.
fn float_world(seed: u64) -> World {
    let mut r = Rng::xorshift(seed | 1);
    let size = 100.0;
    let mut walls: Vec<(Point, Point)> = Vec::new();
    let crosses = |walls: &[(Point, Point)], a: Point, b: Point| {
        walls.iter().any(|&(c, d)| {
            crate::support::check::seg_seg(a, b, c, d) == 0.0
                || c == a
                || d == b
                || c == b
                || d == a
        })
    };
    for _ in 0..(2 + r.below(10)) {
        let a = Point::new(5.0 + r.unit() * 90.0, 5.0 + r.unit() * 90.0);
        let ang = r.unit() * std::f64::consts::TAU;
        let l = 5.0 + r.unit() * 30.0;
        let b = Point::new(
            (a.x + l * ang.cos()).clamp(1.0, 99.0),
            (a.y + l * ang.sin()).clamp(1.0, 99.0),
        );
        if r.below(3) == 0 {
            // A triangle: three walls sharing end points.
            let c = Point::new(
                (a.x + r.unit() * 20.0 - 10.0).clamp(1.0, 99.0),
                (a.y + r.unit() * 20.0 - 10.0).clamp(1.0, 99.0),
            );
            if daedalus::geometry::orient2d(a, b, c) == 0.0
                || crosses(&walls, a, b)
                || crosses(&walls, b, c)
                || crosses(&walls, c, a)
            {
                continue;
            }
            walls.extend([(a, b), (b, c), (c, a)]);
        } else if !crosses(&walls, a, b) {
            walls.push((a, b));
        }
    }
    World {
        bounds: [0.0, 0.0, size, size],
        walls,
    }
}

fn random_point(r: &mut Rng, w: &World, grid: bool) -> Point {
    loop {
        let [x0, y0, x1, y1] = w.bounds;
        let p = if grid {
            Point::new(
                x0 + (r.below(((x1 - x0) * 4.0) as u64 - 1) + 1) as f64 * 0.25,
                y0 + (r.below(((y1 - y0) * 4.0) as u64 - 1) + 1) as f64 * 0.25,
            )
        } else {
            Point::new(x0 + r.unit() * (x1 - x0), y0 + r.unit() * (y1 - y0))
        };
        if !w.on_wall(p) {
            return p;
        }
    }
}

/// On the Daedalus CDT.
fn compare(w: &World, seed: u64, grid: bool, queries: usize) {
    compare_on(w, &w.nav(), seed, grid, queries);
}

/// Same on spade's triangulation of the walls: the path finder must not
/// depend on which valid CDT it gets.
fn compare_spade(w: &World, seed: u64, grid: bool, queries: usize) {
    compare_on(w, &w.nav_spade(), seed, grid, queries);
}

fn compare_on(w: &World, nav: &daedalus::path::NavMesh, seed: u64, grid: bool, queries: usize) {
    let walls = Walls::new(w.all_walls());
    let mut finder = PathFinder::new();
    let mut r = Rng::xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for q in 0..queries {
        let s = random_point(&mut r, w, grid);
        let t = random_point(&mut r, w, grid);
        let want = shortest_r0(&walls, s, t);
        let got = finder.find_path(nav, s, t, 0.0);
        match (want, &got) {
            (None, Err(PathError::NoPath)) => {}
            (Some(l), Ok(p)) => {
                let pts = p.waypoints();
                let checked = check_polyline(&walls, &pts, 0.0).unwrap_or_else(|e| {
                    panic!("query {q} {s:?}->{t:?} in {w:?}: invalid path {pts:?}: {e}")
                });
                assert!(
                    (checked - l).abs() <= 1e-9 * l.max(1.0)
                        && (p.length() - l).abs() <= 1e-9 * l.max(1.0),
                    "query {q} {s:?}->{t:?} in {w:?}: length {} (checked {checked}), reference {l}, path {pts:?}",
                    p.length()
                );
            }
            _ => panic!("query {q} {s:?}->{t:?} in {w:?}: got {got:?}, reference {want:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn radius0_matches_reference_on_cell_worlds(seed in any::<u64>()) {
        compare(&cell_world(seed), seed, true, 10);
    }

    #[test]
    fn radius0_matches_reference_on_grid_worlds(seed in any::<u64>()) {
        compare(&grid_world(seed), seed, true, 8);
    }

    #[test]
    fn radius0_matches_reference_on_float_worlds(seed in any::<u64>()) {
        compare(&float_world(seed), seed, false, 8);
    }

    #[test]
    fn radius0_on_spade_triangulations(seed in any::<u64>()) {
        compare_spade(&cell_world(seed), seed, true, 6);
        compare_spade(&grid_world(seed), seed, true, 6);
        compare_spade(&float_world(seed), seed, false, 6);
    }
}

/// Walls moved, inserted and removed between queries on one dynamic CDT:
/// after every edit the snapshot is rebuilt and queries match the
/// reference on the current walls.
#[test]
fn radius0_after_edits() {
    use daedalus::triangulation::Cdt;
    let n = 10.0;
    let mut cdt = Cdt::new([-1.0, -1.0], [n + 1.0, n + 1.0]).unwrap();
    let mut live: Vec<(daedalus::triangulation::ShapeId, (Point, Point))> = Vec::new();
    let mut r = Rng::xorshift(99);
    let mut finder = PathFinder::new();
    for step in 0..120u64 {
        let op = r.below(3);
        if op == 0 && !live.is_empty() {
            let i = r.below(live.len() as u64) as usize;
            let (id, _) = live.swap_remove(i);
            cdt.remove_shape(id).unwrap();
        } else if op == 1 && !live.is_empty() {
            // Move: remove and re-insert shifted by one cell.
            let i = r.below(live.len() as u64) as usize;
            let (id, (a, b)) = live[i];
            let d = (r.below(3) as f64 - 1.0, r.below(3) as f64 - 1.0);
            let (a2, b2) = (
                Point::new(a.x + d.0, a.y + d.1),
                Point::new(b.x + d.0, b.y + d.1),
            );
            if [a2, b2]
                .iter()
                .all(|p| p.x >= 0.0 && p.y >= 0.0 && p.x <= n && p.y <= n)
            {
                cdt.remove_shape(id).unwrap();
                live[i] = (cdt.insert_segment(a2, b2).unwrap(), (a2, b2));
            }
        } else {
            let dirs = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, -1.0)];
            let (dx, dy) = dirs[r.below(4) as usize];
            let len = [1.0, 2.0, 4.0][r.below(3) as usize];
            let a = Point::new(r.below(11) as f64, r.below(11) as f64);
            let b = Point::new(a.x + dx * len, a.y + dy * len);
            if b.x <= n && b.y >= 0.0 && b.y <= n {
                live.push((cdt.insert_segment(a, b).unwrap(), (a, b)));
            }
        }
        assert!(cdt.validate().is_empty(), "step {step}");
        let w = World {
            bounds: [-1.0, -1.0, n + 1.0, n + 1.0],
            walls: live.iter().map(|l| l.1).collect(),
        };
        let nav = daedalus::path::NavMesh::from_cdt(&cdt);
        let walls = Walls::new(w.all_walls());
        for _ in 0..4 {
            let s = random_point(&mut r, &w, true);
            let t = random_point(&mut r, &w, true);
            let want = shortest_r0(&walls, s, t);
            match (want, finder.find_path(&nav, s, t, 0.0)) {
                (None, Err(PathError::NoPath)) => {}
                (Some(l), Ok(p)) => {
                    check_polyline(&walls, &p.waypoints(), 0.0).unwrap();
                    assert!(
                        (p.length() - l).abs() <= 1e-9 * l.max(1.0),
                        "step {step}: {} vs {l}",
                        p.length()
                    );
                }
                (want, got) => panic!("step {step} {s:?}->{t:?}: {got:?} vs {want:?} in {w:?}"),
            }
        }
    }
}

fn seg_world(walls: &[[f64; 4]]) -> World {
    World::in_box10(walls)
}

fn ring(walls: &mut Vec<[f64; 4]>, pts: &[(f64, f64)]) {
    for k in 0..pts.len() {
        let (a, b) = (pts[k], pts[(k + 1) % pts.len()]);
        walls.push([a.0, a.1, b.0, b.1]);
    }
}

fn len(w: &World, s: (f64, f64), t: (f64, f64)) -> Result<f64, PathError> {
    PathFinder::new()
        .find_path(&w.nav(), Point::new(s.0, s.1), Point::new(t.0, t.1), 0.0)
        .map(|p| p.length())
}

/// The hand-checked answers of ../shared/polyanya-from-walls.md.
#[test]
fn hand_checked_cases() {
    #[track_caller]
    fn close(a: Result<f64, PathError>, b: f64) {
        let a = a.unwrap();
        assert!((a - b).abs() < 1e-6, "{a} vs {b}");
    }
    close(len(&seg_world(&[]), (1.0, 1.0), (9.0, 5.0)), 80f64.sqrt());
    let wall = seg_world(&[[5.0, 2.0, 5.0, 8.0]]);
    close(len(&wall, (1.0, 5.0), (9.0, 5.0)), 10.0);
    close(len(&wall, (4.0, 5.0), (6.0, 5.0)), 2.0 * 10f64.sqrt());
    let cut = seg_world(&[[5.0, 0.0, 5.0, 10.0]]);
    assert_eq!(len(&cut, (1.0, 5.0), (9.0, 5.0)), Err(PathError::NoPath));
    let mut sq = Vec::new();
    ring(&mut sq, &[(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]);
    let sq = seg_world(&sq);
    close(len(&sq, (1.0, 5.0), (9.0, 5.0)), 8.324555320336759);
    close(len(&sq, (4.5, 4.5), (5.5, 5.5)), 2f64.sqrt());
    assert_eq!(len(&sq, (5.0, 5.0), (1.0, 1.0)), Err(PathError::NoPath));
    close(len(&sq, (1.0, 1.0), (9.0, 9.0)), 11.661903789690601);
    // Two squares meeting at a corner: the pinch is closed.
    let mut pinch = Vec::new();
    ring(
        &mut pinch,
        &[(4.0, 4.0), (5.0, 4.0), (5.0, 5.0), (4.0, 5.0)],
    );
    ring(
        &mut pinch,
        &[(5.0, 5.0), (6.0, 5.0), (6.0, 6.0), (5.0, 6.0)],
    );
    let pinch = seg_world(&pinch);
    let l = len(&pinch, (5.5, 4.5), (4.5, 5.5)).unwrap();
    assert!(l > 2f64.sqrt() + 1e-6, "went through the pinch: {l}");
    // An X of two crossing segments.
    let x = seg_world(&[[2.0, 2.0, 8.0, 8.0], [2.0, 8.0, 8.0, 2.0]]);
    close(len(&x, (5.0, 1.0), (5.0, 9.0)), 6.0 + 2.0 * 10f64.sqrt());
    close(len(&x, (1.0, 5.0), (3.0, 2.0)), 10f64.sqrt() + 1.0);
}

/// At most `n` walls (the reference for radius > 0 is quadratic in them).
fn capped(mut w: World, n: usize) -> World {
    w.walls.truncate(n);
    w
}

/// Radii in (0, 3]: exact fractions of the grid (gaps of exactly the
/// diameter, tangents exactly along walls) and arbitrary values.
fn random_radius(r: &mut Rng) -> f64 {
    if r.below(3) == 0 {
        [0.25, 0.5, 1.0][r.below(3) as usize]
    } else {
        0.05 + r.unit() * 2.95
    }
}

/// Outcome counts: [length, no path, start blocked, goal blocked].
type Counts = [usize; 4];

/// One radius > 0 query against the reference: same outcome, same length
/// (1e-9 relative), and the path valid by the independent checker.
fn compare_radius_query(
    w: &World,
    walls: &Walls,
    nav: &daedalus::path::NavMesh,
    finder: &mut PathFinder,
    (s, t, r): (Point, Point, f64),
    counts: &mut Counts,
) {
    let want = shortest_radius(&walls.segs, s, t, r);
    let got = finder.find_path(nav, s, t, r);
    let ctx = || format!("{s:?}->{t:?} r={r} in {w:?}");
    match (want, &got) {
        (RefOutcome::NoPath, Err(PathError::NoPath)) => counts[1] += 1,
        (RefOutcome::StartBlocked, Err(PathError::StartBlocked)) => counts[2] += 1,
        (RefOutcome::GoalBlocked, Err(PathError::GoalBlocked)) => counts[3] += 1,
        (RefOutcome::Length(l), Ok(p)) => {
            let checked = check_path(walls, p)
                .unwrap_or_else(|e| panic!("{}: invalid path {p:?}: {e}", ctx()));
            // The slack-bounded polyline keeps radius - slack from every wall.
            let slack = 1e-3 * r;
            let pts = p.polyline_within(slack).unwrap();
            check_polyline(walls, &pts, r - slack)
                .unwrap_or_else(|e| panic!("{}: polyline within {slack}: {e}", ctx()));
            let tol = 1e-9 * l.max(1.0);
            assert!(
                (p.length() - l).abs() <= tol && (checked - l).abs() <= tol,
                "{}: length {} (checked {checked}), reference {l}, path {p:?}",
                ctx(),
                p.length()
            );
            counts[0] += 1;
        }
        _ => panic!("{}: got {got:?}, reference {want:?}", ctx()),
    }
}

fn compare_radius(
    w: &World,
    nav: &daedalus::path::NavMesh,
    seed: u64,
    grid: bool,
    queries: usize,
) -> Counts {
    compare_radius_with(w, nav, (seed, grid, queries), PathFinder::new())
}

/// `compare_radius` with a given finder (`(seed, grid, queries)`).
fn compare_radius_with(
    w: &World,
    nav: &daedalus::path::NavMesh,
    (seed, grid, queries): (u64, bool, usize),
    mut finder: PathFinder,
) -> Counts {
    let walls = Walls::new(w.all_walls());
    let mut r = Rng::xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut counts = [0; 4];
    for _ in 0..queries {
        let rad = random_radius(&mut r);
        let s = clear_point(&mut r, w, &walls, grid, rad);
        let t = clear_point(&mut r, w, &walls, grid, rad);
        compare_radius_query(w, &walls, nav, &mut finder, (s, t, rad), &mut counts);
    }
    counts
}

/// A random point, preferring (a few tries) one at least `rad` from every
/// wall, so that most queries have a path to compare; blocked ends remain.
fn clear_point(r: &mut Rng, w: &World, walls: &Walls, grid: bool, rad: f64) -> Point {
    let mut p = random_point(r, w, grid);
    for _ in 0..8 {
        if walls
            .segs
            .iter()
            .all(|&(a, b)| crate::support::check::point_seg(p, a, b) >= rad)
        {
            break;
        }
        p = random_point(r, w, grid);
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn radius_matches_reference_on_cell_worlds(seed in any::<u64>()) {
        let w = cell_world_sized(seed, 3, 4);
        compare_radius(&w, &w.nav(), seed, true, 6);
    }

    #[test]
    fn radius_matches_reference_on_grid_worlds(seed in any::<u64>()) {
        let w = capped(grid_world(seed), 12);
        compare_radius(&w, &w.nav(), seed, true, 6);
    }

    #[test]
    fn radius_matches_reference_on_float_worlds(seed in any::<u64>()) {
        let w = capped(float_world(seed), 12);
        compare_radius(&w, &w.nav(), seed, false, 6);
    }

    #[test]
    fn radius_on_spade_triangulations(seed in any::<u64>()) {
        let w = capped(grid_world(seed), 12);
        compare_radius(&w, &w.nav_spade(), seed, true, 4);
        let w = capped(float_world(seed), 12);
        compare_radius(&w, &w.nav_spade(), seed, false, 4);
    }
}

/// A finder that takes the radius-0 bound (edges narrower than the
/// diameter shut) and floods the goal's sight before its first expansion:
/// the small worlds above seldom reach the default triggers (the work of
/// 32 flooding expansions; an edge to the goal found blocked), so this is
/// where the bound and the goal's flood are surely tested.
#[cfg(feature = "testing")]
fn eager() -> PathFinder {
    let mut f = PathFinder::new();
    f.set_bound_after(0);
    f.set_goal_sight_after(0);
    f
}

#[cfg(feature = "testing")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn eager_bound_matches_reference_on_cell_worlds(seed in any::<u64>()) {
        let w = cell_world_sized(seed, 3, 4);
        compare_radius_with(&w, &w.nav(), (seed, true, 6), eager());
    }

    #[test]
    fn eager_bound_matches_reference_on_grid_worlds(seed in any::<u64>()) {
        let w = capped(grid_world(seed), 12);
        compare_radius_with(&w, &w.nav(), (seed, true, 6), eager());
    }

    #[test]
    fn eager_bound_matches_reference_on_float_worlds(seed in any::<u64>()) {
        let w = capped(float_world(seed), 12);
        compare_radius_with(&w, &w.nav(), (seed, false, 6), eager());
    }
}

/// Detours much longer than the straight distance (the start's far
/// successors are generated only once the search needs them), and
/// straight paths, against the reference.
#[test]
fn radius_long_detours_and_straight_paths() {
    // A comb: walls up from the floor, the path from one tooth gap to the next.
    let mut walls = Vec::new();
    for x in [2.0, 4.0, 6.0, 8.0] {
        walls.push([x, 0.0, x, 9.0]);
    }
    walls.push([1.0, 9.5, 9.0, 9.5]);
    let w = seg_world(&walls);
    let (nav, lines) = (w.nav(), Walls::new(w.all_walls()));
    let mut finder = PathFinder::new();
    let mut counts = [0; 4];
    for (s, t, r) in [
        ((3.0, 1.0), (5.0, 1.0), 0.2),
        ((3.0, 1.0), (9.0, 1.0), 0.1),
        ((1.0, 1.0), (3.0, 8.0), 0.05),
        ((3.0, 1.0), (3.0, 8.0), 0.3),
        ((0.5, 0.5), (0.5, 9.5), 0.2),
    ] {
        let (s, t) = (Point::new(s.0, s.1), Point::new(t.0, t.1));
        compare_radius_query(&w, &lines, &nav, &mut finder, (s, t, r), &mut counts);
    }
    assert_eq!(counts, [5, 0, 0, 0]);
    // An L: its near corner (4, 2) starts a longer way (over (4, 9))
    // than its far corner (9, 2).
    let w = seg_world(&[[4.0, 2.0, 9.0, 2.0], [4.0, 2.0, 4.0, 9.0]]);
    let (nav, lines) = (w.nav(), Walls::new(w.all_walls()));
    let (s, t) = (Point::new(5.0, 1.0), Point::new(5.0, 3.0));
    compare_radius_query(&w, &lines, &nav, &mut finder, (s, t, 0.1), &mut counts);
    assert_eq!(counts, [6, 0, 0, 0]);
}

/// The search's floods are bounded by distance: a corner's successors
/// come ring by ring (the next one only when the search's key reaches
/// it), the goal's sight covers a disc around it (corners beyond it may
/// try the goal) and the start's box doubles until it holds every
/// corner. Tiny radii make the first rings short; a long wall between
/// ends close together makes the goal's disc small and the detour leave
/// the start's first box. Against the reference.
#[test]
fn radius_rings_and_bounded_floods() {
    // A wall across with a door at its right end, squares beside it.
    let mut walls = vec![[0.5, 5.0, 8.5, 5.0]];
    for (x, y) in [(2.0, 2.0), (5.0, 3.0), (3.0, 7.0), (6.5, 7.5)] {
        ring(
            &mut walls,
            &[(x, y), (x + 0.5, y), (x + 0.5, y + 0.5), (x, y + 0.5)],
        );
    }
    let w = seg_world(&walls);
    let (nav, lines) = (w.nav(), Walls::new(w.all_walls()));
    let mut finder = PathFinder::new();
    let mut counts = [0; 4];
    for r in [0.01, 0.05, 0.3] {
        for (s, t) in [
            // Across the wall: the path goes round its end at x = 8.5.
            ((1.0, 4.5), (1.0, 5.5)),
            ((1.0, 4.0), (2.0, 6.0)),
            ((4.0, 4.6), (3.5, 9.0)),
            // Along it, past the squares.
            ((0.4, 1.0), (9.5, 2.6)),
            ((0.4, 9.6), (9.6, 6.0)),
        ] {
            let (s, t) = (Point::new(s.0, s.1), Point::new(t.0, t.1));
            compare_radius_query(&w, &lines, &nav, &mut finder, (s, t, r), &mut counts);
        }
    }
    assert_eq!(counts, [15, 0, 0, 0]);
}

/// A corridor through a thick wall whose jambs are each two wall pieces
/// meeting midway: the upper one exactly straight, the lower one bent
/// towards the corridor by 2^-50 (a straight wall as rounding leaves it,
/// far below any angle's rounding but exact for `orient2d`). The bend is a
/// corner (its free gap exceeds 180 degrees) that blocks the straight
/// tangent between the jamb's ends; deciding that gap on rounded angles
/// made it no corner at all, and a disc refused the corridor. Against the
/// reference, at radii up to half the corridor's width; at exactly half
/// the straight jamb's gap (r = 1) the bend shuts it.
#[test]
fn radius_jambs_of_two_pieces() {
    let bump = 4.0 + 2f64.powi(-50);
    // The thick wall x in [4, 6] with a corridor y in [4, 6].
    let thick = [
        [4.0, 0.0, 4.0, 4.0],
        [6.0, 0.0, 6.0, 4.0],
        [4.0, 6.0, 4.0, 10.0],
        [6.0, 6.0, 6.0, 10.0],
    ];
    // Lower jamb, bent; upper jamb, straight.
    let jambs = [
        [4.0, 4.0, 5.0, bump],
        [5.0, bump, 6.0, 4.0],
        [4.0, 6.0, 5.0, 6.0],
        [5.0, 6.0, 6.0, 6.0],
    ];
    let w = seg_world(&[thick, jambs].concat());
    // The jambs also inserted after the snapshot was taken (the free arcs
    // of a patched snapshot are recomputed by another path).
    let mut cdt = seg_world(&thick).cdt();
    let mut patched = daedalus::path::NavMesh::from_cdt(&cdt);
    for j in jambs {
        cdt.insert_segment([j[0], j[1]], [j[2], j[3]]).unwrap();
    }
    patched.update(&mut cdt);
    let lines = Walls::new(w.all_walls());
    let mut finder = PathFinder::new();
    let mut counts = [0; 4];
    for nav in [w.nav(), w.nav_spade(), patched] {
        for r in [0.01, 0.25, 0.5, 1.0] {
            for (s, t) in [
                // Along the bent jamb, along the straight one, straight through.
                ((2.0, 2.0), (8.0, 2.0)),
                ((2.0, 8.0), (8.0, 8.0)),
                ((2.0, 5.0), (8.0, 5.0)),
                ((8.0, 1.5), (2.0, 8.5)),
            ] {
                let (s, t) = (Point::new(s.0, s.1), Point::new(t.0, t.1));
                if r == 1.0 {
                    // The corridor (the only way across) is 2^-50 narrower
                    // than the diameter at the bend: shut, decided exactly
                    // (the reference keeps a 1e-9 slack and would pass).
                    let got = finder.find_path(&nav, s, t, r).map(|p| p.length());
                    assert_eq!(got, Err(PathError::NoPath), "{s:?} -> {t:?}");
                    counts[1] += 1;
                    continue;
                }
                compare_radius_query(&w, &lines, &nav, &mut finder, (s, t, r), &mut counts);
            }
        }
    }
    // Every query goes through the corridor up to r = 0.5; none at r = 1.
    assert_eq!(counts, [36, 12, 0, 0]);
}

/// The doorway of `path_finder_passes_jambs_that_meet_midway` (a
/// generated dungeon, rounded coordinates): each jamb is two segments of
/// different shapes meeting midway, the path runs along one of them.
#[test]
fn radius_dungeon_jambs_against_reference() {
    let p = Point::new;
    let lines = [
        [
            p(22.185022382670507, 31.38299131442353),
            p(22.328280426662918, 31.23973327043112),
            p(21.66452497615682, 30.57597781992502),
        ],
        [
            p(23.625931067181853, 32.53738391095005),
            p(22.926083772114435, 31.837536615882637),
            p(22.782825728122024, 31.98079465987505),
        ],
        [
            p(22.782825728122024, 31.98079465987505),
            p(22.639567684129613, 32.12405270386746),
            p(23.259408003321674, 32.74389302305952),
        ],
        [
            p(21.378008888171998, 30.86249390790984),
            p(22.041764338678096, 31.526249358415942),
            p(22.185022382670507, 31.38299131442353),
        ],
    ];
    let w = World {
        bounds: [15.0, 24.0, 32.0, 37.0],
        walls: lines
            .iter()
            .flat_map(|l| [(l[0], l[1]), (l[1], l[2])])
            .collect(),
    };
    let (nav, walls) = (w.nav(), Walls::new(w.all_walls()));
    let (s, t) = (
        p(24.52791715134138, 30.659896439176727),
        p(21.46192750742371, 33.7258860830944),
    );
    let mut finder = PathFinder::new();
    let mut counts = [0; 4];
    for r in [0.01, 0.05, 0.1] {
        compare_radius_query(&w, &walls, &nav, &mut finder, (s, t, r), &mut counts);
    }
    assert_eq!(counts, [3, 0, 0, 0]);
}

/// A fixed sweep over seeds with every outcome counted: the reference is
/// exercised on paths, no-paths and blocked ends alike.
#[test]
fn radius_reference_outcomes() {
    let mut total = [0usize; 4];
    for seed in 0..60u64 {
        let worlds = [
            (cell_world_sized(seed, 3, 4), true),
            (capped(grid_world(seed), 12), true),
            (capped(float_world(seed), 12), false),
        ];
        for (w, grid) in worlds {
            let c = compare_radius(&w, &w.nav(), seed, grid, 4);
            for k in 0..4 {
                total[k] += c[k];
            }
        }
    }
    eprintln!("radius > 0 outcomes [length, no path, start blocked, goal blocked]: {total:?}");
    assert!(total.iter().all(|&c| c > 0), "{total:?}");
}

/// Walls moved, inserted and removed between radius > 0 queries on one
/// dynamic CDT, each query checked against the reference on the walls of
/// the moment.
#[test]
fn radius_after_edits() {
    use daedalus::triangulation::Cdt;
    let n = 8.0;
    let mut cdt = Cdt::new([0.0, 0.0], [n, n]).unwrap();
    let mut live: Vec<(daedalus::triangulation::ShapeId, (Point, Point))> = Vec::new();
    let mut r = Rng::xorshift(7);
    let mut finder = PathFinder::new();
    let mut counts = [0; 4];
    for step in 0..80u64 {
        let op = r.below(3);
        if (op == 0 || live.len() >= 10) && !live.is_empty() {
            let i = r.below(live.len() as u64) as usize;
            let (id, _) = live.swap_remove(i);
            cdt.remove_shape(id).unwrap();
        } else if op == 1 && !live.is_empty() {
            let i = r.below(live.len() as u64) as usize;
            let (id, (a, b)) = live[i];
            let d = (r.below(3) as f64 - 1.0, r.below(3) as f64 - 1.0);
            let (a2, b2) = (
                Point::new(a.x + d.0, a.y + d.1),
                Point::new(b.x + d.0, b.y + d.1),
            );
            if [a2, b2]
                .iter()
                .all(|p| p.x > 0.0 && p.y > 0.0 && p.x < n && p.y < n)
            {
                cdt.remove_shape(id).unwrap();
                live[i] = (cdt.insert_segment(a2, b2).unwrap(), (a2, b2));
            }
        } else {
            let dirs = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, -1.0)];
            let (dx, dy) = dirs[r.below(4) as usize];
            let len = [1.0, 2.0, 4.0][r.below(3) as usize];
            let a = Point::new(1.0 + r.below(6) as f64, 1.0 + r.below(6) as f64);
            let b = Point::new(a.x + dx * len, a.y + dy * len);
            if b.x < n && b.y > 0.0 && b.y < n {
                live.push((cdt.insert_segment(a, b).unwrap(), (a, b)));
            }
        }
        let w = World {
            bounds: [0.0, 0.0, n, n],
            walls: live.iter().map(|l| l.1).collect(),
        };
        let nav = daedalus::path::NavMesh::from_cdt(&cdt);
        let walls = Walls::new(w.all_walls());
        for _ in 0..3 {
            let rad = random_radius(&mut r);
            let s = clear_point(&mut r, &w, &walls, true, rad);
            let t = clear_point(&mut r, &w, &walls, true, rad);
            compare_radius_query(&w, &walls, &nav, &mut finder, (s, t, rad), &mut counts);
        }
        let _ = step;
    }
    eprintln!("after edits [length, no path, start blocked, goal blocked]: {counts:?}");
    assert!(counts[0] > 20, "{counts:?}");
}

/// Hand-worked radius > 0 answers.
#[test]
fn radius_hand_checked() {
    let f = |w: &World, s: (f64, f64), t: (f64, f64), r: f64| {
        PathFinder::new()
            .find_path(&w.nav(), Point::new(s.0, s.1), Point::new(t.0, t.1), r)
            .map(|p| p.length())
    };
    // Around the end of one wall: tangent, arc, tangent.
    let wall = seg_world(&[[5.0, 0.0, 5.0, 6.0]]);
    let (s, t, r) = ((2.0, 2.0), (8.0, 2.0), 1.0);
    // Tangents of length sqrt(5^2 - 1) from (2, 2) and (8, 2) to the
    // circle about (5, 6); they touch it at angles 90 -+ (90 - (acos(1/5)
    // - atan(4/3))) degrees, and the path goes over the top between them.
    let sweep = std::f64::consts::PI - 2.0 * (0.2f64.acos() - 4f64.atan2(3.0));
    let hand = 2.0 * 24f64.sqrt() + sweep;
    let l = f(&wall, s, t, r).unwrap();
    assert!((l - hand).abs() < 1e-12, "{l} vs {hand}");
    let segs = Walls::new(wall.all_walls()).segs;
    match shortest_radius(&segs, Point::new(s.0, s.1), Point::new(t.0, t.1), r) {
        RefOutcome::Length(x) => assert!((x - hand).abs() < 1e-12, "reference {x} vs {hand}"),
        o => panic!("reference {o:?}"),
    }
    // A gap of exactly the diameter is open, a hair less is closed.
    let gap = seg_world(&[[5.0, 0.0, 5.0, 4.5], [5.0, 5.5, 5.0, 10.0]]);
    assert!(f(&gap, (2.0, 5.0), (8.0, 5.0), 0.5).is_ok());
    assert_eq!(
        f(&gap, (2.0, 5.0), (8.0, 5.0), 0.5000001),
        Err(PathError::NoPath)
    );
    // The straight line through the gap, touching both ends.
    assert!((f(&gap, (2.0, 5.0), (8.0, 5.0), 0.5).unwrap() - 6.0).abs() < 1e-12);
    // Blocked ends.
    assert_eq!(
        f(&gap, (4.8, 2.0), (8.0, 5.0), 0.5),
        Err(PathError::StartBlocked)
    );
    assert_eq!(
        f(&gap, (2.0, 5.0), (5.3, 8.0), 0.5),
        Err(PathError::GoalBlocked)
    );
}

/// In a gap of exactly the diameter the coarse polyline bulges into the
/// opposite wall; `polyline_within` keeps radius - slack (measured here
/// with the independent checker).
#[test]
fn polyline_within_tight_gap() {
    use crate::support::check::seg_seg;
    // Wall up to (5, 6); a wall at y = 8 above it: the arc over (5, 6)
    // with radius 1 touches y = 7, exactly 1 from it.
    let w = seg_world(&[[5.0, 0.0, 5.0, 6.0], [3.0, 8.0, 7.0, 8.0]]);
    let walls = Walls::new(w.all_walls());
    let p = PathFinder::new()
        .find_path(&w.nav(), Point::new(2.0, 2.0), Point::new(8.0, 2.0), 1.0)
        .unwrap();
    assert_eq!(p.turns.len(), 1);
    let clearance = |pts: &[Point]| {
        let mut d = f64::INFINITY;
        for k in 0..pts.len() - 1 {
            for &(a, b) in &walls.segs {
                d = d.min(seg_seg(pts[k], pts[k + 1], a, b));
            }
        }
        d
    };
    // The coarse polyline comes closer than the radius.
    assert!(clearance(&p.polyline(0.5)) < 1.0 - 1e-3);
    for slack in [1e-2, 1e-4, 1e-8] {
        let pts = p.polyline_within(slack).unwrap();
        let d = clearance(&pts);
        assert!(d >= 1.0 - slack - 1e-12, "slack {slack}: clearance {d}");
        check_polyline(&walls, &pts, 1.0 - slack).unwrap();
    }
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-13] {
        assert!(matches!(
            p.polyline_within(bad),
            Err(PathError::BadSlack(_))
        ));
    }
}

/// The start's further successors (pushed once the smallest key passes
/// the start box's limit) may have keys below that smallest key: the
/// search must not pop it and push it back, or the radix heap raises
/// those keys to it and a longer path can come out first. Found by
/// `radius_matches_reference_on_float_worlds` (seed 2747131304612898105):
/// round the top of a thin triangle (36.47) instead of round its two
/// bottom corners (34.80), against the reference.
#[test]
fn a_start_box_limit_keeps_smaller_keys_first() {
    let w = capped(float_world(2747131304612898105), 12);
    let nav = w.nav();
    let walls = Walls::new(w.all_walls());
    let s = Point::new(74.00069163750574, 67.27942057180225);
    let t = Point::new(89.32233552519708, 71.83837117144985);
    let mut counts = [0; 4];
    compare_radius_query(
        &w,
        &walls,
        &nav,
        &mut PathFinder::new(),
        (s, t, 0.5),
        &mut counts,
    );
    assert_eq!(counts, [1, 0, 0, 0]);
}
