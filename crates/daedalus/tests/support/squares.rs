//! The synthetic world of the per-frame benches: N small square objects
//! (half-size 1 to 2, random rotation) on a jittered grid `CELL` apart,
//! placed by the support's seeded generator (an LCG).

use daedalus::objects::Object;
use daedalus::objects::Pose;
use daedalus::world::ObstacleId;

use super::rng::Rng;
use daedalus::{Point, World};

/// Grid spacing; squares have half-size 1..2.
pub const CELL: f64 = 10.0;

/// A world of `n` squares, stepped once so navigation is ready; its
/// objects with their poses, its width and the generator after placing.
pub fn squares(n: usize) -> (World, Vec<(ObstacleId, Pose)>, f64, Rng) {
    let side = (n as f64).sqrt().ceil() as usize;
    let width = side as f64 * CELL;
    let mut w = World::new([0.0, 0.0], [width, width]).unwrap();
    let mut rng = Rng::lcg(0x9E37_79B9_7F4A_7C15);
    let mut objs = Vec::with_capacity(n);
    for i in 0..n {
        let h = 1.0 + rng.unit();
        let mut square = Object::rectangle(2.0 * h, 2.0 * h);
        let c = Point::new(
            ((i % side) as f64 + 0.5 + 0.4 * (rng.unit() - 0.5)) * CELL,
            ((i / side) as f64 + 0.5 + 0.4 * (rng.unit() - 0.5)) * CELL,
        );
        let pose = Pose {
            position: c,
            rotation: rng.unit(),
            ..Pose::default()
        };
        // Placed before it is added: added at the origin and then moved,
        // 10^5 squares all crossed each other there first (minutes).
        square.set_pose(pose);
        let id = w.add_object(square).unwrap();
        objs.push((id, pose));
    }
    w.step(0.0).unwrap();
    (w, objs, width, rng)
}
