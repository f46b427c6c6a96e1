//! A packed column of flags: one bit per row instead of a `bool`'s byte
//! (the snapshot's wall, shut and corner flags were 13 bytes per vertex).

use std::ops::Index;

/// Flags, 64 to a word; read with `bits[i]` like a `Vec<bool>`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// Number of flags.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Flag `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> bool {
        debug_assert!(i < self.len);
        self.words[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Sets flag `i` to `b`.
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, b: bool) {
        debug_assert!(i < self.len);
        let (w, m) = (&mut self.words[i >> 6], 1u64 << (i & 63));
        if b {
            *w |= m;
        } else {
            *w &= !m;
        }
    }

    /// Appends a flag.
    #[inline]
    pub(crate) fn push(&mut self, b: bool) {
        if self.len & 63 == 0 {
            self.words.push(0);
        }
        self.len += 1;
        self.set(self.len - 1, b);
    }

    /// Grows to `n` flags, the new ones `b` (never shrinks).
    pub(crate) fn grow(&mut self, n: usize, b: bool) {
        if n <= self.len {
            return;
        }
        let old = std::mem::replace(&mut self.len, n);
        // the rest of the last word in use, then whole words (bits past
        // `len` are never read: `push` and `set` write them first)
        for i in old..n.min(old.next_multiple_of(64)) {
            self.set(i, b);
        }
        self.words.resize(n.div_ceil(64), if b { !0 } else { 0 });
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

impl From<&[bool]> for Bits {
    fn from(v: &[bool]) -> Bits {
        let words = v
            .chunks(64)
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0u64, |w, (i, &b)| w | (b as u64) << i)
            })
            .collect();
        Bits {
            words,
            len: v.len(),
        }
    }
}

impl Index<usize> for Bits {
    type Output = bool;
    /// `bits[i]`, as a `Vec<bool>` reads (a reference to a constant).
    #[inline(always)]
    fn index(&self, i: usize) -> &bool {
        if self.get(i) { &true } else { &false }
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;
    use proptest::prelude::*;

    proptest! {
        /// Against a `Vec<bool>` under the same pushes, sets and growth.
        #[test]
        fn same_as_vec_of_bool(
            init in prop::collection::vec(any::<bool>(), 0..200),
            ops in prop::collection::vec((0usize..300, any::<bool>(), 0u8..3), 0..100),
        ) {
            let mut v = init.clone();
            let mut b = Bits::from(&init[..]);
            for (i, x, op) in ops {
                match op {
                    0 => { v.push(x); b.push(x); }
                    1 if !v.is_empty() => { let i = i % v.len(); v[i] = x; b.set(i, x); }
                    _ => { let n = v.len() + i % 70; v.resize(n, x); b.grow(n, x); }
                }
            }
            prop_assert_eq!(b.len(), v.len());
            for (i, &x) in v.iter().enumerate() {
                prop_assert_eq!(b[i], x);
            }
        }
    }
}
