//! A disc that follows a path and re-plans when the world changes.

use crate::Point;

use super::{NavMesh, PathError, PathFinder, PathSampler};

/// A moving disc: position, radius, heading and speed (distance per
/// [`Entity::step`]). It follows its path through a [`PathSampler`] and
/// re-plans from where it stands when the snapshot it is given has a new
/// [`NavMesh::revision`] (the world changed under it).
///
/// ```
/// use daedalus::{Point, triangulation::Cdt, path::{Entity, NavMesh, PathFinder}};
/// let nav = NavMesh::from_cdt(&Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap());
/// let mut f = PathFinder::new();
/// let mut e = Entity::new(Point::new(1.0, 1.0), 0.5, 1.0);
/// e.set_goal(Point::new(4.0, 5.0));
/// while !e.arrived() {
///     e.step(&mut f, &nav).unwrap();
/// }
/// assert_eq!(e.position, Point::new(4.0, 5.0));
/// ```
#[derive(Clone, Debug)]
pub struct Entity {
    pub position: Point,
    pub radius: f64,
    /// Unit heading (last movement direction).
    pub direction: Point,
    pub speed: f64,
    goal: Option<Point>,
    sampler: Option<PathSampler>,
    planned_on: u64,
}

impl Entity {
    /// An entity at rest.
    ///
    /// ```
    /// let e = daedalus::path::Entity::new([1.0, 2.0].into(), 0.5, 2.0);
    /// assert!(e.arrived());
    /// ```
    pub fn new(position: Point, radius: f64, speed: f64) -> Entity {
        Entity {
            position,
            radius,
            direction: Point::new(1.0, 0.0),
            speed,
            goal: None,
            sampler: None,
            planned_on: 0,
        }
    }

    /// Heads for `goal` (planned at the next step).
    ///
    /// ```
    /// let mut e = daedalus::path::Entity::new([1.0, 2.0].into(), 0.5, 2.0);
    /// e.set_goal([3.0, 2.0].into());
    /// assert!(!e.arrived());
    /// ```
    pub fn set_goal(&mut self, goal: Point) {
        self.goal = Some(goal);
        self.sampler = None;
    }

    /// No goal left.
    ///
    /// ```
    /// assert!(daedalus::path::Entity::new([0.0, 0.0].into(), 1.0, 1.0).arrived());
    /// ```
    pub fn arrived(&self) -> bool {
        self.goal.is_none()
    }

    /// Moves one step along the path, planning (or re-planning after a
    /// world change) first. On an error the entity stays put and keeps
    /// its goal.
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{Entity, NavMesh, PathError, PathFinder}};
    /// let nav = NavMesh::from_cdt(&Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap());
    /// let mut e = Entity::new(Point::new(1.0, 1.0), 0.5, 1.0);
    /// e.set_goal(Point::new(20.0, 5.0));
    /// assert_eq!(e.step(&mut PathFinder::new(), &nav), Err(PathError::GoalOutside(Point::new(20.0, 5.0))));
    /// ```
    pub fn step(&mut self, finder: &mut PathFinder, nav: &NavMesh) -> Result<(), PathError> {
        let Some(goal) = self.goal else {
            return Ok(());
        };
        if self.sampler.is_none() || self.planned_on != nav.revision() {
            let path = finder.find_path(nav, self.position, goal, self.radius)?;
            let mut s = PathSampler::new(&path, self.speed);
            s.next_position(); // the current position
            self.sampler = Some(s);
            self.planned_on = nav.revision();
        }
        let s = self.sampler.as_mut().expect("planned");
        match s.next_position() {
            Some(p) => {
                let (dx, dy) = (p.x - self.position.x, p.y - self.position.y);
                let l = dx.hypot(dy);
                if l > 0.0 {
                    self.direction = Point::new(dx / l, dy / l);
                }
                self.position = p;
                if !s.has_next() {
                    self.goal = None;
                    self.sampler = None;
                }
            }
            None => {
                self.goal = None;
                self.sampler = None;
            }
        }
        Ok(())
    }
}
