//! `daedalus fuzz`: a short run passes and prints one summary line.

mod common;
use common::*;

#[test]
fn short_fuzz_run_passes() {
    let o = daedalus(&[
        "fuzz",
        "--ops",
        "300",
        "--seed",
        "3",
        "--validate-every",
        "10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out:?}");
    assert!(out.contains("300 ops") && out.contains("ok"), "{out:?}");
    // Not a terminal: no progress bar.
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}
