//! Meshes and traced drawings to physics: the constrained edges of a
//! [`Cdt`] become static wall polylines ([`mesh_walls`]); a traced drawing
//! ([`Tracing`]) becomes the triangles of a dynamic body ([`body_triangles`]),
//! a convex decomposition that makes concave shapes and holes exact; plus a
//! small demo scene ([`demo_frames`], [`draw_strip`]).
//!
//! ```
//! use daedalus::bitmap::{Bitmap, TraceOptions, trace};
//! use daedalus::physics::{BodyParams, PhysicsConfig, PhysicsWorld, traced};
//! // A U drawn in a 12 x 10 image.
//! let u = Bitmap::from_fn(12, 10, |x, y| x < 3 || x >= 9 || y >= 7).unwrap();
//! let t = trace(&u, &TraceOptions::exact()).unwrap();
//! let tris = traced::body_triangles(&t)?;
//! let area: f64 = tris.iter().map(|[a, b, c]| (*b - *a).cross(*c - *a).abs() / 2.0).sum();
//! assert_eq!(area, u.black_count() as f64);
//! let mut world = PhysicsWorld::new(PhysicsConfig::pixels(10.0))?;
//! world.add_body(&tris, &BodyParams::default())?;
//! # Ok::<(), daedalus::physics::traced::TracedError>(())
//! ```

use super::{BodyParams, PhysicsConfig, PhysicsError, PhysicsWorld, simulate_frames};
use crate::bitmap::{Bitmap, BitmapError, TraceOptions, Tracing, trace};
use crate::geometry::{Point, orient2d};
use crate::render::{PolyStyle, RenderError, Scene, palette};
use crate::triangulation::{Cdt, CdtError};

/// Errors of the traced-shape export and the demo.
///
/// ```
/// use daedalus::physics::traced::{TracedError, demo_frames};
/// assert!(matches!(demo_frames(1.0, 1), Err(TracedError::Physics(_))));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum TracedError {
    /// The triangulation refused a polygon (non-finite or huge coordinates).
    #[error("triangulation: {0}")]
    Cdt(#[from] CdtError),
    /// Building or simulating the bodies failed.
    #[error("physics: {0}")]
    Physics(#[from] PhysicsError),
    /// Tracing a bitmap failed.
    #[error("bitmap: {0}")]
    Bitmap(#[from] BitmapError),
    /// Drawing failed.
    #[error("render: {0}")]
    Render(#[from] RenderError),
}

/// The constrained edges of `cdt` (walls and the world border) chained into
/// maximal polylines, ready for [`static_walls`](super::static_walls).
/// Every constrained edge is in exactly one chain; a chain ends at vertices
/// whose number of constrained edges is not 2. A cycle of such vertices
/// is a closed chain repeating its first point at the end.
///
/// ```
/// use daedalus::physics::traced::mesh_walls;
/// let cdt = daedalus::triangulation::Cdt::new(0.0, 0.0, 4.0, 3.0).unwrap();
/// let walls = mesh_walls(&cdt);
/// assert_eq!(walls.len(), 1); // the border: a closed ring of 4 edges
/// assert_eq!((walls[0].len(), walls[0][0]), (5, walls[0][4]));
/// ```
pub fn mesh_walls(cdt: &Cdt) -> Vec<Vec<Point>> {
    let dump = cdt.dump();
    let n = dump.vertices.len();
    let pos = |v: u32| Point::from(dump.vertices[v as usize]);
    // Incident constrained edges per vertex (indices into dump.constrained).
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &[a, b]) in dump.constrained.iter().enumerate() {
        incident[a as usize].push(i);
        incident[b as usize].push(i);
    }
    let mut used = vec![false; dump.constrained.len()];
    let mut chains = Vec::new();
    // Walks from vertex `v` along unused edge `e` until a vertex of
    // degree != 2 or a used edge (back at the start of a cycle).
    let walk = |v: u32, e: usize, used: &mut Vec<bool>| {
        let mut chain = vec![pos(v)];
        let (mut v, mut e) = (v, e);
        loop {
            used[e] = true;
            let [a, b] = dump.constrained[e];
            let w = if a == v { b } else { a };
            chain.push(pos(w));
            let inc = &incident[w as usize];
            if inc.len() != 2 {
                break;
            }
            let next = if inc[0] == e { inc[1] } else { inc[0] };
            if used[next] {
                break;
            }
            (v, e) = (w, next);
        }
        chain
    };
    for (v, inc) in incident.iter().enumerate() {
        if inc.len() == 2 {
            continue;
        }
        for &e in inc {
            if !used[e] {
                chains.push(walk(v as u32, e, &mut used));
            }
        }
    }
    // What is left are cycles through vertices of degree 2.
    for e in 0..used.len() {
        if !used[e] {
            let v = dump.constrained[e][0];
            chains.push(walk(v, e, &mut used));
        }
    }
    chains
}

/// The traced polygons as closed wall rings (first point repeated at the
/// end), slivers as open 2-point walls, for
/// [`static_walls`](super::static_walls).
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
/// let t = trace(&Bitmap::new(1, 1, vec![true]).unwrap(), &TraceOptions::exact()).unwrap();
/// let w = daedalus::physics::traced::traced_walls(&t);
/// assert_eq!((w.len(), w[0].len()), (1, 5));
/// ```
pub fn traced_walls(tracing: &Tracing) -> Vec<Vec<Point>> {
    tracing
        .polygons
        .iter()
        .filter(|p| !p.points.is_empty())
        .map(|p| {
            let mut ring = p.points.clone();
            if !p.is_sliver() {
                ring.push(p.points[0]);
            }
            ring
        })
        .collect()
}

/// Even-odd rule over closed rings, exact (orientation predicate): is `p`
/// inside an odd number of them? Points on an edge may go either way.
///
/// ```
/// use daedalus::{Point, physics::traced::inside_even_odd};
/// let sq = |a: f64, b: f64| vec![Point::new(a, a), Point::new(b, a), Point::new(b, b), Point::new(a, b)];
/// let rings = [sq(0.0, 10.0), sq(3.0, 6.0)]; // a square with a square hole
/// assert!(inside_even_odd(Point::new(1.0, 1.0), &rings));
/// assert!(!inside_even_odd(Point::new(4.0, 4.0), &rings));
/// ```
pub fn inside_even_odd(p: Point, rings: &[Vec<Point>]) -> bool {
    let mut inside = false;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            // Half-open in y so a vertex on the ray counts once.
            if (a.y > p.y) != (b.y > p.y) {
                // The crossing is right of p iff p is left of the upward edge.
                let o = orient2d(a, b, p);
                if (b.y > a.y && o > 0.0) || (b.y < a.y && o < 0.0) {
                    inside = !inside;
                }
            }
        }
    }
    inside
}

/// The triangles of a traced drawing, in its coordinates: its polygons
/// (outer rings and holes) are inserted as closed shapes into a fresh
/// [`Cdt`] and the triangles whose centroid is inside the drawing (even-odd
/// rule over all polygons) are kept. Their total area is the polygons'
/// signed area sum when the polygons do not cross. Slivers are left out. Feed them to
/// [`dynamic_body`](super::dynamic_body) or
/// [`PhysicsWorld::add_body`]. An empty tracing gives no triangles.
///
/// ```
/// use daedalus::bitmap::{Bitmap, TraceOptions, trace};
/// // A 3x3 block with a 1-pixel hole: triangles of total area 8.
/// let t = trace(&Bitmap::from_fn(3, 3, |x, y| !(x == 1 && y == 1)).unwrap(), &TraceOptions::exact()).unwrap();
/// let tris = daedalus::physics::traced::body_triangles(&t)?;
/// let area: f64 = tris.iter().map(|[a, b, c]| (*b - *a).cross(*c - *a).abs() / 2.0).sum();
/// assert_eq!(area, 8.0);
/// # Ok::<(), daedalus::physics::traced::TracedError>(())
/// ```
pub fn body_triangles(tracing: &Tracing) -> Result<Vec<[Point; 3]>, TracedError> {
    // Slivers have no area (and would be a wall twice over).
    let rings: Vec<Vec<Point>> = tracing
        .polygons
        .iter()
        .filter(|p| !p.is_sliver())
        .map(|p| p.points.clone())
        .filter(|r| !r.is_empty())
        .collect();
    let all = || rings.iter().flatten();
    if all().next().is_none() {
        return Ok(Vec::new());
    }
    if all().any(|p| !p.is_finite()) {
        return Err(CdtError::NonFinite.into());
    }
    let (mut x0, mut y0) = (f64::INFINITY, f64::INFINITY);
    let (mut x1, mut y1) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in all() {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    // A margin keeps the rings off the world border.
    let m = 1.0 + 0.01 * (x1 - x0).max(y1 - y0);
    let mut cdt = Cdt::new(x0 - m, y0 - m, x1 + m, y1 + m)?;
    for r in &rings {
        cdt.insert_shape(r, true)?;
    }
    let dump = cdt.dump();
    let pos = |v: u32| Point::from(dump.vertices[v as usize]);
    Ok(dump
        .triangles
        .iter()
        .map(|t| [pos(t[0]), pos(t[1]), pos(t[2])])
        .filter(|&[a, b, c]| {
            let centroid = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
            inside_even_odd(centroid, &rings)
        })
        .collect())
}

/// Frames of the demo scene, all in world (pixel) coordinates, y down.
///
/// ```
/// let d = daedalus::physics::traced::demo_frames(1.0, 3)?;
/// assert_eq!((d.frames.len(), d.times), (3, vec![0.0, 0.5, 1.0]));
/// # Ok::<(), daedalus::physics::traced::TracedError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DemoFrames {
    /// World rectangle `[xmin, ymin, xmax, ymax]` (the terrain image).
    pub bounds: [f64; 4],
    /// The static terrain: traced polygons (outer rings and holes).
    pub terrain: Vec<Vec<Point>>,
    /// Simulated time of each frame, seconds.
    pub times: Vec<f64>,
    /// Per frame, the outline of every body where it is then (a ball is a
    /// disc with a notch showing its rotation; a traced body its polygons).
    pub frames: Vec<Vec<Vec<Point>>>,
}

/// Size of the demo terrain image.
const DEMO_W: usize = 240;
const DEMO_H: usize = 140;

/// The demo terrain: black below a hilly curve with a V valley, a step and
/// raised rims at both sides (so nothing rolls away).
///
/// ```
/// let t = daedalus::physics::traced::demo_terrain().unwrap();
/// assert!(t.get(120, 139) && !t.get(120, 0));
/// ```
pub fn demo_terrain() -> Result<Bitmap, BitmapError> {
    Bitmap::from_fn(DEMO_W, DEMO_H, |x, y| {
        let xf = x as f64 + 0.5;
        let mut s = 100.0 + 8.0 * (xf / 14.0).sin();
        if (70.0..110.0).contains(&xf) {
            // V valley, 28 px deep at x = 90.
            s += 28.0 * (1.0 - (xf - 90.0).abs() / 20.0);
        }
        if xf >= 160.0 {
            s -= 22.0; // the step up
        }
        if !(12.0..DEMO_W as f64 - 12.0).contains(&xf) {
            s = 30.0; // rims
        }
        y as f64 + 0.5 >= s
    })
}

/// The demo's concave drawing: a C, 30 x 26 pixels.
///
/// ```
/// let c = daedalus::physics::traced::demo_shape().unwrap();
/// assert!(c.get(2, 13) && !c.get(20, 13));
/// ```
pub fn demo_shape() -> Result<Bitmap, BitmapError> {
    Bitmap::from_fn(30, 26, |x, y| x < 8 || !(7..19).contains(&y))
}

/// A disc outline with a notch at angle `angle`, so rotation shows.
fn ball_outline(c: Point, r: f64, angle: f64) -> Vec<Point> {
    let n = 20;
    let mut out = vec![c];
    for k in 0..=n {
        let a = angle + 0.35 + (std::f64::consts::TAU - 0.7) * k as f64 / n as f64;
        out.push(Point::new(c.x + r * a.cos(), c.y + r * a.sin()));
    }
    out
}

/// Simulates the demo scene for `seconds` (finite, > 0) at 60 steps per
/// second and records `frame_count` (>= 2) evenly spaced frames, the
/// first at t = 0: the terrain of [`demo_terrain`] traced at tolerance 1,
/// five balls and the C of [`demo_shape`] dropped onto it.
///
/// ```
/// let d = daedalus::physics::traced::demo_frames(0.5, 2)?;
/// assert_eq!(d.frames[0].len(), 6); // five balls and the C
/// # Ok::<(), daedalus::physics::traced::TracedError>(())
/// ```
pub fn demo_frames(seconds: f64, frame_count: usize) -> Result<DemoFrames, TracedError> {
    if !seconds.is_finite() {
        return Err(PhysicsError::NonFinite { what: "duration" }.into());
    }
    let dt = 1.0 / 60.0;
    let steps = (seconds / dt).round();
    if frame_count < 2 || !(1.0..=1e6).contains(&steps) {
        let bad = if frame_count < 2 {
            ("frame count", frame_count as f64)
        } else {
            ("duration", seconds)
        };
        return Err(PhysicsError::InvalidParameter {
            what: bad.0,
            value: bad.1,
        }
        .into());
    }
    // Whole steps between frames; the duration is rounded to fit.
    let every = ((steps as usize) / (frame_count - 1)).max(1);
    let steps = every * (frame_count - 1);

    let terrain = trace(&demo_terrain()?, &TraceOptions::default())?;
    let shape = trace(&demo_shape()?, &TraceOptions::default())?;
    let mut world = PhysicsWorld::new(PhysicsConfig::pixels(20.0))?;
    world.add_walls(&traced_walls(&terrain))?;
    let params = BodyParams::default();
    let radius = 5.0;
    let balls = [30.0, 60.0, 95.0, 150.0, 200.0];
    for (i, &x) in balls.iter().enumerate() {
        world.add_ball(Point::new(x, 10.0 + 6.0 * i as f64), radius, &params)?;
    }
    // The C, placed above the valley's right slope.
    let at = shape.scaled([112.0, 5.0, 142.0, 31.0], false)?;
    let rings: Vec<Vec<Point>> = at.polygons.iter().map(|p| p.points.clone()).collect();
    world.add_body(&body_triangles(&at)?, &params)?;

    let states = simulate_frames(&mut world, dt, steps, every)?;
    let frames = states
        .iter()
        .map(|frame| {
            let mut polys = Vec::new();
            for (i, s) in frame.iter().enumerate() {
                if i < balls.len() {
                    polys.push(ball_outline(s.position, radius, s.angle));
                } else {
                    for r in &rings {
                        polys.push(r.iter().map(|&p| s.transform.apply(p)).collect());
                    }
                }
            }
            polys
        })
        .collect();
    Ok(DemoFrames {
        bounds: [0.0, 0.0, DEMO_W as f64, DEMO_H as f64],
        terrain: terrain.polygons.iter().map(|p| p.points.clone()).collect(),
        times: (0..frame_count).map(|k| (k * every) as f64 * dt).collect(),
        frames,
    })
}

/// Draws the frames in one [`Scene`], `columns` (>= 1) panels per row, left
/// to right then top to bottom, each panel the terrain plus the bodies of
/// one frame; a thin frame separates the panels. Save it with
/// [`Scene::save_svg`] or (feature `png`) `save_png`.
///
/// ```
/// use daedalus::physics::traced::{demo_frames, draw_strip};
/// let d = demo_frames(1.0, 4)?;
/// let svg = draw_strip(&d, 2)?.to_svg();
/// assert!(svg.contains("terrain") && svg.contains("<polygon"));
/// # Ok::<(), daedalus::physics::traced::TracedError>(())
/// ```
pub fn draw_strip(demo: &DemoFrames, columns: usize) -> Result<Scene, TracedError> {
    if columns == 0 {
        return Err(PhysicsError::InvalidParameter {
            what: "columns",
            value: 0.0,
        }
        .into());
    }
    let [x0, y0, x1, y1] = demo.bounds;
    let (w, h) = (x1 - x0, y1 - y0);
    let gap = 0.05 * w.max(h);
    let n = demo.frames.len().max(1);
    let cols = columns.min(n);
    let rows = n.div_ceil(cols);
    let mut scene = Scene::new([
        x0,
        y0,
        x0 + cols as f64 * w + (cols - 1) as f64 * gap,
        y0 + rows as f64 * h + (rows - 1) as f64 * gap,
    ])?;
    let offset =
        |k: usize| Point::new((k % cols) as f64 * (w + gap), (k / cols) as f64 * (h + gap));
    let shift = |polys: &[Vec<Point>], d: Point| -> Vec<Vec<Point>> {
        polys
            .iter()
            .map(|r| r.iter().map(|&p| p + d).collect())
            .collect()
    };
    let (mut terrain, mut bodies, mut borders) = (Vec::new(), Vec::new(), Vec::new());
    for (k, frame) in demo.frames.iter().enumerate() {
        let d = offset(k);
        terrain.extend(shift(&demo.terrain, d));
        bodies.extend(shift(frame, d));
        borders.push(vec![
            Point::new(x0, y0) + d,
            Point::new(x1, y0) + d,
            Point::new(x1, y1) + d,
            Point::new(x0, y1) + d,
            Point::new(x0, y0) + d,
        ]);
    }
    let times: Vec<String> = demo.times.iter().map(|t| format!("{t:.1}")).collect();
    scene.title(&format!("t = {} s", times.join(", ")));
    scene.polygons(
        &borders,
        PolyStyle::lines(palette::PANEL_STROKE, "frames (left to right)"),
    )?;
    scene.polygons(
        &terrain,
        PolyStyle::filled(palette::WALL.alpha(0.85), "terrain (traced)"),
    )?;
    scene.polygons(&bodies, PolyStyle::objects().with_label("bodies"))?;
    Ok(scene)
}
