//! Our CDT against spade's (an independent implementation) on the same
//! walls. Both are first checked, independently of either library, to be
//! triangulations of the bounds rectangle (counter-clockwise triangles by
//! exact orient2d, every inner edge in two triangles, the area of the
//! rectangle) and constrained Delaunay (exact incircle across every
//! unconstrained edge: locally Delaunay, hence constrained Delaunay).
//! - General position (random float points and random non-crossing
//!   segments): the CDT is unique, so both give the same set of triangles.
//! - Grid maps (collinear and cocircular points everywhere: the CDT is not
//!   unique): the same vertices and the same constrained edges, as sets of
//!   point pairs after splitting every edge at the vertices lying on it.

use crate::support::data;
use crate::support::rng::Rng;

use std::collections::{BTreeSet, HashMap};

use daedalus::Point;
use daedalus::geometry::{incircle, orient2d};
use daedalus::mesh::MeshDump;
use daedalus::triangulation::Cdt;
use proptest::prelude::*;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

/// A point by the bits of its coordinates: exact identity across libraries.
type Key = [u64; 2];

fn key(p: [f64; 2]) -> Key {
    [p[0].to_bits(), p[1].to_bits()]
}

fn pt(p: [f64; 2]) -> Point {
    Point::new(p[0], p[1])
}

/// The walls of one comparison: points and segments in a rectangle.
#[derive(Clone, Debug, Default)]
struct Walls {
    bounds: [f64; 4],
    points: Vec<[f64; 2]>,
    segments: Vec<([f64; 2], [f64; 2])>,
}

fn corners([x0, y0, x1, y1]: [f64; 4]) -> [[f64; 2]; 4] {
    [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// Ours: points, then segments, into a fresh CDT.
fn ours(w: &Walls) -> MeshDump {
    let [x0, y0, x1, y1] = w.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
    for &p in &w.points {
        cdt.insert_vertex(p).unwrap();
    }
    for &(a, b) in &w.segments {
        cdt.insert_segment(a, b).unwrap();
    }
    assert!(cdt.validate().is_empty());
    cdt.dump()
}

/// spade's: the corners and every point, then every segment and the border
/// as constraints (`add_constraint_and_split`, which goes through vertices
/// lying on the constraint).
fn spade(w: &Walls) -> MeshDump {
    let mut t: ConstrainedDelaunayTriangulation<Point2<f64>> =
        ConstrainedDelaunayTriangulation::new();
    let ins = |t: &mut ConstrainedDelaunayTriangulation<Point2<f64>>, p: [f64; 2]| {
        t.insert(Point2::new(p[0], p[1])).unwrap()
    };
    let c = corners(w.bounds).map(|p| ins(&mut t, p));
    for &p in &w.points {
        ins(&mut t, p);
    }
    let mut cons = Vec::new();
    for &(a, b) in &w.segments {
        cons.push((ins(&mut t, a), ins(&mut t, b)));
    }
    cons.extend((0..4).map(|i| (c[i], c[(i + 1) % 4])));
    for (a, b) in cons {
        if a != b {
            t.add_constraint_and_split(a, b, |p| p);
        }
    }
    MeshDump {
        vertices: t
            .vertices()
            .map(|v| [v.position().x, v.position().y])
            .collect(),
        triangles: t
            .inner_faces()
            .map(|f| f.vertices().map(|v| v.fix().index() as u32))
            .collect(),
        constrained: t
            .undirected_edges()
            .filter(|e| e.is_constraint_edge())
            .map(|e| e.vertices().map(|v| v.fix().index() as u32))
            .collect(),
    }
}

/// A triangulation of exactly the rectangle, constrained Delaunay.
fn check_cdt(d: &MeshDump, bounds: [f64; 4], who: &str) {
    let [x0, y0, x1, y1] = bounds;
    let p = |i: u32| pt(d.vertices[i as usize]);
    let on_border = |a: Point, b: Point| {
        (a.x == b.x && (a.x == x0 || a.x == x1)) || (a.y == b.y && (a.y == y0 || a.y == y1))
    };
    let cons: BTreeSet<[u32; 2]> = d
        .constrained
        .iter()
        .map(|&[a, b]| [a.min(b), a.max(b)])
        .collect();
    // Directed edge -> the triangle's third vertex.
    let mut opposite: HashMap<(u32, u32), u32> = HashMap::new();
    let mut area = 0.0;
    for &[a, b, c] in &d.triangles {
        assert!(
            orient2d(p(a), p(b), p(c)) > 0.0,
            "{who}: triangle {:?} not counter-clockwise",
            [p(a), p(b), p(c)]
        );
        area +=
            ((p(b).x - p(a).x) * (p(c).y - p(a).y) - (p(b).y - p(a).y) * (p(c).x - p(a).x)) / 2.0;
        for (u, v, w) in [(a, b, c), (b, c, a), (c, a, b)] {
            assert!(
                opposite.insert((u, v), w).is_none(),
                "{who}: edge {:?} used twice",
                (p(u), p(v))
            );
        }
    }
    let want = (x1 - x0) * (y1 - y0);
    assert!(
        (area - want).abs() <= 1e-9 * want,
        "{who}: triangles cover {area}, the rectangle {want}"
    );
    for (&(u, v), &w) in &opposite {
        match opposite.get(&(v, u)) {
            None => assert!(
                on_border(p(u), p(v)),
                "{who}: edge {:?} has one triangle but is not on the border",
                (p(u), p(v))
            ),
            Some(&z) => {
                if !cons.contains(&[u.min(v), u.max(v)]) {
                    assert!(
                        incircle(p(u), p(v), p(w), p(z)) <= 0.0,
                        "{who}: unconstrained edge {:?} is not Delaunay",
                        (p(u), p(v))
                    );
                }
            }
        }
    }
}

fn vertex_keys(d: &MeshDump) -> BTreeSet<Key> {
    d.vertices.iter().map(|&p| key(p)).collect()
}

fn triangle_keys(d: &MeshDump) -> BTreeSet<[Key; 3]> {
    d.triangles
        .iter()
        .map(|t| {
            let mut k = t.map(|i| key(d.vertices[i as usize]));
            k.sort();
            k
        })
        .collect()
}

/// Vertices bucketed in a uniform grid, for "which vertices lie on this
/// edge" without a scan of all of them.
struct Buckets {
    origin: Point,
    cell: f64,
    n: usize,
    cells: Vec<Vec<Point>>,
}

impl Buckets {
    fn new(bounds: [f64; 4], pts: &[Point]) -> Buckets {
        let n = ((pts.len() as f64).sqrt().ceil() as usize).max(1);
        let cell = (bounds[2] - bounds[0]).max(bounds[3] - bounds[1]) / n as f64;
        let mut b = Buckets {
            origin: Point::new(bounds[0], bounds[1]),
            cell,
            n,
            cells: vec![Vec::new(); n * n],
        };
        for &p in pts {
            let (i, j) = b.at(p);
            b.cells[j * n + i].push(p);
        }
        b
    }

    fn at(&self, p: Point) -> (usize, usize) {
        let f = |v: f64, o: f64| (((v - o) / self.cell).floor().max(0.0) as usize).min(self.n - 1);
        (f(p.x, self.origin.x), f(p.y, self.origin.y))
    }

    /// Vertices strictly inside the segment `a b` (exact), ordered from a.
    fn inside(&self, a: Point, b: Point) -> Vec<Point> {
        let lo = Point::new(a.x.min(b.x), a.y.min(b.y));
        let hi = Point::new(a.x.max(b.x), a.y.max(b.y));
        let ((i0, j0), (i1, j1)) = (self.at(lo), self.at(hi));
        let mut out = Vec::new();
        for j in j0..=j1 {
            for i in i0..=i1 {
                for &p in &self.cells[j * self.n + i] {
                    if p != a
                        && p != b
                        && p.x >= lo.x
                        && p.x <= hi.x
                        && p.y >= lo.y
                        && p.y <= hi.y
                        && orient2d(a, b, p) == 0.0
                    {
                        out.push(p);
                    }
                }
            }
        }
        out.sort_by(|p, q| {
            let d = |r: &Point| (r.x - a.x).abs() + (r.y - a.y).abs();
            d(p).total_cmp(&d(q))
        });
        out
    }
}

/// Constrained edges split at every vertex of `all` lying on them, as
/// unordered point pairs.
fn constrained_pieces(d: &MeshDump, all: &Buckets) -> BTreeSet<[Key; 2]> {
    let mut out = BTreeSet::new();
    for &[a, b] in &d.constrained {
        let (pa, pb) = (pt(d.vertices[a as usize]), pt(d.vertices[b as usize]));
        let mut chain = vec![pa];
        chain.extend(all.inside(pa, pb));
        chain.push(pb);
        for w in chain.windows(2) {
            let mut k = [key([w[0].x, w[0].y]), key([w[1].x, w[1].y])];
            k.sort();
            out.insert(k);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// General position.

/// Closed segments a b and c d share a point (exact).
fn touch(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2) = (orient2d(a, b, c), orient2d(a, b, d));
    let (o3, o4) = (orient2d(c, d, a), orient2d(c, d, b));
    let on = |p: Point, q: Point, r: Point| {
        r.x >= p.x.min(q.x) && r.x <= p.x.max(q.x) && r.y >= p.y.min(q.y) && r.y <= p.y.max(q.y)
    };
    (o1 * o2 < 0.0 && o3 * o4 < 0.0)
        || (o1 == 0.0 && on(a, b, c))
        || (o2 == 0.0 && on(a, b, d))
        || (o3 == 0.0 && on(c, d, a))
        || (o4 == 0.0 && on(c, d, b))
}

/// `n` random points and up to `m` random segments (length up to `len`)
/// that neither touch each other nor pass through a point: no ties, so
/// the CDT is unique (with probability 1; ties would show as a mismatch).
fn general_position(seed: u64, n: usize, m: usize, len: f64) -> Walls {
    // uniform in (0, 1), never 0: no point on the border
    let mut s = Rng::splitmix(seed);
    let points: Vec<[f64; 2]> = (0..n).map(|_| [s.unit_open(), s.unit_open()]).collect();
    let mut segments: Vec<([f64; 2], [f64; 2])> = Vec::new();
    for _ in 0..4 * m {
        if segments.len() == m {
            break;
        }
        let a = [s.unit_open(), s.unit_open()];
        let b = [
            (a[0] + len * (2.0 * s.unit_open() - 1.0)).clamp(1e-3, 1.0 - 1e-3),
            (a[1] + len * (2.0 * s.unit_open() - 1.0)).clamp(1e-3, 1.0 - 1e-3),
        ];
        let (pa, pb) = (pt(a), pt(b));
        let hits_segment = segments.iter().any(|&(c, d)| touch(pa, pb, pt(c), pt(d)));
        let hits_point = points.iter().any(|&p| touch(pa, pb, pt(p), pt(p)));
        if a != b && !hits_segment && !hits_point {
            segments.push((a, b));
        }
    }
    Walls {
        bounds: [0.0, 0.0, 1.0, 1.0],
        points,
        segments,
    }
}

fn same_triangles(w: &Walls) {
    let (a, b) = (ours(w), spade(w));
    check_cdt(&a, w.bounds, "ours");
    check_cdt(&b, w.bounds, "spade");
    assert_eq!(vertex_keys(&a), vertex_keys(&b), "vertices differ");
    let (ta, tb) = (triangle_keys(&a), triangle_keys(&b));
    assert_eq!(ta.len(), tb.len(), "triangle counts differ");
    assert!(
        ta == tb,
        "{} triangles differ",
        ta.symmetric_difference(&tb).count()
    );
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5ADE),
        ..ProptestConfig::default()
    })]

    /// Random points and non-crossing segments: the same triangles.
    #[test]
    fn general_position_same_triangles(
        seed in any::<u64>(),
        n in 0usize..150,
        m in 0usize..40,
        len in prop_oneof![Just(0.05), Just(0.3), Just(1.0)],
    ) {
        same_triangles(&general_position(seed, n, m, len));
    }
}

/// A larger case than the property test draws.
#[test]
fn general_position_large() {
    let w = general_position(7, 3000, 400, 0.05);
    assert!(w.segments.len() >= 300, "{} segments", w.segments.len());
    same_triangles(&w);
}

// ---------------------------------------------------------------------------
// Grid maps: not unique; the same constrained edges and both Delaunay.

#[cfg(feature = "serde")]
#[test]
fn maps_same_constrained_edges_both_delaunay() {
    use daedalus::scenario::Scenario;
    let mut maps = 0;
    for f in data::scenario_files() {
        if !f.to_string_lossy().contains("maps") {
            continue;
        }
        let s = Scenario::load(&f).unwrap();
        let mut w = Walls {
            bounds: s.bounds,
            ..Walls::default()
        };
        for i in 0..s.rings.len() {
            let r = s.ring_points(i);
            for k in 0..r.len() {
                let (a, b) = (r[k], r[(k + 1) % r.len()]);
                w.segments.push(([a.x, a.y], [b.x, b.y]));
            }
        }
        for g in &s.segments {
            w.segments.push(([g[0], g[1]], [g[2], g[3]]));
        }
        let (a, b) = (ours(&w), spade(&w));
        check_cdt(&a, w.bounds, &format!("ours on {}", s.name));
        check_cdt(&b, w.bounds, &format!("spade on {}", s.name));
        assert_eq!(
            vertex_keys(&a),
            vertex_keys(&b),
            "{}: vertices differ",
            s.name
        );
        let all: Vec<Point> = a.vertices.iter().map(|&p| pt(p)).collect();
        let buckets = Buckets::new(w.bounds, &all);
        let (ca, cb) = (
            constrained_pieces(&a, &buckets),
            constrained_pieces(&b, &buckets),
        );
        assert!(!ca.is_empty());
        assert!(
            ca == cb,
            "{}: constrained edges differ ({} ours, {} spade, {} in one only)",
            s.name,
            ca.len(),
            cb.len(),
            ca.symmetric_difference(&cb).count()
        );
        maps += 1;
    }
    let want = if data::is_full() { 18 } else { 5 };
    assert_eq!(maps, want, "maps compared");
}
