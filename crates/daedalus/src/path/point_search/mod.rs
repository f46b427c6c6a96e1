//! Radius-0 search: an interval (cone) search in the manner of Polyanya
//! (Cui, Harabor, Grastien, IJCAI 2017) on the triangle snapshot.
//!
//! A node is a cone from a root (the start or a corner vertex) through a
//! part of one triangle edge. The cone's two sides are rays given by two
//! exact input points each, so every side test is an exact `orient2d` on
//! input coordinates (no epsilon); only the heuristic uses computed points.
//! Rays: `left` keeps points with `orient(a, b, p) <= 0`, `right` those with
//! `orient(a, b, p) >= 0`.

use crate::Point;
use crate::geometry::orient2d;

use super::navmesh::{NONE, NavMesh, narrow_edge, narrow_limit, next, prev};

#[cfg(feature = "testing")]
mod disc_probe;
#[cfg(feature = "testing")]
pub(crate) use disc_probe::DiscProbe;

#[derive(Clone, Copy, Debug)]
struct Ray {
    a: Point,
    b: Point,
}

impl Ray {
    #[inline]
    fn side(&self, p: Point) -> f64 {
        orient2d(self.a, self.b, p)
    }
}

#[derive(Clone, Copy, Debug)]
struct Root {
    p: Point,
    parent: u32,
    /// Wedge of the corner (root-level pruning), `NONE` for the start.
    wedge: u32,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    root: u32,
    g: f64,
    /// Half-edge of the triangle the cone enters: tv[he] is the left end
    /// vertex, tv[next(he)] the right end. `NONE` for a final node.
    he: u32,
    left: Ray,
    right: Ray,
    /// Interval ends at the edge's vertex.
    lv: bool,
    rv: bool,
}

/// A 4-ary min-heap of (key, node id): shallower than a binary heap, and
/// a node's four children share a cache line.
#[derive(Default, Debug, Clone)]
struct Heap {
    a: Vec<(u64, u32)>,
}

impl Heap {
    fn clear(&mut self) {
        self.a.clear();
    }

    #[inline]
    fn push(&mut self, k: u64, id: u32) {
        let mut i = self.a.len();
        self.a.push((k, id));
        while i > 0 {
            let p = (i - 1) / 4;
            if self.a[p].0 <= k {
                break;
            }
            self.a[i] = self.a[p];
            i = p;
        }
        self.a[i] = (k, id);
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        let top = self.a.first()?.1;
        let last = self.a.pop().unwrap();
        let n = self.a.len();
        if n == 0 {
            return Some(top);
        }
        let mut i = 0;
        loop {
            let c = 4 * i + 1;
            if c >= n {
                break;
            }
            let mut m = c;
            for j in c + 1..(c + 4).min(n) {
                if self.a[j].0 < self.a[m].0 {
                    m = j;
                }
            }
            if self.a[m].0 >= last.0 {
                break;
            }
            self.a[i] = self.a[m];
            i = m;
        }
        self.a[i] = last;
        Some(top)
    }
}

/// Reusable search buffers (generation-stamped, never cleared in full).
#[derive(Default, Debug, Clone)]
pub(crate) struct Search {
    nodes: Vec<Node>,
    roots: Vec<Root>,
    heap: Heap,
    best: Vec<f64>,
    stamp: Vec<u32>,
    goal_mark: Vec<u32>,
    /// Per triangle: `epoch` when a goal triangle lies in its dead-end
    /// subtree (the goal triangles and their chains of parents).
    goal_above: Vec<u32>,
    epoch: u32,
    start_tris: Vec<u32>,
    goal_tris: Vec<u32>,
    goal: Point,
    /// Successors of the node being expanded, with their `f`.
    succ: Vec<(u64, u32)>,
    /// A final node was pushed while expanding the current node.
    final_pushed: bool,
    /// Record, per vertex, the shortest `g + |root - v|` over the expanded
    /// nodes that see it ([`Search::reached`]). Dead ends stay pruned: a
    /// point inside one is bounded through its exit edge instead
    /// ([`super::bound::GoalBound::point`]).
    pub(crate) record: bool,
    reach: Vec<f64>,
    reach_stamp: Vec<u32>,
    /// Squared length below which an edge between two corners is shut
    /// (no disc of the bound's radius crosses it), 0 for none; see
    /// [`Search::set_narrow`].
    narrow: f64,
    /// The disc search's least work per node, timed (a bench hook).
    #[cfg(feature = "testing")]
    pub(crate) probe: Option<DiscProbe>,
    /// Overrides the safety net's node cap (tests: the cap must surface
    /// as [`super::PathError::SearchLimit`], never as a wrong answer).
    pub(crate) node_cap: Option<usize>,
    /// Statistics of the last search.
    pub(crate) expanded: usize,
}

#[inline]
fn key(f: f64) -> u64 {
    f.to_bits()
}

/// Lower bound of the distance from `r` through segment `l r2` to `goal`.
#[inline]
fn heuristic(root: Point, l: Point, r: Point, goal: Point) -> f64 {
    let ex = r.x - l.x;
    let ey = r.y - l.y;
    let side = |p: Point| ex * (p.y - l.y) - ey * (p.x - l.x);
    let sr = side(root);
    let mut g = goal;
    let sg = side(goal);
    if (sr > 0.0 && sg > 0.0) || (sr < 0.0 && sg < 0.0) {
        // Mirror the goal to the far side of the interval's line.
        let len2 = ex * ex + ey * ey;
        if len2 > 0.0 {
            let k = 2.0 * sg / len2;
            g = Point::new(goal.x + k * ey, goal.y - k * ex);
        }
    }
    // Does segment root -> g pass through the interval?
    let dx = g.x - root.x;
    let dy = g.y - root.y;
    let cl = dx * (l.y - root.y) - dy * (l.x - root.x);
    let cr = dx * (r.y - root.y) - dy * (r.x - root.x);
    if (cl >= 0.0 && cr <= 0.0) || (cl <= 0.0 && cr >= 0.0) {
        root.distance(g)
    } else {
        (root.distance(l) + l.distance(g)).min(root.distance(r) + r.distance(g))
    }
}

pub(crate) enum Outcome {
    Found(Vec<Point>),
    NoPath,
    /// The node safety net tripped (see [`super::PathError::SearchLimit`]).
    Limit(usize),
}

impl Search {
    /// Nodes made by the last search (statistics).
    #[cfg(feature = "testing")]
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn begin(&mut self, nav: &NavMesh) {
        self.nodes.clear();
        self.roots.clear();
        self.heap.clear();
        self.succ.clear();
        self.expanded = 0;
        // With narrow edges shut, roots are claimed per part of a wedge
        // between walls and narrow edges (slots after the wedges, named
        // by a triangle corner): a narrow edge can split a wedge.
        let nw = nav.wedge_count as usize + if self.narrow > 0.0 { nav.tv.len() } else { 0 };
        if self.best.len() < nw {
            self.best.resize(nw, f64::INFINITY);
            self.stamp.resize(nw, 0);
        }
        let nt = nav.slots();
        if self.goal_mark.len() < nt {
            self.goal_mark.resize(nt, 0);
            self.goal_above.resize(nt, 0);
        }
        if self.record && self.reach.len() < nav.pos.len() {
            self.reach.resize(nav.pos.len(), 0.0);
            self.reach_stamp.resize(nav.pos.len(), 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.goal_mark.iter_mut().for_each(|s| *s = 0);
            self.goal_above.iter_mut().for_each(|s| *s = 0);
            self.reach_stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
    }

    /// Shortest path for a point (radius 0) from `s` to `t`; both located in
    /// the mesh by the caller (`start_tris`, `goal_tris` filled).
    pub(crate) fn run(&mut self, nav: &NavMesh, s: Point, t: Point) -> Option<Outcome> {
        self.begin(nav);
        self.start_tris.clear();
        self.goal_tris.clear();
        let mut st = std::mem::take(&mut self.start_tris);
        let mut gt = std::mem::take(&mut self.goal_tris);
        let ok = nav.containing(s, &mut st) && nav.containing(t, &mut gt);
        for &g in &gt {
            self.goal_mark[g as usize] = self.epoch;
            // The dead ends holding the goal: its chain of parents.
            nav.mark_exit_chain(g, &mut self.goal_above, self.epoch);
        }
        self.goal_tris = gt;
        self.goal = t;
        self.roots.push(Root {
            p: s,
            parent: NONE,
            wedge: NONE,
        });
        if ok {
            for &tri in &st {
                if self.is_goal_tri(tri) {
                    self.push_final(0, s.distance(t));
                }
                for i in 0..3 {
                    let h = 3 * tri + i;
                    let a = nav.p(nav.v(h));
                    let b = nav.p(nav.v(next(h)));
                    if orient2d(a, b, s) != 0.0 {
                        self.push_full(nav, 0, s, 0.0, h);
                    }
                }
            }
            for &(k, id) in &self.succ {
                self.heap.push(k, id);
            }
            self.succ.clear();
        }
        self.start_tris = st;
        if !ok {
            return None;
        }
        // A safety net against a corrupt mesh: far beyond any real search.
        let cap = self.node_cap.unwrap_or(64 * nav.tv.len() + 4096);
        while let Some(id) = self.heap.pop() {
            if self.nodes.len() > cap {
                return Some(Outcome::Limit(self.nodes.len()));
            }
            let n = self.nodes[id as usize];
            // Root-level pruning again at pop time: the corner has since
            // been reached by a strictly shorter path.
            let w = self.roots[n.root as usize].wedge;
            if w != NONE && n.he != NONE && self.best[w as usize] < n.g {
                continue;
            }
            if n.he == NONE {
                let mut len = 2;
                let mut r = n.root;
                while r != NONE {
                    len += 1;
                    r = self.roots[r as usize].parent;
                }
                let mut pts = Vec::with_capacity(len);
                pts.push(t);
                let mut r = n.root;
                while r != NONE {
                    pts.push(self.roots[r as usize].p);
                    r = self.roots[r as usize].parent;
                }
                pts.reverse();
                pts.dedup();
                if pts.len() == 1 {
                    pts.push(t);
                }
                return Some(Outcome::Found(pts));
            }
            // Polyanya's intermediate pruning: a node with a single
            // successor (and no goal reached) is expanded at once, without
            // a trip through the heap.
            let mut n = n;
            let mut chain = 0;
            loop {
                self.expanded += 1;
                self.final_pushed = false;
                self.expand(nav, &n);
                if self.succ.len() == 1 && !self.final_pushed && chain < 256 {
                    n = self.nodes[self.succ.pop().unwrap().1 as usize];
                    chain += 1;
                } else {
                    break;
                }
            }
            for &(k, id) in &self.succ {
                self.heap.push(k, id);
            }
            self.succ.clear();
        }
        Some(Outcome::NoPath)
    }

    /// Shuts every edge between two corners shorter than `2 radius` (0:
    /// none) for the following searches. A disc of that radius never
    /// touches such an edge (each of its points is closer than the radius
    /// to a corner), so a point's path in the shut mesh bounds the disc's
    /// from below. The radius > 0 clearance tests decide a gap at the
    /// diameter exactly, except where floats decide within their relative
    /// band of 1e-9 (`tangent::clearance::wall_clear`), so only edges
    /// shorter than `2 radius (1 - 2e-9)` are shut: an edge in between
    /// stays open (a weaker bound, never a wrong one, whoever decides).
    pub(crate) fn set_narrow(&mut self, radius: f64) {
        self.narrow = narrow_limit(radius);
    }

    /// Edge `h` is shut as narrow (see [`Search::set_narrow`]).
    #[inline]
    fn narrow_edge(&self, nav: &NavMesh, h: u32) -> bool {
        narrow_edge(nav, h, self.narrow)
    }

    /// The claim slot of a root at the corner `c` (`3 t + i`): its wedge,
    /// or with narrow edges shut its part of the wedge between walls and
    /// narrow edges (a narrow edge can split a wedge), named by the corner
    /// where a clockwise walk from `c` around the vertex meets one (the
    /// same corner from every corner of the part; the smallest corner
    /// when the walk comes round; the corner itself after a long walk,
    /// a finer slot: fewer roots pruned, never a wrong one).
    #[inline]
    fn claim_slot(&self, nav: &NavMesh, c: u32) -> u32 {
        if self.narrow == 0.0 {
            return nav.wedge[c as usize];
        }
        let (mut cur, mut low) = (c, c);
        for _ in 0..64 {
            let o = nav.opp[cur as usize];
            if o == NONE || nav.wall[cur as usize] || self.narrow_edge(nav, cur) {
                return nav.wedge_count + cur;
            }
            // `o` ends at the vertex: the next corner clockwise starts there.
            cur = next(o);
            if cur == c {
                return nav.wedge_count + low;
            }
            low = low.min(cur);
        }
        nav.wedge_count + c
    }

    /// The shortest `g + |root - v|` recorded for vertex `v` by the last
    /// recording search: an upper bound of the distance from its start to
    /// `v`, exact when that distance plus `|v - goal|` is below the path
    /// length found (every node on the way then has a smaller `f` and is
    /// expanded first).
    pub(crate) fn reached(&self, v: u32) -> Option<f64> {
        (self.reach_stamp[v as usize] == self.epoch).then(|| self.reach[v as usize])
    }

    #[inline]
    fn note(&mut self, v: u32, d: f64) {
        let k = v as usize;
        if self.reach_stamp[k] != self.epoch {
            self.reach_stamp[k] = self.epoch;
            self.reach[k] = d;
        } else if d < self.reach[k] {
            self.reach[k] = d;
        }
    }

    #[inline]
    fn is_goal_tri(&self, t: u32) -> bool {
        self.goal_mark[t as usize] == self.epoch
    }

    fn push_final(&mut self, root: u32, g: f64) {
        let id = self.nodes.len() as u32;
        let p = self.roots[root as usize].p;
        self.nodes.push(Node {
            root,
            g,
            he: NONE,
            left: Ray { a: p, b: p },
            right: Ray { a: p, b: p },
            lv: false,
            rv: false,
        });
        self.heap.push(key(g), id);
        self.final_pushed = true;
    }

    /// A shortest path enters a dead-end subtree (through its exit edge)
    /// only when the goal lies in it.
    #[inline]
    fn dead_end(&self, nav: &NavMesh, o: u32) -> bool {
        let t = o / 3;
        nav.exit[t as usize] == o && self.goal_above[t as usize] != self.epoch
    }

    /// Successor through the whole edge `h` (of the current triangle), seen
    /// from a root that sees all of it.
    #[inline]
    fn push_full(&mut self, nav: &NavMesh, root: u32, rp: Point, g: f64, h: u32) {
        let o = nav.opp[h as usize];
        if (nav.shut[h as usize] && (o == NONE || nav.wall[h as usize] || self.dead_end(nav, o)))
            || self.narrow_edge(nav, h)
        {
            self.note_shut(nav, h, rp, g, None);
            return;
        }
        let l = nav.p(nav.v(o));
        let r = nav.p(nav.v(next(o)));
        let f = g + heuristic(rp, l, r, self.goal);
        self.push_node(
            f,
            Node {
                root,
                g,
                he: o,
                left: Ray { a: rp, b: l },
                right: Ray { a: rp, b: r },
                lv: true,
                rv: true,
            },
        );
    }

    /// Successor through the part of edge `h` (of the current triangle)
    /// inside the cone `left`/`right` of `root`; skipped when empty.
    #[inline]
    fn push_cone(&mut self, nav: &NavMesh, root: u32, g: f64, h: u32, left: Ray, right: Ray) {
        let o = nav.opp[h as usize];
        if (nav.shut[h as usize] && (o == NONE || nav.wall[h as usize] || self.dead_end(nav, o)))
            || self.narrow_edge(nav, h)
        {
            let rp = self.roots[root as usize].p;
            self.note_shut(nav, h, rp, g, Some((left, right)));
            return;
        }
        let pl = nav.p(nav.v(o));
        let pr = nav.p(nav.v(next(o)));
        // Each end must lie strictly inside the other side's half-plane.
        let r_pl = right.side(pl);
        if r_pl <= 0.0 {
            return;
        }
        let l_pr = left.side(pr);
        if l_pr >= 0.0 {
            return;
        }
        let rp = self.roots[root as usize].p;
        // Where a side crosses the edge: from the two orientations already
        // known (only the heuristic uses these points).
        let at = |sp: f64, sq: f64| {
            let den = sp - sq;
            let t = if den != 0.0 {
                (sp / den).clamp(0.0, 1.0)
            } else {
                0.5
            };
            (
                t,
                Point::new(pl.x + t * (pr.x - pl.x), pl.y + t * (pr.y - pl.y)),
            )
        };
        let l_pl = left.side(pl);
        let (lv, lt, lpt, left) = if l_pl <= 0.0 {
            (true, 0.0, pl, Ray { a: rp, b: pl })
        } else {
            let (t, p) = at(l_pl, l_pr);
            (false, t, p, left)
        };
        let r_pr = right.side(pr);
        let (rv, rt, rpt, right) = if r_pr >= 0.0 {
            (true, 1.0, pr, Ray { a: rp, b: pr })
        } else {
            let (t, p) = at(r_pl, r_pr);
            (false, t, p, right)
        };
        if !lv && !rv && lt > rt {
            return;
        }
        let f = g + heuristic(rp, lpt, rpt, self.goal);
        self.push_node(
            f,
            Node {
                root,
                g,
                he: o,
                left,
                right,
                lv,
                rv,
            },
        );
    }

    /// Recording: the ends of the shut edge `h` that the root at `rp`
    /// sees (inside the closed cone, when given) are reached too; without
    /// this a vertex seen only across a wall-bounded triangle (a concave
    /// corner next to the root) would go unrecorded.
    fn note_shut(&mut self, nav: &NavMesh, h: u32, rp: Point, g: f64, cone: Option<(Ray, Ray)>) {
        if !self.record {
            return;
        }
        for v in [nav.v(h), nav.v(next(h))] {
            let p = nav.p(v);
            if cone.is_none_or(|(l, r)| l.side(p) <= 0.0 && r.side(p) >= 0.0) {
                self.note(v, g + rp.distance(p));
            }
        }
    }

    /// Stores a successor of the node being expanded.
    #[inline]
    fn push_node(&mut self, f: f64, n: Node) {
        let id = self.nodes.len() as u32;
        self.nodes.push(n);
        self.succ.push((key(f), id));
    }

    /// Root-level pruning on (vertex, wedge): true if `g` is no worse.
    #[inline]
    fn claim(&mut self, wedge: u32, g: f64) -> bool {
        let w = wedge as usize;
        if self.stamp[w] != self.epoch {
            self.stamp[w] = self.epoch;
            self.best[w] = g;
            return true;
        }
        if g <= self.best[w] {
            self.best[w] = g;
            true
        } else {
            false
        }
    }

    fn new_root(&mut self, p: Point, parent: u32, wedge: u32) -> u32 {
        self.roots.push(Root { p, parent, wedge });
        (self.roots.len() - 1) as u32
    }

    fn expand(&mut self, nav: &NavMesh, n: &Node) {
        #[cfg(feature = "testing")]
        if let Some(p) = &mut self.probe
            && p.on
        {
            let c = self.roots[n.root as usize].p;
            p.node(nav, c, n.he / 3, (n.left.b, n.right.b));
        }
        let he = n.he;
        let t = he / 3;
        let h_right = next(he); // vr -> c
        let h_left = prev(he); // c -> vl
        let vl = nav.v(he);
        let vr = nav.v(h_right);
        let vc = nav.v(h_left);
        let (pl, pr, pc) = (nav.p(vl), nav.p(vr), nav.p(vc));
        let r = self.roots[n.root as usize].p;

        if self.is_goal_tri(t) {
            let goal = self.goal;
            if n.left.side(goal) <= 0.0 && n.right.side(goal) >= 0.0 {
                self.push_final(n.root, n.g + r.distance(goal));
            }
        }

        // Observable successors.
        let ol = n.left.side(pc);
        let or = n.right.side(pc);
        if self.record {
            if n.lv {
                self.note(vl, n.g + r.distance(pl));
            }
            if n.rv {
                self.note(vr, n.g + r.distance(pr));
            }
            if ol <= 0.0 && or >= 0.0 {
                self.note(vc, n.g + r.distance(pc));
            }
        }
        if ol <= 0.0 && or >= 0.0 {
            let through_c = Ray { a: r, b: pc };
            if or > 0.0 {
                self.push_cone(nav, n.root, n.g, h_right, through_c, n.right);
            }
            if ol < 0.0 {
                self.push_cone(nav, n.root, n.g, h_left, n.left, through_c);
            }
        } else if or < 0.0 {
            self.push_cone(nav, n.root, n.g, h_left, n.left, n.right);
        } else {
            self.push_cone(nav, n.root, n.g, h_right, n.left, n.right);
        }

        // Turning around the right end (clockwise around vr).
        if n.rv && nav.corner[vr as usize] {
            let oc = orient2d(r, pr, pc);
            if oc <= 0.0 {
                let g = n.g + r.distance(pr);
                let w = self.claim_slot(nav, h_right);
                if self.claim(w, g) {
                    let root = self.new_root(pr, n.root, w);
                    if oc < 0.0 {
                        let cont = Ray { a: r, b: pr };
                        let side = Ray { a: pr, b: pc };
                        self.push_cone(nav, root, g, h_left, cont, side);
                        if self.is_goal_tri(t) && orient2d(r, pr, self.goal) <= 0.0 {
                            self.push_final(root, g + pr.distance(self.goal));
                        }
                    }
                    // Fan clockwise around vr across vr -> c.
                    let mut cur = h_right;
                    for _ in 0..1024 {
                        let o = nav.opp[cur as usize];
                        if o == NONE || nav.wall[cur as usize] || self.narrow_edge(nav, cur) {
                            break;
                        }
                        // o runs c' -> vr; vr is the origin of next(o).
                        let t1 = o / 3;
                        let opp_edge = prev(o);
                        self.push_full(nav, root, pr, g, opp_edge);
                        if self.is_goal_tri(t1) {
                            self.push_final(root, g + pr.distance(self.goal));
                        }
                        cur = next(o);
                        let x = nav.p(nav.v(next(cur)));
                        if orient2d(r, pr, x) >= 0.0 {
                            break;
                        }
                    }
                }
            }
        }

        // Turning around the left end (counter-clockwise around vl).
        if n.lv && nav.corner[vl as usize] {
            let oc = orient2d(r, pl, pc);
            if oc >= 0.0 {
                let g = n.g + r.distance(pl);
                let w = self.claim_slot(nav, he);
                if self.claim(w, g) {
                    let root = self.new_root(pl, n.root, w);
                    if oc > 0.0 {
                        let cont = Ray { a: r, b: pl };
                        let side = Ray { a: pl, b: pc };
                        self.push_cone(nav, root, g, h_right, side, cont);
                        if self.is_goal_tri(t) && orient2d(r, pl, self.goal) >= 0.0 {
                            self.push_final(root, g + pl.distance(self.goal));
                        }
                    }
                    // Fan counter-clockwise around vl across c -> vl.
                    let mut cur = h_left;
                    for _ in 0..1024 {
                        let o = nav.opp[cur as usize];
                        if o == NONE || nav.wall[cur as usize] || self.narrow_edge(nav, cur) {
                            break;
                        }
                        // o runs vl -> c'; the edge opposite vl is next(o).
                        let t1 = o / 3;
                        self.push_full(nav, root, pl, g, next(o));
                        if self.is_goal_tri(t1) {
                            self.push_final(root, g + pl.distance(self.goal));
                        }
                        cur = prev(o);
                        let x = nav.p(nav.v(cur));
                        if orient2d(r, pl, x) <= 0.0 {
                            break;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;
    use crate::Point;
    use crate::path::{NavMesh, PathError, PathFinder};
    use crate::triangulation::Cdt;

    /// Two pockets (x in [4, 6] and [7, 9], y < 6) open only at the top:
    /// dead ends of the triangle graph. Paths into, out of and between
    /// them must still be found (lengths worked by hand).
    #[test]
    fn dead_end_pockets_are_entered_only_for_the_goal() {
        let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        for x in [4.0, 6.0, 7.0, 9.0] {
            cdt.insert_segment([x, 0.0], [x, 6.0]).unwrap();
        }
        let nav = NavMesh::from_cdt(&cdt);
        assert!(nav.exit.iter().any(|&e| e != u32::MAX), "no dead end found");
        let mut f = PathFinder::new();
        let mut len = |a: [f64; 2], b: [f64; 2]| {
            f.find_path(&nav, Point::from(a), Point::from(b), 0.0)
                .map(|p| p.length())
        };
        let d = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).hypot(a[1] - b[1]);
        let close = |x: Result<f64, PathError>, e: f64| {
            let x = x.unwrap();
            assert!((x - e).abs() < 1e-9, "{x} != {e}");
        };
        // Into the first pocket round its corner (4, 6).
        close(
            len([1.0, 1.0], [5.0, 1.0]),
            d([1.0, 1.0], [4.0, 6.0]) + d([4.0, 6.0], [5.0, 1.0]),
        );
        // Out of it, the other way.
        close(
            len([5.0, 1.0], [1.0, 1.0]),
            d([1.0, 1.0], [4.0, 6.0]) + d([4.0, 6.0], [5.0, 1.0]),
        );
        // From one pocket to the other: over (6, 6) and (7, 6).
        close(
            len([5.0, 1.0], [8.0, 1.0]),
            d([5.0, 1.0], [6.0, 6.0]) + 1.0 + d([7.0, 6.0], [8.0, 1.0]),
        );
        // Past both pockets without entering them.
        close(
            len([1.0, 1.0], [9.5, 1.0]),
            d([1.0, 1.0], [4.0, 6.0]) + 5.0 + d([9.0, 6.0], [9.5, 1.0]),
        );
    }

    /// The node cap is a typed error, never a wrong "no path" or a longer
    /// path: a search cut short answers `SearchLimit`, at radius 0 and in
    /// the radius > 0 search's bound; uncut, the same queries find paths.
    #[test]
    fn the_node_cap_is_a_typed_error() {
        let mut cdt = Cdt::new([0.0, 0.0], [40.0, 40.0]).unwrap();
        // A comb: the path from left to right snakes round 6 teeth.
        for k in 0..6 {
            let x = 5.0 + 5.0 * k as f64;
            let (y0, y1) = if k % 2 == 0 { (0.0, 34.0) } else { (6.0, 40.0) };
            cdt.insert_segment([x, y0], [x, y1]).unwrap();
        }
        let nav = NavMesh::from_cdt(&cdt);
        let (a, b) = (Point::new(1.0, 1.0), Point::new(39.0, 1.0));
        for r in [0.0, 0.5] {
            let mut f = PathFinder::new();
            f.tangent.knobs.bound_after = Some(0); // the bound's search runs first
            assert!(f.find_path(&nav, a, b, r).is_ok(), "r {r}");
            f.search.node_cap = Some(3);
            assert!(
                matches!(f.find_path(&nav, a, b, r), Err(PathError::SearchLimit(n)) if n > 3),
                "r {r}"
            );
        }
    }

    #[test]
    fn heap_pops_in_key_order() {
        // Against a sort of the same keys (pseudo-random, with repeats).
        let mut h = Heap::default();
        let mut keys = Vec::new();
        let mut x = 12345u64;
        for id in 0..1000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (x >> 40) % 300;
            keys.push(k);
            h.push(k, id);
            // Interleave pops with pushes.
            if id % 7 == 0 {
                let got = h.pop().unwrap();
                let min = *keys.iter().min().unwrap();
                assert_eq!(keys_of(&keys, got), min);
                keys[got as usize] = u64::MAX;
            }
        }
        let mut last = 0;
        while let Some(id) = h.pop() {
            let k = keys[id as usize];
            assert!(k != u64::MAX && k >= last, "popped {k} after {last}");
            keys[id as usize] = u64::MAX;
            last = k;
        }
        assert!(keys.iter().all(|&k| k == u64::MAX));
    }

    fn keys_of(keys: &[u64], id: u32) -> u64 {
        keys[id as usize]
    }
}
