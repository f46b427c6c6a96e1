//! `daedalus scenario --paths`: lengths and polylines of small hand-made
//! scenarios against hand-worked values.

mod common;
use common::*;

use daedalus::scenario::RunnerOutput;

/// A 10 x 10 world with one wall (5, 0.5)-(5, 8): the 0.5 gap below it is
/// too narrow for a disc of radius 0.9 and the gap above (8..10) too narrow
/// for radius 1.1; a closed box around (2, 2).
const WALL: &str = r#"{
  "name": "wall", "bounds": [0, 0, 10, 10],
  "rings": [[1, 1, 3, 1, 3, 3, 1, 3]],
  "segments": [[5, 0.5, 5, 8]],
  "queries": [
    {"from": [1, 5], "to": [9, 5], "radius": 0},
    {"from": [1, 5], "to": [9, 5], "radius": 0.9},
    {"from": [1, 5], "to": [9, 5], "radius": 1.1},
    {"from": [2, 2], "to": [8, 2], "radius": 0},
    {"from": [1, 9], "to": [9, 9], "radius": 0}
  ]
}"#;

const EMPTY: &str = r#"{
  "name": "empty", "bounds": [0, 0, 10, 10], "rings": [], "segments": [],
  "queries": [{"from": [1, 1], "to": [9, 5], "radius": 0}, {"from": [1, 1], "to": [9, 5], "radius": 0.5}]
}"#;

fn run(file: &str, extra: &[&str]) -> RunnerOutput {
    let mut args = vec!["scenario", file, "--json", "--paths"];
    args.extend_from_slice(extra);
    let o = daedalus(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("queries/s"), "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).expect("one runner JSON object")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Length of the path from (1, 5) to (9, 5) for a disc of radius `r`
/// wrapping the wall tip C = (5, 8): |PC| = |QC| = 5, two tangents of
/// sqrt(25 - r^2), and an arc over the top whose sweep is the full turn
/// minus the angle PCQ (cos = (CP . CQ) / 25 = (-16 + 9) / 25) minus the
/// two tangent angles acos(r / 5).
fn around_tip(r: f64) -> f64 {
    let pcq = (-7.0f64 / 25.0).acos();
    let sweep = 2.0 * std::f64::consts::PI - pcq - 2.0 * (r / 5.0).acos();
    2.0 * (25.0 - r * r).sqrt() + r * sweep
}

fn dist_point_seg(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy)
}

/// Distance between a vertical wall x = 5, y in [y0, y1] and segment ab
/// that does not cross it (checked), from the four end-point distances.
fn dist_to_wall(a: [f64; 2], b: [f64; 2], y0: f64, y1: f64) -> f64 {
    let (w0, w1) = ([5.0, y0], [5.0, y1]);
    if (a[0] - 5.0) * (b[0] - 5.0) < 0.0 {
        let y = a[1] + (5.0 - a[0]) / (b[0] - a[0]) * (b[1] - a[1]);
        assert!(
            !(y0..=y1).contains(&y),
            "segment {a:?}-{b:?} crosses the wall"
        );
    }
    dist_point_seg(a, w0, w1)
        .min(dist_point_seg(b, w0, w1))
        .min(dist_point_seg(w0, a, b))
        .min(dist_point_seg(w1, a, b))
}

fn points(flat: &[f64]) -> Vec<[f64; 2]> {
    flat.chunks_exact(2).map(|c| [c[0], c[1]]).collect()
}

fn poly_len(p: &[[f64; 2]]) -> f64 {
    p.windows(2)
        .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
        .sum()
}

#[test]
fn empty_world_is_a_straight_line() {
    let f = temp_file("paths-empty.scenario.json", EMPTY);
    let out = run(&f, &[]);
    let want = 80f64.sqrt();
    for l in &out.lengths {
        assert!(close(l.unwrap(), want), "{l:?} vs {want}");
    }
    let paths = out.paths.unwrap();
    assert_eq!(paths[0].as_deref(), Some(&[1.0, 1.0, 9.0, 5.0][..]));
    assert_eq!(paths[1].as_deref(), Some(&[1.0, 1.0, 9.0, 5.0][..]));
}

#[test]
fn wall_lengths_and_polylines() {
    let f = temp_file("paths-wall.scenario.json", WALL);
    let out = run(&f, &[]);
    let l = &out.lengths;
    assert_eq!(l.len(), 5);
    // Radius 0: over the tip (5, 8), 5 + 5.
    assert!(close(l[0].unwrap(), 10.0), "{:?}", l[0]);
    assert!(
        close(l[1].unwrap(), around_tip(0.9)),
        "{:?} vs {}",
        l[1],
        around_tip(0.9)
    );
    assert_eq!(l[2], None, "radius 1.1 does not fit the 2 wide gap");
    assert_eq!(l[3], None, "the start is inside a closed box");
    // Above the wall: a straight line.
    assert!(close(l[4].unwrap(), 8.0), "{:?}", l[4]);

    let paths = out.paths.unwrap();
    assert_eq!(
        paths[0].as_deref(),
        Some(&[1.0, 5.0, 5.0, 8.0, 9.0, 5.0][..])
    );
    assert!(paths[2].is_none() && paths[3].is_none());
    // Radius 0.9: ends at the query points, every piece keeps 0.9 from the
    // wall (points on or outside the arc), and the polyline is a little
    // longer than the arc path.
    let p = points(paths[1].as_ref().unwrap());
    assert_eq!((p[0], *p.last().unwrap()), ([1.0, 5.0], [9.0, 5.0]));
    assert!(p.len() > 4, "the arc is split into pieces: {p:?}");
    for w in p.windows(2) {
        let d = dist_to_wall(w[0], w[1], 0.5, 8.0);
        assert!(d >= 0.9 - 1e-9, "{w:?} at {d} from the wall");
        // Clear of the world's top border too.
        assert!(w[0][1] <= 10.0 - 0.9 + 1e-9, "{w:?}");
    }
    let pl = poly_len(&p);
    let exact = around_tip(0.9);
    assert!(pl >= exact - 1e-9 && pl < exact * 1.01, "{pl} vs {exact}");
}

#[test]
fn radius_override_applies_to_every_query() {
    let f = temp_file("paths-wall-r.scenario.json", WALL);
    let out = run(&f, &["--radius", "0.9"]);
    let l = &out.lengths;
    for (i, li) in l.iter().take(3).enumerate() {
        assert!(close(li.unwrap(), around_tip(0.9)), "query {i}: {li:?}");
    }
    assert_eq!(l[3], None);
    // (1, 9) is 1 from the top border: room for 0.9.
    assert!(close(l[4].unwrap(), 8.0), "{:?}", l[4]);
    let out = run(&f, &["--radius", "1.5"]);
    assert_eq!(out.lengths[0], None);
}

#[test]
fn without_paths_flag_there_are_no_paths() {
    let f = temp_file("paths-noflag.scenario.json", EMPTY);
    let o = daedalus(&["scenario", &f, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out: RunnerOutput = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(out.paths.is_none());
    assert!(close(out.lengths[0].unwrap(), 80f64.sqrt()));
    assert!(out.queries_s >= 0.0);
}
