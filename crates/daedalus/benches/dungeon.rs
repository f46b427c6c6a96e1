//! Dungeon generation time against the grid size: 50 x 50, 100 x 100
//! (500 rooms) and 200 x 200, rooms a twentieth of the
//! grid points so the work per point stays the same; near-linear
//! generation shows as time per grid point staying flat. Read the medians
//! from target/criterion/dungeon/<grid>/new/estimates.json.

use criterion::{BenchmarkId, Criterion, black_box, criterion_group, criterion_main};
use daedalus::dungeon::{DungeonParams, generate, points};

fn params(side: usize) -> DungeonParams {
    DungeonParams {
        columns: side,
        rows: side,
        rooms: side * side / 20,
        branch_depth: side * side,
        branches: 4,
        ..DungeonParams::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dungeon");
    g.sample_size(10);
    for side in [50, 100, 200] {
        let p = params(side);
        let name = format!("{side}x{side}-{}rooms", p.rooms);
        g.bench_with_input(BenchmarkId::from_parameter(&name), &p, |b, p| {
            b.iter(|| generate(black_box(p)).unwrap())
        });
    }
    g.finish();
    // step 1 alone (the Delaunay triangulation of the grid sample)
    let mut g = c.benchmark_group("dungeon_points");
    g.sample_size(10);
    for side in [50, 100, 200] {
        let p = params(side);
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("{side}x{side}")),
            &p,
            |b, p| b.iter(|| points(black_box(p)).unwrap()),
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
