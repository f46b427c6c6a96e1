//! The shared support of the integration tests (`tests/it`) and the
//! benches: one seeded generator ([`rng`]), one data loader ([`data`]), the
//! independent reference solver ([`reference`]) and path checker
//! ([`check`]), the scenes and independent measurements of each area
//! ([`bitmap`], [`crowd`], [`fov`], [`render`]), the float point-in-triangle
//! tests ([`triangle`]), the benches' scenes ([`squares`], `spade_walls`),
//! and here worlds of walls with their meshes.
//!
//! Benches include it with `#[path = "../tests/support/mod.rs"] mod support;`
//! and use the parts they need, so unused items are allowed.
#![allow(dead_code)]

pub mod bitmap;
pub mod check;
pub mod crowd;
pub mod data;
pub mod douglas_peucker;
pub mod fov;
pub mod reference;
pub mod render;
pub mod rng;
#[cfg(feature = "serde")]
pub mod spade_walls;
pub mod squares;
pub mod triangle;

use daedalus::Point;
use daedalus::geometry::orient2d;
use daedalus::mesh::MeshDump;
use daedalus::path::NavMesh;

/// Walls in a rectangle; the rectangle's border is a wall too.
#[derive(Clone, Debug)]
pub struct World {
    pub bounds: [f64; 4],
    pub walls: Vec<(Point, Point)>,
}

impl World {
    /// Walls `[x0, y0, x1, y1]` in the box [0, 10]^2 of the hand-worked cases.
    pub fn in_box10(walls: &[[f64; 4]]) -> World {
        World {
            bounds: [0.0, 0.0, 10.0, 10.0],
            walls: walls
                .iter()
                .map(|w| (Point::new(w[0], w[1]), Point::new(w[2], w[3])))
                .collect(),
        }
    }

    /// Every wall, the border included.
    pub fn all_walls(&self) -> Vec<(Point, Point)> {
        let [x0, y0, x1, y1] = self.bounds;
        let c = [
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ];
        let mut w: Vec<(Point, Point)> = (0..4).map(|i| (c[i], c[(i + 1) % 4])).collect();
        w.extend(self.walls.iter().copied().filter(|(a, b)| a != b));
        w
    }

    #[cfg(feature = "serde")]
    pub fn from_scenario(s: &daedalus::scenario::Scenario) -> World {
        let mut walls = Vec::new();
        for i in 0..s.rings.len() {
            let p = s.ring_points(i);
            for k in 0..p.len() {
                walls.push((p[k], p[(k + 1) % p.len()]));
            }
        }
        for s in &s.segments {
            walls.push((Point::new(s[0], s[1]), Point::new(s[2], s[3])));
        }
        World {
            bounds: s.bounds,
            walls,
        }
    }

    /// The triangulation of the walls (spade CDT; to be replaced by the
    /// Daedalus CDT) as a mesh dump.
    pub fn dump(&self) -> MeshDump {
        use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};
        let mut cdt: ConstrainedDelaunayTriangulation<Point2<f64>> =
            ConstrainedDelaunayTriangulation::new();
        let [x0, y0, x1, y1] = self.bounds;
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            cdt.insert(Point2::new(x, y)).unwrap();
        }
        for &(a, b) in &self.walls {
            if a == b {
                continue;
            }
            let ha = cdt.insert(Point2::new(a.x, a.y)).unwrap();
            let hb = cdt.insert(Point2::new(b.x, b.y)).unwrap();
            if ha != hb {
                cdt.add_constraint_and_split(ha, hb, |p| p);
            }
        }
        let vertices: Vec<[f64; 2]> = cdt
            .vertices()
            .map(|v| [v.position().x, v.position().y])
            .collect();
        let triangles = cdt
            .inner_faces()
            .map(|f| f.vertices().map(|v| v.fix().index() as u32))
            .collect();
        let constrained = cdt
            .undirected_edges()
            .filter(|e| e.is_constraint_edge())
            .map(|e| e.vertices().map(|v| v.fix().index() as u32))
            .collect();
        MeshDump {
            vertices,
            triangles,
            constrained,
        }
    }

    /// The Daedalus CDT of the walls.
    pub fn cdt(&self) -> daedalus::triangulation::Cdt {
        let [x0, y0, x1, y1] = self.bounds;
        let mut cdt = daedalus::triangulation::Cdt::new([x0, y0], [x1, y1]).unwrap();
        for &(a, b) in &self.walls {
            if a != b {
                cdt.insert_segment(a, b).unwrap();
            }
        }
        cdt
    }

    /// The navigation snapshot of the Daedalus CDT of the walls.
    pub fn nav(&self) -> NavMesh {
        NavMesh::from_cdt(&self.cdt())
    }

    /// The same from spade's CDT (a second, independent triangulation).
    pub fn nav_spade(&self) -> NavMesh {
        NavMesh::from_dump(&self.dump()).expect("valid mesh")
    }

    /// True when `p` lies on a wall (exactly).
    pub fn on_wall(&self, p: Point) -> bool {
        self.all_walls().iter().any(|&(a, b)| on_segment(a, b, p))
    }
}

/// `p` on the closed segment `a b` (exact).
pub fn on_segment(a: Point, b: Point, p: Point) -> bool {
    orient2d(a, b, p) == 0.0
        && p.x >= a.x.min(b.x)
        && p.x <= a.x.max(b.x)
        && p.y >= a.y.min(b.y)
        && p.y <= a.y.max(b.y)
}

pub fn dist(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}
