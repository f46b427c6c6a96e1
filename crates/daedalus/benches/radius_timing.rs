//! Radius-2 against radius-0 query time on every map of the real data (the
//! full shared corpus, or the compact set on a bare clone). Prints, per map,
//! the median over the queries with a radius-2 path of the per-query time
//! ratio r2 / r0 (best of 3 runs each), the median times and the ratio of
//! the summed times; then the median ratio over all maps. Asserts nothing:
//! a figure, not a test.
//!
//! `cargo bench -p daedalus --features serde --bench radius_timing`
//! (`RADIUS_MAP=name` restricts the run to maps whose name contains it).

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Instant;

use daedalus::Point;
use daedalus::path::PathFinder;
use daedalus::scenario::Scenario;
use support::World;
use support::data;

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let only = std::env::var("RADIUS_MAP").unwrap_or_default();
    let d = data::data();
    println!("data: {} ({:?})", d.dir.display(), d.corpus);
    let mut finder = PathFinder::new();
    let mut all = Vec::new();
    for f in data::scenario_files() {
        if !f.to_string_lossy().contains("maps") {
            continue;
        }
        let s = Scenario::load(&f).expect("scenario");
        if !s.name.contains(&only) {
            continue;
        }
        // Every wall inserted as a segment, as in the path tests.
        let nav = World::from_scenario(&s).nav();
        let (mut t0, mut t2, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
        for q in s.queries.iter().filter(|q| q.radius == 0.0) {
            let (a, b) = (Point::from(q.from), Point::from(q.to));
            let mut best = [f64::INFINITY; 2];
            let mut found = false;
            for (k, r) in [0.0, 2.0].into_iter().enumerate() {
                for _ in 0..3 {
                    let t = Instant::now();
                    let got = black_box(finder.find_path(&nav, a, b, r));
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
        println!(
            "RADIUS2 {} paths={n} r0={:.1}us r2={:.1}us median r2/r0={:.2} sum r2/sum r0={total:.2}",
            s.name,
            median(&mut t0) * 1e6,
            median(&mut t2) * 1e6,
            median(&mut ratio)
        );
    }
    println!("RADIUS2 all: median r2/r0 {:.2}", median(&mut all));
}
