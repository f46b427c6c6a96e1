//! The one seeded generator of the tests and benches: no `rand` dependency,
//! the same draws on every platform and run.
//!
//! A test's expected figures can hang on its exact random stream, so the
//! generator keeps the four classic steps the tests were written with
//! ([`Rng::lcg`], [`Rng::xorshift`], [`Rng::xorshift_star`],
//! [`Rng::splitmix`]) behind one set of draws: pick the step a test was
//! written with and its draws stay bit for bit what they were.
#![allow(dead_code)]

/// A seeded 64-bit pseudo-random generator (see the module doc).
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    step: Step,
}

/// How the state advances and what it outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Knuth's MMIX linear congruential step; outputs the new state.
    Lcg,
    /// Marsaglia's xorshift64 (13, 7, 17); outputs the new state.
    XorShift,
    /// xorshift64* (12, 25, 27); outputs the new state times a constant.
    XorShiftStar,
    /// Steele, Lea and Flood's splitmix64; outputs the mixed counter.
    SplitMix,
}

impl Rng {
    /// Knuth's MMIX LCG from `seed` (any seed). Its low bits are weak:
    /// draw integers with [`Rng::below_high`].
    pub fn lcg(seed: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::Lcg,
        }
    }

    /// xorshift64 from `seed` (must not be 0).
    pub fn xorshift(seed: u64) -> Rng {
        assert_ne!(seed, 0, "xorshift stays at 0 from a zero seed");
        Rng {
            state: seed,
            step: Step::XorShift,
        }
    }

    /// xorshift64* from `seed` (must not be 0).
    pub fn xorshift_star(seed: u64) -> Rng {
        assert_ne!(seed, 0, "xorshift stays at 0 from a zero seed");
        Rng {
            state: seed,
            step: Step::XorShiftStar,
        }
    }

    /// splitmix64 from `seed` (any seed).
    pub fn splitmix(seed: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::SplitMix,
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        match self.step {
            Step::Lcg => {
                self.state = self
                    .state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                self.state
            }
            Step::XorShift => {
                self.state ^= self.state << 13;
                self.state ^= self.state >> 7;
                self.state ^= self.state << 17;
                self.state
            }
            Step::XorShiftStar => {
                self.state ^= self.state >> 12;
                self.state ^= self.state << 25;
                self.state ^= self.state >> 27;
                self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
            }
            Step::SplitMix => {
                self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
        }
    }

    /// Uniform in `[0, 1)`: the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `(0, 1)`, never 0 nor 1: the top 53 bits and a half.
    pub fn unit_open(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// Uniform in `[0, 1)` from the top 31 bits only (an LCG's strong bits).
    pub fn unit31(&mut self) -> f64 {
        (self.next_u64() >> 33) as f64 / (1u64 << 31) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// In `0..n` (`n > 0`), from all 64 bits modulo `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// An index in `0..n` (`n > 0`): [`Rng::below`] as `usize`.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// In `0..n` (`n > 0`), from the top 31 bits modulo `n` (an LCG's
    /// strong bits).
    pub fn below_high(&mut self, n: u64) -> u64 {
        (self.next_u64() >> 33) % n
    }

    /// In `0..n`, by multiplying the 64 bits by `n` (no modulo bias).
    pub fn below_scaled(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
