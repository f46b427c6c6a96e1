//! Crowds: local avoidance, doors and choke points, groups, determinism.

mod determinism;
mod door;
mod file;
mod group;
mod jam;
mod swap;
