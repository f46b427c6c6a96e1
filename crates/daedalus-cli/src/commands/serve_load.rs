//! `daedalus serve-load`: load test of the web demo on loopback.

use crate::error::CliError;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Concurrent sessions, each editing and querying its own world.
    #[arg(long, default_value_t = 50)]
    sessions: usize,
    /// Duration of the timed phase.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// A running server to test (default: one started in-process on a free port).
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// Each session also streams its frames over a WebSocket, like an open page.
    #[arg(long)]
    watch: bool,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError::Invalid("--seconds must be in (0, 3600]".into()));
    }
    if args.sessions == 0 || args.sessions > 1000 {
        return Err(CliError::Invalid("--sessions must be in [1, 1000]".into()));
    }
    let report = daedalus_web::load::run_blocking(
        args.addr,
        args.sessions,
        Duration::from_secs_f64(args.seconds),
        args.watch,
    )
    .map_err(|e| CliError::Invalid(e.to_string()))?;
    println!("{report}");
    if report.errors > 0 || report.bad_refused != report.bad_sent || !report.alive {
        return Err(CliError::Invalid(
            "load test failed (see the line above)".into(),
        ));
    }
    Ok(())
}
