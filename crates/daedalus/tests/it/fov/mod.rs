//! Field of view: visibility polygons, targets, and geo-visibility as a reference.

mod geo_visibility;
mod polygon;
mod target;
