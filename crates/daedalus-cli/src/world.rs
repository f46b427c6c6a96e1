//! Building a triangulation from a scenario's walls, ring objects, mesh dumps.
//! The one place that touches the object API, so API changes stay local.

use daedalus::Closure;
use std::path::Path;

use daedalus::Point;
use daedalus::scenario::Scenario;

use crate::error::CliError;
use daedalus::objects::{Object, ObjectId, Objects, Pose};
use daedalus::triangulation::Cdt;

/// The rectangle of the scenario format's `[xmin, ymin, xmax, ymax]`.
pub fn rect([x0, y0, x1, y1]: [f64; 4]) -> daedalus::Rect {
    daedalus::Rect::new([x0, y0], [x1, y1])
}

/// A new triangulation of the scenario's bounds (their border is a wall).
pub fn empty_world(s: &Scenario) -> Result<Cdt, CliError> {
    let [x0, y0, x1, y1] = s.bounds;
    Cdt::new([x0, y0], [x1, y1]).map_err(CliError::cdt(format!("bounds {:?}", s.bounds)))
}

/// Inserts every segment of the scenario as an open wall.
pub fn insert_segments(cdt: &mut Cdt, s: &Scenario) -> Result<(), CliError> {
    for (i, g) in s.segments.iter().enumerate() {
        cdt.insert_segment(Point::new(g[0], g[1]), Point::new(g[2], g[3]))
            .map_err(CliError::cdt(format!("segment {i}")))?;
    }
    Ok(())
}

/// The static mesh of a scenario: bounds, every ring closed, every segment,
/// inserted in one `Cdt::insert_shapes` call (one undo scope for the lot).
pub fn build_walls(s: &Scenario) -> Result<Cdt, CliError> {
    let mut cdt = empty_world(s)?;
    let rings = (0..s.rings.len()).map(|i| (s.ring_points(i), Closure::Closed));
    let segments = s.segments.iter().map(|g| {
        (
            vec![Point::new(g[0], g[1]), Point::new(g[2], g[3])],
            Closure::Open,
        )
    });
    let shapes: Vec<(Vec<Point>, Closure)> = rings.chain(segments).collect();
    if let Err(e) = cdt.insert_shapes(&shapes) {
        // The failed call changed nothing: replay one by one to name the culprit.
        for (i, (points, closed)) in shapes.iter().enumerate() {
            let what = match i.checked_sub(s.rings.len()) {
                None => format!("ring {i}"),
                Some(j) => format!("segment {j}"),
            };
            cdt.insert_shape(points, *closed)
                .map_err(CliError::cdt(what))?;
        }
        return Err(CliError::cdt("walls")(e));
    }
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

/// A ring as an object: local outline = the ring's points, pivot and
/// position at their centroid, so the starting pose leaves it in place.
pub fn ring_object(points: Vec<Point>) -> (Object, Pose) {
    let c = centroid(&points);
    let mut o = Object::new(points, Closure::Closed);
    o.set_pivot([c.x, c.y]);
    o.set_position([c.x, c.y]);
    let pose = o.pose();
    (o, pose)
}

/// `o` placed at `pose` (same outline).
pub fn posed(o: &Object, pose: Pose) -> Object {
    let mut o = o.clone();
    o.set_pose(pose);
    o
}

/// True when every point lies in the closed rectangle `bounds`.
pub fn inside_bounds(points: &[Point], [x0, y0, x1, y1]: [f64; 4]) -> bool {
    points
        .iter()
        .all(|p| p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
}

/// Sets an object's pose (marks it moved; `Objects::update` applies it).
pub fn set_pose(objects: &mut Objects, id: ObjectId, pose: Pose) -> Result<(), CliError> {
    objects
        .get_mut(id)
        .map_err(CliError::object("moving an object"))?
        .set_pose(pose);
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
    fn centroid_is_the_mean() {
        let ring = [
            Point::new(0.5, 0.25),
            Point::new(3.0, 0.75),
            Point::new(1.0, 2.0),
        ];
        assert_eq!(centroid(&ring), Point::new(1.5, 1.0));
    }

    #[test]
    fn bounds_check_is_closed() {
        let b = [0.0, 0.0, 1.0, 1.0];
        assert!(inside_bounds(&[Point::new(0.0, 1.0)], b));
        assert!(!inside_bounds(&[Point::new(-1e-300, 0.5)], b));
    }
}
