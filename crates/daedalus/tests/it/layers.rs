//! Architecture: the triangulation is the lower layer. It must not name
//! the objects layer (which builds on it), so no import cycle can come
//! back between `objects` and `triangulation`.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Lines of `files` naming the objects module by any path into it.
fn mentions_of_objects(files: &[PathBuf]) -> Vec<String> {
    let paths = [
        "crate::objects",
        "super::objects",
        "super::super::objects",
        "daedalus::objects",
    ];
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if paths.iter().any(|p| line.contains(p)) {
                hits.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn triangulation_does_not_import_objects() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/triangulation");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    // the walk really read the module (mod.rs and its children)
    assert!(files.iter().any(|f| f.ends_with("triangulation/mod.rs")));
    assert!(files.len() >= 5, "{files:?}");
    let hits = mentions_of_objects(&files);
    assert!(
        hits.is_empty(),
        "triangulation names objects:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_check_sees_an_import() {
    // The detector itself: a file with the import is caught.
    let dir = std::env::temp_dir().join(format!("daedalus-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.rs");
    std::fs::write(
        &f,
        "use crate::geometry::Rect;\nuse crate::objects::ObjectId;\n",
    )
    .unwrap();
    let hits = mentions_of_objects(std::slice::from_ref(&f));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(hits.len(), 1);
    assert!(
        hits[0].ends_with(":2: use crate::objects::ObjectId;"),
        "{hits:?}"
    );
}
