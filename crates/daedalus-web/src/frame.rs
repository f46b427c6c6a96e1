//! Pieces of the JSON frames: rounded numbers, flat point lists, the mesh.

use daedalus::Point;
use daedalus::triangulation::Cdt;
use serde_json::{Value, json};
use std::collections::HashSet;

/// Two decimals are plenty on a canvas and keep frames small.
pub(crate) fn r(v: f64) -> f64 {
    if v.is_finite() {
        (v * 100.0).round() / 100.0
    } else {
        0.0
    }
}

/// `[x0, y0, x1, y1, ...]`.
pub(crate) fn flat<'a>(points: impl IntoIterator<Item = &'a Point>) -> Vec<f64> {
    points.into_iter().flat_map(|p| [r(p.x), r(p.y)]).collect()
}

pub(crate) fn pt(p: Point) -> [f64; 2] {
    [r(p.x), r(p.y)]
}

/// What a connection was already sent.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    /// Frames sent so far.
    pub(crate) frames: u64,
    /// Triangulation revision of the last mesh sent.
    pub(crate) mesh: Option<u64>,
    /// Frame of the last mesh sent.
    pub(crate) mesh_frame: u64,
    /// Demo-specific revision of static extras (object outlines, items...).
    pub(crate) extra: Option<u64>,
}

/// Counts of the triangulation.
pub(crate) fn counts(cdt: &Cdt) -> Value {
    json!({"vertices": cdt.mesh().vertex_count(), "triangles": cdt.triangles().count()})
}

/// The mesh when it changed since the last one sent (and at most every
/// `every` frames: a mesh moving every frame would be sent every frame).
pub(crate) fn mesh_if_changed(cdt: &Cdt, seen: &mut Seen, every: u64) -> Option<Value> {
    let rev = cdt.revision();
    if seen.mesh == Some(rev) || (seen.mesh.is_some() && seen.frames < seen.mesh_frame + every) {
        return None;
    }
    seen.mesh = Some(rev);
    seen.mesh_frame = seen.frames;
    Some(mesh(cdt))
}

/// Every edge once (`edges`) and the constrained ones (`walls`), flat.
pub(crate) fn mesh(cdt: &Cdt) -> Value {
    let d = cdt.dump();
    let v = |i: u32| d.vertices.get(i as usize).copied().unwrap_or([0.0, 0.0]);
    let mut done = HashSet::with_capacity(d.triangles.len() * 2);
    let mut edges = Vec::with_capacity(d.triangles.len() * 6);
    for t in &d.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            if done.insert((a.min(b), a.max(b))) {
                let (p, q) = (v(a), v(b));
                edges.extend([r(p[0]), r(p[1]), r(q[0]), r(q[1])]);
            }
        }
    }
    let mut walls = Vec::with_capacity(d.constrained.len() * 4);
    for [a, b] in &d.constrained {
        let (p, q) = (v(*a), v(*b));
        walls.extend([r(p[0]), r(p[1]), r(q[0]), r(q[1])]);
    }
    json!({
        "edges": edges,
        "walls": walls,
        "vertices": d.vertices.len(),
        "triangles": d.triangles.len(),
    })
}
