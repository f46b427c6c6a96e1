//! Independent checkers for the bitmap tests (included by the other
//! `bitmap_*` tests with `#[path]`): an even-odd scanline rasteriser and the
//! distance to the pixel border computed from the pixels alone.

use daedalus::Point;
use daedalus::bitmap::Bitmap;

/// Even-odd fill of the polygons at pixel centres.
pub fn rasterise(w: usize, h: usize, polys: &[&[Point]]) -> Vec<bool> {
    let mut out = vec![false; w * h];
    let mut xs: Vec<f64> = Vec::new();
    for y in 0..h {
        let yc = y as f64 + 0.5;
        xs.clear();
        for poly in polys {
            let n = poly.len();
            for k in 0..n {
                let a = poly[k];
                let b = poly[(k + 1) % n];
                if (a.y > yc) != (b.y > yc) {
                    xs.push(a.x + (yc - a.y) * (b.x - a.x) / (b.y - a.y));
                }
            }
        }
        xs.sort_by(f64::total_cmp);
        for pair in xs.chunks_exact(2) {
            // Pixels whose centre x + 0.5 lies in (pair[0], pair[1]).
            let mut px = (pair[0] - 0.5).ceil().max(0.0) as usize;
            while px < w && (px as f64 + 0.5) < pair[1] {
                if px as f64 + 0.5 > pair[0] {
                    out[y * w + px] = true;
                }
                px += 1;
            }
        }
    }
    out
}

fn seg_dist(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (abx, aby) = (b.0 - a.0, b.1 - a.1);
    let (apx, apy) = (p.0 - a.0, p.1 - a.1);
    let l2 = abx * abx + aby * aby;
    let s = ((apx * abx + apy * aby) / l2).clamp(0.0, 1.0);
    let (dx, dy) = (apx - s * abx, apy - s * aby);
    (dx * dx + dy * dy).sqrt()
}

/// Distance from `p` to the nearest unit edge between a black and a white
/// pixel (outside the image = white), searching `r` pixels around `p`;
/// infinity when none is that close.
pub fn border_dist(bm: &Bitmap, p: (f64, f64), r: i64) -> f64 {
    let (cx, cy) = (p.0.floor() as i64, p.1.floor() as i64);
    let mut best = f64::INFINITY;
    for y in cy - r..=cy + r + 1 {
        for x in cx - r..=cx + r + 1 {
            let here = bm.get(x, y);
            if here != bm.get(x - 1, y) {
                let d = seg_dist(p, (x as f64, y as f64), (x as f64, y as f64 + 1.0));
                best = best.min(d);
            }
            if here != bm.get(x, y - 1) {
                let d = seg_dist(p, (x as f64, y as f64), (x as f64 + 1.0, y as f64));
                best = best.min(d);
            }
        }
    }
    best
}

/// Checks the tolerance bound both ways; returns a description of the first
/// failure. (1) Every pixel whose even-odd fill differs from the image has
/// its centre within `t` of the pixel border. (2) Every point of every
/// polygon edge (sampled every 1/8 pixel, plus the vertices) is within `t`
/// of the pixel border.
pub fn check_bound(bm: &Bitmap, polys: &[&[Point]], t: f64) -> Result<usize, String> {
    let eps = 1e-9;
    let r = t.ceil() as i64 + 1;
    let fill = rasterise(bm.width, bm.height, polys);
    let mut differing = 0;
    for y in 0..bm.height {
        for x in 0..bm.width {
            if fill[y * bm.width + x] != bm.bits[y * bm.width + x] {
                differing += 1;
                let d = border_dist(bm, (x as f64 + 0.5, y as f64 + 0.5), r);
                if d > t + eps {
                    return Err(format!("pixel ({x}, {y}) differs at distance {d} > {t}"));
                }
            }
        }
    }
    for poly in polys {
        let n = poly.len();
        for k in 0..n {
            let a = poly[k];
            let b = poly[(k + 1) % n];
            let len = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
            let steps = (len * 8.0).ceil().max(1.0) as usize;
            for s in 0..=steps {
                let f = s as f64 / steps as f64;
                let q = (a.x + f * (b.x - a.x), a.y + f * (b.y - a.y));
                let d = border_dist(bm, q, r);
                if d > t + eps {
                    return Err(format!("polygon point {q:?} at distance {d} > {t}"));
                }
            }
        }
    }
    Ok(differing)
}

/// Unit boundary edges of the polygons (axis-aligned, integer vertices),
/// as sorted normalised ((x0, y0), (x1, y1)) pairs.
pub fn unit_edges(poly: &[Point]) -> Vec<((i64, i64), (i64, i64))> {
    let mut out = Vec::new();
    let n = poly.len();
    for k in 0..n {
        let a = poly[k];
        let b = poly[(k + 1) % n];
        assert!(
            a.x == b.x || a.y == b.y,
            "edge {a:?}-{b:?} not axis-aligned"
        );
        let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
        let steps = (bx - ax).abs() + (by - ay).abs();
        let (sx, sy) = ((bx - ax).signum(), (by - ay).signum());
        for s in 0..steps {
            let p = (ax + s * sx, ay + s * sy);
            let q = (p.0 + sx, p.1 + sy);
            out.push(if p < q { (p, q) } else { (q, p) });
        }
    }
    out.sort();
    out
}

/// Signed shoelace area.
pub fn area(poly: &[Point]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|k| {
            let a = poly[k];
            let b = poly[(k + 1) % n];
            a.x * b.y - b.x * a.y
        })
        .sum::<f64>()
        / 2.0
}

/// A ring as its vertex list rotated to start at its smallest vertex.
pub fn normalised(poly: &[Point]) -> Vec<(i64, i64)> {
    let v: Vec<(i64, i64)> = poly.iter().map(|p| (p.x as i64, p.y as i64)).collect();
    let k = (0..v.len()).min_by_key(|&i| v[i]).unwrap_or(0);
    v[k..].iter().chain(v[..k].iter()).copied().collect()
}
