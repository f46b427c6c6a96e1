//! The visibility flood over the triangles: the candidate corners seen
//! from a circle, and where on a corner's free arc a point lies.

use super::*;
use crate::geometry::distance_squared_point_segment;
use crate::geometry::tolerance;

impl TangentSearch {
    /// Corners seen from `o` (a visibility flood over the triangles from
    /// the corners `fan`, or from the triangles `tris` containing `o`),
    /// appended to `cand_pool`.
    /// With a `cone`, only the corners inside it (the flood skips the edges
    /// wholly outside it); only those in the ring `reach` around `o` (the
    /// flood skips the edges farther than its outer radius: the disc is
    /// convex and holds `o`, so every corner seen inside it is still
    /// reached). Sets `self.scratch.cut` (whether it left out corners beyond the
    /// ring's outer radius).
    pub(super) fn visible(
        &mut self,
        nav: &NavMesh,
        o: Point,
        from_vertex: bool,
        cone: Option<&Cone>,
        reach: Reach,
    ) {
        self.flood::<false>(nav, o, from_vertex, cone, reach);
    }

    /// The flood of [`TangentSearch::visible`]; `TRACK`: also gathering
    /// how far its triangles reach round `o` into `profile` (see
    /// `edge_cache::profile`; a separate copy, so the untracked floods of every
    /// query pay nothing for it).
    pub(super) fn flood<const TRACK: bool>(
        &mut self,
        nav: &NavMesh,
        o: Point,
        from_vertex: bool,
        cone: Option<&Cone>,
        reach: Reach,
    ) {
        self.scratch.flood_epoch();
        let mut cut = false;
        // Every corner of every triangle entered (what a cached flood
        // depends on, see `cache`).
        let mut bx = crate::geometry::Rect::new(o, o);
        self.scratch.stack.clear();
        let out = |p: Point| cone.map_or(0, |c| c.outside(p));
        // Inside the ring, or sets `cut` when beyond it (squared distances,
        // the same test in every ring: each corner falls in exactly one).
        let (in2, out2) = (reach.inner * reach.inner.abs(), reach.outer * reach.outer);
        let oc = reach.centre.unwrap_or(o);
        // The disc must hold the origin, or corners seen inside it could
        // lie behind an edge the flood skipped.
        debug_assert!(
            dist2(oc, o) <= out2,
            "the flood's disc leaves out its origin"
        );
        let all = reach.inner < 0.0 && reach.outer == f64::INFINITY;
        let keep = |p: Point, cut: &mut bool| {
            if all {
                return true;
            }
            let d = dist2(oc, p);
            if d > out2 {
                *cut = true;
            }
            d > in2 && d <= out2
        };
        // With slack: a corner exactly at the outer radius is reached.
        let far = |x: Point, y: Point| {
            !all && distance_squared_point_segment(x, y, oc) > out2 * (1.0 + tolerance::RELATIVE)
        };
        // Initial windows: the far edges of the first triangles.
        let n = if from_vertex {
            self.scratch.fan.len()
        } else {
            3 * self.scratch.tris.len()
        };
        for k in 0..n {
            let (t, h) = if from_vertex {
                let c = self.scratch.fan[k];
                (c / 3, next(c))
            } else {
                let t = self.scratch.tris[k / 3];
                let h = 3 * t + (k % 3) as u32;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                if orient2d(x, y, o) == 0.0 {
                    continue;
                }
                (t, h)
            };
            for i in 0..3 {
                let w = nav.v(3 * t + i);
                let pw = nav.p(w);
                bx.add(pw);
                if !nav.arcs.useful[w as usize] || pw == o {
                    continue;
                }
                if out(pw) == 0 && keep(pw, &mut cut) {
                    self.scratch.cand_pool.push(w);
                }
            }
            // Entered through h: left end is h's head seen from the far side.
            let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
            // Whether the rays through `h` end here (see the profile
            // note below); a first triangle round a vertex is left by `h`
            // alone.
            let ends = if nav.wall[h as usize] {
                true
            } else if out(x) & out(y) != 0 {
                false
            } else if far(x, y) {
                cut = true;
                true
            } else {
                self.scratch.stack.push((nav.opp[h as usize], y, x));
                false
            };
            if TRACK && (ends || !from_vertex) {
                let p = |i: u32| nav.p(nav.v(3 * t + i));
                edge_cache::profile::add(
                    &mut self.scratch.profile,
                    o,
                    [p(0), p(1), p(2)],
                    self.scratch.prof_abs,
                );
            }
        }
        while let Some((h, l, rr)) = self.scratch.stack.pop() {
            // No cap on entries per edge: every window is a distinct set of
            // straight rays moving away from `o`, so each crosses a triangle
            // once and the flood ends; a cap would drop visible corners.
            // h runs tail -> head; z is the third corner.
            let (ptail, phead, pz) = (
                nav.p(nav.v(h)),
                nav.p(nav.v(next(h))),
                nav.p(nav.v(prev(h))),
            );
            let zv = nav.v(prev(h));
            bx.add(pz);
            let (seen, [wn, wp]) = split(o, (l, rr), pz);
            let mz = out(pz);
            if seen && nav.arcs.useful[zv as usize] && mz == 0 && keep(pz, &mut cut) {
                self.scratch.cand_pool.push(zv);
            }
            // Whether some ray of the window ends in this triangle (at a
            // wall, or where the flood stops): only then does it count
            // in the profile (see below).
            let mut ends = false;
            for (e, x, (wl, wr)) in [(next(h), phead, wn), (prev(h), ptail, wp)] {
                if nav.wall[e as usize] {
                    ends |= TRACK && orient2d(o, wr, wl) >= 0.0;
                    continue;
                }
                if out(x) & mz == 0 && orient2d(o, wr, wl) >= 0.0 {
                    if far(x, pz) {
                        cut = true;
                        ends = true;
                    } else {
                        self.scratch.stack.push((nav.opp[e as usize], wl, wr));
                    }
                }
            }
            // The rays of the window leave the triangle by its far edges;
            // where every one goes on, the triangles beyond reach farther
            // along each ray, so the profile (what the flood saw, see
            // `edge_cache::profile`) needs only the triangles where rays end.
            // Rays left out by the cone are outside it all along (an edge
            // wholly outside it stops none inside): a flood with a cone
            // describes what it saw inside the cone.
            if TRACK && ends {
                edge_cache::profile::add(
                    &mut self.scratch.profile,
                    o,
                    [ptail, phead, pz],
                    self.scratch.prof_abs,
                );
            }
        }
        self.scratch.cut = Cut { reach: cut };
        self.scratch.flood_box = Some(bx);
    }

    /// Keeps in `self.scratch.fan` only the triangles of the wall-free wedge of the
    /// free gap at `v`: every tangent leaving the circle of `v` (from its
    /// free arc) starts, seen from `v`, strictly inside that gap.
    pub(super) fn gap_wedge(&mut self, nav: &NavMesh, v: u32) {
        let c = nav.p(v);
        let (mx, my) = nav.arcs.mid(v as usize);
        let mp = Point::new(c.x + mx, c.y + my);
        let hit = self.scratch.fan.iter().copied().find(|&k| {
            let (x, y) = (nav.p(nav.v(next(k))), nav.p(nav.v(prev(k))));
            orient2d(c, x, mp) >= 0.0 && orient2d(c, y, mp) <= 0.0
        });
        if let Some(k) = hit {
            let w = nav.wedge[k as usize];
            self.scratch.fan.retain(|&f| nav.wedge[f as usize] == w);
        }
    }

    /// Offset of `p` along the free arc of `v` in direction `dir`, or None
    /// when `p` is off the arc.
    #[inline]
    pub(super) fn arc_pos(&self, nav: &NavMesh, v: u32, dir: f64, p: Point) -> Option<f64> {
        let arc = nav.arcs.arc(v as usize);
        let (a0, w) = (arc.arc0, arc.arcw);
        let a = ang(nav.p(v), p);
        let o = if dir > 0.0 {
            offset(a, a0)
        } else {
            offset(a0 + w, a)
        };
        (o <= w + tolerance::ANGLE).then_some(o)
    }

    /// Cheap form of `arc_pos(..).is_some()` (the free arc spans at most
    /// pi): `p` lies between the arc's end directions, with the same slack.
    #[inline]
    pub(super) fn in_arc(&self, nav: &NavMesh, v: u32, p: Point) -> bool {
        let c = nav.p(v);
        let (dx, dy) = (p.x - c.x, p.y - c.y);
        let e = nav.arcs.arc(v as usize).ends;
        let slack = -2.0 * tolerance::ANGLE * (dx.abs() + dy.abs());
        e[0] * dy - e[1] * dx >= slack && dx * e[3] - dy * e[2] >= slack
    }
}

/// One step of a visibility flood from `o`: the window of rays between
/// the directions of `l` and `rr` enters a triangle whose third corner is
/// `pz`. Whether `pz` is seen (inclusive at both rays), and the windows
/// `(wl, wr)` through the far edges head -> z and z -> tail (each open
/// only where `orient2d(o, wr, wl) >= 0`, tested by the caller).
#[inline]
pub(super) fn split(o: Point, (l, rr): (Point, Point), pz: Point) -> (bool, [(Point, Point); 2]) {
    let zr = orient2d(o, rr, pz);
    let zl = orient2d(o, l, pz);
    let nl = if zl > 0.0 { l } else { pz };
    let nr = if zr < 0.0 { rr } else { pz };
    (zr >= 0.0 && zl <= 0.0, [(nl, rr), (l, nr)])
}

/// Squared distance, the one measure of the rings (see [`Reach`]).
#[inline]
pub(super) fn dist2(a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    dx * dx + dy * dy
}

/// The ring whose corners a flood reports: around its origin, or around
/// `centre` (a disc that must hold the origin).
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// Corners at this distance or closer are left out (found before).
    pub(super) inner: f64,
    /// Corners and edges farther than this are left out.
    pub(super) outer: f64,
    /// The ring's centre when not the origin (a disc that holds the
    /// origin: every corner seen inside it is still reached).
    pub(super) centre: Option<Point>,
}

/// What the last flood left out.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cut {
    /// Corners or edges beyond its outer radius.
    pub(super) reach: bool,
}

/// Sorts and dedups `pool[b..]`; returns its range.
pub(super) fn dedup_tail(pool: &mut Vec<u32>, b: u32) -> (u32, u32) {
    // In place: this runs once per expansion.
    let b0 = b as usize;
    pool[b0..].sort_unstable();
    let mut n = b0;
    for i in b0..pool.len() {
        if n == b0 || pool[i] != pool[n - 1] {
            pool[n] = pool[i];
            n += 1;
        }
    }
    pool.truncate(n);
    (b, n as u32)
}
