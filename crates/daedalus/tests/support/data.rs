//! Where the tests' real data lives: the full shared corpus when it is there,
//! else the compact set kept in the repository (`crates/daedalus/tests/data`,
//! see its MANIFEST.md), so every data test runs on at least the compact set.
//!
//! Order: `$DAEDALUS_DATA` (must exist: a wrong path fails loudly, never
//! falls back), then `../shared/data` beside the project root, then the
//! compact set. Both folders have the same layout (`maps/<family>/<name>.*`,
//! `bitmaps/`, `synthetic/`), so relative paths name the same file in both.
//!
//! Self-contained (std only) so that the library tests, the CLI tests and
//! the benches can all include it with `#[path]`. Paths are built from
//! `CARGO_MANIFEST_DIR`, which is `crates/<crate>` for every includer.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Which data set the tests run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corpus {
    /// The whole shared folder (18 maps, 5 bitmaps, 2 synthetic worlds).
    Full,
    /// The repository's compact subset.
    Compact,
}

/// The chosen data folder and which corpus it is.
#[derive(Clone, Debug)]
pub struct Data {
    pub dir: PathBuf,
    pub corpus: Corpus,
}

/// The compact set in the repository.
pub fn compact_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../daedalus/tests/data")
}

/// The data folder to use (see the module doc for the order).
pub fn data() -> Data {
    if let Some(d) = std::env::var_os("DAEDALUS_DATA") {
        let dir = PathBuf::from(d);
        assert!(
            dir.join("maps").is_dir(),
            "DAEDALUS_DATA={} has no maps/ folder: point it at the shared data folder, \
             or unset it to use ../shared/data or the compact set",
            dir.display()
        );
        return Data {
            dir,
            corpus: Corpus::Full,
        };
    }
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if shared.join("maps").is_dir() {
        return Data {
            dir: shared,
            corpus: Corpus::Full,
        };
    }
    let dir = compact_dir();
    assert!(
        dir.join("maps").is_dir(),
        "compact test data missing at {}",
        dir.display()
    );
    Data {
        dir,
        corpus: Corpus::Compact,
    }
}

/// A file of the chosen corpus by relative path (`maps/dao/arena.png`).
pub fn path(rel: &str) -> PathBuf {
    data().dir.join(rel)
}

/// A file that both corpora hold: from the chosen corpus, asserting that it
/// exists there.
pub fn file(rel: &str) -> PathBuf {
    let p = path(rel);
    assert!(p.is_file(), "test data file {} missing", p.display());
    p
}

/// True when the tests run on the full shared corpus.
pub fn is_full() -> bool {
    data().corpus == Corpus::Full
}

/// Every `*.scenario.json` of the chosen corpus, sorted by path; never
/// empty (panics instead: a data test must not pass on nothing).
pub fn scenario_files() -> Vec<PathBuf> {
    let root = data().dir;
    let mut out = files_with(&root, ".scenario.json");
    out.sort();
    assert!(!out.is_empty(), "no scenarios under {}", root.display());
    out
}

/// A scenario file's name without `.scenario.json` (`arena` for
/// `.../arena.scenario.json`).
pub fn scenario_name(file: &std::path::Path) -> String {
    file.file_name()
        .map(|n| {
            n.to_string_lossy()
                .trim_end_matches(".scenario.json")
                .to_string()
        })
        .unwrap_or_default()
}

/// Every `*.png` under `rel` (a folder of the chosen corpus, searched
/// recursively), sorted by path; never empty.
pub fn pngs(rel: &str) -> Vec<PathBuf> {
    let root = path(rel);
    let mut out = files_with(&root, ".png");
    out.sort();
    assert!(!out.is_empty(), "no images under {}", root.display());
    out
}

fn files_with(root: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("cannot read test data folder {}: {e}", d.display()));
        for e in entries {
            let p = e.expect("readable directory entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out
}
