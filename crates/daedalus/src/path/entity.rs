//! A moving disc following a path.
