//! A tiny HTTP/1.1 client for the load test and the protocol tests
//! (keep-alive, `Content-Length` bodies only: what this server sends).

use std::io;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One keep-alive connection to the server.
pub struct HttpClient {
    stream: BufReader<TcpStream>,
    host: String,
}

/// Status and body of a response.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpResponse {
    /// HTTP status code.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl HttpClient {
    /// Connects to `addr` (`host:port`).
    pub async fn connect(addr: std::net::SocketAddr) -> io::Result<HttpClient> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        Ok(HttpClient {
            stream: BufReader::new(s),
            host: addr.to_string(),
        })
    }

    /// Sends one request and reads its response.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: &[u8],
    ) -> io::Result<HttpResponse> {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).await?;
        s.write_all(body).await?;
        self.read_response().await
    }

    async fn read_response(&mut self) -> io::Result<HttpResponse> {
        let bad = |m: &str| io::Error::new(io::ErrorKind::InvalidData, m.to_string());
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let mut len = 0usize;
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(bad("connection closed in the headers"));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().map_err(|_| bad("bad content-length"))?;
            }
        }
        let mut body = vec![0; len];
        self.stream.read_exact(&mut body).await?;
        Ok(HttpResponse {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        })
    }
}
