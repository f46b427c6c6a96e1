//! One module per subcommand: `Args` (clap) and `run(&Args)`.

pub mod bench_dynamic;
pub mod bench_world;
pub mod bitmap;
pub mod crowd;
pub mod demo;
pub mod dungeon;
pub mod fov;
pub mod fuzz;
pub mod render;
pub mod scenario;
pub mod serve;
pub mod serve_load;
