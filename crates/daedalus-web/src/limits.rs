//! Bounds on what one client can make the server hold.

use crate::error::WebError;
use std::time::Duration;

/// Per-server and per-session limits (see the crate docs for the table).
///
/// ```
/// let l = daedalus_web::Limits::default();
/// assert_eq!((l.max_sessions, l.max_body), (128, 64 * 1024));
/// assert!(l.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Live sessions at once (503 beyond).
    pub max_sessions: usize,
    /// Bytes of a request body or WebSocket message (413 beyond).
    pub max_body: usize,
    /// WebSockets open at once on one session (503 beyond).
    pub max_sockets: usize,
    /// Obstacles a session may add.
    pub max_objects: usize,
    /// Points of one shape.
    pub max_shape_points: usize,
    /// Entities (crowd members, field-of-view targets).
    pub max_entities: usize,
    /// Points drawn on the bitmap page before a clear.
    pub max_drawing_points: usize,
    /// Physics bodies alive in a session.
    pub max_bodies: usize,
    /// Dungeon grid side (columns and rows).
    pub max_grid: usize,
    /// Dungeon rooms.
    pub max_rooms: usize,
    /// A session with no request and no open page is dropped after this.
    pub idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_sessions: 128,
            max_body: 64 * 1024,
            max_sockets: 4,
            max_objects: 200,
            max_shape_points: 256,
            max_entities: 64,
            max_drawing_points: 20_000,
            max_bodies: 40,
            max_grid: 40,
            max_rooms: 80,
            idle: Duration::from_secs(120),
        }
    }
}

impl Limits {
    /// Every limit must be at least 1 (and the body at least 1 KiB).
    pub fn validate(&self) -> Result<(), WebError> {
        let ones = [
            (self.max_sessions, "max_sessions"),
            (self.max_sockets, "max_sockets"),
            (self.max_objects, "max_objects"),
            (self.max_entities, "max_entities"),
            (self.max_drawing_points, "max_drawing_points"),
            (self.max_bodies, "max_bodies"),
            (self.max_rooms, "max_rooms"),
        ];
        if let Some((_, name)) = ones.iter().find(|(v, _)| *v == 0) {
            return Err(WebError::Limit(name));
        }
        if self.max_body < 1024 {
            return Err(WebError::Limit("max_body below 1 KiB"));
        }
        if self.max_shape_points < 4 {
            return Err(WebError::Limit("max_shape_points below 4"));
        }
        if self.max_grid < 4 {
            return Err(WebError::Limit("max_grid below 4"));
        }
        if self.idle.is_zero() {
            return Err(WebError::Limit("idle"));
        }
        Ok(())
    }
}
