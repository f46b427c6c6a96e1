//! Pictures of a world: SVG (always) and PNG (feature `png`).
//!
//! A [`Scene`] is built from plain data, independent of the mesh
//! internals: a [`MeshDump`], point lists and polygons. Layers are painted
//! in a fixed order whatever the order of the calls (free space, rooms,
//! polygons, fields of view, walls, vertices, paths, markers, entities),
//! and a legend listing the layers present sits in a margin to the right
//! of the world, never over it.
//!
//! Coordinates: world y grows **downwards** (the image convention of the
//! grid maps), so a world point `(x, y)` is drawn `x` to the right and `y`
//! down from the top-left corner of the bounds; nothing is flipped.
//!
//! Sizes: the world's longer side spans [`WORLD_CANVAS`] canvas units;
//! line widths and markers are fixed fractions of that (capped by the
//! typical triangle size, so dense meshes stay readable), which makes a
//! 49 x 49 map and a 1000 x 1000 world look alike. A PNG of `width_px`
//! pixels is the canvas scaled to that width.
//!
//! ```
//! use daedalus::{Point, mesh::MeshDump, render::Scene};
//! let dump = MeshDump {
//!     vertices: vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]],
//!     triangles: vec![[0, 1, 2], [0, 2, 3]],
//!     constrained: vec![[0, 2]],
//! };
//! let mut scene = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
//! scene.title("two triangles");
//! scene.mesh(&dump).unwrap();
//! scene.path(&[Point::new(1.0, 9.0), Point::new(9.0, 9.0)], 0.5).unwrap();
//! let svg = scene.to_svg();
//! assert!(svg.starts_with("<?xml") && svg.contains("<polygon"));
//! ```

mod compose;
mod draw;
mod font;
#[cfg(feature = "png")]
mod png;
mod style;
mod svg;

pub use style::{PolyStyle, Rgba, palette};

use crate::mesh::MeshDump;
use crate::{Point, Rect};

/// Canvas units spanned by the world's longer side.
///
/// ```
/// assert_eq!(daedalus::render::WORLD_CANVAS, 1000.0);
/// ```
pub const WORLD_CANVAS: f64 = 1000.0;

/// Canvas units of white margin around the world and the legend.
///
/// ```
/// assert!(daedalus::render::MARGIN > 0.0);
/// ```
pub const MARGIN: f64 = 24.0;

/// Largest PNG side in pixels.
///
/// ```
/// assert_eq!(daedalus::render::MAX_PX, 16384);
/// ```
pub const MAX_PX: u32 = 16384;

const TEXT: f64 = 17.0;
const TITLE: f64 = 20.0;
const LINE: f64 = 30.0;
const PAD: f64 = 14.0;
const SWATCH_W: f64 = 30.0;
const SWATCH_H: f64 = 15.0;
/// Narrowest legend panel, so pictures of one world keep one size.
const MIN_LEGEND_W: f64 = 320.0;
const GAP: f64 = 10.0;

/// What can go wrong building or writing a picture. A failed call adds
/// nothing to the scene.
///
/// ```
/// use daedalus::render::{RenderError, Scene};
/// assert!(matches!(Scene::new(daedalus::Rect::new([0.0, 0.0], [0.0, 1.0])), Err(RenderError::InvalidBounds(_))));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// Bounds not a finite rectangle of positive size.
    #[error("bounds {0:?} are not a non-empty finite rectangle")]
    InvalidBounds(Rect),
    /// A point of a layer is NaN or infinite.
    #[error("{layer}: coordinate {index} is not finite")]
    NonFinite {
        /// The layer.
        layer: &'static str,
        /// Index of the point in the layer.
        index: usize,
    },
    /// A shape with too few points.
    #[error("{layer}: needs at least {min} points, got {got}")]
    TooFewPoints {
        /// The layer.
        layer: &'static str,
        /// Points needed.
        min: usize,
        /// Points given.
        got: usize,
    },
    /// A mesh dump index past its vertex list.
    #[error("mesh dump: {what} {item} refers to vertex {vertex}, but there are {count} vertices")]
    BadIndex {
        /// Triangle or constrained edge.
        what: &'static str,
        /// Its index.
        item: usize,
        /// The vertex index it refers to.
        vertex: u32,
        /// Vertices in the dump.
        count: usize,
    },
    /// A radius or interval that is negative or not finite.
    #[error("{what} must be finite and >= 0, got {value}")]
    BadValue {
        /// Which value.
        what: &'static str,
        /// The value.
        value: f64,
    },
    /// A PNG of zero or more than [`MAX_PX`] pixels per side.
    #[error("picture of {width} x {height} px is outside 1..={MAX_PX} px per side")]
    BadSize {
        /// Width asked for.
        width: u64,
        /// Height asked for.
        height: u64,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// Why it could not be written.
        message: String,
    },
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Where the world lands on the canvas: canvas size and the map from world
/// to canvas coordinates (`canvas = origin + (world - (xmin, ymin)) * scale`).
///
/// ```
/// use daedalus::{Point, render::{Scene, WORLD_CANVAS, MARGIN}};
/// let l = Scene::new(daedalus::Rect::new([0.0, 0.0], [50.0, 25.0])).unwrap().layout();
/// assert_eq!(l.scale, WORLD_CANVAS / 50.0);
/// assert_eq!(l.to_canvas(Point::new(0.0, 0.0)), Point::new(MARGIN, MARGIN));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Canvas width in canvas units.
    pub width: f64,
    /// Canvas height in canvas units.
    pub height: f64,
    /// Canvas units per world unit.
    pub scale: f64,
    /// Canvas position of the world corner (xmin, ymin).
    pub origin: Point,
    xmin: f64,
    ymin: f64,
}

impl Layout {
    /// World to canvas coordinates (y down in both).
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let l = Scene::new(daedalus::Rect::new([10.0, 10.0], [20.0, 20.0])).unwrap().layout();
    /// let c = l.to_canvas(Point::new(20.0, 20.0));
    /// assert_eq!(c.x - l.origin.x, 10.0 * l.scale);
    /// ```
    pub fn to_canvas(&self, p: Point) -> Point {
        Point::new(
            self.origin.x + (p.x - self.xmin) * self.scale,
            self.origin.y + (p.y - self.ymin) * self.scale,
        )
    }

    /// Pixel size of a PNG `width_px` wide (height keeps the aspect ratio).
    ///
    /// ```
    /// let l = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap().layout();
    /// assert_eq!(l.png_size(800).0, 800);
    /// ```
    pub fn png_size(&self, width_px: u32) -> (u32, u32) {
        let h = (self.height * f64::from(width_px) / self.width).round();
        (width_px, h.clamp(1.0, f64::from(u32::MAX)) as u32)
    }

    /// World point to pixel coordinates in a PNG `width_px` wide (pixel
    /// `(i, j)` covers `[i, i+1] x [j, j+1]`).
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let l = Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap().layout();
    /// let p = l.to_pixel(Point::new(0.0, 0.0), l.width.round() as u32);
    /// assert!((p.x - l.origin.x).abs() < 1.0);
    /// ```
    pub fn to_pixel(&self, p: Point, width_px: u32) -> Point {
        let c = self.to_canvas(p);
        let k = f64::from(width_px) / self.width;
        Point::new(c.x * k, c.y * k)
    }
}

#[derive(Clone, Debug)]
enum Layer {
    Vertices(Vec<Point>),
    Polygons(Vec<Vec<Point>>, PolyStyle),
    Walls(Vec<Vec<Point>>, bool),
    Path {
        points: Vec<Point>,
        radius: f64,
        every: Option<f64>,
    },
    Entity {
        pos: Point,
        radius: f64,
        dir: Point,
    },
    Fov(Vec<Point>),
    Rooms(Vec<Vec<Point>>),
}

/// A picture under construction: bounds plus layers, written with
/// [`to_svg`](Scene::to_svg) or (feature `png`) `to_png`.
///
/// ```
/// use daedalus::{Point, render::{PolyStyle, Scene}};
/// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [20.0, 10.0])).unwrap();
/// let square = vec![Point::new(2.0, 2.0), Point::new(6.0, 2.0), Point::new(6.0, 6.0), Point::new(2.0, 6.0)];
/// s.polygons(&[square], PolyStyle::objects()).unwrap()
///     .entity(Point::new(15.0, 5.0), 1.0, Point::new(1.0, 0.0)).unwrap();
/// assert!(s.to_svg().contains("objects"));
/// ```
#[derive(Clone, Debug)]
pub struct Scene {
    bounds: [f64; 4],
    title: Option<String>,
    legend: bool,
    triangles: Vec<[Point; 3]>,
    constrained: Vec<[Point; 2]>,
    has_mesh: bool,
    layers: Vec<Layer>,
}

fn check_points(layer: &'static str, pts: &[Point], min: usize) -> Result<(), RenderError> {
    if pts.len() < min {
        return Err(RenderError::TooFewPoints {
            layer,
            min,
            got: pts.len(),
        });
    }
    match pts
        .iter()
        .position(|p| !(p.x.is_finite() && p.y.is_finite()))
    {
        Some(index) => Err(RenderError::NonFinite { layer, index }),
        None => Ok(()),
    }
}

fn check_value(what: &'static str, value: f64) -> Result<(), RenderError> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(RenderError::BadValue { what, value })
    }
}

impl Scene {
    /// An empty scene of the world rectangle.
    ///
    /// ```
    /// assert!(daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [49.0, 49.0])).is_ok());
    /// assert!(daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [f64::NAN, 1.0])).is_err());
    /// ```
    pub fn new(rect: Rect) -> Result<Scene, RenderError> {
        let bounds: [f64; 4] = rect.into();
        let [x0, y0, x1, y1] = bounds;
        let finite = bounds.iter().all(|v| v.is_finite());
        let side = (x1 - x0).max(y1 - y0);
        // The canvas scale must be finite too (no subnormal worlds).
        if !finite
            || x0 >= x1
            || y0 >= y1
            || !side.is_finite()
            || !(WORLD_CANVAS / side).is_finite()
        {
            return Err(RenderError::InvalidBounds(rect));
        }
        Ok(Scene {
            bounds,
            title: None,
            legend: true,
            triangles: Vec::new(),
            constrained: Vec::new(),
            has_mesh: false,
            layers: Vec::new(),
        })
    }

    /// Sets the title shown at the top of the legend (cut at 48 characters).
    ///
    /// ```
    /// let mut s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// assert!(s.title("arena").to_svg().contains("arena"));
    /// ```
    pub fn title(&mut self, title: &str) -> &mut Self {
        let mut t: String = title.chars().take(48).collect();
        if title.chars().count() > 48 {
            t.push_str("...");
        }
        self.title = Some(t);
        self
    }

    /// Hides the legend (shown by default).
    ///
    /// ```
    /// let mut s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// assert!(!s.hide_legend().to_svg().contains("id=\"legend\""));
    /// ```
    pub fn hide_legend(&mut self) -> &mut Self {
        self.legend = false;
        self
    }

    /// Shows the legend again after [`Scene::hide_legend`].
    ///
    /// ```
    /// let mut s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// assert!(s.hide_legend().show_legend().to_svg().contains("id=\"legend\""));
    /// ```
    pub fn show_legend(&mut self) -> &mut Self {
        self.legend = true;
        self
    }

    /// Adds a triangulation: triangles with a light fill and thin edges,
    /// constrained edges thick and dark. Replaces a previous mesh.
    ///
    /// ```
    /// use daedalus::{mesh::MeshDump, render::Scene};
    /// let d = MeshDump { vertices: vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
    ///                    triangles: vec![[0, 1, 2]], constrained: vec![[0, 7]] };
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// assert!(s.mesh(&d).is_err()); // vertex 7 does not exist
    /// ```
    pub fn mesh(&mut self, dump: &MeshDump) -> Result<&mut Self, RenderError> {
        let count = dump.vertices.len();
        let pts: Vec<Point> = dump.vertices.iter().map(|&v| v.into()).collect();
        check_points("mesh vertices", &pts, 0)?;
        let get = |what, item, v: u32| {
            pts.get(v as usize).copied().ok_or(RenderError::BadIndex {
                what,
                item,
                vertex: v,
                count,
            })
        };
        let mut tris = Vec::with_capacity(dump.triangles.len());
        for (i, t) in dump.triangles.iter().enumerate() {
            tris.push([
                get("triangle", i, t[0])?,
                get("triangle", i, t[1])?,
                get("triangle", i, t[2])?,
            ]);
        }
        let mut cons = Vec::with_capacity(dump.constrained.len());
        for (i, c) in dump.constrained.iter().enumerate() {
            cons.push([
                get("constrained edge", i, c[0])?,
                get("constrained edge", i, c[1])?,
            ]);
        }
        self.triangles = tris;
        self.constrained = cons;
        self.has_mesh = true;
        Ok(self)
    }

    /// Adds vertex dots.
    ///
    /// ```
    /// let mut s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// s.vertices(&[daedalus::Point::new(0.5, 0.5)]).unwrap();
    /// assert!(s.to_svg().contains("<circle"));
    /// ```
    pub fn vertices(&mut self, points: &[Point]) -> Result<&mut Self, RenderError> {
        check_points("vertices", points, 0)?;
        self.layers.push(Layer::Vertices(points.to_vec()));
        Ok(self)
    }

    /// Adds shapes (objects, traced outlines...) drawn with `style`; each
    /// shape needs 2 points (a closed one of 2 is a traced sliver: drawn as
    /// its segment).
    ///
    /// ```
    /// use daedalus::{Point, render::{PolyStyle, Scene}};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [1.0, 1.0])).unwrap();
    /// assert!(s.polygons(&[vec![Point::new(0.0, 0.0)]], PolyStyle::objects()).is_err());
    /// ```
    pub fn polygons(
        &mut self,
        shapes: &[Vec<Point>],
        style: PolyStyle,
    ) -> Result<&mut Self, RenderError> {
        for s in shapes {
            check_points("polygons", s, 2)?;
        }
        self.layers.push(Layer::Polygons(shapes.to_vec(), style));
        Ok(self)
    }

    /// Adds walls given as polylines (closed rings or open chains), drawn
    /// like constrained edges: for a scenario drawn without its mesh.
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.walls(&[vec![Point::new(1.0, 1.0), Point::new(9.0, 1.0)]], daedalus::Closure::Open).unwrap();
    /// assert!(s.to_svg().contains("<polyline"));
    /// ```
    pub fn walls(
        &mut self,
        chains: &[Vec<Point>],
        closure: crate::Closure,
    ) -> Result<&mut Self, RenderError> {
        for c in chains {
            check_points("walls", c, 2)?;
        }
        self.layers
            .push(Layer::Walls(chains.to_vec(), closure.is_closed()));
        Ok(self)
    }

    /// Adds a path for a disc of `radius`: the polyline, translucent discs
    /// of the radius at regular intervals (none for radius 0) and start
    /// and goal markers. Paths of the same radius share a colour.
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.path(&[Point::new(1.0, 1.0), Point::new(9.0, 1.0)], 1.0).unwrap();
    /// assert!(s.path(&[], 1.0).is_err());
    /// ```
    pub fn path(&mut self, points: &[Point], radius: f64) -> Result<&mut Self, RenderError> {
        self.add_path(points, radius, None)
    }

    /// Like [`path`](Scene::path) with discs every `every` world units of
    /// length (0 = no discs).
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.hide_legend();
    /// s.path_every(&[Point::new(1.0, 5.0), Point::new(9.0, 5.0)], 1.0, 2.0).unwrap();
    /// // discs (filled, then their rims) at 0, 2, 4, 6 and the goal 8,
    /// // plus the start and goal markers
    /// assert_eq!(s.to_svg().matches("<circle").count(), 5 + 5 + 2);
    /// ```
    pub fn path_every(
        &mut self,
        points: &[Point],
        radius: f64,
        every: f64,
    ) -> Result<&mut Self, RenderError> {
        check_value("disc interval", every)?;
        self.add_path(points, radius, Some(every))
    }

    fn add_path(
        &mut self,
        points: &[Point],
        radius: f64,
        every: Option<f64>,
    ) -> Result<&mut Self, RenderError> {
        check_points("path", points, 1)?;
        check_value("path radius", radius)?;
        self.layers.push(Layer::Path {
            points: points.to_vec(),
            radius,
            every,
        });
        Ok(self)
    }

    /// Adds an entity: a disc at `pos` and a heading line along `dir`
    /// (any length; zero = no heading). Tiny discs are drawn at a
    /// minimum visible size.
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// assert!(s.entity(Point::new(5.0, 5.0), -1.0, Point::new(0.0, 0.0)).is_err());
    /// ```
    pub fn entity(
        &mut self,
        pos: Point,
        radius: f64,
        dir: Point,
    ) -> Result<&mut Self, RenderError> {
        check_points("entity", &[pos, dir], 0)?;
        check_value("entity radius", radius)?;
        self.layers.push(Layer::Entity { pos, radius, dir });
        Ok(self)
    }

    /// Adds a field of view: its visible polygon drawn as a translucent fan.
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.fov(&[Point::new(5.0, 5.0), Point::new(9.0, 3.0), Point::new(9.0, 7.0)]).unwrap();
    /// assert!(s.to_svg().contains("field of view"));
    /// ```
    pub fn fov(&mut self, polygon: &[Point]) -> Result<&mut Self, RenderError> {
        check_points("field of view", polygon, 3)?;
        self.layers.push(Layer::Fov(polygon.to_vec()));
        Ok(self)
    }

    /// Adds rooms (of a dungeon): polygons filled with cycling pastel colours.
    ///
    /// ```
    /// use daedalus::{Point, render::Scene};
    /// let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// let room = vec![Point::new(1.0, 1.0), Point::new(4.0, 1.0), Point::new(4.0, 4.0)];
    /// assert!(s.rooms(&[room]).unwrap().to_svg().contains("rooms"));
    /// ```
    pub fn rooms(&mut self, rooms: &[Vec<Point>]) -> Result<&mut Self, RenderError> {
        for r in rooms {
            check_points("rooms", r, 3)?;
        }
        self.layers.push(Layer::Rooms(rooms.to_vec()));
        Ok(self)
    }

    /// The picture as a standalone SVG document (hand-written, no
    /// dependency). World layers keep world coordinates inside a group
    /// transform; each triangle is one `<polygon>` in `<g id="triangles">`
    /// and each constrained edge one `<line>` in `<g id="walls">`.
    ///
    /// ```
    /// let s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// let svg = s.to_svg();
    /// assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
    /// ```
    pub fn to_svg(&self) -> String {
        svg::write(&self.compose())
    }

    /// The picture as PNG bytes, `width_px` wide (see [`Layout::png_size`]).
    ///
    /// ```
    /// let s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// let png = s.to_png(300).unwrap();
    /// assert_eq!(&png[1..4], b"PNG");
    /// assert!(s.to_png(0).is_err());
    /// ```
    #[cfg(feature = "png")]
    pub fn to_png(&self, width_px: u32) -> Result<Vec<u8>, RenderError> {
        png::encode(&self.compose(), width_px)
    }

    /// Writes [`to_png`](Scene::to_png) to a file.
    ///
    /// ```no_run
    /// let s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.save_png("world.png", 1200).unwrap();
    /// ```
    #[cfg(feature = "png")]
    pub fn save_png(
        &self,
        path: impl AsRef<std::path::Path>,
        width_px: u32,
    ) -> Result<(), RenderError> {
        let bytes = self.to_png(width_px)?;
        std::fs::write(path.as_ref(), bytes).map_err(|e| RenderError::Io {
            path: path.as_ref().display().to_string(),
            message: e.to_string(),
        })
    }

    /// Writes [`to_svg`](Scene::to_svg) to a file.
    ///
    /// ```no_run
    /// let s = daedalus::render::Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    /// s.save_svg("world.svg").unwrap();
    /// ```
    pub fn save_svg(&self, path: impl AsRef<std::path::Path>) -> Result<(), RenderError> {
        std::fs::write(path.as_ref(), self.to_svg()).map_err(|e| RenderError::Io {
            path: path.as_ref().display().to_string(),
            message: e.to_string(),
        })
    }
}
