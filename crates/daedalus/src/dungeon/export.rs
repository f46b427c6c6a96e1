//! A dungeon as a scenario file and as a picture.

use super::Dungeon;
use crate::Point;
use crate::path::{NavMesh, Path};
use crate::render::{RenderError, Scene};

/// Random stream of the scenario queries.
#[cfg(feature = "serde")]
const STREAM: u64 = 4;

impl Dungeon {
    /// The navigation snapshot of the dungeon's walls.
    ///
    /// ```
    /// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
    /// assert_eq!(d.nav().triangle_count(), d.cdt.triangles().count());
    /// ```
    pub fn nav(&self) -> NavMesh {
        NavMesh::from_cdt(&self.cdt)
    }

    /// The walls as a scenario (its rings) with `queries` radius-0 queries between the centres of
    /// random pairs of distinct rooms (seeded by the dungeon's seed).
    ///
    /// ```
    /// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
    /// let s = d.scenario(10);
    /// assert_eq!(s.queries.len(), 10);
    /// assert_eq!(s.bounds, <[f64; 4]>::from(d.cdt.bounds()));
    /// ```
    #[cfg(feature = "serde")]
    pub fn scenario(&self, queries: usize) -> crate::scenario::Scenario {
        use crate::scenario::{Query, Scenario};
        let p = &self.params;
        let rings = self
            .walls
            .iter()
            .map(|w| w.points.iter().flat_map(|q| [q.x, q.y]).collect())
            .collect();
        let mut rng = super::SplitMix64::stream(p.seed, STREAM);
        let n = self.rooms.len();
        let queries = (0..queries)
            .map(|_| {
                let a = rng.below(n);
                let mut b = rng.below(n);
                if n > 1 && b == a {
                    b = (a + 1 + rng.below(n - 1)) % n;
                }
                Query {
                    from: self.rooms[a].centre.into(),
                    to: self.rooms[b].centre.into(),
                    radius: 0.0,
                    expect: None,
                }
            })
            .collect();
        Scenario {
            name: format!(
                "dungeon-{}x{}-{}-seed{}",
                p.columns, p.rows, p.rooms, p.seed
            ),
            source: format!(
                "daedalus dungeon: grid {}x{} spacing {}, P {}, {} rooms, depth <= {}, branches <= {}, door {}, wall {}, seed {}",
                p.columns,
                p.rows,
                p.spacing,
                p.probability,
                p.rooms,
                p.branch_depth,
                p.branches,
                p.door,
                p.wall,
                p.seed
            ),
            bounds: self.cdt.bounds().into(),
            rings,
            segments: Vec::new(),
            queries,
        }
    }

    /// A picture: the triangulation, the rooms' floors, the spawns (player
    /// and bots as discs, items as dots) and `path` if given.
    ///
    /// ```
    /// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
    /// let svg = d.scene(None).unwrap().to_svg();
    /// assert!(svg.contains("rooms"));
    /// ```
    pub fn scene(&self, path: Option<&Path>) -> Result<Scene, RenderError> {
        let mut s = Scene::new(self.cdt.bounds())?;
        let p = &self.params;
        s.title(&format!(
            "dungeon {}x{}, {} rooms, seed {}",
            p.columns, p.rows, p.rooms, p.seed
        ));
        s.mesh(&self.cdt.dump())?;
        let floors: Vec<Vec<Point>> = self.rooms.iter().map(|r| r.floor.clone()).collect();
        s.rooms(&floors)?;
        let r = p.door / 4.0;
        s.entity(self.spawns.player, r, Point::new(0.0, -r))?;
        for &b in &self.spawns.bots {
            s.entity(b, r, Point::new(0.0, 0.0))?;
        }
        let items: Vec<Point> = self.spawns.items.iter().map(|i| i.position).collect();
        s.vertices(&items)?;
        if let Some(path) = path {
            let pts = path.polyline(0.2);
            s.path(&pts, path.radius)?;
        }
        Ok(s)
    }
}
