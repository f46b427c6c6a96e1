//! The interactive web demo of Daedalus, served by `daedalus serve`.
//!
//! Every page, script and style is embedded in the binary. The browser
//! only draws (plain JavaScript on a `<canvas>`); all geometry is computed
//! here through [`daedalus::World`] (and the field of view, dungeon,
//! bitmap tracing and physics modules). While a page is open the server
//! steps its world and streams frames over a WebSocket at
//! [`FRAME_RATE`] frames per second.
//!
//! Pages: `/` (index), `/mesh`, `/paths`, `/fov`, `/crowd`, `/bitmap`,
//! `/dungeon`. The protocol (JSON):
//!
//! - `POST /api/sessions` with `{"demo": "mesh"}` creates a session:
//!   `{"session": "<id>"}`.
//! - `POST /api/sessions/<id>` with a command (`{"op": ..., ...}`, see
//!   each demo) applies it and answers its reply.
//! - `GET /api/sessions/<id>/ws` streams frames; commands sent on it are
//!   answered with `{"type": "reply", "seq": n, ...}` or
//!   `{"type": "error", "seq": n, "message": ...}`.
//!
//! # Limits
//!
//! Every request is validated: malformed input is refused with HTTP 400
//! and a one-line message, a body over [`Limits::max_body`] with 413, an
//! unknown session with 404 and a full server with 503. Nothing a client
//! sends can panic the server. The defaults ([`Limits::default`]):
//!
//! | limit | default |
//! | --- | --- |
//! | sessions | 128 |
//! | request body / WebSocket message | 64 KiB |
//! | WebSockets per session | 4 |
//! | objects per session (mesh page) | 200 |
//! | points per shape | 256 |
//! | entities per session (crowd, fov targets) | 64 |
//! | drawn points per bitmap drawing | 20 000 |
//! | physics bodies per session | 40 |
//! | dungeon grid | 40 x 40, 80 rooms |
//! | idle session (no request, no open page) | dropped after 120 s |
//!
//! ```no_run
//! # async fn run() -> Result<(), daedalus_web::WebError> {
//! let server = daedalus_web::Server::bind(daedalus_web::ServeConfig::default()).await?;
//! println!("open http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```

#![forbid(unsafe_code)]

mod assets;
pub mod client;
mod demos;
mod error;
mod frame;
mod hash;
mod limits;
pub mod load;
mod preview;
mod routes;
mod server;
mod session;
mod ws;

pub use error::{ApiError, WebError};
pub use limits::Limits;
pub use server::{ServeConfig, Server, serve, serve_blocking};
pub use ws::FRAME_RATE;
