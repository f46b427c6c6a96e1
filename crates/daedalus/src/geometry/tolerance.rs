//! Every tolerance of the library, named once.
//!
//! Topology never depends on these: whether segments cross, a point lies
//! in a circle or on which side of a line is decided by exact predicates.
//! A tolerance appears only where a *computed* quantity (a square root, a
//! tangent point, an arc angle) is compared with a bound, and only in the
//! direction that keeps an answer safe: a disc is taken to touch a wall a
//! little early, a prefilter box is a little too large, a lower bound a
//! little too low. The spatial queries, the path finder, the field of view
//! and the crowd all use the constants below.
//!
//! ```
//! use daedalus::geometry::tolerance;
//! // a clearance test against radius 2 fails a little before 2
//! let r = 2.0;
//! assert!(r * (1.0 - tolerance::RELATIVE) < r);
//! assert!(tolerance::RELATIVE < tolerance::WIDEN);
//! ```

/// Relative slack on computed distances and lengths: the rounding of a few
/// dozen floating-point operations on coordinates of any size, with a wide
/// margin (about 10^7 ulps). A clearance `d` is taken as at least `r` only
/// when `d >= r (1 + RELATIVE)` where rounding could otherwise err.
pub const RELATIVE: f64 = 1e-9;

/// Relative widening of conservative prefilters (bounding boxes, reach
/// discs, search radii) whose exact test follows: wide enough that no
/// rounding makes them miss, small enough to cost nothing.
pub const WIDEN: f64 = 1e-6;

/// Angular slack (radians) of angle prefilters, where angles come from
/// `atan2` and sums of them; the exact test that follows decides.
pub const ANGLE: f64 = 1e-7;

/// Absolute slack (radians, or pseudo-angle units) on angles and offsets
/// along an arc computed from a few `atan2`: their rounding with a wide
/// margin. An arc whose sweep is below it is taken as no arc at all.
pub const ARC: f64 = 1e-9;

/// Threshold under which a sum of two unit vectors (its length, or its
/// squared length where only that is at hand) is taken as degenerate,
/// the vectors nearly opposite: its direction is not used and a fallback
/// applies.
pub const UNIT_SUM: f64 = 1e-6;
