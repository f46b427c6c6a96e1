//! Test hook: every entry a cache would still use equals what a fresh
//! computation on the current snapshot gives (edges, their clearance, the
//! walls near a corner), and every arrival triangle the search would trust
//! holds its arrival point. It checks the invalidation (the boxes, the
//! profiles and the history), not the floods themselves.

use super::*;
use crate::path::disc_search::clearance::End;

/// The fields of an edge that must match bit for bit.
fn key(e: &Edge) -> [u64; 9] {
    [
        u64::from(e.w),
        e.dw.to_bits(),
        e.p.x.to_bits(),
        e.p.y.to_bits(),
        e.q.x.to_bits(),
        e.q.y.to_bits(),
        e.o.to_bits(),
        e.len.to_bits(),
        e.oq.to_bits(),
    ]
}

impl TangentSearch {
    /// Checks every live entry of the caches of `nav`'s lineage against a
    /// fresh computation; the number of entries checked, or what differs.
    pub(crate) fn audit_cache(&mut self, nav: &NavMesh) -> Result<usize, String> {
        let mut checked = 0;
        // Marks sized for `nav` (it may have grown since the last query).
        self.scratch.begin(nav);
        self.counters.expansions = 0;
        for ci in 0..self.caches.list.len() {
            let Some((lineage, rbits)) = self.caches.list[ci].key else {
                continue;
            };
            if lineage != nav.history.lineage() {
                continue;
            }
            let r = f64::from_bits(rbits);
            self.caches.cur = ci;
            self.caches.list[ci].fit(nav.pos.len());
            for i in 0..self.caches.list[ci].sides.len() {
                let s = self.caches.list[ci].sides[i];
                let v = s.slot / 2;
                let dir = if s.slot.is_multiple_of(2) { 1.0 } else { -1.0 };
                // As a query would find it (repaired first when due).
                match self.caches.list[ci].side_check(nav, i) {
                    Check::Holds => {}
                    Check::Dropped => continue,
                    Check::Repair(run) => {
                        self.repair(nav, i, (v, dir), r, run);
                    }
                }
                checked += 1;
                let s = self.caches.list[ci].sides[i];
                let (b, e) = (s.range.0 as usize, s.range.1 as usize);
                let kept: Vec<(Edge, Clear)> = (b..e)
                    .map(|k| (self.caches.list[ci].edges[k], self.caches.list[ci].clear[k]))
                    .collect();
                let (fb, fe, _, _) = self.flood_edges(nav, v, dir, r, s.reach);
                let c = &mut self.caches.list[ci];
                let mut fresh: Vec<[u64; 9]> =
                    c.edges[fb as usize..fe as usize].iter().map(key).collect();
                c.edges.truncate(fb as usize);
                c.clear.truncate(fb as usize);
                c.sync_offsets();
                // The fresh flood runs to the kept reach, so comparing
                // the edges checks that they hold every corner within it
                // (a repaired side's reach may be short of a fresh one's:
                // a later query regrows it).
                let mut old: Vec<[u64; 9]> = kept.iter().map(|(x, _)| key(x)).collect();
                old.sort_unstable();
                fresh.sort_unstable();
                if old != fresh {
                    return Err(format!(
                        "side {v}/{dir} at {:?}: {} edges kept, {} now",
                        nav.p(v),
                        old.len(),
                        fresh.len()
                    ));
                }
                let near = Some(nav.arcs.vcorner[v as usize])
                    .filter(|&c| c != NONE)
                    .map(|c| c / 3);
                // A hint of an older epoch is only where a walk starts (it
                // may name another triangle after a change); one the next
                // query will trust (its epoch synced as the query does)
                // must hold its point.
                self.caches.list[ci].sync_hints(nav);
                let epoch = self.caches.list[ci].hint_epoch;
                for (x, clear) in &kept {
                    if x.tri.0 != NONE && x.tri.1 == epoch && !holds(nav, x.tri.0, x.q) {
                        return Err(format!("edge {v} -> {}: stale triangle hint", x.w));
                    }
                    let want = match clear {
                        Clear::Untested => continue,
                        Clear::Yes => true,
                        Clear::No => false,
                    };
                    let now = self.segment_clear(
                        nav,
                        (x.p, End::Circle(nav.p(v), dir)),
                        (x.q, End::Circle(nav.p(x.w), x.dw)),
                        r,
                        near,
                    );
                    if now != want {
                        return Err(format!(
                            "edge {v} -> {}: clearance {want} kept, {now} now",
                            x.w
                        ));
                    }
                }
            }
            let lim = near_limit(r);
            for i in 0..self.caches.list[ci].nears.len() {
                let n = self.caches.list[ci].nears[i];
                if n.v == NONE || self.caches.list[ci].near(nav, n.v, lim).is_none() {
                    continue;
                }
                checked += 1;
                let c = &mut self.caches.list[ci];
                let old = c.near_pool[n.range.0 as usize..n.range.1 as usize].to_vec();
                // Recomputed in place of the entry, then put back.
                let (pool_len, live) = (c.near_pool.len(), c.live_near);
                c.nears[i].v = NONE;
                let (b, e) = self.near_walls(nav, n.v, r);
                let c = &mut self.caches.list[ci];
                let fresh = c.near_pool[b as usize..e as usize].to_vec();
                c.near_pool.truncate(pool_len);
                c.nears[i] = n;
                c.near_ix[n.v as usize] = i as u32;
                c.live_near = live;
                // A wall is the same whichever way round it is listed
                // (the flood meets it from either side).
                let bits = |w: &(Point, Point)| {
                    let (a, b) = if (w.0.x, w.0.y) <= (w.1.x, w.1.y) {
                        (w.0, w.1)
                    } else {
                        (w.1, w.0)
                    };
                    [a.x, a.y, b.x, b.y].map(f64::to_bits)
                };
                let mut old: Vec<_> = old.iter().map(bits).collect();
                let mut fresh: Vec<_> = fresh.iter().map(bits).collect();
                old.sort_unstable();
                fresh.sort_unstable();
                if old != fresh {
                    return Err(format!(
                        "walls near {} at {:?}: {} kept, {} now",
                        n.v,
                        nav.p(n.v),
                        old.len(),
                        fresh.len()
                    ));
                }
            }
        }
        Ok(checked)
    }
}

/// Triangle slot `t` is live and holds `q` (closed).
fn holds(nav: &NavMesh, t: u32, q: Point) -> bool {
    let k = 3 * t as usize;
    if k + 2 >= nav.tv.len() || nav.tv[k] == NONE {
        return false;
    }
    (0..3).all(|i| {
        let a = nav.p(nav.tv[k + i]);
        let b = nav.p(nav.tv[k + (i + 1) % 3]);
        orient2d(a, b, q) >= 0.0
    })
}
