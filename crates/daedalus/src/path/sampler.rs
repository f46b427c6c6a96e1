//! Fixed-step sampling along a path.
