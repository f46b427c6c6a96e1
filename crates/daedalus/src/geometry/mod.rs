//! Exact geometry: points, robust predicates, segment intersection,
//! point-in-triangle tests and baked 2D transforms.

mod closure;
mod distance;
mod point;
mod predicates;
mod rect;
mod segment;
pub mod tolerance;
mod transform;
mod triangle;

pub use closure::Closure;
pub use distance::{distance_at_least, segment_distance_at_least};
pub(crate) use distance::{inner_tangent_tie, line_distance_cmp};
pub use point::Point;
pub use predicates::{incircle, orient2d};
pub use rect::Rect;
pub use segment::{SegmentIntersection, segment_intersection};
pub use transform::{Mat3, Transform, TransformError};
pub use triangle::{
    closest_point_segment, distance_point_segment, distance_squared_point_segment,
    point_in_triangle_exact,
};
