//! The CLI's error type: every failure is reported as one line.

use daedalus::objects::ObjectError;
use daedalus::scenario::ScenarioError;
use daedalus::triangulation::CdtError;

/// What went wrong in a command, worded for the user.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    #[error("{context}: {source}")]
    Cdt {
        context: String,
        #[source]
        source: CdtError,
    },
    #[error("{context}: {source}")]
    Object {
        context: String,
        #[source]
        source: ObjectError,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Invalid(String),
    /// No disc of this radius fits anywhere on the map (found by drawing
    /// random points).
    #[error(
        "no disc of radius {radius} fits anywhere on this map with somewhere to go ({draws} random points per try)"
    )]
    NoRoom { radius: f64, draws: usize },
    #[error("{0}")]
    Fuzz(String),
}

impl CliError {
    /// A triangulation error with what was being done.
    pub fn cdt(context: impl Into<String>) -> impl FnOnce(CdtError) -> CliError {
        let context = context.into();
        move |source| CliError::Cdt { context, source }
    }

    /// An objects-table error with what was being done.
    pub fn object(context: impl Into<String>) -> impl FnOnce(ObjectError) -> CliError {
        let context = context.into();
        move |source| CliError::Object { context, source }
    }
}

/// Joins the lines of a message so the report stays on one line.
pub fn one_line(msg: &str) -> String {
    msg.split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The gist of a clap error: its first paragraph on one line, without the
/// `error: ` tag (the usage and tips that follow are left out).
pub fn clap_one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let para: Vec<&str> = text
        .trim_start()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let msg = one_line(&para.join("\n"));
    let msg = msg.trim_start_matches("error:").trim();
    if msg.is_empty() {
        "bad arguments (see --help)".to_string()
    } else {
        msg.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("a\n  b\n\nc"), "a b c");
    }
}
