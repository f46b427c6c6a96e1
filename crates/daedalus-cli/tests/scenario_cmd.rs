//! `daedalus scenario`: the runner JSON and the mesh dump, checked against
//! the scenario itself (its points must all be vertices, bit for bit) and an
//! independent triangulation checker.

mod common;
use common::*;

use daedalus::scenario::{RunnerOutput, Scenario};

/// A square ring, a triangle, and an open wall, none crossing; awkward
/// binary fractions to test the float round-trip.
const SMALL: &str = r#"{
  "name": "small", "bounds": [0, 0, 10, 10],
  "rings": [[4, 4, 6, 4, 6, 6, 4, 6], [0.1, 0.2, 1.0000000000000002, 0.3, 0.7, 0.3333333333333333]],
  "segments": [[8, 1, 8, 9]],
  "queries": [{"from": [1, 5], "to": [9, 5], "radius": 0}, {"from": [1, 1], "to": [9, 9], "radius": 0.5}]
}"#;

fn run_json(file: &str, mesh: &std::path::Path, extra: &[&str]) -> RunnerOutput {
    let mut args = vec![
        "scenario",
        file,
        "--json",
        "--mesh-out",
        mesh.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = daedalus(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).expect("stdout is one runner JSON object")
}

/// Every scenario point is a mesh vertex with exactly the same bits.
fn assert_points_kept(s: &Scenario, d: &daedalus::mesh::MeshDump) {
    let bits: std::collections::HashSet<[u64; 2]> = d
        .vertices
        .iter()
        .map(|v| [v[0].to_bits(), v[1].to_bits()])
        .collect();
    for (i, r) in s.rings.iter().enumerate() {
        for c in r.chunks_exact(2) {
            assert!(
                bits.contains(&[c[0].to_bits(), c[1].to_bits()]),
                "ring {i} point {c:?} lost"
            );
        }
    }
    for g in &s.segments {
        for c in g.chunks_exact(2) {
            assert!(
                bits.contains(&[c[0].to_bits(), c[1].to_bits()]),
                "segment point {c:?} lost"
            );
        }
    }
}

#[test]
fn small_scenario_json_and_mesh() {
    let f = temp_file("small.scenario.json", SMALL);
    let mesh = temp_path("small.mesh.json");
    let out = run_json(&f, &mesh, &["--paths", "--radius", "0.25"]);
    let s = Scenario::load(&f).unwrap();
    assert_eq!(out.lengths.len(), s.queries.len());
    assert!(out.build_s >= 0.0 && out.queries_s >= 0.0);
    assert!(out.runner.starts_with("daedalus"));

    let d = read_dump(&mesh);
    assert_eq!(out.vertices, Some(d.vertices.len()));
    assert_eq!(out.triangles, Some(d.triangles.len()));
    check_covers_bounds(&d, s.bounds);
    assert_points_kept(&s, &d);
    // No crossings: 4 + 3 ring edges + 1 segment + 4 bounds edges, unsplit.
    let walls: Vec<[[f64; 2]; 2]> = d
        .constrained
        .iter()
        .map(|e| [d.vertices[e[0] as usize], d.vertices[e[1] as usize]])
        .collect();
    let has = |a: [f64; 2], b: [f64; 2]| walls.iter().any(|w| *w == [a, b] || *w == [b, a]);
    for i in 0..s.rings.len() {
        let p = s.ring_points(i);
        for k in 0..p.len() {
            let (a, b) = (p[k], p[(k + 1) % p.len()]);
            assert!(has(a.into(), b.into()), "ring {i} edge {k} is not a wall");
        }
    }
    assert!(has([8.0, 1.0], [8.0, 9.0]), "the segment is not a wall");
    assert!(
        has([0.0, 0.0], [10.0, 0.0]) && has([0.0, 10.0], [0.0, 0.0]),
        "bounds are walls"
    );
    assert_eq!(d.constrained.len(), 4 + 3 + 1 + 4);
}

#[test]
fn human_summary_without_json() {
    let f = temp_file("small-human.scenario.json", SMALL);
    let o = daedalus(&["scenario", &f]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("triangles"), "{}", stdout(&o));
}

#[test]
fn crossing_walls_still_triangulate() {
    // A plus of two crossing rectangles and an X of two segments.
    let f = temp_file(
        "plus.scenario.json",
        r#"{"bounds":[0,0,20,20],"rings":[[2,8,18,8,18,12,2,12],[8,2,12,2,12,18,8,18]],
            "segments":[[1,1,7,7],[1,7,7,1]]}"#,
    );
    let mesh = temp_path("plus.mesh.json");
    let out = run_json(&f, &mesh, &[]);
    let d = read_dump(&mesh);
    check_covers_bounds(&d, [0.0, 0.0, 20.0, 20.0]);
    assert_points_kept(&Scenario::load(&f).unwrap(), &d);
    // 8 ring corners + 4 segment ends + 4 bounds corners + the 4 crossings
    // of the lines y = 8, 12 with x = 8, 12 + the X centre (4, 4).
    assert_eq!(out.vertices, Some(21));
    for p in [[8.0, 8.0], [12.0, 8.0], [8.0, 12.0], [12.0, 12.0]] {
        assert!(d.vertices.contains(&p), "crossing {p:?} is not a vertex");
    }
    assert!(
        d.vertices.contains(&[4.0, 4.0]),
        "the X crossing is a vertex"
    );
}

#[test]
fn shared_map_builds() {
    let f = common::data::file("maps/dao/arena.scenario.json");
    let mesh = temp_path("arena.mesh.json");
    let out = run_json(f.to_str().unwrap(), &mesh, &[]);
    let s = Scenario::load(&f).unwrap();
    assert_eq!(out.lengths.len(), s.queries.len());
    let d = read_dump(&mesh);
    check_covers_bounds(&d, s.bounds);
    assert_points_kept(&s, &d);
}
