//! Hand-checkable CDT cases, each validated by the invariant checker and
//! compared against independently known answers.

use crate::support::rng::Rng;
use daedalus::Closure;
use daedalus::Point;
use daedalus::triangulation::{Cdt, CdtError, Location};

fn assert_valid(cdt: &Cdt) {
    let v = cdt.validate();
    assert!(v.is_empty(), "violations: {:?}", &v[..v.len().min(10)]);
}

#[test]
fn random_vertices_give_a_valid_delaunay_triangulation() {
    let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    let mut s = Rng::lcg(1);
    for _ in 0..2000 {
        cdt.insert_vertex([s.unit() * 100.0, s.unit() * 100.0])
            .unwrap();
    }
    assert_valid(&cdt);
    // Euler: inner triangles of a triangulated convex region = 2n - 2 - h
    let n = cdt.mesh().vertex_count();
    let d = cdt.dump();
    let h = d.constrained.len(); // border edges only
    assert_eq!(d.triangles.len(), 2 * n - 2 - h);
}

#[test]
fn bulk_insert_equals_incremental_vertex_set() {
    let mut s = Rng::lcg(7);
    let pts: Vec<Point> = (0..5000)
        .map(|_| Point::new((s.unit() * 50.0).floor(), (s.unit() * 50.0).floor()))
        .collect();
    let mut a = Cdt::new([0.0, 0.0], [50.0, 50.0]).unwrap();
    let ids = a.insert_vertices(&pts).unwrap();
    assert_valid(&a);
    for (p, id) in pts.iter().zip(&ids) {
        assert_eq!(a.mesh().position(*id).unwrap(), *p);
    }
    let mut uniq: Vec<(u64, u64)> = pts.iter().map(|p| (p.x.to_bits(), p.y.to_bits())).collect();
    uniq.extend(
        [(0.0f64, 0.0f64), (50.0, 0.0), (50.0, 50.0), (0.0, 50.0)]
            .map(|(x, y)| (x.to_bits(), y.to_bits())),
    );
    uniq.sort();
    uniq.dedup();
    assert_eq!(a.mesh().vertex_count(), uniq.len());
}

#[test]
fn crossing_segments_split_at_the_crossing() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let a = cdt.insert_segment([1.0, 1.0], [9.0, 9.0]).unwrap();
    let b = cdt.insert_segment([1.0, 9.0], [9.0, 1.0]).unwrap();
    assert_valid(&cdt);
    let Location::Vertex(v) = cdt.locate([5.0, 5.0]).unwrap() else {
        panic!("no vertex at the crossing")
    };
    let owned: Vec<_> = cdt
        .mesh()
        .outgoing(v)
        .unwrap()
        .filter(|&e| cdt.is_constrained(e))
        .map(|e| cdt.edge_owners(e).unwrap().to_vec())
        .collect();
    assert_eq!(owned.len(), 4);
    assert_eq!(owned.iter().filter(|o| o == &&vec![a]).count(), 2);
    assert_eq!(owned.iter().filter(|o| o == &&vec![b]).count(), 2);
    cdt.remove_shape(a).unwrap();
    assert_valid(&cdt);
    assert_eq!(cdt.mesh().vertex_count(), 6);
    cdt.remove_shape(b).unwrap();
    assert_valid(&cdt);
    assert_eq!(cdt.mesh().vertex_count(), 4);
}

#[test]
fn collinear_overlaps_share_edges() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let a = cdt.insert_segment([1.0, 5.0], [6.0, 5.0]).unwrap();
    let b = cdt.insert_segment([3.0, 5.0], [9.0, 5.0]).unwrap();
    assert_valid(&cdt);
    // the edge (3,5)-(6,5) is owned by both
    let d = cdt.dump();
    assert_eq!(d.constrained.len(), 4 + 3);
    cdt.remove_shape(a).unwrap();
    assert_valid(&cdt);
    cdt.remove_shape(b).unwrap();
    assert_valid(&cdt);
    assert_eq!(cdt.mesh().vertex_count(), 4);
}

#[test]
fn segment_through_vertices_and_along_border() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    for i in 1..10 {
        cdt.insert_vertex([i as f64, i as f64]).unwrap();
    }
    let s = cdt.insert_segment([0.0, 0.0], [10.0, 10.0]).unwrap();
    let t = cdt.insert_segment([-5.0, 0.0], [5.0, 0.0]).unwrap(); // clipped, along the border
    let u = cdt.insert_segment([-5.0, 5.0], [15.0, 5.0]).unwrap(); // clipped both ends
    assert_valid(&cdt);
    assert_eq!(
        cdt.shape_segments(u).unwrap(),
        vec![([0.0, 5.0].into(), [10.0, 5.0].into())]
    );
    for id in [s, t, u] {
        cdt.remove_shape(id).unwrap();
        assert_valid(&cdt);
    }
    assert_eq!(cdt.mesh().vertex_count(), 4 + 9);
}

#[test]
fn bad_input_is_rejected_and_changes_nothing() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    cdt.insert_segment([1.0, 1.0], [8.0, 3.0]).unwrap();
    let before = cdt.dump();
    assert_eq!(cdt.insert_vertex([f64::NAN, 0.0]), Err(CdtError::NonFinite));
    assert_eq!(
        cdt.insert_vertex([f64::INFINITY, 0.0]),
        Err(CdtError::NonFinite)
    );
    assert!(matches!(
        cdt.insert_vertex([1e16, 0.0]),
        Err(CdtError::OutOfRange(_))
    ));
    assert!(matches!(
        cdt.insert_vertex([11.0, 0.0]),
        Err(CdtError::OutsideBounds(..))
    ));
    assert_eq!(
        cdt.insert_segment([2.0, 2.0], [2.0, 2.0]),
        Err(CdtError::ZeroLength)
    );
    assert_eq!(
        cdt.insert_shape(&[[2.0, 2.0].into(), [2.0, 2.0].into()], Closure::Closed),
        Err(CdtError::TooFewPoints)
    );
    assert_eq!(
        cdt.insert_shape(&[], Closure::Closed),
        Err(CdtError::TooFewPoints)
    );
    assert_eq!(
        cdt.insert_shape(&[[2.0, 2.0].into(), [3.0, f64::NAN].into()], Closure::Open),
        Err(CdtError::NonFinite)
    );
    assert_eq!(before, cdt.dump());
    assert_valid(&cdt);
}
