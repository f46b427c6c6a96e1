//! The world's revision, and what changed since a recent one: "does the
//! change since revision R touch this path?" without a search.
//!
//! Every step that applies obstacle changes bumps the revision and keeps
//! the boxes of the walls it changed (old and new outline of a moved
//! object, an added or removed obstacle) under it. A path depends on the
//! walls only, so a path of radius `r` is touched exactly when some wall
//! changed within `r` of it; a changed wall lies in its box, so a box
//! within `r` of the path is the test (conservative: a box may hold no
//! changed wall near the path, never the reverse). The snapshot's
//! triangles are not what a path depends on: a re-triangulated corridor
//! with the same walls has the same shortest path.

use std::collections::VecDeque;

use crate::geometry::Rect;
use crate::path::{Path, PathSampler};

use super::{EntityId, ObstacleId, World, WorldError};

/// A box where walls changed since the last step, and the obstacle that
/// changed them (when it still exists).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    pub(crate) rect: Rect,
    pub(crate) by: Option<ObstacleId>,
    /// Only an area (a closed outline's whole box, old or new): it covers
    /// or frees the points inside, but no path wall is in it beyond the
    /// wall boxes recorded beside it.
    pub(crate) area: bool,
}

/// Most boxes kept (the oldest revisions are forgotten first; a query
/// from before them answers "touched").
const KEEP: usize = 4096;

/// The changed boxes of the last revisions.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChangeLog {
    revision: u64,
    /// The oldest revision a query can start from: every box of a later
    /// revision is kept.
    base: u64,
    /// `(revision, box)`, revisions increasing.
    boxes: VecDeque<(u64, Rect)>,
}

impl ChangeLog {
    /// Records one step's changes under a new revision (none: no revision).
    pub(crate) fn record(&mut self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        self.revision += 1;
        // Areas hold no wall beyond the wall boxes beside them.
        self.boxes.extend(
            changes
                .iter()
                .filter(|c| !c.area)
                .map(|c| (self.revision, c.rect)),
        );
        while self.boxes.len() > KEEP {
            if let Some((r, _)) = self.boxes.pop_front() {
                // Some box of revision `r` is gone: only queries from `r`
                // on still see every later box.
                self.base = self.base.max(r);
            }
        }
    }

    /// The boxes changed after revision `since`; `None` when some of them
    /// are forgotten.
    fn since(&self, since: u64) -> Option<impl Iterator<Item = &Rect>> {
        if since < self.base {
            return None;
        }
        let i = self.boxes.partition_point(|&(r, _)| r <= since);
        Some(self.boxes.range(i..).map(|(_, b)| b))
    }
}

impl World {
    /// The world's revision: bumped by every [`World::step`] that applied
    /// an obstacle change (an obstacle added, moved, turned, scaled or
    /// removed), by nothing else (not by navigation updates or entities).
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [100.0, 100.0])?;
    /// let r0 = w.revision();
    /// w.step(0.1)?;
    /// assert_eq!(w.revision(), r0); // nothing changed
    /// w.add_wall([[50.0, 10.0], [50.0, 90.0]], Closure::Open)?;
    /// w.step(0.1)?;
    /// assert_eq!(w.revision(), r0 + 1);
    /// # Ok::<(), daedalus::world::WorldError>(())
    /// ```
    pub fn revision(&self) -> u64 {
        self.log.revision
    }

    /// Whether a wall changed since revision `since` within `path.radius`
    /// of `path` (anywhere along it): the path may no longer be clear or
    /// shortest. A `false` is exact: the walls within the radius of the
    /// path are those it was planned with. A `true` is conservative (the
    /// changed wall's box came that near). Revisions older than the last
    /// 4,096 changed boxes answer `true`. Costs the path's turns times the
    /// boxes changed since, not the size of the world.
    ///
    /// ```
    /// use daedalus::{Closure, World, path::Path};
    /// let mut w = World::new([0.0, 0.0], [100.0, 100.0])?;
    /// let since = w.revision();
    /// let path = Path::straight([10.0, 10.0], [90.0, 10.0], 1.0);
    /// w.add_wall([[50.0, 80.0], [60.0, 80.0]], Closure::Open)?;
    /// w.step(0.1)?;
    /// assert!(!w.path_touched_since(since, &path)?); // far from it
    /// w.add_wall([[50.0, 10.8], [50.0, 30.0]], Closure::Open)?;
    /// w.step(0.1)?;
    /// assert!(w.path_touched_since(since, &path)?); // within 1 of it
    /// # Ok::<(), daedalus::world::WorldError>(())
    /// ```
    pub fn path_touched_since(&self, since: u64, path: &Path) -> Result<bool, WorldError> {
        self.check_revision(since)?;
        if !(path.radius.is_finite() && path.radius >= 0.0) {
            return Err(WorldError::BadRadius(path.radius));
        }
        let Some(mut boxes) = self.log.since(since) else {
            return Ok(true);
        };
        let sampler = PathSampler::new(path, 1.0).expect("step 1 is valid");
        Ok(boxes.any(|b| sampler.remaining_near(0.0, b, path.radius)))
    }

    /// Whether a wall changed since revision `since` within the radius of
    /// the rest of entity `id`'s path (from where it stands on it): what
    /// [`World::step`] tests to re-plan it. `false` for an entity with no
    /// path.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [100.0, 100.0])?;
    /// let e = w.add_entity(EntityDef::at([10.0, 10.0]).radius(1.0).speed(10.0))?;
    /// w.set_goal(e, [90.0, 10.0])?;
    /// w.step(0.1)?;
    /// let since = w.revision();
    /// w.add_wall([[5.0, 0.0], [5.0, 20.0]], Closure::Open)?; // behind it
    /// w.step(0.1)?;
    /// assert!(!w.entity_touched_since(e, since)?);
    /// # Ok::<(), daedalus::world::WorldError>(())
    /// ```
    pub fn entity_touched_since(&self, id: EntityId, since: u64) -> Result<bool, WorldError> {
        self.check_revision(since)?;
        let e = self.entity(id)?;
        let Some(pl) = e.plan.as_ref() else {
            return Ok(false);
        };
        let Some(mut boxes) = self.log.since(since) else {
            return Ok(true);
        };
        Ok(boxes.any(|b| pl.sampler.remaining_near(pl.travelled, b, e.radius)))
    }

    fn check_revision(&self, since: u64) -> Result<(), WorldError> {
        if since > self.log.revision {
            return Err(WorldError::FutureRevision {
                since,
                now: self.log.revision,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(x: f64) -> Change {
        Change {
            rect: Rect::new([x, 0.0], [x + 1.0, 1.0]),
            by: None,
            area: false,
        }
    }

    #[test]
    fn a_query_sees_exactly_the_boxes_after_its_revision() {
        let mut log = ChangeLog::default();
        log.record(&[change(0.0)]);
        log.record(&[]);
        log.record(&[change(10.0), change(20.0)]);
        assert_eq!(log.revision, 2);
        let xs = |s| -> Vec<f64> { log.since(s).unwrap().map(|b| b.min.x).collect() };
        assert_eq!(xs(0), vec![0.0, 10.0, 20.0]);
        assert_eq!(xs(1), vec![10.0, 20.0]);
        assert!(xs(2).is_empty());
    }

    #[test]
    fn forgotten_revisions_answer_none() {
        let mut log = ChangeLog::default();
        for k in 0..(KEEP + 3) {
            log.record(&[change(k as f64)]);
        }
        // Revisions 1..=3 lost their boxes: from 0, 1 or 2 a box is missing.
        assert!(log.since(2).is_none());
        assert_eq!(log.since(3).unwrap().count(), KEEP);
        assert_eq!(log.since(KEEP as u64 + 2).unwrap().count(), 1);
    }
}
