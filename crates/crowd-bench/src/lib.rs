//! Holder of the `crowd_vs_landmass` bench (see Cargo.toml for why it has
//! a workspace of its own). No code.
