//! The `daedalus` command line tool.

#![forbid(unsafe_code)]

mod commands;
mod error;
mod prng;
mod world;

use clap::{Parser, Subcommand};
use error::CliError;

/// Daedalus: dynamic constrained Delaunay triangulation and path finding.
#[derive(Parser)]
#[command(name = "daedalus", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the built-in demo: meshes, paths, traced bitmap, physics frames,
    /// pictures in ./daedalus-demo/.
    Demo(commands::demo::Args),
    /// Build the mesh of a scenario and print the runner output.
    Scenario(commands::scenario::Args),
    /// Move the rings of a scenario as objects and time the updates.
    BenchDynamic(commands::bench_dynamic::Args),
    /// Draw the mesh of a scenario (and its query paths) as PNG or SVG.
    Render(commands::render::Args),
    /// Trace an image's walls into polygons and write them as a scenario.
    Bitmap(commands::bitmap::Args),
    /// Random operations on a triangulation, checking its invariants.
    Fuzz(commands::fuzz::Args),
    /// Generate a procedural dungeon on the triangulation.
    Dungeon(commands::dungeon::Args),
    /// What a viewer sees in a scenario's world: its visibility polygon.
    Fov(commands::fov::Args),
    /// Many entities of radii 0.5 to 2 walking with local avoidance.
    Crowd(commands::crowd::Args),
    /// Serve the interactive web demo (prints the address to open).
    Serve(commands::serve::Args),
    /// Load-test the web demo: concurrent sessions, then bad requests.
    ServeLoad(commands::serve_load::Args),
}

fn run(cli: &Cli) -> Result<(), CliError> {
    match &cli.command {
        Command::Demo(a) => commands::demo::run(a).map_err(CliError::Invalid),
        Command::Render(a) => commands::render::run(a).map_err(CliError::Invalid),
        Command::Bitmap(a) => commands::bitmap::run(a).map_err(CliError::Invalid),
        Command::Scenario(a) => commands::scenario::run(a),
        Command::BenchDynamic(a) => commands::bench_dynamic::run(a),
        Command::Fuzz(a) => commands::fuzz::run(a),
        Command::Dungeon(a) => commands::dungeon::run(a).map_err(CliError::Invalid),
        Command::Fov(a) => commands::fov::run(a),
        Command::Crowd(a) => commands::crowd::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::ServeLoad(a) => commands::serve_load::run(a),
    }
}

fn main() -> std::process::ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help / --version: clap's normal output on stdout.
            let _ = e.print();
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!(
                "daedalus: no command given (demo, scenario, render, bitmap, bench-dynamic, fuzz, dungeon, fov, crowd, serve, serve-load; see --help)"
            );
            return std::process::ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("daedalus: {}", error::clap_one_line(&e));
            return std::process::ExitCode::from(2);
        }
    };
    match run(&cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("daedalus: {}", error::one_line(&e.to_string()));
            std::process::ExitCode::FAILURE
        }
    }
}
