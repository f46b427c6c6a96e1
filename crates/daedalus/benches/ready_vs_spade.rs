//! A world ready for path queries against spade's CDT of the same walls:
//! build time and memory, per scenario of the shared data.
//!
//! `cargo bench -p daedalus --features serde --bench ready_vs_spade`
//! (`READY_MAPS=a,b` keeps the scenarios whose file name contains a or b;
//! `READY_ROUNDS=N` sets the timed rounds per scenario, 7 by default).
//!
//! Ours = `Cdt::insert_shapes` of every ring and segment, then
//! `NavMesh::from_cdt` (what `daedalus scenario` reports as `build_s`: the
//! first query can run after it). Spade = the same walls as in
//! `cdt_vs_spade` (bounds corners and every wall point bulk loaded, then
//! every wall edge with `add_constraint_and_split`).
//!
//! Per scenario, one line:
//! `READY <name> cdt=<s> nav=<s> ours=<s> spade=<s> build=<ours/spade>
//! heap=<B> spade_heap=<B> heap_ratio=<r> peak=<B> spade_peak=<B>
//! peak_ratio=<r> rss=<B> spade_rss=<B> rss_ratio=<r> rss_base=<B>`:
//! - times: medians of interleaved rounds (ours, spade, ours, ...);
//! - `heap`: live heap bytes of the finished world (triangulation +
//!   snapshot; each part in brackets, the snapshot's from
//!   `NavMesh::heap_bytes`) and of spade's triangulation, counted by the
//!   allocator below;
//!   `peak`: the most live heap bytes during the build (inputs excluded);
//! - `rss`: peak resident set (`VmHWM` of /proc/self/status) of a fresh
//!   process that loads the scenario and builds one world, whole process
//!   (`rss_base`: the same for a process that only loads it; subtracting
//!   it would be wrong, as a build reuses the pages the loading freed).
//!   The heap counts are the exact measure; RSS is what a user sees.
//!
//! Then one line `READY-PARTS <name> B/vertex: spade=<b> <table>=<b> ...`:
//! spade's heap and every table of ours ([`Cdt::heap_parts`],
//! [`NavMesh::heap_parts`]) in bytes per vertex of our triangulation.
//!
//! Goals: `build <= 1.0` (aim 0.5), `rss_ratio <= 1.0`.

#[path = "../tests/support/data.rs"]
mod data;
#[path = "support/spade_walls.rs"]
mod spade_walls;
use spade_walls::{spade_build, spade_input};

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

use daedalus::path::NavMesh;
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;
use daedalus::{Closure, Point};

// ---------------------------------------------------------------------------
// Counting allocator: live and peak heap bytes.

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn add(n: isize) {
    let now = LIVE.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: forwards to the system allocator, only counting sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        add(l.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        add(-(l.size() as isize));
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        add(l.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        add(new as isize - l.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f`; returns its result, the live heap bytes it left and the most
/// it held at once (both above the level before).
fn counted<T>(f: impl FnOnce() -> T) -> (T, isize, isize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    let live = LIVE.load(Ordering::Relaxed) - base;
    let peak = PEAK.load(Ordering::Relaxed) - base;
    (out, live, peak)
}

// ---------------------------------------------------------------------------
// The two builds.

/// Ours: the walls, then the navigation snapshot.
fn ours_cdt(s: &Scenario) -> Cdt {
    let [x0, y0, x1, y1] = s.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).expect("bounds");
    let mut shapes: Vec<(Vec<Point>, Closure)> = (0..s.rings.len())
        .map(|i| (s.ring_points(i), Closure::Closed))
        .collect();
    for g in &s.segments {
        shapes.push((
            vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])],
            Closure::Open,
        ));
    }
    cdt.insert_shapes(&shapes).expect("walls");
    cdt
}

// ---------------------------------------------------------------------------
// Resident memory in separate processes.

fn vm_hwm() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// In a child process (`READY_CHILD=<what>`, `READY_FILE=<scenario>`):
/// build, print the peak resident bytes, exit.
fn child(what: &str, file: &str) {
    let s = Scenario::load(file).expect("scenario");
    let input = spade_input(&s);
    match what {
        "ours" => {
            let cdt = ours_cdt(&s);
            let nav = NavMesh::from_cdt(&cdt);
            black_box((&cdt, &nav));
        }
        "spade" => {
            black_box(spade_build(&input));
        }
        _ => {}
    }
    println!("{}", vm_hwm());
}

fn rss_of(what: &str, file: &Path) -> i64 {
    let out = Command::new(std::env::current_exe().expect("own path"))
        .env("READY_CHILD", what)
        .env("READY_FILE", file)
        .output()
        .expect("child runs");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if let (Ok(what), Ok(file)) = (std::env::var("READY_CHILD"), std::env::var("READY_FILE")) {
        child(&what, &file);
        return;
    }
    let only: Vec<String> = std::env::var("READY_MAPS")
        .map(|s| s.split(',').map(str::to_owned).collect())
        .unwrap_or_default();
    let rounds: usize = std::env::var("READY_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let mut ratios = (Vec::new(), Vec::new(), Vec::new());
    for f in data::scenario_files() {
        let name = data::scenario_name(&f);
        if !only.is_empty() && !only.iter().any(|o| name.contains(o.as_str())) {
            continue;
        }
        let s = Scenario::load(&f).expect("scenario");
        let input = spade_input(&s);
        // Memory first, on a quiet heap.
        let ((cdt, nav, cdt_heap), heap, peak) = counted(|| {
            let (cdt, cdt_heap, _) = counted(|| ours_cdt(&s));
            let nav = NavMesh::from_cdt(&cdt);
            (cdt, nav, cdt_heap)
        });
        let nav_heap = nav.heap_bytes();
        let (tris, verts) = (nav.triangle_count(), cdt.mesh().vertex_count());
        let parts: Vec<String> = cdt
            .heap_parts()
            .into_iter()
            .chain(nav.heap_parts())
            .filter(|p| p.bytes > 0)
            .map(|p| format!("{}={:.1}", p.name, p.bytes as f64 / verts.max(1) as f64))
            .collect();
        drop((cdt, nav));
        let (sp, spade_heap, spade_peak) = counted(|| spade_build(&input));
        drop(sp);
        // Times, interleaved.
        let (mut tc, mut tn, mut to, mut ts) = (vec![], vec![], vec![], vec![]);
        for _ in 0..rounds {
            let t = Instant::now();
            let cdt = ours_cdt(&s);
            let t1 = Instant::now();
            let nav = NavMesh::from_cdt(&cdt);
            let t2 = Instant::now();
            black_box((&cdt, &nav));
            tc.push((t1 - t).as_secs_f64());
            tn.push((t2 - t1).as_secs_f64());
            to.push((t2 - t).as_secs_f64());
            drop((cdt, nav));
            let t = Instant::now();
            let sp = spade_build(&input);
            ts.push(t.elapsed().as_secs_f64());
            drop(black_box(sp));
        }
        let (c, n, o, sp) = (
            median(&mut tc),
            median(&mut tn),
            median(&mut to),
            median(&mut ts),
        );
        let base = rss_of("none", &f);
        let rss = rss_of("ours", &f);
        let spade_rss = rss_of("spade", &f);
        println!(
            "READY {name} verts={verts} tris={tris} cdt={c:.6} nav={n:.6} ours={o:.6} spade={sp:.6} \
             build={:.2} heap={heap} (cdt={cdt_heap} nav={nav_heap}) spade_heap={spade_heap} heap_ratio={:.2} \
             peak={peak} spade_peak={spade_peak} peak_ratio={:.2} \
             rss={rss} spade_rss={spade_rss} rss_ratio={:.2} rss_base={base} heap_per_vertex={:.0}",
            o / sp,
            heap as f64 / spade_heap as f64,
            peak as f64 / spade_peak as f64,
            rss as f64 / spade_rss.max(1) as f64,
            heap as f64 / verts.max(1) as f64,
        );
        println!(
            "READY-PARTS {name} B/vertex: spade={:.1} {}",
            spade_heap as f64 / verts.max(1) as f64,
            parts.join(" ")
        );
        ratios.0.push(o / sp);
        ratios.1.push(heap as f64 / spade_heap as f64);
        ratios.2.push(rss as f64 / spade_rss.max(1) as f64);
    }
    if !ratios.0.is_empty() {
        let max = |v: &[f64]| v.iter().copied().fold(f64::MIN, f64::max);
        println!(
            "READY summary: build median {:.2} max {:.2}; heap median {:.2} max {:.2}; rss median {:.2} max {:.2}",
            median(&mut ratios.0.clone()),
            max(&ratios.0),
            median(&mut ratios.1.clone()),
            max(&ratios.1),
            median(&mut ratios.2.clone()),
            max(&ratios.2),
        );
    }
}
