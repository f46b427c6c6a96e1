//! Groups: entities that walk together. Members keep spacing in their
//! corridor (see the module doc) and a shared goal gives each member its
//! own stopping place around the goal.

use crate::Point;
use crate::geometry::segments_meet;
use crate::world::{EntityId, GroupId, World, WorldError};

/// A group's members, in the order they were given.
#[derive(Clone, Debug, Default)]
pub(crate) struct Group {
    members: Vec<EntityId>,
}

/// Rings of candidate places tried around a shared goal before giving up.
const MAX_RINGS: usize = 400;

impl World {
    fn group(&self, id: GroupId) -> Result<&Group, WorldError> {
        self.groups
            .get(id.idx, id.generation)
            .ok_or(WorldError::StaleGroup(id))
    }

    /// Makes a group of entities (of any radii). A member of another group
    /// leaves it. Members keep their own goals until [`World::send_group`].
    ///
    /// ```
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity([1.0, 1.0], 0.5, 2.0).unwrap();
    /// let b = w.add_entity([3.0, 1.0], 1.0, 2.0).unwrap();
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
        let (idx, generation) = self.groups.insert(Group {
            members: list.clone(),
        });
        let id = GroupId { idx, generation };
        for m in list {
            let e = self.entity_mut(m).expect("checked");
            if let Some(old) = e.motion.group.replace(id)
                && let Some(g) = self.groups.get_mut(old.idx, old.generation)
            {
                g.members.retain(|&x| x != m);
            }
        }
        Ok(id)
    }

    /// Dissolves a group (its members keep walking, alone).
    ///
    /// ```
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity([1.0, 1.0], 0.5, 2.0).unwrap();
    /// let g = w.add_group(&[a]).unwrap();
    /// w.remove_group(g).unwrap();
    /// assert_eq!(w.entity(a).unwrap().group(), None);
    /// ```
    pub fn remove_group(&mut self, id: GroupId) -> Result<(), WorldError> {
        let g = self
            .groups
            .remove(id.idx, id.generation)
            .ok_or(WorldError::StaleGroup(id))?;
        for m in g.members {
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
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let a = w.add_entity([1.0, 1.0], 0.5, 2.0).unwrap();
    /// let g = w.add_group(&[a]).unwrap();
    /// assert_eq!(w.group_members(g).unwrap().len(), 1);
    /// ```
    pub fn group_members(&self, id: GroupId) -> Result<&[EntityId], WorldError> {
        Ok(&self.group(id)?.members)
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
    /// let mut w = daedalus::World::new([0.0, 0.0], [30.0, 30.0]).unwrap();
    /// let ids: Vec<_> = (0..5).map(|i| w.add_entity([2.0 + 3.0 * i as f64, 2.0], 1.0, 5.0).unwrap()).collect();
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
            .members
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
            let place = self
                .place_near(goal, e.radius, e.position, r_min, 2.0 * r_max, &taken)
                .ok_or(WorldError::NoRoom(goal))?;
            taken.push((place, e.radius));
            places[k] = Some((place, e.radius));
        }
        let places: Vec<Point> = places.into_iter().map(|p| p.expect("set").0).collect();
        let delays = self.file_slots(&members, &places);
        for ((&m, &p), delay) in members.iter().zip(&places).zip(delays) {
            self.set_goal(m, p)?;
            self.entity_mut(m).expect("live").motion.delay = delay;
        }
        self.groups
            .get_mut(id.idx, id.generation)
            .expect("checked")
            .members = members;
        Ok(places)
    }

    /// Start delays that put the members in file: ordered by the length
    /// of their own optimal path to their place (found on the current
    /// navigation; the straight distance when there is none), each
    /// arrives no sooner than the one before it plus the time to walk
    /// `(1 + spacing)` times the sum of their radii. Paths to places around
    /// one goal merge into one corridor near it; members walking at their
    /// speed after their delay then pass any point of the shared part in
    /// turn, that far apart, instead of all at once at its entry (the
    /// original's "paths sampled to synchronise the entities").
    fn file_slots(&mut self, members: &[EntityId], places: &[Point]) -> Vec<f64> {
        let spacing = match &self.crowd {
            Some(c) if c.settings.spacing > 0.0 => c.settings.spacing,
            _ => return vec![0.0; members.len()],
        };
        if self.nav_revision != self.cdt.revision() {
            self.nav_revision = self.nav.update(&mut self.cdt).revision;
        }
        // (walking time, radius, speed, member index)
        let mut walk: Vec<(f64, f64, f64, usize)> = members
            .iter()
            .zip(places)
            .enumerate()
            .map(|(k, (&m, &place))| {
                let e = self.entities.get(m.idx, m.generation).expect("live");
                let (p, r, v) = (e.position, e.radius, e.speed);
                let len = self
                    .finder
                    .find_path(&self.nav, p, place, r)
                    .map_or(p.distance(place), |path| path.length());
                (len / v, r, v, k)
            })
            .collect();
        walk.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        let mut delays = vec![0.0; members.len()];
        let mut last: Option<(f64, f64)> = None; // arrival time, radius
        for (t, r, v, k) in walk {
            let arrive = match last {
                Some((ta, ra)) => t.max(ta + (1.0 + spacing) * (r + ra) / v),
                None => t,
            };
            delays[k] = arrive - t;
            last = Some((arrive, r));
        }
        delays
    }

    /// The first free place for a disc of radius `r` on the rings about
    /// `goal` (ring spacing and arc steps of `step`), starting from the
    /// direction of `from`, `gap` away from the places taken.
    fn place_near(
        &self,
        goal: Point,
        r: f64,
        from: Point,
        step: f64,
        gap: f64,
        taken: &[(Point, f64)],
    ) -> Option<Point> {
        let base = (from.y - goal.y).atan2(from.x - goal.x);
        let base = if base.is_finite() { base } else { 0.0 };
        let ok = |c: Point| {
            taken.iter().all(|&(q, rq)| c.distance(q) >= r + rq + gap)
                && self.cdt.in_bounds(c)
                && self.cdt.is_free(c, r) == Ok(true)
                && self.seen_from(goal, c)
        };
        if ok(goal) {
            return Some(goal);
        }
        for ring in 1..=MAX_RINGS {
            let rho = ring as f64 * step;
            let n = ((std::f64::consts::TAU * rho / step).ceil() as usize).max(6);
            for k in 0..n {
                // alternate sides of the base direction
                let half = k.div_ceil(2) as f64 * if k % 2 == 0 { -1.0 } else { 1.0 };
                let a = base + half * std::f64::consts::TAU / n as f64;
                let c = Point::new(goal.x + rho * a.cos(), goal.y + rho * a.sin());
                if ok(c) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Does the segment from `a` to `b` cross no wall (walls near `a` read
    /// from the triangulation)?
    fn seen_from(&self, a: Point, b: Point) -> bool {
        let Ok(Some(walls)) = self.cdt.walls_near(a, a.distance(b) + 1e-9) else {
            return false;
        };
        walls.iter().all(|&(p, q)| !segments_meet(a, b, p, q))
    }
}
