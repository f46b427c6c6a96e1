//! `daedalus serve`: the interactive web demo.

use crate::error::CliError;
use std::net::SocketAddr;

#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let config = daedalus_web::ServeConfig {
        addr: args.addr,
        ..Default::default()
    };
    daedalus_web::serve_blocking(config, |addr| {
        println!("daedalus web demo: open http://{addr}/");
    })
    .map_err(|e| CliError::Invalid(e.to_string()))
}
