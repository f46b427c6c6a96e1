//! The start's box: the half-planes its first flood keeps to.

use super::*;

/// Half-planes `(x - u) . n <= c` around a point `u` that a visibility
/// flood keeps to (it skips the edges wholly outside one of them).
///
/// The start's flood is first limited to a box around the ellipse of the
/// points `x` with `|s - x| + |x - t| <= B + 2 r` ([`Cone::start_box`]):
/// a corner outside it gives a successor with `f > B`. (The successors of
/// a corner need no such region: its cached edges are sorted by where
/// they leave its arc, see `cache`.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Cone {
    u: Point,
    h: [(f64, f64, f64); 4],
    /// Absolute slack (the relative one grows with the distance from `u`).
    slack: f64,
}

impl Cone {
    /// The box around the ellipse with foci `s != t` and distance sum `sum`.
    pub(super) fn start_box(s: Point, t: Point, sum: f64) -> Cone {
        let d = s.distance(t);
        let (ex, ey) = ((t.x - s.x) / d, (t.y - s.y) / d);
        let (a, c) = (sum / 2.0, d / 2.0);
        let b = (a * a - c * c).max(0.0).sqrt();
        Cone {
            u: s,
            h: [
                (ex, ey, a + c),
                (-ex, -ey, a - c),
                (-ey, ex, b),
                (ey, -ex, b),
            ],
            slack: 1e-9 * sum,
        }
    }

    /// Bit `k` set: `p` lies outside half-plane `k` (with a slack that
    /// covers the rounding of the directions and the angular slack of the
    /// free-arc tests).
    #[inline]
    pub(super) fn outside(&self, p: Point) -> u8 {
        let (dx, dy) = (p.x - self.u.x, p.y - self.u.y);
        let s = self.slack + 1e-6 * (dx.abs() + dy.abs());
        let mut m = 0;
        for (k, &(nx, ny, c)) in self.h.iter().enumerate() {
            if dx * nx + dy * ny > c + s {
                m |= 1 << k;
            }
        }
        m
    }
}
