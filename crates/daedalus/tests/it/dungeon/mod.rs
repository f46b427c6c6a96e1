//! Procedural dungeons: invariants of the generated floors and their steps.

mod invariants;
mod steps;
