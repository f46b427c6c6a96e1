//! What the search keeps across queries: per corner and side, the tangent
//! edges leaving its circle (to every corner seen from its free gap within
//! the distance the queries so far needed, see `TangentSearch::defer`),
//! sorted by where they leave the free arc, each with its segment
//! clearance once tested; and per corner the walls within `2 r`.
//!
//! None of it depends on the query: only on the snapshot and the radius.
//! A side's edges are kept when a query expands it that an earlier query
//! (since the cache was dropped) expanded too; until then each expansion
//! floods only the cone of its arrival, so the first query after a change
//! costs what it did without the cache.
//! A cache is keyed by both ([`NavMesh::revision`] changes with every
//! update) and dropped in O(1) (an epoch) when its key no longer matches,
//! then refilled lazily by the corners later queries expand: a change costs
//! nothing here, and the first queries after it pay today's flood per
//! corner they expand. A few radii are kept side by side (least recently
//! used replaced).

use super::*;
use visibility::dedup_tail;

/// Radii kept side by side.
const RADII: usize = 4;

/// One tangent edge leaving the circle of a corner on one side.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    /// The corner whose circle it reaches.
    pub(super) w: u32,
    /// Side of the arrival (see `State::dir`).
    pub(super) dw: f64,
    /// Departure point on the corner's circle.
    pub(super) p: Point,
    /// Arrival point on the circle of `w`.
    pub(super) q: Point,
    /// Offset of `p` along the free arc, in the side's direction.
    pub(super) o: f64,
    /// `|p q|`.
    pub(super) len: f64,
    /// Offset of `q` along the free arc of `w`, in the side `dw`.
    pub(super) oq: f64,
    /// A triangle holding `q` (for the bound), `NONE` until first needed.
    pub(super) tri: u32,
}

/// Segment clearance of a cached edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Clear {
    Untested,
    Yes,
    No,
}

/// The cache of one (snapshot revision, radius).
#[derive(Default, Debug, Clone)]
pub(super) struct EdgeCache {
    key: Option<(u64, u64)>,
    epoch: u32,
    last_use: u64,
    /// Per side slot (`2 v + [dir < 0]`): `epoch` when `range` is filled.
    stamp: Vec<u32>,
    /// Per side slot: the query (`query`) that last expanded it.
    seen: Vec<u32>,
    /// Queries run on this cache, never reset (wraps: `seen` cleared).
    query: u32,
    /// `query` when the cache was last dropped.
    since: u32,
    range: Vec<(u32, u32)>,
    /// Per side slot: the edges reach every corner within this distance
    /// (`INFINITY`: every corner of the free gap).
    reach: Vec<f64>,
    pub(super) edges: Vec<Edge>,
    pub(super) clear: Vec<Clear>,
    /// Per vertex: walls within 2 r, except those at the vertex.
    near_stamp: Vec<u32>,
    near_range: Vec<(u32, u32)>,
    pub(super) near_pool: Vec<(Point, Point)>,
}

impl EdgeCache {
    fn reset(&mut self, key: (u64, u64)) {
        self.key = Some(key);
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.near_stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.edges.clear();
        self.clear.clear();
        self.near_pool.clear();
        self.since = self.query;
    }

    /// A new query on this cache.
    fn next_query(&mut self) {
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.query = 1;
            self.since = 0;
        }
    }

    fn fit(&mut self, nv: usize) {
        if self.near_stamp.len() < nv {
            self.near_stamp.resize(nv, 0);
            self.near_range.resize(nv, (0, 0));
        }
        if self.stamp.len() < 2 * nv {
            self.stamp.resize(2 * nv, 0);
            self.seen.resize(2 * nv, 0);
            self.range.resize(2 * nv, (0, 0));
            self.reach.resize(2 * nv, 0.0);
        }
    }

    /// The walls near `v`, when cached.
    pub(super) fn near(&self, v: u32) -> Option<(u32, u32)> {
        (self.near_stamp[v as usize] == self.epoch).then(|| self.near_range[v as usize])
    }

    pub(super) fn set_near(&mut self, v: u32, rg: (u32, u32)) {
        self.near_stamp[v as usize] = self.epoch;
        self.near_range[v as usize] = rg;
    }
}

/// Side slot of vertex `v` wrapped in direction `dir`.
#[inline]
pub(super) fn slot(v: u32, dir: f64) -> usize {
    2 * v as usize + usize::from(dir < 0.0)
}

impl TangentSearch {
    /// Forgets every cache (as a change of the snapshot does).
    #[cfg(feature = "testing")]
    pub(crate) fn forget(&mut self) {
        self.caches.iter_mut().for_each(|c| c.key = None);
    }

    /// Selects (and if needed resets) the cache of `nav`'s revision and
    /// radius `r`.
    pub(super) fn sync_cache(&mut self, nav: &NavMesh, r: f64) {
        let key = (nav.revision(), r.to_bits());
        self.uses += 1;
        let stale = |c: &EdgeCache| c.key.is_none_or(|(rev, _)| rev != key.0);
        let pick = if let Some(k) = self.caches.iter().position(|c| c.key == Some(key)) {
            k
        } else if let Some(k) = self.caches.iter().position(stale) {
            // One of another snapshot (or forgotten): its buffers reused.
            k
        } else if self.caches.len() < RADII {
            self.caches.push(EdgeCache::default());
            self.caches.len() - 1
        } else {
            (0..self.caches.len())
                .min_by_key(|&k| self.caches[k].last_use)
                .unwrap_or(0)
        };
        let c = &mut self.caches[pick];
        if c.key != Some(key) {
            c.reset(key);
        }
        c.last_use = self.uses;
        c.next_query();
        c.fit(nav.pos.len());
        self.cur = pick;
    }

    /// The current cache (see [`TangentSearch::sync_cache`]).
    #[inline]
    pub(super) fn cache(&self) -> &EdgeCache {
        &self.caches[self.cur]
    }

    #[inline]
    pub(super) fn cache_mut(&mut self) -> &mut EdgeCache {
        &mut self.caches[self.cur]
    }

    /// The tangent edges leaving the circle of `v` in direction `dir`
    /// (range into the cache's `edges`, sorted by departure offset) and
    /// the distance (at least `need`) within which they reach every
    /// corner: on the side's first expansion in a query after one that
    /// expanded it too, a visibility flood from `v` over its free gap to
    /// distance `need` and the tangents to every corner it sees (a side
    /// cached to a shorter distance is flooded again, at least twice as
    /// far); `None` before (the caller floods the arrival's cone).
    pub(super) fn edges_of(
        &mut self,
        nav: &NavMesh,
        v: u32,
        dir: f64,
        r: f64,
        need: f64,
    ) -> Option<(u32, u32, f64)> {
        let k = slot(v, dir);
        let c = self.cache_mut();
        let reach = if c.stamp[k] == c.epoch {
            let (b, e) = c.range[k];
            let have = c.reach[k];
            if have >= need {
                self.work += 1;
                return Some((b, e, have));
            }
            // Its old edges stay in `edges`, unused, until the cache drops.
            need.max(2.0 * have)
        } else {
            // Expanded by an earlier query since the drop: worth the flood.
            let earlier = c.seen[k] > c.since && c.seen[k] < c.query;
            c.seen[k] = c.query;
            if !earlier {
                return None;
            }
            need
        };
        self.work += FLOOD_WORK;
        let b = self.cand_pool.len();
        self.fan_of(nav, v);
        self.gap_wedge(nav, v);
        let pv = nav.p(v);
        let ring = Reach {
            inner: -1.0,
            outer: reach,
        };
        self.visible(nav, pv, true, None, ring);
        let reach = if self.cut.reach { reach } else { f64::INFINITY };
        let (cb, ce) = dedup_tail(&mut self.cand_pool, b as u32);
        let begin = self.cache().edges.len();
        for i in cb..ce {
            let w = self.cand_pool[i as usize];
            let pw = nav.p(w);
            for dw in [1.0, -1.0] {
                let Some((p, q)) = tangent(pv, r, dir, pw, r, dw) else {
                    continue;
                };
                if !self.in_arc(nav, w, q) {
                    continue;
                }
                let Some(o) = self.arc_pos(nav, v, dir, p) else {
                    continue;
                };
                // Off the arc of `w`: such an arrival is dropped when popped.
                let Some(oq) = self.arc_pos(nav, w, dw, q) else {
                    continue;
                };
                let len = p.distance(q);
                self.cache_mut().edges.push(Edge {
                    w,
                    dw,
                    p,
                    q,
                    o,
                    len,
                    oq,
                    tri: NONE,
                });
            }
        }
        self.cand_pool.truncate(b);
        let c = self.cache_mut();
        c.edges[begin..].sort_unstable_by(|x, y| x.o.total_cmp(&y.o));
        let end = c.edges.len();
        c.clear.resize(end, Clear::Untested);
        let rg = (begin as u32, end as u32);
        c.stamp[k] = c.epoch;
        c.range[k] = rg;
        c.reach[k] = reach;
        Some((rg.0, rg.1, reach))
    }
}
