//! Reach and the shortest cycle against brute force.

use super::*;

/// reach by brute force: the first j whose segment misses a point
/// strictly between (every point, not only corners).
fn reach_ref(p: &[(f64, f64)], t: f64) -> Vec<usize> {
    let n = (p.len() - 1) / 2;
    let t2 = tol2(t);
    (0..n)
        .map(|i| {
            let mut j = i + 1;
            while j < i + n && (i + 1..=j).all(|k| dist2_seg(p[k], p[i], p[j + 1]) <= t2) {
                j += 1;
            }
            j
        })
        .collect()
}

fn random_bitmaps() -> Vec<crate::bitmap::Bitmap> {
    let mut seed = 1u64;
    let mut out = Vec::new();
    for case in 0..160 {
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let (w, h) = (12 + case % 30, 10 + case % 17);
        let bm = if case % 2 == 0 {
            let bits: Vec<bool> = (0..w * h).map(|_| rnd(3) != 0).collect();
            crate::bitmap::Bitmap::new(w, h, bits).unwrap()
        } else {
            // A few discs and slanted bars (long runs, walking back).
            let shapes: Vec<[f64; 4]> = (0..4)
                .map(|_| {
                    [
                        rnd(60) as f64,
                        rnd(60) as f64,
                        3.0 + rnd(20) as f64,
                        rnd(7) as f64 - 3.0,
                    ]
                })
                .collect();
            crate::bitmap::Bitmap::from_fn(60, 60, |x, y| {
                let (x, y) = (x as f64, y as f64);
                shapes.iter().any(|&[cx, cy, r, k]| {
                    (x - cx).hypot(y - cy) < r || ((y - cy) - k * 0.37 * (x - cx)).abs() < 1.5
                })
            })
            .unwrap()
        };
        out.push(bm);
    }
    out
}

/// The run-by-run cone walk gives the brute-force reach.
#[test]
fn reach_matches_brute_force() {
    let mut opt = Optimizer::default();
    for (case, bm) in random_bitmaps().iter().enumerate() {
        for o in crate::bitmap::trace_outlines(bm, crate::bitmap::TurnPolicy::Minority, 0) {
            if o.points.len() < 4 {
                continue;
            }
            for t in [0.5, 1.0, 1.5, 2.0, 2.5, 5.0] {
                opt.polygon(&o.points, t, false, (1e9, 1e9));
                let n = o.points.len();
                let want = reach_ref(&opt.p, t);
                assert_eq!(&opt.reach[..n], &want[..], "case {case} t {t}");
            }
        }
    }
}

/// Fewest segments from s round to s + n by brute force (breadth-first
/// over all segments allowed by reach).
fn fewest_from(opt: &Optimizer, s: usize) -> usize {
    let n = opt.corner.len();
    let mut dist = vec![usize::MAX; n + 1];
    dist[0] = 0;
    for i in s..s + n {
        for j in i + 1..=opt.reach_at(i).min(s + n) {
            dist[j - s] = dist[j - s].min(dist[i - s] + 1);
        }
    }
    dist[n]
}

/// The layered programme against brute force from its start, and the
/// chosen start against every start: no start gives fewer segments.
#[test]
fn best_polygon_is_shortest() {
    let mut opt = Optimizer::default();
    let (mut cases, mut worse) = (0, 0);
    for bm in random_bitmaps().iter().take(60) {
        for o in crate::bitmap::trace_outlines(bm, crate::bitmap::TurnPolicy::Minority, 0) {
            if o.points.len() < 4 {
                continue;
            }
            for t in [0.7, 1.0, 2.0] {
                opt.polygon(&o.points, t, false, (1e9, 1e9));
                let n = o.points.len();
                let s = opt.best_start();
                let po = opt.best_polygon(s);
                assert_eq!(po.len(), fewest_from(&opt, s));
                assert_eq!(opt.fewest(s), po.len());
                assert_eq!(po[0], s);
                for (v, &a) in po.iter().enumerate() {
                    let b = po.get(v + 1).copied().unwrap_or(s + n);
                    assert!(a < b && b <= opt.reach_at(a));
                }
                let ours = po.len().min(opt.best_polygon(0).len());
                let all = (0..n).map(|s| fewest_from(&opt, s)).min().unwrap();
                cases += 1;
                if ours > all {
                    worse += 1;
                }
            }
        }
    }
    println!("start not optimal in {worse} of {cases}");
    assert_eq!(worse, 0, "{worse} of {cases}");
}
