//! The synthetic world of the per-frame benches: N small square objects
//! (half-size 1 to 2, random rotation) on a jittered grid `CELL` apart,
//! and the seeded generator that places them.

use daedalus::objects::Object;
use daedalus::objects::Pose;
use daedalus::world::ObstacleId;
use daedalus::{Point, World};

/// Grid spacing; squares have half-size 1..2.
pub const CELL: f64 = 10.0;

/// A small seeded generator (benches must not depend on `rand`'s streams).
pub struct Lcg(pub u64);

impl Lcg {
    /// Uniform in [0, 1).
    pub fn f(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A world of `n` squares, stepped once so navigation is ready; its
/// objects with their poses, its width and the generator after placing.
pub fn squares(n: usize) -> (World, Vec<(ObstacleId, Pose)>, f64, Lcg) {
    let side = (n as f64).sqrt().ceil() as usize;
    let width = side as f64 * CELL;
    let mut w = World::new([0.0, 0.0], [width, width]).unwrap();
    let mut rng = Lcg(0x9E37_79B9_7F4A_7C15);
    let mut objs = Vec::with_capacity(n);
    for i in 0..n {
        let h = 1.0 + rng.f();
        let mut square = Object::rectangle(2.0 * h, 2.0 * h);
        let c = Point::new(
            ((i % side) as f64 + 0.5 + 0.4 * (rng.f() - 0.5)) * CELL,
            ((i / side) as f64 + 0.5 + 0.4 * (rng.f() - 0.5)) * CELL,
        );
        let pose = Pose {
            position: c,
            rotation: rng.f(),
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
