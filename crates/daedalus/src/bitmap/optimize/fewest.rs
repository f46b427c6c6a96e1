//! Stage 2, the shortest cycle: the start of fewest segments and the
//! breadth-first programme from it (fewest segments, then least penalty).

use super::*;

impl Optimizer {
    /// The start of fewest segments (tried besides point 0), exactly.
    /// Every polygon has a vertex at any point a, or a segment i -> j over
    /// it (i < a < j <= reach(i)); starting at that vertex or at that i
    /// loses nothing. So the starts to try are a and every i reaching over
    /// a, for the a that the fewest segments reach over.
    pub(super) fn best_start(&self) -> usize {
        let n = self.corner.len();
        // cover[k]: how many i in 0..n reach over k (k in 0..2n).
        let mut cover = vec![0i64; 2 * n + 1];
        for (i, &r) in self.reach.iter().enumerate() {
            if r > i + 1 {
                cover[i + 1] += 1;
                cover[r] -= 1;
            }
        }
        for k in 1..2 * n {
            cover[k] += cover[k - 1];
        }
        let a = (0..n).min_by_key(|&a| cover[a] + cover[a + n]).unwrap_or(0);
        let over = |i: usize| {
            let r = self.reach[i];
            (i < a && r > a) || r > a + n
        };
        let starts = std::iter::once(a).chain((0..n).filter(|&i| over(i)));
        // Among equal counts a corner (a vertex off a corner cuts it).
        let mut best = (usize::MAX, 0);
        for s in starts {
            let c = self.fewest_capped(s, best.0.saturating_add(1));
            if c < best.0 || (c == best.0 && self.corner[s] && !self.corner[best.1]) {
                best = (c, s);
            }
        }
        best.1
    }

    /// The number of segments of [`Self::best_polygon`] from s: its
    /// breadth-first layers without the penalties.
    pub(super) fn fewest(&self, s: usize) -> usize {
        self.fewest_capped(s, usize::MAX)
    }

    /// [`Self::fewest`], or at least `cap` when that many layers do not
    /// reach round (a start that cannot beat the best so far).
    pub(super) fn fewest_capped(&self, s: usize, cap: usize) -> usize {
        let end = s + self.corner.len();
        let (mut a0, mut b0) = (s, s);
        let mut m = 0;
        while b0 < end && m < cap {
            let b1 = (a0..=b0).map(|k| self.reach_at(k)).max().unwrap_or(end);
            (a0, b0) = (b0 + 1, b1);
            m += 1;
        }
        m.max(1)
    }

    /// Fewest segments from point s to point s + n (the same point) with
    /// segments i -> j, j <= reach[i]; least total penalty among those.
    /// Breadth-first layers: layer k = the points k segments away (an
    /// interval, since j reachable implies j - 1 reachable from the same
    /// start). Returns the vertex indices (first = s, ascending, < s + n).
    pub(super) fn best_polygon(&mut self, s: usize) -> Vec<usize> {
        let n = self.corner.len();
        let end = s + n;
        let mut pen = std::mem::take(&mut self.pen);
        let mut prev = std::mem::take(&mut self.prev);
        let mut cand = std::mem::take(&mut self.cand);
        let reach = |k: usize| self.reach_at(k).min(end);
        pen.clear();
        pen.resize(n + 1, f64::INFINITY);
        prev.clear();
        prev.resize(n + 1, 0);
        pen[0] = 0.0;
        let (mut a0, mut b0) = (s, s);
        let mut m = 0;
        while b0 < end {
            let b1 = (a0..=b0).map(reach).max().unwrap_or(end);
            let a1 = b0 + 1;
            // Candidates of the previous layer reaching into this one, by
            // reach descending; j from the top down adds them as it goes.
            cand.clear();
            cand.extend((a0..=b0).filter(|&i| reach(i) >= a1));
            cand.sort_unstable_by_key(|&i| std::cmp::Reverse(reach(i)));
            // Only the end point matters in the last layer.
            let lo_j = if b1 == end { end } else { a1 };
            let mut active = 0;
            for j in (a1..=b1).rev() {
                while active < cand.len() && reach(cand[active]) >= j {
                    active += 1;
                }
                if j < lo_j {
                    break;
                }
                let mut best = f64::INFINITY;
                let mut arg = 0;
                // At most CAND_CAP candidates (those reaching farthest): a
                // long straight wall split between two layers would make
                // this quadratic; the count is the same whichever is taken.
                for &i in &cand[..active.min(CAND_CAP)] {
                    let v = pen[i - s] + self.penalty(i, j);
                    if v < best {
                        best = v;
                        arg = i;
                    }
                }
                pen[j - s] = best;
                prev[j - s] = arg;
            }
            (a0, b0) = (a1, b1);
            m += 1;
        }
        let mut po = vec![0usize; m];
        let mut i = end;
        for v in po.iter_mut().rev() {
            i = prev[i - s];
            *v = i;
        }
        if m == 0 {
            po.push(s);
        }
        self.pen = pen;
        self.prev = prev;
        self.cand = cand;
        po
    }
}
