//! Meshes and traced drawings to physics: the constrained edges of a
//! [`Cdt`] become static wall polylines ([`mesh_walls`]); a traced drawing
//! ([`Tracing`]) becomes the triangles of a dynamic body ([`body_triangles`]),
//! a convex decomposition that makes concave shapes and holes exact.
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

use super::PhysicsError;
use crate::bitmap::{BitmapError, Tracing};
use crate::geometry::{Point, orient2d};
use crate::triangulation::{Cdt, CdtError};

/// Errors of the traced-shape export.
///
/// ```
/// use daedalus::physics::{PhysicsError, traced::TracedError};
/// let e: TracedError = PhysicsError::NonFinite { what: "x" }.into();
/// assert!(matches!(e, TracedError::Physics(_)));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
}

/// The constrained edges of `cdt` (walls and the world border) chained into
/// maximal polylines, ready for [`static_walls`](super::static_walls).
/// Every constrained edge is in exactly one chain; a chain ends at vertices
/// whose number of constrained edges is not 2. A cycle of such vertices
/// is a closed chain repeating its first point at the end.
///
/// ```
/// use daedalus::physics::traced::mesh_walls;
/// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap();
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
    let mut cdt = Cdt::new([x0 - m, y0 - m], [x1 + m, y1 + m])?;
    for r in &rings {
        cdt.insert_shape(r, crate::Closure::Closed)?;
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
