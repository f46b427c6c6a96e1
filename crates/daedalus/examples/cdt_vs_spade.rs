//! Quick side-by-side timings against spade (medians of a few runs; the
//! official criterion benches live elsewhere). Release build:
//! `cargo run --release -p daedalus --features serde --example cdt_vs_spade`

#[path = "../tests/support/data.rs"]
mod data;

use daedalus::Closure;
use std::time::Instant;

use daedalus::Point;
use daedalus::objects::{Object, Objects};
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;
use spade::{ConstrainedDelaunayTriangulation, DelaunayTriangulation, Point2, Triangulation};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn time<F: FnMut()>(runs: usize, mut f: F) -> f64 {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64()
            })
            .collect(),
    )
}

fn rnd(s: &mut u64) -> f64 {
    *s = s
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*s >> 11) as f64 / (1u64 << 53) as f64
}

fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.to_string_lossy().ends_with(".scenario.json") {
            out.push(p);
        }
    }
}

fn main() {
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for n in [100_000usize, 1_000_000] {
        let mut s = 1;
        let pts: Vec<Point> = (0..n)
            .map(|_| Point::new(rnd(&mut s), rnd(&mut s)))
            .collect();
        let sp: Vec<Point2<f64>> = pts.iter().map(|p| Point2::new(p.x, p.y)).collect();
        let mut bytes = 0;
        let ours = time(runs, || {
            let mut c = Cdt::new([0.0, 0.0], [1.0, 1.0]).unwrap();
            c.insert_vertices(&pts).unwrap();
            bytes = c.mesh().heap_bytes();
        });
        let theirs = time(runs, || {
            let t = DelaunayTriangulation::<Point2<f64>>::bulk_load(sp.clone()).unwrap();
            assert!(t.num_vertices() > 0);
        });
        println!(
            "bulk {n}: ours {:.1} ms, spade {:.1} ms, ratio {:.2}; mesh {:.1} B/vertex",
            ours * 1e3,
            theirs * 1e3,
            ours / theirs,
            bytes as f64 / n as f64
        );
    }
    let mut fs = Vec::new();
    files(&data::data().dir, &mut fs);
    fs.sort();
    let (mut to, mut tt) = (0.0, 0.0);
    for f in &fs {
        let sc = Scenario::load(f).unwrap();
        let rings: Vec<Vec<Point>> = (0..sc.rings.len()).map(|i| sc.ring_points(i)).collect();
        let [x0, y0, x1, y1] = sc.bounds;
        let mut shapes: Vec<(Vec<Point>, Closure)> =
            rings.iter().map(|r| (r.clone(), Closure::Closed)).collect();
        for &[ax, ay, bx, by] in &sc.segments {
            shapes.push((vec![Point::new(ax, ay), Point::new(bx, by)], Closure::Open));
        }
        let ours = time(runs, || {
            let mut c = Cdt::new([x0, y0], [x1, y1]).unwrap();
            let _ = c.insert_shapes(&shapes);
        });
        let theirs = time(runs, || {
            let mut c = ConstrainedDelaunayTriangulation::<Point2<f64>>::new();
            for r in &rings {
                let hs: Vec<_> = r
                    .iter()
                    .map(|p| c.insert(Point2::new(p.x, p.y)).unwrap())
                    .collect();
                for i in 0..hs.len() {
                    let (a, b) = (hs[i], hs[(i + 1) % hs.len()]);
                    if a != b {
                        c.add_constraint_and_split(a, b, |p| p);
                    }
                }
            }
            for &[ax, ay, bx, by] in &sc.segments {
                let a = c.insert(Point2::new(ax, ay)).unwrap();
                let b = c.insert(Point2::new(bx, by)).unwrap();
                if a != b {
                    c.add_constraint_and_split(a, b, |p| p);
                }
            }
        });
        to += ours;
        tt += theirs;
        println!(
            "walls {:<40} ours {:8.2} ms spade {:8.2} ms ratio {:.2}",
            f.file_name().unwrap().to_string_lossy(),
            ours * 1e3,
            theirs * 1e3,
            ours / theirs
        );
    }
    println!(
        "walls total: ours {:.1} ms, spade {:.1} ms, ratio {:.2}",
        to * 1e3,
        tt * 1e3,
        to / tt
    );
    // one object moved in a world of 10^4 objects vs a full rebuild
    let square = vec![
        Point::new(-0.5, -0.5),
        Point::new(0.5, -0.5),
        Point::new(0.5, 0.5),
        Point::new(-0.5, 0.5),
    ];
    let mut s = 3;
    let places: Vec<(f64, f64)> = (0..10_000)
        .map(|_| (1.0 + rnd(&mut s) * 998.0, 1.0 + rnd(&mut s) * 998.0))
        .collect();
    let build = || {
        let mut c = Cdt::new([0.0, 0.0], [1000.0, 1000.0]).unwrap();
        let mut table = Objects::new();
        let ids: Vec<_> = places
            .iter()
            .map(|&(x, y)| {
                let mut o = Object::new(square.clone(), Closure::Closed);
                o.set_position([x, y]);
                table.insert(&mut c, o).unwrap()
            })
            .collect();
        (c, table, ids)
    };
    let rebuild = time(runs, || {
        build();
    });
    let (mut c, mut table, ids) = build();
    let mut moves = Vec::new();
    for k in 0..2000 {
        let id = ids[(k * 7919) % ids.len()];
        let t = Instant::now();
        let o = table.get_mut(id).unwrap();
        let pose = o.pose();
        let p = pose.position;
        o.set_position([p.x + if k % 2 == 0 { 0.3 } else { -0.3 }, p.y]);
        o.set_rotation(pose.rotation + 0.1);
        table.update(&mut c).unwrap();
        moves.push(t.elapsed().as_secs_f64());
    }
    assert!(c.validate().is_empty());
    let mv = median(moves);
    println!(
        "objects 1e4: rebuild {:.1} ms, move+update {:.2} us, ratio {:.5}",
        rebuild * 1e3,
        mv * 1e6,
        mv / rebuild
    );
}
