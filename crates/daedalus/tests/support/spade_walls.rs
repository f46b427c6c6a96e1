//! A scenario's walls for spade, built as the spade benches compare it:
//! deduplicated points bulk-loaded, then every wall added with
//! `add_constraint_and_split`.

use std::collections::HashMap;

use daedalus::Point;
use daedalus::scenario::Scenario;
use spade::{ConstrainedDelaunayTriangulation, Point2};

/// Spade's constrained triangulation of `f64` points.
pub type SpadeCdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// Every wall of a scenario as point pairs: bounds border, ring edges, segments.
pub fn wall_edges(s: &Scenario) -> Vec<[Point; 2]> {
    let [x0, y0, x1, y1] = s.bounds;
    let c = [
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ];
    let mut e: Vec<[Point; 2]> = (0..4).map(|i| [c[i], c[(i + 1) % 4]]).collect();
    for i in 0..s.rings.len() {
        let p = s.ring_points(i);
        for k in 0..p.len() {
            e.push([p[k], p[(k + 1) % p.len()]]);
        }
    }
    for g in &s.segments {
        e.push([Point::new(g[0], g[1]), Point::new(g[2], g[3])]);
    }
    e
}

/// Spade's input: deduplicated points (so `bulk_load_cdt`'s stable order
/// gives the handles) and the wall edges between them.
pub struct SpadeInput {
    /// The distinct wall ends.
    pub verts: Vec<Point2<f64>>,
    /// Each wall as indices into `verts`.
    pub pairs: Vec<[usize; 2]>,
}

/// The walls of `s` as spade's input.
pub fn spade_input(s: &Scenario) -> SpadeInput {
    let edges = wall_edges(s);
    let mut index: HashMap<[u64; 2], usize> = HashMap::new();
    let mut verts = Vec::new();
    let mut id = |p: Point| {
        *index
            .entry([p.x.to_bits(), p.y.to_bits()])
            .or_insert_with(|| {
                verts.push(Point2::new(p.x, p.y));
                verts.len() - 1
            })
    };
    let pairs = edges.iter().map(|[a, b]| [id(*a), id(*b)]).collect();
    SpadeInput { verts, pairs }
}

/// Spade's CDT of the walls.
pub fn spade_build(input: &SpadeInput) -> SpadeCdt {
    let mut cdt = SpadeCdt::bulk_load_cdt(input.verts.clone(), Vec::new()).expect("spade");
    for &[a, b] in &input.pairs {
        if a != b {
            cdt.add_constraint_and_split(
                spade::handles::FixedVertexHandle::from_index(a),
                spade::handles::FixedVertexHandle::from_index(b),
                |p| p,
            );
        }
    }
    cdt
}
