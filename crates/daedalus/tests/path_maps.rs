//! find_path on every shared scenario (synthetic worlds and the Moving AI
//! game maps): radius-0 lengths equal `expect` (1e-6 relative), no path
//! exactly where `expect` is null, every path valid by the independent
//! checker; radius 0.5 and 2 paths (a subsample) valid and never shorter
//! than the radius-0 optimum.
#![cfg(feature = "serde")]

mod support;

use daedalus::Point;
use daedalus::path::{PathError, PathFinder};
use daedalus::scenario::{Scenario, shared_scenario_files};
use support::World;
use support::check::check_polyline;
use support::reference::Walls;

/// Every `step`-th query is also run at radius 0.5 and 2.
const RADIUS_STEP: usize = 10;

#[test]
fn shared_scenarios() {
    let files = shared_scenario_files();
    assert!(files.len() >= 20, "found {} scenarios", files.len());
    let mut finder = PathFinder::new();
    let mut total = 0;
    // Radius > 0 outcomes: found, no path, start/goal blocked.
    let mut stats = [[0usize; 3]; 2];
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let world = World::from_scenario(&s);
        // The Daedalus CDT.
        let nav = world.nav();
        let walls = Walls::new(world.all_walls());
        for (i, q) in s.queries.iter().enumerate() {
            let (from, to) = (Point::from(q.from), Point::from(q.to));
            let got = finder.find_path(&nav, from, to, q.radius);
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
                        let l = support::check::check_path(&walls, &p)
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
    assert!(total >= 3530, "{total} queries");
    eprintln!(
        "radius 0.5 [found, no path, blocked]: {:?}; radius 2: {:?}",
        stats[0], stats[1]
    );
}

/// Not a test (prints, asserts nothing on time): per map, the median over
/// the queries with a radius-2 path of the per-query time ratio r2 / r0
/// (best of 3 runs each), in the optimised test profile.
/// `cargo test -p daedalus --features serde --test path_maps radius_timing -- --ignored --nocapture`
#[test]
#[ignore]
fn radius_timing() {
    use std::time::Instant;
    let mut finder = PathFinder::new();
    let median = |v: &mut Vec<f64>| {
        if v.is_empty() {
            return f64::NAN;
        }
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let mut all = Vec::new();
    for f in shared_scenario_files() {
        let s = Scenario::load(&f).unwrap();
        // RADIUS_MAP=name restricts the run to maps whose name contains it.
        let only = std::env::var("RADIUS_MAP").unwrap_or_default();
        if !f.to_string_lossy().contains("maps") || !s.name.contains(&only) {
            continue;
        }
        let nav = World::from_scenario(&s).nav();
        let (mut t0, mut t2, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
        for q in s.queries.iter().filter(|q| q.radius == 0.0) {
            let (a, b) = (Point::from(q.from), Point::from(q.to));
            let mut best = [f64::INFINITY; 2];
            let mut found = false;
            for (k, r) in [0.0, 2.0].into_iter().enumerate() {
                for _ in 0..3 {
                    let t = Instant::now();
                    let got = std::hint::black_box(finder.find_path(&nav, a, b, r));
                    best[k] = best[k].min(t.elapsed().as_secs_f64());
                    found = got.is_ok();
                }
            }
            if found {
                t0.push(best[0]);
                t2.push(best[1]);
                ratio.push(best[1] / best[0]);
            }
        }
        let n = ratio.len();
        all.extend(&ratio);
        let total = t2.iter().sum::<f64>() / t0.iter().sum::<f64>();
        eprintln!(
            "RADIUS2 {} paths={n} r0={:.1}us r2={:.1}us median r2/r0={:.2} sum r2/sum r0={total:.2}",
            s.name,
            median(&mut t0) * 1e6,
            median(&mut t2) * 1e6,
            median(&mut ratio)
        );
    }
    eprintln!("RADIUS2 all: median r2/r0 {:.2}", median(&mut all));
}
