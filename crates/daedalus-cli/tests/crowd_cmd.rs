//! `daedalus crowd`: the JSON summary, the trace (checked here: one frame
//! per step plus the start, no two discs overlapping beyond 1% of the
//! smaller radius, every disc inside the world), the same trace for the
//! same seed, and one-line errors.

mod common;
use common::*;

/// A 40 x 20 room with a wall across the middle, open at the top.
const ROOM: &str = r#"{
  "name": "room", "bounds": [0, 0, 40, 20],
  "segments": [[20, 0, 20, 12]],
  "queries": []
}"#;

fn crowd(file: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "crowd",
        file,
        "--agents",
        "12",
        "--seconds",
        "6",
        "--seed",
        "4",
    ];
    args.extend_from_slice(extra);
    daedalus(&args)
}

fn floats(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

#[test]
fn json_and_trace_are_consistent() {
    let file = temp_file("crowd-room.scenario.json", ROOM);
    let trace = temp_path("crowd-room.trace.json");
    let trace = trace.to_str().unwrap();
    let o = crowd(&file, &["--json", "--trace-out", trace]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["agents"], 12);
    assert_eq!(v["steps"], 60);
    assert!(v["reached"].as_u64().unwrap() <= 12);
    assert!(v["step_s_median"].as_f64().unwrap() <= v["step_s_p99"].as_f64().unwrap());
    let t: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(trace).unwrap()).unwrap();
    let radius = floats(&t["radius"]);
    assert_eq!(radius.len(), 12);
    assert!(radius.iter().all(|&r| (0.5..=2.0).contains(&r)));
    let frames = t["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 61);
    for f in frames {
        let xy = floats(f);
        assert_eq!(xy.len(), 24);
        for i in 0..12 {
            let (x, y, r) = (xy[2 * i], xy[2 * i + 1], radius[i]);
            let m = 0.99 * r;
            assert!(x >= m && x <= 40.0 - m && y >= m && y <= 20.0 - m);
            for j in i + 1..12 {
                let d = (x - xy[2 * j]).hypot(y - xy[2 * j + 1]);
                assert!(d >= r + radius[j] - 0.01 * r.min(radius[j]));
            }
        }
    }
    let again = temp_path("crowd-room.trace2.json");
    let again = again.to_str().unwrap();
    assert!(
        crowd(&file, &["--json", "--trace-out", again])
            .status
            .success()
    );
    assert_eq!(std::fs::read(trace).unwrap(), std::fs::read(again).unwrap());
}

#[test]
fn bad_arguments_are_one_line() {
    let file = temp_file("crowd-bad.scenario.json", ROOM);
    for extra in [
        vec!["--agents", "0"],
        vec!["--seconds", "-1"],
        vec!["--seconds", "nan"],
        vec!["--dt", "0"],
        vec!["--agents", "many"],
    ] {
        let mut args = vec!["crowd", file.as_str()];
        args.extend_from_slice(&extra);
        let o = daedalus(&args);
        assert!(!o.status.success(), "{extra:?} accepted");
        assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    }
    // no room for a disc of radius 0.5 or more
    let tiny = temp_file(
        "crowd-tiny.scenario.json",
        r#"{"name": "tiny", "bounds": [0, 0, 0.9, 0.9], "queries": []}"#,
    );
    let o = daedalus(&["crowd", &tiny, "--agents", "5"]);
    assert!(!o.status.success());
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
}
