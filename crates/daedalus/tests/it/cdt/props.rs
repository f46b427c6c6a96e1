//! Property tests: random operation sequences on degenerate inputs, the
//! invariant checker after every operation, and removal compared with a
//! fresh build of what remains.

use daedalus::Closure;
use std::collections::BTreeSet;

use daedalus::Point;
use daedalus::mesh::MeshError;
use daedalus::objects::{Object, ObjectError, Objects};
use daedalus::triangulation::{Cdt, CdtError, ShapeId};
use proptest::prelude::*;

fn assert_valid(cdt: &Cdt, what: &str) {
    let v = cdt.validate();
    assert!(v.is_empty(), "{what}: {:?}", &v[..v.len().min(8)]);
}

/// Degenerate-prone coordinates: integer grid, half-grid collinear runs,
/// tiny, huge.
fn coord_point() -> impl Strategy<Value = Point> {
    prop_oneof![
        4 => (0i32..=12, 0i32..=12).prop_map(|(x, y)| Point::new(x as f64, y as f64)),
        1 => (0i32..=24).prop_map(|y| Point::new(6.0, y as f64 * 0.5)),
        1 => (0.0f64..12.0, 0.0f64..12.0).prop_map(|(x, y)| Point::new(x, y)),
        1 => (0i32..=2000, 0i32..=2000).prop_map(|(x, y)| Point::new(x as f64 * 1e-6, y as f64 * 1e-6)),
        1 => (-1e6f64..1e6, -1e6f64..1e6).prop_map(|(x, y)| Point::new(x, y)),
    ]
}

#[derive(Clone, Debug)]
enum Op {
    Vertex(Point),
    RemoveVertex(usize),
    Shape(Vec<Point>, bool),
    RemoveShape(usize),
    Object(Vec<(i8, i8)>, bool, (i8, i8)),
    Move(usize, (i8, i8), f64, f64),
    RemoveObject(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => coord_point().prop_map(Op::Vertex),
        1 => any::<usize>().prop_map(Op::RemoveVertex),
        4 => (prop::collection::vec(coord_point(), 1..6), any::<bool>()).prop_map(|(p, c)| Op::Shape(p, c)),
        2 => any::<usize>().prop_map(Op::RemoveShape),
        1 => (prop::collection::vec((-3i8..=3, -3i8..=3), 2..5), any::<bool>(), (0i8..12, 0i8..12))
            .prop_map(|(o, c, p)| Op::Object(o, c, p)),
        2 => (any::<usize>(), (-2i8..=2, -2i8..=2), 0.0f64..6.3, 0.5f64..2.0)
            .prop_map(|(i, d, r, s)| Op::Move(i, d, r, s)),
        1 => any::<usize>().prop_map(Op::RemoveObject),
    ]
}

proptest! {
    // Fixed seed: reproducible runs. Known limitation (see report): a vertex
    // lying exactly on an input segment whose chain was routed through
    // rounded crossing points may or may not split it depending on history.
    #![proptest_config(ProptestConfig {
        cases: 128,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x05EE_DCD7),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_operations_keep_every_invariant(ops in prop::collection::vec(op(), 1..40)) {
        let mut cdt = Cdt::new([-1e6, -1e6], [1e6, 1e6]).unwrap();
        let mut objects = Objects::new();
        let (mut vs, mut ss, mut os) = (Vec::new(), Vec::new(), Vec::new());
        for (k, o) in ops.iter().enumerate() {
            match o {
                Op::Vertex(p) => vs.push(cdt.insert_vertex(*p).unwrap()),
                Op::RemoveVertex(i) if !vs.is_empty() => {
                    let v = vs.swap_remove(i % vs.len());
                    match cdt.remove_vertex(v) {
                        Ok(()) | Err(CdtError::Mesh(MeshError::StaleVertex(_))) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
                Op::Shape(p, c) => match cdt.insert_shape(p, if *c { Closure::Closed } else { Closure::Open }) {
                    Ok(s) => ss.push(s),
                    Err(CdtError::TooFewPoints) => prop_assert!(p.iter().all(|&q| q == p[0])),
                    Err(e) => panic!("{e}"),
                },
                Op::RemoveShape(i) if !ss.is_empty() => cdt.remove_shape(ss.swap_remove(i % ss.len())).unwrap(),
                Op::Object(o, c, (x, y)) => {
                    let pts: Vec<Point> = o.iter().map(|&(a, b)| Point::new(a as f64, b as f64)).collect();
                    let mut ob = Object::new(pts, if *c { Closure::Closed } else { Closure::Open });
                    ob.set_position([*x as f64, *y as f64]);
                    match objects.insert(&mut cdt, ob) {
                        Ok(id) => os.push(id),
                        Err(ObjectError::Cdt(CdtError::TooFewPoints)) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
                Op::Move(i, (dx, dy), r, s) if !os.is_empty() => {
                    let o = objects.get_mut(os[i % os.len()]).unwrap();
                    let pos = o.pose().position;
                    o.set_position([pos.x + *dx as f64, pos.y + *dy as f64]);
                    o.set_rotation(*r);
                    o.set_scale(*s, 1.0 / *s);
                    objects.update(&mut cdt).unwrap();
                }
                Op::RemoveObject(i) if !os.is_empty() => objects.remove(&mut cdt, os.swap_remove(i % os.len())).unwrap(),
                _ => {}
            }
            assert_valid(&cdt, &format!("after op {k}: {o:?}"));
        }
    }

    #[test]
    fn removal_equals_a_fresh_build(
        shapes in prop::collection::vec((prop::collection::vec((0i32..=10, 0i32..=10), 2..5), any::<bool>()), 1..8),
        users in prop::collection::vec((0i32..=10, 0i32..=10), 0..6),
        remove in prop::collection::vec(any::<bool>(), 8),
    ) {
        let pts = |s: &Vec<(i32, i32)>| s.iter().map(|&(x, y)| Point::new(x as f64, y as f64)).collect::<Vec<_>>();
        let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        for &(x, y) in &users {
            cdt.insert_vertex([x as f64, y as f64]).unwrap();
        }
        let mut ids: Vec<Option<ShapeId>> = Vec::new();
        for (s, c) in &shapes {
            ids.push(cdt.insert_shape(&pts(s), if *c { Closure::Closed } else { Closure::Open }).ok());
        }
        assert_valid(&cdt, "built");
        for (i, id) in ids.iter().enumerate() {
            if remove[i]
                && let Some(id) = id
            {
                cdt.remove_shape(*id).unwrap();
                assert_valid(&cdt, "after removal");
            }
        }
        let mut fresh = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        for &(x, y) in &users {
            fresh.insert_vertex([x as f64, y as f64]).unwrap();
        }
        for (i, (s, c)) in shapes.iter().enumerate() {
            if !remove[i] {
                let _ = fresh.insert_shape(&pts(s), if *c { Closure::Closed } else { Closure::Open });
            }
        }
        assert_valid(&fresh, "fresh");
        prop_assert_eq!(vertex_set(&cdt), vertex_set(&fresh));
        prop_assert_eq!(constrained_set(&cdt), constrained_set(&fresh));
    }
}

type Key = (u64, u64);

fn key(p: [f64; 2]) -> Key {
    (p[0].to_bits(), p[1].to_bits())
}

fn vertex_set(c: &Cdt) -> BTreeSet<Key> {
    c.dump().vertices.iter().map(|&p| key(p)).collect()
}

fn constrained_set(c: &Cdt) -> BTreeSet<(Key, Key)> {
    let d = c.dump();
    d.constrained
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (key(d.vertices[a as usize]), key(d.vertices[b as usize]));
            if a < b { (a, b) } else { (b, a) }
        })
        .collect()
}

type Snapshot = (
    daedalus::mesh::MeshDump,
    Vec<(ShapeId, Vec<(Point, Point)>)>,
);
type BadCase<'a> = Box<dyn Fn(&mut Cdt) -> bool + 'a>;

/// Everything observable that a failed operation must leave unchanged.
fn snapshot(c: &Cdt) -> Snapshot {
    (
        c.dump(),
        c.shapes()
            .map(|s| (s, c.shape_segments(s).unwrap()))
            .collect(),
    )
}

#[test]
fn bad_input_and_stale_handles_leave_the_cdt_exactly_as_it_was() {
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let v = cdt.insert_vertex([2.0, 2.0]).unwrap();
    let s = cdt
        .insert_shape(
            &[[1.0, 1.0].into(), [8.0, 3.0].into(), [4.0, 9.0].into()],
            Closure::Closed,
        )
        .unwrap();
    let objects = std::cell::RefCell::new(Objects::new());
    let o = objects
        .borrow_mut()
        .insert(
            &mut cdt,
            Object::new(vec![[5.0, 5.0].into(), [6.0, 6.0].into()], Closure::Open),
        )
        .unwrap();
    let keep = cdt.insert_segment([0.0, 5.0], [10.0, 5.0]).unwrap();
    cdt.remove_vertex(v).unwrap();
    cdt.remove_shape(s).unwrap();
    objects.borrow_mut().remove(&mut cdt, o).unwrap();
    let before = snapshot(&cdt);
    let nan = f64::NAN;
    let bad: Vec<BadCase> = vec![
        Box::new(|c| c.insert_vertex([nan, 1.0]) == Err(CdtError::NonFinite)),
        Box::new(|c| c.insert_vertex([1.0, f64::NEG_INFINITY]) == Err(CdtError::NonFinite)),
        Box::new(|c| matches!(c.insert_vertex([2e15, 1.0]), Err(CdtError::OutOfRange(_)))),
        Box::new(|c| {
            matches!(
                c.insert_vertex([-0.5, 1.0]),
                Err(CdtError::OutsideBounds(..))
            )
        }),
        Box::new(|c| {
            c.insert_vertices(&[[1.0, 1.0].into(), [nan, 0.0].into()]) == Err(CdtError::NonFinite)
        }),
        Box::new(|c| c.insert_segment([3.0, 3.0], [3.0, 3.0]) == Err(CdtError::ZeroLength)),
        Box::new(|c| c.insert_segment([3.0, 3.0], [3.0, nan]) == Err(CdtError::NonFinite)),
        Box::new(|c| {
            c.insert_shape(&[[1.0, 1.0].into()], Closure::Open) == Err(CdtError::TooFewPoints)
        }),
        Box::new(|c| {
            c.insert_shape(&[[1.0, 1.0].into(), [1.0, 1.0].into()], Closure::Closed)
                == Err(CdtError::TooFewPoints)
        }),
        Box::new(|c| {
            c.insert_shape(
                &[[1.0, 1.0].into(), [2.0, 1.0].into(), [1e300, 0.0].into()],
                Closure::Closed,
            )
            .is_err()
        }),
        Box::new(move |c| c.remove_vertex(v) == Err(CdtError::Mesh(MeshError::StaleVertex(v)))),
        Box::new(move |c| c.remove_shape(s) == Err(CdtError::StaleShape(s))),
        Box::new(|c| objects.borrow_mut().remove(c, o) == Err(ObjectError::StaleObject(o))),
        Box::new(|_| objects.borrow_mut().get_mut(o) == Err(ObjectError::StaleObject(o))),
        Box::new(|c| {
            let corner = c.mesh().vertices().next().unwrap();
            c.remove_vertex(corner) == Err(CdtError::CornerVertex)
        }),
        Box::new(|c| {
            let inf = vec![[1.0, 1.0].into(), [f64::INFINITY, 1.0].into()];
            objects
                .borrow_mut()
                .insert(c, Object::new(inf, Closure::Open))
                == Err(ObjectError::Cdt(CdtError::NonFinite))
        }),
    ];
    for (i, f) in bad.iter().enumerate() {
        assert!(f(&mut cdt), "case {i} not rejected as expected");
        assert_eq!(snapshot(&cdt), before, "case {i} changed the triangulation");
    }
    // a stale handle after slot reuse still fails
    let w = cdt.insert_vertex([7.0, 7.0]).unwrap();
    cdt.remove_vertex(w).unwrap();
    let w2 = cdt.insert_vertex([7.5, 7.5]).unwrap();
    assert_eq!(w2.index(), w.index());
    assert!(cdt.mesh().position(w).is_err());
    assert!(cdt.remove_vertex(w).is_err());
    assert_valid(&cdt, "end");
    let _ = keep;
}

/// A long randomised hunt (20,000 cases) for removal bugs; run by hand with `--ignored`.
#[test]
#[ignore]
fn hunt_fresh_build() {
    let mut rng = crate::support::rng::Rng::lcg(99);
    let mut r = |n: u64| rng.below_high(n);
    for case in 0..20000 {
        let shapes: Vec<(Vec<Point>, Closure)> = (0..1 + r(7))
            .map(|_| {
                (
                    (0..2 + r(3))
                        .map(|_| Point::new(r(11) as f64, r(11) as f64))
                        .collect(),
                    if r(2) == 0 {
                        Closure::Closed
                    } else {
                        Closure::Open
                    },
                )
            })
            .collect();
        let rm: Vec<bool> = (0..8).map(|_| r(2) == 0).collect();
        eprintln!("case {case}: {shapes:?} {rm:?}");
        let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        let ids: Vec<_> = shapes
            .iter()
            .map(|(p, c)| cdt.insert_shape(p, *c).ok())
            .collect();
        assert_valid(&cdt, "built");
        for (i, id) in ids.iter().enumerate() {
            if rm[i]
                && let Some(id) = id
            {
                cdt.remove_shape(*id).unwrap();
                assert_valid(&cdt, "removed");
            }
        }
    }
}

/// Regression: three crossing polylines, two removed (found by `hunt_fresh_build`).
#[test]
fn case75() {
    let p = |v: &[(f64, f64)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let a = cdt
        .insert_shape(&p(&[(5.0, 2.0), (1.0, 0.0)]), Closure::Open)
        .unwrap();
    let b = cdt
        .insert_shape(
            &p(&[(7.0, 6.0), (0.0, 10.0), (8.0, 2.0), (10.0, 1.0)]),
            Closure::Open,
        )
        .unwrap();
    let c = cdt
        .insert_shape(
            &p(&[(1.0, 2.0), (2.0, 0.0), (10.0, 0.0), (0.0, 7.0)]),
            Closure::Open,
        )
        .unwrap();
    assert_valid(&cdt, "built");
    cdt.remove_shape(b).unwrap();
    assert_valid(&cdt, "rb");
    cdt.remove_shape(c).unwrap();
    assert_valid(&cdt, "rc");
    let _ = a;
}

/// Regression: crossing open polylines removed in turn (found by `hunt_fresh_build`).
#[test]
fn case_x() {
    let p = |v: &[(f64, f64)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
    let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let a = cdt
        .insert_shape(&p(&[(0.0, 2.0), (6.0, 7.0)]), Closure::Open)
        .unwrap();
    let _b = cdt
        .insert_shape(&p(&[(8.0, 2.0), (5.0, 8.0), (6.0, 6.0)]), Closure::Open)
        .unwrap();
    cdt.remove_shape(a).unwrap();
    assert_valid(&cdt, "a removed");
    // The crossing of a and b is no longer needed: it must be dissolved.
    assert!(!matches!(
        cdt.locate([5.647058823529411, 6.705882352941177]),
        Ok(daedalus::triangulation::Location::Vertex(_))
    ));
}
