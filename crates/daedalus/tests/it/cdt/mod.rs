//! The dynamic constrained Delaunay triangulation: validity, atomic edits, bulk shapes, the random-operations driver, spade as a second opinion.

mod atomic;
mod basic;
mod bulk_shapes;
mod fuzz;
mod props;
mod regressions;
mod shared_data;
mod vs_spade;
