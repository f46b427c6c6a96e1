//! Whether a polyline's last point joins its first.

/// Open polyline or closed polygon (the last point joined to the first).
///
/// ```
/// use daedalus::Closure;
/// assert!(Closure::Closed.is_closed());
/// assert!(!Closure::Open.is_closed());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Closure {
    /// A polyline: the last point is not joined to the first.
    Open,
    /// A polygon: the last point is joined to the first.
    Closed,
}

impl Closure {
    /// `true` for [`Closure::Closed`].
    ///
    /// ```
    /// assert!(daedalus::Closure::Closed.is_closed());
    /// ```
    #[inline]
    pub fn is_closed(self) -> bool {
        self == Closure::Closed
    }
}
