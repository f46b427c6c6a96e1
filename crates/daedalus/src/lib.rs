//! Daedalus: 2D environment modelling and pathfinding on a fully dynamic
//! constrained Delaunay triangulation (CDT) kept on a half-edge mesh.

pub mod geometry;

pub use geometry::Point;
