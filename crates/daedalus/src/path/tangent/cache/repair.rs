//! Repair of a kept side when changes came near it in a few sectors
//! only: its edges there are flooded again, the others kept.
//!
//! What an edge `v -> w` depends on lies in the sectors of its sight
//! line from `v` to `w` ([`Edge::sect`]): it exists while that line
//! crosses no wall and `w`'s walls are as they were, and its clearance
//! looks at the walls within `r` of its segment. The segment's point at
//! parameter `t` is within `r` of the sight line's point at `t` (both
//! ends are: a tangent point is `r` from its centre), so every wall or
//! vertex that decides the edge is within `2 r` of the sight line. The
//! sight line lies in the flood's region (the flood saw `w`), on one ray
//! from `v`: a changed box within `2 r` of it is named in the sight
//! line's sectors by [`profile::hits`] (proved there, tested by brute
//! force). So the edges whose sectors a change missed still hold, and
//! the edges of the hit sectors, old or new, are exactly those a flood
//! of the wedge of the sectors hit finds.
//!
//! The wedge (at most half a turn) is convex and holds `v`, so a flood
//! that skips the edges wholly outside it still sees every corner in it
//! (as [`Cone`]'s floods do; [`Cone::wedge`] also skips the edges behind
//! `v`). Its profile replaces the hit sectors' (the region there is what
//! the flood saw) and is merged into the others (a triangle across a
//! sector boundary counts in both; larger is safe). A side whose hit
//! sectors span more than half a turn is dropped
//! (`EdgeCache::side_check`) and filled again when next expanded.
//!
//! Repairs keep a side's edges through nearby changes instead of dropping
//! them, and most repairs find the edges they had (the sectors are coarse).

use super::*;

impl TangentSearch {
    /// Repairs kept side `i` of corner `v` wrapped in `dir` where changes
    /// came near it in the sectors of `run` (see the module docs).
    pub(super) fn repair(
        &mut self,
        nav: &NavMesh,
        i: usize,
        (v, dir): (u32, f64),
        r: f64,
        run: (usize, usize),
    ) {
        let pv = nav.p(v);
        let s = self.cache().sides[i];
        let mask = profile::run_mask(run);
        let [a, b] = profile::run_rays(run);
        let cone = Cone::wedge(pv, a, b, prof_abs(nav));
        let base = self.cand_pool.len();
        let (cands, dep) = self.flood_side(nav, v, Some(&cone), s.outer, true);
        let cut = self.cut.reach;
        // The kept edges and the new ones, sorted by departure offset.
        let mut edges = std::mem::take(&mut self.cache_mut().edges);
        let begin = edges.len();
        self.tangent_edges(nav, (v, dir), r, cands, mask, &mut edges);
        self.cand_pool.truncate(base);
        let mut fresh = std::mem::take(&mut self.fresh);
        fresh.clear();
        fresh.extend(edges.drain(begin..));
        fresh.sort_unstable_by(|x, y| x.o.total_cmp(&y.o));
        // Merged with the edges kept (sorted already), after `begin`.
        let c = &mut self.caches[self.cur];
        let (b0, e0) = (s.range.0 as usize, s.range.1 as usize);
        let (mut k, mut f, mut kept) = (b0, 0, 0);
        loop {
            while k < e0 && profile::meets_mask(mask, edges[k].sect) {
                k += 1;
            }
            if k < e0 && fresh.get(f).is_none_or(|x| edges[k].o <= x.o) {
                let e = edges[k];
                edges.push(e);
                c.clear.push(c.clear[k]);
                k += 1;
                kept += 1;
            } else if let Some(&x) = fresh.get(f) {
                edges.push(x);
                c.clear.push(Clear::Untested);
                f += 1;
            } else {
                break;
            }
        }
        self.fresh = fresh;
        c.edges = edges;
        c.sync_offsets();
        let end = c.edges.len();
        // The hit sectors' reach is the new flood's; elsewhere the larger.
        let pr = prof_range(&s);
        for (k, x) in c.prof_pool[pr].iter_mut().enumerate() {
            let new = self.profile[k];
            *x = if mask & (1 << k) != 0 {
                new
            } else {
                x.max(new)
            };
        }
        let side = &mut c.sides[i];
        c.live_edges = c.live_edges + (end - begin) - (e0 - b0);
        side.range = (begin as u32, end as u32);
        side.rev = nav.revision();
        side.dep = side.dep.union(&widen(dep, 2.0 * r));
        if cut {
            side.reach = side.reach.min(side.outer);
        }
        self.counts.repaired += 1;
        self.counts.repair_kept += kept as u64;
    }
}
