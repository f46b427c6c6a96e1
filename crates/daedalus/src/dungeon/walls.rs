//! Step 5: thick walls. Each room's floor outline, opened at its doors by
//! a doorway as deep as the wall, inserted as shapes into a fresh
//! triangulation.

use super::{DungeonError, DungeonParams, RoomPlan};
use crate::Point;
use crate::triangulation::Cdt;

/// Whether a wall line closes on itself.
///
/// ```
/// assert_ne!(daedalus::dungeon::LineKind::Ring, daedalus::dungeon::LineKind::Open);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The last point joins the first.
    Ring,
    /// An open polyline.
    Open,
}

/// One wall line (a face of the walls): a room's floor outline between two
/// doorways, or a whole outline for a room without doors.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// assert!(d.walls.iter().all(|w| w.points.len() >= 2));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct WallLine {
    pub points: Vec<Point>,
    pub kind: LineKind,
}

/// Step 5's result: the wall lines and their triangulation.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph, rooms, walls};
/// let p = DungeonParams::default();
/// let pts = points(&p).unwrap();
/// let plan = rooms(&pts, &room_graph(&pts, &p).unwrap(), &p).unwrap();
/// let w = walls(&plan, &p).unwrap();
/// assert!(w.cdt.validate().is_empty());
/// assert_eq!(w.cdt.shapes().count(), w.lines.len());
/// ```
#[derive(Clone, Debug)]
pub struct Walls {
    pub lines: Vec<WallLine>,
    pub cdt: Cdt,
}

/// Step 5: every room's floor (its cell less half a wall, chamfered) is
/// walled; at a door the outline turns out along each jamb to the shared
/// cell edge, where it meets the other room's jamb: the doorway is
/// exactly `door` wide and the wall around it `wall` thick.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, LineKind, points, room_graph, rooms, walls};
/// let p = DungeonParams { rooms: 1, ..Default::default() };
/// let pts = points(&p).unwrap();
/// let plan = rooms(&pts, &room_graph(&pts, &p).unwrap(), &p).unwrap();
/// let w = walls(&plan, &p).unwrap();
/// assert_eq!(w.lines.len(), 1);
/// assert_eq!(w.lines[0].kind, LineKind::Ring); // one room, no door
/// ```
pub fn walls(plan: &RoomPlan, params: &DungeonParams) -> Result<Walls, DungeonError> {
    params.validate()?;
    let h = params.wall / 2.0;
    let mut lines = Vec::new();
    for (r, (cell, floor)) in plan.cells.iter().zip(&plan.floors).enumerate() {
        let n = floor.points.len();
        // the outline with breaks (None) at the doorways
        let mut seq: Vec<Option<Point>> = Vec::with_capacity(n + 5 * cell.corners.len());
        let mut door_after = vec![None; n];
        for (j, d) in plan.edge_doors[r].iter().enumerate() {
            if let Some(d) = *d {
                door_after[floor.start[j]] = Some(d);
            }
        }
        for (i, &p) in floor.points.iter().enumerate() {
            seq.push(Some(p));
            if let Some(d) = door_after[i] {
                let [b1, b2] = plan.door_ends(d, r);
                let dir = b2 - b1;
                let nrm = Point::new(-dir.y, dir.x) / dir.length();
                seq.extend([Some(b1 + nrm * h), Some(b1), None, Some(b2), Some(b2 + nrm * h)]);
            }
        }
        match seq.iter().position(Option::is_none) {
            None => lines.push(WallLine {
                points: floor.points.clone(),
                kind: LineKind::Ring,
            }),
            Some(b) => {
                // start after a break (the sequence then ends with one),
                // cut at every break
                seq.rotate_left(b + 1);
                let mut cur = Vec::new();
                for p in seq {
                    match p {
                        Some(p) => cur.push(p),
                        None => lines.push(WallLine {
                            points: std::mem::take(&mut cur),
                            kind: LineKind::Open,
                        }),
                    }
                }
            }
        }
    }
    let [x0, y0, x1, y1] = plan.bounds;
    let mut cdt = Cdt::new(x0, y0, x1, y1)?;
    let shapes: Vec<(&[Point], bool)> = lines
        .iter()
        .map(|l| (l.points.as_slice(), l.kind == LineKind::Ring))
        .collect();
    cdt.insert_shapes(&shapes)?;
    Ok(Walls { lines, cdt })
}
