//! Exact geometry: points, robust predicates, segment intersection,
//! point-in-triangle tests and baked 2D transforms.

mod point;
mod predicates;

pub use point::Point;
pub use predicates::{incircle, orient2d};
