//! Radius 0.5, 1 and 2 against radius-0 query time on every map of the
//! real data (the full shared corpus, or the compact set on a bare clone).
//! Prints, per map and radius, the median over the queries with a path of
//! that radius of the per-query time ratio r / r0 (best of 3 back-to-back
//! runs each: warm caches), the median times and the ratio of
//! the summed times, and the same median ratio over the queries a point
//! can make but the disc cannot (`no disc path`); then the median ratio
//! per radius over all maps.
//! Asserts nothing: a figure, not a test.
//!
//! `cargo bench -p daedalus --features serde --bench radius_timing`
//! (`RADIUS_MAP=a,b` keeps the maps whose name contains a or b,
//! `RADIUS_LIST=2` the radii to time). With `--features serde,testing` it
//! also prints the median number of expansions and of turns of the path
//! per query, and
//! `RADIUS_BOUND_AFTER=n` sets the work before the radius-0 bound (in flooding
//! expansions; one from cached edges counts an eighth) and
//! `RADIUS_GOAL_AFTER=n` the expansions after which the goal's sight flood
//! runs at the latest (by default it runs when an edge to the goal is first
//! found blocked).
//!
//! The radius > 0 search keeps query-independent tangent edges across
//! queries (per snapshot and radius). By default every map's queries run
//! once untimed first (`warm`; a side is kept on its second expansion, so
//! the timed runs still fill a few: `filled` with `testing`, and
//! `RADIUS_SPIN=n` adds n untimed passes for a static map's steady state);
//! `RADIUS_COLD=1` (with `testing`) drops that cache before every timed
//! radius > 0 run (`cold`: every query is the first after a change).
//! `RADIUS_CHANGE=1` (`change`): the world's small rings (box at most 2 %
//! of the width) become movable objects (the rest stay walls) and before
//! every query, warm-up and timed runs alike, one random small move
//! (within 0.1 % of the width and 0.01 rad of its home pose) and
//! `NavMesh::update` happen, untimed (`RADIUS_MOVES=n`: n objects moved
//! before each update, a frame moving many): the r0 and r queries are both the
//! first after a change (what a game moving something every frame sees).
//! `RADIUS_PROBE=1` (with `testing`, static maps): per map and radius,
//! the radius-0 query against the same query doing, per node, the least
//! work an interval search for discs of that radius would add (tangents
//! from the root's circle, each wall within `r` of the node's triangle
//! tested: see `path::probe`), best of 3 each after a warm pass, and
//! the median of the per-query ratio (`PROBE` lines): a floor under the
//! cost of such a search if it visits the same nodes and tests, per node,
//! the walls near its triangle.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Instant;

use daedalus::Closure;
use daedalus::Point;
use daedalus::objects::{Object, ObjectId, Objects};
use daedalus::path::{NavMesh, PathFinder};
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;
use support::World;
use support::data;

#[path = "support/rng.rs"]
#[allow(dead_code)]
mod rng;
use rng::Rng;

/// The map with its small rings as objects (`RADIUS_CHANGE`): each
/// `change` moves one near its home pose and updates the snapshot.
struct Moving {
    cdt: Cdt,
    table: Objects,
    nav: NavMesh,
    /// Object and home centre.
    objects: Vec<(ObjectId, Point)>,
    rng: Rng,
    step: f64,
    /// Objects moved per update.
    moves: usize,
}

impl Moving {
    fn new(s: &Scenario) -> Moving {
        let [x0, y0, x1, y1] = s.bounds;
        let width = (x1 - x0).max(y1 - y0);
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
        let mut shapes: Vec<(Vec<Point>, Closure)> = s
            .segments
            .iter()
            .map(|g| {
                (
                    vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])],
                    Closure::Open,
                )
            })
            .collect();
        let mut small = Vec::new();
        for i in 0..s.rings.len() {
            let pts = s.ring_points(i);
            let (mut lo, mut hi) = (pts[0], pts[0]);
            for p in &pts {
                lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
                hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
            }
            if (hi.x - lo.x).max(hi.y - lo.y) <= 0.02 * width {
                small.push(pts);
            } else {
                shapes.push((pts, Closure::Closed));
            }
        }
        cdt.insert_shapes(&shapes).unwrap();
        let (mut table, mut objects) = (Objects::new(), Vec::new());
        for pts in small {
            let n = pts.len() as f64;
            let c = pts.iter().fold(Point::new(0.0, 0.0), |a, p| {
                Point::new(a.x + p.x / n, a.y + p.y / n)
            });
            let mut o = Object::new(pts, Closure::Closed);
            o.set_pivot([c.x, c.y]);
            o.set_position([c.x, c.y]);
            objects.push((table.insert(&mut cdt, o).unwrap(), c));
        }
        table.update(&mut cdt).unwrap();
        let mut nav = NavMesh::default();
        nav.update(&mut cdt);
        Moving {
            cdt,
            table,
            nav,
            objects,
            rng: Rng(0x2545_f491_4f6c_dd1d),
            step: 0.001 * width,
            moves: std::env::var("RADIUS_MOVES")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(1),
        }
    }

    /// Small moves of `moves` random objects (`RADIUS_MOVES`, default 1)
    /// and one update of the snapshot (a frame moving them all).
    fn change(&mut self) {
        if self.objects.is_empty() {
            return;
        }
        for _ in 0..self.moves {
            let k = (self.rng.next() % self.objects.len() as u64) as usize;
            let (id, h) = self.objects[k];
            let p = Point::new(
                h.x + self.rng.f(-self.step, self.step),
                h.y + self.rng.f(-self.step, self.step),
            );
            let rot = self.rng.f(-0.01, 0.01);
            let o = self.table.get_mut(id).unwrap();
            o.set_position([p.x, p.y]);
            o.set_rotation(rot);
        }
        if self.table.update(&mut self.cdt).is_err() {
            // Out of bounds or refused: all back home.
            for &(id, h) in &self.objects {
                let o = self.table.get_mut(id).unwrap();
                o.set_position([h.x, h.y]);
                o.set_rotation(0.0);
            }
            self.table.update(&mut self.cdt).unwrap();
        }
        self.nav.update(&mut self.cdt);
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let only: Vec<String> = std::env::var("RADIUS_MAP")
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    let radii: Vec<f64> = std::env::var("RADIUS_LIST")
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![0.5, 1.0, 2.0]);
    let d = data::data();
    println!("data: {} ({:?})", d.dir.display(), d.corpus);
    #[allow(unused_mut)]
    let mut finder = PathFinder::new();
    // RADIUS_BOUND_AFTER=n (testing feature): the bound after n expansions.
    #[cfg(feature = "testing")]
    if let Some(n) = std::env::var("RADIUS_BOUND_AFTER")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        finder.set_bound_after(n);
    }
    // RADIUS_GOAL_AFTER=n (testing feature): the goal's flood after n expansions at the latest.
    #[cfg(feature = "testing")]
    if let Some(n) = std::env::var("RADIUS_GOAL_AFTER")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        finder.set_goal_sight_after(n);
    }
    #[cfg(feature = "testing")]
    let cold = std::env::var("RADIUS_COLD").is_ok_and(|v| v == "1");
    #[cfg(not(feature = "testing"))]
    let cold = false;
    let change = std::env::var("RADIUS_CHANGE").is_ok_and(|v| v == "1");
    let mode = match (change, cold) {
        (true, _) => "change",
        (false, true) => "cold",
        (false, false) => "warm",
    };
    println!("cache: {mode}");
    let mut all: Vec<Vec<f64>> = vec![Vec::new(); radii.len()];
    #[cfg(feature = "testing")]
    let probe = std::env::var("RADIUS_PROBE").is_ok_and(|v| v == "1") && !change;
    #[cfg(feature = "testing")]
    let mut probed: Vec<Vec<f64>> = vec![Vec::new(); radii.len()];
    for f in data::scenario_files() {
        if !f.to_string_lossy().contains("maps") {
            continue;
        }
        let s = Scenario::load(&f).expect("scenario");
        if !only.is_empty() && !only.iter().any(|o| s.name.contains(o.as_str())) {
            continue;
        }
        // Every wall inserted as a segment, as in the path tests.
        let mut moving = change.then(|| Moving::new(&s));
        if let Some(m) = &moving {
            println!("{}: {} movable objects", s.name, m.objects.len());
        }
        let fixed = if change {
            NavMesh::default()
        } else {
            World::from_scenario(&s).nav()
        };
        let queries: Vec<(Point, Point)> = s
            .queries
            .iter()
            .filter(|q| q.radius == 0.0)
            .map(|q| (Point::from(q.from), Point::from(q.to)))
            .collect();
        for (k, &r) in radii.iter().enumerate() {
            let (mut t0, mut tr, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
            // Queries with a point's path but none for the disc.
            let mut none = Vec::new();
            #[cfg(feature = "testing")]
            let (mut exp, mut turns) = (Vec::new(), Vec::new());
            if !cold {
                for &(a, b) in &queries {
                    if let Some(m) = &mut moving {
                        m.change();
                    }
                    let nav = moving.as_ref().map_or(&fixed, |m| &m.nav);
                    let _ = black_box(finder.find_path(nav, a, b, r));
                }
            }
            // RADIUS_SPIN=n: the radius-r queries n more times, untimed,
            // with no change between them (a profile of the warm search).
            let spin: usize = std::env::var("RADIUS_SPIN")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            for _ in 0..spin {
                for &(a, b) in &queries {
                    let nav = moving.as_ref().map_or(&fixed, |m| &m.nav);
                    let _ = black_box(finder.find_path(nav, a, b, r));
                }
            }
            #[cfg(feature = "testing")]
            let counts0 = finder.tangent_cache_counts();
            for &(a, b) in &queries {
                let mut best = [f64::INFINITY; 2];
                let mut found = [false; 2];
                #[cfg(feature = "testing")]
                let mut nturns = 0;
                for (j, rad) in [0.0, r].into_iter().enumerate() {
                    for _ in 0..3 {
                        #[cfg(feature = "testing")]
                        if cold {
                            finder.forget_tangent_cache();
                        }
                        if let Some(m) = &mut moving {
                            m.change();
                        }
                        let nav = moving.as_ref().map_or(&fixed, |m| &m.nav);
                        let t = Instant::now();
                        let got = black_box(finder.find_path(nav, a, b, rad));
                        best[j] = best[j].min(t.elapsed().as_secs_f64());
                        found[j] = got.is_ok();
                        #[cfg(feature = "testing")]
                        if let Ok(p) = &got {
                            nturns = p.turns.len();
                        }
                    }
                }
                if found[0] && !found[1] {
                    none.push(best[1] / best[0]);
                }
                if found[1] {
                    t0.push(best[0]);
                    tr.push(best[1]);
                    ratio.push(best[1] / best[0]);
                    #[cfg(feature = "testing")]
                    exp.push(finder.last_expansions() as f64);
                    #[cfg(feature = "testing")]
                    turns.push(nturns as f64);
                }
            }
            #[cfg(feature = "testing")]
            if probe {
                let line = probe_map(&mut finder, &fixed, &queries, r);
                println!("PROBE r={r} {} {}", s.name, line.0);
                probed[k].extend(line.1);
            }
            let n = ratio.len();
            all[k].extend(&ratio);
            let total = tr.iter().sum::<f64>() / t0.iter().sum::<f64>();
            #[cfg(feature = "testing")]
            let extra = {
                // Per radius-r query (3 runs each) of the timed pass.
                let (c, c0) = (finder.tangent_cache_counts(), counts0);
                let q = 3.0 * queries.len().max(1) as f64;
                let per = |a: u64, b: u64| (a - b) as f64 / q;
                format!(
                    " expansions={} turns={} sides/query: kept {:.1} (repaired {:.1}) regrown {:.1} dropped {:.1} cone {:.1} filled {:.1}",
                    median(&mut exp),
                    median(&mut turns),
                    per(c.kept, c0.kept),
                    per(c.repaired, c0.repaired),
                    per(c.regrown, c0.regrown),
                    per(c.dropped, c0.dropped),
                    per(c.cone, c0.cone),
                    per(c.filled, c0.filled)
                )
            };
            #[cfg(not(feature = "testing"))]
            let extra = "";
            println!(
                "RADIUS {mode} r={r} {} paths={n} r0={:.1}us r={:.1}us median r/r0={:.2} sum r/sum r0={total:.2}{extra} | no disc path: {} median r/r0={:.2}",
                s.name,
                median(&mut t0) * 1e6,
                median(&mut tr) * 1e6,
                median(&mut ratio),
                none.len(),
                median(&mut none)
            );
        }
    }
    for (k, r) in radii.iter().enumerate() {
        println!(
            "RADIUS {mode} r={r} all: median r/r0 {:.2}",
            median(&mut all[k])
        );
        #[cfg(feature = "testing")]
        if probe {
            println!(
                "PROBE r={r} all: median probed/r0 {:.2}",
                median(&mut probed[k])
            );
        }
    }
}

/// `RADIUS_PROBE`: the radius-0 queries with a path, each timed without
/// and with the disc probe of radius `r` (best of 3, after a warm pass
/// that gathers the walls near each triangle, kept while it is off); the
/// line's text and the per-query ratios.
#[cfg(feature = "testing")]
fn probe_map(
    finder: &mut PathFinder,
    nav: &NavMesh,
    queries: &[(Point, Point)],
    r: f64,
) -> (String, Vec<f64>) {
    finder.set_disc_probe(Some(r));
    for &(a, b) in queries {
        let _ = black_box(finder.find_path(nav, a, b, 0.0));
    }
    let (mut t0, mut tp, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for &(a, b) in queries {
        let mut best = [f64::INFINITY; 2];
        let mut ok = true;
        for (j, on) in [None, Some(r)].into_iter().enumerate() {
            finder.set_disc_probe(on);
            for _ in 0..3 {
                let t = Instant::now();
                ok &= black_box(finder.find_path(nav, a, b, 0.0)).is_ok();
                best[j] = best[j].min(t.elapsed().as_secs_f64());
            }
        }
        if ok {
            t0.push(best[0]);
            tp.push(best[1]);
            ratio.push(best[1] / best[0]);
        }
    }
    finder.set_disc_probe(None);
    let text = format!(
        "queries={} r0={:.1}us probed={:.1}us median probed/r0={:.2}",
        ratio.len(),
        median(&mut t0) * 1e6,
        median(&mut tp) * 1e6,
        median(&mut ratio.clone())
    );
    (text, ratio)
}
