//! Architecture: no import cycles, and the library's layers in order.
//!
//! For the library, the CLI and the web crate, at every directory level the
//! sibling modules (the files and folders of one directory) must form a DAG
//! of references. Module `A` refers to its sibling `B` when a file of `A`
//! names `crate::<path to B>`, `self::..` or a `super::` chain that resolves
//! to `B` (from `a/x.rs`, `super::b` and `super::super::b` resolve one and
//! two levels up). Paths are resolved against the module tree read from the
//! files, and stop at the first segment that is not a module, so naming an
//! item re-exported by a parent is a reference to the parent only.
//!
//! Not references: comments (doc links included), string literals,
//! `#[cfg(test)]` inline modules (unit tests may reach anywhere), and
//! globs of a parent (`use super::*` names no sibling). Inline modules other
//! than test modules are read as part of their file.
//!
//! On top of the DAG the library keeps its layers: geometry < mesh <
//! triangulation < objects < path < world (a lower one never names a higher
//! one), spatial below path and world, and the core never names render,
//! physics or dungeon (those read dumps or the World beside it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from the crate root (`["path", "nav"]`).
type ModPath = Vec<String>;

/// One reference of a file to a module: from the file's module to the
/// module it names, with the place for the report.
#[derive(Clone, Debug)]
struct Reference {
    from: ModPath,
    to: ModPath,
    at: String,
}

/// The modules of one crate (from its files) and every reference in them.
struct Crate {
    modules: BTreeSet<ModPath>,
    references: Vec<Reference>,
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file under `src` defines: `lib.rs`/`main.rs` the root,
/// `a/mod.rs` and `a.rs` the module `a`, `a/b.rs` the module `a::b`.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: ModPath = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || (parts.is_empty() && (stem == "lib" || stem == "main"))) {
        parts.push(stem.to_string());
    }
    parts
}

/// `text` with comments, string and char literals blanked (newlines kept,
/// so line numbers stay right).
fn strip_comments_and_strings(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&b, i) {
            // raw string r"..." or r#"..."#
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &b[i..j.min(b.len())] {
                out.push(blank(ch));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // a char literal ('x', '\n', '\''), not a lifetime ('a)
            let close = if next == Some('\\') {
                (i + 2..b.len().min(i + 12)).find(|&k| b[k] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(k) => {
                    for &ch in &b[i..=k] {
                        out.push(blank(ch));
                    }
                    i = k + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && ident_char(b[i - 1])
}

/// `text` (already stripped) with every `#[cfg(test)]` inline module
/// blanked.
fn strip_test_modules(text: &str) -> String {
    let mut b: Vec<char> = text.chars().collect();
    let pat: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + pat.len() <= b.len() {
        if b[i..i + pat.len()] != pat[..] {
            i += 1;
            continue;
        }
        // the item after the attribute: `[pub] mod name {`
        let mut j = i + pat.len();
        let rest: String = b[j..b.len().min(j + 200)].iter().collect();
        let head = rest.trim_start();
        let is_mod = head.starts_with("mod ") || head.starts_with("pub mod ");
        let brace = rest.find('{');
        let semi = rest.find(';');
        if !is_mod || brace.is_none() || semi.is_some_and(|s| s < brace.unwrap()) {
            i += pat.len();
            continue;
        }
        j += rest[..brace.unwrap()].chars().count();
        let mut depth = 0;
        let mut k = j;
        while k < b.len() {
            match b[k] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let end = k.min(b.len() - 1) + 1;
        for ch in &mut b[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = k + 1;
    }
    b.into_iter().collect()
}

/// Reads one path tree after a `::` (a `use` tree or an expression path):
/// segments, `{ a, b::c }` groups, `*`, `self`, `as` renames. Returns every
/// path it spells (each a list of segments, `self` and `*` dropped) and the
/// index after it.
fn read_tree(b: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_whitespace() {
            *i += 1;
        }
    };
    let mut prefix: Vec<String> = Vec::new();
    loop {
        skip_ws(&mut i);
        if i < b.len() && b[i] == '{' {
            i += 1;
            let mut out = Vec::new();
            loop {
                skip_ws(&mut i);
                if i >= b.len() {
                    return (out, i);
                }
                if b[i] == '}' {
                    i += 1;
                    break;
                }
                if b[i] == ',' {
                    i += 1;
                    continue;
                }
                let (inner, j) = read_tree(b, i);
                if j == i {
                    i += 1;
                    continue;
                }
                i = j;
                for p in inner {
                    let mut full = prefix.clone();
                    full.extend(p);
                    out.push(full);
                }
            }
            if out.is_empty() {
                out.push(prefix);
            }
            return (out, i);
        }
        let start = i;
        while i < b.len() && ident_char(b[i]) {
            i += 1;
        }
        if i == start {
            // `*` or anything else ends the path
            if i < b.len() && b[i] == '*' {
                i += 1;
            }
            return (vec![prefix], i);
        }
        let seg: String = b[start..i].iter().collect();
        if seg != "self" {
            prefix.push(seg);
        }
        skip_ws(&mut i);
        if i + 1 < b.len() && b[i] == ':' && b[i + 1] == ':' {
            i += 2;
            continue;
        }
        return (vec![prefix], i);
    }
}

/// The module paths a file names (unresolved: `crate`, `super` and `self`
/// heads turned into absolute segments), with their line numbers.
fn named_paths(module: &ModPath, text: &str) -> Vec<(ModPath, usize)> {
    let b: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        if b[i] == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if !ident_char(b[i]) || (i > 0 && (ident_char(b[i - 1]) || b[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && ident_char(b[i]) {
            i += 1;
        }
        let head: String = b[start..i].iter().collect();
        if !matches!(head.as_str(), "crate" | "super" | "self") {
            continue;
        }
        if !(i + 1 < b.len() && b[i] == ':' && b[i + 1] == ':') {
            continue;
        }
        // the base module of the head; `super` chains climb
        let mut base: ModPath = match head.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            _ => {
                let mut m = module.clone();
                m.pop();
                m
            }
        };
        let mut j = i + 2;
        loop {
            let rest: String = b[j..b.len().min(j + 7)].iter().collect();
            if rest.starts_with("super::") {
                base.pop();
                j += 7;
            } else {
                break;
            }
        }
        let (paths, end) = read_tree(&b, j);
        for p in paths {
            let mut full = base.clone();
            full.extend(p);
            out.push((full, line));
        }
        line += b[i..end.max(i)].iter().filter(|&&c| c == '\n').count();
        i = end.max(i + 1);
    }
    out
}

/// The longest prefix of `path` that is a module of the crate.
fn resolve(modules: &BTreeSet<ModPath>, path: &[String]) -> ModPath {
    let mut k = 0;
    while k < path.len() && modules.contains(&path[..=k].to_vec()) {
        k += 1;
    }
    path[..k].to_vec()
}

/// Reads the crate whose sources are under `src`.
fn read_crate(src: &Path) -> Crate {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    assert!(!files.is_empty(), "no sources under {}", src.display());
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_of(src, f)).collect();
    let mut references = Vec::new();
    for f in &files {
        let module = module_of(src, f);
        let raw = std::fs::read_to_string(f).unwrap();
        let text = strip_test_modules(&strip_comments_and_strings(&raw));
        for (path, line) in named_paths(&module, &text) {
            let to = resolve(&modules, &path);
            references.push(Reference {
                from: module.clone(),
                to,
                at: format!(
                    "{}:{line}",
                    f.strip_prefix(src.parent().unwrap()).unwrap().display()
                ),
            });
        }
    }
    Crate {
        modules,
        references,
    }
}

/// Sibling edges per directory level: for a reference from `from` to `to`
/// whose paths first differ below `dir` at `a` and `b`, the edge `a -> b`
/// of directory `dir`, with the places that make it.
type Levels = BTreeMap<ModPath, BTreeMap<(String, String), Vec<String>>>;

fn sibling_edges(c: &Crate) -> Levels {
    let mut levels: Levels = BTreeMap::new();
    for r in &c.references {
        let k = r.from.iter().zip(&r.to).take_while(|(x, y)| x == y).count();
        if k < r.from.len() && k < r.to.len() {
            levels
                .entry(r.from[..k].to_vec())
                .or_default()
                .entry((r.from[k].clone(), r.to[k].clone()))
                .or_default()
                .push(r.at.clone());
        }
    }
    for edges in levels.values_mut() {
        for at in edges.values_mut() {
            at.dedup();
        }
    }
    levels
}

/// Every cycle of sibling references (strongly connected sets of more than
/// one module), described with the edges inside it and where they are.
fn cycles(levels: &Levels) -> Vec<String> {
    let mut found = Vec::new();
    for (dir, edges) in levels {
        let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (a, b) in edges.keys() {
            next.entry(a).or_default().push(b);
            next.entry(b).or_default();
        }
        // reachability by a walk from every node (the graphs are small)
        let reach = |from: &str| {
            let mut seen = BTreeSet::new();
            let mut stack = vec![from];
            while let Some(n) = stack.pop() {
                for &m in &next[n] {
                    if seen.insert(m) {
                        stack.push(m);
                    }
                }
            }
            seen
        };
        let reaches: BTreeMap<&str, BTreeSet<&str>> = next.keys().map(|&n| (n, reach(n))).collect();
        let mut done = BTreeSet::new();
        for &n in next.keys() {
            if done.contains(n) || !reaches[n].contains(n) {
                continue;
            }
            let scc: BTreeSet<&str> = reaches[n]
                .iter()
                .copied()
                .filter(|m| reaches[m].contains(n))
                .collect();
            done.extend(scc.iter().copied());
            let mut text = format!(
                "in {}: {}",
                if dir.is_empty() {
                    "the crate root".to_string()
                } else {
                    dir.join("::")
                },
                scc.iter().copied().collect::<Vec<_>>().join(", ")
            );
            for ((a, b), at) in edges {
                if scc.contains(a.as_str()) && scc.contains(b.as_str()) {
                    text.push_str(&format!("\n    {a} -> {b} at {}", at.join(", ")));
                }
            }
            found.push(text);
        }
    }
    found
}

/// The crate sources of a workspace member (`daedalus`, `daedalus-cli`, ...).
fn src_of(krate: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src")
}

fn assert_no_cycles(krate: &str) {
    let c = read_crate(&src_of(krate));
    assert!(
        c.modules.len() > 5,
        "{krate}: read {} modules",
        c.modules.len()
    );
    let found = cycles(&sibling_edges(&c));
    assert!(
        found.is_empty(),
        "{krate}: import cycles between sibling modules:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_library_has_no_import_cycles() {
    assert_no_cycles("daedalus");
}

#[test]
fn the_cli_has_no_import_cycles() {
    assert_no_cycles("daedalus-cli");
}

#[test]
fn the_web_crate_has_no_import_cycles() {
    assert_no_cycles("daedalus-web");
}

/// References from one top-level module of the library to another, by
/// name: `(from, to) -> places`.
fn top_level_edges(c: &Crate) -> BTreeMap<(String, String), Vec<String>> {
    sibling_edges(c).remove(&Vec::new()).unwrap_or_default()
}

/// The layer rules broken by these top-level edges.
fn layer_violations(edges: &BTreeMap<(String, String), Vec<String>>) -> Vec<String> {
    const ORDER: [&str; 6] = [
        "geometry",
        "mesh",
        "triangulation",
        "objects",
        "path",
        "world",
    ];
    const CORE: [&str; 7] = [
        "geometry",
        "mesh",
        "triangulation",
        "objects",
        "spatial",
        "path",
        "world",
    ];
    let mut forbidden: Vec<(&str, &str, &str)> = Vec::new();
    for (i, lower) in ORDER.iter().enumerate() {
        for upper in &ORDER[i + 1..] {
            forbidden.push((lower, upper, "a lower layer names a higher one"));
        }
    }
    for upper in ["path", "world"] {
        forbidden.push(("spatial", upper, "spatial is below path and world"));
    }
    for core in CORE {
        for beside in ["render", "physics", "dungeon"] {
            forbidden.push((core, beside, "the core names a module beside it"));
        }
    }
    let mut out = Vec::new();
    for (a, b, why) in forbidden {
        if let Some(at) = edges.get(&(a.to_string(), b.to_string())) {
            out.push(format!("{a} -> {b} ({why}) at {}", at.join(", ")));
        }
    }
    out
}

#[test]
fn the_library_keeps_its_layers() {
    let c = read_crate(&src_of("daedalus"));
    for m in [
        "geometry",
        "mesh",
        "triangulation",
        "objects",
        "path",
        "world",
    ] {
        assert!(c.modules.contains(&vec![m.to_string()]), "no module {m}");
    }
    let bad = layer_violations(&top_level_edges(&c));
    assert!(bad.is_empty(), "layer rules broken:\n{}", bad.join("\n"));
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
    let dir = src_of("daedalus").join("triangulation");
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

/// Writes a small crate (`files`: path under `src`, text) to a fresh
/// temporary folder and reads it.
fn planted(name: &str, files: &[(&str, &str)]) -> Crate {
    let root = std::env::temp_dir().join(format!("daedalus-cycles-{name}-{}", std::process::id()));
    let src = root.join("src");
    for (path, text) in files {
        let p = src.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
    }
    let c = read_crate(&src);
    std::fs::remove_dir_all(&root).unwrap();
    c
}

#[test]
fn the_detector_catches_planted_cycles() {
    let c = planted(
        "bad",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            // a -> b by a crate path inside a use group
            ("a.rs", "use crate::{b::{self, Thing}, c};\n"),
            // b -> a from a child of b, through a double super
            ("b/mod.rs", "mod x;\nmod y;\n"),
            (
                "b/x.rs",
                "fn f() { super::super::a::g(); }\nuse super::y::Y;\n",
            ),
            // y -> x: a cycle one level down, in b
            ("b/y.rs", "pub struct Y(crate::b::x::X);\n"),
            ("c.rs", "use super::*;\n"),
        ],
    );
    let found = cycles(&sibling_edges(&c));
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("in the crate root: a, b"),
        "{found:#?}"
    );
    assert!(found[0].contains("a -> b at src/a.rs:1"), "{found:#?}");
    assert!(found[0].contains("b -> a at src/b/x.rs:1"), "{found:#?}");
    assert!(!found[0].contains("-> c"), "{found:#?}");
    assert!(found[1].starts_with("in b: x, y"), "{found:#?}");
}

#[test]
fn the_detector_ignores_comments_strings_tests_and_items() {
    let c = planted(
        "good",
        &[
            ("lib.rs", "mod a;\nmod b;\npub use a::Item;\n"),
            // b -> a for real; a names b only where it does not count
            ("b.rs", "use crate::a::Item;\n"),
            (
                "a.rs",
                "//! See [`crate::b::f`].\n\
                 pub struct Item;\n\
                 const S: &str = \"crate::b::f\";\n\
                 fn g(x: &'static str) -> char { let _ = x; '\"' }\n\
                 pub(crate) fn h() -> crate::Item { Item }\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::b::f;\n}\n",
            ),
        ],
    );
    let levels = sibling_edges(&c);
    let root = &levels[&Vec::new()];
    assert_eq!(
        root.keys().cloned().collect::<Vec<_>>(),
        vec![("b".to_string(), "a".to_string())],
        "{levels:#?}"
    );
    assert!(cycles(&levels).is_empty());
}

#[test]
fn the_layer_rules_catch_a_lower_layer_naming_a_higher_one() {
    let c = planted(
        "layers",
        &[
            ("lib.rs", "mod mesh;\nmod path;\nmod render;\n"),
            ("mesh.rs", "use crate::path::NavMesh;\n"),
            ("path.rs", "use crate::render::Scene;\n"),
            ("render.rs", "use crate::mesh::Mesh;\n"),
        ],
    );
    let bad = layer_violations(&top_level_edges(&c));
    assert_eq!(bad.len(), 2, "{bad:#?}");
    assert!(
        bad[0].starts_with("mesh -> path (a lower layer"),
        "{bad:#?}"
    );
    assert!(bad[1].starts_with("path -> render (the core"), "{bad:#?}");
}
