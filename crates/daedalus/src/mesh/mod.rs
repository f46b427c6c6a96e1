//! The half-edge mesh.

mod dump;

pub use dump::MeshDump;
