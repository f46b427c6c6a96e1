//! Baked `T2 * R * S * T1` versus three explicit generic 3x3 products.
//! Ratio = median(baked) / median(explicit), read from
//! target/criterion/<group>/{baked,explicit}/new/estimates.json, groups
//! `transform` (with one sin_cos each) and `transform_no_trig`.

use criterion::{BenchmarkId, Criterion, black_box, criterion_group, criterion_main};
use daedalus::Point;
use daedalus::geometry::{Mat3, Transform};

#[path = "../tests/support/mod.rs"]
mod support;

const N: usize = 1000;

fn params() -> Vec<(Point, f64, f64, f64, Point)> {
    let mut rng = support::rng::Rng::lcg(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.unit();
    (0..N)
        .map(|_| {
            (
                Point::new(next() * 100.0, next() * 100.0),
                0.5 + next(),
                0.5 + next(),
                next() * 6.3,
                Point::new(next() * 1000.0, next() * 1000.0),
            )
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ps = params();
    let mut g = c.benchmark_group("transform");
    g.bench_function(BenchmarkId::from_parameter("baked"), |b| {
        b.iter(|| {
            let mut acc = 0.0;
            for &(pv, sx, sy, a, pos) in black_box(&ps) {
                let t = black_box(Transform::baked(pv, sx, sy, a, pos));
                acc += t.m[0][2];
            }
            acc
        })
    });
    g.bench_function(BenchmarkId::from_parameter("explicit"), |b| {
        b.iter(|| {
            let mut acc = 0.0;
            for &(pv, sx, sy, a, pos) in black_box(&ps) {
                let m = black_box(Mat3::trst(pv, sx, sy, a, pos));
                acc += m.m[0][2];
            }
            acc
        })
    });
    g.finish();

    // Same, trigonometry excluded (sin/cos precomputed): the matrix work alone.
    let sc: Vec<_> = ps
        .iter()
        .map(|&(pv, sx, sy, a, pos)| (pv, sx, sy, a.sin_cos(), pos))
        .collect();
    let mut g = c.benchmark_group("transform_no_trig");
    g.bench_function(BenchmarkId::from_parameter("baked"), |b| {
        b.iter(|| {
            let mut acc = 0.0;
            for &(pv, sx, sy, (s, co), pos) in black_box(&sc) {
                let t = black_box(Transform::baked_sin_cos(pv, sx, sy, s, co, pos));
                acc += t.m[0][2];
            }
            acc
        })
    });
    g.bench_function(BenchmarkId::from_parameter("explicit"), |b| {
        b.iter(|| {
            let mut acc = 0.0;
            for &(pv, sx, sy, (s, co), pos) in black_box(&sc) {
                let m = Mat3::translation(pos.x, pos.y)
                    .mul(&Mat3::rotation_sin_cos(s, co))
                    .mul(&Mat3::scale(sx, sy))
                    .mul(&Mat3::translation(-pv.x, -pv.y));
                acc += black_box(m).m[0][2];
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
