//! Exact geometry: points, robust predicates, segment intersection,
//! point-in-triangle tests and baked 2D transforms.

mod point;

pub use point::Point;
