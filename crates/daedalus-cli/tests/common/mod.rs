//! Helpers shared by the CLI tests: running the binary, temp files, and an
//! independent checker of mesh dumps.
#![allow(dead_code)]

#[path = "../../../daedalus/tests/support/data.rs"]
pub mod data;

use std::path::PathBuf;
use std::process::{Command, Output};

use daedalus::geometry::orient2d;
use daedalus::mesh::MeshDump;

/// Runs the built `daedalus` binary.
pub fn daedalus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_daedalus"))
        .args(args)
        .output()
        .expect("the daedalus binary runs")
}

/// A fresh path under the test scratch folder.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("daedalus-cli-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Writes `text` to a fresh temp file and returns its path as a string.
pub fn temp_file(name: &str, text: &str) -> String {
    let p = temp_path(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Checks, independently of the library's own validator, that a dump is a
/// triangulation of exactly the rectangle `bounds`: every triangle counter-
/// clockwise (exact orient2d), areas summing to the rectangle's, every
/// vertex inside, and Euler's relation for a triangulated convex polygon,
/// T = 2V - 2 - h with h the vertices on the border.
pub fn check_covers_bounds(d: &MeshDump, [x0, y0, x1, y1]: [f64; 4]) {
    let n = d.vertices.len();
    assert!(n >= 4, "a rectangle needs its four corners");
    for &[x, y] in &d.vertices {
        assert!(
            x >= x0 && x <= x1 && y >= y0 && y <= y1,
            "vertex ({x}, {y}) outside"
        );
    }
    for c in [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] {
        assert!(d.vertices.contains(&c), "corner {c:?} missing");
    }
    let mut area = 0.0;
    for t in &d.triangles {
        assert!(
            t.iter().all(|&i| (i as usize) < n),
            "index out of range in {t:?}"
        );
        let [a, b, c] = t.map(|i| d.vertices[i as usize].into());
        assert!(
            orient2d(a, b, c) > 0.0,
            "triangle {t:?} is not counter-clockwise"
        );
        area += ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2.0;
    }
    let want = (x1 - x0) * (y1 - y0);
    assert!(
        (area - want).abs() <= 1e-9 * want,
        "triangles cover {area}, the bounds {want}"
    );
    let h = d
        .vertices
        .iter()
        .filter(|&&[x, y]| x == x0 || x == x1 || y == y0 || y == y1)
        .count();
    assert_eq!(d.triangles.len(), 2 * n - 2 - h, "Euler's relation fails");
    for e in &d.constrained {
        assert!(
            e.iter().all(|&i| (i as usize) < n) && e[0] != e[1],
            "bad constrained edge {e:?}"
        );
    }
}

/// Parses a mesh dump file.
pub fn read_dump(path: &std::path::Path) -> MeshDump {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}
