//! Spatial queries against brute force over every wall: clearance equals
//! the minimum distance to all walls, `is_free` agrees with it, the
//! nearest free spot is free, reachable in a straight line and no sampled
//! point nearer is, and `path_is_clear` agrees with the segment-to-wall
//! distances on straight paths and with densely sampled distances on the
//! finder's paths with arcs, moved off their place.

use daedalus::path::{NavMesh, Path, PathFinder, PathSampler};
use daedalus::triangulation::Cdt;
use daedalus::{Point, geometry::orient2d};
use proptest::prelude::*;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn seg_dist(q: Point, a: Point, b: Point) -> f64 {
    let (vx, vy) = (b.x - a.x, b.y - a.y);
    let l2 = vx * vx + vy * vy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((q.x - a.x) * vx + (q.y - a.y) * vy) / l2).clamp(0.0, 1.0)
    };
    (q.x - (a.x + t * vx)).hypot(q.y - (a.y + t * vy))
}

fn cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let s = |x: f64| {
        if x > 0.0 {
            1
        } else if x < 0.0 {
            -1
        } else {
            0
        }
    };
    let (o1, o2, o3, o4) = (
        s(orient2d(a, b, c)),
        s(orient2d(a, b, d)),
        s(orient2d(c, d, a)),
        s(orient2d(c, d, b)),
    );
    (o1 * o2 <= 0 && o3 * o4 <= 0)
        && !(o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0 && !overlap1d(a, b, c, d))
}

fn overlap1d(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (lo, hi) = ((a.x.min(b.x), a.y.min(b.y)), (a.x.max(b.x), a.y.max(b.y)));
    !(c.x.max(d.x) < lo.0 || c.x.min(d.x) > hi.0 || c.y.max(d.y) < lo.1 || c.y.min(d.y) > hi.1)
}

fn build(walls: &[(Point, Point)]) -> (Cdt, Vec<(Point, Point)>) {
    let mut cdt = Cdt::new([0.0, 0.0], [20.0, 20.0]).unwrap();
    let mut all = vec![
        (p(0.0, 0.0), p(20.0, 0.0)),
        (p(20.0, 0.0), p(20.0, 20.0)),
        (p(20.0, 20.0), p(0.0, 20.0)),
        (p(0.0, 20.0), p(0.0, 0.0)),
    ];
    for &(a, b) in walls {
        if a != b {
            cdt.insert_segment(a, b).unwrap();
            all.push((a, b));
        }
    }
    (cdt, all)
}

fn walls_strategy() -> impl Strategy<Value = Vec<(Point, Point)>> {
    let c = || (1.0f64..19.0).prop_map(|v| (v * 4.0).round() / 4.0);
    proptest::collection::vec(
        (c(), c(), c(), c()).prop_map(|(a, b, x, y)| (p(a, b), p(x, y))),
        0..8,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn clearance_and_is_free_match_brute_force(walls in walls_strategy(), x in 0.0f64..20.0, y in 0.0f64..20.0, r in 0.0f64..4.0) {
        let (cdt, all) = build(&walls);
        let q = p(x, y);
        let brute = all.iter().map(|&(a, b)| seg_dist(q, a, b)).fold(f64::INFINITY, f64::min);
        let c = cdt.clearance(q).unwrap();
        prop_assert!((c - brute).abs() <= 1e-12, "clearance {c}, brute {brute}");
        if (brute - r).abs() > 1e-12 {
            prop_assert_eq!(cdt.is_free(q, r).unwrap(), brute >= r);
        }
    }

    #[test]
    fn nearest_free_is_free_visible_and_nearest(walls in walls_strategy(), x in 0.0f64..20.0, y in 0.0f64..20.0, r in 0.2f64..2.0) {
        let (cdt, all) = build(&walls);
        // near the first wall (within 1.5 r), where the disc is seldom free
        let q0 = match walls.first() {
            Some(&(a, b)) => {
                let m = a.lerp(b, x / 20.0);
                let ang = y / 20.0 * std::f64::consts::TAU;
                p((m.x + 1.5 * r * (x / 20.0) * ang.cos()).clamp(0.0, 20.0), (m.y + 1.5 * r * (x / 20.0) * ang.sin()).clamp(0.0, 20.0))
            }
            None => p(x, y),
        };
        let max = 2.0 * r;
        let free = |q: Point| all.iter().all(|&(a, b)| seg_dist(q, a, b) >= r);
        let visible = |q: Point| all.iter().all(|&(a, b)| !cross(q0, q, a, b));
        match cdt.nearest_free(q0, r, max).unwrap() {
            Some(q) => {
                prop_assert!(free(q), "{q:?} not free");
                prop_assert!(q0.distance(q) <= max);
                prop_assert!(q == q0 || visible(q), "{q:?} behind a wall");
                // no sampled point nearer is free and visible
                let d = q0.distance(q) - 1e-6;
                for i in 0..if q == q0 { 0 } else { 90 } {
                    let a = i as f64 * std::f64::consts::TAU / 90.0;
                    for k in 0..20 {
                        let t = d * k as f64 / 20.0;
                        let s = p(q0.x + t * a.cos(), q0.y + t * a.sin());
                        prop_assert!(!(free(s) && (s == q0 || visible(s))), "{s:?} is nearer than {q:?}");
                    }
                }
            }
            None => {
                // then no sampled point within reach is free and visible
                for i in 0..90 {
                    let a = i as f64 * std::f64::consts::TAU / 90.0;
                    for k in 0..=20 {
                        let t = max * k as f64 / 20.0;
                        let s = p(q0.x + t * a.cos(), q0.y + t * a.sin());
                        let near_line = all.iter().any(|&(a, b)| seg_dist(s, a, b) < 1e-9);
                        prop_assert!(near_line || !(free(s) && visible(s) && all.iter().all(|&(a, b)| seg_dist(s, a, b) >= r * (1.0 + 1e-6) + 1e-9)), "{s:?} is free");
                    }
                }
            }
        }
    }

    #[test]
    fn arc_path_clearance_matches_sampled_distances(walls in walls_strategy(), x0 in 1.0f64..19.0, y0 in 1.0f64..19.0, x1 in 1.0f64..19.0, y1 in 1.0f64..19.0, r in 0.2f64..1.5, ang in 0.0f64..6.3, shift in 0.0f64..0.6) {
        let (cdt, all) = build(&walls);
        let nav = NavMesh::from_cdt(&cdt);
        let Ok(path) = PathFinder::new().find_path(&nav, p(x0, y0), p(x1, y1), r) else {
            return Ok(());
        };
        // Sampled every h: the true distance is at least the sampled one less h / 2.
        let h = 0.005;
        let sampled = |path: &Path| {
            let s = PathSampler::new(path, h).unwrap();
            let n = (s.length() / h).ceil() as usize;
            (0..=n)
                .map(|k| s.point_at((k as f64 * h).min(s.length())))
                .map(|q| all.iter().map(|&(a, b)| seg_dist(q, a, b)).fold(f64::INFINITY, f64::min))
                .fold(f64::INFINITY, f64::min)
        };
        // The finder's own path: clear, and by the distances too.
        prop_assert!(cdt.path_is_clear(&path, r).unwrap());
        prop_assert!(sampled(&path) >= r * (1.0 - 1e-6), "sampled {}", sampled(&path));
        // The same path moved by `shift` in direction `ang` (arcs included).
        let d = p(shift * ang.cos(), shift * ang.sin());
        let mv = |q: Point| p(q.x + d.x, q.y + d.y);
        let mut moved = path.clone();
        moved.start = mv(path.start);
        moved.goal = mv(path.goal);
        for t in &mut moved.turns {
            t.center = mv(t.center);
            t.from = mv(t.from);
            t.to = mv(t.to);
        }
        let m = sampled(&moved);
        let got = cdt.path_is_clear(&moved, r).unwrap();
        if m < r * (1.0 - 1e-6) {
            prop_assert!(!got, "a sample {m} < {r} from a wall, reported clear");
        } else if m - h > r * (1.0 + 1e-6) {
            prop_assert!(got, "every sample {m} > {r} from the walls, reported not clear");
        }
    }

    #[test]
    fn straight_path_clearance_matches_brute_force(walls in walls_strategy(), x0 in 1.0f64..19.0, y0 in 1.0f64..19.0, x1 in 1.0f64..19.0, y1 in 1.0f64..19.0, r in 0.0f64..2.0) {
        let (cdt, all) = build(&walls);
        let (a, b) = (p(x0, y0), p(x1, y1));
        let brute = all.iter().map(|&(c, d)| {
            if cross(a, b, c, d) { 0.0 } else {
                seg_dist(a, c, d).min(seg_dist(b, c, d)).min(seg_dist(c, a, b)).min(seg_dist(d, a, b))
            }
        }).fold(f64::INFINITY, f64::min);
        let got = cdt.path_is_clear(&Path::straight(a, b, r), r).unwrap();
        if r > 0.0 && (brute - r).abs() > 1e-6 {
            prop_assert_eq!(got, brute >= r, "brute {}", brute);
        }
        if r == 0.0 && brute > 1e-9 {
            prop_assert!(got);
        }
    }
}
