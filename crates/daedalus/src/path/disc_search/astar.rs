//! The lazy A* over the tangent graph: pushing, expanding, checking and
//! dominating arrivals.

use super::*;
use crate::geometry::tolerance;
use clearance::End;

impl TangentSearch {
    /// Pushes `s` with `f = g + h`: `h` the larger of the Euclidean
    /// distance, the parent's bound less the step (a valid path from
    /// the parent through `s` is no shorter than the parent's bound) and,
    /// when `s` comes keyed, its own shut-mesh bound.
    pub(super) fn push(&mut self, mut s: State, goal: Point) {
        let id = self.scratch.states.len() as u32;
        let p = &self.scratch.states[s.parent as usize];
        let inherited = p.h - (s.g - p.g);
        // Keyed when made: its shut-mesh bound is already in `h`.
        let pre = if s.keyed { s.h } else { 0.0 };
        s.h = if s.v == GOAL {
            0.0
        } else {
            s.at.distance(goal).max(inherited).max(pre)
        };
        let f = s.g + s.h;
        self.scratch.states.push(s);
        self.scratch.heap.push(f, id);
    }

    /// Raises the bound of popped state `id` (key `f`) by the shut-mesh
    /// bound of its arrival point (found from its corner's triangles by a
    /// short walk), unless it took it when pushed; `true` when that raised
    /// its key and it was pushed back (a larger key, so the radix heap
    /// keeps its order: when the new key still comes first it is popped
    /// right back).
    pub(super) fn rekey(&mut self, nav: &NavMesh, search: &Search, id: u32, f: f64) -> bool {
        let s = self.scratch.states[id as usize];
        if s.keyed || s.v == GOAL || s.v == START || !self.scratch.bound.active() {
            return false;
        }
        self.scratch.states[id as usize].keyed = true;
        let c = nav.arcs.vcorner[s.v as usize];
        if c == NONE {
            return false;
        }
        // A cached edge keeps the triangle of its arrival point (see
        // `EdgeCache::hint_epoch`), copied into the state when pushed.
        let (hint, fresh) = if s.edge == NONE {
            (NONE, false)
        } else {
            (s.tri.0, self.cache().fresh_tri(s.tri).is_some())
        };
        let t = if hint != NONE && fresh {
            Some(hint)
        } else if hint != NONE && nav.tv.get(3 * hint as usize).is_some_and(|&v| v != NONE) {
            nav.walk_from(hint, s.at)
        } else {
            nav.walk_from(c / 3, s.at)
        };
        let Some(t) = t else {
            return false;
        };
        if s.edge != NONE && !(fresh && t == hint) {
            let c = self.cache_mut();
            let ep = c.hint_epoch;
            c.edges[s.edge as usize].tri = (t, ep);
        }
        let h = self.scratch.bound.point(nav, search, t, s.at);
        if h <= s.h {
            return false;
        }
        self.scratch.states[id as usize].h = h;
        let nf = s.g + h;
        if nf <= f {
            return false;
        }
        self.scratch.heap.push(nf, id);
        true
    }

    /// Runs the backward radius-0 search of the bound (popped states take
    /// it in [`TangentSearch::rekey`]). `false` when not even a point can
    /// reach the goal through the edges wide enough for the disc.
    pub(super) fn tighten(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        ends: (Point, Point),
        r: f64,
    ) -> Result<bool, PathError> {
        self.scratch.bound.prepare(nav, search, ends, r)
    }

    /// Pushes the successors of corner state `id`: those whose centre
    /// lies in the next ring of its partial expansion (see
    /// [`TangentSearch::defer`]), from the cached edges leaving its free
    /// arc after the arrival or from a flood of its cone (the start's
    /// come from its own flood, see `start`).
    pub(super) fn expand(&mut self, nav: &NavMesh, search: &Search, id: u32, to: Point, r: f64) {
        let s = self.scratch.states[id as usize];
        let c = nav.p(s.v);
        let Some(arr) = self.arrival(nav, id) else {
            return;
        };
        // Departures before the arrival (less its rounding) are not on the arc.
        let first = arr - tolerance::ARC;
        if s.reach == 0.0
            && self.goal_seen(nav, s.v, to)
            && let Some((p, _)) = tangent(c, r, s.dir, to, 0.0, 1.0)
            && let Some(o) = self.arc_pos(nav, s.v, s.dir, p)
            && o >= first
        {
            let sw = (o - arr).max(0.0);
            self.push(
                State::next(
                    id,
                    s.g + r * sw + p.distance(to),
                    (GOAL, 1.0),
                    (p, to),
                    sw,
                    NONE,
                    f64::NAN,
                ),
                to,
            );
        }
        let outer = if s.reach == 0.0 {
            // Far enough that the rest's key exceeds this state's `f` by
            // a fair margin (see `defer`).
            let h = s.h.max(s.at.distance(to));
            2.0 * r + h + (0.5 * h).max(8.0 * r)
        } else {
            2.0 * s.reach
        };
        let Some((b, e, reach)) = self.edges_of(nav, s.v, s.dir, r, outer) else {
            self.scratch.work += FLOOD_WORK;
            let ring = Reach {
                inner: s.reach,
                outer,
                centre: None,
            };
            self.expand_cone(nav, id, arr, to, r, ring);
            let rest = if self.scratch.cut.reach {
                outer
            } else {
                f64::INFINITY
            };
            self.defer(id, rest, to, r);
            return;
        };
        let k0 = self.first_after((b, e), first, s.edge);
        for k in k0..e as usize {
            // Known blocked: it would fail its check when popped.
            if self.cache().clear[k] == edge_cache::Clear::No {
                continue;
            }
            let x = self.cache().edges[k];
            // Pushed by an earlier ring (the flood's own distance test).
            if s.reach > 0.0 && visibility::dist2(c, nav.p(x.w)) <= s.reach * s.reach {
                continue;
            }
            let sw = (x.o - arr).max(0.0);
            let mut n = State::next(
                id,
                s.g + r * sw + x.len,
                (x.w, x.dw),
                (x.p, x.q),
                sw,
                k as u32,
                x.oq,
            );
            n.tri = x.tri;
            // A fresh triangle hint makes the bound cheap now, while the
            // state is at hand, instead of a second pop (see `rekey`).
            if self.scratch.bound.active()
                && let Some(t) = self.cache().fresh_tri(x.tri)
            {
                n.h = self.scratch.bound.point(nav, search, t, x.q);
                n.keyed = true;
            }
            self.push(n, to);
        }
        self.defer(id, reach, to, r);
    }

    /// The first cached edge of `b..e` (sorted by departure) leaving at or
    /// after offset `first`: a binary search over scattered edges, so for
    /// an arrival by cached edge `edge` it is kept in `after` across
    /// queries; a kept index is used only when the edges on both sides of
    /// it confirm it (the partition point is unique), so one left stale
    /// by a dropped or regrown cache costs a search, never an answer.
    fn first_after(&mut self, (b, e): (u32, u32), first: f64, edge: u32) -> usize {
        let (b, e) = (b as usize, e as usize);
        let os = &self.cache().os;
        // Kept in step with `edges` at every write (`sync_offsets`).
        debug_assert_eq!(os.len(), self.cache().edges.len());
        debug_assert!(
            self.cache().edges[b..e]
                .iter()
                .zip(&os[b..e])
                .all(|(x, o)| x.o == *o)
        );
        let at = |k: usize| {
            (b..=e).contains(&k) && (k == b || os[k - 1] < first) && (k == e || os[k] >= first)
        };
        let kept = self
            .scratch
            .after
            .get(edge as usize)
            .copied()
            .unwrap_or(NONE);
        if kept != NONE && at(kept as usize) {
            return kept as usize;
        }
        let k = b + os[b..e].partition_point(|&o| o < first);
        if edge != NONE {
            let i = edge as usize;
            if self.scratch.after.len() <= i {
                self.scratch.after.resize(i + 1, NONE);
            }
            self.scratch.after[i] = k as u32;
        }
        k
    }

    /// Partial expansion: state `id` has pushed its successors whose
    /// centre lies within `reach` of its corner (`INFINITY`: all); it is
    /// pushed back with a lower bound of the others' `f`, and expands
    /// them (ring by ring, each twice as far) when popped again. A flood
    /// costs what it touches, not how far a corner sees (along the lanes
    /// of a grid, to the world's edge).
    ///
    /// The bound: a successor `w` beyond `reach` arrives at a point `q`
    /// within `r` of `w`, so `|at q| > reach - 2 r = D`, along a path (arc
    /// and tangent) no shorter than `|at q|`; its `f` is at least
    /// `g + |at q| + |q goal|`, at least `g + 2 D - |at goal|` when
    /// `D >= |at goal|`, and at least the state's own `f` (the heuristic
    /// is consistent).
    fn defer(&mut self, id: u32, reach: f64, to: Point, r: f64) {
        let s = &mut self.scratch.states[id as usize];
        s.reach = reach;
        if !reach.is_finite() {
            return;
        }
        let (e, d) = (s.at.distance(to), reach - 2.0 * r);
        let rest = if d >= e { 2.0 * d - e } else { e };
        // Less the rounding of the distances (relative, far below 1e-9).
        let f = (s.g + s.h).max(s.g + rest * (1.0 - tolerance::RELATIVE));
        self.scratch.heap.push(f, id);
    }

    /// The successors of corner state `id` (arrival offset `arr` on its
    /// free arc) from a flood of the cone where they can lie (see
    /// [`Cone`]), their centres in `ring`.
    fn expand_cone(&mut self, nav: &NavMesh, id: u32, arr: f64, to: Point, r: f64, ring: Reach) {
        let s = self.scratch.states[id as usize];
        let c = nav.p(s.v);
        let cone = Cone::arrival(nav, s.v, r, s.at, arr, s.dir);
        let b = self.scratch.cand_pool.len() as u32;
        self.fan_of(nav, s.v);
        self.gap_wedge(nav, s.v);
        self.visible(nav, c, true, Some(&cone), ring);
        let (b, e) = visibility::dedup_tail(&mut self.scratch.cand_pool, b);
        for i in b..e {
            let w = self.scratch.cand_pool[i as usize];
            for dw in [1.0, -1.0] {
                let Some((p, q)) = tangent(c, r, s.dir, nav.p(w), r, dw) else {
                    continue;
                };
                if !self.in_arc(nav, w, q) {
                    continue;
                }
                let Some(o) = self
                    .arc_pos(nav, s.v, s.dir, p)
                    .filter(|&o| o >= arr - tolerance::ARC)
                else {
                    continue;
                };
                let sw = (o - arr).max(0.0);
                self.push(
                    State::next(
                        id,
                        s.g + r * sw + p.distance(q),
                        (w, dw),
                        (p, q),
                        sw,
                        NONE,
                        f64::NAN,
                    ),
                    to,
                );
            }
        }
        self.scratch.cand_pool.truncate(b as usize);
    }

    /// Whether the goal may have a tangent from corner `v`: seen from it,
    /// or the flood has not run yet (see `goal_pending`). A corner beyond
    /// the flood's disc grows the disc to hold it (the flood runs again,
    /// at least twice as far: a search that wanders far floods a few
    /// times what it would have in one go).
    fn goal_seen(&mut self, nav: &NavMesh, v: u32, to: Point) -> bool {
        if self.scratch.goal_pending.is_some()
            || self.scratch.goal_seen[v as usize] == self.scratch.qe
        {
            return true;
        }
        let d2 = visibility::dist2(self.scratch.goal_centre, nav.p(v));
        if d2 <= self.scratch.goal_reach * self.scratch.goal_reach {
            return false;
        }
        let reach = (2.0 * self.scratch.goal_reach).max(1.25 * d2.sqrt());
        self.goal_sight(nav, to, reach);
        self.scratch.goal_seen[v as usize] == self.scratch.qe
    }

    /// Sets the disc of the goal's first flood: about the midpoint of
    /// start and goal, of radius `GOAL_DISC |s t| + r` (it holds the goal,
    /// and every corner of a path no longer than `1.1 |s t| + 2 r`:
    /// `|s v| + |v t| <= L` puts `v` within `L / 2` of the midpoint).
    /// Most searches end inside it; a corner beyond grows it.
    fn goal_disc(&mut self, from: Point, to: Point, r: f64) {
        self.scratch.goal_centre = Point::new(0.5 * (from.x + to.x), 0.5 * (from.y + to.y));
        self.scratch.goal_pending = Some(GOAL_DISC * from.distance(to) + r);
    }

    /// Runs the goal's flood if it has not run in this query (`goal_pending`).
    fn goal_sight_now(&mut self, nav: &NavMesh, to: Point) {
        if let Some(reach) = self.scratch.goal_pending.take() {
            self.goal_sight(nav, to, reach);
        }
    }

    /// Marks (`goal_seen`) the corners within `reach` of `goal_centre`
    /// seen from the goal (a flood from its triangles): only they can have
    /// a tangent to it (the segment from a corner to the goal lies within
    /// `r` of a clear tangent). A corner beyond the flood's reach, when it
    /// left any out, runs it again farther (see `goal_seen`).
    fn goal_sight(&mut self, nav: &NavMesh, to: Point, reach: f64) {
        std::mem::swap(&mut self.scratch.tris, &mut self.scratch.gtris);
        let b = self.scratch.cand_pool.len();
        let ring = Reach {
            inner: -1.0,
            outer: reach,
            centre: Some(self.scratch.goal_centre),
        };
        self.visible(nav, to, false, None, ring);
        self.scratch.goal_reach = if self.scratch.cut.reach {
            reach
        } else {
            f64::INFINITY
        };
        for i in b..self.scratch.cand_pool.len() {
            self.scratch.goal_seen[self.scratch.cand_pool[i] as usize] = self.scratch.qe;
        }
        self.scratch.cand_pool.truncate(b);
        std::mem::swap(&mut self.scratch.tris, &mut self.scratch.gtris);
    }

    /// The edge into state `id`: the parent's arc and the tangent segment.
    pub(super) fn check(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.scratch.states[id as usize];
        let p = self.scratch.states[s.parent as usize];
        let e = s.edge as usize;
        let known = if s.edge != NONE {
            self.cache().clear[e]
        } else {
            edge_cache::Clear::Untested
        };
        // A segment known blocked spares the arc's test.
        if known == edge_cache::Clear::No
            || (p.v != START && !self.arc_clear(nav, p.v, r, (p.at, s.dep), s.sweep, p.dir))
        {
            return false;
        }
        if known == edge_cache::Clear::Yes {
            return true;
        }
        let end = |x: &State| {
            if x.v == START || x.v == GOAL {
                End::Input
            } else {
                End::Circle(nav.p(x.v), x.dir)
            }
        };
        // A walk from a triangle at the segment's first end: the start's
        // own (located once per query, its edges are many), or one at the
        // parent's corner.
        let near = if p.v == START {
            self.scratch.tris.first().copied()
        } else {
            Some(nav.arcs.vcorner[p.v as usize])
                .filter(|&c| c != NONE)
                .map(|c| c / 3)
        };
        let ok = self.segment_clear(nav, (s.dep, end(&p)), (s.at, end(&s)), r, near);
        if s.edge != NONE {
            self.cache_mut().clear[e] = if ok {
                edge_cache::Clear::Yes
            } else {
                edge_cache::Clear::No
            };
        }
        ok
    }

    /// The offset of state `id`'s arrival along its corner's free arc
    /// (`arc_pos`, kept in the state once computed), `None` off the arc.
    fn arrival(&mut self, nav: &NavMesh, id: u32) -> Option<f64> {
        let s = self.scratch.states[id as usize];
        if !s.oa.is_nan() {
            return Some(s.oa);
        }
        let o = self.arc_pos(nav, s.v, s.dir, s.at)?;
        self.scratch.states[id as usize].oa = o;
        Some(o)
    }

    /// An arrival already expanded on the same circle and side reaches
    /// this one along a clear arc at no greater cost.
    pub(super) fn dominated(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.scratch.states[id as usize];
        let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
        if self.scratch.arr_stamp[slot] != self.scratch.qe {
            self.scratch.arr_stamp[slot] = self.scratch.qe;
            self.scratch.arr_list[slot].clear();
        }
        let Some(os) = self.arrival(nav, id) else {
            return true;
        };
        let list = std::mem::take(&mut self.scratch.arr_list[slot]);
        let mut dom = false;
        for &(a, g, oa) in &list {
            if oa > os + 1e-12 {
                continue;
            }
            let sw = (os - oa).max(0.0);
            if g + r * sw <= s.g * (1.0 + 1e-12)
                && self.arc_clear(nav, s.v, r, (a, s.at), sw, s.dir)
            {
                dom = true;
                break;
            }
        }
        self.scratch.arr_list[slot] = list;
        dom
    }

    /// `search`: the radius-0 search, run backward for the heuristic.
    pub(crate) fn run(
        &mut self,
        nav: &NavMesh,
        search: &mut Search,
        (from, to): (Point, Point),
        r: f64,
    ) -> Result<Path, PathError> {
        self.scratch.begin(nav);
        self.counters.expansions = 0;
        // Locate both ends once (the finder does not locate them first).
        let mut st = std::mem::take(&mut self.scratch.tris);
        st.clear();
        let mut gt = std::mem::take(&mut self.scratch.gtris);
        gt.clear();
        let (in_start, in_goal) = (nav.containing(from, &mut st), nav.containing(to, &mut gt));
        let ok_start = in_start && self.point_clear(nav, from, r, &st);
        let ok_goal = in_goal && self.point_clear(nav, to, r, &gt);
        self.scratch.tris = st;
        self.scratch.gtris = gt;
        if !in_start {
            return Err(PathError::StartOutside(from));
        }
        if !in_goal {
            return Err(PathError::GoalOutside(to));
        }
        if !ok_start {
            return Err(PathError::StartBlocked);
        }
        if !ok_goal {
            return Err(PathError::GoalBlocked);
        }
        // The straight segment, when clear, is the shortest path (the same
        // test the search would apply to the edge start -> goal).
        if from == to || self.segment_clear(nav, (from, End::Input), (to, End::Input), r, None) {
            return Ok(Path::straight(from, to, r));
        }
        self.caches.select(nav, r);
        self.goal_disc(from, to, r);
        self.scratch.bound.clear();
        self.scratch.states.push(State {
            v: START,
            dir: 1.0,
            at: from,
            dep: from,
            sweep: 0.0,
            parent: NONE,
            g: 0.0,
            h: 0.0,
            keyed: true,
            checked: true,
            edge: NONE,
            reach: 0.0,
            oa: f64::NAN,
            tri: (NONE, 0),
        });
        self.start_flood(nav, (from, to), r);
        // The test hook takes the bound at its own work, near the goal or not.
        let (lazy, late) = match self.knobs.bound_after {
            Some(n) => (n, n),
            None => (LAZY_BOUND, LATE_BOUND),
        };
        // How near the goal the expanded arrivals have come, squared (see
        // `NEAR_GOAL`; no square root per expansion).
        let near2 = visibility::dist2(from, to) * NEAR_GOAL * NEAR_GOAL;
        let mut closest2 = f64::INFINITY;
        loop {
            if !self.scratch.bound.active()
                && (self.scratch.work >= late * FLOOD_WORK
                    || (self.scratch.work >= lazy * FLOOD_WORK && closest2 > near2))
                && !self.tighten(nav, search, (from, to), r)?
            {
                // No path for a point through the wide edges, none for a disc.
                return Err(PathError::NoPath);
            }
            let Some((key, id)) = self.scratch.heap.pop() else {
                break;
            };
            if id & start::WINDOW != 0 {
                self.start_window(nav, (id ^ start::WINDOW, key), (from, to), r);
                continue;
            }
            if self.rekey(nav, search, id, key) {
                continue;
            }
            let s = self.scratch.states[id as usize];
            if !s.checked {
                if s.v != GOAL && self.dominated(nav, id, r) {
                    continue;
                }
                // An edge to the goal pushed before the goal's flood ran,
                // from a corner the flood found out of its sight.
                if s.v == GOAL
                    && self.scratch.goal_pending.is_none()
                    && !self.goal_seen(nav, self.scratch.states[s.parent as usize].v, to)
                {
                    continue;
                }
                if !self.check(nav, id, r) {
                    // The first blocked edge to the goal: from now on only
                    // the corners the goal sees push one.
                    if s.v == GOAL {
                        self.goal_sight_now(nav, to);
                    }
                    continue;
                }
                self.scratch.states[id as usize].checked = true;
                if s.v != GOAL {
                    let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
                    if let Some(o) = self.arrival(nav, id) {
                        self.scratch.arr_list[slot].push((s.at, s.g, o));
                    }
                }
            }
            if s.v == GOAL {
                return Ok(self.path(nav, id, from, to, r));
            }
            if self
                .knobs
                .goal_after
                .is_some_and(|n| self.counters.expansions >= n)
            {
                self.goal_sight_now(nav, to);
            }
            self.counters.expansions += 1;
            closest2 = closest2.min(visibility::dist2(s.at, to));
            self.expand(nav, search, id, to, r);
        }
        Err(PathError::NoPath)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::lcg::crosses;

    /// Brute force, on pseudo-random walls and boxes: once the goal's
    /// flood has run, `goal_seen` answers exactly for every useful corner,
    /// asked in a shuffled order (no wall hides it from the goal), those
    /// beyond the first disc included (the disc grows to hold them).
    #[test]
    fn the_goal_sees_every_corner_asked_near_or_far() {
        let (cdt, mut rnd) = crate::path::lcg::walls_and_boxes(0x90a1);
        let nav = NavMesh::from_cdt(&cdt);
        let walls = crate::path::lcg::walls(&nav);
        let mut ts = TangentSearch::default();
        let (mut seen, mut beyond) = (0, 0);
        for r in [0.25, 1.0, 3.0] {
            for _ in 0..40 {
                let from = Point::new(1.0 + rnd(98.0), 1.0 + rnd(98.0));
                let to = Point::new(1.0 + rnd(98.0), 1.0 + rnd(98.0));
                ts.scratch.begin(&nav);
                ts.scratch.gtris.clear();
                if !nav.containing(to, &mut ts.scratch.gtris) {
                    continue;
                }
                ts.goal_disc(from, to, r);
                let first = ts.scratch.goal_pending.expect("set");
                let centre = ts.scratch.goal_centre;
                ts.goal_sight_now(&nav, to);
                let mut order: Vec<u32> = (0..nav.pos.len() as u32)
                    .filter(|&w| nav.arcs.useful[w as usize] && nav.p(w) != to)
                    .collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, rnd((i + 1) as f64) as usize);
                }
                for w in order {
                    let pw = nav.p(w);
                    let hidden = walls.iter().any(|&(a, b)| crosses(to, pw, a, b));
                    let got = ts.goal_seen(&nav, w, to);
                    assert_eq!(
                        got, !hidden,
                        "r {r}, {from:?} -> {to:?}: corner {w} at {pw:?}"
                    );
                    seen += usize::from(got);
                    beyond += usize::from(got && pw.distance(centre) > first);
                }
            }
        }
        assert!(
            seen > 3000 && beyond > 300,
            "{seen} corners seen, {beyond} beyond the first disc"
        );
    }
}
