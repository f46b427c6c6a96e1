//! A small Chrome DevTools Protocol client: launches headless Chromium,
//! drives one page (evaluate, mouse, keys, screenshots) and collects its
//! console errors.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

pub const CHROMIUM: &str = "/usr/bin/chromium";

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;

pub struct Browser {
    child: Child,
    out: mpsc::UnboundedSender<String>,
    pending: Pending,
    /// Console errors and uncaught exceptions, as text.
    pub errors: Arc<Mutex<Vec<String>>>,
    next: Mutex<u64>,
    session: String,
    _profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn error_text(method: &str, p: &Value) -> Option<String> {
    match method {
        "Runtime.consoleAPICalled" if p["type"] == "error" || p["type"] == "assert" => {
            Some(format!("console.error: {}", p["args"]))
        }
        "Runtime.exceptionThrown" => Some(format!("exception: {}", p["exceptionDetails"])),
        "Log.entryAdded" if p["entry"]["level"] == "error" => {
            Some(format!("log: {} {}", p["entry"]["text"], p["entry"]["url"]))
        }
        _ => None,
    }
}

impl Browser {
    pub async fn launch() -> Result<Browser, String> {
        let profile = std::env::temp_dir().join(format!(
            "daedalus-web-chromium-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        std::fs::create_dir_all(&profile).map_err(|e| e.to_string())?;
        let mut child = Command::new(CHROMIUM)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1000,850",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {CHROMIUM}: {e}"))?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if !sent && let Some(i) = line.find("ws://") {
                    let _ = tx.send(line[i..].trim().to_string());
                    sent = true;
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| "chromium printed no DevTools address".to_string())?;
        let (ws, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .map_err(|e| format!("DevTools connect: {e}"))?;
        let (mut sink, mut stream) = ws.split();
        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(m) = out_rx.recv().await {
                if sink.send(Message::Text(m.into())).await.is_err() {
                    return;
                }
            }
        });
        let pending: Pending = Arc::default();
        let errors: Arc<Mutex<Vec<String>>> = Arc::default();
        let (p2, e2) = (pending.clone(), errors.clone());
        tokio::spawn(async move {
            while let Some(Ok(msg)) = stream.next().await {
                let Message::Text(t) = msg else { continue };
                let Ok(v) = serde_json::from_str::<Value>(&t) else {
                    continue;
                };
                if let Some(id) = v["id"].as_u64() {
                    if let Some(tx) = p2.lock().unwrap().remove(&id) {
                        let _ = tx.send(v);
                    }
                } else if let Some(m) = v["method"].as_str()
                    && let Some(e) = error_text(m, &v["params"])
                {
                    e2.lock().unwrap().push(e);
                }
            }
        });
        let mut b = Browser {
            child,
            out,
            pending,
            errors,
            next: Mutex::new(0),
            session: String::new(),
            _profile: TempDir(profile),
        };
        let t = b
            .call("Target.createTarget", json!({"url": "about:blank"}))
            .await?;
        let target = t["targetId"].as_str().ok_or("no target id")?.to_string();
        let s = b
            .call(
                "Target.attachToTarget",
                json!({"targetId": target, "flatten": true}),
            )
            .await?;
        b.session = s["sessionId"].as_str().ok_or("no session id")?.to_string();
        for m in ["Runtime.enable", "Page.enable", "Log.enable"] {
            b.call(m, json!({})).await?;
        }
        b.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1000, "height": 850, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await?;
        Ok(b)
    }

    /// One DevTools command (on the page once attached); its result.
    pub async fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        let id = {
            let mut n = self.next.lock().unwrap();
            *n += 1;
            *n
        };
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = self.session.clone().into();
        }
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.out.send(msg.to_string()).map_err(|e| e.to_string())?;
        let v = tokio::time::timeout(Duration::from_secs(30), rx)
            .await
            .map_err(|_| format!("{method}: no answer in 30 s"))?
            .map_err(|e| e.to_string())?;
        if v.get("error").is_some() {
            return Err(format!("{method}: {}", v["error"]));
        }
        Ok(v["result"].clone())
    }

    /// Evaluates a JavaScript expression; its JSON value.
    pub async fn eval(&self, expr: &str) -> Result<Value, String> {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
            )
            .await?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(format!("{expr}: {e}"));
        }
        Ok(r["result"]["value"].clone())
    }

    pub async fn goto(&self, url: &str) -> Result<(), String> {
        self.call("Page.navigate", json!({"url": url})).await?;
        self.wait_for("document.readyState === 'complete'", 20.0)
            .await
    }

    /// Polls an expression until it is truthy.
    pub async fn wait_for(&self, expr: &str, seconds: f64) -> Result<(), String> {
        let end = tokio::time::Instant::now() + Duration::from_secs_f64(seconds);
        loop {
            if let Ok(v) = self.eval(expr).await
                && v.as_bool() == Some(true)
            {
                return Ok(());
            }
            if tokio::time::Instant::now() > end {
                return Err(format!("timed out waiting for {expr}"));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn mouse(&self, kind: &str, x: f64, y: f64, modifiers: u32) -> Result<(), String> {
        let buttons = if kind == "mouseReleased" { 0 } else { 1 };
        let pressed = kind != "mouseMoved" || buttons == 1;
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": if pressed { "left" } else { "none" },
                   "buttons": buttons, "clickCount": 1, "modifiers": modifiers}),
        )
        .await
        .map(|_| ())
    }

    pub async fn wheel(&self, x: f64, y: f64, delta_y: f64) -> Result<(), String> {
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y}),
        )
        .await
        .map(|_| ())
    }

    /// Press, move in `steps` and release.
    pub async fn drag(
        &self,
        from: (f64, f64),
        to: (f64, f64),
        steps: usize,
        modifiers: u32,
    ) -> Result<(), String> {
        self.mouse("mousePressed", from.0, from.1, modifiers)
            .await?;
        for i in 1..=steps {
            let t = i as f64 / steps as f64;
            let (x, y) = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
            self.mouse("mouseMoved", x, y, modifiers).await?;
            tokio::time::sleep(Duration::from_millis(16)).await;
        }
        self.mouse("mouseReleased", to.0, to.1, modifiers).await
    }

    pub async fn click(&self, x: f64, y: f64, modifiers: u32) -> Result<(), String> {
        self.mouse("mousePressed", x, y, modifiers).await?;
        self.mouse("mouseReleased", x, y, modifiers).await
    }

    /// A key down or up: `key` as in KeyboardEvent.key.
    pub async fn key(&self, down: bool, key: &str) -> Result<(), String> {
        let (code, vk) = match key {
            "ArrowUp" => ("ArrowUp", 38),
            "ArrowDown" => ("ArrowDown", 40),
            "ArrowLeft" => ("ArrowLeft", 37),
            "ArrowRight" => ("ArrowRight", 39),
            " " => ("Space", 32),
            "Enter" => ("Enter", 13),
            "Delete" => ("Delete", 46),
            _ => (key, 0),
        };
        let mut p = json!({"type": if down { "keyDown" } else { "keyUp" }, "key": key, "code": code,
                           "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk});
        if down && key == " " {
            p["text"] = " ".into();
        }
        self.call("Input.dispatchKeyEvent", p).await.map(|_| ())
    }

    pub async fn tap(&self, key: &str) -> Result<(), String> {
        self.key(true, key).await?;
        tokio::time::sleep(Duration::from_millis(40)).await;
        self.key(false, key).await
    }

    pub async fn screenshot(&self, path: &std::path::Path) -> Result<(), String> {
        let r = self
            .call("Page.captureScreenshot", json!({"format": "png"}))
            .await?;
        let data = base64(r["data"].as_str().ok_or("no screenshot data")?)?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        std::fs::write(path, data).map_err(|e| e.to_string())
    }

    /// Errors collected so far (DevTools events and the page's own hook).
    pub async fn page_errors(&self) -> Vec<String> {
        let mut all = self.errors.lock().unwrap().clone();
        if let Ok(Value::Array(a)) = self
            .eval("window.daedalus ? window.daedalus.errors : []")
            .await
        {
            all.extend(a.into_iter().map(|v| format!("page: {v}")));
        }
        all
    }
}

fn base64(s: &str) -> Result<Vec<u8>, String> {
    let val = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("bad base64 byte {c}")),
        } as u32)
    };
    let bytes: Vec<u8> = s
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= val(c)? << (18 - 6 * i);
        }
        let k = chunk.len().saturating_sub(1);
        out.extend_from_slice(&n.to_be_bytes()[1..1 + k]);
    }
    Ok(out)
}
