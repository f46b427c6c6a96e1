//! A uniform grid over the entities' positions, rebuilt each step in
//! O(entities): neighbour queries look at the few cells a disc covers.
//! The cells are hashed into buckets stored one after the other (a
//! counting sort), so a rebuild allocates nothing once warm and a look-up
//! is arithmetic and one slice.

use crate::Point;
use crate::geometry::tolerance;

/// One point: its cell, index and position (read together by a query).
#[derive(Clone, Copy, Debug)]
struct Item {
    cell: (i64, i64),
    i: u32,
    p: Point,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    cell: f64,
    /// Buckets minus one (a power of two minus one).
    mask: u64,
    /// Where each bucket's items start in `items` (one more than buckets).
    starts: Vec<u32>,
    /// Items by bucket, in index order within a bucket.
    items: Vec<Item>,
    /// Scratch: each point's bucket.
    buckets: Vec<u32>,
}

/// A fixed multiplicative hash of a cell (same buckets every run).
fn bucket(cell: (i64, i64), mask: u64) -> usize {
    let h = (cell.0 as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .rotate_left(29)
        ^ (cell.1 as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    ((h ^ (h >> 31)) & mask) as usize
}

/// `x.floor() as i64` without the library call (the same value for
/// every `x`, NaN and infinities included).
fn floor(x: f64) -> i64 {
    let t = x as i64;
    if (t as f64) > x {
        t.saturating_sub(1)
    } else {
        t
    }
}

impl Grid {
    fn key(&self, p: Point) -> (i64, i64) {
        (floor(p.x / self.cell), floor(p.y / self.cell))
    }

    /// Rebuilds the grid with cells of side `cell` over `points` (their
    /// index is what queries report).
    pub(crate) fn rebuild(&mut self, cell: f64, points: &[Point]) {
        self.cell = cell.max(tolerance::RELATIVE); // never a zero cell
        let n = (2 * points.len()).next_power_of_two().max(16);
        self.mask = n as u64 - 1;
        self.starts.clear();
        self.starts.resize(n + 1, 0);
        self.buckets.clear();
        for &p in points {
            let b = bucket(self.key(p), self.mask);
            self.buckets.push(b as u32);
            self.starts[b + 1] += 1;
        }
        for b in 0..n {
            self.starts[b + 1] += self.starts[b];
        }
        let blank = Item {
            cell: (0, 0),
            i: 0,
            p: Point::default(),
        };
        self.items.clear();
        self.items.resize(points.len(), blank);
        // `starts[b]` is bumped as bucket b fills, then restored
        for (i, &p) in points.iter().enumerate() {
            let b = self.buckets[i] as usize;
            let at = self.starts[b] as usize;
            self.items[at] = Item {
                cell: self.key(p),
                i: i as u32,
                p,
            };
            self.starts[b] += 1;
        }
        for b in (1..=n).rev() {
            self.starts[b] = self.starts[b - 1];
        }
        self.starts[0] = 0;
    }

    /// Calls `f` with every index (and position) whose cell meets the
    /// square of half side `reach` about `c` (a superset of the points
    /// within `reach`), in cell order then index order.
    pub(crate) fn near(&self, c: Point, reach: f64, mut f: impl FnMut(u32, Point)) {
        if self.items.is_empty() {
            return;
        }
        let lo = self.key(Point::new(c.x - reach, c.y - reach));
        let hi = self.key(Point::new(c.x + reach, c.y + reach));
        for gx in lo.0..=hi.0 {
            for gy in lo.1..=hi.1 {
                let b = bucket((gx, gy), self.mask);
                let (s, e) = (self.starts[b] as usize, self.starts[b + 1] as usize);
                for it in &self.items[s..e] {
                    if it.cell == (gx, gy) {
                        f(it.i, it.p);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_is_near() {
        let pts: Vec<Point> = (0..100)
            .map(|i| Point::new((i % 10) as f64 * 3.0, (i / 10) as f64 * 3.0))
            .collect();
        let mut g = Grid::default();
        g.rebuild(4.0, &pts);
        let c = Point::new(10.0, 10.0);
        let mut got = Vec::new();
        g.near(c, 5.0, |i, _| got.push(i));
        for (i, p) in pts.iter().enumerate() {
            if p.distance(c) <= 5.0 {
                assert!(got.contains(&(i as u32)));
            }
        }
        // each point once
        let mut sorted = got.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), got.len());
    }

    #[test]
    fn floor_is_floor() {
        for x in [
            -2.5, -2.0, -0.5, -0.0, 0.0, 0.5, 2.0, 2.5, 1e300, -1e300, -1e19, 1e19,
        ] {
            assert_eq!(floor(x), x.floor() as i64, "{x}");
        }
        assert_eq!(floor(f64::NAN), f64::NAN.floor() as i64);
        assert_eq!(floor(f64::INFINITY), i64::MAX);
        assert_eq!(floor(f64::NEG_INFINITY), i64::MIN);
    }
}
