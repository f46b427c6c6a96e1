//! Packed index columns.
//!
//! Indices are stored as 24-bit values (3 bytes instead of a `u32`): a
//! half-edge record (origin, opposite, next, left face) takes 12 bytes
//! instead of 16, and half-edges are most of a triangulation's memory. A
//! column that has to hold an index beyond 24 bits (more than 2^24 - 2
//! slots: about 2.8 million vertices) keeps every value's top byte in a
//! side table from then on.
//!
//! Values are stored plus one, so an all-zero field decodes to `NONE`
//! without a branch.

/// Field numbers of a half-edge record.
pub(crate) const ORIGIN: usize = 0;
pub(crate) const OPP: usize = 1;
pub(crate) const NEXT: usize = 2;
pub(crate) const FACE: usize = 3;

/// Bytes after the last value, so the last one is read with a 4-byte load.
const TAIL: usize = 1;
const LOW: u32 = 0x00FF_FFFF;
/// Largest index the low 24 bits hold (the code `index + 1` must fit).
const NARROW_MAX: u32 = LOW - 1;

/// A column of `u32` indices (or `NONE`), 3 bytes each while they fit:
/// value `i` is the low 24 bits of the little-endian `u32` at byte `3 i`.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    bytes: Vec<u8>,
    len: usize,
    /// An index beyond 24 bits was needed: `hi` holds every top byte.
    wide: bool,
    hi: Vec<u8>,
}

impl Default for Packed {
    fn default() -> Self {
        Packed {
            bytes: vec![0; TAIL],
            len: 0,
            wide: false,
            hi: Vec::new(),
        }
    }
}

impl Packed {
    /// A column holding `v`.
    pub(crate) fn from_slice(v: &[u32]) -> Packed {
        let mut p = Packed::default();
        for &x in v {
            p.push(x);
        }
        p
    }

    /// Number of values.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The 4 bytes at value `i`.
    ///
    /// # Safety
    /// `i < self.len`.
    #[inline(always)]
    unsafe fn load(&self, i: usize) -> u32 {
        debug_assert!(i < self.len);
        // SAFETY: i < len, so 3 i + 4 <= 3 len + TAIL = bytes.len() (push).
        u32::from_le(unsafe {
            std::ptr::read_unaligned(self.bytes.as_ptr().add(3 * i) as *const u32)
        })
    }

    /// Value `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u32 {
        assert!(i < self.len, "packed index {i} out of range");
        // SAFETY: checked just above.
        unsafe { self.get_unchecked(i) }
    }

    /// Value `i`.
    ///
    /// # Safety
    /// `i < self.len`.
    #[inline(always)]
    unsafe fn get_unchecked(&self, i: usize) -> u32 {
        // SAFETY: the caller's contract.
        let mut code = unsafe { self.load(i) } & LOW;
        if self.wide {
            code |= (self.hi[i] as u32) << 24;
        }
        code.wrapping_sub(1)
    }

    /// Sets value `i` (a value beyond 24 bits needs [`Self::fit`] first).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, v: u32) {
        assert!(i < self.len, "packed index {i} out of range");
        // SAFETY: checked just above.
        unsafe { self.set_unchecked(i, v) }
    }

    /// Sets value `i`.
    ///
    /// # Safety
    /// `i < self.len`.
    #[inline(always)]
    unsafe fn set_unchecked(&mut self, i: usize, v: u32) {
        let code = v.wrapping_add(1);
        // SAFETY: the caller's contract.
        let w = (unsafe { self.load(i) } & !LOW) | (code & LOW);
        // SAFETY: as in `load`.
        unsafe {
            std::ptr::write_unaligned(self.bytes.as_mut_ptr().add(3 * i) as *mut u32, w.to_le());
        }
        if self.wide {
            self.hi[i] = (code >> 24) as u8;
        } else {
            debug_assert!(code <= LOW, "packed value {v} needs fit()");
        }
    }

    /// Appends a value.
    #[inline]
    pub(crate) fn push(&mut self, v: u32) {
        self.fit(v);
        let code = v.wrapping_add(1);
        // the tail byte becomes the new value's first byte
        let b = 3 * self.len;
        self.bytes[b] = code as u8;
        self.bytes
            .extend_from_slice(&[(code >> 8) as u8, (code >> 16) as u8, 0]);
        if self.wide {
            self.hi.push((code >> 24) as u8);
        }
        self.len += 1;
    }

    /// Appends four values at once (one half-edge record).
    #[inline]
    fn push4(&mut self, f: [u32; 4]) {
        // callers fit the column first (half-edge allocation does)
        debug_assert!(self.wide || f.iter().all(|&v| v == u32::MAX || v <= NARROW_MAX));
        let c = f.map(|v| v.wrapping_add(1));
        let mut rec = [0u8; 13];
        for k in 0..4 {
            rec[3 * k..3 * k + 3].copy_from_slice(&c[k].to_le_bytes()[..3]);
        }
        // the tail byte becomes the record's first byte; rec[12] the new tail
        let b = 3 * self.len;
        self.bytes[b] = rec[0];
        self.bytes.extend_from_slice(&rec[1..]);
        if self.wide {
            self.hi.extend(c.map(|c| (c >> 24) as u8));
        }
        self.len += 4;
    }

    /// Makes room for values up to `m` (`NONE` always fits).
    #[inline(always)]
    pub(crate) fn fit(&mut self, m: u32) {
        if m > NARROW_MAX && m != u32::MAX && !self.wide {
            self.widen();
        }
    }

    #[cold]
    fn widen(&mut self) {
        // every stored code fits 24 bits: the top bytes start at zero
        self.hi = vec![0; self.len];
        self.wide = true;
    }

    /// Room for `n` more values (exactly: no doubling slack).
    pub(crate) fn reserve_exact(&mut self, n: usize) {
        self.bytes.reserve_exact(3 * n);
        if self.wide {
            self.hi.reserve_exact(n);
        }
    }

    /// Drops every value from `n` on (journal rollback).
    pub(crate) fn truncate(&mut self, n: usize) {
        if n < self.len {
            self.bytes.truncate(3 * n + TAIL);
            self.bytes[3 * n] = 0; // the tail byte stays zero (see `push`)
            if self.wide {
                self.hi.truncate(n);
            }
            self.len = n;
        }
    }

    /// The values in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    /// Heap bytes (capacity).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + self.hi.capacity()
    }
}

/// Half-edge records: four consecutive values of one column, so field `k`
/// of half-edge `e` is value `4 e + k`. One range check per half-edge
/// (not per field) lets the compiler share it between fields.
#[derive(Clone, Debug, Default)]
pub(crate) struct HalfEdges(Packed, usize);

impl HalfEdges {
    /// Number of half-edges.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.1
    }
    /// Field `k` (< 4) of half-edge `e`.
    #[inline(always)]
    pub(crate) fn get(&self, e: u32, k: usize) -> u32 {
        assert!((e as usize) < self.1 && k < 4, "half-edge {e} out of range");
        // SAFETY: e < records and k < 4, so 4 e + k < 4 records = values.
        unsafe { self.0.get_unchecked(4 * e as usize + k) }
    }
    /// Sets field `k` (< 4) of half-edge `e`.
    #[inline(always)]
    pub(crate) fn set(&mut self, e: u32, k: usize, v: u32) {
        assert!((e as usize) < self.1 && k < 4, "half-edge {e} out of range");
        // SAFETY: as in `get`.
        unsafe { self.0.set_unchecked(4 * e as usize + k, v) }
    }
    /// All four fields of `e`.
    #[inline(always)]
    pub(crate) fn get_all(&self, e: u32) -> [u32; 4] {
        [0, 1, 2, 3].map(|k| self.get(e, k))
    }
    /// Drops every half-edge from `n` on (journal rollback).
    pub(crate) fn truncate(&mut self, n: usize) {
        if n < self.1 {
            self.0.truncate(4 * n);
            self.1 = n;
        }
    }
    /// Sets all four fields of `e`.
    #[inline(always)]
    pub(crate) fn set_all(&mut self, e: u32, f: [u32; 4]) {
        for (k, v) in f.into_iter().enumerate() {
            self.set(e, k, v);
        }
    }
    /// Appends a half-edge.
    #[inline]
    pub(crate) fn push(&mut self, f: [u32; 4]) {
        self.0.push4(f);
        self.1 += 1;
    }
    /// Makes room for indices up to `m`.
    #[inline(always)]
    pub(crate) fn fit(&mut self, m: u32) {
        self.0.fit(m);
    }
    /// Room for `n` more half-edges.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.0.reserve_exact(4 * n);
    }
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::NONE;

    /// Reference: a plain `Vec<u32>`, compared after random pushes and
    /// writes, before and after the switch to wide values.
    #[test]
    fn packed_column_matches_a_plain_vec() {
        let mut p = Packed::default();
        let mut r: Vec<u32> = Vec::new();
        let mut s = 7u64;
        let mut rnd = |m: u32| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % m as u64) as u32
        };
        for round in 0..2 {
            // round 0: 24-bit values; round 1: any value (pushing one widens)
            let lim = if round == 0 { NARROW_MAX + 1 } else { u32::MAX };
            for i in 0..5000u32 {
                let v = if i % 7 == 0 { NONE } else { rnd(lim) };
                p.push(v);
                r.push(v);
                let j = rnd(r.len() as u32) as usize;
                let v = if i % 5 == 0 { NONE } else { rnd(lim) };
                p.fit(v);
                p.set(j, v);
                r[j] = v;
            }
            assert_eq!(p.iter().collect::<Vec<_>>(), r);
            assert_eq!(p.wide, round == 1);
        }
    }

    /// The same operations on a mesh switched to wide (32-bit) columns
    /// up front and on a narrow one: both valid, the same triangles.
    #[test]
    fn wide_columns_build_the_same_cdt() {
        use crate::Point;
        use crate::triangulation::Cdt;
        let build = |wide: bool| {
            let mut cdt = Cdt::new(0.0, 0.0, 100.0, 100.0).unwrap();
            if wide {
                cdt.mesh.fit_index(NARROW_MAX + 1);
                assert!(cdt.mesh.he.0.wide && cdt.mesh.vedge.wide && cdt.mesh.fedge.wide);
            }
            let mut s = 3u64;
            let mut r = || {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (s >> 11) as f64 / (1u64 << 53) as f64 * 100.0
            };
            let pts: Vec<Point> = (0..500).map(|_| Point::new(r(), r())).collect();
            cdt.insert_vertices(&pts).unwrap();
            let mut shapes = Vec::new();
            for _ in 0..20 {
                let a = Point::new(r(), r());
                let b = Point::new(r(), r());
                shapes.push(cdt.insert_segment(a, b).unwrap());
            }
            for s in shapes.iter().step_by(2) {
                cdt.remove_shape(*s).unwrap();
            }
            assert!(cdt.validate().is_empty());
            let m = cdt.mesh();
            let mut tris: Vec<[u64; 6]> = m
                .faces()
                .map(|f| {
                    let vs = m.triangle(f).unwrap().map(|v| m.position(v).unwrap());
                    // rotate so the smallest corner comes first
                    let k = (0..3)
                        .min_by(|&i, &j| {
                            (vs[i].x, vs[i].y).partial_cmp(&(vs[j].x, vs[j].y)).unwrap()
                        })
                        .unwrap();
                    let c = [vs[k], vs[(k + 1) % 3], vs[(k + 2) % 3]];
                    [c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y].map(f64::to_bits)
                })
                .collect();
            tris.sort_unstable();
            tris
        };
        let narrow = build(false);
        assert!(narrow.len() > 900);
        assert_eq!(build(true), narrow);
    }

    #[test]
    fn half_edge_fields_are_independent() {
        let mut h = HalfEdges::default();
        h.push([1, 2, 3, 4]);
        h.push([NONE, 6, 7, NONE]);
        h.set(0, NEXT, NARROW_MAX);
        h.set(1, ORIGIN, 0);
        assert_eq!([0, 1, 2, 3].map(|k| h.get(0, k)), [1, 2, NARROW_MAX, 4]);
        assert_eq!([0, 1, 2, 3].map(|k| h.get(1, k)), [0, 6, 7, NONE]);
        assert_eq!(h.len(), 2);
    }
}
