//! Daedalus: 2D environment modelling and pathfinding on a fully dynamic
//! constrained Delaunay triangulation (CDT) kept on a half-edge mesh.
//!
//! A game holds one [`World`] and steps it every frame: each step applies
//! the obstacle changes, patches navigation where the mesh changed,
//! re-plans only the entities whose path a change touched, and moves
//! everyone along their exact shortest paths for their radius.
//!
//! (The repository's `docs/game-loop.png`, drawn by `daedalus demo`,
//! shows such a loop: six entities of radii 0.5 to 3 crossing a world
//! while four squares move.)
//!
//! ```
//! use daedalus::{World, Closure, objects::Object, world::Event};
//!
//! let mut world = World::new([0.0, 0.0], [200.0, 120.0])?;
//! world.add_wall(&[[80.0, 20.0].into(), [80.0, 100.0].into()], Closure::Open)?;
//! let square = vec![[-5.0, -5.0].into(), [5.0, -5.0].into(), [5.0, 5.0].into(), [-5.0, 5.0].into()];
//! let door = world.add_object(Object::new(square, Closure::Closed))?; // a movable obstacle
//! let hero = world.add_entity([8.0, 60.0], 1.0, 25.0)?;               // radius 1, 25 units/s
//! world.set_goal(hero, [192.0, 60.0])?;
//!
//! let mut arrived = false;
//! for frame in 0..600 {
//!     world.set_position(door, [100.0, 60.0 + 30.0 * (frame as f64 / 60.0).sin()])?;
//!     for event in world.step(1.0 / 60.0)? {
//!         arrived |= event == Event::Arrived(hero);
//!     }
//! }
//! assert!(arrived);
//! assert_eq!(world.entity(hero)?.position(), [192.0, 60.0].into());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The layers below are public too: the triangulation, the movable
//! objects beside it, and path queries on a navigation snapshot.
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
#![forbid(unsafe_code)]

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
