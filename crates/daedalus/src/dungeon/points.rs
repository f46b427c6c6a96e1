//! Step 1: grid points kept with probability P, in a Delaunay triangulation.

use super::{DungeonError, DungeonParams, SplitMix64};
use crate::Point;
use crate::mesh::VertexId;
use crate::triangulation::Cdt;

/// Random stream of step 1.
const STREAM: u64 = 1;
/// No site (a corner vertex of the triangulation's rectangle).
pub(crate) const NO_SITE: u32 = u32::MAX;

/// The kept grid points ("sites") and their Delaunay triangulation.
///
/// The triangulation's rectangle is the grid grown by one spacing; its four
/// corner vertices are not sites (cells touching them are never rooms).
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points};
/// let p = points(&DungeonParams { probability: 1.0, columns: 4, rows: 3, ..Default::default() }).unwrap();
/// assert_eq!(p.sites.len(), 12);
/// assert_eq!(p.cdt.mesh().vertex_count(), 12 + 4);
/// ```
#[derive(Clone, Debug)]
pub struct Points {
    /// The Delaunay triangulation of the sites (plus the 4 corners).
    pub cdt: Cdt,
    /// Kept grid points, in grid order (row by row).
    pub sites: Vec<Point>,
    /// The grid centre (the first room is the usable site nearest it).
    pub centre: Point,
    pub(crate) site_vertex: Vec<VertexId>,
    /// Site of each vertex slot, or [`NO_SITE`].
    pub(crate) vertex_site: Vec<u32>,
}

impl Points {
    /// The triangulation vertex of site `s`.
    ///
    /// ```
    /// let p = daedalus::dungeon::points(&Default::default()).unwrap();
    /// let v = p.vertex(0);
    /// assert_eq!(p.cdt.mesh().vertex(v).unwrap().position(), p.sites[0]);
    /// ```
    pub fn vertex(&self, s: usize) -> VertexId {
        self.site_vertex[s]
    }

    /// The site of a triangulation vertex (`None` for the corners).
    ///
    /// ```
    /// let p = daedalus::dungeon::points(&Default::default()).unwrap();
    /// assert_eq!(p.site_of(p.vertex(5)), Some(5));
    /// ```
    pub fn site_of(&self, v: VertexId) -> Option<usize> {
        match self.vertex_site.get(v.index()) {
            Some(&s) if s != NO_SITE => Some(s as usize),
            _ => None,
        }
    }

    /// Neighbour sites of site `s` in the triangulation, clockwise
    /// (`None` for a corner vertex).
    ///
    /// ```
    /// let p = daedalus::dungeon::points(&Default::default()).unwrap();
    /// assert!(p.neighbours(0).count() >= 2);
    /// ```
    pub fn neighbours(&self, s: usize) -> impl Iterator<Item = Option<usize>> + '_ {
        let m = self.cdt.mesh();
        m.vertex(self.site_vertex[s])
            .expect("site vertices are live")
            .neighbours()
            .map(|w| self.site_of(w.id()))
    }
}

/// Step 1: iterates the `columns x rows` grid (point `(i, j)` at
/// `(i * spacing, j * spacing)`) and keeps each point with probability
/// `probability`; builds their Delaunay triangulation.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points};
/// let none = points(&DungeonParams { probability: 0.0, ..Default::default() }).unwrap();
/// assert!(none.sites.is_empty());
/// let all = points(&DungeonParams { probability: 1.0, ..Default::default() }).unwrap();
/// assert_eq!(all.sites.len(), 400);
/// assert!(all.cdt.validate().is_empty());
/// ```
pub fn points(params: &DungeonParams) -> Result<Points, DungeonError> {
    params.validate()?;
    let s = params.spacing;
    let mut rng = SplitMix64::stream(params.seed, STREAM);
    let mut sites = Vec::new();
    for j in 0..params.rows {
        for i in 0..params.columns {
            // P = 1 keeps all (next_f64 < 1), P = 0 none.
            if rng.next_f64() < params.probability {
                sites.push(Point::new(i as f64 * s, j as f64 * s));
            }
        }
    }
    let (w, h) = (
        (params.columns - 1) as f64 * s,
        (params.rows - 1) as f64 * s,
    );
    let mut cdt = Cdt::new([-s, -s], [w + s, h + s])?;
    let site_vertex = if sites.is_empty() {
        Vec::new()
    } else {
        cdt.insert_vertices(&sites)?
    };
    let slots = site_vertex.iter().map(|v| v.index() + 1).max().unwrap_or(0);
    let mut vertex_site = vec![NO_SITE; slots];
    for (i, v) in site_vertex.iter().enumerate() {
        vertex_site[v.index()] = i as u32;
    }
    Ok(Points {
        cdt,
        sites,
        centre: Point::new(w / 2.0, h / 2.0),
        site_vertex,
        vertex_site,
    })
}
