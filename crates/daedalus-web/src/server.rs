//! The server: where it listens, binding, and serving (in the
//! background, forever, or on a runtime of its own).

use crate::error::WebError;
use crate::limits::Limits;
use crate::{routes, session};
use std::net::SocketAddr;
use std::sync::Arc;

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
///
/// ```no_run
/// let config = daedalus_web::ServeConfig::default();
/// daedalus_web::serve_blocking(config, |addr| println!("open http://{addr}"))?;
/// # Ok::<(), daedalus_web::WebError>(())
/// ```
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
