//! Bitmap tracing: contours, the traced meshes and paths on traced maps.

mod data;
mod map_paths;
mod mesh;
mod trace;
