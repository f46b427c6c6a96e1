//! One argument style: every point argument takes `impl Into<Point>`, so
//! arrays, tuples, and (features `glam`, `mint`) engine vectors in `f32` and
//! `f64` all go straight in, and give the same answers as `Point`.

#[cfg(feature = "glam")]
use daedalus::World;
#[cfg(any(feature = "glam", feature = "mint"))]
use daedalus::objects::Object;
use daedalus::path::{NavMesh, PathFinder};
use daedalus::{Cdt, Closure, Point};

/// The same small world built from points given in one style.
fn path_length(
    min: impl Into<Point>,
    max: impl Into<Point>,
    from: impl Into<Point>,
    to: impl Into<Point>,
) -> f64 {
    let mut cdt = Cdt::new(min, max).unwrap();
    cdt.insert_shape(&[Point::new(5.0, 0.0), Point::new(5.0, 8.0)], Closure::Open)
        .unwrap();
    let nav = NavMesh::from_cdt(&cdt);
    PathFinder::new()
        .find_path(&nav, from, to, 0.0)
        .unwrap()
        .length()
}

#[test]
fn arrays_tuples_and_points_agree() {
    // Around the wall's top end (5, 8): two straight legs, by hand.
    let expect = 2.0 * (3.0f64 * 3.0 + 7.0 * 7.0).sqrt();
    let a = path_length([0.0, 0.0], [10.0, 10.0], [2.0, 1.0], [8.0, 1.0]);
    let b = path_length((0.0, 0.0), (10.0, 10.0), (2.0, 1.0), (8.0, 1.0));
    let c = path_length(
        Point::new(0.0, 0.0),
        Point::new(10.0, 10.0),
        Point::new(2.0, 1.0),
        Point::new(8.0, 1.0),
    );
    assert!((a - expect).abs() < 1e-9, "{a} vs {expect}");
    assert_eq!((a, a), (b, c));
}

#[cfg(feature = "glam")]
#[test]
fn glam_vectors_in_f32_and_f64() {
    use glam::{DVec2, Vec2};
    let a = path_length([0.0, 0.0], [10.0, 10.0], [2.0, 1.0], [8.0, 1.0]);
    let f = path_length(
        Vec2::ZERO,
        Vec2::splat(10.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(8.0, 1.0),
    );
    let d = path_length(
        DVec2::ZERO,
        DVec2::splat(10.0),
        DVec2::new(2.0, 1.0),
        DVec2::new(8.0, 1.0),
    );
    assert_eq!((f, d), (a, a));
    let mut w = World::new(Vec2::ZERO, Vec2::splat(10.0)).unwrap();
    let id = w
        .add_object(Object::new(
            vec![[0.0, 0.0].into(), [1.0, 0.0].into()],
            Closure::Open,
        ))
        .unwrap();
    w.set_position(id, Vec2::new(2.5, 3.0)).unwrap();
    assert_eq!(w.pose(id).unwrap().position, Point::new(2.5, 3.0));
    let back: Vec2 = Point::new(2.5, 3.0).into();
    assert_eq!(back, Vec2::new(2.5, 3.0));
}

#[cfg(feature = "mint")]
#[test]
fn mint_points_in_f32_and_f64() {
    let p32 = |x: f32, y: f32| mint::Point2 { x, y };
    let p64 = |x: f64, y: f64| mint::Point2 { x, y };
    let a = path_length([0.0, 0.0], [10.0, 10.0], [2.0, 1.0], [8.0, 1.0]);
    let f = path_length(p32(0.0, 0.0), p32(10.0, 10.0), p32(2.0, 1.0), p32(8.0, 1.0));
    let d = path_length(p64(0.0, 0.0), p64(10.0, 10.0), p64(2.0, 1.0), p64(8.0, 1.0));
    assert_eq!((f, d), (a, a));
    let mut o = Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], Closure::Open);
    o.set_position(p32(1.0, 2.0));
    o.set_pivot(p64(0.5, 0.0));
    assert_eq!(o.world_outline()[0], Point::new(0.5, 2.0));
}
