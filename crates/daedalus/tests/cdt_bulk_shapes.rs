//! `insert_shapes` (one operation for many shapes) against one-by-one
//! `insert_shape`: a valid CDT (the invariant checker), the very same
//! mesh; bad input and forced give-ups change nothing.

use daedalus::Point;
use daedalus::triangulation::{Cdt, CdtError};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

struct Lcg(u64);
impl Lcg {
    fn f(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Overlapping rectangles, crossing polylines, shared and repeated points,
/// collinear runs, pieces outside the bounds.
fn random_shapes(seed: u64, n: usize, grid: bool) -> Vec<(Vec<Point>, bool)> {
    let mut r = Lcg(seed);
    let q = |r: &mut Lcg, s: f64| {
        let v = r.f() * s - 5.0;
        if grid { v.round() } else { v }
    };
    let mut out = Vec::new();
    for k in 0..n {
        match k % 4 {
            0 | 1 => {
                let (x, y) = (q(&mut r, 110.0), q(&mut r, 110.0));
                let (w, h) = (1.0 + q(&mut r, 20.0).abs(), 1.0 + q(&mut r, 20.0).abs());
                out.push((
                    vec![p(x, y), p(x + w, y), p(x + w, y + h), p(x, y + h)],
                    true,
                ));
            }
            2 => {
                let m = 2 + (r.f() * 5.0) as usize;
                let pts = (0..m)
                    .map(|_| p(q(&mut r, 110.0), q(&mut r, 110.0)))
                    .collect();
                out.push((pts, r.f() < 0.5));
            }
            _ => {
                // a collinear run with a repeated point
                let (x, y) = (q(&mut r, 100.0), q(&mut r, 100.0));
                out.push((
                    vec![p(x, y), p(x + 3.0, y), p(x + 3.0, y), p(x + 9.0, y)],
                    false,
                ));
            }
        }
    }
    out
}

fn segments(c: &Cdt, ids: &[daedalus::triangulation::ShapeId]) -> Vec<Vec<(Point, Point)>> {
    ids.iter().map(|&s| c.shape_segments(s).unwrap()).collect()
}

fn sorted_vertices(c: &Cdt) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = c
        .dump()
        .vertices
        .iter()
        .map(|q| (q[0].to_bits(), q[1].to_bits()))
        .collect();
    v.sort();
    v
}

#[test]
fn bulk_equals_one_by_one() {
    for (seed, grid) in [(1, true), (2, false), (3, true), (4, false)] {
        let shapes = random_shapes(seed, 120, grid);
        let mut bulk = Cdt::new(0.0, 0.0, 100.0, 100.0).unwrap();
        let ids = bulk.insert_shapes(&shapes).unwrap();
        let v = bulk.validate();
        assert!(v.is_empty(), "seed {seed}: {v:?}");
        let mut one = Cdt::new(0.0, 0.0, 100.0, 100.0).unwrap();
        let ids1: Vec<_> = shapes
            .iter()
            .map(|(s, c)| one.insert_shape(s, *c).unwrap())
            .collect();
        assert!(one.validate().is_empty());
        // same input segments per shape (after clipping)
        assert_eq!(segments(&bulk, &ids), segments(&one, &ids1), "seed {seed}");
        assert_eq!(sorted_vertices(&bulk), sorted_vertices(&one), "seed {seed}");
        assert_eq!(bulk.dump(), one.dump(), "seed {seed}");
        // removing everything leaves the bare rectangle in both
        for &s in &ids {
            bulk.remove_shape(s).unwrap();
        }
        assert!(bulk.validate().is_empty());
        assert_eq!(bulk.mesh().vertex_count(), 4, "seed {seed}");
    }
}

#[test]
fn bulk_bad_input_and_give_up_change_nothing() {
    let mut c = Cdt::new(0.0, 0.0, 100.0, 100.0).unwrap();
    c.insert_shapes(&random_shapes(9, 40, true)).unwrap();
    let before = c.dump();
    let n = c.shapes().count();
    let mut shapes = random_shapes(10, 30, false);
    shapes.push((vec![p(1.0, 1.0), p(f64::NAN, 2.0)], false));
    assert_eq!(c.insert_shapes(&shapes), Err(CdtError::NonFinite));
    shapes.pop();
    shapes.push((vec![p(3.0, 3.0), p(3.0, 3.0)], false));
    assert_eq!(c.insert_shapes(&shapes), Err(CdtError::TooFewPoints));
    shapes.pop();
    c.set_task_limit(2);
    assert_eq!(c.insert_shapes(&shapes), Err(CdtError::WorkLimit(2)));
    assert_eq!(c.dump(), before);
    assert_eq!(c.shapes().count(), n);
    assert!(c.validate().is_empty());
    c.set_task_limit(daedalus::triangulation::TASK_LIMIT);
    assert_eq!(c.insert_shapes(&shapes).unwrap().len(), 30);
    assert!(c.validate().is_empty());
}

/// Every shared scenario built with one `insert_shapes` call is a valid CDT.
#[cfg(feature = "serde")]
#[test]
fn every_shared_scenario_builds_in_bulk() {
    use daedalus::scenario::{Scenario, shared_scenario_files};
    let files = shared_scenario_files();
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let [x0, y0, x1, y1] = s.bounds;
        let mut c = Cdt::new(x0, y0, x1, y1).unwrap();
        let mut shapes: Vec<(Vec<Point>, bool)> = (0..s.rings.len())
            .map(|i| (s.ring_points(i), true))
            .collect();
        for g in &s.segments {
            shapes.push((vec![p(g[0], g[1]), p(g[2], g[3])], false));
        }
        let ids = c.insert_shapes(&shapes).unwrap();
        assert_eq!(ids.len(), shapes.len());
        let v = c.validate();
        assert!(v.is_empty(), "{}: {:?}", f.display(), &v[..v.len().min(5)]);
    }
}
