//! Every scenario of the real data (the full shared corpus, or the compact
//! set on a bare clone) parses, round-trips bit for bit, and has
//! well-formed rings and queries.
#![cfg(feature = "serde")]

use crate::support::data;

use daedalus::scenario::Scenario;

#[test]
fn shared_scenarios_parse_and_round_trip() {
    let files = data::scenario_files();
    // 18 maps + 2 synthetic worlds; the compact set keeps 5 maps + 1.
    let want = if data::is_full() { 20 } else { 6 };
    assert!(
        files.len() >= want,
        "expected {want} scenarios, found {}",
        files.len()
    );
    for f in files {
        let s = Scenario::load(&f).unwrap();
        let raw: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        // Bit-identical coordinates: compare with serde_json's own float parse.
        let rings = raw["rings"].as_array().unwrap();
        assert_eq!(rings.len(), s.rings.len());
        for (r, ours) in rings.iter().zip(&s.rings) {
            for (v, o) in r.as_array().unwrap().iter().zip(ours) {
                assert_eq!(
                    v.as_f64().unwrap().to_bits(),
                    o.to_bits(),
                    "{}",
                    f.display()
                );
            }
        }
        let back = Scenario::from_json(&s.to_json()).unwrap();
        assert_eq!(back, s, "{} does not round-trip", f.display());
        assert!(!s.queries.is_empty());
    }
}
