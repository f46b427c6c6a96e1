//! Viewers: entities with a field of view, and which entities each one
//! sees. One call answers for every viewer at once: the targets (every
//! entity's disc) are binned in a grid, and each viewer walks the mesh
//! only toward the targets within its range, so the cost follows what
//! lies in range, not viewers × targets and not the size of the world.

use super::{EntityId, World, WorldError};
use crate::fov::{FieldOfView, Target};

/// How an entity looks: direction (radians, counter-clockwise from +x),
/// opening angle (radians, up to a full circle) and range, around its
/// current position. Turn a viewer by setting its view again.
///
/// ```
/// let v = daedalus::world::View { direction: 0.0, angle: 1.0, range: 30.0 };
/// assert_eq!(v.range, 30.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Where the viewer looks, radians counter-clockwise from +x.
    pub direction: f64,
    /// Opening angle, radians, in (0, 2π].
    pub angle: f64,
    /// How far it sees.
    pub range: f64,
}

/// `viewer` sees some part of `target`'s disc.
///
/// ```
/// use daedalus::world::EntityDef;
/// use daedalus::world::{Seen, View};
/// let mut w = daedalus::World::new([0.0, 0.0], [100.0, 100.0])?;
/// let guard = w.add_entity(EntityDef::at([10.0, 10.0]).radius(1.0).speed(1.0))?;
/// let thief = w.add_entity(EntityDef::at([30.0, 10.0]).radius(1.0).speed(1.0))?;
/// w.set_view(guard, Some(View { direction: 0.0, angle: 1.0, range: 50.0 }))?;
/// let mut seen = Vec::new();
/// w.sightings(&mut seen)?;
/// assert_eq!(seen, vec![Seen { viewer: guard, target: thief }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seen {
    /// The entity that looks.
    pub viewer: EntityId,
    /// The entity it sees.
    pub target: EntityId,
}

impl World {
    /// Gives an entity a field of view (`None`: it stops looking). The view
    /// follows the entity as it walks.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::world::{View, WorldError};
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0])?;
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0))?;
    /// let bad = View { direction: 0.0, angle: 1.0, range: f64::NAN };
    /// assert!(matches!(w.set_view(e, Some(bad)), Err(WorldError::Fov(_))));
    /// assert_eq!(w.entity(e)?.view(), None); // nothing changed
    /// w.set_view(e, Some(View { direction: 0.0, angle: 1.0, range: 5.0 }))?;
    /// assert!(w.entity(e)?.view().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_view(&mut self, id: EntityId, view: Option<View>) -> Result<(), WorldError> {
        let e = self.entity(id)?;
        if let Some(v) = view {
            FieldOfView::new(e.position, v.direction, v.angle, v.range)?;
        }
        self.entity_mut(id)?.view = view;
        Ok(())
    }

    /// Every (viewer, target) pair where an entity with a view sees some
    /// part of another entity's disc, exactly (walls occlude, a partly
    /// hidden disc is seen), on the world as it is now: call it after
    /// [`World::step`]. `out` is cleared first; pairs come grouped by
    /// viewer. An entity never sees itself.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{Closure, world::View};
    /// let mut w = daedalus::World::new([0.0, 0.0], [100.0, 100.0])?;
    /// w.add_wall([[50.0, 0.0], [50.0, 90.0]], Closure::Open)?;
    /// let guard = w.add_entity(EntityDef::at([10.0, 10.0]).radius(1.0).speed(1.0))?;
    /// w.add_entity(EntityDef::at([90.0, 10.0]).radius(1.0).speed(1.0))?; // behind the wall
    /// w.set_view(guard, Some(View { direction: 0.0, angle: 6.0, range: 200.0 }))?;
    /// let mut seen = Vec::new();
    /// w.sightings(&mut seen)?;
    /// assert!(seen.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sightings(&mut self, out: &mut Vec<Seen>) -> Result<(), WorldError> {
        out.clear();
        let mut ids = Vec::with_capacity(self.entity_count());
        let mut targets = Vec::with_capacity(self.entity_count());
        let mut viewers = Vec::new();
        let mut viewer_ids = Vec::new();
        for (id, e) in self.entities() {
            ids.push(id);
            targets.push(Target::new(e.position, e.radius));
            if let Some(v) = e.view {
                viewers.push(FieldOfView::new(e.position, v.direction, v.angle, v.range)?);
                viewer_ids.push(id);
            }
        }
        let mut pairs = std::mem::take(&mut self.sight_pairs);
        let res = self
            .sight
            .visible_pairs(&self.cdt, &viewers, &targets, &mut pairs);
        if res.is_ok() {
            out.extend(pairs.iter().filter_map(|s| {
                let (viewer, target) = (viewer_ids[s.viewer], ids[s.target]);
                (viewer != target).then_some(Seen { viewer, target })
            }));
        }
        self.sight_pairs = pairs;
        res.map_err(WorldError::from)
    }
}
