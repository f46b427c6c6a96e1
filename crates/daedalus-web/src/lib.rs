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
mod limits;
pub mod load;
mod preview;
mod routes;
mod session;
mod ws;

pub use error::{ApiError, WebError};
pub use limits::Limits;

use std::net::SocketAddr;
use std::sync::Arc;

/// Frames per second streamed to an open page.
///
/// ```
/// assert!(daedalus_web::FRAME_RATE >= 30);
/// ```
pub const FRAME_RATE: u32 = 60;

/// Where to listen and the limits.
///
/// ```
/// let c = daedalus_web::ServeConfig::default();
/// assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
/// ```
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to bind (port 0 picks a free port).
    pub addr: SocketAddr,
    /// Per-session and per-request limits.
    pub limits: Limits,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            limits: Limits::default(),
        }
    }
}

/// A bound server: learn its address, then [`Server::run`] it.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// use daedalus_web::{ServeConfig, Server};
/// let config = ServeConfig { addr: "127.0.0.1:0".parse().unwrap(), ..ServeConfig::default() };
/// let server = Server::bind(config).await.unwrap();
/// assert_ne!(server.local_addr().port(), 0);
/// # });
/// ```
pub struct Server {
    listener: tokio::net::TcpListener,
    state: Arc<session::Sessions>,
    addr: SocketAddr,
}

impl Server {
    /// Binds the listening socket.
    pub async fn bind(config: ServeConfig) -> Result<Server, WebError> {
        config.limits.validate()?;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| WebError::Bind(config.addr, e))?;
        let addr = listener.local_addr().map_err(WebError::Io)?;
        Ok(Server {
            listener,
            state: Arc::new(session::Sessions::new(config.limits)),
            addr,
        })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends (or the future is dropped).
    pub async fn run(self) -> Result<(), WebError> {
        tokio::spawn(session::reap(Arc::downgrade(&self.state)));
        let app = routes::router(self.state);
        axum::serve(self.listener, app).await.map_err(WebError::Io)
    }

    /// Runs it on the current runtime in the background; returns its address.
    pub fn spawn(self) -> SocketAddr {
        let addr = self.addr;
        tokio::spawn(async move {
            if let Err(e) = self.run().await {
                eprintln!("daedalus-web: {e}");
            }
        });
        addr
    }
}

/// Binds `config.addr` and serves forever.
///
/// ```no_run
/// # async fn run() -> Result<(), daedalus_web::WebError> {
/// daedalus_web::serve(daedalus_web::ServeConfig::default()).await
/// # }
/// ```
pub async fn serve(config: ServeConfig) -> Result<(), WebError> {
    Server::bind(config).await?.run().await
}

/// Runs the server on a new multi-threaded runtime, calling `bound` with
/// its address once it listens (the CLI prints it). Blocks forever.
pub fn serve_blocking(config: ServeConfig, bound: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Io)?;
    rt.block_on(async move {
        let server = Server::bind(config).await?;
        bound(server.local_addr());
        server.run().await
    })
}
