//! Daedalus: 2D environment modelling and pathfinding on a fully dynamic
//! constrained Delaunay triangulation (CDT) kept on a half-edge mesh.
//!
//! ```
//! use daedalus::{Cdt, Closure, Point, objects::{Object, Objects}, path::{NavMesh, PathFinder}};
//!
//! let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0])?;
//! let mut objects = Objects::new(); // movable obstacles, beside the triangulation
//! let wall = cdt.insert_shape(&[Point::new(50.0, 0.0), Point::new(50.0, 80.0)], Closure::Open)?;
//! let square = vec![[-5.0, -5.0].into(), [5.0, -5.0].into(), [5.0, 5.0].into(), [-5.0, 5.0].into()];
//! let crate_ = objects.insert(&mut cdt, Object::new(square, Closure::Closed))?;
//! objects.get_mut(crate_)?.set_position([20.0, 40.0]);
//! objects.get_mut(crate_)?.set_rotation(0.3);
//! objects.update(&mut cdt)?; // re-inserts only what moved
//! assert!(cdt.validate().is_empty());
//!
//! let nav = NavMesh::from_cdt(&cdt);
//! let path = PathFinder::new().find_path(&nav, [10.0, 10.0], [90.0, 10.0], 1.0)?;
//! assert!(path.length() > 2.0 * (40.0f64.powi(2) + 70.0f64.powi(2)).sqrt()); // around the wall's end
//!
//! cdt.remove_shape(wall)?; // as if it had never been inserted
//! assert!(cdt.validate().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod bitmap;
pub mod dungeon;
pub mod fov;
#[cfg(feature = "testing")]
pub mod fuzz;
pub mod geometry;
pub mod mesh;
pub mod path;
#[cfg(feature = "physics")]
pub mod physics;
pub mod render;
#[cfg(feature = "serde")]
pub mod scenario;
pub mod spatial;

pub use geometry::{Closure, Point, Rect};
pub use triangulation::{Cdt, CdtError};
pub mod objects;
pub mod triangulation;
pub mod world;

pub use world::World;
