//! Obstacles: static walls and movable objects (their outlines, poses
//! and user values). A change reaches the mesh at once (a wall) or at
//! the next step (a pose), and is recorded for the re-plans of that step.

use super::changes::Change;
use super::{ObstacleId, World, WorldError};
use crate::Point;
use crate::geometry::{Closure, Rect};
use crate::objects::{Object, ObjectId, Pose};
use crate::triangulation::{CdtError, MAX_COORD, ShapeId};

/// What an obstacle is in the mesh: a shape of its own, or a movable
/// object of the objects table.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind {
    Static(ShapeId),
    Movable(ObjectId),
}

/// An obstacle as the world keeps it.
#[derive(Clone, Debug)]
pub(super) struct Obstacle {
    pub(super) kind: Kind,
    pub(super) closure: Closure,
    user: Option<u64>,
    /// Box of the outline the mesh holds.
    pub(super) applied: Rect,
    /// Listed in `World::pending`.
    pub(super) queued: bool,
    /// The outline the mesh held when the obstacle was queued (tells an
    /// obstacle that moved onto an entity from one that was around it).
    pub(super) before: Option<Vec<Point>>,
}

impl World {
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
        probe.set_pose(pose);
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
        self.objects.get_mut(m)?.set_pose(pose);
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
}
