//! Traced polygons inserted into the CDT: the mesh is valid and its walls
//! are exactly the traced ring edges.
#![cfg(feature = "image")]

use crate::support::data;

use daedalus::Rect;
use daedalus::bitmap::{Bitmap, ThresholdOptions, TraceOptions, YAxis, load_bitmap, trace};
use daedalus::triangulation::{Cdt, Location};

/// Every unit piece of every ring edge lies on a constrained mesh edge.
fn walls_match(cdt: &Cdt, rings: &[Vec<daedalus::Point>]) {
    for r in rings {
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            let len = ((b.x - a.x).abs() + (b.y - a.y).abs()) as usize;
            for s in 0..len {
                let f = (s as f64 + 0.5) / len as f64;
                let q = [a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)];
                match cdt.locate(q).unwrap() {
                    Location::Edge(e) => assert!(cdt.is_constrained(e), "{q:?} not on a wall"),
                    other => panic!("{q:?} located at {other:?}"),
                }
            }
        }
    }
}

#[test]
fn exact_map_walls_become_constrained_edges() {
    for m in [
        "maps/dao/arena.png",
        "maps/maze/maze-100-1.png",
        "maps/street/Berlin_0_256.png",
    ] {
        let bm = load_bitmap(data::file(m), &ThresholdOptions::default()).unwrap();
        let t = trace(&bm, &TraceOptions::exact()).unwrap();
        let cdt = t.to_cdt().unwrap();
        assert!(cdt.validate().is_empty(), "{m}: invalid mesh");
        let rings: Vec<_> = t.polygons.iter().map(|p| p.points.clone()).collect();
        walls_match(&cdt, &rings);
    }
}

#[test]
fn smoothed_image_inserts_into_a_scaled_world() {
    let bm = load_bitmap(
        data::file("bitmaps/horse.png"),
        &ThresholdOptions::default(),
    )
    .unwrap();
    let t = trace(&bm, &TraceOptions::default()).unwrap();
    let s = t
        .scaled(Rect::new([-10.0, -10.0], [10.0, 10.0]), YAxis::Up)
        .unwrap();
    let mut cdt = Cdt::new([-10.0, -10.0], [10.0, 10.0]).unwrap();
    let ids = s.insert_into(&mut cdt).unwrap();
    assert_eq!(ids.len(), s.polygons.len());
    assert!(cdt.validate().is_empty());
}

#[test]
fn failed_insertion_changes_nothing() {
    // Two walls; the second one is corrupted after tracing.
    let bm = Bitmap::from_fn(10, 4, |x, _| x == 1 || x == 8).unwrap();
    let mut t = trace(&bm, &TraceOptions::exact()).unwrap();
    assert_eq!(t.polygons.len(), 2);
    t.polygons[1].points[2].x = f64::NAN;
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 4.0]).unwrap();
    let before = cdt.dump();
    assert!(t.insert_into(&mut cdt).is_err());
    // Same vertices, walls and triangle count (the diagonal of the empty
    // rectangle is free: its four corners are cocircular).
    let after = cdt.dump();
    assert_eq!(after.vertices, before.vertices);
    assert_eq!(after.constrained, before.constrained);
    assert_eq!(after.triangles.len(), before.triangles.len());
    assert_eq!(cdt.shapes().count(), 0);
    assert!(cdt.validate().is_empty());
}

/// A sliver (a 1-pixel-thin line at tolerance 1) goes in as one open wall
/// segment: one constrained edge chain, no closed shape twice over.
#[test]
fn slivers_are_open_wall_segments() {
    // A thin bar and a block with a thin bar in its hole.
    let bm = Bitmap::from_fn(30, 20, |x, y| {
        (y == 2 && (3..25).contains(&x))
            || ((5..25).contains(&x)
                && (6..18).contains(&y)
                && !((7..23).contains(&x) && (8..16).contains(&y)))
            || (y == 12 && (9..20).contains(&x))
    })
    .unwrap();
    let t = trace(&bm, &TraceOptions::default()).unwrap();
    let slivers: Vec<_> = t.polygons.iter().filter(|p| p.is_sliver()).collect();
    assert_eq!(slivers.len(), 2, "{:?}", t.polygons);
    // The inner bar keeps its nesting: inside the hole, inside the block.
    assert!(slivers.iter().any(|p| p.depth == 2 && p.parent.is_some()));
    let mut cdt = Cdt::new([0.0, 0.0], [30.0, 20.0]).unwrap();
    t.insert_into(&mut cdt).unwrap();
    assert!(cdt.validate().is_empty());
    let dump = cdt.dump();
    // Constrained edges: the closed rings' edges plus one per sliver (the
    // sliver ends are off the lattice, nothing splits them).
    let ring_edges: usize = t
        .polygons
        .iter()
        .filter(|p| !p.is_sliver())
        .map(|p| p.points.len())
        .sum();
    let border = dump.constrained.len() - ring_edges - slivers.len();
    assert!(border <= 8, "{} constrained edges", dump.constrained.len());
    for s in &slivers {
        let (a, b) = (s.points[0], s.points[1]);
        let m = [(a.x + b.x) / 2.0, (a.y + b.y) / 2.0];
        match cdt.locate(m).unwrap() {
            Location::Edge(e) => assert!(cdt.is_constrained(e)),
            other => panic!("sliver middle located at {other:?}"),
        }
    }
}
