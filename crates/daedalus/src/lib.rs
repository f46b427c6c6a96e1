//! Daedalus: 2D environment modelling and pathfinding on a fully dynamic
//! constrained Delaunay triangulation (CDT) kept on a half-edge mesh.

pub mod bitmap;
pub mod geometry;
pub mod mesh;
pub mod path;
#[cfg(feature = "physics")]
pub mod physics;
pub mod render;
#[cfg(feature = "serde")]
pub mod scenario;

pub use geometry::Point;
pub mod objects;
pub mod triangulation;
