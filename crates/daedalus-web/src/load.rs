//! Load test on loopback: many sessions editing and querying at once,
//! then malformed and oversized requests, all of which must be refused
//! while the server stays alive. `daedalus serve-load` runs it.

use crate::client::HttpClient;
use crate::hash::unit;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// What the load test measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadReport {
    /// Concurrent sessions.
    pub sessions: usize,
    /// Requests answered during the timed phase.
    pub requests: u64,
    /// Requests that failed (a non-2xx status or a broken connection).
    pub errors: u64,
    /// Median latency, microseconds.
    pub p50_us: u64,
    /// 99th percentile latency, microseconds.
    pub p99_us: u64,
    /// Slowest request, microseconds.
    pub max_us: u64,
    /// Wall time of the timed phase, seconds.
    pub seconds: f64,
    /// Bad requests sent afterwards.
    pub bad_sent: usize,
    /// How many of them got the expected refusal (400, 404 or 413).
    pub bad_refused: usize,
    /// The server still answered its health check at the end.
    pub alive: bool,
    /// The first error seen, if any.
    pub first_error: Option<String>,
    /// With `watching`: frames received over all WebSockets.
    pub frames: u64,
    /// With `watching`: the lowest frame rate of one session (frames/s).
    pub min_fps: f64,
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} sessions, {:.1} s: {} requests ({:.0}/s), {} errors, latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; bad requests refused {}/{}; server alive: {}",
            self.sessions,
            self.seconds,
            self.requests,
            self.requests as f64 / self.seconds.max(1e-9),
            self.errors,
            self.p50_us as f64 / 1e3,
            self.p99_us as f64 / 1e3,
            self.max_us as f64 / 1e3,
            self.bad_refused,
            self.bad_sent,
            self.alive
        )?;
        if self.frames > 0 {
            write!(
                f,
                "; pages open: {} frames streamed, slowest session {:.1} frames/s",
                self.frames, self.min_fps
            )?;
        }
        if let Some(e) = &self.first_error {
            write!(f, "; first error: {e}")?;
        }
        Ok(())
    }
}

const DEMOS: [&str; 6] = ["mesh", "mesh", "paths", "fov", "crowd", "dungeon"];

/// The next command of session `k` (its `i`-th), editing and querying.
fn command(demo: &str, k: usize, i: u64, objects: &mut Vec<u64>) -> Value {
    let s = (k as u64) << 32 | i;
    let (x, y) = (60.0 + 680.0 * unit(s), 60.0 + 480.0 * unit(s + 7));
    match demo {
        "mesh" => match i % 5 {
            0 if objects.len() < 40 => {
                json!({"op": "add", "points": [[x, y], [x + 30.0, y + 5.0], [x + 10.0, y + 25.0]], "closed": true})
            }
            0 | 1 if !objects.is_empty() => {
                let id = objects[(i as usize) % objects.len()];
                if i.is_multiple_of(5) {
                    objects.retain(|&o| o != id);
                    json!({"op": "remove", "id": id})
                } else {
                    json!({"op": "pose", "id": id, "x": x.clamp(60.0, 740.0), "y": y.clamp(60.0, 540.0), "rotation": unit(s + 3) * 6.0})
                }
            }
            2 => json!({"op": "path", "from": [x, y], "to": [800.0 - x, 600.0 - y], "radius": 3.0}),
            _ => json!({"op": "stats"}),
        },
        "paths" => match i % 3 {
            0 => json!({"op": "goal", "x": x, "y": y}),
            _ => json!({"op": "status"}),
        },
        "fov" => match i % 3 {
            0 => {
                json!({"op": "viewer", "x": x, "y": y, "direction": unit(s + 1) * 6.0, "angle": 1.5, "range": 400.0})
            }
            _ => json!({"op": "status"}),
        },
        "crowd" => match i % 4 {
            0 => json!({"op": "goal", "x": x, "y": y}),
            _ => json!({"op": "status"}),
        },
        _ => match i % 3 {
            0 => {
                json!({"op": "input", "up": unit(s + 2) < 0.7, "left": unit(s + 4) < 0.3, "fire": true})
            }
            _ => json!({"op": "status"}),
        },
    }
}

/// Latencies (µs), errors, the first error, and (frames, frames/s) when watching.
type Outcome = (Vec<u32>, u64, Option<String>, Option<(u64, f64)>);

/// Reads a session's frames like an open page until `until`; frames/s.
async fn watch(addr: SocketAddr, id: String, until: Instant) -> Option<(u64, f64)> {
    use futures_util::StreamExt;
    let url = format!("ws://{addr}/api/sessions/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.ok()?;
    let (start, mut n) = (Instant::now(), 0u64);
    while let Ok(Some(Ok(_))) = tokio::time::timeout_at(until.into(), ws.next()).await {
        n += 1;
    }
    Some((n, n as f64 / start.elapsed().as_secs_f64().max(1e-9)))
}

async fn one_session(addr: SocketAddr, k: usize, until: Instant, watching: bool) -> Outcome {
    let (mut lat, mut errors, mut first) = (Vec::new(), 0u64, None);
    let Ok(mut c) = HttpClient::connect(addr).await else {
        return (lat, 1, Some("cannot connect".into()), None);
    };
    let demo = DEMOS[k % DEMOS.len()];
    let body = json!({"demo": demo}).to_string();
    let id = match c.request("POST", "/api/sessions", body.as_bytes()).await {
        Ok(r) if r.status == 201 => serde_json::from_str::<Value>(&r.body)
            .ok()
            .and_then(|v| v["session"].as_str().map(String::from)),
        _ => None,
    };
    let Some(id) = id else {
        return (lat, 1, Some("cannot create a session".into()), None);
    };
    let watcher = watching.then(|| tokio::spawn(watch(addr, id.clone(), until)));
    let path = format!("/api/sessions/{id}");
    let mut objects = Vec::new();
    let mut i = 0u64;
    while Instant::now() < until {
        let cmd = command(demo, k, i, &mut objects);
        i += 1;
        let t = Instant::now();
        match c.request("POST", &path, cmd.to_string().as_bytes()).await {
            Ok(r) if r.status == 200 => {
                lat.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                if let Some(n) = serde_json::from_str::<Value>(&r.body)
                    .ok()
                    .and_then(|v| v["id"].as_u64())
                    && cmd["op"] == "add"
                {
                    objects.push(n);
                }
            }
            Ok(r) => {
                errors += 1;
                first.get_or_insert_with(|| format!("{} on {cmd}: {}", r.status, r.body.trim()));
            }
            Err(e) => {
                errors += 1;
                first.get_or_insert_with(|| format!("{e} on {cmd}"));
                match HttpClient::connect(addr).await {
                    Ok(n) => c = n,
                    Err(_) => break,
                }
            }
        }
    }
    let _ = c.request("DELETE", &path, b"").await;
    let fps = match watcher {
        Some(w) => match w.await.ok().flatten() {
            Some(w) => Some(w),
            None => {
                errors += 1;
                first.get_or_insert_with(|| "the WebSocket failed".into());
                None
            }
        },
        None => None,
    };
    (lat, errors, first, fps)
}

/// Bad requests and the status each must get; answers (sent, refused as expected).
pub async fn bad_requests(addr: SocketAddr, max_body: usize) -> std::io::Result<(usize, usize)> {
    let mut c = HttpClient::connect(addr).await?;
    let r = c
        .request("POST", "/api/sessions", br#"{"demo":"mesh"}"#)
        .await?;
    let id = serde_json::from_str::<Value>(&r.body)
        .ok()
        .and_then(|v| v["session"].as_str().map(String::from))
        .unwrap_or_default();
    let s = format!("/api/sessions/{id}");
    let big = format!("{{\"op\":\"stats\",\"pad\":\"{}\"}}", "x".repeat(max_body));
    let many: Vec<[f64; 2]> = (0..300)
        .map(|i| [10.0 + i as f64, 10.0 + (i % 7) as f64])
        .collect();
    let cases: Vec<(&str, String, Vec<u8>, u16)> = vec![
        ("POST", s.clone(), b"{not json".to_vec(), 400),
        ("POST", s.clone(), b"".to_vec(), 400),
        ("POST", s.clone(), br#"{"op":"explode"}"#.to_vec(), 400),
        (
            "POST",
            s.clone(),
            br#"{"op":"add","points":"many"}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"add","points":[[1e999,1]]}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"add","points":[[-5,1],[3,3]]}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"add","points":[[5,5]]}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"pose","id":999999,"x":1,"y":1}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"remove","id":-1}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            br#"{"op":"path","from":[1,1],"to":[2,2],"radius":-3}"#.to_vec(),
            400,
        ),
        (
            "POST",
            s.clone(),
            json!({"op": "add", "points": many})
                .to_string()
                .into_bytes(),
            413,
        ),
        ("POST", s.clone(), big.into_bytes(), 413),
        (
            "POST",
            "/api/sessions/nope".into(),
            br#"{"op":"stats"}"#.to_vec(),
            404,
        ),
        (
            "POST",
            "/api/sessions".into(),
            br#"{"demo":"tetris"}"#.to_vec(),
            400,
        ),
        ("POST", "/api/sessions".into(), br#"[1,2,3]"#.to_vec(), 400),
    ];
    let sent = cases.len();
    let mut refused = 0;
    for (method, path, body, want) in cases {
        // A refused body may close the connection: use a fresh one each time.
        let mut c = HttpClient::connect(addr).await?;
        if let Ok(r) = c.request(method, &path, &body).await
            && r.status == want
        {
            refused += 1;
        }
    }
    Ok((sent, refused))
}

/// Runs `sessions` clients for `duration` (each also streaming its frames
/// like an open page when `watching`), then the bad requests.
pub async fn run(
    addr: SocketAddr,
    sessions: usize,
    duration: Duration,
    max_body: usize,
    watching: bool,
) -> std::io::Result<LoadReport> {
    let start = Instant::now();
    let until = start + duration;
    let tasks: Vec<_> = (0..sessions)
        .map(|k| tokio::spawn(one_session(addr, k, until, watching)))
        .collect();
    let mut lat = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    let (mut frames, mut min_fps) = (0u64, f64::INFINITY);
    for t in tasks {
        match t.await {
            Ok((l, e, f, w)) => {
                lat.extend(l);
                errors += e;
                first_error = first_error.or(f);
                if let Some((n, fps)) = w {
                    frames += n;
                    min_fps = min_fps.min(fps);
                }
            }
            Err(e) => {
                errors += 1;
                first_error = first_error.or(Some(e.to_string()));
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    let pct = |q: f64| {
        lat.get(((lat.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0) as u64
    };
    let (bad_sent, bad_refused) = bad_requests(addr, max_body).await?;
    let alive = match HttpClient::connect(addr).await {
        Ok(mut c) => c
            .request("GET", "/api/health", b"")
            .await
            .is_ok_and(|r| r.status == 200),
        Err(_) => false,
    };
    Ok(LoadReport {
        sessions,
        requests: lat.len() as u64,
        errors,
        p50_us: pct(0.5),
        p99_us: pct(0.99),
        max_us: lat.last().copied().unwrap_or(0) as u64,
        seconds,
        bad_sent,
        bad_refused,
        alive,
        first_error,
        frames,
        min_fps: if frames > 0 { min_fps } else { 0.0 },
    })
}

/// Starts a server on a free loopback port (or uses `target`), runs the
/// load test against it and returns the report. Blocks.
pub fn run_blocking(
    target: Option<SocketAddr>,
    sessions: usize,
    duration: Duration,
    watching: bool,
) -> Result<LoadReport, crate::error::WebError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(crate::error::WebError::Io)?;
    rt.block_on(async move {
        let limits = crate::limits::Limits::default();
        let max_body = limits.max_body;
        let addr = match target {
            Some(a) => a,
            None => {
                let config = crate::server::ServeConfig {
                    addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                    limits,
                };
                crate::server::Server::bind(config).await?.spawn()
            }
        };
        run(addr, sessions, duration, max_body, watching)
            .await
            .map_err(crate::error::WebError::Io)
    })
}
