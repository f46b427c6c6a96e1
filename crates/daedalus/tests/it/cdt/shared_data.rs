//! Every scenario of the real data (the full shared corpus, or the compact
//! set on a bare clone), built into a CDT (bounds, every ring as a closed
//! shape, every segment): every insertion succeeds and the mesh satisfies
//! every invariant of `validate()`, also after removing shapes.
#![cfg(feature = "serde")]

use crate::support::data;

use daedalus::Closure;
use daedalus::scenario::Scenario;
use daedalus::triangulation::Cdt;

#[test]
fn every_shared_scenario_builds_a_valid_cdt() {
    let files = data::scenario_files();
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let [x0, y0, x1, y1] = s.bounds;
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
        let mut shapes = Vec::new();
        for i in 0..s.rings.len() {
            let pts = s.ring_points(i);
            let id = cdt
                .insert_shape(&pts, Closure::Closed)
                .unwrap_or_else(|e| panic!("{}: ring {i}: {e}", f.display()));
            shapes.push(id);
        }
        for (i, &[ax, ay, bx, by]) in s.segments.iter().enumerate() {
            let id = cdt
                .insert_segment([ax, ay], [bx, by])
                .unwrap_or_else(|e| panic!("{}: segment {i}: {e}", f.display()));
            shapes.push(id);
        }
        assert_eq!(cdt.shapes().count(), shapes.len(), "{}", f.display());
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
            cdt.remove_shape(*id)
                .unwrap_or_else(|e| panic!("{}: remove {id:?}: {e}", f.display()));
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
