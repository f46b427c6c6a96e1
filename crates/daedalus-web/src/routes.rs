//! HTTP routes: pages, assets, previews and the session API.

use crate::assets;
use crate::demos::Kind;
use crate::error::ApiError;
use crate::session::St;
use crate::{preview, ws};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

pub(crate) fn router(state: St) -> Router {
    let body = state.limits.max_body;
    Router::new()
        .route("/", get(|| async { html(assets::INDEX) }))
        .route("/favicon.ico", get(|| asset(Path("favicon.svg".into()))))
        .route("/{page}", get(page))
        .route("/assets/{file}", get(asset))
        .route("/preview/{file}", get(preview_svg))
        .route("/api/sessions", post(create))
        .route("/api/sessions/{id}", post(command).delete(close))
        .route("/api/sessions/{id}/ws", get(ws::upgrade))
        .route("/api/health", get(health))
        .layer(DefaultBodyLimit::max(body))
        .with_state(state)
}

fn html(s: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], s).into_response()
}

async fn page(Path(name): Path<String>) -> Response {
    match assets::page(&name) {
        Some(s) => html(s),
        None => ApiError::new(404, "no such page").into_response(),
    }
}

async fn asset(Path(file): Path<String>) -> Response {
    match assets::asset(&file) {
        Some((mime, s)) => ([(header::CONTENT_TYPE, mime)], s).into_response(),
        None => ApiError::new(404, "no such asset").into_response(),
    }
}

async fn preview_svg(Path(file): Path<String>) -> Response {
    let kind = file
        .strip_suffix(".svg")
        .and_then(|n| Kind::ALL.into_iter().find(|k| k.name() == n));
    match kind {
        Some(k) => (
            [(header::CONTENT_TYPE, "image/svg+xml")],
            preview::svg(k).to_string(),
        )
            .into_response(),
        None => ApiError::new(404, "no such preview").into_response(),
    }
}

async fn health(State(st): State<St>) -> Response {
    axum::Json(json!({"ok": true, "sessions": st.len()})).into_response()
}

/// The body as JSON, or the status that refuses it (413 past the limit).
pub(crate) fn json_body(body: Result<Bytes, BytesRejection>) -> Result<Value, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large("request body too large")
        } else {
            ApiError::bad(format!("unreadable body: {e}"))
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Create {
    demo: Kind,
}

async fn create(State(st): State<St>, body: Result<Bytes, BytesRejection>) -> Response {
    let run = || -> Result<Value, ApiError> {
        let c: Create = serde_json::from_value(json_body(body)?)
            .map_err(|e| ApiError::bad(format!("bad request: {e}")))?;
        Ok(json!({"session": st.create(c.demo)?}))
    };
    match run() {
        Ok(v) => (StatusCode::CREATED, axum::Json(v)).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn command(
    State(st): State<St>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match json_body(body).and_then(|cmd| st.apply(&id, cmd)) {
        Ok(v) => axum::Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn close(State(st): State<St>, Path(id): Path<String>) -> Response {
    if st.remove(&id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        ApiError::new(404, "no such session").into_response()
    }
}
