//! A uniform hash grid over the entities' positions, rebuilt each step
//! in O(entities): neighbour queries look at the few cells a disc covers.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::Point;

/// A multiplicative hash of the cell coordinates: fixed (same cells and
/// order every run, for determinism) and cheaper than SipHash.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Each cell: the index and position of every point in it (the position
/// beside the index, so that a query scans one array).
type Cells = HashMap<(i64, i64), Vec<(u32, Point)>, BuildHasherDefault<CellHasher>>;

#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    cell: f64,
    cells: Cells,
    /// Emptied vectors kept for reuse.
    spare: Vec<Vec<(u32, Point)>>,
}

impl Grid {
    fn key(&self, p: Point) -> (i64, i64) {
        (
            (p.x / self.cell).floor() as i64,
            (p.y / self.cell).floor() as i64,
        )
    }

    /// Rebuilds the grid with cells of side `cell` over `points` (their
    /// index is what queries report).
    pub(crate) fn rebuild(&mut self, cell: f64, points: &[Point]) {
        for (_, mut v) in self.cells.drain() {
            v.clear();
            self.spare.push(v);
        }
        self.cell = cell.max(1e-9);
        for (i, &p) in points.iter().enumerate() {
            let k = self.key(p);
            let spare = &mut self.spare;
            self.cells
                .entry(k)
                .or_insert_with(|| spare.pop().unwrap_or_default())
                .push((i as u32, p));
        }
    }

    /// Calls `f` with every index (and position) whose cell meets the
    /// square of half side `reach` about `c` (a superset of the points
    /// within `reach`), in cell order then insertion order.
    pub(crate) fn near(&self, c: Point, reach: f64, mut f: impl FnMut(u32, Point)) {
        let lo = self.key(Point::new(c.x - reach, c.y - reach));
        let hi = self.key(Point::new(c.x + reach, c.y + reach));
        for gx in lo.0..=hi.0 {
            for gy in lo.1..=hi.1 {
                if let Some(v) = self.cells.get(&(gx, gy)) {
                    v.iter().for_each(|&(i, p)| f(i, p));
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
    }
}
