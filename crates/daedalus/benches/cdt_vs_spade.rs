//! Daedalus against spade, side by side in one process on the same input.
//!
//! `cargo bench -p daedalus --features serde --bench cdt_vs_spade`
//! (add a filter such as `walls/` or `delaunay/` to run one family).
//!
//! Cases (targets in brackets):
//! - `walls/<scenario>`: build from the walls of every shared scenario
//!   (spade: bounds corners + every wall point bulk loaded, then every wall
//!   edge with `add_constraint_and_split`, its only constraint API that
//!   survives crossing walls) [ours / spade <= 0.5];
//! - `delaunay/1e5`, `delaunay/1e6`: uniform random points against spade's
//!   `bulk_load` [<= 0.7];
//! - `dynamic/move_1e4`: one object move + `Objects::update` in a world of
//!   10^4 objects against rebuilding that world [<= 1%]; `dynamic/scaling`:
//!   the same move with 10^5 against 10^3 objects [<= 2];
//! - `memory/*`: bytes live per vertex after a build, counted by the global
//!   allocator below for both libraries [ours <= 100 B].
//!
//! Besides criterion's report, one `RATIO <case> ... ratio=<r>` line per
//! case is printed at the end: medians of criterion's own samples (each
//! sample is timed by hand in `iter_custom`, drop of the result excluded).

#[path = "../tests/support/mod.rs"]
mod support;
use support::data;
use support::rng::Rng;
use support::spade_walls::{SpadeCdt, spade_build, spade_input};

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode};
use daedalus::Point;
use daedalus::scenario::Scenario;
use spade::{DelaunayTriangulation, Point2, Triangulation};

// ---------------------------------------------------------------------------
// Counting allocator: live heap bytes, the same measure for both libraries.

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: forwards to the system allocator, only counting sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new as isize - l.size() as isize, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn live_bytes() -> isize {
    LIVE.load(Ordering::Relaxed)
}

// ---------------------------------------------------------------------------
// Inputs.

const POINT_WORLD: f64 = 1000.0;

fn random_points(n: usize, seed: u64) -> Vec<Point> {
    let mut r = Rng::splitmix(seed);
    (0..n)
        .map(|_| Point::new(r.unit() * POINT_WORLD, r.unit() * POINT_WORLD))
        .collect()
}

// ---------------------------------------------------------------------------
// Ours: every call into the library under test is here.

mod ours {
    use daedalus::Point;
    use daedalus::scenario::Scenario;
    use daedalus::triangulation::Cdt;

    pub fn walls(s: &Scenario) -> Cdt {
        let [x0, y0, x1, y1] = s.bounds;
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).expect("bounds");
        // one bulk call: end points first (Hilbert order), then segments
        let mut shapes: Vec<(Vec<Point>, daedalus::Closure)> = (0..s.rings.len())
            .map(|i| (s.ring_points(i), daedalus::Closure::Closed))
            .collect();
        for g in &s.segments {
            shapes.push((
                vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])],
                daedalus::Closure::Open,
            ));
        }
        cdt.insert_shapes(&shapes).expect("walls");
        cdt
    }

    pub fn delaunay(points: &[Point], world: f64) -> Cdt {
        let mut cdt = Cdt::new([0.0, 0.0], [world, world]).expect("bounds");
        cdt.insert_vertices(points).expect("points");
        cdt
    }

    pub fn vertex_count(cdt: &Cdt) -> usize {
        cdt.mesh().vertex_count()
    }

    /// A world of `n` square objects, one per cell of a grid of 10-unit
    /// cells; a move puts one object anywhere in its own cell at any angle,
    /// so objects never overlap and the density is the same for every `n`.
    pub struct Objects {
        pub cdt: Cdt,
        table: daedalus::objects::Objects,
        ids: Vec<daedalus::objects::ObjectId>,
        side: usize,
    }

    pub const CELL: f64 = 10.0;
    const HALF: f64 = 2.0;
    const JITTER: f64 = 2.0;

    fn square() -> Vec<Point> {
        vec![
            Point::new(-HALF, -HALF),
            Point::new(HALF, -HALF),
            Point::new(HALF, HALF),
            Point::new(-HALF, HALF),
        ]
    }

    fn centre(i: usize, side: usize) -> Point {
        Point::new(
            ((i % side) as f64 + 0.5) * CELL,
            ((i / side) as f64 + 0.5) * CELL,
        )
    }

    pub fn objects(n: usize, seed: u64) -> Objects {
        let side = (n as f64).sqrt().ceil() as usize;
        let w = side as f64 * CELL;
        let mut cdt = Cdt::new([0.0, 0.0], [w, w]).expect("bounds");
        let mut r = super::Rng::splitmix(seed);
        let mut table = daedalus::objects::Objects::new();
        let ids = (0..n)
            .map(|i| {
                let mut o = daedalus::objects::Object::new(square(), daedalus::Closure::Closed);
                let c = centre(i, side);
                o.set_position([c.x, c.y]);
                o.set_rotation(r.unit() * std::f64::consts::TAU);
                table.insert(&mut cdt, o).expect("object")
            })
            .collect();
        Objects {
            cdt,
            table,
            ids,
            side,
        }
    }

    impl Objects {
        pub fn move_one(&mut self, r: &mut super::Rng) {
            let i = r.below_scaled(self.ids.len());
            let c = centre(i, self.side);
            let o = self.table.get_mut(self.ids[i]).expect("object");
            o.set_position([
                c.x + (r.unit() * 2.0 - 1.0) * JITTER,
                c.y + (r.unit() * 2.0 - 1.0) * JITTER,
            ]);
            o.set_rotation(r.unit() * std::f64::consts::TAU);
            self.table.update(&mut self.cdt).expect("update");
        }
    }
}

// ---------------------------------------------------------------------------
// Spade on the same input.

/// Deduplicating the walls' points is part of spade's timed build.
fn spade_walls(s: &Scenario) -> SpadeCdt {
    spade_build(&spade_input(s))
}

fn spade_delaunay(points: Vec<Point2<f64>>) -> DelaunayTriangulation<Point2<f64>> {
    DelaunayTriangulation::bulk_load(points).expect("spade bulk load")
}

fn spade_objects_rebuild(n: usize, seed: u64) -> SpadeCdt {
    // The same squares as `ours::objects`, as closed constraint loops.
    let side = (n as f64).sqrt().ceil() as usize;
    let w = side as f64 * ours::CELL;
    let mut r = Rng::splitmix(seed);
    let mut rings = Vec::with_capacity(n);
    for i in 0..n {
        let c = (
            ((i % side) as f64 + 0.5) * ours::CELL,
            ((i / side) as f64 + 0.5) * ours::CELL,
        );
        let (s, co) = (r.unit() * std::f64::consts::TAU).sin_cos();
        let ring: Vec<f64> = [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]
            .iter()
            .flat_map(|&(x, y)| [c.0 + co * x - s * y, c.1 + s * x + co * y])
            .collect();
        rings.push(ring);
    }
    let s = Scenario {
        name: String::new(),
        source: String::new(),
        bounds: [0.0, 0.0, w, w],
        rings,
        segments: Vec::new(),
        queries: Vec::new(),
    };
    spade_walls(&s)
}

// ---------------------------------------------------------------------------
// Timing: per-iteration seconds of criterion's samples.

type Samples = Rc<RefCell<Vec<f64>>>;

/// Times with criterion (flat sampling). `setup` runs once, on first use
/// (so filtered-out cases cost nothing); the routine it returns does one
/// iteration and times the part that counts itself (see `timed`), so input
/// copies and drops stay outside. Each sample's per-iteration time is kept.
fn time<T>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    mut setup: impl FnMut() -> Box<dyn FnMut() -> (T, Duration)>,
) -> Samples {
    let samples: Samples = Rc::default();
    let rec = samples.clone();
    let mut routine: Option<Box<dyn FnMut() -> (T, Duration)>> = None;
    g.bench_function(name, |b| {
        let run = routine.get_or_insert_with(&mut setup);
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let (out, d) = run();
                total += d;
                drop(black_box(out));
            }
            rec.borrow_mut().push(total.as_secs_f64() / iters as f64);
            total
        });
    });
    samples
}

/// Runs `f`, returning its result and how long it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let out = black_box(f());
    (out, t.elapsed())
}

/// Median of the last `n` samples (criterion's measurement, after warm-up).
fn median(s: &Samples, n: usize) -> Option<f64> {
    let s = s.borrow();
    if s.is_empty() {
        return None;
    }
    let mut v: Vec<f64> = s[s.len().saturating_sub(n)..].to_vec();
    v.sort_by(f64::total_cmp);
    Some(v[v.len() / 2])
}

const SAMPLES: usize = 10;

struct Report(Vec<String>);

impl Report {
    fn pair(&mut self, case: &str, a: (&str, &Samples), b: (&str, &Samples), target: &str) {
        if let (Some(x), Some(y)) = (median(a.1, SAMPLES), median(b.1, SAMPLES)) {
            self.0.push(format!(
                "RATIO {case} {}={x:.6e} {}={y:.6e} ratio={:.4} target{target}",
                a.0,
                b.0,
                x / y
            ));
        }
    }
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sampling_mode(SamplingMode::Flat).sample_size(SAMPLES);
    g
}

// ---------------------------------------------------------------------------
// Cases.

fn walls(c: &mut Criterion, report: &mut Report) {
    for f in data::scenario_files() {
        let name = data::scenario_name(&f);
        let case = format!("walls/{name}");
        let scenario = Rc::new(std::cell::OnceCell::<Scenario>::new());
        let load = {
            let f = f.clone();
            move |cell: &std::cell::OnceCell<Scenario>| {
                cell.get_or_init(|| Scenario::load(&f).expect("scenario"))
                    .clone()
            }
        };
        let mut g = group(c, &case);
        let (s1, l1) = (scenario.clone(), load.clone());
        let a = time(&mut g, "ours", move || {
            let s = l1(&s1);
            Box::new(move || timed(|| ours::walls(&s)))
        });
        let (s2, l2) = (scenario.clone(), load.clone());
        let b = time(&mut g, "spade", move || {
            let s = l2(&s2);
            Box::new(move || timed(|| spade_walls(&s)))
        });
        g.finish();
        report.pair(&case, ("ours", &a), ("spade", &b), "<=0.5");
    }
}

fn delaunay(c: &mut Criterion, report: &mut Report) {
    for (label, n) in [("1e5", 100_000), ("1e6", 1_000_000)] {
        let case = format!("delaunay/{label}");
        let mut g = group(c, &case);
        let a = time(&mut g, "ours", move || {
            let pts = random_points(n, 42);
            Box::new(move || timed(|| ours::delaunay(&pts, POINT_WORLD)))
        });
        // bulk_load consumes its input: the copy is made outside the timer.
        let b = time(&mut g, "spade", move || {
            let pts: Vec<Point2<f64>> = random_points(n, 42)
                .iter()
                .map(|p| Point2::new(p.x, p.y))
                .collect();
            Box::new(move || {
                let input = pts.clone();
                timed(|| spade_delaunay(input))
            })
        });
        g.finish();
        report.pair(&case, ("ours", &a), ("spade", &b), "<=0.7");
    }
}

fn dynamic(c: &mut Criterion, report: &mut Report) {
    let mut g = group(c, "dynamic/move_1e4");
    let mv = time(&mut g, "move_update", || {
        let mut w = ours::objects(10_000, 7);
        let mut r = Rng::splitmix(99);
        Box::new(move || timed(|| w.move_one(&mut r)))
    });
    let rebuild = time(&mut g, "rebuild", || {
        Box::new(|| timed(|| ours::objects(10_000, 7)))
    });
    let spade = time(&mut g, "spade_rebuild", || {
        Box::new(|| timed(|| spade_objects_rebuild(10_000, 7)))
    });
    g.finish();
    report.pair(
        "dynamic/move_vs_rebuild_1e4",
        ("move", &mv),
        ("rebuild", &rebuild),
        "<=0.01",
    );
    report.pair(
        "dynamic/move_vs_spade_rebuild_1e4",
        ("move", &mv),
        ("spade_rebuild", &spade),
        "<=0.01",
    );

    let mut g = group(c, "dynamic/scaling");
    let small = time(&mut g, "move_1e3", || {
        let mut w = ours::objects(1_000, 7);
        let mut r = Rng::splitmix(99);
        Box::new(move || timed(|| w.move_one(&mut r)))
    });
    let large = time(&mut g, "move_1e5", || {
        let mut w = ours::objects(100_000, 7);
        let mut r = Rng::splitmix(99);
        Box::new(move || timed(|| w.move_one(&mut r)))
    });
    g.finish();
    report.pair(
        "dynamic/scaling_1e5_vs_1e3",
        ("move_1e5", &large),
        ("move_1e3", &small),
        "<=2",
    );
}

/// Live heap bytes of what `build` returns, per vertex.
fn bytes_per_vertex<T>(build: impl FnOnce() -> T, vertices: impl Fn(&T) -> usize) -> f64 {
    let before = live_bytes();
    let t = build();
    let after = live_bytes();
    let per = (after - before) as f64 / vertices(&t).max(1) as f64;
    drop(t);
    per
}

fn memory(report: &mut Report) {
    let pts = random_points(100_000, 42);
    let sp: Vec<Point2<f64>> = pts.iter().map(|p| Point2::new(p.x, p.y)).collect();
    let ours_b = bytes_per_vertex(|| ours::delaunay(&pts, POINT_WORLD), ours::vertex_count);
    let spade_b = bytes_per_vertex(|| spade_delaunay(sp), |t| t.num_vertices());
    report.0.push(format!(
        "RATIO memory/points_1e5 ours={ours_b:.1}B spade={spade_b:.1}B ratio={:.4} target ours<=100B",
        ours_b / spade_b
    ));
    let big = data::scenario_files()
        .into_iter()
        .max_by_key(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(0));
    if let Some(f) = big {
        let s = Scenario::load(&f).expect("scenario");
        let name = f
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".scenario.json", "");
        let ours_b = bytes_per_vertex(|| ours::walls(&s), ours::vertex_count);
        let spade_b = bytes_per_vertex(|| spade_walls(&s), |t| t.num_vertices());
        report.0.push(format!(
            "RATIO memory/walls_{name} ours={ours_b:.1}B spade={spade_b:.1}B ratio={:.4} target ours<=100B",
            ours_b / spade_b
        ));
    }
}

/// The filter criterion was given (first free argument), if any, so the
/// memory lines (not a criterion group) follow it too.
fn filter() -> Option<String> {
    let with_value = [
        "--warm-up-time",
        "--measurement-time",
        "--sample-size",
        "--save-baseline",
        "--baseline",
        "--baseline-lenient",
        "--load-baseline",
        "--profile-time",
        "--nresamples",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--plotting-backend",
        "--output-format",
        "--color",
        "--format",
    ];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if with_value.contains(&a.as_str()) {
            args.next();
        } else if !a.starts_with('-') {
            return Some(a);
        }
    }
    None
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    let mut report = Report(Vec::new());
    walls(&mut c, &mut report);
    delaunay(&mut c, &mut report);
    dynamic(&mut c, &mut report);
    if filter().is_none_or(|f| f.contains("memory")) {
        memory(&mut report);
    }
    c.final_summary();
    println!();
    for line in &report.0 {
        println!("{line}");
    }
}
