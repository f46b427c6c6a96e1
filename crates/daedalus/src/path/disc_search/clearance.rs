//! Clearance tests: is a point, a tangent segment or an arc at least `r`
//! from every wall (the walls near a corner cached per query).

use super::*;
use crate::geometry::from_base;
use crate::geometry::tolerance;
use crate::geometry::{
    closest_point_segment, inner_tangent_tie, line_distance_cmp, segment_distance_at_least,
};

/// Angle (radians, as its tangent) within which a tangent point faces a
/// wall's point nearest its centre: a point in the band `tolerance::RELATIVE` off
/// that direction by more than this lies where the wall's offset cuts the
/// circle, not at a gap.
const FACING: f64 = 1e-4;

impl TangentSearch {
    /// Every corner around vertex `v` (walls included), into `self.scratch.fan`.
    pub(super) fn fan_of(&mut self, nav: &NavMesh, v: u32) {
        self.scratch.fan.clear();
        let c = nav.arcs.vcorner[v as usize];
        if c == NONE {
            return;
        }
        self.scratch.fan.push(c);
        let mut cur = c;
        loop {
            let o = nav.opp[prev(cur) as usize];
            if o == NONE {
                break;
            }
            if o == c {
                return;
            }
            self.scratch.fan.push(o);
            cur = o;
        }
        let mut cur = c;
        loop {
            let o = nav.opp[cur as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            self.scratch.fan.push(nc);
            cur = nc;
        }
    }

    /// Is every wall at least `r` from `p`? Flood over the triangles within `r`.
    pub(super) fn point_clear(&mut self, nav: &NavMesh, p: Point, r: f64, start: &[u32]) -> bool {
        let ep = self.scratch.flood_epoch();
        self.scratch.stack.clear();
        for &t in start {
            if self.scratch.tri_mark[t as usize] != ep {
                self.scratch.tri_mark[t as usize] = ep;
                self.scratch.stack.push((t, p, p));
            }
        }
        while let Some((t, _, _)) = self.scratch.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                // Flood a superset (the band above r too); walls exactly.
                if distance_point_segment(x, y, p) >= r * (1.0 + tolerance::RELATIVE) {
                    continue;
                }
                if nav.wall[h as usize] {
                    if segment_distance_at_least(p, x, y, r) {
                        continue;
                    }
                    return false;
                }
                let u = nav.opp[h as usize] / 3;
                if self.scratch.tri_mark[u as usize] != ep {
                    self.scratch.tri_mark[u as usize] = ep;
                    self.scratch.stack.push((u, p, p));
                }
            }
        }
        true
    }

    /// Every point of segment `a b` is at least `r` from every wall
    /// (decided as [`wall_clear`] says): flood over the triangles near it,
    /// from the triangle of `a` found by a walk from triangle `near` (a
    /// triangle at `a`'s corner) or by point location.
    pub(super) fn segment_clear(
        &mut self,
        nav: &NavMesh,
        (a, ea): (Point, End),
        (b, eb): (Point, End),
        r: f64,
        near: Option<u32>,
    ) -> bool {
        let t0 = match near {
            Some(t) => nav.walk_from(t, a),
            None => nav.locate(a),
        };
        let Some(t0) = t0 else {
            return false;
        };
        // Cheap rejection: an edge wholly on one side of the strip (or cap
        // region) more than `r` from the segment's line (with slack for the
        // rounding) is at least `r` from the segment.
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if len > 0.0 {
            (dx / len, dy / len)
        } else {
            (0.0, 0.0)
        };
        let m = r + tolerance::RELATIVE * (r + len);
        let far = |x: Point, y: Point| {
            if len == 0.0 {
                return false;
            }
            let (xa, ya) = ((x.x - a.x, x.y - a.y), (y.x - a.x, y.y - a.y));
            let (cx, cy) = (ux * xa.1 - uy * xa.0, ux * ya.1 - uy * ya.0);
            let (tx, ty) = (ux * xa.0 + uy * xa.1, ux * ya.0 + uy * ya.1);
            (cx > m && cy > m)
                || (cx < -m && cy < -m)
                || (tx < -m && ty < -m)
                || (tx > len + m && ty > len + m)
        };
        let ep = self.scratch.flood_epoch();
        self.scratch.stack.clear();
        self.scratch.stack.push((t0, a, a));
        self.scratch.tri_mark[t0 as usize] = ep;
        while let Some((t, _, _)) = self.scratch.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let wall = nav.wall[h as usize];
                // An edge into a triangle already reached needs no test.
                let u = if wall { NONE } else { nav.opp[h as usize] / 3 };
                if !wall && self.scratch.tri_mark[u as usize] == ep {
                    continue;
                }
                let x = nav.p(nav.v(h));
                let y = nav.p(nav.v(next(h)));
                if far(x, y) {
                    continue;
                }
                if wall {
                    if !wall_clear((a, ea), (b, eb), x, y, r) {
                        return false;
                    }
                    continue;
                }
                // Flooding a superset is safe (walls are tested exactly):
                // an open edge that passes the strip test is crossed
                // without the exact distance (a point segment has no strip).
                if len == 0.0 && segment_distance(a, b, x, y) >= r {
                    continue;
                }
                self.scratch.tri_mark[u as usize] = ep;
                self.scratch.stack.push((u, a, a));
            }
        }
        true
    }

    /// Walls closer than `2 r` to vertex `v` (exactly: a wall at `2 r` or
    /// more keeps the whole circle clear, and across a corridor of exactly
    /// the diameter every wall is there), except those at `v` (cached
    /// until a change meets the box `2 r` around `v`).
    pub(super) fn near_walls(&mut self, nav: &NavMesh, v: u32, r: f64) -> (u32, u32) {
        let lim = edge_cache::near_limit(r);
        let lo = 2.0 * r * (1.0 - tolerance::RELATIVE);
        if let Some(rg) = self.cache_mut().near(nav, v, lim) {
            return rg;
        }
        let pv = nav.p(v);
        let begin = self.cache().near_pool.len() as u32;
        self.fan_of(nav, v);
        let ep = self.scratch.flood_epoch();
        self.scratch.stack.clear();
        for k in 0..self.scratch.fan.len() {
            let t = self.scratch.fan[k] / 3;
            if self.scratch.tri_mark[t as usize] != ep {
                self.scratch.tri_mark[t as usize] = ep;
                self.scratch.stack.push((t, pv, pv));
            }
        }
        // Each wall edge once: by its half-edge seen first.
        let he_ep = ep;
        while let Some((t, _, _)) = self.scratch.stack.pop() {
            for i in 0..3 {
                let h = 3 * t + i;
                let (x, y) = (nav.p(nav.v(h)), nav.p(nav.v(next(h))));
                let d = distance_point_segment(x, y, pv);
                if d >= lim {
                    continue;
                }
                if nav.wall[h as usize] {
                    let o = nav.opp[h as usize];
                    let seen = o != NONE && self.scratch.he_mark[o as usize] == he_ep;
                    self.scratch.he_mark[h as usize] = he_ep;
                    // The walls at `v` bound its free arc: every arc inside
                    // it keeps `r` from them.
                    // A wall at least `2 r` away (exact) keeps the whole
                    // circle clear: `arc_clear` need not see it.
                    let far = d >= lo && segment_distance_at_least(pv, x, y, 2.0 * r);
                    if !seen && x != pv && y != pv && !far {
                        self.cache_mut().near_pool.push((x, y));
                    }
                    // Walls do not stop this flood: the arcs near `v` may
                    // reach walls behind walls at `v` only through free
                    // space, but a superset is harmless here.
                }
                let o = nav.opp[h as usize];
                if o == NONE {
                    continue;
                }
                let u = o / 3;
                if self.scratch.tri_mark[u as usize] != ep {
                    self.scratch.tri_mark[u as usize] = ep;
                    self.scratch.stack.push((u, pv, pv));
                }
            }
        }
        let rg = (begin, self.cache().near_pool.len() as u32);
        self.cache_mut().set_near(nav, v, rg);
        rg
    }

    /// The arc of the circle of `v` from `from` to `to` (over `sweep` in
    /// direction `dir`) keeps clearance `r` from every wall.
    pub(super) fn arc_clear(
        &mut self,
        nav: &NavMesh,
        v: u32,
        r: f64,
        (from, to): (Point, Point),
        sweep: f64,
        dir: f64,
    ) -> bool {
        if sweep <= 0.0 {
            return true;
        }
        let (b, e) = self.near_walls(nav, v, r);
        if b == e {
            // No wall within 2 r: the whole circle is clear.
            return true;
        }
        let c = nav.p(v);
        let (lo, hi) = (
            r * (1.0 - tolerance::RELATIVE),
            r * (1.0 + tolerance::RELATIVE),
        );
        // The arc lies in the disc about its midpoint through its ends: a
        // wall farther than that radius (plus rounding slack) is clear.
        // Below a half turn the midpoint lies along the sum of the ends'
        // radii (no angle needed; nearer a half turn that sum vanishes).
        let (mid, half) = if sweep <= SUM_MID {
            let (sx, sy) = (from.x + to.x - 2.0 * c.x, from.y + to.y - 2.0 * c.y);
            let k = r / (sx * sx + sy * sy).sqrt();
            let mid = Point::new(c.x + k * sx, c.y + k * sy);
            (mid, from.distance(mid).max(to.distance(mid)))
        } else {
            let a = ang(c, from);
            let a0 = if dir > 0.0 { a } else { a - sweep };
            let (sm, cm) = (a0 + sweep / 2.0).sin_cos();
            let mid = Point::new(c.x + r * cm, c.y + r * sm);
            (mid, 2.0 * r * (sweep / 4.0).sin())
        };
        let reach = hi + half + tolerance::RELATIVE * r;
        // The arc's first angle, taken only when a wall comes near.
        let mut a0 = f64::NAN;
        self.cache().near_pool[b as usize..e as usize]
            .iter()
            .all(|&(x, y)| {
                if distance_point_segment(x, y, mid) >= reach {
                    return true;
                }
                if a0.is_nan() {
                    let a = ang(c, from);
                    a0 = if dir > 0.0 { a } else { a - sweep };
                }
                // Every listed wall is closer than 2 r to the centre
                // (`near_walls`): one farther would keep the circle clear.
                let d = arc_segment_distance(c, r, a0, sweep, x, y);
                if d >= hi {
                    return true;
                }
                if d < lo {
                    return false;
                }
                // Within the band, an arc over the direction of the wall's
                // point nearest the centre meets the wall (the corner-wall
                // gap is below 2 r, exactly, when listed); an arc ending
                // where the wall's offset cuts the circle is left to floats
                // (clear).
                let f = closest_point_segment(x, y, c);
                let af = ang(c, f);
                let over = from_base(af, a0 - FACING) <= sweep + 2.0 * FACING;
                !over
            })
    }
}

/// One end of a segment whose clearance is tested.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum End {
    /// An input point (the start or the goal).
    Input,
    /// A tangent point on the circle of radius `r` about this corner,
    /// wrapped in direction `dir` (+1 counter-clockwise).
    Circle(Point, f64),
}

/// Is the segment `a b` at least `r` from the wall `x y`? Distances
/// further than the relative band `tolerance::RELATIVE` from `r` are decided in
/// floats (their rounding is far smaller); inside the band the pair of
/// features that meet is decided on the input coordinates, exactly:
/// - an input end against the wall: `dist(p, x y) >= r`;
/// - a tangent point on the circle of corner `c` facing the point of a
///   wall not at `c` nearest `c` (within `FACING`): the corner-wall gap,
///   `dist(c, x y) >= 2 r` (a wall at `c` is kept off by the free arc,
///   tested on angles);
/// - a wall end `x` beside a segment between two input points:
///   `dist(x, a b) >= r`; beside a tangent of the circle about corner `u`:
///   a tie (the line also touches the circle about `x`) when the line
///   through `u` and `x` lies exactly `r` from the other end, an input
///   point (an outer tangent), or the line from that input point through
///   the midpoint of `u x` lies exactly `r` from `u` (an inner tangent,
///   or where the two circles touch when `|u x| = 2 r`), or that line lies
///   exactly `0` or `2 r` from the other end's centre (two circles: an
///   outer or inner tangent), and then clear; otherwise the computed segment,
///   exactly (its tangent points are a few ulps off: only a tie could
///   flip, and ties are caught first).
///
/// What is left to floats: a tangent point within the band of a wall it
/// does not face (where the wall's offset cuts the circle: no static gap,
/// such positions involve square roots); clear when its computed distance
/// is at least `r (1 - tolerance::RELATIVE)`.
pub(super) fn wall_clear(
    (a, ea): (Point, End),
    (b, eb): (Point, End),
    x: Point,
    y: Point,
    r: f64,
) -> bool {
    let (lo, hi) = (
        r * (1.0 - tolerance::RELATIVE),
        r * (1.0 + tolerance::RELATIVE),
    );
    // The distance of the segments is the least of these four (when
    // they do not meet, decided exactly).
    let ds = [
        distance_point_segment(x, y, a),
        distance_point_segment(x, y, b),
        distance_point_segment(a, b, x),
        distance_point_segment(a, b, y),
    ];
    let d = ds.iter().copied().fold(f64::INFINITY, f64::min);
    if d < lo || segments_meet(a, b, x, y) {
        return false;
    }
    if d >= hi {
        return true;
    }
    let end_clear = |p: Point, e: End, d: f64| match e {
        _ if d >= hi => true,
        End::Input => segment_distance_at_least(p, x, y, r),
        End::Circle(c, _) => {
            if x == c || y == c {
                return true;
            }
            // Facing the wall's point nearest the centre: the corner-wall
            // gap decides, exactly; elsewhere on the circle (a tangent
            // point where the wall's offset cuts the circle) floats do.
            let f = closest_point_segment(x, y, c);
            let (px, py, fx, fy) = (p.x - c.x, p.y - c.y, f.x - c.x, f.y - c.y);
            let facing = px * fx + py * fy > 0.0
                && (px * fy - py * fx).abs() <= FACING * (px * fx + py * fy);
            !facing || segment_distance_at_least(c, x, y, 2.0 * r)
        }
    };
    let corner_clear = |q: Point, d: f64| {
        if d >= hi {
            return true;
        }
        if ea == End::Input && eb == End::Input {
            return segment_distance_at_least(q, a, b, r);
        }
        // A tie: the tangent line also touches the circle about `q`.
        let tie = |c: Point, (o, eo): (Point, End)| match eo {
            // outer tangent (parallel to c q), or inner (through the
            // midpoint of c q: the computed segment must be that one)
            End::Input => {
                line_distance_cmp(o, c, q, r).is_eq()
                    || (through_midpoint(a, b, c, q) && inner_tangent_tie(o, c, q, r))
            }
            End::Circle(w, _) => {
                orient2d(c, q, w) == 0.0 || line_distance_cmp(w, c, q, 2.0 * r).is_eq()
            }
        };
        for (e, other) in [(ea, (b, eb)), (eb, (a, ea))] {
            if let End::Circle(c, _) = e
                && (q == c || tie(c, other))
            {
                return true;
            }
        }
        // No tie: the computed tangent points (a few ulps off) decide.
        segment_distance_at_least(q, a, b, r)
    };
    end_clear(a, ea, ds[0])
        && end_clear(b, eb, ds[1])
        && corner_clear(x, ds[2])
        && corner_clear(y, ds[3])
}

/// Does the computed segment `a b` lie on a line through the midpoint of
/// `c q` (up to its rounding)? Only picks which of the two tangents from
/// an input point a tie is about; the tie itself is decided exactly.
fn through_midpoint(a: Point, b: Point, c: Point, q: Point) -> bool {
    let m = Point::new(0.5 * (c.x + q.x), 0.5 * (c.y + q.y));
    let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, m.x - a.x, m.y - a.y);
    let scale = ux.hypot(uy) * vx.hypot(vy).max(c.distance(q));
    (ux * vy - uy * vx).abs() <= tolerance::RELATIVE * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force, on pseudo-random walls and boxes at three radii: an arc
    /// inside a corner's free arc is clear exactly when 1,001 points along
    /// it all keep `r` from every wall not at the corner (its own walls
    /// keep exactly `r` along the free arc). Sweeps up to the free arc's
    /// width, so the midpoint comes from the ends' sum and from the angle
    /// (above `SUM_MID`); arcs whose sampled distance lies within 5e-3 r
    /// of `r` are left out (sampling overestimates it by less).
    #[test]
    fn an_arc_is_clear_when_every_point_along_it_keeps_r_from_every_wall() {
        let (cdt, mut rnd) = crate::path::lcg::walls_and_boxes(0xa4c);
        let nav = NavMesh::from_cdt(&cdt);
        let walls = crate::path::lcg::walls(&nav);
        let mut ts = TangentSearch::default();
        let (mut clear, mut blocked, mut wide) = (0, 0, 0);
        for r in [0.25, 1.0, 3.0] {
            ts.scratch.begin(&nav);
            ts.caches.select(&nav, r);
            for v in 0..nav.pos.len() as u32 {
                if nav.arcs.vcorner[v as usize] == NONE || !nav.arcs.useful[v as usize] {
                    continue;
                }
                let (c, arc) = (nav.p(v), nav.arcs.arc(v as usize));
                // Only walls within 3 r of the corner can come within r of its circle.
                let near: Vec<(Point, Point)> = walls
                    .iter()
                    .copied()
                    .filter(|&(x, y)| x != c && y != c && distance_point_segment(x, y, c) < 3.0 * r)
                    .collect();
                for _ in 0..6 {
                    let (x, y) = (rnd(arc.arcw), rnd(arc.arcw));
                    let (s0, s1) = (x.min(y), x.max(y));
                    let sweep = s1 - s0;
                    let dir = if rnd(1.0) < 0.5 { 1.0 } else { -1.0 };
                    let (a, b) = if dir > 0.0 { (s0, s1) } else { (s1, s0) };
                    let at = |t: f64| {
                        let t = arc.arc0 + t;
                        Point::new(c.x + r * t.cos(), c.y + r * t.sin())
                    };
                    let d = (0..=1000)
                        .map(|i| at(a + dir * sweep * f64::from(i) / 1000.0))
                        .flat_map(|p| {
                            near.iter()
                                .map(move |&(x, y)| distance_point_segment(x, y, p))
                        })
                        .fold(f64::INFINITY, f64::min);
                    if (d - r).abs() <= 5e-3 * r {
                        continue;
                    }
                    let got = ts.arc_clear(&nav, v, r, (at(a), at(b)), sweep, dir);
                    assert_eq!(
                        got,
                        d > r,
                        "r {r}, corner {v}: sweep {sweep} dir {dir}, {d}"
                    );
                    clear += usize::from(got);
                    blocked += usize::from(!got);
                    wide += usize::from(sweep > SUM_MID);
                }
            }
        }
        assert!(
            clear > 300 && blocked > 100 && wide > 50,
            "{clear} clear, {blocked} blocked, {wide} beyond SUM_MID"
        );
    }
}
