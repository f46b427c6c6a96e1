//! The counters of the radius > 0 search (read through
//! [`crate::path::stats`]).

use crate::path::stats::CacheCounts;

/// What the radius > 0 searches of a finder did.
#[derive(Default, Debug, Clone, Copy)]
pub(crate) struct Counters {
    /// States expanded by the last query.
    pub(crate) expansions: usize,
    /// How the expansions found their corners in the edge cache, since
    /// the finder was made.
    pub(crate) cache: CacheCounts,
}
