//! Walks random meshes through the references and checks what holds for
//! every half-edge mesh of a triangulated rectangle: the rings close, the
//! references agree with the stored columns, the triangles tile the
//! rectangle counter-clockwise, and the counts follow Euler's formula.
//!
//! The meshes are built with the mesh's own surgery (face splits, edge
//! splits, flips), keeping an operation only when every inner triangle
//! stays strictly counter-clockwise, so the expected counts and positions
//! are known from the operations alone.

use proptest::prelude::*;

use super::super::columns::{FACE, NEXT, OPP, ORIGIN};
use super::super::{EdgeId, FaceId, Mesh, MeshError, VertexId};
use crate::Point;

const W: f64 = 64.0;
const H: f64 = 48.0;

fn orient(a: Point, b: Point, c: Point) -> f64 {
    let k = |p: Point| robust::Coord { x: p.x, y: p.y };
    robust::orient2d(k(a), k(b), k(c))
}

#[derive(Clone, Debug)]
enum Op {
    /// Splits the `pick`-th inner face at the barycentric point of weights `w`.
    SplitFace(usize, [u8; 3]),
    /// Splits the `pick`-th half-edge (with an inner left face) at `t/16`.
    SplitEdge(usize, u8),
    /// Flips the `pick`-th interior, unconstrained half-edge.
    Flip(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (any::<usize>(), [1u8..=50, 1u8..=50, 1u8..=50]).prop_map(|(p, w)| Op::SplitFace(p, w)),
        (any::<usize>(), 2u8..=14).prop_map(|(p, t)| Op::SplitEdge(p, t)),
        any::<usize>().prop_map(Op::Flip),
    ]
}

/// What the operations applied say about the mesh, kept apart from it.
#[derive(Clone, Debug, Default)]
struct Expected {
    /// Positions of the vertices added, besides the four corners.
    added: Vec<Point>,
    /// Vertices added on the border (edge splits of border edges).
    on_border: usize,
    /// Inner faces beyond the first two.
    extra_faces: usize,
}

/// Are all inner triangles strictly counter-clockwise (read from the raw
/// columns)?
fn all_ccw(m: &Mesh) -> bool {
    (super::super::OUTER_FACES..m.fedge.len() as u32)
        .filter(|&f| m.face_alive(f))
        .all(|f| {
            let a = m.raw_face_edge(f);
            let b = m.raw_next(a);
            let c = m.raw_next(b);
            m.raw_next(c) == a
                && orient(
                    m.raw_pos(m.raw_origin(a)),
                    m.raw_pos(m.raw_origin(b)),
                    m.raw_pos(m.raw_origin(c)),
                ) > 0.0
        })
}

/// Applies `ops` to the rectangle, skipping those that would fold a
/// triangle.
fn build(ops: &[Op]) -> (Mesh, Expected) {
    let mut m = Mesh::rectangle(0.0, 0.0, W, H);
    let mut x = Expected::default();
    for op in ops {
        let before = m.clone();
        let faces: Vec<u32> = (super::super::OUTER_FACES..m.fedge.len() as u32)
            .filter(|&f| m.face_alive(f))
            .collect();
        let edges: Vec<u32> = (0..m.he.len() as u32)
            .filter(|&e| m.edge_alive(e) && !m.raw_is_outer_face(m.raw_face(e)))
            .collect();
        let mut next = x.clone();
        match *op {
            Op::SplitFace(pick, w) => {
                let f = faces[pick % faces.len()];
                let a = m.raw_face_edge(f);
                let b = m.raw_next(a);
                let c = m.raw_next(b);
                let [pa, pb, pc] = [a, b, c].map(|e| m.raw_pos(m.raw_origin(e)));
                let s = f64::from(w[0]) + f64::from(w[1]) + f64::from(w[2]);
                let (wa, wb, wc) = (
                    f64::from(w[0]) / s,
                    f64::from(w[1]) / s,
                    f64::from(w[2]) / s,
                );
                let p = Point::new(
                    wa * pa.x + wb * pb.x + wc * pc.x,
                    wa * pa.y + wb * pb.y + wc * pc.y,
                );
                if !(orient(pa, pb, p) > 0.0 && orient(pb, pc, p) > 0.0 && orient(pc, pa, p) > 0.0)
                {
                    continue;
                }
                m.split_face(f, p);
                next.added.push(p);
                next.extra_faces += 2;
            }
            Op::SplitEdge(pick, t) => {
                let e = edges[pick % edges.len()];
                let (a, b) = (m.raw_pos(m.raw_origin(e)), m.raw_pos(m.raw_dest(e)));
                let t = f64::from(t) / 16.0;
                let p = Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
                let border = m.raw_is_outer_face(m.raw_face(m.raw_opposite(e)));
                if border && orient(a, b, p) != 0.0 {
                    continue; // a border vertex must stay on the border
                }
                m.split_edge(e, p);
                next.added.push(p);
                if border {
                    next.on_border += 1;
                    next.extra_faces += 1;
                } else {
                    next.extra_faces += 2;
                }
            }
            Op::Flip(pick) => {
                let inner: Vec<u32> = edges
                    .iter()
                    .copied()
                    .filter(|&e| !m.raw_is_border(e) && !m.raw_is_constrained(e))
                    .collect();
                if inner.is_empty() {
                    continue;
                }
                m.flip(inner[pick % inner.len()]);
            }
        }
        if all_ccw(&m) {
            x = next;
        } else {
            m = before;
        }
    }
    (m, x)
}

/// Checks every ring and cross-check of the references on `m`.
fn check(m: &Mesh, x: &Expected) {
    // counts: Euler's formula for a triangulated rectangle (V vertices, B
    // of them on the border): F = 2V - B - 2 inner faces, E = 3V - B - 3
    // edges, plus the ghost edge closing the outer faces
    let v = 4 + x.added.len();
    let b = 4 + x.on_border;
    assert_eq!(m.vertex_count(), v);
    assert_eq!(m.vertices().count(), v);
    assert_eq!(m.face_count(), 2 + x.extra_faces);
    assert_eq!(m.faces().count(), 2 * v - b - 2);
    let degrees: usize = m.vertices().map(|v| v.out_edges().count()).sum();
    assert_eq!(degrees, 2 * (3 * v - b - 3 + 1));
    let corners: usize = m.vertices().map(|v| v.faces().count()).sum();
    assert_eq!(corners, 3 * m.face_count());

    // positions: the four corners and the points added, nothing else
    let key = |p: Point| (p.x.to_bits(), p.y.to_bits());
    let mut want: Vec<_> = [[0.0, 0.0], [W, 0.0], [W, H], [0.0, H]]
        .map(|[x, y]| key(Point::new(x, y)))
        .into_iter()
        .chain(x.added.iter().map(|&p| key(p)))
        .collect();
    let mut got: Vec<_> = m.vertices().map(|v| key(v.position())).collect();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want);

    // the triangles tile the rectangle, counter-clockwise
    let mut area = 0.0;
    for f in m.faces() {
        let [a, b, c] = f.positions();
        let o = orient(a, b, c);
        assert!(o > 0.0, "{f:?} not counter-clockwise");
        area += o / 2.0;
        assert_eq!(f.edges().count(), 3);
        assert!(!f.is_outer());
        assert_eq!(m.face(f.id()), Ok(f));
        assert_eq!(f.index(), f.id().index());
        // the neighbours are the inner faces across non-border edges
        let across = f.edges().filter(|e| !e.right_face().is_outer()).count();
        assert_eq!(f.neighbours().count(), across);
        assert!(f.neighbours().all(|g| g != f));
        for (k, e) in f.edges().enumerate() {
            assert_eq!(e.left_face(), f);
            assert_eq!(f.vertices()[k], e.origin());
            assert_eq!(e.next_left().next_left().next_left(), e);
            assert_eq!(e.prev_left(), e.next_left().next_left());
        }
    }
    assert!((area - W * H).abs() <= 1e-9 * W * H, "area {area}");

    // every half-edge: the rings, and the references against the columns
    let mut half_edges = 0;
    for e in (0..m.he.len() as u32).filter(|&e| m.edge_alive(e)) {
        half_edges += 1;
        let r = m.edge(m.edge_handle(e)).unwrap();
        let rec = m.he.get_all(e);
        assert_eq!(r.index(), e as usize);
        assert_eq!(r.origin().index(), rec[ORIGIN] as usize);
        assert_eq!(r.opposite().index(), rec[OPP] as usize);
        assert_eq!(r.next_left().index(), rec[NEXT] as usize);
        assert_eq!(r.left_face().index(), rec[FACE] as usize);
        assert_eq!(r.opposite().index(), (e ^ 1) as usize); // pairs
        assert_eq!(r.opposite().opposite(), r);
        assert_ne!(r.opposite(), r);
        assert_eq!(r.destination(), r.opposite().origin());
        assert_eq!(r.next_left().origin(), r.destination());
        assert_eq!(r.prev_left().next_left(), r);
        assert_eq!(r.prev_left().destination(), r.origin());
        assert_eq!(r.next_right().prev_right(), r);
        assert_eq!(r.next_right().right_face(), r.right_face());
        assert_eq!(r.next_right().origin(), r.destination());
        assert_eq!(r.prev_right().destination(), r.origin());
        assert_eq!(r.rot_right().rot_left(), r);
        assert_eq!(r.rot_left().rot_right(), r);
        assert_eq!(r.rot_right().origin(), r.origin());
        assert_eq!(r.rot_left().origin(), r.origin());
        assert_eq!(r.right_face(), r.opposite().left_face());
        assert_eq!(r.is_constrained(), r.opposite().is_constrained());
        assert_eq!(r.is_border(), r.opposite().is_border());
        let [a, b] = r.positions();
        assert_eq!((a, b), (r.origin().position(), r.destination().position()));
        // a border edge lies on the rectangle's boundary, and is a wall
        if r.is_border() && !(r.left_face().is_outer() && r.right_face().is_outer()) {
            assert!(r.is_constrained());
            assert!(
                (a.x == b.x && (a.x == 0.0 || a.x == W))
                    || (a.y == b.y && (a.y == 0.0 || a.y == H))
            );
        }
        // rotating around the origin comes back after the origin's degree
        assert_eq!(r.rotations().count(), r.origin().out_edges().count());
        assert!(r.rotations().all(|s| s.origin() == r.origin()));
        assert_eq!(r.rotations().next(), Some(r));
    }
    assert_eq!(half_edges, 2 * (3 * v - b - 3 + 1));

    // every vertex: its fans
    for v in m.vertices() {
        assert_eq!(m.vertex(v.id()), Ok(v));
        assert_eq!(v.out_edge().origin(), v);
        assert!(!v.out_edge().left_face().is_outer());
        assert!(v.out_edges().all(|e| e.origin() == v));
        assert!(v.in_edges().all(|e| e.destination() == v));
        assert_eq!(v.in_edges().count(), v.out_edges().count());
        assert!(v.neighbours().all(|w| w != v));
        // each neighbour once, but for the ghost edge joining corners 1
        // and 3 outside the rectangle (they may also share a diagonal)
        let mut n: Vec<_> = v
            .out_edges()
            .filter(|e| !(e.left_face().is_outer() && e.right_face().is_outer()))
            .map(|e| e.destination().index())
            .collect();
        let k = n.len();
        n.sort_unstable();
        n.dedup();
        assert_eq!(n.len(), k, "a neighbour twice around {v:?}");
        // clockwise: each outgoing edge is the previous one's rot_right
        let out: Vec<_> = v.out_edges().collect();
        for i in 0..out.len() {
            assert_eq!(out[i].rot_right(), out[(i + 1) % out.len()]);
        }
        let inner = out.iter().filter(|e| !e.left_face().is_outer()).count();
        assert_eq!(v.faces().count(), inner);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn refs_walk_random_meshes(ops in proptest::collection::vec(op(), 0..120)) {
        let (m, x) = build(&ops);
        check(&m, &x);
    }
}

#[test]
fn the_builder_really_grows_the_mesh() {
    // the ops are applied, not all skipped: a fixed sequence of splits
    // (the first splits the border edge 0 -> 1 of the rectangle)
    let ops: Vec<Op> = std::iter::once(Op::SplitEdge(0, 8))
        .chain((0..40).map(|k| match k % 3 {
            0 => Op::SplitFace(k, [10, 20, 30]),
            1 => Op::SplitEdge(k * 7, 8),
            _ => Op::Flip(k * 13),
        }))
        .collect();
    let (m, x) = build(&ops);
    assert!(x.added.len() >= 20, "{}", x.added.len());
    assert!(x.on_border >= 1);
    assert!(m.face_count() > 20);
    check(&m, &x);
}

#[test]
fn a_handle_is_checked_once() {
    let m = Mesh::rectangle(0.0, 0.0, W, H);
    // a live handle gives a reference
    let v = VertexId {
        idx: 2,
        generation: 0,
    };
    assert_eq!(m.vertex(v).unwrap().position(), Point::new(W, H));
    // another generation, or a slot past the end, is stale
    for bad in [
        VertexId {
            idx: 2,
            generation: 1,
        },
        VertexId {
            idx: 99,
            generation: 0,
        },
    ] {
        assert_eq!(m.vertex(bad), Err(MeshError::StaleVertex(bad)));
    }
    let e = EdgeId {
        idx: 40,
        generation: 0,
    };
    assert_eq!(m.edge(e), Err(MeshError::StaleEdge(e)));
    let f = FaceId {
        idx: 4,
        generation: 0,
    };
    assert_eq!(m.face(f), Err(MeshError::StaleFace(f)));
    // the two outer faces are faces too
    let outer = m
        .face(FaceId {
            idx: 0,
            generation: 0,
        })
        .unwrap();
    assert!(outer.is_outer());
}

#[test]
fn references_of_two_meshes_differ() {
    let a = Mesh::rectangle(0.0, 0.0, W, H);
    let b = a.clone();
    let (va, vb) = (a.vertices().next().unwrap(), b.vertices().next().unwrap());
    assert_eq!(va.id(), vb.id());
    assert_ne!(va, vb);
}
