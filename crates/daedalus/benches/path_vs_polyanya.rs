//! Radius-0 queries of every Moving AI map: Daedalus vs the `polyanya`
//! crate on a mesh built from the same walls (docs/benchmarks.md, "How polyanya's mesh is built":
//! spade CDT, flood fill from the query starts, one polyanya vertex per
//! wedge, search delta 0 / steps 1). Prints per map
//! `RATIO <map> ours=<median> polyanya=<median> ratio=<r>` (median time per
//! query), `DISC r=<r> <map> ours=.. polyanya_r0=.. ratio=..` (our radius
//! 0.5, 1, 2 against polyanya's radius 0, over the queries with a path for
//! that disc; the pass that picks them fills the radius > 0 search's
//! cache of tangent edges, so these are its warm figures, see
//! `radius_timing` for the cold ones), queries per second on the
//! largest map and the batch speed-up; then a short criterion run on two
//! maps (ours at radius 0 and 2, polyanya's at radius 0). `cargo bench -p daedalus --features serde --bench path_vs_polyanya`
//! (`RATIO_MAPS=a,b`, `RATIO_ROUNDS=n`, `RATIO_QUICK=1`: radius 0 only).

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use daedalus::Point;
use daedalus::path::{NavMesh, PathFinder, Query, find_paths};
use daedalus::scenario::Scenario;
use glam033::Vec2;
use spade::{ConstrainedDelaunayTriangulation, Point2, PositionInTriangulation, Triangulation};
use support::World;

fn maps() -> Vec<(String, Scenario)> {
    let dir = support::data::path("maps");
    let mut out = Vec::new();
    for fam in std::fs::read_dir(&dir).unwrap() {
        let fam = fam.unwrap().path();
        if !fam.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&fam).unwrap() {
            let f = f.unwrap().path();
            if f.to_string_lossy().ends_with(".scenario.json") {
                let s = Scenario::load(&f).unwrap();
                out.push((s.name.clone(), s));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// polyanya's mesh from the scenario's walls, exactly as the notes say.
fn polyanya_mesh(w: &World, starts: &[Point]) -> polyanya::Mesh {
    type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;
    let mut cdt: Cdt = ConstrainedDelaunayTriangulation::new();
    let [x0, y0, x1, y1] = w.bounds;
    let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    let ch: Vec<_> = corners
        .iter()
        .map(|&(x, y)| cdt.insert(Point2::new(x, y)).unwrap())
        .collect();
    for k in 0..4 {
        cdt.add_constraint(ch[k], ch[(k + 1) % 4]);
    }
    // Wall end points shared by another wall; single-edge walls get a midpoint.
    let mut uses: HashMap<(u64, u64), u32> = HashMap::new();
    for &(a, b) in &w.walls {
        for p in [a, b] {
            *uses.entry((p.x.to_bits(), p.y.to_bits())).or_default() += 1;
        }
    }
    for &(a, b) in &w.walls {
        if a == b {
            continue;
        }
        let free = |p: Point| uses[&(p.x.to_bits(), p.y.to_bits())] == 1;
        let ha = cdt.insert(Point2::new(a.x, a.y)).unwrap();
        let hb = cdt.insert(Point2::new(b.x, b.y)).unwrap();
        if free(a) && free(b) {
            let m = cdt
                .insert(Point2::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0))
                .unwrap();
            cdt.add_constraint_and_split(ha, m, |p| p);
            cdt.add_constraint_and_split(m, hb, |p| p);
        } else {
            cdt.add_constraint_and_split(ha, hb, |p| p);
        }
    }
    // 1. Flood fill from every start.
    let nf = cdt.all_faces().len();
    let mut reached = vec![false; nf];
    let mut stack = Vec::new();
    for s in starts {
        let f = match cdt.locate(Point2::new(s.x, s.y)) {
            PositionInTriangulation::OnFace(f) => cdt.face(f),
            PositionInTriangulation::OnEdge(e) => match cdt.directed_edge(e).face().as_inner() {
                Some(f) => f,
                None => continue,
            },
            _ => continue,
        };
        if !reached[f.index()] {
            reached[f.index()] = true;
            stack.push(f);
        }
        while let Some(face) = stack.pop() {
            for e in face.adjacent_edges() {
                if e.is_constraint_edge() {
                    continue;
                }
                let o = e.rev().face();
                if o.is_outer() {
                    continue;
                }
                let oi = o.index();
                if !reached[oi] {
                    reached[oi] = true;
                    stack.push(o.as_inner().unwrap());
                }
            }
        }
    }
    // Polygon ids.
    let mut poly_id = vec![u32::MAX; nf];
    let mut n = 0;
    for f in cdt.inner_faces() {
        if reached[f.index()] {
            poly_id[f.index()] = n;
            n += 1;
        }
    }
    // 2. One polyanya vertex per wedge.
    let mut vertices = Vec::new();
    let mut wedge_of: HashMap<(usize, usize), u32> = HashMap::new();
    for v in cdt.vertices() {
        let edges: Vec<_> = v.out_edges().collect();
        let k = edges.len();
        let walk = |i: usize| {
            let f = edges[i].face();
            !f.is_outer() && reached[f.index()]
        };
        let brk = |i: usize| edges[i].is_constraint_edge() || !walk(i) || !walk((i + k - 1) % k);
        let pos = Vec2::new(v.position().x as f32, v.position().y as f32);
        let first_break = (0..k).find(|&i| brk(i));
        match first_break {
            None => {
                if (0..k).all(walk) {
                    let id = vertices.len() as u32;
                    let polys: Vec<u32> =
                        (0..k).map(|i| poly_id[edges[i].face().index()]).collect();
                    for e in &edges {
                        wedge_of.insert((e.face().index(), v.index()), id);
                    }
                    vertices.push(polyanya::Vertex::new(pos, polys));
                }
            }
            Some(b0) => {
                let mut run: Vec<usize> = Vec::new();
                let flush =
                    |run: &mut Vec<usize>,
                     vertices: &mut Vec<polyanya::Vertex>,
                     wedge_of: &mut HashMap<(usize, usize), u32>| {
                        if run.is_empty() {
                            return;
                        }
                        let id = vertices.len() as u32;
                        let mut polys: Vec<u32> = run.iter().map(|&f| poly_id[f]).collect();
                        for &f in run.iter() {
                            wedge_of.insert((f, v.index()), id);
                        }
                        polys.push(u32::MAX);
                        vertices.push(polyanya::Vertex::new(pos, polys));
                        run.clear();
                    };
                for j in 0..k {
                    let i = (b0 + j) % k;
                    if brk(i) {
                        flush(&mut run, &mut vertices, &mut wedge_of);
                    }
                    if walk(i) {
                        run.push(edges[i].face().index());
                    }
                }
                flush(&mut run, &mut vertices, &mut wedge_of);
            }
        }
    }
    let mut polygons = Vec::new();
    for f in cdt.inner_faces() {
        if !reached[f.index()] {
            continue;
        }
        let vs = f.vertices().map(|v| wedge_of[&(f.index(), v.index())]);
        polygons.push(polyanya::Polygon::new(vs.to_vec(), false));
    }
    let mut mesh = polyanya::Mesh::new(vertices, polygons).expect("polyanya mesh");
    mesh.set_search_delta(0.0);
    mesh.set_search_steps(1);
    mesh
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() { 0.0 } else { v[v.len() / 2] }
}

/// Median over queries of each query's median time (seconds) over
/// `rounds`, for two searches, the two runs of each query
/// interleaved so that both see the same machine load.
fn paired_medians(
    n: usize,
    rounds: usize,
    mut a: impl FnMut(usize),
    mut b: impl FnMut(usize),
) -> (f64, f64) {
    let mut pa = vec![Vec::with_capacity(rounds); n];
    let mut pb = vec![Vec::with_capacity(rounds); n];
    for _ in 0..rounds {
        for i in 0..n {
            let t = Instant::now();
            a(i);
            pa[i].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            b(i);
            pb[i].push(t.elapsed().as_secs_f64());
        }
    }
    let mut ma: Vec<f64> = pa.iter_mut().map(|p| median(p)).collect();
    let mut mb: Vec<f64> = pb.iter_mut().map(|p| median(p)).collect();
    (median(&mut ma), median(&mut mb))
}

struct Prepared {
    name: String,
    nav: NavMesh,
    poly: polyanya::Mesh,
    queries: Vec<(Point, Point)>,
}

fn prepare() -> Vec<Prepared> {
    // RATIO_MAPS=a,b keeps only the maps whose name contains a or b.
    let only: Vec<String> = std::env::var("RATIO_MAPS")
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    maps()
        .into_iter()
        .filter(|(name, _)| only.is_empty() || only.iter().any(|o| name.contains(o.as_str())))
        .map(|(name, s)| {
            let w = World::from_scenario(&s);
            let queries: Vec<(Point, Point)> = s
                .queries
                .iter()
                .filter(|q| q.radius == 0.0)
                .map(|q| (Point::from(q.from), Point::from(q.to)))
                .collect();
            let starts: Vec<Point> = queries.iter().map(|q| q.0).collect();
            Prepared {
                poly: polyanya_mesh(&w, &starts),
                nav: w.nav(),
                name,
                queries,
            }
        })
        .collect()
}

fn figures(c: &mut Criterion) {
    let rounds: usize = std::env::var("RATIO_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    // RATIO_QUICK=1: ratios only (no radius 2, largest map, criterion).
    let quick = std::env::var("RATIO_QUICK").is_ok();
    let maps = prepare();
    let mut finder = PathFinder::new();
    let mut worst: f64 = 0.0;
    for m in &maps {
        let q = &m.queries;
        let (ours, theirs) = paired_medians(
            q.len(),
            rounds,
            |i| {
                black_box(finder.find_path(&m.nav, q[i].0, q[i].1, 0.0).ok());
            },
            |i| {
                let (a, b) = q[i];
                black_box(m.poly.path(
                    Vec2::new(a.x as f32, a.y as f32),
                    Vec2::new(b.x as f32, b.y as f32),
                ));
            },
        );
        worst = worst.max(ours / theirs);
        println!(
            "RATIO {} ours={:.3}us polyanya={:.3}us ratio={:.3}",
            m.name,
            ours * 1e6,
            theirs * 1e6,
            ours / theirs
        );
        if quick {
            continue;
        }
        // Discs against polyanya's radius 0 on the same walls, over the
        // queries with a disc path (blocked ends answer at once), interleaved.
        for r in [0.5, 1.0, 2.0] {
            let q: Vec<(Point, Point)> = q
                .iter()
                .copied()
                .filter(|&(a, b)| finder.find_path(&m.nav, a, b, r).is_ok())
                .collect();
            if q.is_empty() {
                continue;
            }
            let (disc, theirs) = paired_medians(
                q.len(),
                rounds.min(3),
                |i| {
                    black_box(finder.find_path(&m.nav, q[i].0, q[i].1, r).ok());
                },
                |i| {
                    let (a, b) = q[i];
                    black_box(m.poly.path(
                        Vec2::new(a.x as f32, a.y as f32),
                        Vec2::new(b.x as f32, b.y as f32),
                    ));
                },
            );
            println!(
                "DISC r={r} {} paths={} ours={:.3}us polyanya_r0={:.3}us ratio={:.3} (ours r0, all queries: {:.3}us)",
                m.name,
                q.len(),
                disc * 1e6,
                theirs * 1e6,
                disc / theirs,
                ours * 1e6
            );
        }
    }
    println!("RATIO worst={worst:.3}");
    if quick {
        return;
    }
    // Largest map by triangles: queries per second, batch speed-up.
    if let Some(m) = maps.iter().max_by_key(|m| m.nav.triangle_count()) {
        let qs: Vec<Query> = m
            .queries
            .iter()
            .map(|&(a, b)| Query {
                from: a,
                to: b,
                radius: 0.0,
            })
            .collect();
        let t = Instant::now();
        for _ in 0..rounds {
            for q in &qs {
                black_box(finder.find_path(&m.nav, q.from, q.to, 0.0).ok());
            }
        }
        let seq = t.elapsed().as_secs_f64() / rounds as f64;
        let t = Instant::now();
        for _ in 0..rounds {
            black_box(find_paths(&m.nav, &qs));
        }
        let par = t.elapsed().as_secs_f64() / rounds as f64;
        println!(
            "LARGEST {} triangles={} qps={:.0} batch: sequential={:.4}s parallel={:.4}s speedup={:.2} threads={}",
            m.name,
            m.nav.triangle_count(),
            qs.len() as f64 / seq,
            seq,
            par,
            seq / par,
            rayon::current_num_threads()
        );
    }
    for m in maps
        .iter()
        .filter(|m| m.name == "dao/arena" || m.name == "sc1/Aurora")
    {
        let mut g = c.benchmark_group(m.name.replace('/', "_"));
        g.bench_function("daedalus", |b| {
            b.iter(|| {
                for &(a, z) in &m.queries {
                    black_box(finder.find_path(&m.nav, a, z, 0.0).ok());
                }
            })
        });
        g.bench_function("daedalus_r2", |b| {
            b.iter(|| {
                for &(a, z) in &m.queries {
                    black_box(finder.find_path(&m.nav, a, z, 2.0).ok());
                }
            })
        });
        g.bench_function("polyanya", |b| {
            b.iter(|| {
                for &(a, z) in &m.queries {
                    black_box(m.poly.path(
                        Vec2::new(a.x as f32, a.y as f32),
                        Vec2::new(z.x as f32, z.y as f32),
                    ));
                }
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = figures
}
criterion_main!(benches);
