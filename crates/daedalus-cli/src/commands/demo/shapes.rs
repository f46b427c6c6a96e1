//! The demo's outlines: regular polygons, stars, rectangles, L and U
//! shapes, wall segments, and placing an outline by a rotation and a
//! position. Every part draws its walls and objects from these.

use std::f64::consts::PI;

use daedalus::Point;
use daedalus::objects::Object;

/// The `n` corners of a regular polygon of circumradius `r` about the
/// origin, the first at angle `phase`.
pub(crate) fn regular(n: usize, r: f64, phase: f64) -> Vec<Point> {
    (0..n)
        .map(|i| {
            let a = phase + 2.0 * PI * i as f64 / n as f64;
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// A star of `n` points about the origin: corners alternate between
/// radius `outer` and `inner`, the first pointing up on screen (y down).
pub(crate) fn star(n: usize, outer: f64, inner: f64) -> Vec<Point> {
    (0..2 * n)
        .map(|i| {
            let a = -PI / 2.0 + PI * i as f64 / n as f64;
            let r = if i % 2 == 0 { outer } else { inner };
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// A `w` x `h` rectangle centred on the origin (the library's own
/// rectangle object outline).
pub(crate) fn rect(w: f64, h: f64) -> Vec<Point> {
    Object::rectangle(w, h).outline().to_vec()
}

/// An L, 5 `s` wide and 6 `s` tall with arms 2 `s` thick, centred on the
/// origin.
pub(crate) fn l_shape(s: f64) -> Vec<Point> {
    [
        (0.0, 0.0),
        (2.0, 0.0),
        (2.0, 4.0),
        (5.0, 4.0),
        (5.0, 6.0),
        (0.0, 6.0),
    ]
    .iter()
    .map(|&(x, y)| Point::new((x - 2.5) * s, (y - 3.0) * s))
    .collect()
}

/// A U, 6 `s` square with a notch 3 `s` wide and 4.5 `s` deep, centred on
/// the origin.
pub(crate) fn u_shape(s: f64) -> Vec<Point> {
    [
        (0.0, 0.0),
        (1.5, 0.0),
        (1.5, 4.5),
        (4.5, 4.5),
        (4.5, 0.0),
        (6.0, 0.0),
        (6.0, 6.0),
        (0.0, 6.0),
    ]
    .iter()
    .map(|&(x, y)| Point::new((x - 3.0) * s, (y - 3.0) * s))
    .collect()
}

/// Rotates by `rot` (radians; y down, so positive turns clockwise on
/// screen) and moves to `at`.
pub(crate) fn place(pts: &[Point], rot: f64, at: Point) -> Vec<Point> {
    let (s, c) = rot.sin_cos();
    pts.iter()
        .map(|p| Point::new(at.x + c * p.x - s * p.y, at.y + s * p.x + c * p.y))
        .collect()
}

/// The wall segment from `(x0, y0)` to `(x1, y1)`.
pub(crate) fn seg(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
    vec![Point::new(x0, y0), Point::new(x1, y1)]
}
