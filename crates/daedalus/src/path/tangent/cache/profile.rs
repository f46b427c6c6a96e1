//! What a kept side depends on, as seen from its corner: per angular
//! sector, how far its flood saw.
//!
//! A flood from a corner is a visibility region, star-shaped round the
//! corner and often long and thin in several directions (down streets,
//! along a grid's lanes). Its bounding box is then mostly empty, and a
//! change anywhere in it would drop the side. The profile keeps, for each
//! of [`SECTORS`] sectors round the corner, a distance that every point
//! the flood saw in that sector is within: per triangle where a ray of
//! the flood ends (at a wall or where the flood stopped), the farthest
//! point of the triangle in the sector (a ray that goes on ends farther,
//! in the same sector). A changed box meets the side only if it comes
//! within `2 r` of that region, and then [`hits`] names the sectors
//! where: what the side's edges depend on lies within `2 r` of their
//! sight lines (see `repair`), and a corner newly seen is seen past a
//! wall that was at the region's edge.
//!
//! Angles are pseudo-angles (`pseudo`, in `[0, 4)`, monotonic in the true
//! angle, with a slope at most 1 per radian), so a true angular margin is
//! also a margin in pseudo-angle; every span is widened by `EPS` for the
//! rounding, and a corner on a sector's side ray is found by that ray.
//! The region described holds every point seen, so the test can only
//! answer "meets" too often, never too seldom.

use crate::Point;
use crate::geometry::Rect;

/// Sectors round a corner (chosen with `radius_timing`, `RADIUS_CHANGE=1`:
/// fewer make repairs coarser, more make profiles costlier to fill and test).
pub(in crate::path::tangent) const SECTORS: usize = 64;

/// A set of sectors: bit `k` for sector `k`.
pub(in crate::path::tangent) type Mask = u64;

/// Pseudo-angle of the direction `(dx, dy)` (not both zero), in `[0, 4)`.
#[inline]
fn pseudo(dx: f64, dy: f64) -> f64 {
    let p = dy / (dx.abs() + dy.abs());
    if dx >= 0.0 {
        if dy >= 0.0 { p } else { 4.0 + p }
    } else {
        2.0 - p
    }
}

/// The sector of pseudo-angle `a`.
#[inline]
fn sector(a: f64) -> usize {
    ((a * (SECTORS as f64 / 4.0)) as usize).min(SECTORS - 1)
}

/// Slack of a pseudo-angle for its rounding.
const EPS: f64 = 1e-9;

/// `a` brought into `[0, 4)` (`a` within one turn of it).
#[inline]
fn wrap(a: f64) -> f64 {
    if a < 0.0 {
        (a + 4.0).min(4.0 - 16.0 * f64::EPSILON)
    } else if a >= 4.0 {
        a - 4.0
    } else {
        a
    }
}

/// The sectors of `a - EPS` and `b + EPS`.
#[inline]
fn ends(a: f64, b: f64) -> (usize, usize) {
    (sector(wrap(a - EPS)), sector(wrap(b + EPS)))
}

/// Calls `f` on every sector from that of `a - EPS` to that of `b + EPS`
/// counter-clockwise, until it answers `true`.
#[inline]
fn each_sector(a: f64, b: f64, mut f: impl FnMut(usize) -> bool) -> bool {
    let (s, e) = ends(a, b);
    let n = (e + SECTORS - s) % SECTORS + 1;
    (0..n).any(|i| f((s + i) % SECTORS))
}

/// The counter-clockwise span `(from, to)` holding every direction of
/// `dirs` (pseudo-angles), when they lie within half a turn: the
/// complement of the widest gap between neighbours.
fn span(dirs: &mut [f64]) -> (f64, f64) {
    dirs.sort_unstable_by(f64::total_cmp);
    let n = dirs.len();
    let mut best = (dirs[0] + 4.0 - dirs[n - 1], 0);
    for i in 1..n {
        let g = dirs[i] - dirs[i - 1];
        if g > best.0 {
            best = (g, i);
        }
    }
    let k = best.1;
    (dirs[k], dirs[(k + n - 1) % n])
}

/// Round up to the next `f32`.
#[inline]
fn up(x: f64) -> f32 {
    let f = x as f32;
    if f64::from(f) < x { f.next_up() } else { f }
}

/// The unit direction of pseudo-angle `4 k / SECTORS`: the ray between
/// sectors `k - 1` and `k`.
fn boundary(k: usize) -> (f64, f64) {
    static RAYS: std::sync::OnceLock<[(f64, f64); SECTORS]> = std::sync::OnceLock::new();
    RAYS.get_or_init(|| {
        std::array::from_fn(|k| {
            let a = 4.0 * k as f64 / SECTORS as f64;
            let (x, y) = match a {
                a if a < 1.0 => (1.0 - a, a),
                a if a < 2.0 => (1.0 - a, 2.0 - a),
                a if a < 3.0 => (a - 3.0, 2.0 - a),
                a => (a - 3.0, a - 4.0),
            };
            let l = (x * x + y * y).sqrt();
            (x / l, y / l)
        })
    })[k % SECTORS]
}

/// How far the ray from `o` in the unit direction `d` runs inside
/// triangle `t` (0 when it misses): its farthest meeting with an edge.
fn ray_reach(o: Point, d: (f64, f64), t: &[Point; 3]) -> f64 {
    let mut far = 0.0f64;
    for i in 0..3 {
        let (p, q) = (t[i], t[(i + 1) % 3]);
        let e = (q.x - p.x, q.y - p.y);
        let w = (p.x - o.x, p.y - o.y);
        let den = d.0 * e.1 - d.1 * e.0;
        if den == 0.0 {
            continue; // along the edge: its ends count as corners
        }
        let tt = (w.0 * e.1 - w.1 * e.0) / den;
        let ss = (w.0 * d.1 - w.1 * d.0) / den;
        if tt >= 0.0 && (-1e-9..=1.0 + 1e-9).contains(&ss) {
            far = far.max(tt);
        }
    }
    far
}

/// Adds triangle `t` (counter-clockwise) entered by a flood from `o` to
/// `reach` (its [`SECTORS`] distances): per sector, the farthest point
/// of the triangle inside the sector's wedge, which lies at a corner in
/// it or where a side ray of the wedge leaves the triangle (the distance
/// along one edge has no maximum inside an angular interval). A triangle
/// within two sectors counts its farthest corner for both. `abs` is the
/// absolute rounding slack of a distance (`1e-9` of the coordinates).
pub(in crate::path::tangent) fn add(reach: &mut [f32], o: Point, t: [Point; 3], abs: f64) {
    // The corners other than `o`: direction and squared distance, in
    // counter-clockwise order after `o` when `o` is one of them.
    let (mut a, mut d2, mut n) = ([0.0f64; 3], [0.0f64; 3], 0);
    let at = t.iter().position(|&p| p == o);
    for i in 0..3 {
        let p = t[(at.unwrap_or(2) + 1 + i) % 3];
        let (dx, dy) = (p.x - o.x, p.y - o.y);
        if dx == 0.0 && dy == 0.0 {
            continue;
        }
        a[n] = pseudo(dx, dy);
        d2[n] = dx * dx + dy * dy;
        n += 1;
    }
    let slack = |x: f64| up(x * (1.0 + 1e-9) + abs);
    let whole = d2[..n].iter().fold(0.0f64, |m, &x| m.max(x)).sqrt();
    let (s, e) = if n == 2 {
        // Round `o`: the angle between its other corners.
        (a[0], a[1])
    } else {
        span3(a)
    };
    if n == 3 && wrap(e - s) >= 2.0 - EPS {
        // Holds `o` (not a vertex flood's triangle): every direction.
        let v = slack(whole);
        reach.iter_mut().for_each(|r| *r = r.max(v));
        return;
    }
    let (first, last) = ends(s, e);
    let count = (last + SECTORS - first) % SECTORS + 1;
    if count <= 2 {
        // Narrow (most triangles a flood enters far out): its far corner.
        let v = slack(whole);
        for i in 0..count {
            let k = (first + i) % SECTORS;
            reach[k] = reach[k].max(v);
        }
        return;
    }
    // Wide (round `o` or near it): per sector, its corners there and
    // where the sector's two side rays leave it.
    let mut prev = ray_reach(o, boundary(first), &t);
    for i in 0..count {
        let k = (first + i) % SECTORS;
        let next = ray_reach(o, boundary(k + 1), &t);
        let mut far = prev.max(next);
        for j in 0..n {
            if sector(a[j]) == k {
                far = far.max(d2[j].sqrt());
            }
        }
        reach[k] = reach[k].max(slack(far));
        prev = next;
    }
}

/// [`span`] of three directions, without sorting.
#[inline]
fn span3([x, y, z]: [f64; 3]) -> (f64, f64) {
    let (lo, hi) = (x.min(y).min(z), x.max(y).max(z));
    let mid = x + y + z - lo - hi;
    // The widest gap is left out.
    let (g0, g1, g2) = (mid - lo, hi - mid, lo + 4.0 - hi);
    if g2 >= g0 && g2 >= g1 {
        (lo, hi)
    } else if g0 >= g1 {
        (mid, lo)
    } else {
        (hi, mid)
    }
}

/// The sectors (bit `k`: sector `k`) in which box `b` comes within
/// `margin` of the region `reach` describes round `o` (see the module
/// docs): a point of that region within `margin` of `b` lies in one of
/// them. May name sectors too many, never too few; `0`: the box keeps
/// clear of the region.
pub(in crate::path::tangent) fn hits(reach: &[f32], o: Point, b: &Rect, margin: f64) -> Mask {
    let d = b.distance(o);
    if d <= margin {
        return ALL;
    }
    // The sectors reaching within `margin` of the box's distance...
    let mut near = 0;
    for (k, &r) in reach.iter().enumerate() {
        if d <= f64::from(r) + margin {
            near |= 1 << k;
        }
    }
    if near == 0 {
        return 0;
    }
    // ...among the directions of points within `margin` of the box: its
    // span widened by the angle `margin` subtends at distance `d`
    // (`asin x`, or `tan(asin x)` above it where that is cheaper).
    let x = (margin / d).min(1.0);
    let w = if x < 0.5 {
        x / (1.0 - x * x).sqrt()
    } else {
        x.asin()
    } * (1.0 + 1e-9);
    let mut dirs = [
        b.min,
        b.max,
        Point::new(b.min.x, b.max.y),
        Point::new(b.max.x, b.min.y),
    ]
    .map(|p| pseudo(p.x - o.x, p.y - o.y));
    let (s, e) = span(&mut dirs);
    if wrap(e - s) + 2.0 * w >= 4.0 - 4.0 / SECTORS as f64 {
        return near;
    }
    let mut m = 0;
    each_sector(s - w, e + w, |k| {
        m |= 1 << k;
        false
    });
    near & m
}

/// The sectors of the directions from `a0` counter-clockwise to `a1`
/// (radians; a side's span is at most 1.5 pi: a free arc of at most a
/// half turn and a quarter turn), widened by `1e-6` radians for the
/// rounding of angles and the free-arc slack (far more than the
/// pseudo-angles' `EPS`); [`ALL`] for a span of 1.75 pi or more.
pub(in crate::path::tangent) fn span_sectors(a0: f64, a1: f64) -> Mask {
    const WIDEN: f64 = 1e-6;
    let w = a1 - a0;
    if w.is_nan() || w >= 1.75 * std::f64::consts::PI {
        return ALL;
    }
    let p = |a: f64| {
        let (y, x) = a.sin_cos();
        pseudo(x, y)
    };
    let mut m = 0;
    each_sector(p(a0 - WIDEN), p(a1 + WIDEN), |k| {
        m |= 1 << k;
        false
    });
    m
}

/// Every sector.
pub(in crate::path::tangent) const ALL: Mask = Mask::MAX;

/// The sectors of the direction from `o` to `p` (`p != o`), widened by
/// the pseudo-angles' slack as [`hits`] widens a box's: one, or two on
/// a sector boundary.
pub(in crate::path::tangent) fn sectors_of(o: Point, p: Point) -> [u8; 2] {
    let a = pseudo(p.x - o.x, p.y - o.y);
    let (s, e) = ends(a, a);
    [s as u8, e as u8]
}

/// Whether `mask` holds a sector of `sect` (see [`sectors_of`]).
#[inline]
pub(in crate::path::tangent) fn meets_mask(mask: Mask, [s, e]: [u8; 2]) -> bool {
    mask & ((1 << s) | (1 << e)) != 0
}

/// The shortest run of consecutive sectors (counter-clockwise, as
/// `(first, count)`) holding every sector of `mask` (not empty).
pub(in crate::path::tangent) fn run(mask: Mask) -> (usize, usize) {
    if mask == ALL {
        return (0, SECTORS);
    }
    // The run starts after the longest circular gap of clear sectors.
    let (mut best, mut first) = (0, 0);
    for k in 0..SECTORS {
        if mask & (1 << k) != 0 {
            continue;
        }
        let len = (0..SECTORS)
            .take_while(|i| mask & (1 << ((k + i) % SECTORS)) == 0)
            .count();
        if len > best {
            (best, first) = (len, (k + len) % SECTORS);
        }
    }
    (first, SECTORS - best)
}

/// The sectors of run `(first, count)`.
pub(in crate::path::tangent) fn run_mask((first, count): (usize, usize)) -> Mask {
    if count >= SECTORS {
        return ALL;
    }
    let m: Mask = (1 << count) - 1;
    m.rotate_left(first as u32)
}

/// The unit directions of the rays bounding run `(first, count)` (at
/// most half a turn): from its first sector's start, counter-clockwise,
/// to its last sector's end.
pub(in crate::path::tangent) fn run_rays((first, count): (usize, usize)) -> [(f64, f64); 2] {
    [boundary(first), boundary(first + count)]
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn f(&mut self, lo: f64, hi: f64) -> f64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64)
        }
    }

    /// A point of triangle `t` within `margin` of box `b`, sampled
    /// finely on the box (enough to find boxes that are surely within
    /// the margin).
    fn near(b: &Rect, t: &[Point; 3], margin: f64) -> Option<Point> {
        let inside = |p: Point| {
            let o = crate::geometry::orient2d;
            o(t[0], t[1], p) >= 0.0 && o(t[1], t[2], p) >= 0.0 && o(t[2], t[0], p) >= 0.0
        };
        let n = 24;
        for i in 0..=n {
            for j in 0..=n {
                let p = Point::new(
                    b.min.x + (b.max.x - b.min.x) * i as f64 / n as f64,
                    b.min.y + (b.max.y - b.min.y) * j as f64 / n as f64,
                );
                if inside(p) {
                    return Some(p);
                }
                for k in 0..3 {
                    let q = crate::geometry::closest_point_segment(t[k], t[(k + 1) % 3], p);
                    if p.distance(q) < margin {
                        return Some(q);
                    }
                }
            }
        }
        None
    }

    #[test]
    fn span_sectors_hold_every_direction_of_the_span() {
        // Brute force: directions sampled along random spans (and just
        // inside their ends) each fall in a named sector, with the sectors
        // an edge of that direction is filed under (`sectors_of`).
        let mut rng = Rng(0x0dd_ba11_cafe_f00d);
        let o = Point::new(3.0, -7.0);
        for _ in 0..2000 {
            let a0 = rng.f(-10.0, 10.0);
            let a1 = a0 + rng.f(0.0, 1.5 * std::f64::consts::PI);
            let m = span_sectors(a0, a1);
            for i in 0..=64 {
                let a = a0 + (a1 - a0) * i as f64 / 64.0;
                let p = Point::new(o.x + 5.0 * a.cos(), o.y + 5.0 * a.sin());
                let [s, e] = sectors_of(o, p);
                assert!(
                    meets_mask(m, [s, s]) && meets_mask(m, [e, e]),
                    "{a0} {a1} {a}"
                );
            }
            // Sectors far outside the span are not named (a quarter turn
            // on from its end, when the span leaves room for one).
            if a1 - a0 < 1.25 * std::f64::consts::PI {
                let a = a1 + 0.5 * (2.0 * std::f64::consts::PI - (a1 - a0));
                let p = Point::new(o.x + a.cos(), o.y + a.sin());
                let [s, _] = sectors_of(o, p);
                assert!(!meets_mask(m, [s, s]), "{a0} {a1} {a}");
            }
        }
        assert_eq!(span_sectors(0.0, 1.8 * std::f64::consts::PI), ALL);
    }

    #[test]
    fn a_box_near_a_point_of_the_flood_always_hits_its_sector() {
        // Brute force: random fans of long thin triangles round `o` and
        // random boxes; a box sampled within the margin of a triangle
        // must meet the profile.
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let (mut met, mut missed_far, mut some) = (0, 0, 0);
        for _ in 0..60 {
            let o = Point::new(rng.f(-5.0, 5.0), rng.f(-5.0, 5.0));
            let mut reach = [0f32; SECTORS];
            let mut tris = Vec::new();
            for _ in 0..6 {
                let a = rng.f(0.0, std::f64::consts::TAU);
                let (d0, d1) = (rng.f(0.5, 3.0), rng.f(20.0, 200.0));
                let w = rng.f(0.01, 0.3);
                let p = |d: f64, a: f64| Point::new(o.x + d * a.cos(), o.y + d * a.sin());
                // One triangle round `o` and one beyond it, both thin.
                tris.push([o, p(d0, a), p(d0, a + w)]);
                tris.push([p(d0, a), p(d1, a), p(d0, a + w)]);
            }
            for t in &tris {
                let t = if crate::geometry::orient2d(t[0], t[1], t[2]) >= 0.0 {
                    *t
                } else {
                    [t[0], t[2], t[1]]
                };
                add(&mut reach, o, t, 1e-9 * 300.0);
            }
            for _ in 0..200 {
                let (x, y) = (o.x + rng.f(-220.0, 220.0), o.y + rng.f(-220.0, 220.0));
                let (w, h) = (rng.f(0.0, 30.0), rng.f(0.0, 30.0));
                let b = Rect::new([x, y], [x + w, y + h]);
                let margin = rng.f(0.0, 4.0);
                let m = hits(&reach, o, &b, margin);
                if let Some(y) = tris.iter().find_map(|t| near(&b, t, margin)) {
                    // The point's own sector is named (what a repair of
                    // the sectors hit relies on).
                    let k = sector(pseudo(y.x - o.x, y.y - o.y));
                    assert!(
                        m & (1 << k) != 0,
                        "box {b:?} near {y:?} (sector {k}), margin {margin}: {m:#x}"
                    );
                    met += 1;
                    some += u32::from(m != ALL && m.count_ones() <= 4);
                } else if m == 0 {
                    missed_far += 1;
                }
            }
        }
        // The test sees both answers (and the profile is not one box).
        assert!(met > 200, "{met}");
        assert!(missed_far > 2000, "{missed_far}");
        // And most boxes met name a few sectors, not all.
        assert!(some > met / 2, "{some} of {met}");
    }

    #[test]
    fn a_wide_thin_triangle_reaches_far_only_where_it_is_far() {
        // Hand-worked: from a post in a corridor (y in [2, 8]) the fan
        // triangle up to the corridor's top wall spans 21 to 176 degrees
        // but stays below y = 8; a room at (31..35, 46..50) is 38 away
        // in its middle directions, where the triangle reaches 3 or less.
        let o = Point::new(51.3, 5.4);
        let mut reach = [0f32; SECTORS];
        add(
            &mut reach,
            o,
            [o, Point::new(58.0, 8.0), Point::new(8.0, 8.0)],
            6e-8,
        );
        let room = Rect::new([31.0, 46.0], [35.0, 50.0]);
        assert_eq!(hits(&reach, o, &room, 1.0), 0);
        // A box on the far corner's side, at the top wall, meets it.
        assert_ne!(hits(&reach, o, &Rect::new([9.0, 8.5], [10.0, 9.5]), 1.0), 0);
        // Straight up the triangle reaches the wall 2.6 away: a box 3
        // above `o` meets it with a margin of 0.5, not of 0.3.
        let up = Rect::new([51.2, 8.4], [51.4, 8.6]);
        assert_ne!(hits(&reach, o, &up, 0.5), 0);
        assert_eq!(
            hits(&reach, o, &Rect::new([51.2, 9.5], [51.4, 9.7]), 0.3),
            0
        );
    }

    #[test]
    fn the_run_of_hit_sectors_is_the_complement_of_the_widest_gap() {
        // Hand-worked (64 sectors): bits 63, 0 and 1 wrap round; 5 alone;
        // 3 and 40 leave gaps of 36 (4..=39) and 26 (41..=2 round): the
        // run goes from 40 over 0 to 3.
        assert_eq!(SECTORS, 64);
        assert_eq!(run((1 << 63) | 0b11), (63, 3));
        assert_eq!(run(1 << 5), (5, 1));
        assert_eq!(run((1 << 3) | (1 << 40)), (40, 28));
        assert_eq!(run(ALL), (0, SECTORS));
        assert_eq!(run_mask((63, 3)), (1 << 63) | 0b11);
        assert_eq!(run_mask((40, 28)), (0xff_ffff << 40) | 0b1111);
        for m in [
            1 << 9,
            0x8000_0000_0000_0001,
            0x00f0_0f00_00f0_0f00,
            0x1234_5678_9abc_def0,
        ] {
            let r = run_mask(run(m));
            assert_eq!(r & m, m, "{m:#x}: the run holds every sector hit");
        }
        // The rays bound the run: sector 16 starts straight up, 32 left.
        let [a, b] = run_rays((16, 16));
        assert!(a.0.abs() < 1e-12 && (a.1 - 1.0).abs() < 1e-12, "{a:?}");
        assert!((b.0 + 1.0).abs() < 1e-12 && b.1.abs() < 1e-12, "{b:?}");
        // A direction on a sector boundary names both sectors.
        let o = Point::new(0.0, 0.0);
        assert_eq!(sectors_of(o, Point::new(0.0, 3.0)), [15, 16]);
        assert_eq!(sectors_of(o, Point::new(3.0, 0.1)), [0, 0]);
        assert!(meets_mask(1 << 15, [15, 16]) && !meets_mask(1 << 17, [15, 16]));
    }
}
