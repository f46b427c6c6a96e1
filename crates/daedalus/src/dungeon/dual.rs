//! Step 3: the dual of the triangulation, cell corners at the triangles'
//! centroids (the design notes: smoother rooms than circumcentres give).

use super::Points;
use crate::Point;
use crate::geometry::orient2d;

/// The dual cell of one site: the polygon of the centroids of the
/// triangles around it, counter-clockwise.
///
/// Edge `i` (from `corners[i]` to `corners[i + 1]`) crosses the
/// triangulation edge from the site to `neighbours[i]`.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, dual, points};
/// let p = points(&DungeonParams { probability: 1.0, ..Default::default() }).unwrap();
/// let cell = dual(&p).cells[10 * 20 + 10].clone().unwrap();
/// assert_eq!(cell.corners.len(), cell.neighbours.len());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The site (index into [`Points::sites`]) inside the cell.
    pub site: usize,
    /// The site's position.
    pub centre: Point,
    /// Centroids of the triangles around the site, counter-clockwise.
    pub corners: Vec<Point>,
    /// The site across each cell edge.
    pub neighbours: Vec<usize>,
}

/// The dual: one cell per site, `None` where the cell is not proper (see
/// [`Cell::of`]).
///
/// ```
/// let p = daedalus::dungeon::points(&Default::default()).unwrap();
/// let d = daedalus::dungeon::dual(&p);
/// assert_eq!(d.cells.len(), p.sites.len());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Dual {
    /// One entry per site.
    pub cells: Vec<Option<Cell>>,
}

/// Step 3: the centroid dual of every site.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, dual, points};
/// let p = points(&DungeonParams { probability: 1.0, columns: 3, rows: 3, ..Default::default() }).unwrap();
/// let d = dual(&p);
/// // Only the middle point of a 3 x 3 grid has all its neighbours in the grid.
/// assert_eq!(d.cells.iter().flatten().count(), 1);
/// ```
pub fn dual(points: &Points) -> Dual {
    Dual {
        cells: (0..points.sites.len())
            .map(|s| Cell::of(points, s))
            .collect(),
    }
}

/// The centroid of a triangle, summed in a fixed order of its corners so
/// the cells on both sides of an edge get bit-identical corners.
pub(crate) fn centroid(mut t: [Point; 3]) -> Point {
    t.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    Point::new(
        (t[0].x + t[1].x + t[2].x) / 3.0,
        (t[0].y + t[1].y + t[2].y) / 3.0,
    )
}

impl Cell {
    /// The cell of site `s`, or `None` when it is not proper: the site
    /// touches a corner of the triangulation's rectangle (a border point),
    /// or some cell edge does not cross its triangulation edge (exact
    /// orientation tests on the centroids: each cell edge must separate
    /// the site from the neighbour). Proper cells tile the plane without
    /// overlap, each star-shaped around its site.
    ///
    /// ```
    /// use daedalus::dungeon::{Cell, DungeonParams, points};
    /// let p = points(&DungeonParams { probability: 1.0, columns: 3, rows: 3, ..Default::default() }).unwrap();
    /// assert!(Cell::of(&p, 0).is_none()); // a border point
    /// let c = Cell::of(&p, 4).unwrap();
    /// assert!(c.corners.len() >= 4);
    /// ```
    pub fn of(points: &Points, s: usize) -> Option<Cell> {
        let m = points.cdt.mesh();
        let v = points.vertex(s);
        let centre = points.sites[s];
        // outgoing edges clockwise: reversed, counter-clockwise
        let mut out: Vec<_> = m.vertex(v).ok()?.out_edges().collect();
        out.reverse();
        let k = out.len();
        let mut spokes = Vec::with_capacity(k);
        let mut corners = Vec::with_capacity(k);
        for &e in &out {
            let w = e.destination();
            spokes.push((points.site_of(w.id())?, w.position()));
            let f = e.left_face();
            if f.is_outer() {
                return None;
            }
            corners.push(centroid(f.positions()));
        }
        // corners[i] is in the triangle (site, spoke i, spoke i + 1), so
        // edge i crosses spoke i + 1
        let mut neighbours = Vec::with_capacity(k);
        for i in 0..k {
            let (c0, c1) = (corners[i], corners[(i + 1) % k]);
            let (w, pw) = spokes[(i + 1) % k];
            if !(orient2d(centre, c0, c1) > 0.0 && orient2d(pw, c1, c0) > 0.0) {
                return None;
            }
            neighbours.push(w);
        }
        Some(Cell {
            site: s,
            centre,
            corners,
            neighbours,
        })
    }
}
