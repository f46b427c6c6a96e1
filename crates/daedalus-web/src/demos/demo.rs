//! The trait every demo implements: commands in, steps, frames out.

use crate::error::ApiError;
use crate::frame::Seen;
use serde_json::Value;

/// A page's server side.
pub(crate) trait Demo: Send {
    /// Applies one command (already parsed as JSON); answers its reply.
    fn apply(&mut self, cmd: Value) -> Result<Value, ApiError>;
    /// Advances the animation by `dt` seconds.
    fn step(&mut self, dt: f64);
    /// The next frame for a connection that was sent `seen` so far.
    fn frame(&mut self, seen: &mut Seen) -> Value;
}
