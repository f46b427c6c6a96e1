//! The WebSocket of an open page: frames out at the frame rate, commands in.

use crate::error::ApiError;
use crate::frame::Seen;
use crate::session::{Shared, St, lock};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::time::MissedTickBehavior;

/// Frames per second streamed to an open page.
///
/// ```
/// assert!(daedalus_web::FRAME_RATE >= 30);
/// ```
pub const FRAME_RATE: u32 = 60;

pub(crate) async fn upgrade(
    State(st): State<St>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let session = match st.get(&id) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    if lock(&session).attached >= st.limits.max_sockets {
        return ApiError::new(503, "too many pages open on this session").into_response();
    }
    let max = st.limits.max_body;
    ws.max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| run(socket, st, id, session))
}

/// Detaches the socket however the loop ends.
struct Attached(Shared);

impl Drop for Attached {
    fn drop(&mut self) {
        let mut s = lock(&self.0);
        s.attached = s.attached.saturating_sub(1);
        s.last_active = Instant::now();
    }
}

async fn run(mut socket: WebSocket, st: St, id: String, session: Shared) {
    lock(&session).attached += 1;
    let _guard = Attached(session.clone());
    let mut seen = Seen::default();
    let mut tick = tokio::time::interval(Duration::from_secs(1) / FRAME_RATE);
    tick.set_missed_tick_behavior(MissedTickBehavior::Skip);
    let started = Instant::now();
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let frame = {
                    let mut s = lock(&session);
                    s.advance();
                    let mut f = s.demo.frame(&mut seen);
                    f["type"] = "frame".into();
                    f["n"] = seen.frames.into();
                    f["t"] = (started.elapsed().as_millis() as u64).into();
                    f
                };
                seen.frames += 1;
                if socket.send(Message::Text(frame.to_string().into())).await.is_err() {
                    return;
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = json!({"type": "error", "message": "binary messages are not accepted"});
                        if socket.send(Message::Text(e.to_string().into())).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                    // Closed, or refused (over the size limit): the page reconnects.
                    _ => return,
                };
                let reply = handle(&st, &id, &text);
                if socket.send(Message::Text(reply.to_string().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// `{"seq": n, "cmd": {...}}` or a bare command; the reply carries `seq`.
fn handle(st: &St, id: &str, text: &str) -> Value {
    let parsed: Result<Value, ApiError> =
        serde_json::from_str(text).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")));
    let (seq, result) = match parsed {
        Ok(mut v) => {
            let seq = v.get("seq").cloned().unwrap_or(Value::Null);
            let cmd = match v.get_mut("cmd") {
                Some(c) => c.take(),
                None => v,
            };
            (seq, st.apply(id, cmd))
        }
        Err(e) => (Value::Null, Err(e)),
    };
    match result {
        Ok(data) => json!({"type": "reply", "seq": seq, "ok": true, "data": data}),
        Err(e) => {
            json!({"type": "error", "seq": seq, "ok": false, "status": e.status, "message": e.message})
        }
    }
}
