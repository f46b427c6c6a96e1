//! `daedalus fuzz --ops N --seed S`: random insertions and removals on a
//! triangulation, validating its invariants as it goes.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::error::CliError;
use daedalus::fuzz;

#[derive(clap::Args)]
pub struct Args {
    /// Number of random operations.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub ops: u64,
    /// Seed of the operation generator.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub seed: u64,
    /// Run the full invariant check every K operations (and at the end).
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub validate_every: u64,
}

/// A spinner on stderr, shown only on a terminal and only once the run has
/// taken over a second (the fuzz run gives no progress of its own).
fn spinner_after_a_second(message: String) -> (mpsc::Sender<()>, std::thread::JoinHandle<()>) {
    use std::io::IsTerminal;
    let (tx, rx) = mpsc::channel::<()>();
    let on_terminal = std::io::stderr().is_terminal();
    let handle = std::thread::spawn(move || {
        if !on_terminal || rx.recv_timeout(Duration::from_secs(1)).is_ok() {
            return;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(message);
        bar.enable_steady_tick(Duration::from_millis(100));
        let _ = rx.recv();
        bar.finish_and_clear();
    });
    (tx, handle)
}

pub fn run(args: &Args) -> Result<(), CliError> {
    if args.validate_every == 0 {
        return Err(CliError::Invalid(
            "--validate-every must be at least 1".into(),
        ));
    }
    let t = Instant::now();
    let (stop, spinner) =
        spinner_after_a_second(format!("fuzzing {} ops, seed {}", args.ops, args.seed));
    let result = fuzz::run(args.ops, args.seed, args.validate_every);
    let _ = stop.send(());
    let _ = spinner.join();
    let secs = t.elapsed().as_secs_f64();
    match result {
        Ok(r) => {
            println!(
                "fuzz: {} ops, seed {}: ok in {secs:.3} s ({} validations, {} vertices and {} shapes \
                 inserted, {} shapes removed, {} object moves, {} inputs rejected, up to {} vertices)",
                r.ops,
                args.seed,
                r.validations,
                r.vertices_inserted,
                r.shapes_inserted,
                r.shapes_removed,
                r.objects_moved,
                r.rejected_inputs,
                r.max_vertices
            );
            Ok(())
        }
        Err(e) => Err(CliError::Fuzz(format!("invariant violation: {e}"))),
    }
}
