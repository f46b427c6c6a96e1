//! The lazy A* over the tangent graph: pushing, expanding, checking and
//! dominating arrivals.

use super::*;
use clearance::End;

impl TangentSearch {
    /// Pushes `s` with `f = g + h`: `h` the larger of the Euclidean
    /// distance and the parent's bound less the step (a valid path from
    /// the parent through `s` is no shorter than the parent's bound).
    pub(super) fn push(&mut self, mut s: State, goal: Point) {
        let id = self.states.len() as u32;
        let p = &self.states[s.parent as usize];
        let inherited = p.h - (s.g - p.g);
        s.h = if s.v == GOAL {
            0.0
        } else {
            s.at.distance(goal).max(inherited)
        };
        s.keyed = false;
        let f = s.g + s.h;
        self.states.push(s);
        self.heap.push(Reverse((f.to_bits(), id)));
    }

    /// Raises the bound of popped state `id` (key `f`) by the shut-mesh
    /// bound of its arrival point (found from its corner's triangles by a
    /// short walk); `true` when it was pushed back with a larger key.
    pub(super) fn rekey(&mut self, nav: &NavMesh, search: &Search, id: u32, f: f64) -> bool {
        let s = self.states[id as usize];
        if s.keyed || s.v == GOAL || s.v == START || !self.bound.active() {
            return false;
        }
        self.states[id as usize].keyed = true;
        let c = nav.arcs.vcorner[s.v as usize];
        if c == NONE {
            return false;
        }
        // A cached edge keeps the triangle of its arrival point.
        let known = (s.edge != NONE)
            .then(|| self.cache().edges[s.edge as usize].tri)
            .filter(|&t| t != NONE);
        let Some(t) = known.or_else(|| nav.walk_from(c / 3, s.at)) else {
            return false;
        };
        if s.edge != NONE {
            self.cache_mut().edges[s.edge as usize].tri = t;
        }
        let h = self.bound.point(nav, search, t, s.at);
        if h <= s.h {
            return false;
        }
        self.states[id as usize].h = h;
        let nf = s.g + h;
        if nf <= f {
            return false;
        }
        self.heap.push(Reverse((nf.to_bits(), id)));
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
        self.bound.prepare(nav, search, ends, r)
    }

    /// Pushes the successors of state `id`: for the start a flood (`rest`:
    /// its second one, outside its box), for a corner the cached edges
    /// leaving its free arc after the arrival.
    pub(super) fn expand(
        &mut self,
        nav: &NavMesh,
        id: u32,
        (from, to): (Point, Point),
        r: f64,
        rest: bool,
    ) {
        let s = self.states[id as usize];
        if s.v == START {
            self.expand_start(nav, (from, to), r, rest);
            return;
        }
        let c = nav.p(s.v);
        let Some(arr) = self.arc_pos(nav, s.v, s.dir, s.at) else {
            return;
        };
        // Departures before the arrival (less its rounding) are not on the arc.
        let first = arr - 1e-9;
        if self.goal_seen[s.v as usize] == self.qe
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
                ),
                to,
            );
        }
        let Some((b, e)) = self.edges_of(nav, s.v, s.dir, r) else {
            self.work += FLOOD_WORK;
            self.expand_cone(nav, id, arr, to, r);
            return;
        };
        let k0 = b as usize
            + self.cache().edges[b as usize..e as usize].partition_point(|x| x.o < first);
        for k in k0..e as usize {
            let x = self.cache().edges[k];
            let sw = (x.o - arr).max(0.0);
            self.push(
                State::next(
                    id,
                    s.g + r * sw + x.len,
                    (x.w, x.dw),
                    (x.p, x.q),
                    sw,
                    k as u32,
                ),
                to,
            );
        }
    }

    /// The successors of corner state `id` (arrival offset `arr` on its
    /// free arc) from a flood of the cone where they can lie (see [`Cone`]).
    fn expand_cone(&mut self, nav: &NavMesh, id: u32, arr: f64, to: Point, r: f64) {
        let s = self.states[id as usize];
        let (k, c) = (s.v as usize, nav.p(s.v));
        let ends = nav.arcs.ends[k];
        let end = if s.dir > 0.0 {
            (ends[2], ends[3])
        } else {
            (ends[0], ends[1])
        };
        let cone = Cone::of(c, r, s.at, end, nav.arcs.arcw[k] - arr, s.dir);
        let b = self.cand_pool.len() as u32;
        self.fan_of(nav, s.v);
        self.gap_wedge(nav, s.v);
        self.visible(nav, c, true, Some(&cone));
        let (b, e, _) = visibility::dedup_tail(&mut self.cand_pool, b, false);
        for i in b..e {
            let w = self.cand_pool[i as usize];
            for dw in [1.0, -1.0] {
                let Some((p, q)) = tangent(c, r, s.dir, nav.p(w), r, dw) else {
                    continue;
                };
                if !self.in_arc(nav, w, q) {
                    continue;
                }
                let Some(o) = self
                    .arc_pos(nav, s.v, s.dir, p)
                    .filter(|&o| o >= arr - 1e-9)
                else {
                    continue;
                };
                let sw = (o - arr).max(0.0);
                self.push(
                    State::next(id, s.g + r * sw + p.distance(q), (w, dw), (p, q), sw, NONE),
                    to,
                );
            }
        }
        self.cand_pool.truncate(b as usize);
    }

    /// The start's successors: first those inside its box, then (`rest`)
    /// the others.
    fn expand_start(&mut self, nav: &NavMesh, (from, to): (Point, Point), r: f64, rest: bool) {
        // The start is state 0, at cost 0.
        let id = 0;
        // First the box, then (`start_box` taken) the rest.
        let cone = self.start_box.filter(|_| !rest).map(|(bx, _)| bx);
        let (b, e, goal) = self.start_candidates(nav, from, cone.as_ref());
        if goal && let Some((p, _)) = tangent(from, 0.0, 1.0, to, 0.0, 1.0) {
            self.push(
                State::next(id, p.distance(to), (GOAL, 1.0), (p, to), 0.0, NONE),
                to,
            );
        }
        for k in b..e {
            let w = self.cand_pool[k as usize];
            let pw = nav.p(w);
            for dw in [1.0, -1.0] {
                let Some((p, q)) = tangent(from, 0.0, 1.0, pw, r, dw) else {
                    continue;
                };
                if !self.in_arc(nav, w, q) {
                    continue;
                }
                self.push(
                    State::next(id, p.distance(q), (w, dw), (p, q), 0.0, NONE),
                    to,
                );
            }
        }
        self.cand_pool.truncate(b as usize);
    }

    /// Marks (`goal_seen`) the corners seen from the goal (a flood from
    /// its triangles): only they can have a tangent to it (the segment
    /// from a corner to the goal lies within `r` of a clear tangent).
    fn goal_sight(&mut self, nav: &NavMesh, to: Point) {
        std::mem::swap(&mut self.tris, &mut self.gtris);
        let b = self.cand_pool.len();
        self.visible(nav, to, false, None);
        for i in b..self.cand_pool.len() {
            self.goal_seen[self.cand_pool[i] as usize] = self.qe;
        }
        self.cand_pool.truncate(b);
        std::mem::swap(&mut self.tris, &mut self.gtris);
    }

    /// The edge into state `id`: the parent's arc and the tangent segment.
    pub(super) fn check(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.states[id as usize];
        let p = self.states[s.parent as usize];
        if p.v != START && !self.arc_clear(nav, p.v, r, p.at, s.sweep, p.dir) {
            return false;
        }
        let e = s.edge as usize;
        if s.edge != NONE {
            match self.cache().clear[e] {
                cache::Clear::Yes => return true,
                cache::Clear::No => return false,
                cache::Clear::Untested => {}
            }
        }
        let end = |x: &State| {
            if x.v == START || x.v == GOAL {
                End::Input
            } else {
                End::Circle(nav.p(x.v), x.dir)
            }
        };
        let near = Some(p.v)
            .filter(|&v| v != START)
            .map(|v| nav.arcs.vcorner[v as usize])
            .filter(|&c| c != NONE)
            .map(|c| c / 3);
        let ok = self.segment_clear(nav, (s.dep, end(&p)), (s.at, end(&s)), r, near);
        if s.edge != NONE {
            self.cache_mut().clear[e] = if ok {
                cache::Clear::Yes
            } else {
                cache::Clear::No
            };
        }
        ok
    }

    /// An arrival already expanded on the same circle and side reaches
    /// this one along a clear arc at no greater cost.
    pub(super) fn dominated(&mut self, nav: &NavMesh, id: u32, r: f64) -> bool {
        let s = self.states[id as usize];
        let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
        if self.arr_stamp[slot] != self.qe {
            self.arr_stamp[slot] = self.qe;
            self.arr_list[slot].clear();
        }
        let Some(os) = self.arc_pos(nav, s.v, s.dir, s.at) else {
            return true;
        };
        let list = std::mem::take(&mut self.arr_list[slot]);
        let mut dom = false;
        for &(a, g, oa) in &list {
            if oa > os + 1e-12 {
                continue;
            }
            let sw = (os - oa).max(0.0);
            if g + r * sw <= s.g * (1.0 + 1e-12) && self.arc_clear(nav, s.v, r, a, sw, s.dir) {
                dom = true;
                break;
            }
        }
        self.arr_list[slot] = list;
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
        self.begin(nav);
        // Locate both ends once (the finder does not locate them first).
        let mut st = std::mem::take(&mut self.tris);
        st.clear();
        let mut gt = std::mem::take(&mut self.gtris);
        gt.clear();
        let (in_start, in_goal) = (nav.containing(from, &mut st), nav.containing(to, &mut gt));
        let ok_start = in_start && self.point_clear(nav, from, r, &st);
        let ok_goal = in_goal && self.point_clear(nav, to, r, &gt);
        for &t in &gt {
            self.goal_tri[t as usize] = self.qe;
        }
        self.tris = st;
        self.gtris = gt;
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
        self.sync_cache(nav, r);
        self.goal_sight(nav, to);
        self.bound.clear();
        self.states.push(State {
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
        });
        // Short queries seldom need the start's far successors.
        let limit = 1.4 * from.distance(to) + 4.0 * r;
        self.start_box = Some((Cone::start_box(from, to, limit + 2.0 * r), limit));
        self.expand(nav, 0, (from, to), r, false);
        let lazy = self.bound_after.unwrap_or(LAZY_BOUND);
        loop {
            // Short searches end before the bound would pay for itself.
            if !self.bound.active()
                && self.work >= lazy * FLOOD_WORK
                && !self.tighten(nav, search, (from, to), r)?
            {
                // No path for a point through the wide edges, none for a disc.
                return Err(PathError::NoPath);
            }
            let top = self.heap.pop();
            if let Some((_, limit)) = self.start_box
                && top.is_none_or(|Reverse((k, _))| f64::from_bits(k) > limit)
            {
                self.heap.extend(top);
                self.expand(nav, 0, (from, to), r, true);
                continue;
            }
            let Some(Reverse((key, id))) = top else {
                break;
            };
            if self.rekey(nav, search, id, f64::from_bits(key)) {
                continue;
            }
            let s = self.states[id as usize];
            if !s.checked {
                if s.v != GOAL && self.dominated(nav, id, r) {
                    continue;
                }
                if !self.check(nav, id, r) {
                    continue;
                }
                self.states[id as usize].checked = true;
                if s.v != GOAL {
                    let slot = 2 * s.v as usize + usize::from(s.dir < 0.0);
                    if let Some(o) = self.arc_pos(nav, s.v, s.dir, s.at) {
                        self.arr_list[slot].push((s.at, s.g, o));
                    }
                }
            }
            if s.v == GOAL {
                return Ok(self.path(nav, id, from, to, r));
            }
            self.expanded += 1;
            self.expand(nav, id, (from, to), r, false);
        }
        Err(PathError::NoPath)
    }
}
