//! A seeded pseudo-random generator for the path module's tests (an LCG:
//! reproducible worlds without a dependency), a world drawn from it, and
//! the brute-force pieces the tests check the floods against.

/// Uniform values in `[0, n)` from seed `x`.
pub(crate) fn lcg(mut x: u64) -> impl FnMut(f64) -> f64 {
    move |n| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64 * n
    }
}

/// A 100 x 100 world of 30 pseudo-random walls and 30 boxes from seed
/// `seed`, and the generator, to draw on from.
pub(crate) fn walls_and_boxes(seed: u64) -> (crate::triangulation::Cdt, impl FnMut(f64) -> f64) {
    let mut rnd = lcg(seed);
    let mut cdt = crate::triangulation::Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
    for _ in 0..30 {
        let (ax, ay) = (5.0 + rnd(90.0), 5.0 + rnd(90.0));
        let (bx, by) = (ax + rnd(24.0) - 12.0, ay + rnd(24.0) - 12.0);
        let _ = cdt.insert_segment([ax, ay], [bx.clamp(1.0, 99.0), by.clamp(1.0, 99.0)]);
    }
    for _ in 0..30 {
        let (cx, cy, w, h) = (
            5.0 + rnd(85.0),
            5.0 + rnd(85.0),
            0.5 + rnd(6.0),
            0.5 + rnd(6.0),
        );
        let ring = [[cx, cy], [cx + w, cy], [cx + w, cy + h], [cx, cy + h]];
        for i in 0..4 {
            let _ = cdt.insert_segment(ring[i], ring[(i + 1) % 4]);
        }
    }
    (cdt, rnd)
}

/// The walls of `nav`, one segment per wall side (a brute force's input).
pub(crate) fn walls(nav: &super::navmesh::NavMesh) -> Vec<(crate::Point, crate::Point)> {
    use super::navmesh::{NONE, next};
    (0..nav.tv.len() as u32)
        .filter(|&h| nav.tv[h as usize] != NONE && nav.wall[h as usize])
        .map(|h| (nav.p(nav.v(h)), nav.p(nav.v(next(h)))))
        .collect()
}

/// Whether segment `a b` properly crosses segment `c d` (exact signs).
pub(crate) fn crosses(a: crate::Point, b: crate::Point, c: crate::Point, d: crate::Point) -> bool {
    use crate::geometry::orient2d;
    let (o1, o2) = (orient2d(a, b, c), orient2d(a, b, d));
    let (o3, o4) = (orient2d(c, d, a), orient2d(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}
