//! Live navigation: what one world change costs when paths follow it.
//!
//! On every Moving AI map of ../shared/data (every ring an object) and on
//! synthetic worlds of 10^3 and 10^5 square objects, each round times, in
//! one process and alternately:
//! - `move`: one small random object move (within 0.1 % of the width and
//!   0.01 rad of the object's home pose) + `Objects::update`;
//! - `loop rR`: the same + `NavMesh::update` + one path query of radius R
//!   (the next of the map's own queries); the `move` round before it is
//!   followed by an untimed update, so each timed update follows one move;
//! - `static rR`: the same queries on a static twin of the world: it
//!   makes every move too, with its navigation, untimed, just before its
//!   query, so it answers in the same world at the same point after an
//!   update (`LIVE_STATIC=home`: a world whose objects never leave home;
//!   the live one drifts from it, each object moved staying a little off
//!   home, which made Aurora's queries 1.2-1.6x costlier than at home).
//!   Every other round the twin makes the loop's move and answers before
//!   the loop does: the one answering second repeats the same search with
//!   trained branch predictors: a twin that always answered second would
//!   answer up to 1.33x faster (median per map and radius).
//!
//! Prints per world and radius `LIVE <world> r=<R> move=<m> nav=<n>
//! loop=<l> static=<s> ratio=<l / (m + s)>` (medians; target ratio <= 2)
//! and, not the target, `paired=<l / median(m' + s)>` (m' + s the loop's
//! own move plus the twin's query of the same round: the loop against
//! what those rounds would cost without navigation),
//! preceded by the median over rounds of each round's loop / (its own
//! move plus its own static query) and the `ratio with free navigation`:
//! median(move + static query of the same round) / (median move + median
//! static query), what the ratio would be if navigation cost nothing and
//! the first query no more than the static one (move and query times are
//! heavy-tailed and independent, so the median of their sum exceeds the
//! sum of their medians: up to 2.0 on some maps), the
//! first query after the update against the same query again and on a
//! from-scratch snapshot of the same world, and all three warm (every
//! `LIVE_FRESH`-th round; none by default), and the rebuilds,
//! then `FLAT r=<R> ratio=<10^5 loop / 10^3 loop>` (target <= 2; also the
//! same ratio of move + update without the query), then a
//! short criterion run of the loop. `LIVE_MAPS=a,b` keeps the maps whose
//! name contains a or b; `LIVE_MOVES=N` sets the moves per world (300);
//! `LIVE_DUMP=dir` writes every round's times (move alone, loop move, nav,
//! query, static query, loop, triangles written, twin answered first) to
//! `dir/<world>_r<R>.csv`.

#[path = "../tests/support/data.rs"]
mod data;

use daedalus::Closure;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use daedalus::Point;
use daedalus::objects::{Object, ObjectId, Objects};
use daedalus::path::{NavMesh, PathFinder};
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

#[path = "support/rng.rs"]
#[allow(dead_code)]
mod rng;
use rng::Rng;

/// A world whose objects move: the triangulation, its live snapshot, and
/// every object's pose.
struct Live {
    cdt: Cdt,
    table: Objects,
    nav: NavMesh,
    objects: Vec<(ObjectId, Point, f64)>,
    /// Every object's pose at the start (centre, rotation).
    home: Vec<(Point, f64)>,
    queries: Vec<(Point, Point)>,
    next_query: usize,
    rng: Rng,
    /// For the `LIVE_DUMP` files.
    name: String,
    /// The last move: object, position, rotation.
    last: Option<(usize, Point, f64)>,
    step: f64,
}

impl Live {
    /// Rings become objects turning about their centroid; segments stay walls.
    fn from_scenario(s: &Scenario) -> Live {
        let [x0, y0, x1, y1] = s.bounds;
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
        let segs: Vec<(Vec<Point>, Closure)> = s
            .segments
            .iter()
            .map(|g| {
                (
                    vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])],
                    Closure::Open,
                )
            })
            .collect();
        cdt.insert_shapes(&segs).unwrap();
        let (mut table, mut objects) = (Objects::new(), Vec::new());
        for i in 0..s.rings.len() {
            let pts = s.ring_points(i);
            let n = pts.len() as f64;
            let c = pts.iter().fold(Point::new(0.0, 0.0), |a, p| {
                Point::new(a.x + p.x / n, a.y + p.y / n)
            });
            let mut o = Object::new(pts, Closure::Closed);
            o.set_pivot([c.x, c.y]);
            o.set_position([c.x, c.y]);
            objects.push((table.insert(&mut cdt, o).unwrap(), c, 0.0));
        }
        table.update(&mut cdt).unwrap();
        let queries = s
            .queries
            .iter()
            .map(|q| {
                (
                    Point::new(q.from[0], q.from[1]),
                    Point::new(q.to[0], q.to[1]),
                )
            })
            .collect();
        Live::finish(cdt, table, objects, queries, (x1 - x0).max(y1 - y0))
    }

    /// `n` squares of side 1 on a jittered grid, 4 units apart.
    fn squares(n: usize) -> Live {
        let k = (n as f64).sqrt().ceil() as usize;
        let size = 4.0 * k as f64 + 4.0;
        let mut cdt = Cdt::new([0.0, 0.0], [size, size]).unwrap();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let sq = vec![
            Point::new(-0.5, -0.5),
            Point::new(0.5, -0.5),
            Point::new(0.5, 0.5),
            Point::new(-0.5, 0.5),
        ];
        let (mut table, mut objects) = (Objects::new(), Vec::new());
        for i in 0..n {
            let c = Point::new(
                4.0 + 4.0 * (i % k) as f64 + rng.f(-0.5, 0.5),
                4.0 + 4.0 * (i / k) as f64 + rng.f(-0.5, 0.5),
            );
            let mut o = Object::new(sq.clone(), Closure::Closed);
            o.set_position([c.x, c.y]);
            objects.push((table.insert(&mut cdt, o).unwrap(), c, 0.0));
        }
        table.update(&mut cdt).unwrap();
        // Queries between random points in the free lanes between squares.
        let lane = |rng: &mut Rng| 2.0 + 4.0 * rng.below(k) as f64;
        // Local queries (up to ~60 units), so their cost does not grow
        // with the world and the loop's flatness shows.
        let near = |rng: &mut Rng, x: f64| (x + rng.f(-30.0, 30.0)).clamp(1.0, size - 1.0);
        let queries = (0..1000)
            .map(|_| {
                let a = Point::new(lane(&mut rng), rng.f(1.0, size - 1.0));
                // b on a horizontal lane within 7 lanes of a.
                let row = ((a.y - 2.0) / 4.0) as i64 + rng.below(15) as i64 - 7;
                let row = row.clamp(0, k as i64 - 1) as f64;
                (a, Point::new(near(&mut rng, a.x), 2.0 + 4.0 * row))
            })
            .collect();
        Live::finish(cdt, table, objects, queries, size)
    }

    fn finish(
        mut cdt: Cdt,
        table: Objects,
        objects: Vec<(ObjectId, Point, f64)>,
        queries: Vec<(Point, Point)>,
        width: f64,
    ) -> Live {
        let mut nav = NavMesh::default();
        nav.update(&mut cdt);
        Live {
            cdt,
            table,
            nav,
            home: objects.iter().map(|&(_, c, r)| (c, r)).collect(),
            objects,
            queries,
            next_query: 0,
            name: String::new(),
            last: None,
            rng: Rng(0x2545_f491_4f6c_dd1d),
            step: 0.001 * width,
        }
    }

    /// One small move of a random object (to at most 0.1 % of the width
    /// and 0.01 rad from its home pose), then `Objects::update`. Returns its
    /// time.
    fn move_one(&mut self) -> f64 {
        let (k, p, r) = self.pick();
        self.apply(k, p, r)
    }

    /// The next random move (object, position, rotation), not made yet:
    /// [`Live::move_one`] without the [`Live::apply`].
    fn pick(&mut self) -> (usize, Point, f64) {
        let k = self.rng.below(self.objects.len());
        // Around its home pose, not its current one: a random walk drifts
        // the world away from the static one (on Aurora its queries got
        // 10-20x costlier), and the comparison with it would mean nothing.
        let (h, hr) = self.home[k];
        let p = Point::new(
            h.x + self.rng.f(-self.step, self.step),
            h.y + self.rng.f(-self.step, self.step),
        );
        let r = hr + self.rng.f(-0.01, 0.01);
        self.last = Some((k, p, r));
        (k, p, r)
    }

    /// Moves object `k` to `p`, turned by `r`, and updates; its time.
    fn apply(&mut self, k: usize, p: Point, r: f64) -> f64 {
        let (id, c, rot) = self.objects[k];
        let t = Instant::now();
        let o = self.table.get_mut(id).unwrap();
        o.set_position([p.x, p.y]);
        o.set_rotation(r);
        let ok = self.table.update(&mut self.cdt).is_ok();
        let dt = t.elapsed().as_secs_f64();
        if ok {
            self.objects[k] = (id, p, r);
        } else {
            // Out of bounds: put it back (not timed).
            let o = self.table.get_mut(id).unwrap();
            o.set_position([c.x, c.y]);
            o.set_rotation(rot);
            self.table.update(&mut self.cdt).unwrap();
        }
        dt
    }

    /// Makes the move `live` made last (untimed), navigation included: the
    /// static twin shows the same world as the live one when it answers
    /// the same query.
    fn mirror(&mut self, live: &Live) {
        if let Some((k, p, r)) = live.last {
            self.apply(k, p, r);
            self.nav.update(&mut self.cdt);
        }
    }

    fn query(&mut self, finder: &mut PathFinder, r: f64) {
        let (a, b) = self.queries[self.next_query % self.queries.len()];
        self.next_query += 1;
        let _ = black_box(finder.find_path(&self.nav, a, b, r));
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Medians of (move, nav update, loop, static query) over `moves` rounds,
/// and median(loop) / median(move + static query of the same round).
fn measure(live: &mut Live, still: &mut Live, r: f64, moves: usize) -> [f64; 5] {
    let (mut mv, mut nav, mut lp, mut st) = (vec![], vec![], vec![], vec![]);
    let mut finder = PathFinder::new();
    let mut sfinder = PathFinder::new();
    let mut written = 0;
    // Updates that rebuilt the snapshot: (move, update) times.
    let mut rebuilds: Vec<(f64, f64)> = Vec::new();
    // LIVE_FRESH=K: every K-th round also times the query on a fresh
    // snapshot of the same world (0: never, the default: the fresh
    // build's memory traffic slows the following rounds; at K = 3 it
    // doubled Aurora's loop median).
    let fresh_every: usize = std::env::var("LIVE_FRESH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut ffinder = PathFinder::new();
    let mut paired: Vec<f64> = Vec::new();
    // LIVE_DUMP=dir: every round's parts, one CSV line each.
    let mut dump: Vec<String> = Vec::new();
    let mut pairs: Vec<(f64, f64, f64, f64, f64)> = Vec::new();
    // LIVE_STATIC=home: the static world keeps every object at home (the
    // live one drifts from it: each object moved stays a little off home,
    // which on Aurora made its queries 1.3-1.6x costlier than at home).
    let twin = !std::env::var("LIVE_STATIC").is_ok_and(|v| v == "home");
    let mut floor: Vec<f64> = Vec::new();
    // Per round: the live query / the twin's, twin second ([0]) or first.
    let mut order: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for round in 0..moves {
        mv.push(live.move_one());
        // Brought up to date untimed, so that the loop's update below
        // follows its own move only.
        live.nav.update(&mut live.cdt);
        if twin {
            still.mirror(live);
        }
        // Every other round the twin makes the loop's move and answers
        // first: whichever of the two answers second runs the same search
        // again, with the branch predictors and instruction cache trained
        // by the first (a twin always answering second would be up to
        // 1.33x faster, median per map and radius).
        let twin_first = twin && round % 2 == 1;
        let mut s_time = 0.0;
        let planned = twin_first.then(|| live.pick());
        if let Some((k, p, rot)) = planned {
            still.apply(k, p, rot);
            still.nav.update(&mut still.cdt);
            still.next_query = live.next_query;
            let t = Instant::now();
            still.query(&mut sfinder, r);
            s_time = t.elapsed().as_secs_f64();
        }
        // The loop: move + update + navigation + the first query after it.
        let t = Instant::now();
        let m = match planned {
            Some((k, p, rot)) => live.apply(k, p, rot),
            None => live.move_one(),
        };
        let t1 = Instant::now();
        let u = live.nav.update(&mut live.cdt);
        let n = t1.elapsed().as_secs_f64();
        written += u.triangles;
        let t2 = Instant::now();
        live.query(&mut finder, r);
        let q = t2.elapsed().as_secs_f64();
        lp.push(t.elapsed().as_secs_f64());
        if u.rebuilt {
            rebuilds.push((m, n));
        }
        nav.push(n);
        if fresh_every > 0 && round % fresh_every == 0 {
            // The same query on a snapshot built from scratch of the same
            // world (untimed build): the patched snapshot's own cost.
            // The same query again on the patched snapshot first (warm).
            let (a, b) = live.queries[(live.next_query - 1) % live.queries.len()];
            let t = Instant::now();
            let _ = black_box(finder.find_path(&live.nav, a, b, r));
            let again = t.elapsed().as_secs_f64();
            let fresh = NavMesh::from_cdt(&live.cdt);
            let t = Instant::now();
            let _ = black_box(ffinder.find_path(&fresh, a, b, r));
            let cold = t.elapsed().as_secs_f64();
            // Warm (a second run) on the fresh snapshot and on the static
            // world: the world's own cost, without the caches'.
            let t = Instant::now();
            let _ = black_box(ffinder.find_path(&fresh, a, b, r));
            let fresh_warm = t.elapsed().as_secs_f64();
            // The static one is timed warm after its timed query below.
            pairs.push((q, again, cold, fresh_warm, 0.0));
        }
        if !twin_first {
            if twin {
                // The static twin makes the same move with its navigation
                // (untimed), so it answers in the same world and, like the
                // live one, just after an update.
                still.mirror(live);
            }
            let t = Instant::now();
            still.next_query = live.next_query - 1;
            still.query(&mut sfinder, r);
            s_time = t.elapsed().as_secs_f64();
        }
        st.push(s_time);
        // The first query after the update against the twin's, by order.
        order[usize::from(twin_first)].push(q / s_time);
        floor.push(m + st[st.len() - 1]);
        if fresh_every > 0 && round % fresh_every == 0 {
            let (a, b) = still.queries[(still.next_query - 1) % still.queries.len()];
            let t = Instant::now();
            let _ = black_box(sfinder.find_path(&still.nav, a, b, r));
            if let Some(p) = pairs.last_mut() {
                p.4 = t.elapsed().as_secs_f64();
            }
        }
        // This round's loop against this round's move and static query.
        paired.push(lp[lp.len() - 1] / (m + st[st.len() - 1]));
        dump.push(format!(
            "{},{m},{n},{q},{},{},{},{}",
            mv[mv.len() - 1],
            st[st.len() - 1],
            lp[lp.len() - 1],
            u.triangles,
            u8::from(twin_first)
        ));
    }
    if let Ok(dir) = std::env::var("LIVE_DUMP") {
        let f = format!("{dir}/{}_r{r}.csv", live.name.replace('/', "_"));
        let _ = std::fs::write(
            f,
            format!(
                "move0,move,nav,query,static,loop,written,twin_first\n{}\n",
                dump.join("\n")
            ),
        );
    }
    // The target's ratio if navigation cost nothing and the first query
    // cost what the static one does: the median of a sum of two heavy-
    // tailed independent times exceeds the sum of their medians.
    let sum = median(&mut floor);
    let floor = sum / (median(&mut mv.clone()) + median(&mut st.clone()));
    // Not the formula: the loop against the same rounds' move +
    // static query, one median each (the formula over the floor).
    let paired_medians = median(&mut lp.clone()) / sum;
    println!(
        "  (per round: loop / (its move + its static query), median {:.2}; ratio with free navigation {floor:.2})",
        median(&mut paired)
    );
    let [a, b] = &mut order;
    println!(
        "  (first query after the update / the twin's same query, median per round: {:.2} twin second, {:.2} twin first)",
        if a.is_empty() { f64::NAN } else { median(a) },
        if b.is_empty() { f64::NAN } else { median(b) },
    );
    println!(
        "  ({} rebuilds in {moves} updates, {:.0} triangles written per update)",
        rebuilds.len(),
        written as f64 / moves as f64
    );
    if !pairs.is_empty() {
        let n = pairs.len();
        let mut a: Vec<f64> = pairs.iter().map(|p| p.0).collect();
        let mut w: Vec<f64> = pairs.iter().map(|p| p.1).collect();
        let mut b: Vec<f64> = pairs.iter().map(|p| p.2).collect();
        let mut fw: Vec<f64> = pairs.iter().map(|p| p.3).collect();
        let mut sw: Vec<f64> = pairs.iter().map(|p| p.4).collect();
        println!(
            "  (warm: again on the patched snapshot {:.1}us, on the fresh one {:.1}us, on the static world {:.1}us)",
            median(&mut w.clone()) * 1e6,
            median(&mut fw) * 1e6,
            median(&mut sw) * 1e6,
        );
        println!(
            "  (first query after the update {:.1}us, again {:.1}us, on a fresh snapshot of the same world {:.1}us: medians of {n} rounds)",
            median(&mut a) * 1e6,
            median(&mut w) * 1e6,
            median(&mut b) * 1e6,
        );
    }
    if !rebuilds.is_empty() {
        let (mut a, mut b): (Vec<f64>, Vec<f64>) = rebuilds.into_iter().unzip();
        println!(
            "  (rebuilds: median move {:.1}us, median rebuild {:.1}us)",
            median(&mut a) * 1e6,
            median(&mut b) * 1e6
        );
    }
    [
        median(&mut mv),
        median(&mut nav),
        median(&mut lp),
        median(&mut st),
        paired_medians,
    ]
}

fn maps() -> Vec<(String, Scenario)> {
    let only: Vec<String> = std::env::var("LIVE_MAPS")
        .map(|s| s.split(',').map(str::to_owned).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    let Ok(fams) = std::fs::read_dir(data::data().dir.join("maps")) else {
        return out;
    };
    for fam in fams.flatten() {
        let Ok(files) = std::fs::read_dir(fam.path()) else {
            continue;
        };
        for f in files.flatten() {
            let f = f.path();
            if f.to_string_lossy().ends_with(".scenario.json") {
                let s = Scenario::load(&f).unwrap();
                if only.is_empty() || only.iter().any(|o| s.name.contains(o.as_str())) {
                    out.push((s.name.clone(), s));
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn report(name: &str, r: f64, [m, n, l, s, paired]: [f64; 5]) {
    println!(
        "LIVE {name} r={r} move={:.1}us nav={:.1}us loop={:.1}us static={:.1}us ratio={:.2} (not the target: paired={paired:.2})",
        m * 1e6,
        n * 1e6,
        l * 1e6,
        s * 1e6,
        l / (m + s)
    );
}

fn ratios() {
    let moves: usize = std::env::var("LIVE_MOVES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    for (name, s) in maps() {
        let (mut live, mut still) = (Live::from_scenario(&s), Live::from_scenario(&s));
        live.name = name.clone();
        for r in [0.0, 1.0] {
            report(&name, r, measure(&mut live, &mut still, r, moves));
        }
    }
    if std::env::var("LIVE_SYNTH").is_ok_and(|v| v == "0") {
        return;
    }
    let sizes: Vec<usize> = std::env::var("LIVE_SIZES")
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![1_000, 100_000]);
    let radii: Vec<f64> = std::env::var("LIVE_RADII")
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![0.0, 1.0]);
    let mut flat = Vec::new();
    for &n in &sizes {
        let (mut live, mut still) = (Live::squares(n), Live::squares(n));
        live.name = format!("squares_{n}");
        for &r in &radii {
            let m = measure(&mut live, &mut still, r, moves);
            report(&format!("squares_{n}"), r, m);
            flat.push((m[2], m[0] + m[1]));
        }
    }
    if sizes.len() == 2 {
        let k = radii.len();
        for (i, r) in radii.iter().enumerate() {
            println!(
                "FLAT r={r} ratio={:.2} (move + update alone: {:.2})",
                flat[k + i].0 / flat[i].0,
                flat[k + i].1 / flat[i].1
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    ratios();
    let mut g = c.benchmark_group("live_nav");
    g.sample_size(20);
    for n in [1_000, 100_000] {
        let mut live = Live::squares(n);
        let mut finder = PathFinder::new();
        g.bench_function(format!("loop_r0/squares_{n}"), |b| {
            b.iter(|| {
                live.move_one();
                live.nav.update(&mut live.cdt);
                live.query(&mut finder, 0.0);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
