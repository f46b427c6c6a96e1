//! Entities: discs that walk to their goals through a [`super::World`].

use crate::Point;
use crate::path::{Path, PathError, PathSampler};

use super::ObstacleId;

/// What an entity is doing.
///
/// ```
/// use daedalus::world::EntityDef;
/// use daedalus::{World, world::EntityState};
/// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
/// assert_eq!(w.entity(e).unwrap().state(), EntityState::Idle);
/// w.set_goal(e, [8.0, 8.0]).unwrap();
/// w.step(0.1).unwrap();
/// assert_eq!(w.entity(e).unwrap().state(), EntityState::Moving);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum EntityState {
    /// No goal (new, or stopped).
    Idle,
    /// Walking its path.
    Moving,
    /// At its goal.
    Arrived,
    /// Waiting for a change that could free it.
    Blocked(BlockReason),
}

/// Why an entity is blocked; also says which change can free it.
///
/// ```
/// use daedalus::world::BlockReason;
/// assert_ne!(BlockReason::NoPath, BlockReason::GoalCovered);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum BlockReason {
    /// A wall or obstacle is closer than the radius to the entity (an
    /// obstacle moved onto it and no free spot was within the push
    /// distance); `by` names the obstacle when known. Retried when a
    /// change comes within the radius of the entity.
    Covered {
        /// The obstacle on the entity, when known.
        by: Option<ObstacleId>,
    },
    /// The goal is closer than the radius to a wall. Retried when a change
    /// comes within the radius of the goal.
    GoalCovered,
    /// No path for this radius. Retried when a change meets the box
    /// certifying that no path exists (the walls around the smaller of
    /// the start's and the goal's components), or after any change when
    /// no such box could be found.
    NoPath,
}

/// What [`super::World::add_entity`] needs to know of a new entity: a
/// disc of `radius` at `position`, walking at `speed` world units per
/// second. Built with [`EntityDef::at`] (radius 1, speed 10) and the
/// builders below, or as a struct literal.
///
/// ```
/// use daedalus::world::EntityDef;
/// let def = EntityDef::at([8.0, 60.0]).radius(1.5).speed(25.0);
/// assert_eq!(def, EntityDef { position: [8.0, 60.0].into(), radius: 1.5, speed: 25.0 });
/// assert_eq!(EntityDef::at([0.0, 0.0]).radius, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EntityDef {
    /// Centre of the disc (inside the world's bounds).
    pub position: Point,
    /// Radius of the disc (finite, at least 0).
    pub radius: f64,
    /// Walking speed in world units per second (finite, above 0).
    pub speed: f64,
}

impl EntityDef {
    /// An entity at `position` of radius 1 walking 10 units per second.
    ///
    /// ```
    /// let def = daedalus::world::EntityDef::at([3.0, 4.0]);
    /// assert_eq!((def.radius, def.speed), (1.0, 10.0));
    /// ```
    pub fn at(position: impl Into<Point>) -> EntityDef {
        EntityDef {
            position: position.into(),
            radius: 1.0,
            speed: 10.0,
        }
    }

    /// The same entity with radius `radius`.
    ///
    /// ```
    /// assert_eq!(daedalus::world::EntityDef::at([3.0, 4.0]).radius(0.5).radius, 0.5);
    /// ```
    pub fn radius(self, radius: f64) -> EntityDef {
        EntityDef { radius, ..self }
    }

    /// The same entity walking at `speed` units per second.
    ///
    /// ```
    /// assert_eq!(daedalus::world::EntityDef::at([3.0, 4.0]).speed(2.0).speed, 2.0);
    /// ```
    pub fn speed(self, speed: f64) -> EntityDef {
        EntityDef { speed, ..self }
    }
}

/// The walk along a planned path.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) path: Path,
    pub(crate) sampler: PathSampler,
    /// Distance walked along the path.
    pub(crate) travelled: f64,
}

/// An entity (agent) of a [`super::World`]: a disc with a position, radius,
/// speed (units per second), goal, state, path and last error. Read it
/// with [`super::World::entity`]; change it through the world.
///
/// ```
/// use daedalus::world::EntityDef;
/// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
/// let e = w.entity(id).unwrap();
/// assert_eq!((e.position(), e.radius(), e.speed()), ([1.0, 1.0].into(), 0.5, 2.0));
/// assert!(e.goal().is_none() && e.path().is_none() && e.last_error().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Entity {
    pub(crate) position: Point,
    pub(crate) radius: f64,
    pub(crate) speed: f64,
    pub(crate) goal: Option<Point>,
    pub(crate) state: EntityState,
    pub(crate) plan: Option<Plan>,
    pub(crate) last_error: Option<PathError>,
    /// Check the position against the walls at the next step.
    pub(crate) check: bool,
    /// Plan at the next step (new goal).
    pub(crate) replan: bool,
    /// Crowd motion state (used when avoidance is on).
    pub(crate) motion: Motion,
    /// Why the last search answered `NoPath` for good (see [`NoPath`]).
    pub(crate) no_path: Option<NoPath>,
    /// What it looks with, if it is a viewer.
    pub(crate) view: Option<super::View>,
}

/// The certificate of a search that answered `NoPath`: while the entity
/// stands at `from` with goal `to`, the answer cannot change until a
/// change of the walls meets `rect` (`None`: any change may).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoPath {
    pub(crate) from: Point,
    pub(crate) to: Point,
    pub(crate) rect: Option<crate::Rect>,
}

impl NoPath {
    /// Could these changed boxes alter the answer for an entity at `at`
    /// going to `goal`?
    pub(crate) fn retry(&self, at: Point, goal: Point, changes: &[super::Change]) -> bool {
        if changes.is_empty() {
            return false;
        }
        if self.from != at || self.to != goal {
            return true;
        }
        self.rect.is_none_or(|b| {
            changes.iter().any(|c| {
                let r = c.rect;
                r.min.x <= b.max.x && b.min.x <= r.max.x && r.min.y <= b.max.y && b.min.y <= r.max.y
            })
        })
    }
}

/// What local avoidance keeps of an entity between steps.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Motion {
    /// Velocity of the last step (units per second).
    pub(crate) velocity: Point,
    /// Preferred velocity of the last step (where it wanted to go).
    pub(crate) want: Point,
    /// Seconds left of keeping right (someone came the other way).
    pub(crate) keep_right: f64,
    /// Giving way in a jam: the heading of the flow it yields to (it
    /// backs off until that flow has passed).
    pub(crate) give_way: Option<Point>,
    /// Why it gives way (a counter-flow or a merge).
    pub(crate) yielding: super::crowd::Yielding,
    /// Seconds without progress along the path (reset by a re-plan).
    pub(crate) stalled: f64,
    /// Seconds without progress along the path (kept across re-plans).
    pub(crate) stuck: f64,
    /// The group it walks with (spacing in its corridor).
    pub(crate) group: Option<super::GroupId>,
    /// Seconds left before it sets off (its slot in a group's file,
    /// [`super::World::send_group`]).
    pub(crate) delay: f64,
}

impl Entity {
    pub(crate) fn new(position: Point, radius: f64, speed: f64) -> Entity {
        Entity {
            position,
            radius,
            speed,
            goal: None,
            state: EntityState::Idle,
            plan: None,
            last_error: None,
            check: true,
            replan: false,
            motion: Motion::default(),
            no_path: None,
            view: None,
        }
    }

    /// Centre of the disc.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([3.0, 4.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.entity(id).unwrap().position(), [3.0, 4.0].into());
    /// ```
    pub fn position(&self) -> Point {
        self.position
    }

    /// Radius of the disc.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([3.0, 4.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.entity(id).unwrap().radius(), 0.5);
    /// ```
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// Speed in world units per second.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([3.0, 4.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.set_speed(id, 3.0).unwrap();
    /// assert_eq!(w.entity(id).unwrap().speed(), 3.0);
    /// ```
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The goal, kept after arrival; `None` when idle.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([3.0, 4.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.set_goal(id, [5.0, 5.0]).unwrap();
    /// assert_eq!(w.entity(id).unwrap().goal(), Some([5.0, 5.0].into()));
    /// ```
    pub fn goal(&self) -> Option<Point> {
        self.goal
    }

    /// What the entity is doing.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([3.0, 4.0]).radius(0.5).speed(2.0)).unwrap();
    /// assert_eq!(w.entity(id).unwrap().state(), daedalus::world::EntityState::Idle);
    /// ```
    pub fn state(&self) -> EntityState {
        self.state
    }

    /// The path being walked (kept when a re-plan fails), from where it was
    /// planned; [`Entity::travelled`] says how far along it the entity is.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// w.set_goal(id, [5.0, 1.0]).unwrap();
    /// w.step(0.5).unwrap();
    /// assert_eq!(w.entity(id).unwrap().path().unwrap().length(), 4.0);
    /// ```
    pub fn path(&self) -> Option<&Path> {
        self.plan.as_ref().map(|p| &p.path)
    }

    /// Distance walked along [`Entity::path`].
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// w.set_goal(id, [5.0, 1.0]).unwrap();
    /// w.step(0.5).unwrap();
    /// assert_eq!(w.entity(id).unwrap().travelled(), 0.5);
    /// ```
    pub fn travelled(&self) -> f64 {
        self.plan.as_ref().map_or(0.0, |p| p.travelled)
    }

    /// Its field of view, if it is a viewer ([`super::World::set_view`]).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// assert_eq!(w.entity(id).unwrap().view(), None);
    /// ```
    pub fn view(&self) -> Option<super::View> {
        self.view
    }

    /// Velocity of the last step, units per second (zero unless local
    /// avoidance is on, see [`super::World::set_avoidance`]).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.set_avoidance(Some(daedalus::world::Avoidance::default())).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// w.set_goal(id, [5.0, 1.0]).unwrap();
    /// w.step(0.5).unwrap();
    /// let v = w.entity(id).unwrap().velocity();
    /// assert!((v.x - 1.0).abs() < 1e-6 && v.y.abs() < 1e-6);
    /// ```
    pub fn velocity(&self) -> Point {
        self.motion.velocity
    }

    /// The group the entity belongs to ([`super::World::add_group`]).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// let g = w.add_group(&[id]).unwrap();
    /// assert_eq!(w.entity(id).unwrap().group(), Some(g));
    /// ```
    pub fn group(&self) -> Option<super::GroupId> {
        self.motion.group
    }

    /// The error of the last failed plan (cleared by a successful one).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, path::PathError};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.add_wall([[5.0, 0.0], [5.0, 10.0]], daedalus::Closure::Open).unwrap();
    /// let id = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(1.0)).unwrap();
    /// w.set_goal(id, [8.0, 1.0]).unwrap();
    /// w.step(0.1).unwrap();
    /// assert_eq!(w.entity(id).unwrap().last_error(), Some(&PathError::NoPath));
    /// ```
    pub fn last_error(&self) -> Option<&PathError> {
        self.last_error.as_ref()
    }
}
