//! The radius > 0 search keeps tangent edges and their clearance across
//! queries (per snapshot and radius). One finder answers many queries at a
//! few radii, each set twice (the second pass runs on what the first
//! cached), on a mesh edited between rounds and patched incrementally
//! (`NavMesh::update`: a new revision each time); every answer against the
//! independent tangent-graph reference of `support::reference`.

mod support;

use daedalus::Point;
use daedalus::path::{NavMesh, PathError, PathFinder};
use daedalus::triangulation::{Cdt, ShapeId};
use support::World;
use support::check::check_path;
use support::reference::{RefOutcome, Walls, shortest_radius};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Same outcome as the reference, and the same length within 1e-9.
fn compare(
    w: &World,
    walls: &Walls,
    nav: &NavMesh,
    f: &mut PathFinder,
    q: (Point, Point, f64),
) -> bool {
    let (s, t, r) = q;
    let want = shortest_radius(&walls.segs, s, t, r);
    let got = f.find_path(nav, s, t, r);
    match (want, &got) {
        (RefOutcome::NoPath, Err(PathError::NoPath))
        | (RefOutcome::StartBlocked, Err(PathError::StartBlocked))
        | (RefOutcome::GoalBlocked, Err(PathError::GoalBlocked)) => false,
        (RefOutcome::Length(l), Ok(p)) => {
            let checked = check_path(walls, p).unwrap_or_else(|e| panic!("{q:?}: {e} in {w:?}"));
            let tol = 1e-9 * l.max(1.0);
            assert!(
                (p.length() - l).abs() <= tol && (checked - l).abs() <= tol,
                "{q:?}: length {} (checked {checked}), reference {l} in {w:?}",
                p.length()
            );
            true
        }
        _ => panic!("{q:?}: got {got:?}, reference {want:?} in {w:?}"),
    }
}

#[test]
fn cached_edges_follow_edits_of_the_mesh() {
    let n = 12.0;
    let mut cdt = Cdt::new([-1.0, -1.0], [n + 1.0, n + 1.0]).unwrap();
    let mut nav = NavMesh::default();
    let mut live: Vec<(ShapeId, (Point, Point))> = Vec::new();
    let mut r = Rng(2026);
    let mut finder = PathFinder::new();
    let mut paths = 0;
    for _ in 0..50 {
        // An edit: a wall removed (one in four) or one inserted.
        if r.below(4) == 0 && !live.is_empty() {
            let i = r.below(live.len() as u64) as usize;
            cdt.remove_shape(live.swap_remove(i).0).unwrap();
        } else {
            let dirs = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, -1.0)];
            let (dx, dy) = dirs[r.below(4) as usize];
            let len = [1.0, 2.0, 3.0][r.below(3) as usize];
            let a = Point::new(r.below(13) as f64, r.below(13) as f64);
            let b = Point::new(a.x + dx * len, a.y + dy * len);
            if b.x <= n && b.y >= 0.0 && b.y <= n {
                live.push((cdt.insert_segment(a, b).unwrap(), (a, b)));
            }
        }
        nav.update(&mut cdt);
        let w = World {
            bounds: [-1.0, -1.0, n + 1.0, n + 1.0],
            walls: live.iter().map(|l| l.1).collect(),
        };
        let walls = Walls::new(w.all_walls());
        // Points on a quarter grid: gaps of exactly the diameter occur.
        let mut pt = || Point::new(r.below(49) as f64 / 4.0, r.below(49) as f64 / 4.0);
        let queries: Vec<(Point, Point, f64)> = (0..6)
            .map(|k| (pt(), pt(), [0.25, 0.5, 1.0][k % 3]))
            .collect();
        for _ in 0..2 {
            for &q in &queries {
                paths += usize::from(compare(&w, &walls, &nav, &mut finder, q));
            }
        }
    }
    assert!(paths > 150, "only {paths} paths compared");
}
