//! Step 4: the rooms' cells, a door in every edge shared by two connected
//! rooms, and (on demand) the triangulation of those thin walls.

use super::floor::{Floor, edge_frame};
use super::graph::Sites;
use super::{Cell, DungeonError, DungeonParams, Points, RoomGraph};
use crate::Point;
use crate::triangulation::Cdt;

/// One room.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// let r = &d.rooms[0];
/// assert_eq!(r.depth, 0);
/// assert!(r.polygon.len() >= 3 && r.floor.len() >= r.polygon.len());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// The room's cell (the dual cell of its site), counter-clockwise: the
    /// walls are centred on its edges.
    pub polygon: Vec<Point>,
    /// The walkable floor: the cell less half a wall, counter-clockwise
    /// (doorways not included).
    pub floor: Vec<Point>,
    /// The room's grid point: inside the floor, a door's width from its walls.
    pub centre: Point,
    /// Links from room 0 in the room graph.
    pub depth: usize,
}

/// A door between rooms `a` (the parent in the room graph) and `b`.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// let door = &d.doors[0];
/// let [p, q] = door.segment;
/// assert!((p.distance(q) - d.params.door).abs() < 1e-9);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Door {
    /// The parent room.
    pub a: usize,
    /// The child room.
    pub b: usize,
    /// The opening, on the edge the two cells share (the walls' centre line).
    pub segment: [Point; 2],
}

/// Step 4's result: rooms, doors and what step 5 needs.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph, rooms};
/// let p = DungeonParams::default();
/// let pts = points(&p).unwrap();
/// let plan = rooms(&pts, &room_graph(&pts, &p).unwrap(), &p).unwrap();
/// assert_eq!(plan.rooms.len(), 24);
/// assert!(plan.thin_cdt().unwrap().validate().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct RoomPlan {
    /// Room `i` is node `i` of the room graph.
    pub rooms: Vec<Room>,
    /// One door per link of the room graph, in link order.
    pub doors: Vec<Door>,
    /// The world rectangle: the rooms' bounding box grown by one spacing.
    pub bounds: [f64; 4],
    pub(crate) cells: Vec<Cell>,
    pub(crate) floors: Vec<Floor>,
    /// Per room, per cell edge: the door in it.
    pub(crate) edge_doors: Vec<Vec<Option<usize>>>,
    /// Per room, per cell edge: the room on the other side.
    pub(crate) edge_rooms: Vec<Vec<Option<usize>>>,
    /// Per door: its parent room and its segment (the public `doors` may
    /// be edited; the walls are built from this copy).
    pub(crate) door_geometry: Vec<(usize, [Point; 2])>,
}

/// Step 4: the cells of the graph's rooms and a door (width
/// `params.door`, at the middle of the edge) between each linked pair.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph, rooms};
/// let p = DungeonParams { rooms: 3, ..Default::default() };
/// let pts = points(&p).unwrap();
/// let plan = rooms(&pts, &room_graph(&pts, &p).unwrap(), &p).unwrap();
/// assert_eq!(plan.doors.len(), 2);
/// ```
pub fn rooms(
    points: &Points,
    graph: &RoomGraph,
    params: &DungeonParams,
) -> Result<RoomPlan, DungeonError> {
    params.validate()?;
    graph.check(points.sites.len())?;
    let mut sites = Sites::new(points, params);
    let n = graph.sites.len();
    let mut cells = Vec::with_capacity(n);
    let mut floors = Vec::with_capacity(n);
    let mut room_of_site = std::collections::HashMap::with_capacity(n);
    for (i, &s) in graph.sites.iter().enumerate() {
        let (cell, floor) = sites
            .get(s)
            .ok_or(DungeonError::GraphMismatch { room: i })?;
        cells.push(cell.clone());
        floors.push(floor.clone());
        room_of_site.insert(s, i);
    }
    let edge_rooms: Vec<Vec<Option<usize>>> = cells
        .iter()
        .map(|c| {
            c.neighbours
                .iter()
                .map(|s| room_of_site.get(s).copied())
                .collect()
        })
        .collect();
    let mut edge_doors: Vec<Vec<Option<usize>>> =
        cells.iter().map(|c| vec![None; c.corners.len()]).collect();
    let mut doors = Vec::with_capacity(graph.links.len());
    let half = params.door / 2.0;
    for l in &graph.links {
        let (a, b) = (l.parent, l.child);
        let ja = edge_rooms[a].iter().position(|&r| r == Some(b));
        let jb = edge_rooms[b].iter().position(|&r| r == Some(a));
        let (Some(ja), Some(jb)) = (ja, jb) else {
            return Err(DungeonError::GraphMismatch { room: b });
        };
        let c = &cells[a];
        let k = c.corners.len();
        let (u, _, _) = edge_frame(c, ja);
        let mid = c.corners[ja].lerp(c.corners[(ja + 1) % k], 0.5);
        edge_doors[a][ja] = Some(doors.len());
        edge_doors[b][jb] = Some(doors.len());
        doors.push(Door {
            a,
            b,
            segment: [mid - u * half, mid + u * half],
        });
    }
    let door_geometry = doors.iter().map(|d| (d.a, d.segment)).collect();
    let rooms = (0..n)
        .map(|i| Room {
            polygon: cells[i].corners.clone(),
            floor: floors[i].points.clone(),
            centre: cells[i].centre,
            depth: graph.depth[i],
        })
        .collect();
    Ok(RoomPlan {
        rooms,
        doors,
        bounds: bounds_around(&cells, params.spacing),
        cells,
        floors,
        edge_doors,
        edge_rooms,
        door_geometry,
    })
}

/// The cells' bounding box grown by `margin`.
fn bounds_around(cells: &[Cell], margin: f64) -> [f64; 4] {
    let mut b = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for p in cells.iter().flat_map(|c| &c.corners) {
        b = [b[0].min(p.x), b[1].min(p.y), b[2].max(p.x), b[3].max(p.y)];
    }
    [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin]
}

impl RoomPlan {
    /// The jamb ends of door `d` in the order room `r` walks its cell
    /// edge (counter-clockwise).
    pub(crate) fn door_ends(&self, d: usize, r: usize) -> [Point; 2] {
        let (a, [p, q]) = self.door_geometry[d];
        if a == r { [p, q] } else { [q, p] }
    }

    /// The thin walls of step 4 (no thickness): every cell edge of a room,
    /// less the doorways, once per edge.
    ///
    /// ```
    /// let p = daedalus::dungeon::DungeonParams { rooms: 2, ..Default::default() };
    /// let pts = daedalus::dungeon::points(&p).unwrap();
    /// let g = daedalus::dungeon::room_graph(&pts, &p).unwrap();
    /// let plan = daedalus::dungeon::rooms(&pts, &g, &p).unwrap();
    /// let n: usize = plan.rooms.iter().map(|r| r.polygon.len()).sum();
    /// assert_eq!(plan.thin_walls().len(), n); // the shared edge once, in two pieces round its door
    /// ```
    pub fn thin_walls(&self) -> Vec<[Point; 2]> {
        let mut out = Vec::new();
        for (r, cell) in self.cells.iter().enumerate() {
            let k = cell.corners.len();
            for j in 0..k {
                let (c0, c1) = (cell.corners[j], cell.corners[(j + 1) % k]);
                match (self.edge_rooms[r][j], self.edge_doors[r][j]) {
                    (Some(o), _) if o < r => {} // drawn from the other room
                    (_, Some(d)) => {
                        let [b1, b2] = self.door_ends(d, r);
                        out.push([c0, b1]);
                        out.push([b2, c1]);
                    }
                    _ => out.push([c0, c1]),
                }
            }
        }
        out
    }

    /// A fresh triangulation of the [`thin_walls`](RoomPlan::thin_walls).
    ///
    /// ```
    /// let p = daedalus::dungeon::DungeonParams::default();
    /// let pts = daedalus::dungeon::points(&p).unwrap();
    /// let g = daedalus::dungeon::room_graph(&pts, &p).unwrap();
    /// let cdt = daedalus::dungeon::rooms(&pts, &g, &p).unwrap().thin_cdt().unwrap();
    /// assert!(cdt.shapes().count() > 24);
    /// ```
    pub fn thin_cdt(&self) -> Result<Cdt, DungeonError> {
        let [x0, y0, x1, y1] = self.bounds;
        let mut cdt = Cdt::new([x0, y0], [x1, y1])?;
        let shapes: Vec<(Vec<Point>, crate::Closure)> = self
            .thin_walls()
            .into_iter()
            .map(|[a, b]| (vec![a, b], crate::Closure::Open))
            .collect();
        cdt.insert_shapes(&shapes)?;
        Ok(cdt)
    }
}
