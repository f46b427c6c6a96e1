//! find_path on every scenario of the real data (synthetic worlds and the
//! Moving AI game maps; the full shared corpus, or the compact set on a bare
//! clone): radius-0 lengths equal `expect` (1e-6 relative), no path
//! exactly where `expect` is null, every path valid by the independent
//! checker; radius 0.5 and 2 paths (a subsample) valid and never shorter
//! than the radius-0 optimum.
#![cfg(feature = "serde")]

use crate::support::World;
use crate::support::check::check_polyline;
use crate::support::reference::Walls;
use daedalus::Point;
use daedalus::path::{PathError, PathFinder};
use daedalus::scenario::Scenario;

/// Every `step`-th query is also run at radius 0.5 and 2.
const RADIUS_STEP: usize = 10;

#[test]
fn shared_scenarios() {
    let files = crate::support::data::scenario_files();
    // Full corpus: 18 maps + 2 synthetic worlds, 3,530 + 2 x 1,000 queries;
    // the compact set: 5 maps (960 queries) + rand_1k.
    let (want_files, want_queries) = if crate::support::data::is_full() {
        (20, 5530)
    } else {
        (6, 1960)
    };
    assert!(files.len() >= want_files, "found {} scenarios", files.len());
    let mut finder = PathFinder::new();
    let mut total = 0;
    // Radius > 0 outcomes: found, no path, start/goal blocked.
    let mut stats = [[0usize; 3]; 2];
    // Radius-0 search nodes per half-edge, worst query: the search's safety
    // net gives up past 64 (`PathError::SearchLimit`); far below it here.
    #[cfg(feature = "testing")]
    let mut worst_nodes = 0.0f64;
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let world = World::from_scenario(&s);
        // The Daedalus CDT.
        let nav = world.nav();
        let walls = Walls::new(world.all_walls());
        for (i, q) in s.queries.iter().enumerate() {
            let (from, to) = (Point::from(q.from), Point::from(q.to));
            let got = finder.find_path(&nav, from, to, q.radius);
            #[cfg(feature = "testing")]
            if q.radius == 0.0 {
                let per = finder.last_search_nodes() as f64 / (3 * nav.triangle_count()) as f64;
                worst_nodes = worst_nodes.max(per);
            }
            let name = format!("{} query {i} {from:?}->{to:?} r={}", s.name, q.radius);
            let base = match (&got, q.expect) {
                (Err(PathError::NoPath), Some(None)) => None,
                (Ok(p), Some(Some(e))) => {
                    let l = p.length();
                    assert!(
                        (l - e).abs() <= 1e-6 * e.max(1.0),
                        "{name}: length {l}, expect {e}"
                    );
                    Some(l)
                }
                (Ok(p), None) => Some(p.length()),
                _ => panic!("{name}: got {got:?}, expect {:?}", q.expect),
            };
            if let Ok(p) = &got
                && let Err(e) = check_polyline(&walls, &p.waypoints(), q.radius)
            {
                panic!("{name}: invalid path: {e}");
            }
            total += 1;
            if i % RADIUS_STEP != 0 || q.radius != 0.0 {
                continue;
            }
            for (ri, r) in [0.5, 2.0].into_iter().enumerate() {
                let got = finder.find_path(&nav, from, to, r);
                stats[ri][match &got {
                    Ok(_) => 0,
                    Err(PathError::NoPath) => 1,
                    Err(_) => 2,
                }] += 1;
                match got {
                    Ok(p) => {
                        let l = crate::support::check::check_path(&walls, &p)
                            .unwrap_or_else(|e| panic!("{name} radius {r}: invalid path: {e}"));
                        if let Some(b) = base {
                            assert!(
                                p.length() >= b - 1e-9 * b,
                                "{name} radius {r}: {} shorter than {b}",
                                p.length()
                            );
                            assert!(l >= b - 1e-9 * b);
                        }
                    }
                    Err(PathError::NoPath | PathError::StartBlocked | PathError::GoalBlocked) => {}
                    Err(e) => panic!("{name} radius {r}: {e}"),
                }
            }
        }
    }
    assert!(total >= want_queries, "{total} queries");
    #[cfg(feature = "testing")]
    {
        eprintln!("radius-0 search nodes per half-edge, worst query: {worst_nodes:.3}");
        assert!(worst_nodes < 4.0, "{worst_nodes} nodes per half-edge");
    }
    eprintln!(
        "radius 0.5 [found, no path, blocked]: {:?}; radius 2: {:?}",
        stats[0], stats[1]
    );
}
