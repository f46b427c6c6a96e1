//! Objects: a shape in local coordinates placed in the world by a baked
//! affine transform `T2 * R * S * T1` (pivot, scale x/y, rotation,
//! position). The [`Objects`] table owns the objects and the shapes
//! that hold their outlines in a [`Cdt`](crate::triangulation::Cdt).
//! Moving an object only marks it; [`Objects::update`] re-inserts the
//! moved ones, each located from a hint next to its old place, so a move
//! costs the same whatever the size of the world.

mod table;

pub use table::{ObjectError, ObjectId, Objects, RejectedChange};

use crate::Point;
use crate::geometry::{Closure, Transform};

/// Placement of an object: the transform `T2 * R * S * T1` (the pivot is
/// kept fixed by scale and rotation, then moved to `position`).
///
/// ```
/// use daedalus::objects::{Object, Pose};
/// let p = Pose::default();
/// assert_eq!((p.scale_x, p.scale_y, p.rotation), (1.0, 1.0, 0.0));
/// let mut o = Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
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
/// let mut o = Object::new([[0.0, 0.0], [2.0, 0.0], [2.0, 1.0]], Closure::Closed);
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
    /// let o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(1.0, 0.0));
    /// ```
    pub fn new(outline: impl IntoIterator<Item: Into<Point>>, closure: Closure) -> Object {
        Object {
            outline: outline.into_iter().map(Into::into).collect(),
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
        Object::new(corners, Closure::Closed)
    }

    /// The local outline.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// assert_eq!(o.outline().len(), 2);
    /// ```
    pub fn outline(&self) -> &[Point] {
        &self.outline
    }
    /// Is the outline closed?
    ///
    /// ```
    /// use daedalus::{Closure, objects::Object};
    /// let o = Object::new([[0.0, 0.0], [1.0, 0.0]], Closure::Open);
    /// assert_eq!(o.closure(), Closure::Open);
    /// ```
    pub fn closure(&self) -> Closure {
        self.closure
    }
    /// Replaces the local outline (marks the object moved).
    ///
    /// ```
    /// use daedalus::{Closure, objects::Object};
    /// let mut o = Object::new([[0.0, 0.0], [1.0, 0.0]], Closure::Open);
    /// o.set_outline([[0.0, 0.0], [3.0, 0.0]], Closure::Open);
    /// assert_eq!(o.outline()[1].x, 3.0);
    /// ```
    pub fn set_outline(&mut self, outline: impl IntoIterator<Item: Into<Point>>, closure: Closure) {
        self.outline = outline.into_iter().map(Into::into).collect();
        self.closure = closure;
        self.moved = true;
    }
    /// Pivot (local point that rotation and scale keep fixed).
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new([[0.0, 0.0], [2.0, 0.0]], daedalus::Closure::Open);
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
    /// let mut o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 1.0]], daedalus::Closure::Open);
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
    /// let mut o = daedalus::objects::Object::new([[1.0, 0.0], [2.0, 0.0]], daedalus::Closure::Open);
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
    /// let mut o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
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
    /// let o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// assert_eq!((o.pose().scale_x, o.pose().scale_y), (1.0, 1.0));
    /// ```
    pub fn pose(&self) -> Pose {
        self.pose
    }
    /// Sets pivot, scale, rotation and position at once.
    ///
    /// ```
    /// use daedalus::objects::{Object, Pose};
    /// let mut o = Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// o.set_pose(Pose { scale_x: 2.0, ..Pose::default() });
    /// assert_eq!(o.world_outline()[1], [2.0, 0.0].into());
    /// ```
    pub fn set_pose(&mut self, pose: Pose) {
        self.pose = pose;
        self.moved = true;
    }
    /// Moved since the last [`Objects::update`]?
    ///
    /// ```
    /// let o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// assert!(o.is_moved());
    /// ```
    pub fn is_moved(&self) -> bool {
        self.moved
    }
    /// The baked transform `T2 * R * S * T1`.
    ///
    /// ```
    /// let o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// assert_eq!(o.transform().apply([1.0, 2.0].into()), daedalus::Point::new(1.0, 2.0));
    /// ```
    pub fn transform(&self) -> Transform {
        self.pose.transform()
    }
    /// The outline in world coordinates.
    ///
    /// ```
    /// let mut o = daedalus::objects::Object::new([[0.0, 0.0], [1.0, 0.0]], daedalus::Closure::Open);
    /// o.set_position([1.0, 1.0]);
    /// assert_eq!(o.world_outline()[1], daedalus::Point::new(2.0, 1.0));
    /// ```
    pub fn world_outline(&self) -> Vec<Point> {
        let t = self.transform();
        self.outline.iter().map(|&p| t.apply(p)).collect()
    }
}
