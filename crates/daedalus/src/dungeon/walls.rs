//! Step 5: thick walls. The rooms' floor outlines, joined through their
//! doorways into closed rings (the borders of the walkable region),
//! inserted as shapes into a fresh triangulation.

use std::collections::HashMap;

use super::{DungeonError, DungeonParams, RoomPlan};
use crate::Point;
use crate::triangulation::Cdt;

/// One wall ring: a border of the walkable region, closed (the last point
/// joins the first). It runs along room floors and, at each door, across
/// the wall along a jamb into the next room.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// assert!(d.walls.iter().all(|w| w.points.len() >= 3));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct WallLine {
    /// The ring's points (not repeating the first).
    pub points: Vec<Point>,
}

/// Step 5's result: the wall rings and their triangulation.
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
    /// The rings.
    pub lines: Vec<WallLine>,
    /// A fresh triangulation with every ring inserted as a shape.
    pub cdt: Cdt,
}

/// A piece of a room's outline between two doorways: from the jamb after
/// one door to the jamb before the next. `from` and `to` name the door
/// ends (door, end 0 or 1 of its segment) it leaves and reaches.
struct Piece {
    from: (usize, usize),
    to: (usize, usize),
    points: Vec<Point>,
}

/// Step 5: every room's floor (its cell less half a wall, chamfered) is
/// walled; at a door the outline turns along a jamb straight across the
/// wall into the other room, so the doorway is exactly `door` wide and
/// the wall around it `wall` thick. The outlines then close into rings
/// (one per border of the walkable region: one outside, one per hole).
///
/// A jamb is one segment across the wall, not two meeting on the cell
/// edge: fewer vertices, and no straight-angle wall vertex in a doorway.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph, rooms, walls};
/// let p = DungeonParams { rooms: 1, ..Default::default() };
/// let pts = points(&p).unwrap();
/// let plan = rooms(&pts, &room_graph(&pts, &p).unwrap(), &p).unwrap();
/// let w = walls(&plan, &p).unwrap();
/// assert_eq!(w.lines.len(), 1); // one room, no door: its floor outline
/// assert_eq!(w.lines[0].points, plan.rooms[0].floor);
/// ```
pub fn walls(plan: &RoomPlan, params: &DungeonParams) -> Result<Walls, DungeonError> {
    params.validate()?;
    let h = params.wall / 2.0;
    let mut lines = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    for (r, floor) in plan.floors.iter().enumerate() {
        let n = floor.points.len();
        let mut door_after = vec![None; n];
        for (j, d) in plan.edge_doors[r].iter().enumerate() {
            if let Some(d) = *d {
                door_after[floor.start[j]] = Some(d);
            }
        }
        let Some(first) = door_after.iter().position(Option::is_some) else {
            lines.push(WallLine {
                points: floor.points.clone(),
            });
            continue;
        };
        // the jamb tops of door `d` in room `r` and the keys of its ends
        let jambs = |d: usize| {
            let [b1, b2] = plan.door_ends(d, r);
            let dir = b2 - b1;
            let nrm = Point::new(-dir.y, dir.x) / dir.length();
            let (k1, k2) = if plan.door_geometry[d].0 == r {
                (0, 1)
            } else {
                (1, 0)
            };
            (b1 + nrm * h, (d, k1), b2 + nrm * h, (d, k2))
        };
        let d0 = door_after[first].expect("a door");
        let (_, _, a2, k2) = jambs(d0);
        let mut cur = Piece {
            from: k2,
            to: k2,
            points: vec![a2],
        };
        for i in (first + 1..n).chain(0..=first) {
            cur.points.push(floor.points[i]);
            if let Some(d) = door_after[i] {
                let (a1, k1, a2, k2) = jambs(d);
                cur.points.push(a1);
                cur.to = k1;
                let next = Piece {
                    from: k2,
                    to: k2,
                    points: vec![a2],
                };
                pieces.push(std::mem::replace(&mut cur, next));
            }
        }
    }
    // the piece reaching a door end continues with the one leaving it (the
    // other room's): every chain closes
    let starts: HashMap<(usize, usize), usize> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.from, i))
        .collect();
    let mut used = vec![false; pieces.len()];
    for i in 0..pieces.len() {
        if used[i] {
            continue;
        }
        let mut ring = Vec::new();
        let mut at = i;
        while !used[at] {
            used[at] = true;
            ring.extend_from_slice(&pieces[at].points);
            at = starts[&pieces[at].to];
        }
        lines.push(WallLine { points: ring });
    }
    let [x0, y0, x1, y1] = plan.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1])?;
    let shapes: Vec<(&[Point], crate::Closure)> = lines
        .iter()
        .map(|l| (l.points.as_slice(), crate::Closure::Closed))
        .collect();
    cdt.insert_shapes(&shapes)?;
    Ok(Walls { lines, cdt })
}
