//! The backend-independent display list a [`Scene`](super::Scene) is
//! composed into; the SVG and PNG writers only walk it.

use super::Rgba;
use crate::Point;

/// Which coordinates a group's shapes are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// World coordinates (y down); widths in world units.
    World,
    /// Canvas units (the legend); widths in canvas units.
    Canvas,
}

/// One drawable shape.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    Polygon(Vec<Point>),
    Polyline(Vec<Point>),
    Line(Point, Point),
    Circle(Point, f64),
    /// Min and max corners.
    Rect(Point, Point),
    /// Baseline-left corner, cap height, text.
    Text(Point, f64, String),
}

/// Shapes sharing one style. A translucent fill is composited once for
/// the whole group (overlaps do not darken), in SVG and PNG alike.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub id: String,
    pub space: Space,
    pub fill: Option<Rgba>,
    /// Colour and width.
    pub stroke: Option<(Rgba, f64)>,
    pub shapes: Vec<Shape>,
}

impl Group {
    pub fn new(id: &str, space: Space) -> Group {
        Group {
            id: id.into(),
            space,
            fill: None,
            stroke: None,
            shapes: Vec::new(),
        }
    }
    pub fn fill(mut self, c: Rgba) -> Group {
        self.fill = Some(c);
        self
    }
    pub fn stroke(mut self, c: Rgba, w: f64) -> Group {
        self.stroke = Some((c, w));
        self
    }
}

/// The composed picture: canvas size, world placement and groups in
/// painting order.
#[derive(Clone, Debug)]
pub(crate) struct Drawing {
    pub width: f64,
    pub height: f64,
    /// Canvas units per world unit.
    pub scale: f64,
    /// Canvas position of the world point (xmin, ymin).
    pub origin: Point,
    pub xmin: f64,
    pub ymin: f64,
    pub groups: Vec<Group>,
}

impl Drawing {
    /// World to canvas coordinates.
    #[cfg_attr(not(feature = "png"), allow(dead_code))]
    pub fn to_canvas(&self, p: Point) -> Point {
        Point::new(
            self.origin.x + (p.x - self.xmin) * self.scale,
            self.origin.y + (p.y - self.ymin) * self.scale,
        )
    }
}
