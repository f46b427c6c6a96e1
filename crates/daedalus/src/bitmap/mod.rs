//! Bitmap -> polygons, after Potrace (P. Selinger, "Potrace: a polygon-based
//! tracing algorithm", 2003).
//!
//! 1. [`trace_outlines`]: outlines along pixel corners (the exact border
//!    between black = wall and white = free pixels), with a [`TurnPolicy`]
//!    for diagonal pinches, nesting (outer / hole, parent, depth) to any
//!    depth, specks of at most `turd_size` pixels dropped.
//! 2. and 3. [`trace`]: each outline becomes the polygon with the fewest
//!    vertices (Potrace's dynamic programme, ties broken by Potrace's
//!    penalty) under Douglas-Peucker's deviation measure: every outline
//!    point within Euclidean distance `tolerance` of the polygon segment
//!    replacing it. Vertices are outline points, then move (by at most
//!    `tolerance`) onto least-squares line intersections where a direct
//!    check keeps the bound; segments admitted at 1.5 x `tolerance` are
//!    tried first and kept only if, after that placement and repair, they
//!    need fewer vertices than the strict programme.
//!
//! Coordinates are pixel units: pixel (col, row) covers [col, col+1] x
//! [row, row+1], rows counted downward (the map PNG / scenario convention).
//! Outer rings run counter-clockwise and holes clockwise in that (x, y)
//! frame (positive / negative shoelace area), as in the scenario rings.
//!
//! The tolerance bound is checked directly on the result: every outline
//! corner (hence every outline point) is within `tolerance` of the polygon
//! segment that replaces it, and every vertex within `tolerance` of its
//! outline point, so each segment is also within `tolerance` of its piece
//! of outline, and an even-odd fill of the polygons differs from the image
//! only at pixels whose centre is within `tolerance` of the pixel border.
//!
//! With `tolerance` > 0 polygons of features thinner than 2 x `tolerance`
//! may touch or cross each other; use [`TraceOptions::exact`] (tolerance 0)
//! for walls that must be exact.
//!
//! A polygon may be a *sliver*: 2 vertices, there and back along one
//! segment, when its whole outline is within `tolerance` of that segment
//! (a speck or a thin line; never at tolerance 0). It has no area: use it
//! as an open wall segment ([`Polygon::is_sliver`]).
//!
//! Segments are chosen once round the outline (the start included), the
//! start from which greedy jumps need the fewest segments.
//!
//! ```
//! use daedalus::bitmap::{Bitmap, TraceOptions, trace};
//! // A 3x3 block with a 1-pixel hole in the middle.
//! let bm = Bitmap::from_fn(3, 3, |x, y| !(x == 1 && y == 1)).unwrap();
//! let t = trace(&bm, &TraceOptions::exact()).unwrap();
//! assert_eq!(t.polygons.len(), 2);
//! assert!(!t.polygons[0].hole && t.polygons[1].hole);
//! assert_eq!(t.polygons[1].parent, Some(0));
//! ```

#[cfg(feature = "image")]
mod image_io;
mod mesh;
mod optimize;
mod trace;

#[cfg(feature = "image")]
pub use image_io::{ThresholdOptions, WallInk, bitmap_from_image, decode_bitmap, load_bitmap};
pub use trace::{Outline, trace_outlines};

use crate::{Point, Rect};

/// The largest number of pixels accepted (2^28, e.g. 16384 x 16384).
/// Tracing needs about 6 bytes per pixel of working memory.
pub const MAX_PIXELS: u64 = 1 << 28;

/// Errors of bitmap loading and tracing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BitmapError {
    /// Width or height is zero.
    #[error("the image is empty ({width} x {height} pixels)")]
    Empty {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// More than [`MAX_PIXELS`] pixels.
    #[error("the image has {width} x {height} pixels, more than the limit of {max}")]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// The limit, [`MAX_PIXELS`].
        max: u64,
    },
    /// The pixel vector does not have width x height entries.
    #[error("expected {expected} pixels, got {got}")]
    SizeMismatch {
        /// Width x height.
        expected: u64,
        /// Length of the pixel vector.
        got: u64,
    },
    /// A tolerance that is negative or not finite.
    #[error("tolerance {0} is not a finite number >= 0")]
    BadTolerance(f64),
    /// World bounds that are not a non-empty finite rectangle.
    #[error("bounds {0:?} are not a non-empty finite rectangle")]
    BadBounds(Rect),
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why it could not be read.
        #[source]
        source: std::io::Error,
    },
    /// The file is not an image in a supported format, or it is corrupt.
    #[error("cannot decode {path}: {message}")]
    Decode {
        /// The file.
        path: String,
        /// The decoder's message.
        message: String,
    },
}

/// A 1-bit image: `true` = black = wall. Row-major, row 0 at the top.
///
/// ```
/// let bm = daedalus::bitmap::Bitmap::new(2, 1, vec![true, false]).unwrap();
/// assert!(bm.get(0, 0) && !bm.get(1, 0) && !bm.get(-1, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `width * height` pixels, row-major, row 0 at the top; `true` is black.
    pub bits: Vec<bool>,
}

impl Bitmap {
    /// Checks the size (non-empty, at most [`MAX_PIXELS`], `bits.len()` =
    /// width x height) and wraps the pixels.
    ///
    /// ```
    /// use daedalus::bitmap::Bitmap;
    /// assert!(Bitmap::new(0, 3, vec![]).is_err());
    /// assert!(Bitmap::new(2, 2, vec![false; 3]).is_err());
    /// ```
    pub fn new(width: usize, height: usize, bits: Vec<bool>) -> Result<Bitmap, BitmapError> {
        check_size(width as u64, height as u64)?;
        let expected = (width * height) as u64;
        if bits.len() as u64 != expected {
            return Err(BitmapError::SizeMismatch {
                expected,
                got: bits.len() as u64,
            });
        }
        Ok(Bitmap {
            width,
            height,
            bits,
        })
    }

    /// Builds a bitmap from `f(col, row)` (true = black).
    ///
    /// ```
    /// let bm = daedalus::bitmap::Bitmap::from_fn(4, 4, |x, y| x == y).unwrap();
    /// assert_eq!(bm.black_count(), 4);
    /// ```
    pub fn from_fn(
        width: usize,
        height: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> Result<Bitmap, BitmapError> {
        check_size(width as u64, height as u64)?;
        let mut bits = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                bits.push(f(x, y));
            }
        }
        Ok(Bitmap {
            width,
            height,
            bits,
        })
    }

    /// Pixel (col, row); outside the image is white (`false`).
    ///
    /// ```
    /// let bm = daedalus::bitmap::Bitmap::new(1, 1, vec![true]).unwrap();
    /// assert!(bm.get(0, 0) && !bm.get(0, 1));
    /// ```
    #[inline]
    pub fn get(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.bits[y as usize * self.width + x as usize]
    }

    /// Number of black pixels.
    ///
    /// ```
    /// let bm = daedalus::bitmap::Bitmap::new(3, 1, vec![true, false, true]).unwrap();
    /// assert_eq!(bm.black_count(), 2);
    /// ```
    pub fn black_count(&self) -> usize {
        self.bits.iter().filter(|&&b| b).count()
    }
}

pub(crate) fn check_size(width: u64, height: u64) -> Result<(), BitmapError> {
    if width == 0 || height == 0 {
        return Err(BitmapError::Empty { width, height });
    }
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(BitmapError::TooLarge {
            width,
            height,
            max: MAX_PIXELS,
        });
    }
    Ok(())
}

/// How an outline continues at a diagonal pinch (two black and two white
/// pixels meeting at a corner, the black ones diagonal). As in Potrace.
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, TurnPolicy, trace_outlines};
/// let diag = Bitmap::from_fn(2, 2, |x, y| x == y).unwrap();
/// assert_eq!(trace_outlines(&diag, TurnPolicy::Black, 0).len(), 1);
/// assert_eq!(trace_outlines(&diag, TurnPolicy::White, 0).len(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnPolicy {
    /// Join the black pixels (black 8-connected).
    Black,
    /// Separate the black pixels (black 4-connected): the map convention.
    White,
    /// Turn left as seen by the first outline reaching the pinch (it
    /// separates the colour that outline encloses).
    Left,
    /// Turn right as seen by the first outline reaching the pinch (it
    /// joins the colour that outline encloses).
    Right,
    /// Join the colour that is in the minority around the pinch (pixel
    /// rings of radius 2, 3, 4; a tie at all three joins black). Potrace's
    /// default.
    #[default]
    Minority,
    /// Join the colour in the majority (a tie at all radii joins black).
    Majority,
    /// A deterministic pseudo-random choice per pinch position.
    Random,
}

/// Options of [`trace`].
///
/// ```
/// let o = daedalus::bitmap::TraceOptions::default();
/// assert_eq!((o.tolerance, o.turd_size), (1.0, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceOptions {
    /// Pinch rule (default [`TurnPolicy::Minority`]).
    pub turn_policy: TurnPolicy,
    /// Outlines enclosing at most this many pixels are dropped (default 2,
    /// like potrace; 0 keeps every pixel).
    pub turd_size: u64,
    /// Largest distance of a polygon from its pixel outline (default 1
    /// pixel; 0 = the exact outline, corners only).
    pub tolerance: f64,
    /// Move vertices onto least-squares lines where that keeps the bound
    /// (Potrace stage 3; default true; no effect at tolerance 0).
    pub adjust_vertices: bool,
    /// Split an outline that touches itself at a pinch into simple rings
    /// touching there (default false).
    pub simple_rings: bool,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            turn_policy: TurnPolicy::Minority,
            turd_size: 2,
            tolerance: 1.0,
            adjust_vertices: true,
            simple_rings: false,
        }
    }
}

impl TraceOptions {
    /// The exact walls of a grid map: tolerance 0, no speck removal and
    /// black cells 4-connected ([`TurnPolicy::White`]). This reproduces the
    /// rings of the map scenarios exactly, vertex for vertex (outer rings
    /// counter-clockwise, holes clockwise): there the outline of blocked
    /// cells is split where they touch at a corner, and a hole border may
    /// pass such a point twice (e.g. 33 of the 210 rings of sc1/Aurora), so
    /// `simple_rings` is off.
    ///
    /// ```
    /// let o = daedalus::bitmap::TraceOptions::exact();
    /// assert_eq!(o.tolerance, 0.0);
    /// ```
    pub fn exact() -> Self {
        TraceOptions {
            turn_policy: TurnPolicy::White,
            turd_size: 0,
            tolerance: 0.0,
            adjust_vertices: false,
            simple_rings: false,
        }
    }
}

/// One traced polygon.
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
/// let t = trace(&Bitmap::new(1, 1, vec![true]).unwrap(), &TraceOptions::exact()).unwrap();
/// let p = &t.polygons[0];
/// assert_eq!((p.points.len(), p.depth, p.pixel_area), (4, 0, 1));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    /// Vertices, not repeating the first one. Outer: counter-clockwise,
    /// hole: clockwise (in the y-down pixel frame, by the shoelace sign);
    /// 2 for a sliver (no area, see [`Polygon::is_sliver`]).
    pub points: Vec<Point>,
    /// True for the border of a white region inside black.
    pub hole: bool,
    /// Index of the smallest enclosing polygon.
    pub parent: Option<usize>,
    /// Number of enclosing polygons.
    pub depth: usize,
    /// Signed pixel area enclosed by the traced outline (negative: hole).
    pub pixel_area: i64,
}

impl Polygon {
    /// A sliver: 2 vertices, the outline within tolerance of the segment
    /// between them (there and back). No area: an open wall segment.
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// // A 1-pixel-thin line.
    /// let bm = Bitmap::from_fn(10, 3, |_, y| y == 1).unwrap();
    /// let t = trace(&bm, &TraceOptions::default()).unwrap();
    /// assert!(t.polygons[0].is_sliver());
    /// assert!(!trace(&bm, &TraceOptions::exact()).unwrap().polygons[0].is_sliver());
    /// ```
    pub fn is_sliver(&self) -> bool {
        self.points.len() == 2
    }
}

/// Which way the world's y axis points, for [`Tracing::scaled`].
///
/// ```
/// assert_ne!(daedalus::bitmap::YAxis::Up, daedalus::bitmap::YAxis::Down);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YAxis {
    /// y grows downwards, as in the image: row 0 at the minimum y.
    Down,
    /// y grows upwards: row 0 at the maximum y.
    Up,
}

/// The result of [`trace`]: polygons in discovery order (parents first).
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
/// let t = trace(&Bitmap::new(2, 2, vec![false; 4]).unwrap(), &TraceOptions::default()).unwrap();
/// assert!(t.polygons.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Tracing {
    /// Width of the traced image, pixels.
    pub width: usize,
    /// Height of the traced image, pixels.
    pub height: usize,
    /// The traced polygons, parents before the holes inside them.
    pub polygons: Vec<Polygon>,
}

impl Tracing {
    /// Total number of polygon vertices.
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// let t = trace(&Bitmap::new(1, 1, vec![true]).unwrap(), &TraceOptions::exact()).unwrap();
    /// assert_eq!(t.vertex_count(), 4);
    /// ```
    pub fn vertex_count(&self) -> usize {
        self.polygons.iter().map(|p| p.points.len()).sum()
    }

    /// The polygons mapped from the pixel rectangle [0, w] x [0, h] onto
    /// `bounds`; [`YAxis::Up`] puts row 0 at `bounds.max.y` (point order is
    /// then reversed so outer rings stay counter-clockwise).
    ///
    /// ```
    /// use daedalus::{Rect, bitmap::{Bitmap, TraceOptions, YAxis, trace}};
    /// let t = trace(&Bitmap::new(2, 2, vec![true; 4]).unwrap(), &TraceOptions::exact()).unwrap();
    /// let s = t.scaled(Rect::new([0.0, 0.0], [1.0, 1.0]), YAxis::Up).unwrap();
    /// assert!(s.polygons[0].points.iter().all(|p| p.x <= 1.0 && p.y <= 1.0));
    /// ```
    pub fn scaled(&self, bounds: Rect, y_axis: YAxis) -> Result<Tracing, BitmapError> {
        let flip_y = y_axis == YAxis::Up;
        let [x0, y0, x1, y1]: [f64; 4] = bounds.into();
        if ![x0, y0, x1, y1].iter().all(|v| v.is_finite()) || x0 >= x1 || y0 >= y1 {
            return Err(BitmapError::BadBounds(bounds));
        }
        let sx = (x1 - x0) / self.width as f64;
        let sy = (y1 - y0) / self.height as f64;
        let mut out = self.clone();
        for p in &mut out.polygons {
            for q in &mut p.points {
                q.x = x0 + q.x * sx;
                q.y = if flip_y { y1 - q.y * sy } else { y0 + q.y * sy };
            }
            if flip_y {
                p.points.reverse();
            }
        }
        Ok(out)
    }

    /// The polygons but slivers as flat `[x0, y0, x1, y1, ...]` rings
    /// (scenario format).
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// let t = trace(&Bitmap::new(1, 1, vec![true]).unwrap(), &TraceOptions::exact()).unwrap();
    /// assert_eq!(t.flat_rings()[0].len(), 8);
    /// ```
    pub fn flat_rings(&self) -> Vec<Vec<f64>> {
        self.polygons
            .iter()
            .filter(|p| !p.is_sliver())
            .map(|p| p.points.iter().flat_map(|q| [q.x, q.y]).collect())
            .collect()
    }

    /// The slivers as `[x0, y0, x1, y1]` segments (scenario format).
    ///
    /// ```
    /// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    /// let t = trace(&Bitmap::from_fn(10, 3, |_, y| y == 1).unwrap(), &TraceOptions::default()).unwrap();
    /// assert_eq!((t.flat_rings().len(), t.flat_segments().len()), (0, 1));
    /// ```
    pub fn flat_segments(&self) -> Vec<[f64; 4]> {
        self.polygons
            .iter()
            .filter(|p| p.is_sliver())
            .map(|p| [p.points[0].x, p.points[0].y, p.points[1].x, p.points[1].y])
            .collect()
    }
}

/// Traces `bitmap` into polygons (stages 1 to 3, see the module docs).
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
/// // A staircase of 1-pixel steps becomes one long diagonal at tolerance 1.
/// let bm = Bitmap::from_fn(40, 40, |x, y| x >= y).unwrap();
/// let exact = trace(&bm, &TraceOptions::exact()).unwrap();
/// let smooth = trace(&bm, &TraceOptions::default()).unwrap();
/// assert!(smooth.vertex_count() < 10 && exact.vertex_count() > 70);
/// ```
pub fn trace(bitmap: &Bitmap, options: &TraceOptions) -> Result<Tracing, BitmapError> {
    let t = options.tolerance;
    if !(t.is_finite() && t >= 0.0) {
        return Err(BitmapError::BadTolerance(t));
    }
    let outlines = trace::trace_outlines_with(
        bitmap,
        options.turn_policy,
        options.turd_size,
        options.simple_rings,
    );
    let mut opt = optimize::Optimizer::default();
    let size = (bitmap.width as f64, bitmap.height as f64);
    let polygons = outlines
        .into_iter()
        .map(|o| Polygon {
            points: opt.polygon(&o.points, t, options.adjust_vertices, size),
            hole: o.hole,
            parent: o.parent,
            depth: o.depth,
            pixel_area: o.area,
        })
        .collect();
    Ok(Tracing {
        width: bitmap.width,
        height: bitmap.height,
        polygons,
    })
}
