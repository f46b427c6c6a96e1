//! A seeded pseudo-random generator for the path module's tests (an LCG:
//! reproducible worlds without a dependency).

/// Uniform values in `[0, n)` from seed `x`.
pub(crate) fn lcg(mut x: u64) -> impl FnMut(f64) -> f64 {
    move |n| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64 * n
    }
}
