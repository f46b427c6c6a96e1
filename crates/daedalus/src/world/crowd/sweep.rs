//! The exact clamp: how far a disc may move along a straight line before
//! it comes nearer than allowed to a point (another entity's centre) or a
//! wall segment. The answer is then checked at the end point with the
//! same distance formula the spatial queries use, so rounding can only
//! shorten a move, never let it end inside.

use crate::Point;
use crate::geometry::distance_point_segment;

/// Relative gap the clamp keeps beyond the exact limits.
const SKIN: f64 = 1e-9;

/// Relative size of the approach below which a move counts as grazing
/// (along a wall or a disc it touches), not approaching.
const GRAZE: f64 = 1e-12;

/// What stops a move first: the fraction of the move allowed and the unit
/// normal of the contact (pointing from the obstacle to the disc).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) t: f64,
    pub(crate) normal: Point,
}

impl Hit {
    pub(crate) const NONE: Hit = Hit {
        t: 1.0,
        normal: Point::new(0.0, 0.0),
    };

    fn min(self, o: Hit) -> Hit {
        if o.t < self.t { o } else { self }
    }
}

/// Moving from `p` by `d`, first time the distance to `q` drops to `min`.
/// Already nearer: the move may not bring it nearer still.
pub(crate) fn point_hit(p: Point, d: Point, q: Point, min: f64) -> Hit {
    let f = p - q;
    let a = d.dot(d);
    let b = f.dot(d);
    // not approaching (a move along the tangent, up to rounding, is not)
    if a == 0.0 || b >= -GRAZE * a.sqrt() * f.length() {
        return Hit::NONE;
    }
    let c = f.dot(f) - min * min;
    let normal = if f.length() > 0.0 {
        f / f.length()
    } else {
        -d / d.length()
    };
    if c <= 0.0 {
        return Hit { t: 0.0, normal };
    }
    let disc = b * b - a * c;
    if disc < 0.0 {
        return Hit::NONE;
    }
    let t = (-b - disc.sqrt()) / a;
    if t >= 1.0 {
        return Hit::NONE;
    }
    let at = p + d * t.max(0.0) - q;
    let n = at.length();
    Hit {
        t: t.max(0.0),
        normal: if n > 0.0 { at / n } else { normal },
    }
}

/// Moving a disc of radius `r` from `p` by `d`, first time it touches the
/// segment `a b`.
pub(crate) fn segment_hit(p: Point, d: Point, a: Point, b: Point, r: f64) -> Hit {
    // boxes of the move and the wall farther apart than r (with a margin
    // far above rounding): no contact, no square root
    let m = r + 1e-6 * (1.0 + r);
    let q = p + d;
    if a.x.min(b.x) > p.x.max(q.x) + m
        || a.x.max(b.x) < p.x.min(q.x) - m
        || a.y.min(b.y) > p.y.max(q.y) + m
        || a.y.max(b.y) < p.y.min(q.y) - m
    {
        return Hit::NONE;
    }
    let mut h = point_hit(p, d, a, r).min(point_hit(p, d, b, r));
    let ab = b - a;
    let len = ab.length();
    if len == 0.0 {
        return h;
    }
    let mut n = Point::new(-ab.y / len, ab.x / len);
    let mut s0 = (p - a).dot(n);
    if s0 < 0.0 {
        n = -n;
        s0 = -s0;
    }
    let dn = d.dot(n);
    if dn >= -GRAZE * d.length() {
        return h; // moving away or along the wall
    }
    // time the disc's edge reaches the wall's line; the foot must lie on it
    let t = ((s0 - r) / -dn).max(0.0);
    if t < 1.0 && t < h.t {
        let foot = p + d * t;
        let u = (foot - a).dot(ab) / (len * len);
        if (0.0..=1.0).contains(&u) {
            h = Hit { t, normal: n };
        }
    }
    h
}

/// The disc's clearance rules: to every wall at least `r` (or no less than
/// it was), to every other disc at least the sum of radii (same rule).
pub(crate) struct Keep<'a> {
    pub(crate) r: f64,
    pub(crate) walls: &'a [(Point, Point)],
    /// Other discs: centre and radius.
    pub(crate) discs: &'a [(Point, f64)],
}

impl Keep<'_> {
    /// First contact of the move from `p` by `d`, with a skin: the disc
    /// stops a hair outside the distance [`Keep::allowed`] checks, so a
    /// slide along what it touches is not undone by rounding (a disc
    /// exactly at the limit could otherwise never move along a wall).
    fn hit(&self, p: Point, d: Point) -> Hit {
        let mut h = Hit::NONE;
        let skin = SKIN * (1.0 + self.r);
        for &(a, b) in self.walls {
            h = h.min(segment_hit(p, d, a, b, self.r + skin));
        }
        for &(q, rq) in self.discs {
            h = h.min(point_hit(p, d, q, self.r + rq + skin));
        }
        h
    }

    /// Is `to` as good as the rules need, coming from `from`?
    pub(crate) fn allowed(&self, from: Point, to: Point) -> bool {
        self.walls.iter().all(|&(a, b)| {
            let now = distance_point_segment(a, b, to);
            now >= self.r || now >= distance_point_segment(a, b, from)
        }) && self.discs.iter().all(|&(q, rq)| {
            // squared: no square roots for the many far discs
            let now = to.distance_squared(q);
            let min = self.r + rq;
            now >= min * min || now >= from.distance_squared(q)
        })
    }

    /// The furthest safe point along `p + t d`, t in [0, 1].
    fn advance(&self, p: Point, d: Point) -> (Point, Hit) {
        let h = self.hit(p, d);
        let mut t = h.t;
        // back off a hair from the contact, then verify exactly
        if t < 1.0 {
            t = (t - 1e-9 / d.length().max(1e-300)).max(0.0);
        }
        for _ in 0..4 {
            let q = p + d * t;
            if t == 0.0 || self.allowed(p, q) {
                return (if t == 0.0 { p } else { q }, h);
            }
            t *= 0.5;
        }
        (p, h)
    }

    /// Moves from `p` by `d` as far as allowed, then slides the rest of
    /// the move along what stopped it (up to three contacts: a wall, then
    /// the corner at its end, then a neighbour).
    pub(crate) fn slide(&self, p: Point, d: Point) -> Point {
        let (mut q, mut rest) = (p, d);
        for _ in 0..3 {
            let (to, h) = self.advance(q, rest);
            q = to;
            if h.t >= 1.0 {
                break;
            }
            let left = rest * (1.0 - h.t);
            rest = left - h.normal * left.dot(h.normal);
            if rest.length_squared() < 1e-24 {
                break;
            }
        }
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_a_wall_and_slides() {
        let walls = [(Point::new(0.0, -5.0), Point::new(0.0, 5.0))];
        let k = Keep {
            r: 1.0,
            walls: &walls,
            discs: &[],
        };
        let q = k.slide(Point::new(-3.0, 0.0), Point::new(4.0, 1.0));
        assert!(distance_point_segment(walls[0].0, walls[0].1, q) >= 1.0);
        assert!(q.x > -1.0 - 1e-6 && q.y > 0.9);
    }

    #[test]
    fn stops_at_a_disc() {
        let discs = [(Point::new(3.0, 0.0), 1.0)];
        let k = Keep {
            r: 1.0,
            walls: &[],
            discs: &discs,
        };
        let q = k.slide(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
        assert!(q.distance(discs[0].0) >= 2.0 && q.x > 0.99);
    }

    #[test]
    fn never_tunnels_through_a_thin_wall() {
        let walls = [(Point::new(0.0, -5.0), Point::new(0.0, 5.0))];
        let k = Keep {
            r: 0.1,
            walls: &walls,
            discs: &[],
        };
        let q = k.slide(Point::new(-0.5, 0.0), Point::new(10.0, 0.0));
        assert!(q.x < 0.0);
    }
}
