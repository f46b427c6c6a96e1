/// A triangulation written out for other tools (`*.mesh.json` of
/// `docs/scenario-format.md`): vertices, counter-clockwise inner
/// triangles covering exactly the bounds, and each constrained edge once.
///
/// ```
/// use daedalus::mesh::MeshDump;
/// let d = MeshDump {
///     vertices: vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
///     triangles: vec![[0, 1, 2]],
///     constrained: vec![[0, 1]],
/// };
/// assert_eq!(d.triangles.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshDump {
    /// Vertex positions `[x, y]`.
    pub vertices: Vec<[f64; 2]>,
    /// Inner triangles, counter-clockwise vertex indices.
    pub triangles: Vec<[u32; 3]>,
    /// Constrained edges, as vertex index pairs.
    pub constrained: Vec<[u32; 2]>,
}
