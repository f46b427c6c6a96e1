//! `insert_shapes` (one operation for many shapes) against one-by-one
//! `insert_shape`: a valid CDT (the invariant checker), the same CDT
//! (vertices, constrained edges, triangles); bad input and forced give-ups
//! change nothing.

use crate::support::data;
use crate::support::rng::Rng;

use daedalus::Closure;
use daedalus::Point;
use daedalus::triangulation::{Cdt, CdtError};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Overlapping rectangles, crossing polylines, shared and repeated points,
/// collinear runs, pieces outside the bounds.
fn random_shapes(seed: u64, n: usize, grid: bool) -> Vec<(Vec<Point>, Closure)> {
    let mut r = Rng::lcg(seed);
    let q = |r: &mut Rng, s: f64| {
        let v = r.unit() * s - 5.0;
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
                    Closure::Closed,
                ));
            }
            2 => {
                let m = 2 + (r.unit() * 5.0) as usize;
                let pts = (0..m)
                    .map(|_| p(q(&mut r, 110.0), q(&mut r, 110.0)))
                    .collect();
                let closure = if r.unit() < 0.5 {
                    Closure::Closed
                } else {
                    Closure::Open
                };
                out.push((pts, closure));
            }
            _ => {
                // a collinear run with a repeated point
                let (x, y) = (q(&mut r, 100.0), q(&mut r, 100.0));
                out.push((
                    vec![p(x, y), p(x + 3.0, y), p(x + 3.0, y), p(x + 9.0, y)],
                    Closure::Open,
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

type Key = (u64, u64);

fn key(q: [f64; 2]) -> Key {
    (q[0].to_bits(), q[1].to_bits())
}

/// Constrained edges as sorted coordinate pairs.
fn constrained(c: &Cdt) -> Vec<[Key; 2]> {
    let d = c.dump();
    let mut v: Vec<[Key; 2]> = d
        .constrained
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (key(d.vertices[a as usize]), key(d.vertices[b as usize]));
            if a < b { [a, b] } else { [b, a] }
        })
        .collect();
    v.sort();
    v
}

/// Triangles as coordinate triples, each rotated to start at its least
/// corner (orientation kept), sorted.
fn triangles(c: &Cdt) -> Vec<[Key; 3]> {
    let d = c.dump();
    let mut v: Vec<[Key; 3]> = d
        .triangles
        .iter()
        .map(|t| {
            let k = t.map(|i| key(d.vertices[i as usize]));
            let m = (0..3).min_by_key(|&i| k[i]).unwrap();
            [k[m], k[(m + 1) % 3], k[(m + 2) % 3]]
        })
        .collect();
    v.sort();
    v
}

#[test]
fn bulk_equals_one_by_one() {
    for (seed, grid) in [(1, true), (2, false), (3, true), (4, false)] {
        let shapes = random_shapes(seed, 120, grid);
        let mut bulk = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let ids = bulk.insert_shapes(&shapes).unwrap();
        let v = bulk.validate();
        assert!(v.is_empty(), "seed {seed}: {v:?}");
        let mut one = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let ids1: Vec<_> = shapes
            .iter()
            .map(|(s, c)| one.insert_shape(s, *c).unwrap())
            .collect();
        assert!(one.validate().is_empty());
        // same input segments per shape (after clipping)
        assert_eq!(segments(&bulk, &ids), segments(&one, &ids1), "seed {seed}");
        // The same CDT. `insert_shapes` takes the shapes in its own (spatial)
        // order, and a crossing point that had to be rounded can come out a
        // few ulps apart when several segments meet there (which pair meets
        // first decides): such Steiner points are matched by ulp distance,
        // everything else must be identical.
        let (va, vb) = (sorted_vertices(&bulk), sorted_vertices(&one));
        assert_eq!(va.len(), vb.len(), "seed {seed}");
        let only_a: Vec<_> = va.iter().filter(|v| vb.binary_search(v).is_err()).collect();
        let only_b: Vec<_> = vb.iter().filter(|v| va.binary_search(v).is_err()).collect();
        assert_eq!(only_a.len(), only_b.len(), "seed {seed}");
        assert!(only_a.len() <= 2, "seed {seed}: {only_a:?} / {only_b:?}");
        let ulps = |x: u64, y: u64| (x as i64).abs_diff(y as i64);
        for (x, y) in only_a.iter().zip(&only_b) {
            assert!(
                ulps(x.0, y.0) <= 4 && ulps(x.1, y.1) <= 4,
                "seed {seed}: {x:?} {y:?}"
            );
        }
        let same = only_a.is_empty();
        let (cb, co) = (constrained(&bulk), constrained(&one));
        assert_eq!(cb.len(), co.len(), "seed {seed}");
        assert_eq!(triangles(&bulk).len(), triangles(&one).len(), "seed {seed}");
        if same {
            assert_eq!(cb, co, "seed {seed}");
        }
        // (the triangles themselves may differ: rectangle corners are
        // cocircular, and ties between Delaunay diagonals go by history)
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
    let mut c = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    c.insert_shapes(&random_shapes(9, 40, true)).unwrap();
    let before = c.dump();
    let n = c.shapes().count();
    let mut shapes = random_shapes(10, 30, false);
    shapes.push((vec![p(1.0, 1.0), p(f64::NAN, 2.0)], Closure::Open));
    assert_eq!(c.insert_shapes(&shapes), Err(CdtError::NonFinite));
    shapes.pop();
    shapes.push((vec![p(3.0, 3.0), p(3.0, 3.0)], Closure::Open));
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
    use daedalus::scenario::Scenario;
    let files = data::scenario_files();
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let [x0, y0, x1, y1] = s.bounds;
        let mut c = Cdt::new([x0, y0], [x1, y1]).unwrap();
        let mut shapes: Vec<(Vec<Point>, Closure)> = (0..s.rings.len())
            .map(|i| (s.ring_points(i), Closure::Closed))
            .collect();
        for g in &s.segments {
            shapes.push((vec![p(g[0], g[1]), p(g[2], g[3])], Closure::Open));
        }
        let ids = c.insert_shapes(&shapes).unwrap();
        assert_eq!(ids.len(), shapes.len());
        let v = c.validate();
        assert!(v.is_empty(), "{}: {:?}", f.display(), &v[..v.len().min(5)]);
    }
}
