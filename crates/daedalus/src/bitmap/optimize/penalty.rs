//! Potrace's penalty of a segment and least-squares lines, from prefix
//! sums of the outline points.

use super::*;

impl Optimizer {
    /// Prefix sums of x, y, x^2, xy, y^2 over points 0..=n, relative to
    /// point 0 (for Potrace's penalty and the least-squares lines).
    pub(super) fn prefix_sums(&mut self) {
        let o = self.p[0];
        self.sums.clear();
        let mut acc = [0.0f64; 5];
        self.sums.push(acc);
        for &q in &self.p {
            let (x, y) = sub(q, o);
            acc[0] += x;
            acc[1] += y;
            acc[2] += x * x;
            acc[3] += x * y;
            acc[4] += y * y;
            self.sums.push(acc);
        }
    }

    /// Mean and central second moments of points i..=j (relative to p0).
    pub(super) fn moments(&self, i: usize, j: usize) -> ((f64, f64), f64, f64, f64) {
        let a = self.sums[i];
        let b = self.sums[j + 1];
        let k = 1.0 / (j + 1 - i) as f64;
        let mx = (b[0] - a[0]) * k;
        let my = (b[1] - a[1]) * k;
        let sxx = (b[2] - a[2]) * k - mx * mx;
        let sxy = (b[3] - a[3]) * k - mx * my;
        let syy = (b[4] - a[4]) * k - my * my;
        ((mx, my), sxx, sxy, syy)
    }

    /// Potrace's penalty: segment length x rms distance of the points from
    /// the segment's line.
    pub(super) fn penalty(&self, i: usize, j: usize) -> f64 {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        let o = self.p[0];
        let pi = sub(self.p[i], o);
        let pj = sub(self.p[j], o);
        let e = (-(pj.1 - pi.1), pj.0 - pi.0);
        let off = dot(e, sub(m, pi));
        let s = e.0 * e.0 * sxx + 2.0 * e.0 * e.1 * sxy + e.1 * e.1 * syy + off * off;
        s.max(0.0).sqrt()
    }

    /// Least-squares line of points i..=j: (a point, unit direction).
    pub(super) fn fit_line(&self, i: usize, j: usize) -> Line {
        let (m, sxx, sxy, syy) = self.moments(i, j);
        // Principal eigenvector of the covariance (no trigonometry).
        let root = (0.25 * (sxx - syy) * (sxx - syy) + sxy * sxy).sqrt();
        let lam = 0.5 * (sxx + syy) + root;
        let d = if sxy == 0.0 {
            if sxx >= syy { (1.0, 0.0) } else { (0.0, 1.0) }
        } else if sxx >= syy {
            (lam - syy, sxy)
        } else {
            (sxy, lam - sxx)
        };
        let len = dot(d, d).sqrt();
        let o = self.p[0];
        (
            (m.0 + o.0, m.1 + o.1),
            (d.0 / len, d.1 / len),
            0.5 * (sxx + syy) - root,
        )
    }
}
