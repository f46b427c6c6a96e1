//! A dungeon as a navigation snapshot and as a scenario file. (Its walls,
//! rooms, doors, spawns and mesh are public data: a picture of it is drawn
//! from them, by `daedalus::render` for example.)

use super::Dungeon;
use crate::path::NavMesh;

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
}
