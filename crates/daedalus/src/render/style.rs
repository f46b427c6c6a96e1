//! Colours and layer styles of the pictures.

/// An sRGB colour with straight (not premultiplied) alpha.
///
/// ```
/// use daedalus::render::Rgba;
/// let c = Rgba::hex(0x1d2330);
/// assert_eq!((c.r, c.g, c.b, c.a), (0x1d, 0x23, 0x30, 255));
/// assert_eq!(c.to_svg(), "#1d2330");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity (255 = opaque).
    pub a: u8,
}

impl Rgba {
    /// An opaque colour from `0xRRGGBB`.
    ///
    /// ```
    /// assert_eq!(daedalus::render::Rgba::hex(0xff0000).r, 255);
    /// ```
    pub const fn hex(rgb: u32) -> Rgba {
        Rgba {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
            a: 255,
        }
    }

    /// The same colour with opacity `a` in 0..=1.
    ///
    /// ```
    /// assert_eq!(daedalus::render::Rgba::hex(0).alpha(0.5).a, 128);
    /// ```
    pub fn alpha(self, a: f64) -> Rgba {
        Rgba {
            a: (a.clamp(0.0, 1.0) * 255.0).round() as u8,
            ..self
        }
    }

    /// The opacity in 0..=1.
    ///
    /// ```
    /// assert_eq!(daedalus::render::Rgba::hex(0).opacity(), 1.0);
    /// ```
    pub fn opacity(self) -> f64 {
        f64::from(self.a) / 255.0
    }

    /// `#rrggbb` (the opacity goes in a separate SVG attribute).
    ///
    /// ```
    /// assert_eq!(daedalus::render::Rgba::hex(0x0a0b0c).to_svg(), "#0a0b0c");
    /// ```
    pub fn to_svg(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// The palette: every colour a picture uses, so tests and callers can
/// refer to them by name.
///
/// ```
/// use daedalus::render::palette;
/// assert_ne!(palette::WALL, palette::FILL);
/// ```
pub mod palette {
    use super::Rgba;

    /// Canvas background (margins, legend).
    pub const BACKGROUND: Rgba = Rgba::hex(0xffffff);
    /// Free space: the fill of the triangles (or of the bounds without a mesh).
    pub const FILL: Rgba = Rgba::hex(0xe9eef5);
    /// Thin triangle edges.
    pub const EDGE: Rgba = Rgba::hex(0xa3b1c2);
    /// Constrained edges (walls) and the world border.
    pub const WALL: Rgba = Rgba::hex(0x1d2330);
    /// Vertex dots.
    pub const VERTEX: Rgba = Rgba::hex(0x56657a);
    /// Objects: fill (drawn translucent) and outline.
    pub const OBJECT_FILL: Rgba = Rgba::hex(0xf4b860);
    /// Objects: outline.
    pub const OBJECT_STROKE: Rgba = Rgba::hex(0xa35f00);
    /// Traced shapes: fill (drawn translucent).
    pub const TRACED_FILL: Rgba = Rgba::hex(0x74c0fc);
    /// Traced shapes: outline.
    pub const TRACED_STROKE: Rgba = Rgba::hex(0x1864ab);
    /// One colour per path radius, in order of first use.
    pub const PATHS: [Rgba; 6] = [
        Rgba::hex(0xe8590c),
        Rgba::hex(0x1c7ed6),
        Rgba::hex(0xae3ec9),
        Rgba::hex(0x0ca678),
        Rgba::hex(0xf59f00),
        Rgba::hex(0x5f3dc4),
    ];
    /// Path start marker.
    pub const START: Rgba = Rgba::hex(0x2f9e44);
    /// Path goal marker.
    pub const GOAL: Rgba = Rgba::hex(0xe03131);
    /// Entities: outline and heading (the fill is the same, translucent).
    pub const ENTITY: Rgba = Rgba::hex(0x364fc7);
    /// Fields of view: fill (translucent).
    pub const FOV_FILL: Rgba = Rgba::hex(0xfcc419);
    /// Fields of view: outline.
    pub const FOV_STROKE: Rgba = Rgba::hex(0xe67700);
    /// Room fills, cycled (drawn translucent).
    pub const ROOMS: [Rgba; 6] = [
        Rgba::hex(0xffc9c9),
        Rgba::hex(0xb2f2bb),
        Rgba::hex(0xa5d8ff),
        Rgba::hex(0xffec99),
        Rgba::hex(0xd0bfff),
        Rgba::hex(0x99e9f2),
    ];
    /// Legend text.
    pub const TEXT: Rgba = Rgba::hex(0x212529);
    /// Legend panel fill.
    pub const PANEL: Rgba = Rgba::hex(0xf8f9fa);
    /// Legend panel border.
    pub const PANEL_STROKE: Rgba = Rgba::hex(0xced4da);
}

/// How [`Scene::polygons`](super::Scene::polygons) draws a set of shapes.
///
/// ```
/// use daedalus::render::PolyStyle;
/// let s = PolyStyle::objects();
/// assert_eq!(s.label, "objects");
/// let t = PolyStyle::traced().with_label("horse");
/// assert_eq!(t.label, "horse");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PolyStyle {
    /// Fill colour (its alpha is used); `None` draws outlines only.
    pub fill: Option<Rgba>,
    /// Outline colour; `None` draws fills only.
    pub stroke: Option<Rgba>,
    /// Close each outline (last point joins the first).
    pub closed: bool,
    /// Legend text.
    pub label: String,
}

impl PolyStyle {
    /// Obstacle objects: translucent orange with a brown outline.
    ///
    /// ```
    /// assert!(daedalus::render::PolyStyle::objects().closed);
    /// ```
    pub fn objects() -> PolyStyle {
        PolyStyle {
            fill: Some(palette::OBJECT_FILL.alpha(0.6)),
            stroke: Some(palette::OBJECT_STROKE),
            closed: true,
            label: "objects".into(),
        }
    }

    /// Shapes traced from a bitmap: translucent blue with a dark blue outline.
    ///
    /// ```
    /// assert!(daedalus::render::PolyStyle::traced().fill.is_some());
    /// ```
    pub fn traced() -> PolyStyle {
        PolyStyle {
            fill: Some(palette::TRACED_FILL.alpha(0.5)),
            stroke: Some(palette::TRACED_STROKE),
            closed: true,
            label: "traced shapes".into(),
        }
    }

    /// Open polylines (no fill) in the given colour.
    ///
    /// ```
    /// let s = daedalus::render::PolyStyle::lines(daedalus::render::Rgba::hex(0x123456), "rays");
    /// assert!(!s.closed && s.fill.is_none());
    /// ```
    pub fn lines(stroke: Rgba, label: &str) -> PolyStyle {
        PolyStyle {
            fill: None,
            stroke: Some(stroke),
            closed: false,
            label: label.into(),
        }
    }

    /// Filled shapes without outlines (e.g. blocked pixels).
    ///
    /// ```
    /// let s = daedalus::render::PolyStyle::filled(daedalus::render::Rgba::hex(0x333333), "blocked");
    /// assert!(s.stroke.is_none() && s.closed);
    /// ```
    pub fn filled(fill: Rgba, label: &str) -> PolyStyle {
        PolyStyle {
            fill: Some(fill),
            stroke: None,
            closed: true,
            label: label.into(),
        }
    }

    /// The same style with another legend text.
    ///
    /// ```
    /// assert_eq!(daedalus::render::PolyStyle::objects().with_label("rocks").label, "rocks");
    /// ```
    pub fn with_label(mut self, label: &str) -> PolyStyle {
        self.label = label.into();
        self
    }
}
