//! The live update: the snapshot follows its triangulation change by
//! change. [`NavMesh::update`] drains the triangulation's change log and
//! patches the triangles it names (`patch`), records where the snapshot
//! changed (`history`, what lets caches kept beside it survive), and
//! certifies when a failed search could succeed again (`no_path`).

mod history;
mod no_path;
mod patch;

pub(crate) use history::History;
pub(in crate::path::navmesh) use patch::Scratch;

use super::{NEXT_REVISION, NavMesh};

/// What one [`NavMesh::update`] did.
///
/// ```
/// use daedalus::{triangulation::Cdt, path::NavMesh};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let mut nav = NavMesh::default();
/// let first = nav.update(&mut cdt);
/// assert!(first.rebuilt);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NavUpdate {
    /// The triangulation's [`revision`](crate::triangulation::Cdt::revision) the snapshot now shows.
    pub revision: u64,
    /// Where the triangles changed since the previous update (the union of
    /// the old and new triangles' boxes), `None` when nothing changed or the
    /// whole snapshot was rebuilt.
    pub region: Option<crate::geometry::Rect>,
    /// The snapshot was built from scratch (first update, another
    /// triangulation, or a change too large to patch).
    pub rebuilt: bool,
    /// Triangles written by this update.
    pub triangles: usize,
}

impl NavMesh {
    /// Brings the snapshot up to date with every change made to `cdt` since
    /// this snapshot last followed it (a full build the first time, or when
    /// it followed another triangulation). Queries then see the world as it
    /// is now; [`NavUpdate`] says what changed.
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let mut nav = NavMesh::default();
    /// nav.update(&mut cdt);
    /// let mut finder = PathFinder::new();
    /// let straight = finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((straight.length() - 8.0).abs() < 1e-12);
    /// cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap();
    /// let u = nav.update(&mut cdt);
    /// assert_eq!(u.revision, cdt.revision());
    /// let around = finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((around.length() - 10.0).abs() < 1e-12);
    /// ```
    pub fn update(&mut self, cdt: &mut crate::triangulation::Cdt) -> NavUpdate {
        let mut faces = std::mem::take(&mut self.scratch.faces);
        let log = &mut cdt.mesh.changes;
        let following = self.follow == Some((log.id.0, log.epoch));
        let listed = log.drain(&mut faces);
        let follow = Some((log.id.0, log.epoch));
        let out = if following && listed {
            if faces.is_empty() {
                NavUpdate {
                    revision: cdt.revision(),
                    region: None,
                    rebuilt: false,
                    triangles: 0,
                }
            } else {
                let (region, triangles) = self.patch(cdt, &mut faces);
                if self.needs_compaction() {
                    self.rebuild(cdt)
                } else {
                    self.revision =
                        NEXT_REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    self.history
                        .record(self.revision, &self.scratch.changes.boxes);
                    NavUpdate {
                        revision: cdt.revision(),
                        region,
                        rebuilt: false,
                        triangles,
                    }
                }
            }
        } else {
            self.rebuild(cdt)
        };
        self.follow = follow;
        self.scratch.faces = faces;
        out
    }

    fn rebuild(&mut self, cdt: &crate::triangulation::Cdt) -> NavUpdate {
        // The old tables go first: never two snapshots at once.
        *self = NavMesh::default();
        *self = NavMesh::from_cdt(cdt);
        NavUpdate {
            revision: cdt.revision(),
            region: None,
            rebuilt: true,
            triangles: self.triangle_count(),
        }
    }
}
