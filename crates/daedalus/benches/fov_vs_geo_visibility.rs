//! Visibility polygons: Daedalus (triangular expansion on the live CDT) vs
//! the `geo-visibility` crate (angular sweep over every segment), on the
//! same walls (the CDT's constrained edges, border included) and the same
//! viewpoints, in one run. Cases: three maps of ../shared/data/maps and a
//! world of 10^4 random obstacles. Viewers see all around with a range
//! beyond the world, so both regions are plain polygons; their areas must
//! agree within 1e-9 relative.
//!
//! Prints per case `RATIO fov/<case> ours=<median s> theirs=<median s>
//! ratio=<theirs/ours>` (median time per query), then
//! `PAIRS fov/<map> viewers=1000 targets=1000 ...` for `FovQuery::
//! visible_pairs` against one `is_in_field` per pair, `TARGETS` for point
//! targets against the tests' brute force, then a short criterion run.

#[path = "../tests/support/mod.rs"]
mod support;
use support::fov as fov_common;
use support::{data, rng::Rng};

use daedalus::Closure;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use daedalus::fov::{FieldOfView, FovQuery, Target, visibility_polygon};
use daedalus::scenario::Scenario;
use daedalus::{Cdt, Point};
use geo_visibility::Visibility;

struct Case {
    name: String,
    cdt: Cdt,
    walls: Vec<geo::Line<f64>>,
    viewers: Vec<Point>,
}

fn walls_of(cdt: &Cdt) -> Vec<geo::Line<f64>> {
    let m = cdt.mesh();
    cdt.constrained_edges()
        .map(|e| {
            let a = m.position(m.origin(e).unwrap()).unwrap();
            let b = m.position(m.destination(e).unwrap()).unwrap();
            geo::Line::new(
                geo::coord! { x: a.x, y: a.y },
                geo::coord! { x: b.x, y: b.y },
            )
        })
        .collect()
}

fn map_case(family: &str, name: &str) -> (Case, Scenario) {
    let path = data::file(&format!("maps/{family}/{name}.scenario.json"));
    let s = Scenario::load(&path).unwrap();
    let [x0, y0, x1, y1] = s.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
    let shapes: Vec<(Vec<Point>, Closure)> = (0..s.rings.len())
        .map(|i| (s.ring_points(i), Closure::Closed))
        .collect();
    cdt.insert_shapes(&shapes).unwrap();
    // The scenario's query starts: free cells; nudged off the lattice.
    let viewers = s
        .queries
        .iter()
        .take(50)
        .map(|q| Point::new(q.from[0] + 0.137, q.from[1] + 0.291))
        .collect();
    let walls = walls_of(&cdt);
    (
        Case {
            name: name.to_string(),
            cdt,
            walls,
            viewers,
        },
        s,
    )
}

/// 10^4 random small rectangles (some overlap) in a 2000 x 2000 world.
fn obstacles_case() -> Case {
    let mut cdt = Cdt::new([0.0, 0.0], [2000.0, 2000.0]).unwrap();
    let mut rng = Rng::xorshift_star(0x9e37_79b9_7f4a_7c15);
    let mut shapes = Vec::new();
    for _ in 0..10_000 {
        let (x, y) = (10.0 + 1980.0 * rng.unit(), 10.0 + 1980.0 * rng.unit());
        let (w, h) = (1.0 + 6.0 * rng.unit(), 1.0 + 6.0 * rng.unit());
        shapes.push((
            vec![
                Point::new(x, y),
                Point::new(x + w, y),
                Point::new(x + w, y + h),
                Point::new(x, y + h),
            ],
            Closure::Closed,
        ));
    }
    cdt.insert_shapes(&shapes).unwrap();
    let viewers = (0..50)
        .map(|_| Point::new(5.0 + 1990.0 * rng.unit(), 5.0 + 1990.0 * rng.unit()))
        .collect();
    let walls = walls_of(&cdt);
    Case {
        name: "obstacles-10k".into(),
        cdt,
        walls,
        viewers,
    }
}

fn geo_area(poly: &geo::Polygon<f64>) -> f64 {
    let pts = &poly.exterior().0;
    let mut twice = 0.0;
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        twice += a.x * b.y - a.y * b.x;
    }
    0.5 * twice.abs()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn time<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut out = f();
    let t = Instant::now();
    for _ in 0..reps {
        out = black_box(f());
    }
    (t.elapsed().as_secs_f64() / reps as f64, out)
}

fn compare(case: &Case) {
    let (mut ours_t, mut theirs_t) = (Vec::new(), Vec::new());
    let mut worst = 0.0f64;
    for &q in &case.viewers {
        let fov = FieldOfView::full_circle(q, 1e9).unwrap();
        let (t1, v) = time(20, || visibility_polygon(&case.cdt, &fov).unwrap());
        let gp = geo::Point::new(q.x, q.y);
        let (t2, poly) = time(2, || gp.visibility(case.walls.as_slice()));
        let (a, b) = (v.area(), geo_area(&poly));
        worst = worst.max((a - b).abs() / a.abs().max(b.abs()));
        ours_t.push(t1);
        theirs_t.push(t2);
    }
    let (o, t) = (median(ours_t), median(theirs_t));
    println!(
        "RATIO fov/{} ours={:.3e} theirs={:.3e} ratio={:.1} walls={} viewers={} max_area_rel_diff={:.1e}",
        case.name,
        o,
        t,
        t / o,
        case.walls.len(),
        case.viewers.len(),
        worst
    );
    assert!(
        worst <= 1e-9,
        "areas differ by {worst:e} relative on {}",
        case.name
    );
}

/// 1,000 viewers (range 60, opening 120 degrees) and 1,000 targets
/// (radius 0.5) at free points of the map.
fn pairs(s: &Scenario, case: &Case) {
    let mut rng = Rng::xorshift_star(42);
    let mut free = || {
        let q = &s.queries[(rng.unit() * s.queries.len() as f64) as usize % s.queries.len()];
        let from = if rng.unit() < 0.5 { q.from } else { q.to };
        Point::new(from[0] + rng.unit() - 0.5, from[1] + rng.unit() - 0.5)
    };
    let viewers: Vec<FieldOfView> = (0..1000)
        .map(|i| {
            FieldOfView::new(free(), i as f64, 2.0 * std::f64::consts::FRAC_PI_3, 60.0).unwrap()
        })
        .collect();
    let targets: Vec<Target> = (0..1000).map(|_| Target::new(free(), 0.5)).collect();
    let mut q = FovQuery::new();
    let mut out = Vec::new();
    let (t_grid, _) = time(3, || {
        q.visible_pairs(&case.cdt, &viewers, &targets, &mut out)
            .unwrap();
        out.len()
    });
    let (t_all, n_all) = time(1, || {
        let mut n = 0;
        for v in &viewers {
            for t in &targets {
                n += q.is_in_field(&case.cdt, v, t.position, t.radius).unwrap() as usize;
            }
        }
        n
    });
    assert_eq!(n_all, out.len());
    println!(
        "PAIRS fov/{} viewers=1000 targets=1000 sightings={} grid={:.3e}s all_pairs={:.3e}s speedup={:.1}",
        case.name,
        out.len(),
        t_grid,
        t_all,
        t_all / t_grid
    );
}

/// `is_in_field` for point targets against the tests' brute force (an
/// exact crossing test of the sight line against every wall).
fn points(s: &Scenario, case: &Case) {
    let walls: Vec<(Point, Point)> = case
        .walls
        .iter()
        .map(|l| {
            (
                Point::new(l.start.x, l.start.y),
                Point::new(l.end.x, l.end.y),
            )
        })
        .collect();
    let mut rng = Rng::xorshift_star(7);
    let mut free = || {
        let q = &s.queries[(rng.unit() * s.queries.len() as f64) as usize % s.queries.len()];
        Point::new(q.from[0] + rng.unit() - 0.5, q.to[1] + rng.unit() - 0.5)
    };
    let pairs: Vec<(FieldOfView, Point)> = (0..2000)
        .map(|_| (FieldOfView::full_circle(free(), 1e9).unwrap(), free()))
        .collect();
    let mut q = FovQuery::new();
    let (t_ours, ours) = time(3, || {
        pairs
            .iter()
            .map(|(v, t)| q.is_in_field(&case.cdt, v, *t, 0.0).unwrap())
            .collect::<Vec<_>>()
    });
    let (t_brute, brute) = time(1, || {
        pairs
            .iter()
            .map(|(v, t)| fov_common::sees_point(v, *t, &walls))
            .collect::<Vec<_>>()
    });
    let differ = ours.iter().zip(&brute).filter(|(a, b)| a != b).count();
    println!(
        "TARGETS fov/{} point targets={} ours={:.3e}s brute={:.3e}s ratio={:.1} seen={} differ={}",
        case.name,
        pairs.len(),
        t_ours / pairs.len() as f64,
        t_brute / pairs.len() as f64,
        t_brute / t_ours,
        ours.iter().filter(|&&b| b).count(),
        differ
    );
}

fn bench(c: &mut Criterion) {
    let (den, den_s) = map_case("dao", "den012d");
    let (room, _) = map_case("room", "16room_000");
    let (aurora, _) = map_case("sc1", "Aurora");
    let obstacles = obstacles_case();
    for case in [&den, &room, &aurora, &obstacles] {
        compare(case);
    }
    pairs(&den_s, &den);
    points(&den_s, &den);

    let mut g = c.benchmark_group("fov");
    g.sample_size(20);
    for case in [&den, &obstacles] {
        let fov = FieldOfView::full_circle(case.viewers[0], 1e9).unwrap();
        g.bench_function(format!("ours/{}", case.name), |b| {
            b.iter(|| visibility_polygon(&case.cdt, &fov).unwrap())
        });
        let gp = geo::Point::new(case.viewers[0].x, case.viewers[0].y);
        g.bench_function(format!("geo-visibility/{}", case.name), |b| {
            b.iter(|| gp.visibility(case.walls.as_slice()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
