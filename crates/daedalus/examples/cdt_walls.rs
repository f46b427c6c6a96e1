//! Builds the walls of one scenario a few times (for profiling):
//! `cargo run --release -p daedalus --features serde --example cdt_walls -- FILE [RUNS]`
//! (one `insert_shapes` call; `ONE_BY_ONE=1`: one `insert_shape` per ring)

use daedalus::Closure;
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sc = Scenario::load(&args[1]).unwrap();
    let runs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let [x0, y0, x1, y1] = sc.bounds;
    for _ in 0..runs {
        let t = std::time::Instant::now();
        let mut c = Cdt::new([x0, y0], [x1, y1]).unwrap();
        if std::env::var_os("ONE_BY_ONE").is_some() {
            for i in 0..sc.rings.len() {
                let _ = c.insert_shape(sc.ring_points(i), Closure::Closed);
            }
        } else {
            let rings: Vec<_> = (0..sc.rings.len())
                .map(|i| (sc.ring_points(i), daedalus::Closure::Closed))
                .collect();
            let _ = c.insert_shapes(&rings);
        }
        println!(
            "{:.1} ms, {} vertices",
            t.elapsed().as_secs_f64() * 1e3,
            c.mesh().vertex_count()
        );
    }
}
