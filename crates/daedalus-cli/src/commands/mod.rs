//! One module per subcommand: `Args` (clap) and `run(&Args)`.

pub mod bench_dynamic;
pub mod fuzz;
pub mod scenario;
