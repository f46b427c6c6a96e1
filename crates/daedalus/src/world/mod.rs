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
//! let square = [[-4.0, -4.0], [4.0, -4.0], [4.0, 4.0], [-4.0, 4.0]];
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
mod entities;
mod entity;
mod error;
mod events;
mod ids;
mod obstacles;
mod queries;
mod sight;
mod step;

pub use crowd::Avoidance;
pub use entity::{BlockReason, Entity, EntityDef, EntityState};
pub use error::WorldError;
pub use events::Event;
pub use ids::{EntityId, GroupId, ObstacleId};
pub use sight::{Seen, View};

use crate::Point;
use crate::objects::Objects;
use crate::path::{NavMesh, PathFinder};
use crate::triangulation::Cdt;
use changes::Change;
use crowd::{Crowd, Group};
use ids::Slots;
use obstacles::Obstacle;
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

    fn check_in(&self, p: Point) -> Result<Point, WorldError> {
        let p = check_p(p)?;
        if !self.cdt.bounds().contains(p) {
            return Err(WorldError::Outside(p));
        }
        Ok(p)
    }

    /// Brings the navigation snapshot up to the triangulation's revision.
    fn update_nav(&mut self) {
        if self.nav_revision != self.cdt.revision() {
            self.nav_revision = self.nav.update(&mut self.cdt).revision;
        }
    }
}
