/// One named table and the heap bytes it holds (its capacity): the
/// triangulation and the navigation mesh built on it each list theirs
/// (their `heap_parts` methods), to show where a world's memory goes.
///
/// ```
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [2.0, 2.0]).unwrap();
/// let parts = cdt.heap_parts();
/// let total: usize = parts.iter().map(|p| p.bytes).sum();
/// assert_eq!(total, cdt.heap_bytes());
/// assert!(parts.iter().any(|p| p.name == "mesh.half_edges" && p.bytes > 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapPart {
    /// What the table holds (`structure.table`).
    pub name: &'static str,
    /// Heap bytes it holds (capacity, not length).
    pub bytes: usize,
}

/// Heap bytes of a vector's capacity.
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

/// Gives back a vector's growth slack when it exceeds a sixteenth (a
/// shrinking reallocation of a large block remaps, it does not copy).
pub(crate) fn fit_slack<T>(v: &mut Vec<T>) {
    if v.capacity() > v.len() + v.len() / 16 + 64 {
        v.shrink_to_fit();
    }
}
