//! Index columns of the mesh: plain `u32` values behind a small API, so the
//! undo journal hooks every write in one place (the `Mesh` setters).
//!
//! A 24-bit packed layout was measured (98 B/vertex instead of 124 B on
//! 10^5 points) but cost 14–25 % of insertion time, so indices stay `u32`.

/// Field numbers of a half-edge record.
pub(crate) const ORIGIN: usize = 0;
pub(crate) const OPP: usize = 1;
pub(crate) const NEXT: usize = 2;
pub(crate) const FACE: usize = 3;

/// A column of `u32` indices (or `NONE`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Column(Vec<u32>);

impl Column {
    /// A column holding `v`.
    pub(crate) fn from_slice(v: &[u32]) -> Column {
        Column(v.to_vec())
    }
    /// Number of values.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
    /// Value `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u32 {
        self.0[i]
    }
    /// Sets value `i`.
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, v: u32) {
        self.0[i] = v;
    }
    /// Appends a value.
    #[inline]
    pub(crate) fn push(&mut self, v: u32) {
        self.0.push(v);
    }
    /// Room for `n` more values (see [`super::Mesh::reserve_vertices`]).
    pub(crate) fn reserve(&mut self, n: usize) {
        self.0.reserve(n);
    }
    /// Drops every value from `n` on (journal rollback).
    pub(crate) fn truncate(&mut self, n: usize) {
        self.0.truncate(n);
    }
    /// The values in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().copied()
    }
    /// Heap bytes (capacity).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.capacity() * 4
    }
    /// Drops growth slack past a sixteenth.
    pub(crate) fn shrink_slack(&mut self) {
        super::fit_slack(&mut self.0);
    }
}

/// Half-edge records: origin, opposite, next, left face.
#[derive(Clone, Debug, Default)]
pub(crate) struct HalfEdges(Vec<[u32; 4]>);

impl HalfEdges {
    /// Number of half-edges.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
    /// Field `k` (< 4) of half-edge `e`.
    #[inline(always)]
    pub(crate) fn get(&self, e: u32, k: usize) -> u32 {
        self.0[e as usize][k]
    }
    /// Sets field `k` (< 4) of half-edge `e`.
    #[inline(always)]
    pub(crate) fn set(&mut self, e: u32, k: usize, v: u32) {
        self.0[e as usize][k] = v;
    }
    /// All four fields of `e`.
    #[inline(always)]
    pub(crate) fn get_all(&self, e: u32) -> [u32; 4] {
        self.0[e as usize]
    }
    /// Sets all four fields of `e`.
    #[inline(always)]
    pub(crate) fn set_all(&mut self, e: u32, f: [u32; 4]) {
        self.0[e as usize] = f;
    }
    /// Appends a half-edge.
    #[inline]
    pub(crate) fn push(&mut self, f: [u32; 4]) {
        self.0.push(f);
    }
    /// Drops every half-edge from `n` on (journal rollback).
    pub(crate) fn truncate(&mut self, n: usize) {
        self.0.truncate(n);
    }
    /// Room for `n` more half-edges.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.0.reserve(n);
    }
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.capacity() * 16
    }
    /// Drops growth slack past a sixteenth.
    pub(crate) fn shrink_slack(&mut self) {
        super::fit_slack(&mut self.0);
    }
}
