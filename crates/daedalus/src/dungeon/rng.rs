//! splitmix64 (Steele, Lea & Flood 2014): a tiny seeded generator, so the
//! same parameters and seed give the same dungeon on every platform.

/// The splitmix64 generator.
///
/// ```
/// use daedalus::dungeon::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    ///
    /// ```
    /// let _ = daedalus::dungeon::SplitMix64::new(0);
    /// ```
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// A generator for one use of a seed (`stream`), independent of the
    /// others: each step draws from its own stream, so stopping after a
    /// step gives the same result as the full generation.
    ///
    /// ```
    /// use daedalus::dungeon::SplitMix64;
    /// assert_ne!(SplitMix64::stream(1, 0).next_u64(), SplitMix64::stream(1, 1).next_u64());
    /// ```
    pub fn stream(seed: u64, stream: u64) -> SplitMix64 {
        let mut s = SplitMix64(seed ^ stream.wrapping_mul(0xD6E8_FEB8_6659_FD93));
        SplitMix64(s.next_u64())
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// // Vigna's reference output for seed 1234567.
    /// assert_eq!(daedalus::dungeon::SplitMix64::new(1234567).next_u64(), 6457827717110365317);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1) (53 random bits).
    ///
    /// ```
    /// let x = daedalus::dungeon::SplitMix64::new(3).next_f64();
    /// assert!((0.0..1.0).contains(&x));
    /// ```
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `0..n` (multiply-high); `n` must be positive.
    ///
    /// ```
    /// let mut r = daedalus::dungeon::SplitMix64::new(3);
    /// assert!((0..100).all(|_| r.below(3) < 3));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
