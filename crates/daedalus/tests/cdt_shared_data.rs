//! Every scenario of the shared real data, built into a CDT (bounds, every
//! ring as a closed shape, every segment), must satisfy every invariant.
#![cfg(feature = "serde")]

use daedalus::scenario::{Scenario, shared_data_dir, shared_scenario_files};
use daedalus::triangulation::Cdt;

#[test]
fn every_shared_scenario_builds_a_valid_cdt() {
    let files = shared_scenario_files();
    assert!(
        !files.is_empty(),
        "no scenarios under {:?}",
        shared_data_dir()
    );
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let [x0, y0, x1, y1] = s.bounds;
        let mut cdt = Cdt::new(x0, y0, x1, y1).unwrap();
        let mut shapes = Vec::new();
        for i in 0..s.rings.len() {
            let pts = s.ring_points(i);
            if let Ok(id) = cdt.insert_shape(&pts, true) {
                shapes.push(id);
            }
        }
        for &[ax, ay, bx, by] in &s.segments {
            if let Ok(id) = cdt.insert_segment([ax, ay], [bx, by]) {
                shapes.push(id);
            }
        }
        let v = cdt.validate();
        assert!(
            v.is_empty(),
            "{}: {} violations, first {:?}",
            f.display(),
            v.len(),
            &v[..v.len().min(5)]
        );
        // removing every other shape keeps the invariants too
        for id in shapes.iter().step_by(2).take(60) {
            cdt.remove_shape(*id).unwrap();
        }
        let v = cdt.validate();
        assert!(
            v.is_empty(),
            "{} after removals: {:?}",
            f.display(),
            &v[..v.len().min(5)]
        );
    }
}
