//! Objects: a shape in local coordinates placed in the world by a baked
//! affine transform `T2 * R * S * T1` (pivot, scale x/y, rotation,
//! position). Moving an object only marks it; [`Cdt::update_objects`]
//! re-inserts the moved ones, each located from a hint next to its old
//! place, so a move costs the same whatever the size of the world.

use crate::Point;
use crate::geometry::{Closure, Transform};
use crate::triangulation::{Cdt, CdtError, ShapeId, check_point};

/// Placement of an object: the transform `T2 * R * S * T1` (the pivot is
/// kept fixed by scale and rotation, then moved to `position`).
///
/// ```
/// use daedalus::objects::{Object, Pose};
/// let p = Pose::default();
/// assert_eq!((p.scale_x, p.scale_y, p.rotation), (1.0, 1.0, 0.0));
/// let mut o = Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
/// o.set_pose(Pose { position: [3.0, 4.0].into(), ..p });
/// assert_eq!(o.world_outline()[1], [4.0, 4.0].into());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Local point that scale and rotation keep fixed.
    pub pivot: Point,
    /// Scale along local x.
    pub scale_x: f64,
    /// Scale along local y.
    pub scale_y: f64,
    /// Radians, counter-clockwise.
    pub rotation: f64,
    /// World position of the pivot.
    pub position: Point,
}

impl Default for Pose {
    fn default() -> Self {
        Pose {
            pivot: Point::new(0.0, 0.0),
            scale_x: 1.0,
            scale_y: 1.0,
            rotation: 0.0,
            position: Point::new(0.0, 0.0),
        }
    }
}

impl Pose {
    /// The baked transform `T2 * R * S * T1`.
    ///
    /// ```
    /// let p = daedalus::objects::Pose { position: [1.0, 2.0].into(), ..Default::default() };
    /// assert_eq!(p.transform().apply([1.0, 1.0].into()), [2.0, 3.0].into());
    /// ```
    pub fn transform(&self) -> Transform {
        Transform::baked(
            self.pivot,
            self.scale_x,
            self.scale_y,
            self.rotation,
            self.position,
        )
    }
}

/// An obstacle: local outline plus placement.
///
/// ```
/// use daedalus::{Closure, objects::Object};
/// let mut o = Object::new(vec![[0.0, 0.0].into(), [2.0, 0.0].into(), [2.0, 1.0].into()], Closure::Closed);
/// o.set_position([10.0, 5.0]);
/// o.set_rotation(std::f64::consts::FRAC_PI_2);
/// let w = o.world_outline();
/// assert!((w[1].x - 10.0).abs() < 1e-12 && (w[1].y - 7.0).abs() < 1e-12);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    outline: Vec<Point>,
    closure: Closure,
    pose: Pose,
    moved: bool,
}

impl Object {
    /// An object at the origin, unit scale, no rotation, pivot (0, 0).
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(1.0, 0.0));
    /// ```
    pub fn new(outline: Vec<Point>, closure: Closure) -> Object {
        Object {
            outline,
            closure,
            pose: Pose::default(),
            moved: true,
        }
    }
    /// A closed `width` × `height` rectangle centred on its pivot (the
    /// usual crate, door or bar), corners counter-clockwise.
    ///
    /// ```
    /// use daedalus::{Point, objects::Object};
    /// let door = Object::rectangle(2.0, 10.0);
    /// assert_eq!(door.outline()[0], Point::new(-1.0, -5.0));
    /// assert_eq!(door.outline()[2], Point::new(1.0, 5.0));
    /// ```
    pub fn rectangle(width: f64, height: f64) -> Object {
        let (a, b) = (width / 2.0, height / 2.0);
        let corners = [(-a, -b), (a, -b), (a, b), (-a, b)];
        Object::new(
            corners.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            Closure::Closed,
        )
    }

    /// The local outline.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// assert_eq!(o.outline().len(), 2);
    /// ```
    pub fn outline(&self) -> &[Point] {
        &self.outline
    }
    /// Is the outline closed?
    ///
    /// ```
    /// use daedalus::{Closure, objects::Object};
    /// let o = Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], Closure::Open);
    /// assert_eq!(o.closure(), Closure::Open);
    /// ```
    pub fn closure(&self) -> Closure {
        self.closure
    }
    /// Replaces the local outline (marks the object moved).
    ///
    /// ```
    /// use daedalus::{Closure, objects::Object};
    /// let mut o = Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], Closure::Open);
    /// o.set_outline(vec![[0.0, 0.0].into(), [3.0, 0.0].into()], Closure::Open);
    /// assert_eq!(o.outline()[1].x, 3.0);
    /// ```
    pub fn set_outline(&mut self, outline: Vec<Point>, closure: Closure) {
        self.outline = outline;
        self.closure = closure;
        self.moved = true;
    }
    /// Pivot (local point that rotation and scale keep fixed).
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [2.0, 0.0].into()], daedalus::Closure::Open);
    /// o.set_pivot([1.0, 0.0]);
    /// o.set_rotation(std::f64::consts::PI);
    /// assert!((o.world_outline()[0].x - 1.0).abs() < 1e-12); // (0,0) -> pivot-relative (-1,0) -> (1,0) -> world x 1
    /// ```
    pub fn set_pivot(&mut self, pivot: impl Into<Point>) {
        self.pose.pivot = pivot.into();
        self.moved = true;
    }
    /// Scale along local x and y.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 1.0].into()], daedalus::Closure::Open);
    /// o.set_scale(2.0, 3.0);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(2.0, 3.0));
    /// ```
    pub fn set_scale(&mut self, sx: f64, sy: f64) {
        self.pose.scale_x = sx;
        self.pose.scale_y = sy;
        self.moved = true;
    }
    /// Rotation in radians, counter-clockwise.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[1.0, 0.0].into(), [2.0, 0.0].into()], daedalus::Closure::Open);
    /// o.set_rotation(std::f64::consts::FRAC_PI_2);
    /// assert!((o.world_outline()[0].y - 1.0).abs() < 1e-12);
    /// ```
    pub fn set_rotation(&mut self, radians: f64) {
        self.pose.rotation = radians;
        self.moved = true;
    }
    /// World position of the pivot.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// o.set_position([5.0, 6.0]);
    /// assert_eq!(o.world_outline()[0], daedalus::Point::new(5.0, 6.0));
    /// ```
    pub fn set_position(&mut self, position: impl Into<Point>) {
        self.pose.position = position.into();
        self.moved = true;
    }
    /// Pivot, scale, rotation and position.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// assert_eq!((o.pose().scale_x, o.pose().scale_y), (1.0, 1.0));
    /// ```
    pub fn pose(&self) -> Pose {
        self.pose
    }
    /// Sets pivot, scale, rotation and position at once.
    ///
    /// ```
    /// use daedalus::objects::{Object, Pose};
    /// let mut o = Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// o.set_pose(Pose { scale_x: 2.0, ..Pose::default() });
    /// assert_eq!(o.world_outline()[1], [2.0, 0.0].into());
    /// ```
    pub fn set_pose(&mut self, pose: Pose) {
        self.pose = pose;
        self.moved = true;
    }
    /// Moved since the last [`Cdt::update_objects`]?
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// assert!(o.is_moved());
    /// ```
    pub fn is_moved(&self) -> bool {
        self.moved
    }
    /// The baked transform `T2 * R * S * T1`.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// assert_eq!(o.transform().apply([1.0, 2.0].into()), daedalus::Point::new(1.0, 2.0));
    /// ```
    pub fn transform(&self) -> Transform {
        self.pose.transform()
    }
    /// The outline in world coordinates.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// o.set_position([1.0, 1.0]);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(2.0, 1.0));
    /// ```
    pub fn world_outline(&self) -> Vec<Point> {
        let t = self.transform();
        self.outline.iter().map(|&p| t.apply(p)).collect()
    }
}

/// Handle of an inserted object.
///
/// ```
/// use daedalus::{objects::Object, triangulation::Cdt};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let id: daedalus::objects::ObjectId =
///     cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [2.0, 2.0].into()], daedalus::Closure::Open)).unwrap();
/// cdt.remove_object(id).unwrap();
/// assert!(cdt.object(id).is_err());
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
    /// Already listed in `ObjectTable::dirty`.
    queued: bool,
    /// The object as the mesh holds it, kept from its first `object_mut`
    /// since the last update: a rejected change goes back to it.
    good: Option<Object>,
}

/// One object whose change [`Cdt::update_objects`] rejected.
///
/// ```
/// use daedalus::{objects::{Object, ObjectError}, triangulation::{Cdt, CdtError}};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [2.0, 2.0].into()], daedalus::Closure::Open)).unwrap();
/// cdt.object_mut(id).unwrap().set_position([f64::NAN, 0.0]);
/// let ObjectError::Rejected(r) = cdt.update_objects().unwrap_err() else { unreachable!() };
/// assert_eq!((r[0].object, r[0].error.clone()), (id, CdtError::NonFinite));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RejectedChange {
    /// The object; it is back at its last good pose and outline.
    pub object: ObjectId,
    /// Why its new outline could not go into the mesh.
    pub error: CdtError,
}

/// Errors of [`Cdt::update_objects`].
///
/// ```
/// use daedalus::{objects::{Object, ObjectError}, triangulation::Cdt};
/// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [2.0, 2.0].into()], daedalus::Closure::Open)).unwrap();
/// cdt.object_mut(id).unwrap().set_position([f64::INFINITY, 0.0]);
/// let e = cdt.update_objects().unwrap_err();
/// assert!(e.to_string().contains("1 object change(s) rejected"));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ObjectError {
    /// These objects' changes were rejected (each is back at its last good
    /// pose and outline); every other moved object was updated.
    #[error("{} object change(s) rejected, first {:?}: {}", .0.len(), .0[0].object, .0[0].error)]
    Rejected(Vec<RejectedChange>),
}

/// Objects of a [`Cdt`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ObjectTable {
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Slots handed out by `object_mut` since the last update: the only ones
    /// `update_objects` looks at, so an update costs the same in any world size.
    dirty: Vec<u32>,
    /// Shape slot -> object slot + 1 (0: the shape is no object's), so
    /// [`Cdt::remove_shape`] can refuse an object's shape in O(1).
    owner: Vec<u32>,
}

impl ObjectTable {
    /// The object slot owning shape `s`, if any.
    pub(crate) fn owner_of(&self, s: ShapeId) -> Option<u32> {
        let o = *self.owner.get(s.idx as usize)?;
        let slot = self.slots.get(o.checked_sub(1)? as usize)?;
        match &slot.obj {
            Some((_, shape)) if *shape == s => Some(o - 1),
            _ => None,
        }
    }

    fn set_owner(&mut self, s: ShapeId, obj: Option<u32>) {
        let i = s.idx as usize;
        if self.owner.len() <= i {
            self.owner.resize(i + 1, 0);
        }
        self.owner[i] = obj.map_or(0, |o| o + 1);
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.free.capacity() * 4
            + self.dirty.capacity() * 4
            + self.owner.capacity() * 4
            + self
                .slots
                .iter()
                .filter_map(|s| s.obj.as_ref())
                .map(|(o, _)| o.outline.capacity() * 16)
                .sum::<usize>()
    }
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

impl Cdt {
    fn obj_raw(&self, id: ObjectId) -> Result<usize, CdtError> {
        match self.objects.slots.get(id.idx as usize) {
            Some(s) if s.generation == id.generation && s.obj.is_some() => Ok(id.idx as usize),
            _ => Err(CdtError::StaleObject(id)),
        }
    }

    /// Inserts an object (its world outline as a shape).
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into(), [2.0, 3.0].into()], daedalus::Closure::Closed)).unwrap();
    /// assert_eq!(cdt.object_outline(id).unwrap().len(), 3);
    /// ```
    pub fn insert_object(&mut self, mut obj: Object) -> Result<ObjectId, CdtError> {
        let world = obj.world_outline();
        check_outline(&world)?;
        let shape = self.insert_shape(&world, obj.closure)?;
        obj.moved = false;
        let t = &mut self.objects;
        let idx = t.free.pop().unwrap_or_else(|| {
            t.slots.push(Slot::default());
            (t.slots.len() - 1) as u32
        });
        t.set_owner(shape, Some(idx));
        let s = &mut t.slots[idx as usize];
        s.obj = Some((obj, shape));
        Ok(ObjectId {
            idx,
            generation: s.generation,
        })
    }

    /// Removes an object and its shape.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// cdt.remove_object(id).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 4);
    /// ```
    pub fn remove_object(&mut self, id: ObjectId) -> Result<(), CdtError> {
        let i = self.obj_raw(id)?;
        let shape = self.objects.slots[i].obj.as_ref().expect("checked").1;
        // the shape first: if that fails, the object stays
        self.remove_shape_any(shape)?;
        self.objects.set_owner(shape, None);
        let s = &mut self.objects.slots[i];
        s.obj = None;
        s.good = None;
        s.generation += 1;
        self.objects.free.push(i as u32);
        Ok(())
    }

    /// The object.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// assert!(!cdt.object(id).unwrap().is_moved());
    /// ```
    pub fn object(&self, id: ObjectId) -> Result<&Object, CdtError> {
        let i = self.obj_raw(id)?;
        Ok(&self.objects.slots[i].obj.as_ref().expect("checked").0)
    }

    /// The object, mutable: its setters mark it moved.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// cdt.object_mut(id).unwrap().set_position([2.0, 2.0]);
    /// cdt.update_objects().unwrap();
    /// assert_eq!(cdt.object_outline(id).unwrap()[0], daedalus::Point::new(3.0, 3.0));
    /// assert!(cdt.validate().is_empty());
    /// ```
    pub fn object_mut(&mut self, id: ObjectId) -> Result<&mut Object, CdtError> {
        let i = self.obj_raw(id)?;
        let t = &mut self.objects;
        let s = &mut t.slots[i];
        if !s.queued {
            s.queued = true;
            t.dirty.push(i as u32);
        }
        if s.good.is_none() {
            s.good = s.obj.as_ref().map(|(o, _)| o.clone());
        }
        Ok(&mut s.obj.as_mut().expect("checked").0)
    }

    /// The object's outline in world coordinates.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(cdt.object_outline(id).unwrap()[1].x, 3.0);
    /// ```
    pub fn object_outline(&self, id: ObjectId) -> Result<Vec<Point>, CdtError> {
        Ok(self.object(id)?.world_outline())
    }

    /// Re-inserts every moved object (old shape removed, new world outline
    /// inserted from a hint near the old place), each as its own
    /// all-or-nothing operation. An object whose new outline is invalid
    /// (NaN, beyond [`MAX_COORD`](crate::triangulation::MAX_COORD)) or whose
    /// insertion gives up is named in [`ObjectError::Rejected`] and goes
    /// back to its last good pose and outline (the one the mesh holds, so
    /// [`Cdt::object_outline`] matches the mesh); the others are updated.
    ///
    /// ```
    /// use daedalus::{objects::{Object, ObjectError}, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let seg = || Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], daedalus::Closure::Open);
    /// let (bad, good) = (cdt.insert_object(seg()).unwrap(), cdt.insert_object(seg()).unwrap());
    /// cdt.object_mut(bad).unwrap().set_position([f64::NAN, 0.0]);
    /// cdt.object_mut(good).unwrap().set_position([5.0, 5.0]);
    /// let Err(ObjectError::Rejected(r)) = cdt.update_objects() else { panic!() };
    /// assert_eq!(r.len(), 1);
    /// assert_eq!(r[0].object, bad);
    /// assert_eq!(cdt.object(bad).unwrap().pose().position, [0.0, 0.0].into()); // last good pose
    /// assert_eq!(cdt.object_outline(good).unwrap()[0], [5.0, 5.0].into());
    /// assert!(cdt.update_objects().is_ok()); // nothing left pending
    /// ```
    pub fn update_objects(&mut self) -> Result<(), ObjectError> {
        let mut rejected = Vec::new();
        let dirty = std::mem::take(&mut self.objects.dirty);
        for &i in &dirty {
            let i = i as usize;
            let slot = &mut self.objects.slots[i];
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
                self.atomic(|c| {
                    c.remove_shape_any(old)?;
                    c.insert_shape(&w, closure)
                })
            });
            match res {
                Ok(new) => {
                    self.objects.set_owner(old, None);
                    self.objects.set_owner(new, Some(i as u32));
                    let (o, shape) = self.objects.slots[i].obj.as_mut().expect("live");
                    o.moved = false;
                    *shape = new;
                }
                Err(error) => {
                    let (o, _) = self.objects.slots[i].obj.as_mut().expect("live");
                    match good {
                        Some(mut g) => {
                            g.moved = false;
                            *o = g;
                        }
                        // (`moved` set without `object_mut`: cannot happen)
                        None => o.moved = false,
                    }
                    rejected.push(RejectedChange { object: id, error });
                }
            }
        }
        let mut dirty = dirty;
        dirty.clear();
        self.objects.dirty = dirty;
        if rejected.is_empty() {
            Ok(())
        } else {
            Err(ObjectError::Rejected(rejected))
        }
    }

    /// The objects.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// assert_eq!(cdt.objects().count(), 1);
    /// ```
    pub fn objects(&self) -> impl Iterator<Item = ObjectId> + '_ {
        self.objects
            .slots
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
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], daedalus::Closure::Open)).unwrap();
    /// assert!(cdt.shape_segments(cdt.object_shape(id).unwrap()).is_ok());
    /// ```
    pub fn object_shape(&self, id: ObjectId) -> Result<ShapeId, CdtError> {
        let i = self.obj_raw(id)?;
        Ok(self.objects.slots[i].obj.as_ref().expect("checked").1)
    }
}
