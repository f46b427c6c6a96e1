//! Stable generational ids and the slot tables behind them.

macro_rules! id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name {
            pub(crate) idx: u32,
            pub(crate) generation: u32,
        }
    };
}

id!(
    /// Handle of an obstacle of a [`super::World`]: the same however often
    /// the obstacle moves; stale once it is removed (the slot's generation
    /// moves on).
    ///
    /// ```
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id: daedalus::world::ObstacleId = w.add_wall([[1.0, 1.0], [2.0, 2.0]], daedalus::Closure::Open).unwrap();
    /// w.remove_obstacle(id).unwrap();
    /// assert!(w.remove_obstacle(id).is_err());
    /// ```
    ObstacleId
);

id!(
    /// Handle of an entity of a [`super::World`]; stale once removed.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e: daedalus::world::EntityId = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.remove_entity(e).unwrap();
    /// assert!(w.entity(e).is_err());
    /// ```
    EntityId
);

id!(
    /// Handle of a group of entities of a [`super::World`] (see
    /// [`super::World::add_group`]); stale once removed.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// let mut w = daedalus::World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// let g: daedalus::world::GroupId = w.add_group(&[e]).unwrap();
    /// w.remove_group(g).unwrap();
    /// assert!(w.remove_group(g).is_err());
    /// ```
    GroupId
);

/// Slots with generations: ids of removed items never match again.
#[derive(Clone, Debug)]
pub(crate) struct Slots<T> {
    slots: Vec<(u32, Option<T>)>,
    free: Vec<u32>,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T> Slots<T> {
    pub(crate) fn insert(&mut self, v: T) -> (u32, u32) {
        let idx = self.free.pop().unwrap_or_else(|| {
            self.slots.push((0, None));
            (self.slots.len() - 1) as u32
        });
        let s = &mut self.slots[idx as usize];
        s.1 = Some(v);
        (idx, s.0)
    }

    pub(crate) fn get(&self, idx: u32, generation: u32) -> Option<&T> {
        match self.slots.get(idx as usize) {
            Some((g, Some(v))) if *g == generation => Some(v),
            _ => None,
        }
    }

    pub(crate) fn get_mut(&mut self, idx: u32, generation: u32) -> Option<&mut T> {
        match self.slots.get_mut(idx as usize) {
            Some((g, Some(v))) if *g == generation => Some(v),
            _ => None,
        }
    }

    pub(crate) fn remove(&mut self, idx: u32, generation: u32) -> Option<T> {
        let s = self.slots.get_mut(idx as usize)?;
        if s.0 != generation || s.1.is_none() {
            return None;
        }
        s.0 = s.0.wrapping_add(1);
        self.free.push(idx);
        s.1.take()
    }

    /// Live items with their index and generation.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u32, u32, &T)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, (g, v))| v.as_ref().map(|v| (i as u32, *g, v)))
    }

    pub(crate) fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}
