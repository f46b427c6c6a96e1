//! Baked `T2 * R * S * T1` versus three explicit generic 3x3 products.
//! Ratio = median(baked) / median(explicit), read from
//! target/criterion/transform/{baked,explicit}/new/estimates.json.

use criterion::{BenchmarkId, Criterion, black_box, criterion_group, criterion_main};
use daedalus::Point;
use daedalus::geometry::{Mat3, Transform};

const N: usize = 1000;

fn params() -> Vec<(Point, f64, f64, f64, Point)> {
    // Small deterministic LCG: no rand dependency needed.
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
