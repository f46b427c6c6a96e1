//! `World`: the one object a game uses. Obstacles (static walls and
//! movable objects), entities that walk to their goals, and a
//! [`World::step`] that keeps navigation current at a cost that follows
//! the changes, not the size of the world.
//!
//! The game loop:
//!
//! ```
//! use daedalus::world::EntityDef;
//! use daedalus::{World, objects::Object, Closure, world::Event};
//!
//! let mut world = World::new([0.0, 0.0], [200.0, 120.0])?;
//! world.add_wall([[60.0, 0.0], [60.0, 80.0]], Closure::Open)?;
//! let square = vec![[-4.0, -4.0].into(), [4.0, -4.0].into(), [4.0, 4.0].into(), [-4.0, 4.0].into()];
//! let crate_ = world.add_object(Object::new(square, daedalus::Closure::Closed))?;
//! world.set_position(crate_, [120.0, 60.0])?;
//! let hero = world.add_entity(EntityDef::at([10.0, 10.0]).radius(1.0).speed(30.0))?; // radius 1, 30 units/s
//! world.set_goal(hero, [190.0, 10.0])?;
//!
//! for frame in 0..600 {
//!     world.set_rotation(crate_, frame as f64 * 0.01)?; // obstacles move
//!     for event in world.step(1.0 / 60.0)? {              // navigation follows
//!         if let Event::Arrived(who) = event {
//!             println!("{who:?} arrived at frame {frame}");
//!         }
//!     }
//! }
//! assert_eq!(world.entity(hero)?.position(), [190.0, 10.0].into());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Obstacle changes take effect at the next step ([`World::step`] applies
//! them, then brings the navigation snapshot up to date with
//! [`NavMesh::update`]). The world records the boxes of the walls it
//! changed (old and new outline of a moved object, added or removed
//! walls; a long outline as up to 8 runs of consecutive walls, so a large
//! or concave one touches the paths near its walls, not every path inside
//! its box): only the entities whose remaining path comes within their
//! radius of one of these boxes re-plan. The walls are the only thing a
//! path depends on, so these boxes are exact where the snapshot's changed
//! triangles would be wider. [`World::revision`] counts the steps that
//! changed walls; [`World::path_touched_since`] answers the same question
//! for any path and any recent revision.
//!
//! The world owns the [`Objects`] table next to its [`Cdt`] (the
//! triangulation knows nothing of objects; the table locks its objects'
//! shapes there). Its API is wrapped here: every change of an obstacle
//! goes through the world.

mod changes;
mod crowd;
mod entity;
mod error;
mod events;
mod ids;
mod sight;
mod step;

pub use crowd::Avoidance;
pub use entity::{BlockReason, Entity, EntityDef, EntityState};
pub use error::WorldError;
pub use events::Event;
pub use ids::{EntityId, GroupId, ObstacleId};
pub use sight::{Seen, View};

use crate::Point;
use crate::geometry::Rect;
use crate::objects::{Object, ObjectId, Objects};
use crate::path::{NavMesh, Path, PathFinder};
use crate::triangulation::{Cdt, CdtError, MAX_COORD, ShapeId};
use crowd::{Crowd, Group};
use ids::Slots;

use crate::geometry::Closure;
use crate::objects::Pose;

#[derive(Clone, Copy, Debug)]
enum Kind {
    Static(ShapeId),
    Movable(ObjectId),
}

#[derive(Clone, Debug)]
struct Obstacle {
    kind: Kind,
    closure: Closure,
    user: Option<u64>,
    /// Box of the outline the mesh holds.
    applied: Rect,
    /// Listed in `World::pending`.
    queued: bool,
    /// The outline the mesh held when the obstacle was queued (tells an
    /// obstacle that moved onto an entity from one that was around it).
    before: Option<Vec<Point>>,
}

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

/// Obstacles, entities and navigation kept current (see the module doc
/// for the game loop).
///
/// ```
/// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// assert_eq!(w.cdt().bounds(), daedalus::Rect::new([0.0, 0.0], [10.0, 10.0]));
/// ```
#[derive(Clone, Debug)]
pub struct World {
    cdt: Cdt,
    /// The movable obstacles and their shapes in `cdt`.
    objects: Objects,
    nav: NavMesh,
    finder: PathFinder,
    obstacles: Slots<Obstacle>,
    entities: Slots<Entity>,
    /// Movable obstacles changed since the last step.
    pending: Vec<ObstacleId>,
    /// Walls changed since the last step.
    changes: Vec<Change>,
    /// The revision and the boxes changed under the last ones.
    log: changes::ChangeLog,
    /// Push distance as a multiple of the entity radius.
    push: f64,
    replans: u64,
    /// The triangulation revision the snapshot shows.
    nav_revision: u64,
    /// Local avoidance settings and scratch space (`None`: entities walk
    /// their exact paths).
    crowd: Option<Crowd>,
    groups: Slots<Group>,
    /// Field-of-view buffers for [`World::sightings`].
    sight: crate::fov::FovQuery,
    sight_pairs: Vec<crate::fov::Sighting>,
}

fn check_p(p: Point) -> Result<Point, WorldError> {
    if !p.is_finite() {
        return Err(WorldError::NonFinite);
    }
    Ok(p)
}

impl World {
    /// An empty world: the rectangle from `min` to `max`.
    ///
    /// ```
    /// use daedalus::{World, world::WorldError, triangulation::CdtError};
    /// assert!(World::new([0.0, 0.0], [10.0, 5.0]).is_ok());
    /// assert_eq!(World::new([0.0, 0.0], [0.0, 5.0]).unwrap_err(), WorldError::Cdt(CdtError::InvalidBounds));
    /// ```
    pub fn new(min: impl Into<Point>, max: impl Into<Point>) -> Result<World, WorldError> {
        let (a, b) = (min.into(), max.into());
        let mut cdt = Cdt::new([a.x, a.y], [b.x, b.y])?;
        let mut nav = NavMesh::default();
        let nav_revision = nav.update(&mut cdt).revision;
        Ok(World {
            cdt,
            objects: Objects::new(),
            nav,
            finder: PathFinder::new(),
            obstacles: Slots::default(),
            entities: Slots::default(),
            pending: Vec::new(),
            changes: Vec::new(),
            log: changes::ChangeLog::default(),
            push: 1.0,
            replans: 0,
            nav_revision,
            crowd: None,
            groups: Slots::default(),
            sight: crate::fov::FovQuery::new(),
            sight_pairs: Vec::new(),
        })
    }

    /// The triangulation (read only: change it through the world).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.cdt().validate().is_empty());
    /// ```
    pub fn cdt(&self) -> &Cdt {
        &self.cdt
    }

    /// The objects table (read only: change it through the world).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.add_object(Object::new([[1.0, 1.0], [2.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(w.objects().iter().count(), 1);
    /// ```
    pub fn objects(&self) -> &Objects {
        &self.objects
    }

    /// The navigation snapshot as of the last step.
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.nav().triangle_count(), 2);
    /// ```
    pub fn nav(&self) -> &NavMesh {
        &self.nav
    }

    /// Re-plans made by all steps so far (entities whose path a change
    /// touched, or freed ones; first plans after a new goal not counted).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.replans(), 0);
    /// ```
    pub fn replans(&self) -> u64 {
        self.replans
    }

    /// How far an obstacle moving onto an entity may push it, as a
    /// multiple of the entity's radius (default 1): the entity moves to
    /// [`Cdt::nearest_free`] within that distance, or is blocked
    /// ([`BlockReason::Covered`]) when there is no free spot that near.
    ///
    /// ```
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.set_push_distance(2.0).unwrap();
    /// assert!(w.set_push_distance(f64::NAN).is_err());
    /// ```
    pub fn set_push_distance(&mut self, radii: f64) -> Result<(), WorldError> {
        if !(radii.is_finite() && radii >= 0.0) {
            return Err(WorldError::NonFinite);
        }
        self.push = radii;
        Ok(())
    }

    fn check_in(&self, p: Point) -> Result<Point, WorldError> {
        let p = check_p(p)?;
        if !self.cdt.bounds().contains(p) {
            return Err(WorldError::Outside(p));
        }
        Ok(p)
    }

    // ---- obstacles ----

    fn obstacle(&self, id: ObstacleId) -> Result<&Obstacle, WorldError> {
        self.obstacles
            .get(id.idx, id.generation)
            .ok_or(WorldError::StaleObstacle(id))
    }

    fn new_obstacle(&mut self, kind: Kind, closure: Closure, applied: Rect) -> ObstacleId {
        let (idx, generation) = self.obstacles.insert(Obstacle {
            kind,
            closure,
            user: None,
            applied,
            queued: false,
            before: None,
        });
        let id = ObstacleId { idx, generation };
        self.changes.push(Change {
            rect: applied,
            by: Some(id),
            area: false,
        });
        id
    }

    /// Adds a static wall (a polyline, or a polygon when closed). It takes
    /// effect in the mesh at once; entities see it at the next step.
    ///
    /// ```
    /// use daedalus::{World, Closure, world::WorldError, triangulation::CdtError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0], [3.0, 4.0]], Closure::Closed).unwrap();
    /// assert_eq!(w.obstacle_walls(id).unwrap().len(), 3);
    /// assert_eq!(w.add_wall([[f64::NAN, 1.0], [2.0, 2.0]], Closure::Open).unwrap_err(), WorldError::Cdt(CdtError::NonFinite));
    /// ```
    pub fn add_wall(
        &mut self,
        outline: impl IntoIterator<Item: Into<Point>>,
        closure: Closure,
    ) -> Result<ObstacleId, WorldError> {
        let points: Vec<Point> = outline.into_iter().map(Into::into).collect();
        let s = self.cdt.insert_outline(&points, closure)?;
        let rect = Rect::around(points.iter().copied()).expect("checked by the insert");
        Ok(self.new_obstacle(Kind::Static(s), closure, rect))
    }

    /// Adds a movable obstacle (an [`Object`]: outline in local
    /// coordinates and its pose).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let mut o = Object::new([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], daedalus::Closure::Closed);
    /// o.set_position([4.0, 4.0]);
    /// let id = w.add_object(o).unwrap();
    /// assert_eq!(w.obstacle_outline(id).unwrap()[1], [5.0, 4.0].into());
    /// ```
    pub fn add_object(&mut self, object: Object) -> Result<ObstacleId, WorldError> {
        let closure = object.closure();
        let o = self.objects.insert(&mut self.cdt, object)?;
        let rect = Rect::around(self.objects.outline(o)?).expect("non-empty outline");
        Ok(self.new_obstacle(Kind::Movable(o), closure, rect))
    }

    /// Removes an obstacle (at once).
    ///
    /// ```
    /// use daedalus::{World, Closure, world::WorldError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// w.remove_obstacle(id).unwrap();
    /// assert_eq!(w.remove_obstacle(id), Err(WorldError::StaleObstacle(id)));
    /// assert_eq!(w.cdt().shapes().count(), 0);
    /// ```
    pub fn remove_obstacle(&mut self, id: ObstacleId) -> Result<(), WorldError> {
        let o = self.obstacle(id)?;
        let rect = o.applied;
        match o.kind {
            Kind::Static(s) => self.cdt.remove_shape(s)?,
            Kind::Movable(m) => self.objects.remove(&mut self.cdt, m)?,
        }
        self.obstacles.remove(id.idx, id.generation);
        self.pending.retain(|&p| p != id);
        self.changes.push(Change {
            rect,
            by: None,
            area: false,
        });
        Ok(())
    }

    /// Sets a movable obstacle's pose (applied at the next step). Every
    /// value must be finite; the outline must stay within
    /// [`MAX_COORD`].
    ///
    /// ```
    /// use daedalus::{World, objects::Object, objects::Pose, world::WorldError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open)).unwrap();
    /// let pose = Pose { position: [3.0, 3.0].into(), rotation: 0.5, ..Pose::default() };
    /// w.set_pose(id, pose).unwrap();
    /// assert_eq!(w.pose(id).unwrap(), pose);
    /// let bad = Pose { rotation: f64::NAN, ..pose };
    /// assert_eq!(w.set_pose(id, bad), Err(WorldError::NonFinite));
    /// assert_eq!(w.pose(id).unwrap(), pose); // unchanged
    /// ```
    pub fn set_pose(&mut self, id: ObstacleId, pose: Pose) -> Result<(), WorldError> {
        let o = self.obstacle(id)?;
        let Kind::Movable(m) = o.kind else {
            return Err(WorldError::Static(id));
        };
        let vals = [
            pose.pivot.x,
            pose.pivot.y,
            pose.scale_x,
            pose.scale_y,
            pose.rotation,
            pose.position.x,
            pose.position.y,
        ];
        if vals.iter().any(|v| !v.is_finite()) {
            return Err(WorldError::NonFinite);
        }
        let mut probe = self.objects.get(m)?.clone();
        apply(&mut probe, pose);
        for p in probe.world_outline() {
            if !p.is_finite() {
                return Err(WorldError::NonFinite);
            }
            for c in [p.x, p.y] {
                if c.abs() > MAX_COORD {
                    return Err(WorldError::Cdt(CdtError::OutOfRange(c)));
                }
            }
        }
        // the outline the mesh holds, kept once per step
        let before = match o.queued {
            true => None,
            false => Some(self.objects.outline(m)?),
        };
        apply(self.objects.get_mut(m)?, pose);
        let o = self
            .obstacles
            .get_mut(id.idx, id.generation)
            .expect("checked");
        if !o.queued {
            o.queued = true;
            o.before = before;
            self.pending.push(id);
        }
        Ok(())
    }

    /// A movable obstacle's pose (the pending one if changed since the
    /// last step).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(w.pose(id).unwrap().scale_x, 1.0);
    /// ```
    pub fn pose(&self, id: ObstacleId) -> Result<Pose, WorldError> {
        let Kind::Movable(m) = self.obstacle(id)?.kind else {
            return Err(WorldError::Static(id));
        };
        Ok(self.objects.get(m)?.pose())
    }

    /// Moves a movable obstacle's pivot to `position` (at the next step).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open)).unwrap();
    /// w.set_position(id, [2.0, 3.0]).unwrap();
    /// w.step(0.0).unwrap();
    /// assert_eq!(w.obstacle_outline(id).unwrap()[1], [3.0, 3.0].into());
    /// ```
    pub fn set_position(
        &mut self,
        id: ObstacleId,
        position: impl Into<Point>,
    ) -> Result<(), WorldError> {
        let pose = self.pose(id)?;
        self.set_pose(
            id,
            Pose {
                position: position.into(),
                ..pose
            },
        )
    }

    /// Sets a movable obstacle's rotation in radians (at the next step).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[1.0, 1.0], [2.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// w.set_rotation(id, 0.25).unwrap();
    /// assert_eq!(w.pose(id).unwrap().rotation, 0.25);
    /// ```
    pub fn set_rotation(&mut self, id: ObstacleId, radians: f64) -> Result<(), WorldError> {
        let pose = self.pose(id)?;
        self.set_pose(
            id,
            Pose {
                rotation: radians,
                ..pose
            },
        )
    }

    /// Sets a movable obstacle's scale along its local axes (at the next step).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[1.0, 1.0], [2.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// w.set_scale(id, 2.0, 2.0).unwrap();
    /// assert_eq!(w.pose(id).unwrap().scale_y, 2.0);
    /// ```
    pub fn set_scale(&mut self, id: ObstacleId, sx: f64, sy: f64) -> Result<(), WorldError> {
        let pose = self.pose(id)?;
        self.set_pose(
            id,
            Pose {
                scale_x: sx,
                scale_y: sy,
                ..pose
            },
        )
    }

    /// Sets the local point that scale and rotation keep fixed (at the next step).
    ///
    /// ```
    /// use daedalus::{World, objects::Object};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_object(Object::new([[1.0, 1.0], [2.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// w.set_pivot(id, [1.5, 1.0]).unwrap();
    /// assert_eq!(w.pose(id).unwrap().pivot, [1.5, 1.0].into());
    /// ```
    pub fn set_pivot(&mut self, id: ObstacleId, pivot: impl Into<Point>) -> Result<(), WorldError> {
        let pose = self.pose(id)?;
        self.set_pose(
            id,
            Pose {
                pivot: pivot.into(),
                ..pose
            },
        )
    }

    /// The obstacle's outline in world coordinates (for a movable one, its
    /// pending pose).
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// assert_eq!(w.obstacle_outline(id).unwrap(), vec![[1.0, 1.0].into(), [5.0, 1.0].into()]);
    /// ```
    pub fn obstacle_outline(&self, id: ObstacleId) -> Result<Vec<Point>, WorldError> {
        Ok(match self.obstacle(id)?.kind {
            Kind::Static(s) => {
                let segs = self.cdt.shape_segments(s)?;
                let mut pts: Vec<Point> = segs.iter().map(|s| s.0).collect();
                if self.obstacle(id)?.closure == Closure::Open
                    && let Some(l) = segs.last()
                {
                    pts.push(l.1);
                }
                pts
            }
            Kind::Movable(m) => self.objects.outline(m)?,
        })
    }

    /// The wall segments the mesh holds for the obstacle (clipped to the
    /// world).
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[-1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// assert_eq!(w.obstacle_walls(id).unwrap(), vec![([0.0, 1.0].into(), [5.0, 1.0].into())]);
    /// ```
    pub fn obstacle_walls(&self, id: ObstacleId) -> Result<Vec<(Point, Point)>, WorldError> {
        let s = match self.obstacle(id)?.kind {
            Kind::Static(s) => s,
            Kind::Movable(m) => self.objects.shape(m)?,
        };
        Ok(self.cdt.shape_segments(s)?)
    }

    /// Is the obstacle a closed polygon?
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// assert_eq!(w.obstacle_closure(id).unwrap(), Closure::Open);
    /// ```
    pub fn obstacle_closure(&self, id: ObstacleId) -> Result<Closure, WorldError> {
        Ok(self.obstacle(id)?.closure)
    }

    /// Live obstacles.
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// assert_eq!(w.obstacles().count(), 1);
    /// ```
    pub fn obstacles(&self) -> impl Iterator<Item = ObstacleId> + '_ {
        self.obstacles
            .iter()
            .map(|(idx, generation, _)| ObstacleId { idx, generation })
    }

    /// Attaches a user value to an obstacle (`None` clears it).
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// w.set_user_value(id, Some(42)).unwrap();
    /// assert_eq!(w.user_value(id).unwrap(), Some(42));
    /// ```
    pub fn set_user_value(&mut self, id: ObstacleId, value: Option<u64>) -> Result<(), WorldError> {
        self.obstacles
            .get_mut(id.idx, id.generation)
            .ok_or(WorldError::StaleObstacle(id))?
            .user = value;
        Ok(())
    }

    /// The obstacle's user value.
    ///
    /// ```
    /// use daedalus::{Closure, World};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_wall([[1.0, 1.0], [5.0, 1.0]], Closure::Open).unwrap();
    /// assert_eq!(w.user_value(id).unwrap(), None);
    /// ```
    pub fn user_value(&self, id: ObstacleId) -> Result<Option<u64>, WorldError> {
        Ok(self.obstacle(id)?.user)
    }

    // ---- entities ----

    /// Adds an entity ([`EntityDef`]: a disc of `radius` at `position`,
    /// walking at `speed` units per second). A position a wall covers is accepted: the next
    /// step pushes the entity free or blocks it.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, world::WorldError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).is_ok());
    /// assert_eq!(w.add_entity(EntityDef::at([1.0, 1.0]).radius(-0.5).speed(2.0)), Err(WorldError::BadRadius(-0.5)));
    /// assert_eq!(w.add_entity(EntityDef::at([11.0, 1.0]).radius(0.5).speed(2.0)), Err(WorldError::Outside([11.0, 1.0].into())));
    /// ```
    pub fn add_entity(&mut self, def: EntityDef) -> Result<EntityId, WorldError> {
        let EntityDef {
            position,
            radius,
            speed,
        } = def;
        let p = self.check_in(position)?;
        if !(radius.is_finite() && radius >= 0.0) {
            return Err(WorldError::BadRadius(radius));
        }
        check_speed(speed)?;
        let (idx, generation) = self.entities.insert(Entity::new(p, radius, speed));
        Ok(EntityId { idx, generation })
    }

    /// Removes an entity.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.remove_entity(e).unwrap();
    /// assert!(w.remove_entity(e).is_err());
    /// ```
    pub fn remove_entity(&mut self, id: EntityId) -> Result<(), WorldError> {
        self.entities
            .remove(id.idx, id.generation)
            .map(|_| ())
            .ok_or(WorldError::StaleEntity(id))
    }

    /// The entity.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.entity(e).unwrap().radius(), 0.5);
    /// ```
    pub fn entity(&self, id: EntityId) -> Result<&Entity, WorldError> {
        self.entities
            .get(id.idx, id.generation)
            .ok_or(WorldError::StaleEntity(id))
    }

    fn entity_mut(&mut self, id: EntityId) -> Result<&mut Entity, WorldError> {
        self.entities
            .get_mut(id.idx, id.generation)
            .ok_or(WorldError::StaleEntity(id))
    }

    /// Live entities.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.entities().count(), 1);
    /// ```
    pub fn entities(&self) -> impl Iterator<Item = (EntityId, &Entity)> + '_ {
        self.entities
            .iter()
            .map(|(idx, generation, e)| (EntityId { idx, generation }, e))
    }

    /// Number of live entities.
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.entity_count(), 0);
    /// ```
    pub fn entity_count(&self) -> usize {
        self.entities.len()
    }

    /// Sends the entity to `goal` (planned at the next step).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, world::WorldError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.set_goal(e, [f64::NAN, 1.0]), Err(WorldError::NonFinite));
    /// w.set_goal(e, [9.0, 9.0]).unwrap();
    /// ```
    pub fn set_goal(&mut self, id: EntityId, goal: impl Into<Point>) -> Result<(), WorldError> {
        let g = self.check_in(goal.into())?;
        let e = self.entity_mut(id)?;
        e.goal = Some(g);
        e.replan = true;
        e.motion.delay = 0.0;
        Ok(())
    }

    /// Stops the entity where it stands (no goal, no path; idle).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, world::EntityState};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.set_goal(e, [9.0, 9.0]).unwrap();
    /// w.step(0.1).unwrap();
    /// w.stop(e).unwrap();
    /// assert_eq!(w.entity(e).unwrap().state(), EntityState::Idle);
    /// assert!(w.entity(e).unwrap().goal().is_none());
    /// ```
    pub fn stop(&mut self, id: EntityId) -> Result<(), WorldError> {
        let e = self.entity_mut(id)?;
        e.goal = None;
        e.plan = None;
        e.replan = false;
        e.motion.delay = 0.0;
        if !matches!(e.state, EntityState::Blocked(BlockReason::Covered { .. })) {
            e.state = EntityState::Idle;
        }
        Ok(())
    }

    /// Sets the speed (units per second; from the next step on).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, world::WorldError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.set_speed(e, f64::INFINITY), Err(WorldError::BadSpeed(f64::INFINITY)));
    /// assert_eq!(w.entity(e).unwrap().speed(), 2.0);
    /// ```
    pub fn set_speed(&mut self, id: EntityId, speed: f64) -> Result<(), WorldError> {
        check_speed(speed)?;
        self.entity_mut(id)?.speed = speed;
        Ok(())
    }

    // ---- queries ----

    /// Distance from `p` to the nearest wall ([`Cdt::clearance`]).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.clearance([2.0, 5.0]).unwrap(), 2.0);
    /// ```
    pub fn clearance(&self, p: impl Into<Point>) -> Result<f64, WorldError> {
        Ok(self.cdt.clearance(p)?)
    }

    /// Is a disc of radius `r` at `p` clear of every wall ([`Cdt::is_free`])?
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.is_free([2.0, 5.0], 2.0).unwrap());
    /// ```
    pub fn is_free(&self, p: impl Into<Point>, r: f64) -> Result<bool, WorldError> {
        Ok(self.cdt.is_free(p, r)?)
    }

    /// The nearest free spot within `max_distance` ([`Cdt::nearest_free`]).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let q = w.nearest_free([0.5, 5.0], 1.0, 1.0).unwrap().unwrap();
    /// assert!(q.x >= 1.0 && q.x < 1.0 + 1e-6);
    /// ```
    pub fn nearest_free(
        &self,
        p: impl Into<Point>,
        r: f64,
        max_distance: f64,
    ) -> Result<Option<Point>, WorldError> {
        Ok(self.cdt.nearest_free(p, r, max_distance)?)
    }

    /// Does `path` still keep `r` from every wall ([`Cdt::path_is_clear`])?
    ///
    /// ```
    /// use daedalus::{World, path::Path};
    /// let w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert!(w.path_is_clear(&Path::straight([1.0, 1.0], [9.0, 9.0], 0.5), 0.5).unwrap());
    /// ```
    pub fn path_is_clear(&self, path: &Path, r: f64) -> Result<bool, WorldError> {
        Ok(self.cdt.path_is_clear(path, r)?)
    }
}

fn check_speed(speed: f64) -> Result<(), WorldError> {
    if speed.is_finite() && speed > 0.0 {
        Ok(())
    } else {
        Err(WorldError::BadSpeed(speed))
    }
}

fn apply(o: &mut Object, p: Pose) {
    o.set_pose(p);
}
