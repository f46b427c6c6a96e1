//! Errors: the server's own ([`WebError`]) and a refused request ([`ApiError`]).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// Socket error while serving.
    #[error("i/o error: {0}")]
    Io(std::io::Error),
    /// A limit of the configuration is zero or out of range.
    #[error("invalid limit: {0}")]
    Limit(&'static str),
}

/// A refused request: its HTTP status and a one-line message.
///
/// ```
/// let e = daedalus_web::ApiError::bad("no such object 3");
/// assert_eq!(e.status, 400);
/// assert_eq!(e.to_string(), "no such object 3");
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// HTTP status code.
    pub status: u16,
    /// One line.
    pub message: String,
}

impl ApiError {
    /// 400: malformed or invalid input.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// Any status; the message is cut to its first line.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        let m: String = message.into();
        let line = m.lines().next().unwrap_or("").chars().take(300).collect();
        ApiError {
            status,
            message: line,
        }
    }

    /// A limit reached (413).
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(413, message)
    }
}

impl From<daedalus::world::WorldError> for ApiError {
    fn from(e: daedalus::world::WorldError) -> Self {
        ApiError::bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        (status, format!("{}\n", self.message)).into_response()
    }
}
