//! Building a triangulation from a scenario's walls, ring objects, mesh dumps.
//! The one place that touches the object API, so API changes stay local.

use std::path::Path;

use daedalus::Point;
use daedalus::scenario::Scenario;

use crate::core_stub::{Cdt, Object, ObjectId};
use crate::error::CliError;

/// A new triangulation of the scenario's bounds (their border is a wall).
pub fn empty_world(s: &Scenario) -> Result<Cdt, CliError> {
    let [x0, y0, x1, y1] = s.bounds;
    Cdt::new(x0, y0, x1, y1).map_err(CliError::cdt(format!("bounds {:?}", s.bounds)))
}

/// Inserts every segment of the scenario as an open wall.
pub fn insert_segments(cdt: &mut Cdt, s: &Scenario) -> Result<(), CliError> {
    for (i, g) in s.segments.iter().enumerate() {
        cdt.insert_segment(Point::new(g[0], g[1]), Point::new(g[2], g[3]))
            .map_err(CliError::cdt(format!("segment {i}")))?;
    }
    Ok(())
}

/// The static mesh of a scenario: bounds, every ring closed, every segment.
pub fn build_walls(s: &Scenario) -> Result<Cdt, CliError> {
    let mut cdt = empty_world(s)?;
    for i in 0..s.rings.len() {
        cdt.insert_shape(&s.ring_points(i), true)
            .map_err(CliError::cdt(format!("ring {i}")))?;
    }
    insert_segments(&mut cdt, s)?;
    Ok(cdt)
}

/// Mean of the points: the pivot of a ring object (defined even for
/// rings of zero area).
pub fn centroid(points: &[Point]) -> Point {
    let n = points.len().max(1) as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
    Point::new(sx / n, sy / n)
}

/// Where a ring object is: the pose applied to its local outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub position: Point,
    pub rotation: f64,
}

/// A ring as an object: local outline = the ring's points, pivot and
/// position at its centroid, so the identity pose leaves it in place.
pub fn ring_object(points: Vec<Point>) -> (Object, Pose) {
    let c = centroid(&points);
    let pose = Pose {
        position: c,
        rotation: 0.0,
    };
    let object = Object {
        outline: points,
        closed: true,
        pivot: c,
        rotation: 0.0,
        position: c,
    };
    (object, pose)
}

/// The world outline of `local` (pivot `pivot`) at `pose`:
/// position + R(rotation) * (p - pivot), the object transform at scale 1.
pub fn posed_outline(local: &[Point], pivot: Point, pose: Pose) -> Vec<Point> {
    let (s, c) = pose.rotation.sin_cos();
    local
        .iter()
        .map(|p| {
            let (dx, dy) = (p.x - pivot.x, p.y - pivot.y);
            Point::new(
                pose.position.x + c * dx - s * dy,
                pose.position.y + s * dx + c * dy,
            )
        })
        .collect()
}

/// True when every point lies in the closed rectangle `bounds`.
pub fn inside_bounds(points: &[Point], [x0, y0, x1, y1]: [f64; 4]) -> bool {
    points
        .iter()
        .all(|p| p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
}

/// Sets an object's pose (marks it moved; `update_objects` applies it).
pub fn set_pose(cdt: &mut Cdt, id: ObjectId, pose: Pose) -> Result<(), CliError> {
    let o = cdt
        .object_mut(id)
        .map_err(CliError::cdt("moving an object"))?;
    o.position = pose.position;
    o.rotation = pose.rotation;
    Ok(())
}

/// Writes the mesh dump as JSON (shortest round-trip floats).
pub fn write_mesh(path: &Path, cdt: &Cdt) -> Result<(), CliError> {
    let json = serde_json::to_string(&cdt.dump()).map_err(|e| CliError::Write {
        path: path.display().to_string(),
        source: e.into(),
    })?;
    std::fs::write(path, json).map_err(|source| CliError::Write {
        path: path.display().to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posed_outline_rotates_about_pivot() {
        let local = [Point::new(2.0, 1.0), Point::new(1.0, 1.0)];
        let pose = Pose {
            position: Point::new(1.0, 1.0),
            rotation: std::f64::consts::FRAC_PI_2,
        };
        let w = posed_outline(&local, Point::new(1.0, 1.0), pose);
        // (2,1) is one unit right of the pivot: a quarter turn puts it one unit above.
        assert!((w[0].x - 1.0).abs() < 1e-15 && (w[0].y - 2.0).abs() < 1e-15);
        assert_eq!(w[1], Point::new(1.0, 1.0));
    }

    #[test]
    fn identity_pose_keeps_ring_in_place() {
        let ring = vec![
            Point::new(0.5, 0.25),
            Point::new(3.0, 0.75),
            Point::new(1.0, 2.0),
        ];
        let (o, pose) = ring_object(ring.clone());
        assert_eq!(posed_outline(&o.outline, o.pivot, pose), ring);
        assert_eq!(pose.position, Point::new(1.5, 1.0));
    }

    #[test]
    fn bounds_check_is_closed() {
        let b = [0.0, 0.0, 1.0, 1.0];
        assert!(inside_bounds(&[Point::new(0.0, 1.0)], b));
        assert!(!inside_bounds(&[Point::new(-1e-300, 0.5)], b));
    }
}
