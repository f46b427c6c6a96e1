//! Traced polygons -> constrained shapes of a [`Cdt`].

use super::Tracing;
use crate::Closure;
use crate::triangulation::{Cdt, CdtError, ShapeId};

impl Tracing {
    /// Inserts every polygon into `cdt` as a closed shape, in order (so
    /// shape i is polygon i); a sliver (2 points) is one open segment. On an
    /// error the shapes inserted so far are removed again and `cdt` is as
    /// before.
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// use daedalus::triangulation::Cdt;
    /// let bm = Bitmap::from_fn(8, 8, |x, y| (2..6).contains(&x) && (2..6).contains(&y)).unwrap();
    /// let t = trace(&bm, &TraceOptions::exact()).unwrap();
    /// let mut cdt = Cdt::new([0.0, 0.0], [8.0, 8.0]).unwrap();
    /// assert_eq!(t.insert_into(&mut cdt).unwrap().len(), 1);
    /// assert!(cdt.validate().is_empty());
    /// ```
    pub fn insert_into(&self, cdt: &mut Cdt) -> Result<Vec<ShapeId>, CdtError> {
        let mut ids = Vec::with_capacity(self.polygons.len());
        for p in &self.polygons {
            match cdt.insert_shape(
                &p.points,
                if p.is_sliver() {
                    Closure::Open
                } else {
                    Closure::Closed
                },
            ) {
                Ok(id) => ids.push(id),
                Err(e) => {
                    for id in ids.into_iter().rev() {
                        cdt.remove_shape(id)?;
                    }
                    return Err(e);
                }
            }
        }
        Ok(ids)
    }

    /// A new mesh over the pixel rectangle [0, width] x [0, height] with
    /// every polygon inserted (for a tracing in pixel units).
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// let bm = Bitmap::from_fn(4, 4, |x, y| x == 1 && y == 1).unwrap();
    /// let cdt = trace(&bm, &TraceOptions::exact()).unwrap().to_cdt().unwrap();
    /// assert!(cdt.validate().is_empty());
    /// ```
    pub fn to_cdt(&self) -> Result<Cdt, CdtError> {
        let mut cdt = Cdt::new([0.0, 0.0], [self.width as f64, self.height as f64])?;
        self.insert_into(&mut cdt)?;
        Ok(cdt)
    }
}
