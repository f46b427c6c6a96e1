//! Every integration test of the library in one binary (one link instead of
//! one per file): a module per area, a file per topic, and the shared
//! support in `tests/support/` (one seeded generator, one data loader, the
//! reference solver and checkers), which the benches include too.

#[path = "../support/mod.rs"]
mod support;

mod bitmap;
mod cdt;
mod crowd;
mod dungeon;
mod fov;
mod geometry;
mod layers;
mod path;
mod physics;
mod render;
mod scenario;
mod spatial;
mod world;
