//! The open list of the tangent search: a radix heap (monotone priority
//! queue) on the bits of `f`.
//!
//! Why not a binary heap: on maps with many corners (grid mazes, random
//! maps) a query pushes tens of thousands of states, and the binary
//! heap's pops, a cache miss per level, were the search's largest cost
//! (29 % of random512-10-0 at radius 1). A radix heap pushes in O(1) and
//! moves an entry only towards the bucket of the minimum, a few times at
//! most. Non-negative `f64`s order like their bits as `u64`s.
//!
//! An entry sits in bucket `b`, one past the highest bit in which its key
//! differs from the last key popped (`top`; bucket 0: equal). Every key
//! in bucket `b` is smaller than every key in a higher bucket, so the
//! minimum is in the lowest non-empty bucket: popping empties that bucket
//! into lower ones around its own minimum. A mask of the non-empty
//! buckets finds it in one instruction (a small query pops a few dozen
//! states; scanning 65 buckets, as the `radix-heap` crate does, made
//! small maps 5 - 10 % slower than the binary heap).
//!
//! The buckets need every key in them to be at least `top`. A* with a
//! consistent heuristic pushes such keys up to rounding, but the
//! radius-0 bound a state inherits can be inconsistent (a few percent,
//! seen in the tests), and an expansion may push several keys below
//! `top`, the goal's among them. Raised to `top` they would tie and come
//! out last pushed first, a longer path to the goal possibly before a
//! smaller key; so keys below `top` go to a small binary heap instead,
//! popped before the buckets (each of its keys is below every bucket's).
//! The order is then a binary heap's, ties apart.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// States to expand, smallest `f` first.
#[derive(Clone, Debug)]
pub(super) struct Frontier {
    buckets: Vec<Vec<(u64, u32)>>,
    /// Bit `b` set: `buckets[b]` is not empty.
    full: u128,
    /// The last key popped from the buckets (0 after `clear`).
    top: u64,
    /// Keys pushed below `top` (an inconsistent heuristic), smallest first.
    below: BinaryHeap<Reverse<(u64, u32)>>,
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier {
            buckets: vec![Vec::new(); 65],
            full: 0,
            top: 0,
            below: BinaryHeap::new(),
        }
    }
}

impl Frontier {
    /// Pushes state `id` with key `f` (`f >= 0`).
    #[inline]
    pub(super) fn push(&mut self, f: f64, id: u32) {
        debug_assert!(f >= 0.0, "negative key {f}");
        let k = f.to_bits();
        if k < self.top {
            self.below.push(Reverse((k, id)));
            return;
        }
        let b = bucket(k, self.top);
        self.buckets[b].push((k, id));
        self.full |= 1 << b;
    }

    /// The state with the smallest key, and that key.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<(f64, u32)> {
        if let Some(Reverse((k, id))) = self.below.pop() {
            return Some((f64::from_bits(k), id));
        }
        if self.full & 1 == 0 {
            if self.full == 0 {
                return None;
            }
            self.refill();
        }
        let (k, id) = self.buckets[0].pop()?;
        if self.buckets[0].is_empty() {
            self.full &= !1;
        }
        Some((f64::from_bits(k), id))
    }

    /// Empties the lowest non-empty bucket into lower ones around its
    /// minimum (the new `top`): bucket 0 then holds that minimum.
    fn refill(&mut self) {
        let b = self.full.trailing_zeros() as usize;
        let m = self.buckets[b].iter().map(|&(k, _)| k).min();
        self.refill_at(b, m.unwrap_or(self.top));
    }

    /// `refill` of bucket `b` whose minimum is `m`.
    fn refill_at(&mut self, b: usize, m: u64) {
        let mut items = std::mem::take(&mut self.buckets[b]);
        self.full &= !(1 << b);
        self.top = m;
        for &(k, id) in &items {
            let nb = bucket(k, self.top);
            self.buckets[nb].push((k, id));
            self.full |= 1 << nb;
        }
        items.clear();
        self.buckets[b] = items;
    }

    /// Empties the frontier for a new query (any key may come first).
    pub(super) fn clear(&mut self) {
        self.below.clear();
        while self.full != 0 {
            let b = self.full.trailing_zeros() as usize;
            self.buckets[b].clear();
            self.full &= !(1 << b);
        }
        self.top = 0;
    }
}

/// The bucket of key `k` when the last key popped is `top` (`k >= top`):
/// one past the highest bit where they differ, 0 when equal.
#[inline]
fn bucket(k: u64, top: u64) -> usize {
    (64 - (k ^ top).leading_zeros()) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a binary heap on random workloads, mostly monotone: the
    /// same keys pop in the same order (ids may differ only between equal
    /// keys).
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
                    // Keys at or above the last pop, some equal, some far,
                    // and a few below it (an inconsistent heuristic).
                    let f = match rnd() % 5 {
                        0 => last,
                        1 => last + (rnd() % 1000) as f64 * 1e-3,
                        2 => last * (1.0 + 1e-15),
                        3 => last * (1.0 - (rnd() % 100) as f64 * 1e-3),
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

    /// Keys below the last pop (an inconsistent heuristic) come out next,
    /// smallest first and with their own keys, before the buckets: the
    /// goal's key among them does not come out before a smaller one.
    #[test]
    fn keys_below_the_last_pop_come_out_in_order() {
        let mut q = Frontier::default();
        q.push(5.0, 0);
        q.push(9.0, 1);
        assert_eq!(q.pop(), Some((5.0, 0)));
        q.push(4.0, 2);
        q.push(4.5, 3);
        q.push(5.0 - 1e-12, 4);
        q.push(6.0, 5);
        assert_eq!(q.pop(), Some((4.0, 2)));
        assert_eq!(q.pop(), Some((4.5, 3)));
        assert_eq!(q.pop(), Some((5.0 - 1e-12, 4)));
        assert_eq!(q.pop(), Some((6.0, 5)));
        assert_eq!(q.pop(), Some((9.0, 1)));
        assert_eq!(q.pop(), None);
        // A new query may start below the last one's keys.
        q.push(20.0, 3);
        q.clear();
        q.push(1.0, 4);
        q.push(0.5, 5);
        assert_eq!(q.pop(), Some((0.5, 5)));
        assert_eq!(q.pop(), Some((1.0, 4)));
        assert_eq!(q.pop(), None);
    }
}
