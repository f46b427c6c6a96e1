//! What the search keeps across queries: per corner and side, the tangent
//! edges leaving its circle (to every corner within the distance the
//! queries so far needed, see `TangentSearch::defer`, seen from it in the
//! cone those edges can reach, see `side_cone`),
//! sorted by where they leave the free arc, each with its segment
//! clearance once tested; and per corner the walls within `2 r`.
//!
//! None of it depends on the query: only on the walls near the corner
//! and the radius (the triangles only lead the floods to them). A side's
//! edges are kept when a query expands it that an earlier query expanded
//! too; until then each expansion floods only the cone of its arrival.
//! Nothing is asked of the side's whole first ring: in a world changing
//! every frame such a rule would keep nothing.
//!
//! Kept entries survive changes elsewhere. A side remembers where its
//! flood reached: the box of every triangle it entered, and per angular
//! sector round the corner how far those triangles reach ([`profile`]);
//! it holds while no update since its fill changed a wall or a vertex
//! within `2 r` of that region (the walls its clearance tests can see;
//! `NavMesh`'s history of changed boxes, checked lazily when the entry is
//! next used). A flood down several streets has a box that is mostly
//! empty; the profile keeps a change in a walled-off block from dropping
//! it. A change that does come near names the sectors it meets: when
//! they span at most half a turn, only they are flooded again and the
//! side's other edges kept ([`repair`]); else the side is dropped. So a
//! game moving a door refloods the wedges of the corners that see the
//! door, not the world. A cache is keyed by the snapshot's lineage (a rebuild starts
//! a new one) and the radius; a few radii are kept side by side (least
//! recently used replaced). Entries dropped leave their edges behind until
//! they outnumber the live ones, then the buffers are compacted (amortised
//! over the fills).

use std::f64::consts::{FRAC_PI_2, FRAC_PI_6};

use super::*;
use crate::geometry::Rect;
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
    /// A triangle holding `q` (for the bound) and the `hint_epoch` when
    /// it was found (see `EdgeCache::hint_epoch`); `NONE` until needed.
    pub(super) tri: (u32, u32),
    /// The profile sectors of the sight line from the corner to `w`
    /// (what the edge depends on, see [`repair`]).
    pub(super) sect: [u8; 2],
}

/// Segment clearance of a cached edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Clear {
    Untested,
    Yes,
    No,
}

/// A side (corner and direction) expanded since the cache was reset.
#[derive(Clone, Copy, Debug)]
struct Side {
    /// Its slot (`EdgeCache::side_ix` points back here).
    slot: u32,
    /// The query that last expanded it before its edges were kept.
    seen: u32,
    /// `range` holds its edges, valid at revision `rev` (of the fill or
    /// of the last check) for the walls within `2 r` of the triangles
    /// its flood entered: inside the box `dep`, and described round the
    /// corner (at `at` then) by the profile at `prof` in `prof_pool`
    /// (`NONE`: filled while the snapshot had never changed, the box
    /// alone; see `flood_edges`).
    filled: bool,
    range: (u32, u32),
    at: Point,
    prof: u32,
    /// The edges reach every corner within this distance (`INFINITY`:
    /// every corner of the side's cone).
    reach: f64,
    /// The outer radius of the flood that filled it (a repair floods as
    /// far).
    outer: f64,
    rev: u64,
    dep: Rect,
}

/// What the check of a kept side finds.
#[derive(Clone, Copy, Debug)]
enum Check {
    /// Nothing changed near what it saw.
    Holds,
    /// Changes came near it in these sectors only (a run of at most half
    /// a turn, see [`profile::run`]): its edges there are flooded again.
    Repair((usize, usize)),
    /// Not filled, or dropped now.
    Dropped,
}

/// The walls within `2 r` of a corner, valid at revision `rev`.
#[derive(Clone, Copy, Debug)]
struct Near {
    v: u32,
    range: (u32, u32),
    rev: u64,
}

/// Edges (and near walls) given up before the buffers are compacted:
/// past twice the live ones and this many.
const SLACK: usize = 1 << 16;

/// The cache of one (snapshot lineage, radius).
#[derive(Default, Debug, Clone)]
pub(super) struct EdgeCache {
    key: Option<(u64, u64)>,
    last_use: u64,
    /// Queries run on this cache (wraps: every `seen` cleared).
    query: u32,
    /// Per side slot (`2 v + [dir < 0]`): its index in `sides` (a sparse
    /// set: cleared in O(1)).
    side_ix: Vec<u32>,
    sides: Vec<Side>,
    /// Per vertex: its index in `nears`.
    near_ix: Vec<u32>,
    nears: Vec<Near>,
    /// Edges and near walls in the ranges of live entries.
    live_edges: usize,
    live_near: usize,
    live_prof: usize,
    pub(super) edges: Vec<Edge>,
    pub(super) clear: Vec<Clear>,
    /// `edges[k].o` for every `k` (a side's offsets packed: the binary
    /// search of `first_after` touches a few cache lines, not one per
    /// probe; see [`EdgeCache::sync_offsets`]).
    pub(super) os: Vec<f64>,
    /// Bumped by every update of the snapshot (`hint_rev` the last one
    /// seen): an edge's triangle is trusted while its epoch is this one,
    /// else only where a walk starts (kept edges outlive changes of the
    /// triangles round unchanged walls).
    pub(super) hint_epoch: u32,
    hint_rev: u64,
    pub(super) near_pool: Vec<(Point, Point)>,
    /// The profiles of the live sides ([`profile::SECTORS`] each).
    prof_pool: Vec<f32>,
}

/// The changed boxes a kept side is checked against, those that nearly
/// coincide merged: an object moving between two checks leaves one box
/// per move, all round its home. A merged box holds its parts, so the test against it
/// names every sector they would (and may name more).
struct Coalesced {
    boxes: [Rect; COALESCE],
    n: usize,
}

/// Most merged boxes a check keeps (the others are tested one by one).
const COALESCE: usize = 8;

impl Coalesced {
    fn new() -> Coalesced {
        let o = Point::new(0.0, 0.0);
        Coalesced {
            boxes: [Rect::new(o, o); COALESCE],
            n: 0,
        }
    }

    /// Merges `b` into a kept box that it grows by at most a quarter of
    /// its size (half width plus half height), else keeps it; `Some(b)`
    /// when every slot is taken (to be tested alone).
    fn add(&mut self, b: &Rect) -> Option<Rect> {
        let size = |x: &Rect| (x.max.x - x.min.x) + (x.max.y - x.min.y);
        for k in &mut self.boxes[..self.n] {
            let u = k.union(b);
            if size(&u) <= 1.25 * size(k).max(size(b)) {
                *k = u;
                return None;
            }
        }
        if self.n == COALESCE {
            return Some(*b);
        }
        self.boxes[self.n] = *b;
        self.n += 1;
        None
    }

    fn boxes(&self) -> &[Rect] {
        &self.boxes[..self.n]
    }
}

/// `b` grown by `d` and a margin for rounding: a cache entry may be
/// dropped too early, never kept too long.
fn widen(b: Rect, d: f64) -> Rect {
    let m = [b.min.x, b.min.y, b.max.x, b.max.y]
        .iter()
        .fold(0.0f64, |m, x| m.max(x.abs()));
    b.inflate(d * (1.0 + 1e-6) + 1e-9 * m)
}

/// The sectors of the directions from corner `v` to the corners its
/// side `slot` (`2 v + [dir < 0]`) can have an edge to, among those at
/// least `TILT_AT[k]` times `2 r` from `v`. A tangent leaves the circle
/// of `v` at a point `p` of its free arc, at angle `a`, moving at
/// `a + dir 90` degrees; the far centre `w` lies along that direction
/// (an outer tangent) or turned back towards `p` by `asin(2 r / |v w|)`,
/// at most `TILT[k]` (an inner one: `w - v = L m + 2 (p - v)`). So `w`
/// lies from the arc's start plus 90 degrees less that turn to its end
/// plus 90 degrees (`dir > 0`), or from its start less 90 degrees to its
/// end less 90 degrees plus the turn. [`profile::ALL`] for a vertex no
/// longer wrappable (a change at `v`: the caller drops the side first).
fn side_dirs(nav: &NavMesh, slot: u32, k: usize) -> profile::Mask {
    let v = (slot / 2) as usize;
    if !nav.arcs.useful.get(v) {
        return profile::ALL;
    }
    let arc = nav.arcs.arc(v);
    let t = TILT[k];
    let (a0, a1) = if slot.is_multiple_of(2) {
        (arc.arc0 + FRAC_PI_2 - t, arc.arc0 + arc.arcw + FRAC_PI_2)
    } else {
        (arc.arc0 - FRAC_PI_2, arc.arc0 + arc.arcw - FRAC_PI_2 + t)
    };
    profile::span_sectors(a0, a1)
}

/// The largest turn of an inner tangent's far centre (see [`side_dirs`])
/// when it lies at least `TILT_AT[k]` times `2 r` away: `asin(1 / x)`.
const TILT: [f64; 3] = [FRAC_PI_2, FRAC_PI_6 + 1e-15, 0.125_327_831_168_066];
const TILT_AT: [f64; 3] = [0.0, 2.0, 8.0];

/// The class of [`TILT`] for corners at least `d` from the side's corner.
fn tilt_class(d: f64, r: f64) -> usize {
    let t = 2.0 * r * (1.0 + 1e-6);
    (0..3).rev().find(|&k| d >= TILT_AT[k] * t).unwrap_or(0)
}

/// The box `d` around `p` (see [`widen`]).
fn around(p: Point, d: f64) -> Rect {
    widen(Rect::new(p, p), d)
}

impl EdgeCache {
    fn reset(&mut self, key: (u64, u64)) {
        self.key = Some(key);
        self.sides.clear();
        self.nears.clear();
        self.edges.clear();
        self.clear.clear();
        self.os.clear();
        self.near_pool.clear();
        self.prof_pool.clear();
        self.live_edges = 0;
        self.live_near = 0;
        self.live_prof = 0;
    }

    /// A new query on this cache.
    fn next_query(&mut self) {
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            self.sides.iter_mut().for_each(|s| s.seen = 0);
            self.query = 1;
        }
    }

    /// A new epoch of the arrival triangles when `nav` changed since the
    /// last query (the triangles kept before are then walk starts only).
    pub(super) fn sync_hints(&mut self, nav: &NavMesh) {
        if self.hint_rev != nav.revision() {
            self.hint_rev = nav.revision();
            self.hint_epoch = self.hint_epoch.wrapping_add(1);
            if self.hint_epoch == 0 {
                self.edges.iter_mut().for_each(|x| x.tri.1 = 0);
                self.hint_epoch = 1;
            }
        }
    }

    /// The triangle of an edge's arrival point when it can be trusted
    /// (found in this epoch), without a walk.
    pub(super) fn fresh_tri(&self, tri: (u32, u32)) -> Option<u32> {
        (tri.0 != NONE && tri.1 == self.hint_epoch).then_some(tri.0)
    }

    /// Brings `os` in line with `edges` after edges were appended or the
    /// tail cut (the prefix kept is unchanged).
    pub(super) fn sync_offsets(&mut self) {
        self.os.truncate(self.edges.len());
        let n = self.os.len();
        self.os.extend(self.edges[n..].iter().map(|x| x.o));
    }

    fn fit(&mut self, nv: usize) {
        if self.near_ix.len() < nv {
            self.near_ix.resize(nv, NONE);
        }
        if self.side_ix.len() < 2 * nv {
            self.side_ix.resize(2 * nv, NONE);
        }
    }

    /// The index in `sides` of slot `k`, added if new.
    fn side(&mut self, k: usize) -> usize {
        let i = self.side_ix[k] as usize;
        if i < self.sides.len() && self.sides[i].slot as usize == k {
            return i;
        }
        self.side_ix[k] = self.sides.len() as u32;
        self.sides.push(Side {
            slot: k as u32,
            seen: 0,
            filled: false,
            range: (0, 0),
            at: Point::new(0.0, 0.0),
            prof: 0,
            reach: 0.0,
            outer: 0.0,
            rev: 0,
            dep: Rect::new(Point::new(0.0, 0.0), Point::new(0.0, 0.0)),
        });
        self.sides.len() - 1
    }

    /// Whether side `i`'s edges still hold on `nav`, need a repair of
    /// some sectors, or are dropped (now, when a change came near them
    /// all round).
    fn side_check(&mut self, nav: &NavMesh, i: usize) -> Check {
        let s = self.sides[i];
        if !s.filled {
            return Check::Dropped;
        }
        if s.rev == nav.revision() {
            return Check::Holds;
        }
        let reach = &self.prof_pool[prof_range(&s)];
        let r = self.key.map_or(f64::INFINITY, |k| f64::from_bits(k.1));
        let o = s.at;
        let mut hit = 0;
        // Only the directions this side's edges can take matter, for the
        // corners beyond the box's distance less the margin (an edge a
        // change alters has its sight line within the margin of it).
        let mut dirs = [None; 3];
        let known = nav.history.changes_since(s.rev, &s.dep).map(|changes| {
            if reach.is_empty() {
                // Filled before the snapshot changed: the box alone.
                if changes.into_iter().next().is_some() {
                    hit = profile::ALL;
                }
                return;
            }
            // The sectors box `b` hits (`ALL` when near the corner: its
            // arc may have changed).
            let mut test = |b: &Rect, hit: &mut profile::Mask| {
                // The margin of `widen` (2 r and its rounding slack).
                let m = [b.min.x, b.min.y, b.max.x, b.max.y, o.x, o.y]
                    .iter()
                    .fold(0.0f64, |m, x| m.max(x.abs()));
                let margin = 2.0 * r * (1.0 + 1e-6) + 2e-9 * m;
                let h = profile::hits(reach, o, b, margin);
                if h == profile::ALL {
                    *hit = profile::ALL;
                } else if h != 0 {
                    let k = tilt_class(b.distance(o) - margin, r);
                    let h = h & *dirs[k].get_or_insert_with(|| side_dirs(nav, s.slot, k));
                    *hit |= h;
                }
            };
            let mut near = Coalesced::new();
            for b in changes {
                if let Some(b) = near.add(b) {
                    test(&b, &mut hit);
                }
                if hit == profile::ALL {
                    return;
                }
            }
            for b in near.boxes() {
                test(b, &mut hit);
            }
        });
        if known.is_some() {
            if hit == 0 {
                self.sides[i].rev = nav.revision();
                return Check::Holds;
            }
            let run = profile::run(hit);
            if run.1 <= profile::SECTORS / 2 {
                return Check::Repair(run);
            }
        }
        let s = &mut self.sides[i];
        s.filled = false;
        self.live_edges -= (s.range.1 - s.range.0) as usize;
        self.live_prof -= prof_range(s).len();
        Check::Dropped
    }

    /// The walls near `v`, when cached and still holding on `nav`.
    pub(super) fn near(&mut self, nav: &NavMesh, v: u32, lim: f64) -> Option<(u32, u32)> {
        let i = self.near_ix[v as usize] as usize;
        if i >= self.nears.len() || self.nears[i].v != v {
            return None;
        }
        let n = &mut self.nears[i];
        if n.rev != nav.revision() {
            if !nav.history.unchanged(n.rev, &around(nav.p(v), lim)) {
                // Dropped: a later `set_near` takes the slot over.
                n.v = NONE;
                self.live_near -= (n.range.1 - n.range.0) as usize;
                return None;
            }
            n.rev = nav.revision();
        }
        Some(n.range)
    }

    pub(super) fn set_near(&mut self, nav: &NavMesh, v: u32, rg: (u32, u32)) {
        let n = Near {
            v,
            range: rg,
            rev: nav.revision(),
        };
        let i = self.near_ix[v as usize] as usize;
        if i < self.nears.len() && self.nears[i].v == NONE {
            self.nears[i] = n;
        } else {
            self.near_ix[v as usize] = self.nears.len() as u32;
            self.nears.push(n);
        }
        self.live_near += (rg.1 - rg.0) as usize;
    }

    /// Gives back the edges and near walls of entries no longer live,
    /// once they outnumber the live ones (amortised over their fills).
    fn compact(&mut self) {
        if self.edges.len() > 2 * self.live_edges + SLACK
            || self.prof_pool.len() > 2 * self.live_prof + SLACK
        {
            let mut edges = Vec::with_capacity(self.live_edges);
            let mut clear = Vec::with_capacity(self.live_edges);
            let mut prof = Vec::with_capacity(self.live_prof);
            for i in 0..self.sides.len() {
                // Checked when next used, not here (a check walks the
                // history since the side's revision).
                if !self.sides[i].filled {
                    continue;
                }
                let s = &mut self.sides[i];
                let (b, e) = (s.range.0 as usize, s.range.1 as usize);
                let nb = edges.len() as u32;
                edges.extend_from_slice(&self.edges[b..e]);
                clear.extend_from_slice(&self.clear[b..e]);
                s.range = (nb, edges.len() as u32);
                if s.prof != NONE {
                    let p = prof_range(s);
                    s.prof = prof.len() as u32;
                    prof.extend_from_slice(&self.prof_pool[p]);
                }
            }
            self.live_edges = edges.len();
            self.live_prof = prof.len();
            self.edges = edges;
            self.clear = clear;
            self.os.clear();
            self.sync_offsets();
            self.prof_pool = prof;
        }
        if self.near_pool.len() > 2 * self.live_near + SLACK {
            let mut pool = Vec::with_capacity(self.live_near);
            for i in 0..self.nears.len() {
                // Checked when next used, as the sides are.
                if self.nears[i].v == NONE {
                    continue;
                }
                let n = &mut self.nears[i];
                let nb = pool.len() as u32;
                pool.extend_from_slice(&self.near_pool[n.range.0 as usize..n.range.1 as usize]);
                n.range = (nb, pool.len() as u32);
            }
            self.live_near = pool.len();
            self.near_pool = pool;
        }
    }
}

/// Where side `s`'s profile lies in `prof_pool` (empty when it has none).
fn prof_range(s: &Side) -> std::ops::Range<usize> {
    if s.prof == NONE {
        0..0
    } else {
        s.prof as usize..s.prof as usize + profile::SECTORS
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

    /// Selects (and if needed resets) the cache of `nav`'s lineage and
    /// radius `r`.
    pub(super) fn sync_cache(&mut self, nav: &NavMesh, r: f64) {
        let key = (nav.history.lineage(), r.to_bits());
        self.uses += 1;
        let stale = |c: &EdgeCache| c.key.is_none_or(|(lin, _)| lin != key.0);
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
        c.sync_hints(nav);
        c.next_query();
        c.fit(nav.pos.len());
        c.compact();
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
    /// expanded it too (with no change near `v` in between), a visibility
    /// flood from `v` over the side's cone to distance `need` and the tangents
    /// to every corner it sees (a side cached to a shorter distance is
    /// flooded again, at least twice as far); `None` before (the caller
    /// floods the arrival's cone). Kept edges hold until a change meets
    /// the box of the flood's triangles widened by `2 r` (the walls their
    /// clearance tests see).
    pub(super) fn edges_of(
        &mut self,
        nav: &NavMesh,
        v: u32,
        dir: f64,
        r: f64,
        need: f64,
    ) -> Option<(u32, u32, f64)> {
        let k = slot(v, dir);
        let pv = nav.p(v);
        let c = self.cache_mut();
        let i = c.side(k);
        let was = c.sides[i].filled;
        let holds = match c.side_check(nav, i) {
            Check::Holds => true,
            Check::Dropped => false,
            Check::Repair(run) => {
                self.repair(nav, i, (v, dir), r, run);
                true
            }
        };
        let c = self.cache_mut();
        let reach = if holds {
            let s = &mut c.sides[i];
            let have = s.reach;
            if have >= need {
                let rg = s.range;
                self.work += 1;
                self.counts.kept += 1;
                return Some((rg.0, rg.1, have));
            }
            // Its old edges stay in `edges`, unused, until compacted.
            s.filled = false;
            c.live_edges -= (s.range.1 - s.range.0) as usize;
            c.live_prof -= prof_range(s).len();
            self.counts.regrown += 1;
            need.max(2.0 * have)
        } else {
            let q = c.query;
            let s = &mut c.sides[i];
            // Expanded by an earlier query: worth the flood (kept until a
            // change comes near what it saw).
            let earlier = s.seen != 0 && s.seen < q;
            s.seen = q;
            self.counts.dropped += u64::from(was);
            if !earlier {
                self.counts.cone += 1;
                return None;
            }
            self.counts.filled += 1;
            need
        };
        self.work += FLOOD_WORK;
        let outer = reach;
        let (begin, end, reach, dep) = self.flood_edges(nav, v, dir, r, reach);
        let prof = std::mem::take(&mut self.profile);
        let tracked = !prof.is_empty();
        let c = self.cache_mut();
        let at = if tracked {
            c.prof_pool.len() as u32
        } else {
            NONE
        };
        c.prof_pool.extend_from_slice(&prof);
        let s = &mut c.sides[c.side_ix[k] as usize];
        s.filled = true;
        s.range = (begin, end);
        s.at = pv;
        s.prof = at;
        s.reach = reach;
        s.outer = outer;
        s.rev = nav.revision();
        s.dep = dep;
        c.live_edges += (end - begin) as usize;
        c.live_prof += prof.len();
        self.profile = prof;
        Some((begin, end, reach))
    }

    /// Floods from `v` over the side's cone to distance `reach` and appends
    /// the tangent edges to every corner seen to the cache's `edges`
    /// (sorted by departure offset, clearance untested): their range, the
    /// distance within which they reach every corner (`INFINITY` when the
    /// flood was not cut), and the box they depend on.
    pub(super) fn flood_edges(
        &mut self,
        nav: &NavMesh,
        v: u32,
        dir: f64,
        r: f64,
        reach: f64,
    ) -> (u32, u32, f64, Rect) {
        let b = self.cand_pool.len();
        // A snapshot never changed (a static map) has nothing to keep a
        // side from: the box alone, and no profile to pay for.
        let track = nav.revision() != nav.history.lineage();
        // Only the side's own region: where the tangents leaving its free
        // arc can reach a centre (see `Cone`).
        let cone = side_cone(nav, v, dir, r);
        let ((cb, ce), dep) = self.flood_side(nav, v, Some(&cone), reach, track);
        let reach = if self.cut.reach { reach } else { f64::INFINITY };
        let mut edges = std::mem::take(&mut self.cache_mut().edges);
        let begin = edges.len();
        self.tangent_edges(nav, (v, dir), r, (cb, ce), profile::ALL, &mut edges);
        self.cand_pool.truncate(b);
        edges[begin..].sort_unstable_by(|x, y| x.o.total_cmp(&y.o));
        let c = self.cache_mut();
        c.edges = edges;
        let end = c.edges.len();
        c.clear.resize(end, Clear::Untested);
        c.sync_offsets();
        // The segments of the edges keep `r` from walls within `2 r` of
        // the flood (a tangent point is within `r` of its corner).
        (begin as u32, end as u32, reach, widen(dep, 2.0 * r))
    }
}

impl TangentSearch {
    /// Floods from corner `v` over its free gap (inside `cone` if given)
    /// to distance `outer`, with its profile into `profile` when `track`:
    /// the range of the corners seen in `cand_pool` (sorted, the caller
    /// truncates) and the box of the triangles entered and `v`.
    pub(super) fn flood_side(
        &mut self,
        nav: &NavMesh,
        v: u32,
        cone: Option<&Cone>,
        outer: f64,
        track: bool,
    ) -> ((u32, u32), Rect) {
        let pv = nav.p(v);
        let b = self.cand_pool.len();
        self.fan_of(nav, v);
        self.gap_wedge(nav, v);
        let ring = Reach {
            inner: -1.0,
            outer,
            centre: None,
        };
        self.profile.clear();
        if track {
            self.profile.resize(profile::SECTORS, 0.0);
            self.prof_abs = prof_abs(nav);
            self.flood::<true>(nav, pv, true, cone, ring);
        } else {
            self.flood::<false>(nav, pv, true, cone, ring);
        }
        let mut dep = self.flood_box.unwrap_or(Rect::new(pv, pv));
        dep.add(pv);
        (dedup_tail(&mut self.cand_pool, b as u32), dep)
    }

    /// Appends to `out` the tangent edges leaving the circle of `v` in
    /// direction `dir` to the circles of the corners `cand_pool[cb..ce]`
    /// whose sight line from `v` lies in a sector of `sectors`.
    fn tangent_edges(
        &self,
        nav: &NavMesh,
        (v, dir): (u32, f64),
        r: f64,
        (cb, ce): (u32, u32),
        sectors: profile::Mask,
        out: &mut Vec<Edge>,
    ) {
        let pv = nav.p(v);
        for i in cb..ce {
            let w = self.cand_pool[i as usize];
            let pw = nav.p(w);
            let sect = profile::sectors_of(pv, pw);
            if !profile::meets_mask(sectors, sect) {
                continue;
            }
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
                out.push(Edge {
                    w,
                    dw,
                    p,
                    q,
                    o,
                    len: p.distance(q),
                    oq,
                    tri: (NONE, 0),
                    sect,
                });
            }
        }
    }
}

/// Where every successor of side `(v, dir)` can lie: the cone of an
/// arrival at the start of its free arc (see [`Cone`]; for a quarter-turn
/// corner a third of its free gap, far from it). The cone is convex and
/// holds `v`, so it holds the sight line to every successor: the flood's
/// profile and box cover them as a flood of the whole gap would.
fn side_cone(nav: &NavMesh, v: u32, dir: f64, r: f64) -> Cone {
    let e = nav.arcs.arc(v as usize).ends;
    let start = if dir > 0.0 {
        (e[0], e[1])
    } else {
        (e[2], e[3])
    };
    let c = nav.p(v);
    let at = Point::new(c.x + r * start.0, c.y + r * start.1);
    Cone::arrival(nav, v, r, at, 0.0, dir)
}

/// The absolute rounding slack of a profile's distances on `nav`: `1e-9`
/// of its coordinates.
fn prof_abs(nav: &NavMesh) -> f64 {
    let wb = nav.bounds();
    1e-9 * [wb.min.x, wb.min.y, wb.max.x, wb.max.y]
        .iter()
        .fold(0.0f64, |m, x| m.max(x.abs()))
}

/// The distance within which `near_walls` keeps a corner's walls.
pub(super) fn near_limit(r: f64) -> f64 {
    // The band at 2 r is kept: `near_walls` decides it exactly.
    2.0 * r * (1.0 + CLEAR_TOL)
}

#[cfg(feature = "testing")]
mod audit;
pub(super) mod profile;
mod repair;

#[cfg(test)]
mod tests {
    use super::*;

    /// The tangent edges of side `(v, dir)` from a flood limited to
    /// `cone` (`None`: the whole free gap), as comparable keys.
    fn side_keys(
        ts: &mut TangentSearch,
        nav: &NavMesh,
        (v, dir): (u32, f64),
        r: f64,
        cone: Option<&Cone>,
    ) -> Vec<(u32, u64, u64, u64)> {
        let b = ts.cand_pool.len();
        let ((cb, ce), _) = ts.flood_side(nav, v, cone, f64::INFINITY, false);
        let mut out = Vec::new();
        ts.tangent_edges(nav, (v, dir), r, (cb, ce), profile::ALL, &mut out);
        ts.cand_pool.truncate(b);
        let mut keys: Vec<_> = out
            .iter()
            .map(|x| (x.w, x.dw.to_bits(), x.o.to_bits(), x.oq.to_bits()))
            .collect();
        keys.sort_unstable();
        keys
    }

    /// Brute force: a side floods only its cone (`side_cone`), and keeps
    /// every edge a flood of its whole free gap finds, on pseudo-random
    /// walls and boxes at three radii.
    #[test]
    fn a_sides_cone_keeps_every_edge_of_its_whole_gap() {
        let (cdt, _) = crate::path::lcg::walls_and_boxes(0x5eed);
        let nav = NavMesh::from_cdt(&cdt);
        let mut ts = TangentSearch::default();
        let (mut sides, mut edges) = (0, 0);
        for r in [0.25, 1.0, 3.0] {
            ts.begin(&nav);
            ts.sync_cache(&nav, r);
            for v in 0..nav.pos.len() as u32 {
                if !nav.arcs.useful.get(v as usize) {
                    continue;
                }
                for dir in [1.0, -1.0] {
                    let cone = side_cone(&nav, v, dir, r);
                    let got = side_keys(&mut ts, &nav, (v, dir), r, Some(&cone));
                    let all = side_keys(&mut ts, &nav, (v, dir), r, None);
                    assert_eq!(got, all, "r {r}, vertex {v} at {:?}, side {dir}", nav.p(v));
                    sides += 1;
                    edges += all.len();
                }
            }
        }
        assert!(sides > 500 && edges > 5000, "{sides} sides, {edges} edges");
    }

    #[test]
    fn each_tilt_bounds_the_turn_of_its_class() {
        // `asin(1 / x)`, the turn at `x` times `2 r` (and every farther
        // one), must not exceed the class's bound; class 0 is every turn.
        assert_eq!(TILT[0], FRAC_PI_2);
        for k in 1..3 {
            assert!(TILT[k] >= (1.0 / TILT_AT[k]).asin(), "{k}");
            assert!(TILT[k] < (1.0 / TILT_AT[k]).asin() + 1e-12, "{k}: tight");
        }
        // A distance picks the tightest class it is far enough for.
        assert_eq!(tilt_class(0.5, 1.0), 0);
        assert_eq!(tilt_class(4.1, 1.0), 1);
        assert_eq!(tilt_class(15.9, 1.0), 1);
        assert_eq!(tilt_class(16.1, 1.0), 2);
    }
}
