//! The open list of the tangent search: a radix heap (monotone priority
//! queue) on the bits of `f`.
//!
//! Why not a binary heap: on maps with many corners (grid mazes, random
//! maps) a query pushes tens of thousands of states, and the binary
//! heap's pops, a cache miss per level, were the search's largest cost.
//! A radix heap pushes in O(1) and moves an entry only to buckets nearer
//! the minimum. Non-negative `f64`s order like their bits as `u64`s.
//!
//! It needs every key pushed to be at least the last one popped. A* with
//! a consistent heuristic pushes such keys up to rounding, and the radius-0
//! bound a state inherits may be inconsistent by a little more; a smaller
//! key is raised to the last popped one. That pops it next, as the binary
//! heap would (it is smaller than every key it holds), so the search
//! expands the same states; only ties may come out in another order.

use std::cmp::Reverse;

use radix_heap::RadixHeapMap;

/// States to expand, smallest `f` first.
#[derive(Clone)]
pub(super) struct Frontier {
    heap: RadixHeapMap<Reverse<u64>, u32>,
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier {
            heap: RadixHeapMap::new(),
        }
    }
}

impl std::fmt::Debug for Frontier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frontier")
            .field("len", &self.heap.len())
            .finish()
    }
}

impl Frontier {
    /// Pushes state `id` with key `f` (`f >= 0`), raised to the last key
    /// popped if smaller.
    #[inline]
    pub(super) fn push(&mut self, f: f64, id: u32) {
        debug_assert!(f >= 0.0, "negative key {f}");
        let mut k = f.to_bits();
        if let Some(Reverse(top)) = self.heap.top() {
            k = k.max(top);
        }
        self.heap.push(Reverse(k), id);
    }

    /// The state with the smallest key, and that key.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<(f64, u32)> {
        self.heap
            .pop()
            .map(|(Reverse(k), id)| (f64::from_bits(k), id))
    }

    /// Empties the frontier for a new query (any key may come first).
    pub(super) fn clear(&mut self) {
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    /// Against a binary heap on random monotone workloads: the same keys
    /// pop in the same order (ids may differ only between equal keys).
    #[test]
    fn pops_like_a_binary_heap() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..50 {
            let mut ours = Frontier::default();
            let mut theirs: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
            let mut last = 0.0_f64;
            let mut id = 0u32;
            for _ in 0..2_000 {
                if rnd() % 3 != 0 || theirs.is_empty() {
                    // Keys at or above the last pop, some equal, some far.
                    let f = match rnd() % 4 {
                        0 => last,
                        1 => last + (rnd() % 1000) as f64 * 1e-3,
                        2 => last * (1.0 + 1e-15),
                        _ => last + (rnd() % 100_000) as f64,
                    };
                    ours.push(f, id);
                    theirs.push(Reverse((f.to_bits(), id)));
                    id += 1;
                } else {
                    let (f, _) = ours.pop().unwrap();
                    let Reverse((k, _)) = theirs.pop().unwrap();
                    assert_eq!(f.to_bits(), k);
                    last = f;
                }
            }
            while let Some(Reverse((k, _))) = theirs.pop() {
                assert_eq!(ours.pop().map(|(f, _)| f.to_bits()), Some(k));
            }
            assert!(ours.pop().is_none());
        }
    }

    /// A key below the last pop (rounding) comes out next, at that pop's key.
    #[test]
    fn a_smaller_key_is_raised_and_popped_next() {
        let mut q = Frontier::default();
        q.push(5.0, 0);
        q.push(9.0, 1);
        assert_eq!(q.pop(), Some((5.0, 0)));
        q.push(5.0 - 1e-12, 2);
        assert_eq!(q.pop(), Some((5.0, 2)));
        assert_eq!(q.pop(), Some((9.0, 1)));
        assert_eq!(q.pop(), None);
    }
}
