//! Daedalus: 2D environment modelling and pathfinding on a fully dynamic
//! constrained Delaunay triangulation (CDT) kept on a half-edge mesh.

pub mod bitmap;
pub mod geometry;
pub mod mesh;
#[cfg(feature = "serde")]
pub mod scenario;

pub use geometry::Point;
pub mod objects;
pub mod triangulation;
