//! Daedalus against spade. The real bench is `cdt_vs_spade.rs.draft`, which
//! needs `daedalus::triangulation` (cdt branch); it replaces this file on merge.

fn main() {}
