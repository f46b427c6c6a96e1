//! Shared fixtures of the render tests (not a test on its own).

use daedalus::Point;
use daedalus::mesh::MeshDump;

/// A 10 x 10 world with a square obstacle [3, 7]^2, triangulated by hand:
/// 10 counter-clockwise triangles, 8 constrained edges (border + square).
pub fn square_in_square() -> MeshDump {
    MeshDump {
        vertices: vec![
            [0.0, 0.0],
            [10.0, 0.0],
            [10.0, 10.0],
            [0.0, 10.0],
            [3.0, 3.0],
            [7.0, 3.0],
            [7.0, 7.0],
            [3.0, 7.0],
        ],
        triangles: vec![
            [0, 1, 5],
            [0, 5, 4],
            [1, 2, 6],
            [1, 6, 5],
            [2, 3, 7],
            [2, 7, 6],
            [3, 0, 4],
            [3, 4, 7],
            [4, 5, 6],
            [4, 6, 7],
        ],
        constrained: vec![
            [0, 1],
            [1, 2],
            [2, 3],
            [3, 0],
            [4, 5],
            [5, 6],
            [6, 7],
            [7, 4],
        ],
    }
}

/// A path around the obstacle through the left and bottom corridors.
pub fn detour() -> Vec<Point> {
    vec![
        Point::new(1.5, 1.5),
        Point::new(1.5, 8.5),
        Point::new(8.5, 8.5),
    ]
}
