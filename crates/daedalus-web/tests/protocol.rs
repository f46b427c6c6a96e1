//! The HTTP protocol without a browser: validation (400, 413, 404),
//! stale ids, every demo's commands, the WebSocket frames, and a short
//! load test.

use daedalus_web::client::HttpClient;
use daedalus_web::{Limits, ServeConfig, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn server(limits: Limits) -> SocketAddr {
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        limits,
    };
    Server::bind(config).await.unwrap().spawn()
}

async fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let mut c = HttpClient::connect(addr).await.unwrap();
    let r = c.request("POST", path, body.as_bytes()).await.unwrap();
    (r.status, r.body)
}

async fn session(addr: SocketAddr, demo: &str) -> String {
    let (status, body) = post(addr, "/api/sessions", &json!({"demo": demo}).to_string()).await;
    assert_eq!(status, 201, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    format!("/api/sessions/{}", v["session"].as_str().unwrap())
}

async fn cmd(addr: SocketAddr, s: &str, c: Value) -> (u16, Value) {
    let (status, body) = post(addr, s, &c.to_string()).await;
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

#[tokio::test]
async fn malformed_requests_are_refused_with_one_line() {
    let addr = server(Limits::default()).await;
    let s = session(addr, "mesh").await;
    for (body, want) in [
        ("{oops", 400),
        ("", 400),
        ("null", 400),
        (r#"{"op":"teleport"}"#, 400),
        (r#"{"op":"add","points":[[1,2]],"closed":"yes"}"#, 400),
        (r#"{"op":"add","points":[[NaN,2],[3,4]]}"#, 400),
        (r#"{"op":"add","points":[[900,2],[3,4]]}"#, 400),
        (r#"{"op":"pose","id":1,"x":400,"y":300,"scale":0}"#, 400),
        (r#"{"op":"pose","id":1,"x":1e308,"y":300}"#, 400),
        (r#"{"op":"stats","extra":1}"#, 400),
    ] {
        let (status, text) = post(addr, &s, body).await;
        assert_eq!(status, want, "{body} -> {text}");
        assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    }
    let (status, _) = post(addr, "/api/sessions", r#"{"demo":"pong"}"#).await;
    assert_eq!(status, 400);
    let (status, _) = post(addr, "/api/sessions/0000", r#"{"op":"stats"}"#).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn oversized_requests_get_413() {
    let limits = Limits {
        max_body: 4096,
        max_objects: 3,
        ..Limits::default()
    };
    let addr = server(limits).await;
    let s = session(addr, "mesh").await;
    let (status, _) = post(
        addr,
        &s,
        &format!("{{\"op\":\"stats\",\"x\":\"{}\"}}", "a".repeat(5000)),
    )
    .await;
    assert_eq!(status, 413);
    let pts: Vec<[f64; 2]> = (0..257).map(|i| [1.0 + i as f64, 5.0]).collect();
    let (status, _) = cmd(addr, &s, json!({"op": "add", "points": pts})).await;
    assert_eq!(status, 413, "too many points");
    // The demo starts with 3 objects: the limit is reached.
    let (status, v) = cmd(
        addr,
        &s,
        json!({"op": "add", "points": [[10, 10], [20, 20]]}),
    )
    .await;
    assert_eq!(status, 413, "{v}");
    // Still alive and answering.
    let (status, v) = cmd(addr, &s, json!({"op": "stats"})).await;
    assert_eq!(status, 200);
    assert!(v["triangles"].as_u64().unwrap() > 2);
}

#[tokio::test]
async fn stale_ids_are_refused_and_change_nothing() {
    let addr = server(Limits::default()).await;
    let s = session(addr, "mesh").await;
    let (status, v) = cmd(
        addr,
        &s,
        json!({"op": "add", "points": [[400, 100], [400, 500]]}),
    )
    .await;
    assert_eq!(status, 200);
    let id = v["id"].as_u64().unwrap();
    let (_, before) = cmd(addr, &s, json!({"op": "stats"})).await;
    assert_eq!(
        cmd(addr, &s, json!({"op": "remove", "id": id})).await.0,
        200
    );
    let (status, v) = cmd(addr, &s, json!({"op": "remove", "id": id})).await;
    assert_eq!(
        (status, v),
        (400, Value::String(format!("no such object {id}\n")))
    );
    let (status, _) = cmd(
        addr,
        &s,
        json!({"op": "pose", "id": id, "x": 300, "y": 300}),
    )
    .await;
    assert_eq!(status, 400);
    let (_, after) = cmd(addr, &s, json!({"op": "stats"})).await;
    assert_ne!(before, after, "the removal changed the mesh");
}

#[tokio::test]
async fn a_wall_reroutes_the_path() {
    let addr = server(Limits::default()).await;
    let s = session(addr, "mesh").await;
    let q = json!({"op": "path", "from": [40, 300], "to": [760, 300], "radius": 2});
    let (_, a) = cmd(addr, &s, q.clone()).await;
    cmd(
        addr,
        &s,
        json!({"op": "add", "points": [[400, 20], [400, 580]]}),
    )
    .await;
    let (_, b) = cmd(addr, &s, q).await;
    assert!(
        b["length"].as_f64().unwrap() > a["length"].as_f64().unwrap() + 100.0,
        "{a} {b}"
    );
}

#[tokio::test]
async fn every_demo_answers_its_commands() {
    let addr = server(Limits::default()).await;
    let cases: [(&str, Vec<Value>); 6] = [
        (
            "paths",
            vec![
                json!({"op": "goal", "x": 700, "y": 500}),
                json!({"op": "radius", "radius": 12}),
                json!({"op": "status"}),
            ],
        ),
        (
            "fov",
            vec![
                json!({"op": "viewer", "x": 100, "y": 300, "direction": 0, "angle": 1.6, "range": 450}),
                json!({"op": "target", "x": 300, "y": 300}),
                json!({"op": "status"}),
            ],
        ),
        (
            "crowd",
            vec![
                json!({"op": "goal", "x": 700, "y": 300}),
                json!({"op": "add", "x": 50, "y": 550, "radius": 5}),
            ],
        ),
        (
            "bitmap",
            vec![
                json!({"op": "stroke", "points": [[300, 100], [400, 100], [400, 150]], "width": 20}),
                json!({"op": "drop"}),
                json!({"op": "clear"}),
            ],
        ),
        (
            "dungeon",
            vec![
                json!({"op": "input", "up": true, "run": true}),
                json!({"op": "dodge", "dir": 1}),
                json!({"op": "generate", "columns": 12, "rows": 12, "probability": 0.6, "rooms": 8, "branch_depth": 5, "branches": 3, "seed": 3}),
            ],
        ),
        ("mesh", vec![json!({"op": "clear"}), json!({"op": "stats"})]),
    ];
    for (demo, cmds) in cases {
        let s = session(addr, demo).await;
        for c in cmds {
            let (status, v) = cmd(addr, &s, c.clone()).await;
            assert_eq!(status, 200, "{demo}: {c} -> {v}");
        }
    }
    let s = session(addr, "fov").await;
    let (_, v) = cmd(addr, &s, json!({"op": "target", "x": 300, "y": 300})).await;
    let (_, seen) = cmd(addr, &s, json!({"op": "status"})).await;
    assert!(
        seen["seen"].as_array().unwrap().contains(&v["id"]),
        "{seen}"
    );
    let s = session(addr, "bitmap").await;
    cmd(
        addr,
        &s,
        json!({"op": "stroke", "points": [[300, 100], [400, 100]], "width": 30}),
    )
    .await;
    let (_, v) = cmd(addr, &s, json!({"op": "drop"})).await;
    assert_eq!(v["bodies"], 1, "{v}");
    let s = session(addr, "dungeon").await;
    let (status, _) = cmd(addr, &s, json!({"op": "generate", "columns": 400, "rows": 12, "probability": 0.6, "rooms": 8, "branch_depth": 5, "branches": 3, "seed": 3})).await;
    assert_eq!(status, 413);
    let (status, _) = cmd(addr, &s, json!({"op": "generate", "columns": 5, "rows": 5, "probability": 0.5, "rooms": 80, "branch_depth": 5, "branches": 3, "seed": 3})).await;
    assert_eq!(status, 400, "more rooms than points");
}

#[tokio::test]
async fn sessions_are_bounded_and_idle_ones_dropped() {
    let limits = Limits {
        max_sessions: 2,
        idle: Duration::from_millis(300),
        ..Limits::default()
    };
    let addr = server(limits).await;
    let a = session(addr, "mesh").await;
    session(addr, "paths").await;
    let (status, _) = post(addr, "/api/sessions", r#"{"demo":"mesh"}"#).await;
    assert_eq!(status, 503);
    tokio::time::sleep(Duration::from_millis(900)).await;
    let (status, _) = cmd(addr, &a, json!({"op": "stats"})).await;
    assert_eq!(status, 404, "idle session dropped");
    session(addr, "mesh").await;
}

#[tokio::test]
async fn websocket_streams_frames_and_answers_commands() {
    let addr = server(Limits {
        max_body: 2048,
        ..Limits::default()
    })
    .await;
    let s = session(addr, "mesh").await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{s}/ws"))
        .await
        .unwrap();
    let start = std::time::Instant::now();
    let (mut frames, mut meshes) = (0, 0);
    ws.send(Message::Text(
        json!({"seq": 1, "cmd": {"op": "add", "points": [[100, 100], [200, 120]]}})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    ws.send(Message::Text("{bad".into())).await.unwrap();
    let (mut reply, mut error) = (None, None);
    while start.elapsed() < Duration::from_secs(1) {
        let Some(Ok(Message::Text(t))) = ws.next().await else {
            break;
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        match v["type"].as_str() {
            Some("frame") => {
                frames += 1;
                meshes += v.get("mesh").is_some() as u32;
            }
            Some("reply") => reply = Some(v),
            Some("error") => error = Some(v),
            _ => panic!("unexpected {v}"),
        }
    }
    assert!(frames >= 30, "{frames} frames in a second");
    assert!(
        meshes <= 3,
        "the mesh is sent only when it changed ({meshes} times)"
    );
    assert_eq!(reply.unwrap()["seq"], 1);
    assert_eq!(error.unwrap()["status"], 400);
    // More pages on one session than allowed: refused before the upgrade.
    let mut extra = Vec::new();
    for _ in 0..3 {
        extra.push(
            tokio_tungstenite::connect_async(format!("ws://{addr}{s}/ws"))
                .await
                .unwrap(),
        );
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}{s}/ws")).await;
    assert!(refused.is_err(), "a fifth socket on one session");
    drop(extra);
    // Oversized message: the socket is closed, the server lives on.
    let _ = ws.send(Message::Text("x".repeat(4096).into())).await;
    let mut closed = false;
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
        if !matches!(m, Ok(Message::Text(_))) {
            closed = true;
            break;
        }
    }
    assert!(closed || ws.next().await.is_none());
    assert_eq!(cmd(addr, &s, json!({"op": "stats"})).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_load_test() {
    let limits = Limits::default();
    let max_body = limits.max_body;
    let addr = server(limits).await;
    let r = daedalus_web::load::run(addr, 20, Duration::from_secs(3), max_body, true)
        .await
        .unwrap();
    println!("{r}");
    assert_eq!(r.errors, 0, "{r}");
    assert!(r.requests > 100, "{r}");
    assert_eq!(r.bad_refused, r.bad_sent, "{r}");
    assert!(r.alive);
    assert!(r.frames > 0 && r.min_fps > 10.0, "{r}");
}
