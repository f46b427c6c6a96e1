//! Many viewers and many targets: a uniform grid of targets, then one
//! local walk per (viewer, nearby target).

use super::expand::Walk;
use super::{FieldOfView, FovError, Visibility, check_target};
use crate::Point;
use crate::triangulation::Cdt;

/// A disc that can be seen.
///
/// ```
/// let t = daedalus::fov::Target::new([1.0, 2.0], 0.5);
/// assert_eq!(t.radius, 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Centre of the disc.
    pub position: Point,
    /// Radius of the disc (0: a point).
    pub radius: f64,
}

impl Target {
    /// A target disc.
    ///
    /// ```
    /// let t = daedalus::fov::Target::new((1.0, 2.0), 0.0); // a point
    /// assert_eq!(t.position, [1.0, 2.0].into());
    /// ```
    pub fn new(position: impl Into<Point>, radius: f64) -> Target {
        Target {
            position: position.into(),
            radius,
        }
    }
}

/// Viewer `viewer` sees target `target` (indices into the query's slices).
///
/// ```
/// let s = daedalus::fov::Sighting { viewer: 0, target: 3 };
/// assert_eq!(s.target, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sighting {
    /// Index into the viewers.
    pub viewer: usize,
    /// Index into the targets.
    pub target: usize,
}

/// Reusable buffers for field-of-view queries (no allocation once warm).
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, FovQuery, Target}};
/// let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
/// cdt.insert_segment([50.0, 0.0], [50.0, 90.0])?;
/// let viewers = [FieldOfView::full_circle([10.0, 10.0], 200.0)?];
/// let targets = [Target::new([20.0, 10.0], 1.0), Target::new([90.0, 10.0], 1.0)];
/// let mut q = FovQuery::new();
/// let mut seen = Vec::new();
/// q.visible_pairs(&cdt, &viewers, &targets, &mut seen)?;
/// assert_eq!(seen.len(), 1);
/// assert_eq!((seen[0].viewer, seen[0].target), (0, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct FovQuery {
    walk: Walk,
    /// Targets sorted by cell (indices), and where each cell starts.
    order: Vec<u32>,
    starts: Vec<u32>,
    cell_of: Vec<u32>,
}

/// The uniform grid over the targets' centres.
#[derive(Clone, Copy, Debug)]
struct Grid {
    x0: f64,
    y0: f64,
    inv: f64,
    nx: usize,
    ny: usize,
}

impl Grid {
    #[inline]
    fn cx(&self, x: f64) -> usize {
        (((x - self.x0) * self.inv).max(0.0) as usize).min(self.nx - 1)
    }
    #[inline]
    fn cy(&self, y: f64) -> usize {
        (((y - self.y0) * self.inv).max(0.0) as usize).min(self.ny - 1)
    }
}

/// The binned targets, shared (read-only) by every viewer.
struct Bins<'a> {
    grid: Grid,
    order: &'a [u32],
    starts: &'a [u32],
    targets: &'a [Target],
    max_r: f64,
}

impl Bins<'_> {
    /// Appends the targets viewer `vi` sees, in target order: only those
    /// binned in cells its range box meets are walked toward.
    fn viewer(
        &self,
        cdt: &Cdt,
        walk: &mut Walk,
        vi: usize,
        fov: &FieldOfView,
        out: &mut Vec<Sighting>,
    ) -> Result<(), FovError> {
        walk.begin(cdt, fov)?;
        let m = cdt.mesh();
        let g = &self.grid;
        let reach = fov.range + self.max_r;
        let q = fov.position;
        let (x0, x1) = (g.cx(q.x - reach), g.cx(q.x + reach));
        let (y0, y1) = (g.cy(q.y - reach), g.cy(q.y + reach));
        let from = out.len();
        for cy in y0..=y1 {
            let row = cy * g.nx;
            let (s, e) = (
                self.starts[row + x0] as usize,
                self.starts[row + x1 + 1] as usize,
            );
            for &ti in &self.order[s..e] {
                let t = self.targets[ti as usize];
                if walk.in_field(m, fov, t.position, t.radius)? {
                    out.push(Sighting {
                        viewer: vi,
                        target: ti as usize,
                    });
                }
            }
        }
        out[from..].sort_unstable();
        Ok(())
    }
}

impl FovQuery {
    /// Empty buffers.
    ///
    /// ```
    /// let _ = daedalus::fov::FovQuery::new();
    /// ```
    pub fn new() -> FovQuery {
        FovQuery::default()
    }

    /// [`super::visibility_polygon`] with these buffers.
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, FovQuery}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
    /// let v = FovQuery::new().visibility_polygon(&cdt, &FieldOfView::full_circle([5.0, 5.0], 50.0)?)?;
    /// assert!((v.area() - 100.0).abs() < 1e-9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visibility_polygon(
        &mut self,
        cdt: &Cdt,
        fov: &FieldOfView,
    ) -> Result<Visibility, FovError> {
        self.walk.polygon(cdt, fov)
    }

    /// [`super::is_in_field`] with these buffers.
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, FovQuery}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
    /// let fov = FieldOfView::full_circle([5.0, 5.0], 3.0)?;
    /// assert!(FovQuery::new().is_in_field(&cdt, &fov, [7.0, 5.0], 0.5)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_in_field(
        &mut self,
        cdt: &Cdt,
        fov: &FieldOfView,
        target: impl Into<Point>,
        radius: f64,
    ) -> Result<bool, FovError> {
        self.walk.begin(cdt, fov)?;
        self.walk.in_field(cdt.mesh(), fov, target.into(), radius)
    }

    /// Every (viewer, target) pair where the viewer sees the target, in
    /// viewer order, then target order, written to `out` (cleared first).
    /// Targets are binned once in a uniform grid; each viewer then tests
    /// only the targets in cells its range box meets, each by a local walk
    /// toward the target. A viewer and a target at the same place are
    /// still a pair: leave an entity out of its own targets if it must
    /// not see itself. Every input is validated before any work; on error
    /// `out` is left empty. With the `parallel` feature the viewers are
    /// shared out over the cores (the result is the same).
    ///
    /// ```
    /// use daedalus::{Cdt, fov::{FieldOfView, FovQuery, Target}};
    /// let cdt = Cdt::new([0.0, 0.0], [10.0, 10.0])?;
    /// let mut out = Vec::new();
    /// let bad = [FieldOfView { range: -1.0, ..FieldOfView::full_circle([1.0, 1.0], 1.0)? }];
    /// assert!(FovQuery::new().visible_pairs(&cdt, &bad, &[Target::new([2.0, 2.0], 1.0)], &mut out).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible_pairs(
        &mut self,
        cdt: &Cdt,
        viewers: &[FieldOfView],
        targets: &[Target],
        out: &mut Vec<Sighting>,
    ) -> Result<(), FovError> {
        out.clear();
        for t in targets {
            check_target(t.position, t.radius)?;
        }
        for v in viewers {
            v.validate()?;
            if !cdt.in_bounds(v.position) {
                return Err(FovError::OutsideBounds(v.position));
            }
        }
        if targets.is_empty() || viewers.is_empty() {
            return Ok(());
        }
        let res = self.pairs_checked(cdt, viewers, targets, out);
        if res.is_err() {
            out.clear();
        }
        res
    }

    /// [`FovQuery::visible_pairs`] once every input is known good.
    fn pairs_checked(
        &mut self,
        cdt: &Cdt,
        viewers: &[FieldOfView],
        targets: &[Target],
        out: &mut Vec<Sighting>,
    ) -> Result<(), FovError> {
        let bins = Bins {
            grid: self.bin(targets),
            order: &self.order,
            starts: &self.starts,
            targets,
            max_r: targets.iter().fold(0.0f64, |m, t| m.max(t.radius)),
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            // A few chunks per thread, one set of walk buffers per chunk.
            let chunk = viewers
                .len()
                .div_ceil(4 * rayon::current_num_threads())
                .max(16);
            let parts: Vec<Result<Vec<Sighting>, FovError>> = viewers
                .par_chunks(chunk)
                .enumerate()
                .map(|(ci, vs)| {
                    let mut walk = Walk::default();
                    let mut part = Vec::new();
                    for (j, fov) in vs.iter().enumerate() {
                        bins.viewer(cdt, &mut walk, ci * chunk + j, fov, &mut part)?;
                    }
                    Ok(part)
                })
                .collect();
            for p in parts {
                out.extend(p?);
            }
        }
        #[cfg(not(feature = "parallel"))]
        for (vi, fov) in viewers.iter().enumerate() {
            bins.viewer(cdt, &mut self.walk, vi, fov, out)?;
        }
        Ok(())
    }

    /// Counting sort of the targets into about one cell per target.
    fn bin(&mut self, targets: &[Target]) -> Grid {
        let (mut lo, mut hi) = (targets[0].position, targets[0].position);
        for t in targets {
            lo = Point::new(lo.x.min(t.position.x), lo.y.min(t.position.y));
            hi = Point::new(hi.x.max(t.position.x), hi.y.max(t.position.y));
        }
        let (w, h) = ((hi.x - lo.x).max(1e-300), (hi.y - lo.y).max(1e-300));
        let n = targets.len() as f64;
        let cell = ((w * h / n).sqrt()).max(w.max(h) / 1024.0);
        let inv = 1.0 / cell;
        let nx = ((w * inv) as usize + 1).min(1024);
        let ny = ((h * inv) as usize + 1).min(1024);
        let g = Grid {
            x0: lo.x,
            y0: lo.y,
            inv,
            nx,
            ny,
        };
        // starts[k] .. starts[k + 1]: the targets of cell k (row-major),
        // so a row's run of cells is one contiguous slice.
        self.starts.clear();
        self.starts.resize(nx * ny + 1, 0);
        self.cell_of.clear();
        for t in targets {
            let k = g.cy(t.position.y) * nx + g.cx(t.position.x);
            self.cell_of.push(k as u32);
            self.starts[k + 1] += 1;
        }
        for k in 0..nx * ny {
            self.starts[k + 1] += self.starts[k];
        }
        self.order.clear();
        self.order.resize(targets.len(), 0);
        let mut fill = self.starts.clone();
        for (i, &k) in self.cell_of.iter().enumerate() {
            self.order[fill[k as usize] as usize] = i as u32;
            fill[k as usize] += 1;
        }
        g
    }
}

/// Every (viewer, target) pair where the viewer sees the target; see
/// [`FovQuery::visible_pairs`] (this allocates fresh buffers).
///
/// ```
/// use daedalus::{Cdt, fov::{FieldOfView, Target, visible_pairs}};
/// let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
/// cdt.insert_segment([50.0, 0.0], [50.0, 100.0])?;
/// let viewers = [FieldOfView::full_circle([10.0, 50.0], 30.0)?, FieldOfView::full_circle([90.0, 50.0], 30.0)?];
/// let targets = [Target::new([30.0, 50.0], 1.0), Target::new([70.0, 50.0], 1.0)];
/// let seen = visible_pairs(&cdt, &viewers, &targets)?;
/// assert_eq!(seen.iter().map(|s| (s.viewer, s.target)).collect::<Vec<_>>(), vec![(0, 0), (1, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn visible_pairs(
    cdt: &Cdt,
    viewers: &[FieldOfView],
    targets: &[Target],
) -> Result<Vec<Sighting>, FovError> {
    let mut out = Vec::new();
    FovQuery::new().visible_pairs(cdt, viewers, targets, &mut out)?;
    Ok(out)
}
