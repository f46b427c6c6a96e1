//! `daedalus demo`, `render` and `bitmap` through the binary.

mod common;
use common::*;

use daedalus::scenario::Scenario;

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[1..4], b"PNG");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn demo_writes_its_pictures() {
    let dir = temp_path("demo-out");
    let _ = std::fs::remove_dir_all(&dir);
    let o = daedalus(&["demo", "--out", dir.to_str().unwrap(), "--width", "500"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for f in [
        "map.png",
        "map-paths.png",
        "objects.png",
        "objects-frame-3.png",
        "bitmap.png",
        "physics-frames.png",
        "crowd.png",
    ] {
        let bytes = std::fs::read(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(png_size(&bytes).0, 500, "{f}");
        assert!(text.contains(f), "{f} not reported:\n{text}");
    }
    let svg = std::fs::read_to_string(dir.join("map.svg")).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    // Every frame's mesh stays valid, and some paths are found.
    assert_eq!(text.matches(" 0 violations").count(), 3, "{text}");
    assert!(text.contains("paths: 9/9 found"), "{text}");
    // The guard's view (what it sees is checked against is_in_field's own
    // tests; here: it is reported, with a positive area).
    let line = text
        .lines()
        .find(|l| l.contains("field of view: area "))
        .unwrap_or_else(|| panic!("no field of view line:\n{text}"));
    let area: f64 = line
        .split("area ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(area > 0.0 && area < 0.5 * 1.2 * 30.0 * 30.0, "{line}");
    assert!(line.contains("the guard sees"), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn demo_into_an_unwritable_place_is_one_line_error() {
    let file = temp_file("demo-blocker", "a file, not a folder");
    let o = daedalus(&["demo", "--out", &format!("{file}/sub")]);
    assert!(!o.status.success());
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

const BOX: &str = r#"{"name": "box", "bounds": [0, 0, 10, 10],
    "rings": [[3, 3, 7, 3, 7, 7, 3, 7]], "segments": [],
    "queries": [{"from": [1, 1], "to": [9, 9], "radius": 0}, {"from": [1, 5], "to": [9, 5], "radius": 0.5}]}"#;

#[test]
fn render_draws_the_paths() {
    let sc = temp_file("render-box.scenario.json", BOX);
    let out = temp_path("render-box.png");
    let o = daedalus(&[
        "render",
        &sc,
        "--out",
        out.to_str().unwrap(),
        "--paths",
        "--width",
        "320",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&std::fs::read(&out).unwrap()).0, 320);
    // Both queries go around the box.
    assert!(stdout(&o).contains("2/2 paths drawn"), "{}", stdout(&o));
    let svg = temp_path("render-box.svg");
    let o = daedalus(&[
        "render",
        &sc,
        "--out",
        svg.to_str().unwrap(),
        "--paths",
        "--radius",
        "0.5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = daedalus(&["render", &sc, "--out", "x.gif"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains(".png or .svg"), "{}", stderr(&o));
}

#[test]
fn bitmap_traces_a_map_into_a_scenario() {
    let data = common::data::file("maps/dao/arena.png").with_extension("");
    let out = temp_path("arena-traced.scenario.json");
    let png = format!("{}.png", data.display());
    let o = daedalus(&[
        "bitmap",
        &png,
        "--exact",
        "--scenario-out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let traced = Scenario::load(&out).unwrap();
    let exact = Scenario::load(format!("{}.scenario.json", data.display())).unwrap();
    assert_eq!(traced.bounds, exact.bounds);
    // Same rings as a set (each ring as the set of its corners).
    let key = |s: &Scenario| {
        let mut v: Vec<Vec<[u64; 2]>> = s
            .rings
            .iter()
            .map(|r| {
                let mut c: Vec<[u64; 2]> = r
                    .chunks_exact(2)
                    .map(|c| [c[0].to_bits(), c[1].to_bits()])
                    .collect();
                c.sort();
                c
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(key(&traced), key(&exact));
    let o = daedalus(&[
        "bitmap",
        "/no/such.png",
        "--scenario-out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
}
