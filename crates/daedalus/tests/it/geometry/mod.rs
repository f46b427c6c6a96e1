//! Geometry: distances, segments, transforms, point-in-triangle tests and the point argument style.

mod distance;
mod point_args;
mod segment;
mod transform;
mod triangle;
