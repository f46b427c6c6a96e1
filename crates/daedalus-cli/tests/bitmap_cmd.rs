//! `daedalus bitmap` on the real data (the full shared corpus, or the
//! compact set on a bare clone): an exact trace of a map reproduces its
//! scenario (bounds, queries, rings), and thin lines become open segments
//! exactly where the library's tracer finds slivers.

mod common;

use common::{daedalus, data, stderr, temp_path};
use daedalus::bitmap::{ThresholdOptions, TraceOptions, load_bitmap, trace};
use daedalus::scenario::Scenario;

#[test]
fn exact_trace_of_a_map_keeps_its_walls_and_queries() {
    let png = data::file("maps/dao/arena.png");
    let scen = data::file("maps/dao/arena.scenario.json");
    let out = temp_path("bitmap-arena-exact.scenario.json");
    let o = daedalus(&[
        "bitmap",
        png.to_str().unwrap(),
        "--exact",
        "--queries-from",
        scen.to_str().unwrap(),
        "--scenario-out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = Scenario::load(&out).unwrap();
    let want = Scenario::load(&scen).unwrap();
    assert_eq!(got.bounds, want.bounds);
    assert_eq!(got.queries, want.queries);
    let total = |s: &Scenario| s.rings.iter().map(|r| r.len()).sum::<usize>();
    assert_eq!(
        (got.rings.len(), total(&got)),
        (want.rings.len(), total(&want))
    );
    assert!(got.segments.is_empty(), "an exact trace has no slivers");
}

#[test]
fn slivers_become_segments() {
    // A line drawing: thin strokes trace to 2-point slivers at tolerance 1.
    let png = data::file("bitmaps/text.png");
    let out = temp_path("bitmap-text-slivers.scenario.json");
    let o = daedalus(&[
        "bitmap",
        png.to_str().unwrap(),
        "--turd-size",
        "0",
        "--scenario-out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = Scenario::load(&out).unwrap();
    // The same image through the library with the command's defaults.
    let bm = load_bitmap(&png, &ThresholdOptions::default()).unwrap();
    let t = trace(
        &bm,
        &TraceOptions {
            turd_size: 0,
            ..TraceOptions::default()
        },
    )
    .unwrap();
    let slivers = t.polygons.iter().filter(|p| p.is_sliver()).count();
    assert!(slivers > 0, "the image has no slivers to test with");
    assert_eq!(got.segments.len(), slivers);
    assert_eq!(got.rings.len(), t.polygons.len() - slivers);
    // Rings have at least 3 points; segments are not points.
    assert!(got.rings.iter().all(|r| r.len() >= 6));
    assert!(got.segments.iter().all(|s| s[..2] != s[2..]));
}
