//! `daedalus fov`: the JSON polygon against a hand-worked area and against
//! its own points (shoelace), and one-line errors for bad viewers.

mod common;
use common::*;

/// A 10 x 10 world with a 2 x 2 square obstacle at (4..6, 4..6).
const BOX: &str = r#"{
  "name": "box", "bounds": [0, 0, 10, 10],
  "rings": [[4, 4, 6, 4, 6, 6, 4, 6]],
  "queries": []
}"#;

fn fov_json(file: &str, extra: &[&str]) -> (Vec<f64>, f64) {
    let mut args = vec!["fov", file, "--json"];
    args.extend_from_slice(extra);
    let o = daedalus(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    let poly: Vec<f64> = v["polygon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    (poly, v["area"].as_f64().unwrap())
}

fn shoelace(flat: &[f64]) -> f64 {
    let n = flat.len() / 2;
    let mut a = 0.0;
    for i in 0..n {
        let j = (i + 1) % n;
        a += flat[2 * i] * flat[2 * j + 1] - flat[2 * j] * flat[2 * i + 1];
    }
    0.5 * a
}

#[test]
fn shadow_of_a_box_is_hand_worked() {
    let file = temp_file("fov-box.scenario.json", BOX);
    // From (1, 5) the box's front corners (4, 4) and (4, 6) cast a
    // trapezoid from x = 4 (width 2) to x = 10 (width 6): 24, box included.
    let (poly, area) = fov_json(&file, &["--from", "1,5", "--range", "100"]);
    assert!((area - 76.0).abs() < 1e-9, "{area}");
    assert_eq!(poly.len() % 2, 0);
    assert!(
        (shoelace(&poly) - area).abs() < 1e-9,
        "no arcs: the polygon is exact"
    );
}

#[test]
fn range_arcs_are_flattened_within_tolerance() {
    let file = temp_file("fov-arc.scenario.json", BOX);
    // A quarter disc of radius 2 looking down-left from (2.5, 8) clear of
    // walls: area pi, polygon inscribed within the tolerance.
    let (poly, area) = fov_json(
        &file,
        &[
            "--from",
            "2.5,7.5",
            "--range",
            "2",
            "--dir",
            "1.0",
            "--angle",
            "1.5707963267948966",
            "--tolerance",
            "0.001",
        ],
    );
    assert!((area - std::f64::consts::PI).abs() < 1e-9, "{area}");
    let a = shoelace(&poly);
    assert!(
        a <= area && a >= area - 0.001 * 2.0 * std::f64::consts::FRAC_PI_2 - 1e-12,
        "{a}"
    );
}

#[test]
fn bad_viewers_are_one_line_errors() {
    let file = temp_file("fov-bad.scenario.json", BOX);
    for (args, want) in [
        (vec!["--from", "11,5", "--range", "3"], "outside the world"),
        (vec!["--from", "5,5", "--range", "3"], "inside a wall"),
        (vec!["--from", "NaN,5", "--range", "3"], "NaN"),
        (vec!["--from", "1,5", "--range", "-3"], "negative"),
        (
            vec!["--from", "1,5", "--range", "3", "--angle", "7"],
            "full circle",
        ),
        (vec!["--from", "1;5", "--range", "3"], "X,Y"),
    ] {
        let mut a = vec!["fov", file.as_str(), "--json"];
        a.extend_from_slice(&args);
        let o = daedalus(&a);
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(stdout(&o).is_empty());
    }
    // On the box's wall is allowed and sees both sides: the half x < 4
    // (40) and the box's inside (4); the box's other walls hide the rest.
    let (_, area) = fov_json(&file, &["--from", "4,5", "--range", "100"]);
    assert!((area - 44.0).abs() < 1e-9, "{area}");
}
