//! Test settings of the radius > 0 search: they move the points at which
//! the search takes its lower bound or floods the goal's sight, so that
//! small test worlds exercise those paths. They never change an answer.

/// When the search takes its optional steps (`None`: its own rule).
#[derive(Default, Debug, Clone, Copy)]
pub(crate) struct Knobs {
    /// Expansions before the radius-0 bound is prepared (`LAZY_BOUND` if
    /// unset).
    pub(crate) bound_after: Option<usize>,
    /// Expansions after which the goal's flood runs anyway.
    pub(crate) goal_after: Option<usize>,
}

impl super::TangentSearch {
    /// Forgets every kept tangent edge (as a change of the snapshot does).
    #[cfg(feature = "testing")]
    pub(crate) fn forget(&mut self) {
        self.caches.forget();
    }
}
