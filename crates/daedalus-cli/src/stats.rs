//! Summaries of timed samples: nearest-rank quantiles, median and p99.

/// Median and p99 of unsorted samples (0 for none).
pub(crate) fn median_p99(v: &[f64]) -> (f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    if s.is_empty() {
        (0.0, 0.0)
    } else {
        (quantile(&s, 0.5), quantile(&s, 0.99))
    }
}

/// Value at quantile `q` (nearest rank) of sorted, non-empty `v`.
pub(crate) fn quantile(v: &[f64], q: f64) -> f64 {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 50.0);
        assert_eq!(quantile(&v, 0.99), 99.0);
        assert_eq!(quantile(&[3.0], 0.99), 3.0);
    }
}
