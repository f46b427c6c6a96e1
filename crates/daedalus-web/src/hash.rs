//! A seed's cheap hash in [0, 1): deterministic scatter without a PRNG
//! crate, for the demos' starting layouts and the load test's commands.

/// splitmix64's output of `seed` (Steele, Lea, Flood 2014), its top 53
/// bits as a number in [0, 1).
pub(crate) fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_the_unit_interval_and_deterministic() {
        for s in 0..1000 {
            let u = unit(s);
            assert!((0.0..1.0).contains(&u));
            assert_eq!(u, unit(s));
        }
        assert_ne!(unit(1), unit(2));
    }
}
