//! Many queries at once.
