//! The rapier2d export: frames, terrain and traced shapes.

mod frames;
mod terrain;
mod traced;
