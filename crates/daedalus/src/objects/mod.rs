//! Objects: a shape in local coordinates placed in the world by a baked
//! affine transform `T2 * R * S * T1` (pivot, scale x/y, rotation,
//! position). Moving an object only marks it; [`Cdt::update_objects`]
//! re-inserts the moved ones, each located from a hint next to its old
//! place, so a move costs the same whatever the size of the world.

mod transform;

pub use transform::Affine;

use crate::Point;
use crate::triangulation::{Cdt, CdtError, ShapeId, check_point_pub};

/// An obstacle: local outline plus placement.
///
/// ```
/// use daedalus::objects::Object;
/// let mut o = Object::new(vec![[0.0, 0.0].into(), [2.0, 0.0].into(), [2.0, 1.0].into()], true);
/// o.set_position(10.0, 5.0);
/// o.set_rotation(std::f64::consts::FRAC_PI_2);
/// let w = o.world_outline();
/// assert!((w[1].x - 10.0).abs() < 1e-12 && (w[1].y - 7.0).abs() < 1e-12);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    outline: Vec<Point>,
    closed: bool,
    pivot: Point,
    scale: (f64, f64),
    rotation: f64,
    position: Point,
    moved: bool,
}

impl Object {
    /// An object at the origin, unit scale, no rotation, pivot (0, 0).
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(1.0, 0.0));
    /// ```
    pub fn new(outline: Vec<Point>, closed: bool) -> Object {
        Object {
            outline,
            closed,
            pivot: Point::new(0.0, 0.0),
            scale: (1.0, 1.0),
            rotation: 0.0,
            position: Point::new(0.0, 0.0),
            moved: true,
        }
    }
    /// The local outline.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert_eq!(o.outline().len(), 2);
    /// ```
    pub fn outline(&self) -> &[Point] {
        &self.outline
    }
    /// Is the outline closed?
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert!(!o.closed());
    /// ```
    pub fn closed(&self) -> bool {
        self.closed
    }
    /// Replaces the local outline (marks the object moved).
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// o.set_outline(vec![[0.0, 0.0].into(), [3.0, 0.0].into()], false);
    /// assert_eq!(o.outline()[1].x, 3.0);
    /// ```
    pub fn set_outline(&mut self, outline: Vec<Point>, closed: bool) {
        self.outline = outline;
        self.closed = closed;
        self.moved = true;
    }
    /// Pivot (local point that rotation and scale keep fixed).
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [2.0, 0.0].into()], false);
    /// o.set_pivot(1.0, 0.0);
    /// o.set_rotation(std::f64::consts::PI);
    /// assert!((o.world_outline()[0].x - 1.0).abs() < 1e-12); // (0,0) -> pivot-relative (-1,0) -> (1,0) -> world x 1
    /// ```
    pub fn set_pivot(&mut self, x: f64, y: f64) {
        self.pivot = Point::new(x, y);
        self.moved = true;
    }
    /// Scale along local x and y.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 1.0].into()], false);
    /// o.set_scale(2.0, 3.0);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(2.0, 3.0));
    /// ```
    pub fn set_scale(&mut self, sx: f64, sy: f64) {
        self.scale = (sx, sy);
        self.moved = true;
    }
    /// Rotation in radians, counter-clockwise.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[1.0, 0.0].into(), [2.0, 0.0].into()], false);
    /// o.set_rotation(std::f64::consts::FRAC_PI_2);
    /// assert!((o.world_outline()[0].y - 1.0).abs() < 1e-12);
    /// ```
    pub fn set_rotation(&mut self, radians: f64) {
        self.rotation = radians;
        self.moved = true;
    }
    /// World position of the pivot.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// o.set_position(5.0, 6.0);
    /// assert_eq!(o.world_outline()[0], daedalus::Point::new(5.0, 6.0));
    /// ```
    pub fn set_position(&mut self, x: f64, y: f64) {
        self.position = Point::new(x, y);
        self.moved = true;
    }
    /// Pivot, scale, rotation and position.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert_eq!(o.placement().1, (1.0, 1.0));
    /// ```
    pub fn placement(&self) -> (Point, (f64, f64), f64, Point) {
        (self.pivot, self.scale, self.rotation, self.position)
    }
    /// Moved since the last [`Cdt::update_objects`]?
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert!(o.is_moved());
    /// ```
    pub fn is_moved(&self) -> bool {
        self.moved
    }
    /// The baked transform `T2 * R * S * T1`.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// assert_eq!(o.transform().apply([1.0, 2.0].into()), daedalus::Point::new(1.0, 2.0));
    /// ```
    pub fn transform(&self) -> Affine {
        Affine::baked(
            self.pivot,
            self.scale.0,
            self.scale.1,
            self.rotation,
            self.position,
        )
    }
    /// The outline in world coordinates.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new(vec![[0.0, 0.0].into(), [1.0, 0.0].into()], false);
    /// o.set_position(1.0, 1.0);
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
/// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
/// let id: daedalus::objects::ObjectId =
///     cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [2.0, 2.0].into()], false)).unwrap();
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
}

/// Objects of a [`Cdt`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ObjectTable {
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Slots handed out by `object_mut` since the last update: the only ones
    /// `update_objects` looks at, so an update costs the same in any world size.
    dirty: Vec<u32>,
}

impl ObjectTable {
    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.free.capacity() * 4
            + self.dirty.capacity() * 4
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
        check_point_pub(p)?;
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
            _ => Err(CdtError::StaleHandle("object")),
        }
    }

    /// Inserts an object (its world outline as a shape).
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into(), [2.0, 3.0].into()], true)).unwrap();
    /// assert_eq!(cdt.object_outline(id).unwrap().len(), 3);
    /// ```
    pub fn insert_object(&mut self, mut obj: Object) -> Result<ObjectId, CdtError> {
        let world = obj.world_outline();
        check_outline(&world)?;
        let shape = self.insert_shape(&world, obj.closed)?;
        obj.moved = false;
        let t = &mut self.objects;
        let idx = t.free.pop().unwrap_or_else(|| {
            t.slots.push(Slot::default());
            (t.slots.len() - 1) as u32
        });
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
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
    /// cdt.remove_object(id).unwrap();
    /// assert_eq!(cdt.mesh().vertex_count(), 4);
    /// ```
    pub fn remove_object(&mut self, id: ObjectId) -> Result<(), CdtError> {
        let i = self.obj_raw(id)?;
        let shape = self.objects.slots[i].obj.as_ref().expect("checked").1;
        // the shape first: if that fails, the object stays
        self.remove_shape(shape)?;
        let s = &mut self.objects.slots[i];
        s.obj = None;
        s.generation += 1;
        self.objects.free.push(i as u32);
        Ok(())
    }

    /// The object.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
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
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
    /// cdt.object_mut(id).unwrap().set_position(2.0, 2.0);
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
        Ok(&mut s.obj.as_mut().expect("checked").0)
    }

    /// The object's outline in world coordinates.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
    /// assert_eq!(cdt.object_outline(id).unwrap()[1].x, 3.0);
    /// ```
    pub fn object_outline(&self, id: ObjectId) -> Result<Vec<Point>, CdtError> {
        Ok(self.object(id)?.world_outline())
    }

    /// Re-inserts every moved object (old shape removed, new world outline
    /// inserted from a hint near the old place). All new outlines are
    /// checked first, and the whole update is one all-or-nothing operation:
    /// on any error the mesh, the shapes and the objects (still marked
    /// moved) are exactly as before the call.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
    /// cdt.object_mut(id).unwrap().set_position(f64::NAN, 0.0);
    /// assert!(cdt.update_objects().is_err());
    /// ```
    pub fn update_objects(&mut self) -> Result<(), CdtError> {
        let mut todo = Vec::new();
        for &i in &self.objects.dirty {
            let i = i as usize;
            if let Some((o, _)) = &self.objects.slots[i].obj
                && o.moved
            {
                let w = o.world_outline();
                check_outline(&w)?;
                todo.push((i, w));
            }
        }
        // Checked: from here on only a give-up of the mesh code can fail,
        // and then everything is undone.
        let made = self.atomic(|c| {
            let mut made = Vec::with_capacity(todo.len());
            for (i, w) in &todo {
                let (o, shape) = c.objects.slots[*i].obj.as_ref().expect("live");
                let (old, closed) = (*shape, o.closed);
                c.remove_shape(old)?;
                made.push(c.insert_shape(w, closed)?);
            }
            Ok(made)
        })?;
        for ((i, _), new) in todo.into_iter().zip(made) {
            let (o, shape) = self.objects.slots[i].obj.as_mut().expect("live");
            o.moved = false;
            *shape = new;
        }
        for i in std::mem::take(&mut self.objects.dirty) {
            self.objects.slots[i as usize].queued = false;
        }
        Ok(())
    }

    /// The objects.
    ///
    /// ```
    /// use daedalus::{objects::Object, triangulation::Cdt};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
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
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let id = cdt.insert_object(Object::new(vec![[1.0, 1.0].into(), [3.0, 1.0].into()], false)).unwrap();
    /// assert!(cdt.shape_segments(cdt.object_shape(id).unwrap()).is_ok());
    /// ```
    pub fn object_shape(&self, id: ObjectId) -> Result<ShapeId, CdtError> {
        let i = self.obj_raw(id)?;
        Ok(self.objects.slots[i].obj.as_ref().expect("checked").1)
    }
}
