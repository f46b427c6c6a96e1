//! Procedural dungeons built on the triangulation (rooms are cells of the
//! dual of a random grid sample's Delaunay triangulation, joined by doors),
//! so the result is already a navigation mesh and its room graph is known.
//!
//! The five steps are public functions; a caller can stop after any of them:
//!
//! 1. [`points`]: an `n x m` grid of points, each kept with probability
//!    `P`, in a Delaunay triangulation ([`Cdt`]).
//! 2. [`room_graph`]: from the point nearest the centre, a randomised
//!    depth-first search over the triangulation's edges picks `NC` rooms,
//!    no deeper than `BD` and with at most `BC` branches per room.
//! 3. [`dual`]: the dual of the triangulation, with cell corners at the
//!    triangles' centroids (not their circumcentres).
//! 4. [`rooms`]: the cells of the graph's rooms, a door dug in every edge
//!    shared by two connected rooms; touching rooms not connected stay walled.
//! 5. [`walls`]: walls of the requested thickness (a chamfer at sharp
//!    corners) inserted as shapes into a fresh [`Cdt`].
//!
//! [`generate`] runs them all and adds [`Spawns`] (player, bots, weapons).
//!
//! ```
//! use daedalus::dungeon::{DungeonParams, generate};
//! use daedalus::path::{NavMesh, PathFinder};
//!
//! let params = DungeonParams { rooms: 12, ..DungeonParams::default() };
//! let d = generate(&params)?;
//! assert_eq!(d.rooms.len(), 12);
//! assert!(d.cdt.validate().is_empty());
//! let nav = NavMesh::from_cdt(&d.cdt);
//! let (a, b) = (d.rooms[0].centre, d.rooms[11].centre);
//! assert!(PathFinder::new().find_path(&nav, a, b, 0.45 * params.door).is_ok());
//! # Ok::<(), daedalus::dungeon::DungeonError>(())
//! ```

mod dual;
mod export;
mod floor;
mod graph;
mod points;
mod rng;
mod rooms;
mod spawn;
mod walls;

pub use dual::{Cell, Dual, dual};
pub use graph::{RoomGraph, RoomLink, room_graph};
pub use points::{Points, points};
pub use rng::SplitMix64;
pub use rooms::{Door, Room, RoomPlan, rooms};
pub use spawn::{Item, ItemKind, Spawns, spawns};
pub use walls::{WallLine, Walls, walls};

use crate::triangulation::{Cdt, CdtError};

/// Most grid points accepted (columns x rows): beyond, [`DungeonError::GridTooLarge`].
///
/// ```
/// assert_eq!(daedalus::dungeon::MAX_GRID_POINTS, 1 << 24);
/// ```
pub const MAX_GRID_POINTS: usize = 1 << 24;

/// Largest grid extent (spacing x the longer side): keeps every coordinate
/// far inside the triangulation's range.
///
/// ```
/// assert!(daedalus::dungeon::MAX_EXTENT < daedalus::triangulation::MAX_COORD);
/// ```
pub const MAX_EXTENT: f64 = 1e9;

/// Randomised searches tried by [`room_graph`] (each from its own random
/// stream) before it reports [`DungeonError::RoomGraphStuck`].
///
/// ```
/// assert_eq!(daedalus::dungeon::GRAPH_ATTEMPTS, 8);
/// ```
pub const GRAPH_ATTEMPTS: u64 = 8;

/// The generator's parameters (the method's short names in brackets).
///
/// ```
/// let p = daedalus::dungeon::DungeonParams::default();
/// assert_eq!((p.columns, p.rows, p.rooms), (20, 20, 24));
/// assert!(p.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DungeonParams {
    /// Grid points along x (n).
    pub columns: usize,
    /// Grid points along y (m).
    pub rows: usize,
    /// Distance between neighbouring grid points (world units).
    pub spacing: f64,
    /// Probability of keeping each grid point (P), in [0, 1].
    pub probability: f64,
    /// Number of rooms (NC).
    pub rooms: usize,
    /// Largest number of links from the first room to any room (BD).
    pub branch_depth: usize,
    /// Largest number of branches leaving one room (BC): its links to
    /// rooms one step deeper.
    pub branches: usize,
    /// Door width (world units).
    pub door: f64,
    /// Wall thickness (world units).
    pub wall: f64,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for DungeonParams {
    /// A 20 x 20 grid, P = 0.5, 24 rooms.
    fn default() -> Self {
        DungeonParams {
            columns: 20,
            rows: 20,
            spacing: 5.0,
            probability: 0.5,
            rooms: 24,
            branch_depth: 6,
            branches: 4,
            door: 1.0,
            wall: 0.3,
            seed: 7,
        }
    }
}

/// Why no dungeon was made. Nothing is generated on error.
///
/// ```
/// use daedalus::dungeon::{DungeonError, DungeonParams, generate};
/// let bad = DungeonParams { probability: 1.5, ..DungeonParams::default() };
/// assert_eq!(generate(&bad).unwrap_err(), DungeonError::Probability(1.5));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DungeonError {
    /// A grid side is zero.
    #[error("the grid {columns} x {rows} is empty")]
    EmptyGrid {
        /// Grid columns.
        columns: usize,
        /// Grid rows.
        rows: usize,
    },
    /// More than [`MAX_GRID_POINTS`] grid points.
    #[error("the grid {columns} x {rows} has more than {max} points")]
    GridTooLarge {
        /// Grid columns.
        columns: usize,
        /// Grid rows.
        rows: usize,
        /// The limit, [`MAX_GRID_POINTS`].
        max: usize,
    },
    /// The spacing is not a positive finite number.
    #[error("grid spacing must be positive and finite, got {0}")]
    Spacing(f64),
    /// The grid extent is beyond [`MAX_EXTENT`].
    #[error("grid extent {extent} is beyond {max}")]
    Extent {
        /// Spacing times the larger grid side.
        extent: f64,
        /// The limit, [`MAX_EXTENT`].
        max: f64,
    },
    /// P is not in [0, 1].
    #[error("point probability must be in [0, 1], got {0}")]
    Probability(f64),
    /// Zero rooms asked for.
    #[error("a dungeon needs at least one room")]
    NoRooms,
    /// The door width is not a positive finite number.
    #[error("door width must be positive and finite, got {0}")]
    DoorWidth(f64),
    /// The wall thickness is not a positive finite number.
    #[error("wall thickness must be positive and finite, got {0}")]
    WallThickness(f64),
    /// No tree with at most `branches` branches per room and depth at
    /// most `branch_depth` has that many rooms.
    #[error(
        "{rooms} rooms cannot fit in a room graph of depth <= {branch_depth} with <= {branches} branches per room (at most {max})"
    )]
    LimitsTooTight {
        /// Rooms asked for.
        rooms: usize,
        /// Depth limit of the room tree.
        branch_depth: usize,
        /// Branch limit per room.
        branches: usize,
        /// Most rooms such a tree can have.
        max: usize,
    },
    /// More rooms asked for than there are usable grid points.
    #[error(
        "{requested} rooms asked for, but only {available} grid points can hold a room (the grid's border points cannot, nor cells too small for the door and walls)"
    )]
    TooManyRooms {
        /// Rooms asked for.
        requested: usize,
        /// Grid points that can hold a room.
        available: usize,
    },
    /// The door (plus the wall at each side) is wider than every edge
    /// shared by two cells.
    #[error(
        "door {door} plus wall {wall} is wider than the longest edge shared by two rooms ({longest})"
    )]
    DoorTooWide {
        /// Door width.
        door: f64,
        /// Wall thickness.
        wall: f64,
        /// Longest edge shared by two cells.
        longest: f64,
    },
    /// The randomised searches all ended before reaching the room count.
    #[error(
        "the room graph reached only {placed} of {requested} rooms in {attempts} attempts (raise the branch limits, the grid or P, or narrow the door)"
    )]
    RoomGraphStuck {
        /// Rooms asked for.
        requested: usize,
        /// Most rooms any attempt reached.
        placed: usize,
        /// Searches tried.
        attempts: u64,
    },
    /// The room graph given to a step does not belong to its points (a
    /// room whose site cannot hold a room, or linked rooms that are not
    /// neighbours).
    #[error("the room graph does not fit these points (room {room})")]
    GraphMismatch {
        /// The first room that does not fit.
        room: usize,
    },
    /// The triangulation refused an input (should not happen for valid
    /// parameters).
    #[error("triangulation: {0}")]
    Triangulation(#[from] CdtError),
}

impl DungeonParams {
    /// Checks the parameters that need no triangulation.
    ///
    /// ```
    /// use daedalus::dungeon::{DungeonError, DungeonParams};
    /// let p = DungeonParams { door: -1.0, ..DungeonParams::default() };
    /// assert_eq!(p.validate(), Err(DungeonError::DoorWidth(-1.0)));
    /// ```
    pub fn validate(&self) -> Result<(), DungeonError> {
        let (columns, rows) = (self.columns, self.rows);
        if columns == 0 || rows == 0 {
            return Err(DungeonError::EmptyGrid { columns, rows });
        }
        if columns.saturating_mul(rows) > MAX_GRID_POINTS {
            return Err(DungeonError::GridTooLarge {
                columns,
                rows,
                max: MAX_GRID_POINTS,
            });
        }
        if !(self.spacing.is_finite() && self.spacing > 0.0) {
            return Err(DungeonError::Spacing(self.spacing));
        }
        let extent = self.spacing * columns.max(rows) as f64;
        if extent > MAX_EXTENT {
            return Err(DungeonError::Extent {
                extent,
                max: MAX_EXTENT,
            });
        }
        if !(0.0..=1.0).contains(&self.probability) {
            return Err(DungeonError::Probability(self.probability));
        }
        if self.rooms == 0 {
            return Err(DungeonError::NoRooms);
        }
        if !(self.door.is_finite() && self.door > 0.0) {
            return Err(DungeonError::DoorWidth(self.door));
        }
        if !(self.wall.is_finite() && self.wall > 0.0) {
            return Err(DungeonError::WallThickness(self.wall));
        }
        let max = graph::max_tree_size(self.branch_depth, self.branches);
        if self.rooms > max {
            return Err(DungeonError::LimitsTooTight {
                rooms: self.rooms,
                branch_depth: self.branch_depth,
                branches: self.branches,
                max,
            });
        }
        Ok(())
    }

    /// Float slack of the generator's clearance checks
    /// ([`tolerance::RELATIVE`](crate::geometry::tolerance::RELATIVE) of the
    /// largest size): far above the rounding of the constructions
    /// (centroids, offsets: a few ulps of the extent), far below any size a
    /// caller asks for.
    pub(crate) fn slack(&self) -> f64 {
        crate::geometry::tolerance::RELATIVE * self.spacing.max(self.door).max(self.wall)
    }
}

/// A generated dungeon: the walls' triangulation, the rooms, the doors,
/// the room graph and where to spawn things.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// assert_eq!(d.doors.len(), d.rooms.len() - 1); // a tree of rooms
/// assert_eq!(d.graph.links.len(), d.doors.len());
/// ```
#[derive(Clone, Debug)]
pub struct Dungeon {
    /// The parameters it was made from.
    pub params: DungeonParams,
    /// The final map: every wall line inserted as a shape.
    pub cdt: Cdt,
    /// Room `i` is node `i` of [`Dungeon::graph`].
    pub rooms: Vec<Room>,
    /// One door per link of the room graph.
    pub doors: Vec<Door>,
    /// The room graph (a tree rooted at room 0).
    pub graph: RoomGraph,
    /// The wall rings inserted into [`Dungeon::cdt`].
    pub walls: Vec<WallLine>,
    /// Player, bots and items.
    pub spawns: Spawns,
}

/// Runs the five steps and places the spawns.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, generate};
/// let a = generate(&DungeonParams::default()).unwrap();
/// let b = generate(&DungeonParams::default()).unwrap();
/// assert_eq!(a.cdt.dump(), b.cdt.dump()); // deterministic
/// ```
pub fn generate(params: &DungeonParams) -> Result<Dungeon, DungeonError> {
    params.validate()?;
    let pts = points(params)?;
    let graph = room_graph(&pts, params)?;
    let plan = rooms(&pts, &graph, params)?;
    let w = walls(&plan, params)?;
    let spawns = spawns(&plan, &graph, params)?;
    Ok(Dungeon {
        params: params.clone(),
        cdt: w.cdt,
        rooms: plan.rooms,
        doors: plan.doors,
        graph,
        walls: w.lines,
        spawns,
    })
}
