//! The objects table: every object with the shape holding its outline in a
//! [`Cdt`]. The table sits beside the triangulation (which knows nothing
//! of objects) and locks each object's shape there, so
//! [`Cdt::remove_shape`] refuses it.

use super::Object;
use crate::Point;
use crate::mesh::HeapPart;
use crate::triangulation::{Cdt, CdtError, ShapeId, check_point};

/// Handle of an inserted object.
///
/// ```
/// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
/// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
/// let id: daedalus::objects::ObjectId =
///     objects.insert(&mut cdt, Object::new([[1.0, 1.0], [2.0, 2.0]], daedalus::Closure::Open)).unwrap();
/// objects.remove(&mut cdt, id).unwrap();
/// assert!(objects.get(id).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ObjectId {
    idx: u32,
    generation: u32,
}

#[derive(Clone, Debug, Default)]
struct Slot {
    generation: u32,
    obj: Option<(Object, ShapeId)>,
    /// Already listed in `Objects::dirty`.
    queued: bool,
    /// The object as the mesh holds it, kept from its first `get_mut`
    /// since the last update: a rejected change goes back to it.
    good: Option<Object>,
}

/// One object whose change [`Objects::update`] rejected.
///
/// ```
/// use daedalus::{objects::{Object, ObjectError, Objects}, triangulation::{Cdt, CdtError}};
/// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
/// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [2.0, 2.0]], daedalus::Closure::Open)).unwrap();
/// objects.get_mut(id).unwrap().set_position([f64::NAN, 0.0]);
/// let ObjectError::Rejected(r) = objects.update(&mut cdt).unwrap_err() else { unreachable!() };
/// assert_eq!((r[0].object, r[0].error.clone()), (id, CdtError::NonFinite));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RejectedChange {
    /// The object; it is back at its last good pose and outline.
    pub object: ObjectId,
    /// Why its new outline could not go into the mesh.
    pub error: CdtError,
}

/// Errors of the [`Objects`] table. A failed call changes nothing (but
/// see [`ObjectError::Rejected`]).
///
/// ```
/// use daedalus::{objects::{Object, ObjectError, Objects}, triangulation::Cdt};
/// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
/// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [2.0, 2.0]], daedalus::Closure::Open)).unwrap();
/// objects.get_mut(id).unwrap().set_position([f64::INFINITY, 0.0]);
/// let e = objects.update(&mut cdt).unwrap_err();
/// assert!(e.to_string().contains("1 object change(s) rejected"));
/// objects.remove(&mut cdt, id).unwrap();
/// assert_eq!(objects.remove(&mut cdt, id), Err(ObjectError::StaleObject(id)));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ObjectError {
    /// These objects' changes were rejected (each is back at its last good
    /// pose and outline); every other moved object was updated.
    #[error("{} object change(s) rejected, first {:?}: {}", .0.len(), .0[0].object, .0[0].error)]
    Rejected(Vec<RejectedChange>),
    /// The object was removed (or never belonged to this table).
    #[error("stale or unknown object handle {0:?}")]
    StaleObject(ObjectId),
    /// The triangulation refused the object's outline or its removal.
    #[error(transparent)]
    Cdt(#[from] CdtError),
}

/// The objects of one [`Cdt`]: each object and the shape holding its
/// world outline there. Pass the same `Cdt` to every call (the table
/// holds handles into it). The table locks its shapes
/// ([`Cdt::lock_shape`]), so [`Cdt::remove_shape`] refuses them.
///
/// ```
/// use daedalus::{Closure, objects::{Object, Objects}, triangulation::{Cdt, CdtError}};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let mut objects = Objects::new();
/// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [2.0, 2.0]], Closure::Open)).unwrap();
/// let s = objects.shape(id).unwrap();
/// assert_eq!(cdt.remove_shape(s), Err(CdtError::LockedShape(s)));
/// objects.remove(&mut cdt, id).unwrap(); // still fine
/// ```
#[derive(Clone, Debug, Default)]
pub struct Objects {
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Slots handed out by `get_mut` since the last update: the only ones
    /// `update` looks at, so an update costs the same in any world size.
    dirty: Vec<u32>,
}

fn check_outline(pts: &[Point]) -> Result<(), CdtError> {
    for &p in pts {
        check_point(p)?;
    }
    if !pts.iter().any(|&p| p != pts[0]) {
        return Err(CdtError::TooFewPoints);
    }
    Ok(())
}

impl Objects {
    /// An empty table.
    ///
    /// ```
    /// assert_eq!(daedalus::objects::Objects::new().iter().count(), 0);
    /// ```
    pub fn new() -> Objects {
        Objects::default()
    }

    fn raw(&self, id: ObjectId) -> Result<usize, ObjectError> {
        match self.slots.get(id.idx as usize) {
            Some(s) if s.generation == id.generation && s.obj.is_some() => Ok(id.idx as usize),
            _ => Err(ObjectError::StaleObject(id)),
        }
    }

    /// Inserts an object (its world outline as a locked shape of `cdt`).
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0], [2.0, 3.0]], daedalus::Closure::Closed)).unwrap();
    /// assert_eq!(objects.outline(id).unwrap().len(), 3);
    /// ```
    pub fn insert(&mut self, cdt: &mut Cdt, mut obj: Object) -> Result<ObjectId, ObjectError> {
        let world = obj.world_outline();
        check_outline(&world)?;
        let shape = cdt.insert_outline(&world, obj.closure)?;
        cdt.lock_shape(shape)?;
        obj.moved = false;
        let idx = self.free.pop().unwrap_or_else(|| {
            self.slots.push(Slot::default());
            (self.slots.len() - 1) as u32
        });
        let s = &mut self.slots[idx as usize];
        s.obj = Some((obj, shape));
        Ok(ObjectId {
            idx,
            generation: s.generation,
        })
    }

    /// Removes an object and its shape.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// objects.remove(&mut cdt, id).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 4);
    /// ```
    pub fn remove(&mut self, cdt: &mut Cdt, id: ObjectId) -> Result<(), ObjectError> {
        let i = self.raw(id)?;
        let shape = self.slots[i].obj.as_ref().expect("checked").1;
        // the shape first: if that fails, the object stays
        cdt.remove_shape_any(shape)?;
        let s = &mut self.slots[i];
        s.obj = None;
        s.good = None;
        s.generation += 1;
        self.free.push(i as u32);
        Ok(())
    }

    /// The object.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// assert!(!objects.get(id).unwrap().is_moved());
    /// ```
    pub fn get(&self, id: ObjectId) -> Result<&Object, ObjectError> {
        let i = self.raw(id)?;
        Ok(&self.slots[i].obj.as_ref().expect("checked").0)
    }

    /// The object, mutable: its setters mark it moved; [`Objects::update`]
    /// brings the mesh in step.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// objects.get_mut(id).unwrap().set_position([2.0, 2.0]);
    /// objects.update(&mut cdt).unwrap();
    /// assert_eq!(objects.outline(id).unwrap()[0], daedalus::Point::new(3.0, 3.0));
    /// assert!(cdt.validate().is_empty());
    /// ```
    pub fn get_mut(&mut self, id: ObjectId) -> Result<&mut Object, ObjectError> {
        let i = self.raw(id)?;
        let s = &mut self.slots[i];
        if !s.queued {
            s.queued = true;
            self.dirty.push(i as u32);
        }
        if s.good.is_none() {
            s.good = s.obj.as_ref().map(|(o, _)| o.clone());
        }
        Ok(&mut s.obj.as_mut().expect("checked").0)
    }

    /// The object's outline in world coordinates.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(objects.outline(id).unwrap()[1].x, 3.0);
    /// ```
    pub fn outline(&self, id: ObjectId) -> Result<Vec<Point>, ObjectError> {
        Ok(self.get(id)?.world_outline())
    }

    /// Re-inserts every moved object (old shape removed, new world outline
    /// inserted from a hint near the old place), each as its own
    /// all-or-nothing operation of `cdt`. An object whose new outline is
    /// invalid (NaN, beyond [`MAX_COORD`](crate::triangulation::MAX_COORD))
    /// or whose insertion gives up is named in [`ObjectError::Rejected`]
    /// and goes back to its last good pose and outline (the one the mesh
    /// holds, so [`Objects::outline`] matches the mesh); the others are
    /// updated. Looks only at the objects handed out by
    /// [`Objects::get_mut`] since the last update.
    ///
    /// ```
    /// use daedalus::{objects::{Object, ObjectError, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let seg = || Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// let (bad, good) = (objects.insert(&mut cdt, seg()).unwrap(), objects.insert(&mut cdt, seg()).unwrap());
    /// objects.get_mut(bad).unwrap().set_position([f64::NAN, 0.0]);
    /// objects.get_mut(good).unwrap().set_position([5.0, 5.0]);
    /// let Err(ObjectError::Rejected(r)) = objects.update(&mut cdt) else { panic!() };
    /// assert_eq!(r.len(), 1);
    /// assert_eq!(r[0].object, bad);
    /// assert_eq!(objects.get(bad).unwrap().pose().position, [0.0, 0.0].into()); // last good pose
    /// assert_eq!(objects.outline(good).unwrap()[0], [5.0, 5.0].into());
    /// assert!(objects.update(&mut cdt).is_ok()); // nothing left pending
    /// ```
    pub fn update(&mut self, cdt: &mut Cdt) -> Result<(), ObjectError> {
        let mut rejected = Vec::new();
        let dirty = std::mem::take(&mut self.dirty);
        for &i in &dirty {
            let i = i as usize;
            let slot = &mut self.slots[i];
            slot.queued = false;
            let good = slot.good.take();
            let Some((o, old)) = &slot.obj else {
                continue;
            };
            if !o.moved {
                continue;
            }
            let (old, closure) = (*old, o.closure);
            let w = o.world_outline();
            let id = ObjectId {
                idx: i as u32,
                generation: slot.generation,
            };
            let res = check_outline(&w).and_then(|()| {
                cdt.atomic(|c| {
                    c.remove_shape_any(old)?;
                    let new = c.insert_outline(&w, closure)?;
                    c.lock_shape(new)?;
                    Ok(new)
                })
            });
            let (o, shape) = self.slots[i].obj.as_mut().expect("live");
            match res {
                Ok(new) => {
                    o.moved = false;
                    *shape = new;
                }
                Err(error) => {
                    match good {
                        Some(mut g) => {
                            g.moved = false;
                            *o = g;
                        }
                        // (`moved` set without `get_mut`: cannot happen)
                        None => o.moved = false,
                    }
                    rejected.push(RejectedChange { object: id, error });
                }
            }
        }
        let mut dirty = dirty;
        dirty.clear();
        self.dirty = dirty;
        if rejected.is_empty() {
            Ok(())
        } else {
            Err(ObjectError::Rejected(rejected))
        }
    }

    /// The live objects.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(objects.iter().count(), 1);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = ObjectId> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.obj.is_some())
            .map(|(i, s)| ObjectId {
                idx: i as u32,
                generation: s.generation,
            })
    }

    /// The shape currently holding an object's outline.
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// let id = objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// assert!(cdt.shape_segments(objects.shape(id).unwrap()).is_ok());
    /// ```
    pub fn shape(&self, id: ObjectId) -> Result<ShapeId, ObjectError> {
        let i = self.raw(id)?;
        Ok(self.slots[i].obj.as_ref().expect("checked").1)
    }

    /// Bytes held by the table (slots, free list, pending moves, outlines),
    /// as one [`HeapPart`] named `"objects.table"`, to list beside
    /// [`Cdt::heap_parts`].
    ///
    /// ```
    /// use daedalus::{objects::{Object, Objects}, triangulation::Cdt};
    /// let (mut cdt, mut objects) = (Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap(), Objects::new());
    /// objects.insert(&mut cdt, Object::new([[1.0, 1.0], [3.0, 1.0]], daedalus::Closure::Open)).unwrap();
    /// let parts = objects.heap_parts();
    /// assert_eq!(parts[0].name, "objects.table");
    /// assert!(parts[0].bytes >= 2 * 16); // at least the outline's two points
    /// ```
    pub fn heap_parts(&self) -> Vec<HeapPart> {
        let bytes = self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.free.capacity() * 4
            + self.dirty.capacity() * 4
            + self
                .slots
                .iter()
                .flat_map(|s| s.obj.iter().map(|(o, _)| o).chain(&s.good))
                .map(|o| o.outline.capacity() * 16)
                .sum::<usize>();
        vec![HeapPart {
            name: "objects.table",
            bytes,
        }]
    }
}
