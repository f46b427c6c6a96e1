//! Spatial queries on the world's walls (the triangulation's, through
//! the world).

use super::{World, WorldError};
use crate::Point;
use crate::path::Path;
#[cfg(doc)]
use crate::triangulation::Cdt;

impl World {
    /// Distance from `p` to the nearest wall ([`Cdt::clearance`]).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.clearance([2.0, 5.0]).unwrap(), 2.0);
    /// ```
    pub fn clearance(&self, p: impl Into<Point>) -> Result<f64, WorldError> {
        Ok(self.cdt.clearance(p)?)
    }

    /// Is a disc of radius `r` at `p` clear of every wall ([`Cdt::is_free`])?
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.is_free([2.0, 5.0], 2.0).unwrap());
    /// ```
    pub fn is_free(&self, p: impl Into<Point>, r: f64) -> Result<bool, WorldError> {
        Ok(self.cdt.is_free(p, r)?)
    }

    /// The nearest free spot within `max_distance` ([`Cdt::nearest_free`]).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let q = w.nearest_free([0.5, 5.0], 1.0, 1.0).unwrap().unwrap();
    /// assert!(q.x >= 1.0 && q.x < 1.0 + 1e-6);
    /// ```
    pub fn nearest_free(
        &self,
        p: impl Into<Point>,
        r: f64,
        max_distance: f64,
    ) -> Result<Option<Point>, WorldError> {
        Ok(self.cdt.nearest_free(p, r, max_distance)?)
    }

    /// Does `path` still keep `r` from every wall ([`Cdt::path_is_clear`])?
    ///
    /// ```
    /// use daedalus::{World, path::Path};
    /// let w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.path_is_clear(&Path::straight([1.0, 1.0], [9.0, 9.0], 0.5), 0.5).unwrap());
    /// ```
    pub fn path_is_clear(&self, path: &Path, r: f64) -> Result<bool, WorldError> {
        Ok(self.cdt.path_is_clear(path, r)?)
    }
}
