//! A small simulation wrapper around rapier's world: walls, bodies,
//! `step(dt)`, body states, and frame recording for the demo.

use super::PhysicsError;
use super::build::{BodyParams, ball, dynamic_body, static_walls, vec2};
use crate::geometry::{Point, Transform};
use rapier2d_f64::prelude::{ColliderHandle, RigidBodyHandle};

/// Typed handle of a dynamic body of a [`PhysicsWorld`].
///
/// ```
/// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
/// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
/// let id = w.add_ball(Point::new(0.0, 0.0), 1.0, &BodyParams::default())?;
/// assert_eq!(w.body_state(id)?.body, id);
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BodyId(pub RigidBodyHandle);

/// Typed handle of a static wall collider of a [`PhysicsWorld`].
///
/// ```
/// use daedalus::{Point, physics::{PhysicsConfig, PhysicsWorld}};
/// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
/// let ids = w.add_walls(&[vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)]])?;
/// assert_eq!(ids.len(), 1);
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallId(pub ColliderHandle);

/// Gravity and scale of a simulation.
///
/// ```
/// let c = daedalus::physics::PhysicsConfig::pixels(50.0);
/// assert_eq!((c.gravity.x, c.gravity.y, c.length_unit), (0.0, 9.81 * 50.0, 50.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhysicsConfig {
    /// Gravity acceleration in world units per second squared. Our frame
    /// has y growing downwards, so "down" is `+y`.
    pub gravity: Point,
    /// World units per metre: rapier scales its contact tolerances by it.
    pub length_unit: f64,
}

impl Default for PhysicsConfig {
    /// Metres, Earth gravity towards `+y` (down in our y-down frame).
    fn default() -> Self {
        PhysicsConfig {
            gravity: Point::new(0.0, 9.81),
            length_unit: 1.0,
        }
    }
}

impl PhysicsConfig {
    /// World units are pixels, `pixels_per_metre` of them per metre; Earth
    /// gravity towards `+y` (down on screen).
    ///
    /// ```
    /// assert_eq!(daedalus::physics::PhysicsConfig::pixels(1.0), Default::default());
    /// ```
    pub fn pixels(pixels_per_metre: f64) -> Self {
        PhysicsConfig {
            gravity: Point::new(0.0, 9.81 * pixels_per_metre),
            length_unit: pixels_per_metre,
        }
    }
}

/// Pose of a body at one instant.
///
/// ```
/// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
/// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
/// let id = w.add_ball(Point::new(3.0, 4.0), 1.0, &BodyParams::default())?;
/// let s = w.body_state(id)?;
/// assert_eq!((s.position, s.angle), (Point::new(3.0, 4.0), 0.0));
/// assert_eq!(s.transform.apply(Point::new(3.0, 5.0)), Point::new(3.0, 5.0));
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    /// The body.
    pub body: BodyId,
    /// Position of the body's origin (the area centroid it was built at).
    pub position: Point,
    /// Rotation since creation, radians, turning `+x` towards `+y`.
    pub angle: f64,
    /// Maps the body's creation-time world coordinates (the input
    /// triangles or ball centre) to where they are now: draw with it.
    pub transform: Transform,
}

/// rapier's pipeline and sets plus the creation origins of our bodies.
///
/// ```
/// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
/// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
/// let id = w.add_ball(Point::new(0.0, 0.0), 0.5, &BodyParams::default())?;
/// w.step(0.1)?;
/// assert!(w.body_state(id)?.position.y > 0.0); // falls towards +y
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
pub struct PhysicsWorld {
    world: rapier2d_f64::pipeline::PhysicsWorld,
    /// Bodies in insertion order, with their creation origin.
    bodies: Vec<(BodyId, Point)>,
}

impl PhysicsWorld {
    /// An empty world.
    ///
    /// ```
    /// use daedalus::physics::{PhysicsConfig, PhysicsWorld};
    /// assert!(PhysicsWorld::new(PhysicsConfig { length_unit: 0.0, ..Default::default() }).is_err());
    /// ```
    pub fn new(config: PhysicsConfig) -> Result<Self, PhysicsError> {
        if !config.gravity.is_finite() || !config.length_unit.is_finite() {
            return Err(PhysicsError::NonFinite { what: "config" });
        }
        if config.length_unit <= 0.0 {
            return Err(PhysicsError::InvalidParameter {
                what: "length unit",
                value: config.length_unit,
            });
        }
        let mut world = rapier2d_f64::pipeline::PhysicsWorld::new();
        world.gravity = vec2(config.gravity);
        world.integration_parameters.length_unit = config.length_unit;
        Ok(PhysicsWorld {
            world,
            bodies: Vec::new(),
        })
    }

    /// Adds static walls (see [`static_walls`](super::static_walls)).
    ///
    /// ```
    /// use daedalus::{Point, physics::{PhysicsConfig, PhysicsWorld}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// assert!(w.add_walls(&[vec![Point::new(0.0, 0.0)]]).is_err());
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn add_walls(&mut self, walls: &[Vec<Point>]) -> Result<Vec<WallId>, PhysicsError> {
        let colliders = static_walls(walls)?;
        Ok(colliders
            .into_iter()
            .map(|c| WallId(self.world.insert_collider(c, None)))
            .collect())
    }

    /// Removes a wall collider (e.g. when its obstacle moved in the mesh).
    ///
    /// ```
    /// use daedalus::{Point, physics::{PhysicsConfig, PhysicsWorld, PhysicsError}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// let ids = w.add_walls(&[vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)]])?;
    /// w.remove_wall(ids[0])?;
    /// assert_eq!(w.remove_wall(ids[0]), Err(PhysicsError::StaleWall));
    /// # Ok::<(), PhysicsError>(())
    /// ```
    pub fn remove_wall(&mut self, id: WallId) -> Result<(), PhysicsError> {
        let is_wall = self
            .world
            .colliders
            .get(id.0)
            .is_some_and(|c| c.parent().is_none());
        if !is_wall {
            return Err(PhysicsError::StaleWall);
        }
        self.world.remove_collider(id.0);
        Ok(())
    }

    /// Adds a dynamic body made of triangles in world coordinates (see
    /// [`dynamic_body`](super::dynamic_body)).
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
    /// let p = |x, y| Point::new(x, y);
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// let id = w.add_body(&[[p(0.0, 0.0), p(3.0, 0.0), p(0.0, 3.0)]], &BodyParams::default())?;
    /// assert_eq!(w.body_state(id)?.position, p(1.0, 1.0));
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn add_body(
        &mut self,
        triangles: &[[Point; 3]],
        params: &BodyParams,
    ) -> Result<BodyId, PhysicsError> {
        let (body, collider) = dynamic_body(triangles, params)?;
        Ok(self.insert(body, collider))
    }

    /// Adds a dynamic ball.
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// assert!(w.add_ball(Point::new(0.0, 0.0), -1.0, &BodyParams::default()).is_err());
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn add_ball(
        &mut self,
        centre: Point,
        radius: f64,
        params: &BodyParams,
    ) -> Result<BodyId, PhysicsError> {
        let (body, collider) = ball(centre, radius, params)?;
        Ok(self.insert(body, collider))
    }

    fn insert(
        &mut self,
        body: rapier2d_f64::prelude::RigidBody,
        collider: rapier2d_f64::prelude::Collider,
    ) -> BodyId {
        let origin = Point::new(body.translation().x, body.translation().y);
        let (handle, _) = self.world.insert(body, collider);
        let id = BodyId(handle);
        self.bodies.push((id, origin));
        id
    }

    /// Removes a body and its collider.
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld, PhysicsError}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// let id = w.add_ball(Point::new(0.0, 0.0), 1.0, &BodyParams::default())?;
    /// w.remove_body(id)?;
    /// assert_eq!(w.body_state(id), Err(PhysicsError::StaleBody));
    /// # Ok::<(), PhysicsError>(())
    /// ```
    pub fn remove_body(&mut self, id: BodyId) -> Result<(), PhysicsError> {
        let i = self.index(id)?;
        self.bodies.remove(i);
        self.world.remove_body(id.0);
        Ok(())
    }

    fn index(&self, id: BodyId) -> Result<usize, PhysicsError> {
        self.bodies
            .iter()
            .position(|(b, _)| *b == id)
            .ok_or(PhysicsError::StaleBody)
    }

    /// Advances the simulation by `dt` seconds (finite, > 0).
    ///
    /// ```
    /// use daedalus::physics::{PhysicsConfig, PhysicsWorld};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// assert!(w.step(0.0).is_err());
    /// w.step(1.0 / 60.0)?;
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn step(&mut self, dt: f64) -> Result<(), PhysicsError> {
        if !dt.is_finite() {
            return Err(PhysicsError::NonFinite { what: "time step" });
        }
        if dt <= 0.0 {
            return Err(PhysicsError::InvalidParameter {
                what: "time step",
                value: dt,
            });
        }
        self.world.integration_parameters.dt = dt;
        self.world.step();
        Ok(())
    }

    /// Current pose of a body.
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// let id = w.add_ball(Point::new(1.0, 2.0), 1.0, &BodyParams::default())?;
    /// assert_eq!(w.body_state(id)?.position, Point::new(1.0, 2.0));
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn body_state(&self, id: BodyId) -> Result<BodyState, PhysicsError> {
        let origin = self.bodies[self.index(id)?].1;
        self.state(id, origin)
    }

    fn state(&self, id: BodyId, origin: Point) -> Result<BodyState, PhysicsError> {
        let body = self.world.bodies.get(id.0).ok_or(PhysicsError::StaleBody)?;
        let t = body.translation();
        let position = Point::new(t.x, t.y);
        let angle = body.rotation().angle();
        Ok(BodyState {
            body: id,
            position,
            angle,
            transform: Transform::baked(origin, 1.0, 1.0, angle, position),
        })
    }

    /// Linear velocity (world units per second) and angular velocity
    /// (radians per second) of a body.
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// let id = w.add_ball(Point::new(1.0, 2.0), 1.0, &BodyParams::default())?;
    /// assert_eq!(w.body_velocity(id)?, (Point::new(0.0, 0.0), 0.0));
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn body_velocity(&self, id: BodyId) -> Result<(Point, f64), PhysicsError> {
        self.index(id)?;
        let body = self.world.bodies.get(id.0).ok_or(PhysicsError::StaleBody)?;
        let v = body.linvel();
        Ok((Point::new(v.x, v.y), body.angvel()))
    }

    /// States of all bodies, in insertion order.
    ///
    /// ```
    /// use daedalus::{Point, physics::{BodyParams, PhysicsConfig, PhysicsWorld}};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// w.add_ball(Point::new(1.0, 2.0), 1.0, &BodyParams::default())?;
    /// assert_eq!(w.body_states().len(), 1);
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn body_states(&self) -> Vec<BodyState> {
        self.bodies
            .iter()
            .filter_map(|&(id, origin)| self.state(id, origin).ok())
            .collect()
    }

    /// The underlying rapier world (read only).
    ///
    /// ```
    /// use daedalus::physics::{PhysicsConfig, PhysicsWorld};
    /// let w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// assert_eq!(w.rapier().bodies.len(), 0);
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn rapier(&self) -> &rapier2d_f64::pipeline::PhysicsWorld {
        &self.world
    }

    /// The underlying rapier world, for tuning (integration parameters,
    /// joints...). Removing bodies there makes their [`BodyId`] stale.
    ///
    /// ```
    /// use daedalus::physics::{PhysicsConfig, PhysicsWorld};
    /// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
    /// w.rapier_mut().integration_parameters.num_solver_iterations = 8;
    /// # Ok::<(), daedalus::physics::PhysicsError>(())
    /// ```
    pub fn rapier_mut(&mut self) -> &mut rapier2d_f64::pipeline::PhysicsWorld {
        &mut self.world
    }
}

/// Runs `steps` steps of `dt` seconds and records a strip of frames for the
/// demo: the initial states, then the states after every `every` steps.
///
/// ```
/// use daedalus::{Point, physics::{simulate_frames, BodyParams, PhysicsConfig, PhysicsWorld}};
/// let mut w = PhysicsWorld::new(PhysicsConfig::default())?;
/// w.add_ball(Point::new(0.0, 0.0), 1.0, &BodyParams::default())?;
/// let frames = simulate_frames(&mut w, 1.0 / 60.0, 60, 20)?;
/// assert_eq!(frames.len(), 4); // t = 0, 1/3, 2/3, 1 s
/// assert!(frames[3][0].position.y > frames[1][0].position.y);
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
pub fn simulate_frames(
    world: &mut PhysicsWorld,
    dt: f64,
    steps: usize,
    every: usize,
) -> Result<Vec<Vec<BodyState>>, PhysicsError> {
    if every == 0 {
        return Err(PhysicsError::InvalidParameter {
            what: "frame interval",
            value: 0.0,
        });
    }
    // Validate dt before recording anything.
    if !dt.is_finite() || dt <= 0.0 {
        return world.step(dt).map(|_| Vec::new());
    }
    let mut frames = vec![world.body_states()];
    for i in 1..=steps {
        world.step(dt)?;
        if i % every == 0 {
            frames.push(world.body_states());
        }
    }
    Ok(frames)
}
