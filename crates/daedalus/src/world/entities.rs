//! Entities: adding and removing them, their goals, speeds and groups,
//! and how they move together (local avoidance, [`super::Avoidance`]).

use super::crowd::{Crowd, Group, file_slots, place_near};
use super::{
    Avoidance, BlockReason, Entity, EntityDef, EntityId, EntityState, GroupId, World, WorldError,
};
use crate::Point;

impl World {
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

    pub(super) fn entity_mut(&mut self, id: EntityId) -> Result<&mut Entity, WorldError> {
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

    /// Turns local avoidance on (`Some`) or off (`None`: entities walk
    /// their exact paths, through each other). Bad settings change nothing.
    ///
    /// ```
    /// use daedalus::{World, world::{Avoidance, WorldError}};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// w.set_avoidance(Some(Avoidance::default())).unwrap();
    /// let bad = Avoidance { time_horizon: -1.0, ..Avoidance::default() };
    /// assert!(matches!(w.set_avoidance(Some(bad)), Err(WorldError::BadSetting { .. })));
    /// assert_eq!(w.avoidance(), Some(Avoidance::default()));
    /// ```
    pub fn set_avoidance(&mut self, settings: Option<Avoidance>) -> Result<(), WorldError> {
        match settings {
            None => self.crowd = None,
            Some(s) => {
                s.check()?;
                match self.crowd.as_mut() {
                    Some(c) => c.set_settings(s),
                    None => self.crowd = Some(Crowd::new(s)),
                }
            }
        }
        Ok(())
    }

    /// The avoidance settings (`None` when off).
    ///
    /// ```
    /// let w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// assert_eq!(w.avoidance(), None);
    /// ```
    pub fn avoidance(&self) -> Option<Avoidance> {
        self.crowd.as_ref().map(|c| c.settings())
    }

    // ---- groups ----

    fn group(&self, id: GroupId) -> Result<&Group, WorldError> {
        self.groups
            .get(id.idx, id.generation)
            .ok_or(WorldError::StaleGroup(id))
    }

    /// Makes a group of entities (of any radii). A member of another group
    /// leaves it. Members keep their own goals until [`World::send_group`].
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// let b = w.add_entity(EntityDef::at([3.0, 1.0]).radius(1.0).speed(2.0)).unwrap();
    /// let g = w.add_group(&[a, b]).unwrap();
    /// assert_eq!(w.group_members(g).unwrap(), &[a, b]);
    /// w.remove_entity(b).unwrap();
    /// assert!(w.add_group(&[a, b]).is_err()); // stale: nothing changes
    /// assert_eq!(w.entity(a).unwrap().group(), Some(g));
    /// ```
    pub fn add_group(&mut self, members: &[EntityId]) -> Result<GroupId, WorldError> {
        for &m in members {
            self.entity(m)?;
        }
        let mut list: Vec<EntityId> = Vec::with_capacity(members.len());
        for &m in members {
            if !list.contains(&m) {
                list.push(m);
            }
        }
        let (idx, generation) = self.groups.insert(Group::new(list.clone()));
        let id = GroupId { idx, generation };
        for m in list {
            let e = self.entity_mut(m).expect("checked");
            if let Some(old) = e.motion.group.replace(id)
                && let Some(g) = self.groups.get_mut(old.idx, old.generation)
            {
                g.leave(m);
            }
        }
        Ok(id)
    }

    /// Dissolves a group (its members keep walking, alone).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// let g = w.add_group(&[a]).unwrap();
    /// w.remove_group(g).unwrap();
    /// assert_eq!(w.entity(a).unwrap().group(), None);
    /// ```
    pub fn remove_group(&mut self, id: GroupId) -> Result<(), WorldError> {
        let g = self
            .groups
            .remove(id.idx, id.generation)
            .ok_or(WorldError::StaleGroup(id))?;
        for &m in g.members() {
            if let Ok(e) = self.entity_mut(m)
                && e.motion.group == Some(id)
            {
                e.motion.group = None;
            }
        }
        Ok(())
    }

    /// The group's members (removed entities included until the group is
    /// sent or removed).
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// let g = w.add_group(&[a]).unwrap();
    /// assert_eq!(w.group_members(g).unwrap().len(), 1);
    /// ```
    pub fn group_members(&self, id: GroupId) -> Result<&[EntityId], WorldError> {
        Ok(self.group(id)?.members())
    }

    /// Sends the whole group to one goal: each live member gets its own
    /// stopping place (returned in member order) and walks there on the
    /// optimal path for its radius. Places are taken on rings around the
    /// goal, nearest first, by the members in order of their distance to
    /// the goal (the first to arrive stop in the middle, the last ones on
    /// the outside); each is free of walls for the member's radius
    /// ([`World::is_free`]), seen from the goal without crossing a wall,
    /// and keeps a gap of the largest member's diameter from the other
    /// places (anyone can walk between two stopped members). [`WorldError::NoRoom`] (and no
    /// change) when the rings near the goal cannot hold everyone.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [30.0, 30.0]).unwrap();
    /// let ids: Vec<_> = (0..5).map(|i| w.add_entity(EntityDef::at([2.0 + 3.0 * i as f64, 2.0]).radius(1.0).speed(5.0)).unwrap()).collect();
    /// let g = w.add_group(&ids).unwrap();
    /// let places = w.send_group(g, [15.0, 20.0]).unwrap();
    /// for (i, a) in places.iter().enumerate() {
    ///     assert!(w.is_free(*a, 1.0).unwrap());
    ///     for b in &places[i + 1..] {
    ///         assert!(a.distance(*b) >= 2.0);
    ///     }
    /// }
    /// assert!(w.send_group(g, [f64::NAN, 0.0]).is_err());
    /// ```
    pub fn send_group(
        &mut self,
        id: GroupId,
        goal: impl Into<Point>,
    ) -> Result<Vec<Point>, WorldError> {
        let goal = self.check_in(goal.into())?;
        let members: Vec<EntityId> = self
            .group(id)?
            .members()
            .iter()
            .copied()
            .filter(|&m| self.entity(m).is_ok())
            .collect();
        let mut order: Vec<(f64, usize)> = members
            .iter()
            .enumerate()
            .map(|(k, &m)| (self.entity(m).expect("live").position.distance(goal), k))
            .collect();
        order.sort_by(|x, y| x.partial_cmp(y).expect("finite"));
        let radii = members
            .iter()
            .map(|&m| self.entity(m).expect("live").radius);
        let r_min = radii.clone().fold(f64::INFINITY, f64::min).max(0.05);
        let r_max = radii.fold(0.0, f64::max);
        let mut places: Vec<Option<(Point, f64)>> = vec![None; members.len()];
        let mut taken: Vec<(Point, f64)> = Vec::new();
        for &(_, k) in &order {
            let e = self.entity(members[k]).expect("live");
            let place = place_near(
                &self.cdt,
                goal,
                e.radius,
                e.position,
                r_min,
                2.0 * r_max,
                &taken,
            )
            .ok_or(WorldError::NoRoom(goal))?;
            taken.push((place, e.radius));
            places[k] = Some((place, e.radius));
        }
        let places: Vec<Point> = places.into_iter().map(|p| p.expect("set").0).collect();
        let delays = match self.avoidance() {
            Some(a) if a.spacing > 0.0 => {
                self.update_nav();
                file_slots(
                    a.spacing,
                    &mut self.finder,
                    &self.nav,
                    &self.entities,
                    &members,
                    &places,
                )
            }
            _ => vec![0.0; members.len()],
        };
        for ((&m, &p), delay) in members.iter().zip(&places).zip(delays) {
            self.set_goal(m, p)?;
            self.entity_mut(m).expect("live").motion.delay = delay;
        }
        self.groups
            .get_mut(id.idx, id.generation)
            .expect("checked")
            .set_members(members);
        Ok(places)
    }
}

fn check_speed(speed: f64) -> Result<(), WorldError> {
    if speed.is_finite() && speed > 0.0 {
        Ok(())
    } else {
        Err(WorldError::BadSpeed(speed))
    }
}
