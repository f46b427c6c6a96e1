//! `daedalus dungeon` through the binary: the JSON figures, the picture,
//! the scenario (checked by running it through `daedalus scenario`), one
//! line errors for bad arguments, and the demo's dungeon picture.

mod common;
use common::*;

use daedalus::scenario::{RunnerOutput, Scenario};

const EXAMPLE: &[&str] = &[
    "dungeon",
    "--grid",
    "20x20",
    "--p",
    "0.5",
    "--rooms",
    "24",
    "--branch-depth",
    "6",
    "--branches",
    "4",
    "--door",
    "1.0",
    "--wall",
    "0.3",
    "--seed",
    "7",
];

fn run(extra: &[&str]) -> std::process::Output {
    let mut args = EXAMPLE.to_vec();
    args.extend_from_slice(extra);
    daedalus(&args)
}

#[test]
fn json_figures_picture_and_scenario() {
    let png = temp_path("dungeon.png");
    let scen = temp_path("dungeon.scenario.json");
    let o = run(&[
        "--out",
        png.to_str().unwrap(),
        "--scenario-out",
        scen.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    let obj = v.as_object().unwrap();
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
    assert_eq!(v["rooms"], 24);
    assert_eq!(v["doors"], 23, "a tree of 24 rooms has 23 doors");
    assert!(v["triangles"].as_u64().unwrap() > 24);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // the scenario: walls as rings, 20 queries between room centres, all
    // of them answered by the scenario runner (the dungeon is connected)
    let s = Scenario::load(&scen).unwrap();
    assert_eq!(s.queries.len(), 20);
    assert!(!s.rings.is_empty());
    let o = daedalus(&["scenario", scen.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: RunnerOutput = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(r.lengths.len(), 20);
    for (q, l) in s.queries.iter().zip(&r.lengths) {
        let l = l.expect("every query has a path");
        let straight = ((q.to[0] - q.from[0]).powi(2) + (q.to[1] - q.from[1]).powi(2)).sqrt();
        assert!(l >= straight - 1e-9);
    }
}

#[test]
fn same_arguments_same_files() {
    let (a, b) = (temp_path("dungeon-a.json"), temp_path("dungeon-b.json"));
    for f in [&a, &b] {
        let o = run(&["--scenario-out", f.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("24 rooms, 23 doors"), "{}", stdout(&o));
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let svg = temp_path("dungeon.svg");
    let o = run(&["--out", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let gif = temp_path("dungeon.gif");
    for (args, want) in [
        (vec!["dungeon", "--grid", "20y20"], "COLUMNSxROWS"),
        (vec!["dungeon", "--grid", "0x20"], "empty"),
        (vec!["dungeon", "--p", "2"], "probability"),
        (vec!["dungeon", "--door=-1"], "door"),
        (vec!["dungeon", "--wall", "0"], "wall"),
        (vec!["dungeon", "--spacing", "nan"], "spacing"),
        (vec!["dungeon", "--rooms", "500"], "500 rooms"),
        (
            vec![
                "dungeon",
                "--rooms",
                "30",
                "--branch-depth",
                "2",
                "--branches",
                "2",
            ],
            "7",
        ),
        (vec!["dungeon", "--door", "40"], "door"),
        (
            vec!["dungeon", "--out", gif.to_str().unwrap()],
            ".png or .svg",
        ),
        (vec!["dungeon", "--rooms", "x"], "invalid value"),
    ] {
        let o = daedalus(&args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    assert!(!gif.exists());
}

#[test]
fn demo_draws_a_dungeon_with_a_path() {
    let dir = temp_path("demo-dungeon-out");
    let _ = std::fs::remove_dir_all(&dir);
    let o = daedalus(&["demo", "--out", dir.to_str().unwrap(), "--width", "300"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("dungeon: 24 rooms, 23 doors"), "{text}");
    assert!(text.contains("a path of length"), "{text}");
    let bytes = std::fs::read(dir.join("dungeon.png")).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    std::fs::remove_dir_all(&dir).unwrap();
}
