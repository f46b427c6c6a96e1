//! `daedalus bench-dynamic`: the report's shape, determinism from the seed,
//! and a valid final mesh.

mod common;
use common::*;

const WORLD: &str = r#"{
  "bounds": [0, 0, 100, 100],
  "rings": [[10, 10, 20, 10, 20, 20, 10, 20], [40, 40, 50, 42, 45, 55], [70, 70, 80, 70, 80, 80, 75, 75, 70, 80]],
  "segments": [[5, 90, 95, 90]]
}"#;

fn run(file: &str, seed: &str, mesh: &std::path::Path) -> serde_json::Value {
    let o = daedalus(&[
        "bench-dynamic",
        file,
        "--moves",
        "40",
        "--seed",
        seed,
        "--json",
        "--mesh-out",
        mesh.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).expect("one JSON object")
}

#[test]
fn report_and_final_mesh() {
    let f = temp_file("dyn.scenario.json", WORLD);
    let mesh = temp_path("dyn.mesh.json");
    let r = run(&f, "7", &mesh);
    assert_eq!(r["objects"], 3);
    assert_eq!(r["moves"], 40);
    let med = r["update_s_median"].as_f64().unwrap();
    let p99 = r["update_s_p99"].as_f64().unwrap();
    assert!(r["rebuild_s"].as_f64().unwrap() > 0.0);
    assert!(med > 0.0 && med <= p99, "median {med} p99 {p99}");
    let d = read_dump(&mesh);
    check_covers_bounds(&d, [0.0, 0.0, 100.0, 100.0]);
    // The static wall has not moved.
    assert!(d.vertices.contains(&[5.0, 90.0]) && d.vertices.contains(&[95.0, 90.0]));
}

#[test]
fn same_seed_same_mesh_other_seed_other_mesh() {
    let f = temp_file("dyn-seed.scenario.json", WORLD);
    let (m1, m2, m3) = (
        temp_path("s1.mesh.json"),
        temp_path("s2.mesh.json"),
        temp_path("s3.mesh.json"),
    );
    run(&f, "11", &m1);
    run(&f, "11", &m2);
    run(&f, "12", &m3);
    let (a, b, c) = (read_dump(&m1), read_dump(&m2), read_dump(&m3));
    assert_eq!(a, b, "same seed, different final meshes");
    assert_ne!(a.vertices, c.vertices, "the seed has no effect");
}

#[test]
fn radius_adds_the_navigation_figures() {
    let f = temp_file("dyn-radius.scenario.json", WORLD);
    let o = daedalus(&[
        "bench-dynamic",
        &f,
        "--moves",
        "20",
        "--radius",
        "1.5",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(r["radius"], 1.5);
    assert_eq!(r["moves"], 20);
    for k in [
        "nav_s_median",
        "query_s_median",
        "loop_s_median",
        "loop_s_p99",
        "static_query_s_median",
    ] {
        assert!(r[k].as_f64().unwrap() > 0.0, "{k}: {}", r[k]);
    }
    // the loop holds the move, the navigation update and the query
    let l = r["loop_s_median"].as_f64().unwrap();
    assert!(l <= r["loop_s_p99"].as_f64().unwrap());
    // without --radius, none of them
    let o = daedalus(&["bench-dynamic", &f, "--moves", "5", "--json"]);
    let r: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(r.get("radius").is_none() && r.get("nav_s_median").is_none());
    let bad = daedalus(&["bench-dynamic", &f, "--radius", "-1"]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("--radius"), "{}", stderr(&bad));
}

#[test]
fn entities_report() {
    let f = temp_file("dyn-entities.scenario.json", WORLD);
    let o = daedalus(&[
        "bench-dynamic",
        &f,
        "--entities",
        "4",
        "--seconds",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(r["entities"], 4);
    assert_eq!(r["steps"], 120); // 2 s at 60 Hz
    // speed 10 (a tenth of the width) for 2 s: at most 20 units walked each,
    // so few arrivals, and nobody can be stuck before the 5 s window
    assert_eq!(r["stuck"], 0);
    assert!(r["arrivals"].as_u64().unwrap() <= 40);
    let (m, p) = (
        r["step_s_median"].as_f64().unwrap(),
        r["step_s_p99"].as_f64().unwrap(),
    );
    assert!(m > 0.0 && m <= p);
    assert!(r["replans_per_step"].as_f64().unwrap() >= 0.0);
    let bad = daedalus(&["bench-dynamic", &f, "--entities", "2", "--speed", "0"]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("--speed"), "{}", stderr(&bad));
}

/// The compact copy of room/16room_000 (716 rings, doors about one unit
/// wide: most rooms are shut for most radii), in the library's test data.
const ROOM16: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../daedalus/tests/data/maps/room/16room_000.scenario.json"
);

#[test]
fn entities_walk_on_a_map_of_narrow_doors() {
    for seed in ["1", "2", "3"] {
        let o = daedalus(&[
            "bench-dynamic",
            ROOM16,
            "--entities",
            "5",
            "--seconds",
            "2",
            "--seed",
            seed,
            "--json",
        ]);
        assert!(o.status.success(), "seed {seed}: {}", stderr(&o));
        let r: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!(
            (r["entities"].as_u64(), r["steps"].as_u64()),
            (Some(5), Some(120))
        );
    }
}

#[test]
fn a_map_too_narrow_for_every_disc_is_one_line_and_an_error() {
    // 0.9 high: no disc of radius 0.5 fits anywhere
    let f = temp_file(
        "dyn-narrow.scenario.json",
        r#"{"bounds": [0, 0, 50, 0.9], "rings": [[10, 0.2, 12, 0.2, 12, 0.4]], "segments": []}"#,
    );
    let o = daedalus(&["bench-dynamic", &f, "--entities", "2", "--seconds", "1"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("radius 0.5") && !err.contains("panicked"),
        "{err}"
    );
}
