//! Certificates of a failed search: the box a change must touch before a
//! search that answered `NoPath` could answer otherwise.
//!
//! Two floods of triangles, one from the triangles holding the start, one
//! from those holding the goal, take turns (one triangle each) across the
//! edges that are neither walls (nor the border) nor shut for the radius
//! (an edge between two corners shorter than the diameter, the rule of
//! [`super::super::search::narrow_limit`]; none for radius 0). When one
//! flood runs out before they meet, its triangles form a component `C`
//! that holds one end and not the other.
//!
//! Soundness: the centre of a disc whose path is clear of every wall
//! never crosses a wall, nor a shut edge (each point of one is closer
//! than the radius to one of its corners, which lies on a wall), so it
//! can only leave `C` by coming within the radius of a wall on `C`'s
//! boundary. Take any later world in which no wall changed within the
//! box of `C` grown by the radius. A disc path from the end in `C` to the
//! other end must leave `C`; the part before it leaves lies in `C`, so
//! its disc meets only walls within the grown box, which are the same
//! walls as before; and where it leaves, it comes within the radius of
//! a boundary wall or corner of `C`, which lies in the box and is
//! therefore still there. So no such path exists then either. Radius 0
//! is the same argument with no edge shut (a point path goes from
//! triangle to triangle across edges, the finder's channels). The box is
//! grown by a small relative margin on top of the radius, for rounding.
//!
//! Cost: at most twice the smaller component's triangles (the turns),
//! once per failed search, not per step.

use crate::geometry::tolerance;
use std::collections::HashMap;

use super::super::{NONE, NavMesh};
use super::super::{narrow_edge, narrow_limit};
use crate::{Point, Rect};

/// Which flood reached a triangle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Start,
    Goal,
}

/// One flood: its queue and the box of its triangles.
struct Flood {
    side: Side,
    queue: Vec<u32>,
    next: usize,
    rect: Option<Rect>,
}

impl NavMesh {
    /// The box (grown by `radius` and a rounding margin) that a change of
    /// the walls must meet before a disc of `radius` could find a path
    /// from `from` to `to`, or `None` when the two are in one component of
    /// the mesh with the shut edges closed (no certificate: any change may
    /// matter), or an end lies outside the mesh. See the module's docs.
    pub(crate) fn apart(&self, from: Point, to: Point, radius: f64) -> Option<Rect> {
        let limit = narrow_limit(radius);
        let mut seen: HashMap<u32, Side> = HashMap::new();
        let mut floods = [Side::Start, Side::Goal].map(|side| Flood {
            side,
            queue: Vec::new(),
            next: 0,
            rect: None,
        });
        for (f, p) in floods.iter_mut().zip([from, to]) {
            let mut tris = Vec::new();
            if !self.containing(p, &mut tris) {
                return None;
            }
            for t in tris {
                match seen.get(&t) {
                    Some(&s) if s != f.side => return None,
                    Some(_) => {}
                    None => {
                        seen.insert(t, f.side);
                        f.queue.push(t);
                    }
                }
            }
        }
        loop {
            for f in floods.iter_mut() {
                let Some(&t) = f.queue.get(f.next) else {
                    let r = f.rect?;
                    return Some(grow(r, radius));
                };
                f.next += 1;
                for i in 0..3 {
                    let h = 3 * t + i;
                    let p = self.p(self.v(h));
                    match f.rect.as_mut() {
                        Some(r) => r.add(p),
                        None => f.rect = Some(Rect::new(p, p)),
                    }
                    let o = self.opp[h as usize];
                    if o == NONE || self.wall[h as usize] || narrow_edge(self, h, limit) {
                        continue;
                    }
                    let n = o / 3;
                    match seen.get(&n) {
                        Some(&s) if s != f.side => return None,
                        Some(_) => {}
                        None => {
                            seen.insert(n, f.side);
                            f.queue.push(n);
                        }
                    }
                }
            }
        }
    }
}

/// The component's box grown by the radius and a relative margin (the
/// change boxes and the walls are compared in floats).
fn grow(r: Rect, radius: f64) -> Rect {
    let scale = [r.min.x, r.min.y, r.max.x, r.max.y]
        .iter()
        .fold(1.0f64 + radius, |m, v| m.max(v.abs()));
    r.inflate(radius + tolerance::RELATIVE * scale)
}

#[cfg(test)]
mod tests {
    use crate::Closure;
    use crate::path::NavMesh;
    use crate::triangulation::Cdt;

    /// A closed 10 x 10 room at (40, 40) in a 100 x 100 world.
    fn room(gap: f64) -> NavMesh {
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let pts = [
            [45.0 + gap / 2.0, 50.0],
            [50.0, 50.0],
            [50.0, 40.0],
            [40.0, 40.0],
            [40.0, 50.0],
            [45.0 - gap / 2.0, 50.0],
        ]
        .map(Into::into);
        cdt.insert_shape(&pts, Closure::Open).unwrap();
        NavMesh::from_cdt(&cdt)
    }

    #[test]
    fn a_closed_room_is_its_own_box() {
        let nav = room(0.0);
        let r = nav
            .apart([10.0, 10.0].into(), [45.0, 45.0].into(), 0.0)
            .unwrap();
        // the room's box, the smaller side (hand-worked)
        assert!(
            (r.min.x - 40.0).abs() < 1e-6 && (r.max.y - 50.0).abs() < 1e-6,
            "{r:?}"
        );
        // either way round
        let r2 = nav
            .apart([45.0, 45.0].into(), [10.0, 10.0].into(), 0.0)
            .unwrap();
        assert_eq!(r, r2);
    }

    #[test]
    fn a_gap_narrower_than_the_disc_is_shut_wider_is_not() {
        let nav = room(2.0);
        let (a, b) = ([10.0, 10.0].into(), [45.0, 45.0].into());
        assert!(nav.apart(a, b, 0.0).is_none());
        assert!(nav.apart(a, b, 0.9).is_none());
        let r = nav.apart(a, b, 1.01).unwrap();
        assert!(r.max.x < 52.0 && r.min.x > 38.0, "{r:?}");
    }
}
