//! Bitmap tracing on hand-worked and random bitmaps, checked against the
//! pixels with the independent rasteriser / border distance of `tests/support/bitmap.rs`.

use crate::support::bitmap::{area, check_bound, normalised, rasterise, unit_edges};
use daedalus::Point;
use daedalus::bitmap::{
    Bitmap, BitmapError, MAX_PIXELS, TraceOptions, TurnPolicy, YAxis, trace, trace_outlines,
};
use proptest::prelude::*;

const POLICIES: [TurnPolicy; 7] = [
    TurnPolicy::Black,
    TurnPolicy::White,
    TurnPolicy::Left,
    TurnPolicy::Right,
    TurnPolicy::Minority,
    TurnPolicy::Majority,
    TurnPolicy::Random,
];

fn opts(policy: TurnPolicy, tolerance: f64, simple: bool) -> TraceOptions {
    TraceOptions {
        turn_policy: policy,
        turd_size: 0,
        tolerance,
        adjust_vertices: true,
        simple_rings: simple,
    }
}

fn polys(t: &daedalus::bitmap::Tracing) -> Vec<&[Point]> {
    t.polygons.iter().map(|p| p.points.as_slice()).collect()
}

/// Boundary unit edges computed from the pixels alone.
fn pixel_edges(bm: &Bitmap) -> Vec<((i64, i64), (i64, i64))> {
    let mut out = Vec::new();
    for y in 0..=bm.height as i64 {
        for x in 0..=bm.width as i64 {
            if bm.get(x, y) != bm.get(x - 1, y) && y < bm.height as i64 {
                out.push(((x, y), (x, y + 1)));
            }
            if bm.get(x, y) != bm.get(x, y - 1) && x < bm.width as i64 {
                out.push(((x, y), (x + 1, y)));
            }
        }
    }
    out.sort();
    out
}

fn contains(poly: &[Point], q: (f64, f64)) -> bool {
    let mut inside = false;
    let n = poly.len();
    for k in 0..n {
        let a = poly[k];
        let b = poly[(k + 1) % n];
        if (a.y > q.1) != (b.y > q.1) && q.0 < a.x + (q.1 - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

/// Exact tracing checks: fill = image, edges = pixel border (each once),
/// area sum = black pixels, orientation by kind, and (simple rings) nesting
/// by brute-force containment.
fn check_exact(bm: &Bitmap, policy: TurnPolicy, simple: bool) -> Result<(), TestCaseError> {
    let t = trace(bm, &opts(policy, 0.0, simple)).unwrap();
    let ps = polys(&t);
    prop_assert_eq!(rasterise(bm.width, bm.height, &ps), bm.bits.clone());
    let mut edges: Vec<_> = ps.iter().flat_map(|p| unit_edges(p)).collect();
    edges.sort();
    prop_assert_eq!(&edges, &pixel_edges(bm));
    let total: f64 = ps.iter().map(|p| area(p)).sum();
    prop_assert_eq!(total, bm.black_count() as f64);
    for p in &t.polygons {
        prop_assert_eq!(area(&p.points), p.pixel_area as f64);
        prop_assert_eq!(p.hole, p.pixel_area < 0);
        prop_assert_eq!(p.depth, p.parent.map_or(0, |q| t.polygons[q].depth + 1));
    }
    if simple {
        for (i, r) in t.polygons.iter().enumerate() {
            let mut v = normalised(&r.points);
            v.sort();
            v.dedup();
            prop_assert_eq!(v.len(), r.points.len(), "ring {} not simple", i);
            // A pixel centre just inside r, next to its first edge.
            let (a, b) = (r.points[0], r.points[1]);
            let sign = |v: f64| (v > 0.0) as i32 as f64 - (v < 0.0) as i32 as f64;
            let (dx, dy) = (sign(b.x - a.x), sign(b.y - a.y));
            let inward = if r.hole { (dy, -dx) } else { (-dy, dx) };
            let q = (
                a.x + 0.5 * dx + 0.5 * inward.0,
                a.y + 0.5 * dy + 0.5 * inward.1,
            );
            let containing: Vec<usize> = (0..t.polygons.len())
                .filter(|&s| s != i && contains(&t.polygons[s].points, q))
                .collect();
            prop_assert_eq!(
                r.depth,
                containing.len(),
                "ring {} q {:?} in {:?}",
                i,
                q,
                containing
            );
            let parent = containing
                .iter()
                .min_by_key(|&&s| t.polygons[s].pixel_area.abs())
                .copied();
            prop_assert_eq!(r.parent, parent);
        }
    }
    Ok(())
}

fn bitmap_strategy(max: usize) -> impl Strategy<Value = Bitmap> {
    (1..=max, 1..=max, 0.05f64..0.95).prop_flat_map(|(w, h, p)| {
        proptest::collection::vec(proptest::bool::weighted(p), w * h)
            .prop_map(move |bits| Bitmap::new(w, h, bits).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn exact_tracing_reproduces_the_pixels(bm in bitmap_strategy(20), pi in 0usize..7, simple: bool) {
        check_exact(&bm, POLICIES[pi], simple)?;
    }

    #[test]
    fn optimised_polygons_stay_within_tolerance(
        bm in bitmap_strategy(28), pi in 0usize..7, ti in 0usize..5, adjust: bool,
    ) {
        let t = [0.5, 0.8, 1.0, 1.5, 2.5][ti];
        let mut o = opts(POLICIES[pi], t, pi % 2 == 0);
        o.adjust_vertices = adjust;
        let tr = trace(&bm, &o).unwrap();
        let exact = trace(&bm, &opts(POLICIES[pi], 0.0, pi % 2 == 0)).unwrap();
        prop_assert!(tr.vertex_count() <= exact.vertex_count());
        if let Err(e) = check_bound(&bm, &polys(&tr), t) {
            return Err(TestCaseError::fail(e));
        }
    }
}

#[test]
fn single_pixel_is_a_ccw_unit_square() {
    let bm = Bitmap::new(3, 3, (0..9).map(|i| i == 4).collect()).unwrap();
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    assert_eq!(t.polygons.len(), 1);
    assert_eq!(
        normalised(&t.polygons[0].points),
        vec![(1, 1), (2, 1), (2, 2), (1, 2)]
    );
    assert_eq!(area(&t.polygons[0].points), 1.0);
}

#[test]
fn pinch_policies() {
    // Two black pixels meeting at the corner (1, 1), nothing else around.
    let diag = Bitmap::from_fn(2, 2, |x, y| x == y).unwrap();
    let count = |p, simple| trace(&diag, &opts(p, 0.0, simple)).unwrap().polygons.len();
    assert_eq!(count(TurnPolicy::Black, false), 1);
    assert_eq!(count(TurnPolicy::White, false), 2);
    assert_eq!(count(TurnPolicy::Right, false), 1); // outer ring comes first: joins black
    assert_eq!(count(TurnPolicy::Left, false), 2);
    assert_eq!(count(TurnPolicy::Minority, false), 1); // black is the minority
    assert_eq!(count(TurnPolicy::Majority, false), 2);
    // Split at the pinch: two unit squares touching at (1, 1).
    assert_eq!(count(TurnPolicy::Black, true), 2);
    // The joined ring passes (1, 1) twice.
    let o = trace_outlines(&diag, TurnPolicy::Black, 0);
    assert_eq!(o[0].points.iter().filter(|p| **p == [1, 1]).count(), 2);
    // Black majority around a white diagonal pinch: minority joins white.
    let inv = Bitmap::from_fn(6, 6, |x, y| !((x == 2 && y == 3) || (x == 3 && y == 2))).unwrap();
    let holes = |p| {
        trace(&inv, &opts(p, 0.0, false))
            .unwrap()
            .polygons
            .iter()
            .filter(|q| q.hole)
            .count()
    };
    assert_eq!(holes(TurnPolicy::Minority), 1);
    assert_eq!(holes(TurnPolicy::Majority), 2);
}

#[test]
fn nesting_to_depth_four() {
    let bm = Bitmap::from_fn(9, 9, |x, y| {
        (x as i32 - 4).abs().max((y as i32 - 4).abs()) % 2 == 0
    })
    .unwrap();
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    let got: Vec<(i64, Option<usize>, usize, bool)> = t
        .polygons
        .iter()
        .map(|p| (p.pixel_area, p.parent, p.depth, p.hole))
        .collect();
    assert_eq!(
        got,
        vec![
            (81, None, 0, false),
            (-49, Some(0), 1, true),
            (25, Some(1), 2, false),
            (-9, Some(2), 3, true),
            (1, Some(3), 4, false),
        ]
    );
}

#[test]
fn interlocked_shapes_stay_apart() {
    // Two interlocking U shapes (arms of one inside the other's opening).
    let rows = [
        "#######...",
        "#.....#...",
        "#.###.#...",
        "#.#.#.#...",
        "#.#.#.....",
        "#.#.#####.",
        "#.........",
    ];
    let bm = Bitmap::from_fn(10, 7, |x, y| rows[y].as_bytes()[x] == b'#').unwrap();
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    assert_eq!(t.polygons.len(), 2);
    assert!(t.polygons.iter().all(|p| !p.hole && p.parent.is_none()));
    check_exact(&bm, TurnPolicy::White, true).unwrap();
}

#[test]
fn staircase_at_tolerance_one_is_a_triangle() {
    // Corners (k, k) lie on the diagonal, corners (k, k+1) at 1/sqrt 2 from it.
    let bm = Bitmap::from_fn(40, 40, |x, y| x >= y).unwrap();
    let mut o = TraceOptions {
        tolerance: 1.0,
        ..TraceOptions::default()
    };
    assert_eq!(trace(&bm, &o).unwrap().vertex_count(), 3);
    // Below 1/sqrt 2 a chord (vertices on the outline) keeps every corner;
    // a line through the middle of the steps (stage 3) is within 0.36.
    o.tolerance = 0.7;
    o.adjust_vertices = false;
    let exact = trace(&bm, &TraceOptions::exact()).unwrap().vertex_count();
    assert_eq!(trace(&bm, &o).unwrap().vertex_count(), exact);
    o.adjust_vertices = true;
    let moved = trace(&bm, &o).unwrap();
    assert!(moved.vertex_count() <= 4);
    let ps: Vec<&[Point]> = moved.polygons.iter().map(|p| p.points.as_slice()).collect();
    check_bound(&bm, &ps, 0.7).unwrap();
    assert_eq!(exact, 3 + 40 + 39);
}

#[test]
fn specks_are_dropped_by_area() {
    // A 1-pixel and a 2-pixel speck, a 3-pixel blob, and a 1-pixel hole.
    let rows = [
        "#..##..###",
        "..........",
        "#####.....",
        "#.###.....",
        "#####.....",
    ];
    let bm = Bitmap::from_fn(10, 5, |x, y| rows[y].as_bytes()[x] == b'#').unwrap();
    let areas = |turd| -> Vec<i64> {
        trace_outlines(&bm, TurnPolicy::Minority, turd)
            .iter()
            .map(|o| o.area)
            .collect()
    };
    assert_eq!(areas(0), vec![1, 2, 3, 15, -1]);
    assert_eq!(areas(1), vec![2, 3, 15]);
    assert_eq!(areas(2), vec![3, 15]);
    assert_eq!(areas(15), Vec::<i64>::new());
}

#[test]
fn all_white_and_all_black() {
    let white = Bitmap::new(5, 4, vec![false; 20]).unwrap();
    assert!(
        trace(&white, &TraceOptions::default())
            .unwrap()
            .polygons
            .is_empty()
    );
    // All black: one solid block, the image rectangle, like a map whose
    // cells are all blocked.
    let black = Bitmap::new(5, 4, vec![true; 20]).unwrap();
    for o in [TraceOptions::default(), TraceOptions::exact()] {
        let t = trace(&black, &o).unwrap();
        assert_eq!(t.polygons.len(), 1);
        assert_eq!(
            normalised(&t.polygons[0].points),
            vec![(0, 0), (5, 0), (5, 4), (0, 4)]
        );
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    assert!(matches!(
        Bitmap::new(0, 4, vec![]),
        Err(BitmapError::Empty { .. })
    ));
    assert!(matches!(
        Bitmap::new(3, 3, vec![true; 8]),
        Err(BitmapError::SizeMismatch {
            expected: 9,
            got: 8
        })
    ));
    let side = 1usize << 14;
    assert!(matches!(
        Bitmap::new(side, side + 1, vec![]),
        Err(BitmapError::TooLarge {
            max: MAX_PIXELS,
            ..
        })
    ));
    let bm = Bitmap::new(1, 1, vec![true]).unwrap();
    for t in [-1.0, f64::NAN, f64::INFINITY] {
        let o = TraceOptions {
            tolerance: t,
            ..TraceOptions::default()
        };
        assert!(matches!(trace(&bm, &o), Err(BitmapError::BadTolerance(_))));
    }
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    assert!(matches!(
        t.scaled(daedalus::Rect::new([0.0, 0.0], [0.0, 1.0]), YAxis::Down),
        Err(BitmapError::BadBounds(_))
    ));
}

#[test]
fn scaled_to_world_keeps_orientation() {
    let bm = Bitmap::from_fn(4, 2, |x, _| x < 2).unwrap();
    let t = trace(&bm, &TraceOptions::exact()).unwrap();
    let s = t
        .scaled(daedalus::Rect::new([10.0, 20.0], [18.0, 22.0]), YAxis::Up)
        .unwrap();
    let p = &s.polygons[0].points;
    assert!(area(p) > 0.0);
    let mut v = normalised(p);
    v.sort();
    assert_eq!(v, vec![(10, 20), (10, 22), (14, 20), (14, 22)]);
}

/// Specks and 1-pixel-thin lines become slivers (2 points, zero area) at
/// tolerance >= 1, never at tolerance 0; the rasterise-back check holds
/// (a sliver fills no pixel: every thin-line pixel has its centre within
/// 1/2 of the border) and every outline corner is within t of the sliver.
#[test]
fn thin_lines_and_specks_are_slivers() {
    let bm = Bitmap::from_fn(60, 40, |x, y| {
        let (xf, yf) = (x as f64, y as f64);
        (x == 2 && y == 2) // a speck
            || (y == 5 && (4..50).contains(&x)) // horizontal line
            || (x == 55 && (8..38).contains(&y)) // vertical line
            || ((yf - 10.0 - 0.5 * (xf - 5.0)).abs() < 0.5 && (5..45).contains(&x)) // slanted
    })
    .unwrap();
    for t in [1.0, 1.5, 2.0] {
        let o = TraceOptions {
            tolerance: t,
            turd_size: 0,
            ..TraceOptions::default()
        };
        let tr = trace(&bm, &o).unwrap();
        let outlines = daedalus::bitmap::trace_outlines(&bm, o.turn_policy, 0);
        assert_eq!(tr.polygons.len(), outlines.len());
        for (p, ol) in tr.polygons.iter().zip(&outlines) {
            if p.is_sliver() {
                let (a, b) = (p.points[0], p.points[1]);
                for q in &ol.points {
                    let q = Point::new(q[0] as f64, q[1] as f64);
                    let (ab, aq) = (b - a, q - a);
                    let f = (aq.dot(ab) / ab.dot(ab)).clamp(0.0, 1.0);
                    let d = ((aq.x - f * ab.x).powi(2) + (aq.y - f * ab.y).powi(2)).sqrt();
                    assert!(d <= t + 1e-9, "{q:?} at {d} from the sliver {a:?}-{b:?}");
                }
            }
        }
        let slivers = tr.polygons.iter().filter(|p| p.is_sliver()).count();
        assert!(slivers >= 3, "t {t}: {slivers} slivers");
        let ps: Vec<&[Point]> = tr.polygons.iter().map(|p| p.points.as_slice()).collect();
        check_bound(&bm, &ps, t).unwrap();
        assert!(rasterise(bm.width, bm.height, &ps).iter().all(|&b| !b));
    }
    let exact = trace(&bm, &TraceOptions::exact()).unwrap();
    assert!(exact.polygons.iter().all(|p| p.points.len() >= 4));
}
