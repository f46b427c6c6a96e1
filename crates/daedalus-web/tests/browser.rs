//! End-to-end tests in headless Chromium (DevTools protocol): every page
//! loads without console errors and its demo really works. Screenshots go
//! to target/browser-screenshots/. Without Chromium the test is skipped,
//! unless DAEDALUS_REQUIRE_BROWSER=1 (CI), where it fails.

mod support;

use daedalus_web::{ServeConfig, Server};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;
use support::cdp::{Browser, CHROMIUM};

const SHIFT: u32 = 8;

fn shots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-screenshots")
}

async fn sleep(s: f64) {
    tokio::time::sleep(Duration::from_secs_f64(s)).await;
}

/// Canvas top-left in the page (canvases are drawn 1:1 in world units on
/// the 800 x 600 pages).
async fn origin(b: &Browser) -> (f64, f64) {
    let r = b
        .eval("(() => { const c = document.getElementById('view'), r = c.getBoundingClientRect(); return [r.left + c.clientLeft, r.top + c.clientTop]; })()")
        .await
        .expect("canvas rect");
    (r[0].as_f64().unwrap(), r[1].as_f64().unwrap())
}

async fn open(b: &Browser, base: &str, page: &str) {
    b.goto(&format!("{base}/{page}")).await.expect("navigate");
    b.wait_for("window.daedalus && daedalus.frames > 5", 20.0)
        .await
        .unwrap_or_else(|e| panic!("{page}: no frames: {e}"));
}

async fn check_clean(b: &Browser, page: &str) {
    let errors = b.page_errors().await;
    assert!(errors.is_empty(), "{page}: console errors: {errors:?}");
    b.screenshot(&shots().join(format!(
        "{}.png",
        if page.is_empty() { "index" } else { page }
    )))
    .await
    .expect("screenshot");
}

fn chromium_present() -> bool {
    std::path::Path::new(CHROMIUM).exists()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_work_in_a_real_browser() {
    if !chromium_present() {
        if std::env::var("DAEDALUS_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("{CHROMIUM} is missing and DAEDALUS_REQUIRE_BROWSER=1");
        }
        println!("skip: {CHROMIUM} not found (install chromium to run the browser tests)");
        return;
    }
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        ..ServeConfig::default()
    };
    let addr = Server::bind(config).await.expect("bind").spawn();
    let base = format!("http://{addr}");
    let b = Browser::launch().await.expect("launch chromium");

    // Index: every preview picture loads.
    b.goto(&format!("{base}/")).await.unwrap();
    b.wait_for(
        "[...document.images].length === 6 && [...document.images].every(i => i.complete && i.naturalWidth > 0)",
        20.0,
    )
    .await
    .expect("index pictures");
    check_clean(&b, "").await;

    mesh(&b, &base).await;
    paths(&b, &base).await;
    fov(&b, &base).await;
    dungeon(&b, &base).await;
    crowd(&b, &base).await;
    bitmap(&b, &base).await;
}

fn path_crosses(path: &[f64], x: f64, y0: f64, y1: f64) -> bool {
    path.chunks(2).collect::<Vec<_>>().windows(2).any(|w| {
        let (a, c) = ((w[0][0], w[0][1]), (w[1][0], w[1][1]));
        if (a.0 - x) * (c.0 - x) > 0.0 || a.0 == c.0 {
            return false;
        }
        let y = a.1 + (c.1 - a.1) * (x - a.0) / (c.0 - a.0);
        y >= y0 && y <= y1
    })
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

async fn mesh(b: &Browser, base: &str) {
    open(b, base, "mesh").await;
    let (ox, oy) = origin(b).await;
    let before = b
        .eval("document.getElementById('triangles').textContent")
        .await
        .unwrap();
    let path0 = floats(&b.eval("daedalus.frame.path").await.unwrap());
    assert!(
        path_crosses(&path0, 400.0, 60.0, 560.0),
        "the probe path should start straight: {path0:?}"
    );
    // A wall across the probe path: x = 400 from y = 60 to 560.
    b.drag((ox + 400.0, oy + 60.0), (ox + 400.0, oy + 560.0), 25, 0)
        .await
        .unwrap();
    b.wait_for(
        &format!("document.getElementById('triangles').textContent !== {before}"),
        10.0,
    )
    .await
    .expect("the triangle count shown changes");
    b.wait_for(
        "daedalus.frame.path.length > 0 && daedalus.objects.length === 4",
        10.0,
    )
    .await
    .unwrap();
    sleep(0.3).await;
    let path = floats(&b.eval("daedalus.frame.path").await.unwrap());
    assert!(
        !path_crosses(&path, 400.0, 60.0, 560.0),
        "the path crosses the new wall: {path:?}"
    );
    assert!(
        path.chunks(2).any(|p| p[1] < 60.0 || p[1] > 560.0),
        "the path does not go around the wall's end: {path:?}"
    );
    // Drag the square (object 1, centred at 290, 190) by (+100, +150).
    b.drag((ox + 290.0, oy + 190.0), (ox + 390.0, oy + 340.0), 20, 0)
        .await
        .unwrap();
    b.wait_for(
        "(() => { const o = daedalus.objects.find(o => o.id === 1); return Math.abs(o.pose[0] - 390) < 3 && Math.abs(o.pose[1] - 340) < 3; })()",
        10.0,
    )
    .await
    .expect("dragging the square moves it");
    // The wheel scales the selected square up; SHIFT+drag turns it.
    let pose = "daedalus.objects.find(o => o.id === 1).pose";
    b.wheel(ox + 390.0, oy + 340.0, -100.0).await.unwrap();
    b.wait_for(&format!("{pose}[3] > 1.05"), 10.0)
        .await
        .expect("the wheel scales the object");
    b.drag(
        (ox + 420.0, oy + 340.0),
        (ox + 390.0, oy + 370.0),
        10,
        SHIFT,
    )
    .await
    .unwrap();
    b.wait_for(&format!("Math.abs({pose}[2]) > 0.5"), 10.0)
        .await
        .expect("SHIFT+drag turns the object");
    // DELETE removes the selected one.
    b.tap("Delete").await.unwrap();
    b.wait_for(
        "daedalus.objects.length === 3 && !daedalus.objects.some(o => o.id === 1)",
        10.0,
    )
    .await
    .expect("DELETE removes the selected object");
    let ms = b
        .eval("document.getElementById('update-ms').textContent")
        .await
        .unwrap();
    assert!(
        ms.as_str().is_some_and(|s| s.parse::<f64>().is_ok()),
        "{ms}"
    );
    check_clean(b, "mesh").await;
}

async fn paths(b: &Browser, base: &str) {
    open(b, base, "paths").await;
    let (ox, oy) = origin(b).await;
    let start = b
        .eval("[daedalus.frame.hero.x, daedalus.frame.hero.y]")
        .await
        .unwrap();
    b.click(ox + 700.0, oy + 520.0, 0).await.unwrap();
    // Frames per second while the scene animates.
    let f0 = b.eval("daedalus.frames").await.unwrap().as_f64().unwrap();
    let t0 = std::time::Instant::now();
    sleep(2.0).await;
    let f1 = b.eval("daedalus.frames").await.unwrap().as_f64().unwrap();
    let fps = (f1 - f0) / t0.elapsed().as_secs_f64();
    println!("paths page: {fps:.1} frames/s received");
    assert!(fps >= 30.0, "only {fps:.1} frames/s");
    let now = b
        .eval("[daedalus.frame.hero.x, daedalus.frame.hero.y]")
        .await
        .unwrap();
    assert_ne!(start, now, "the entity did not move");
    b.wait_for(
        "daedalus.frame.hero.path !== undefined || daedalus.frame.hero.state === 'arrived'",
        5.0,
    )
    .await
    .unwrap();
    check_clean(b, "paths").await;
}

async fn fov(b: &Browser, base: &str) {
    open(b, base, "fov").await;
    let (ox, oy) = origin(b).await;
    // Viewer at (100, 300) looking along +x, 92 degrees, range 450.
    b.click(ox + 300.0, oy + 300.0, SHIFT).await.unwrap(); // in view
    b.click(ox + 320.0, oy + 160.0, SHIFT).await.unwrap(); // behind the box 200..280 x 120..220
    b.wait_for(
        "daedalus.frame.entities.filter(e => e.placed).length === 2",
        10.0,
    )
    .await
    .unwrap();
    sleep(0.2).await;
    println!(
        "fov entities: {}",
        b.eval("JSON.stringify(daedalus.frame.entities.filter(e => e.placed))")
            .await
            .unwrap()
    );
    let seen = |x: f64, y: f64| {
        format!(
            "daedalus.frame.entities.find(e => e.placed && Math.abs(e.x - {x}) < 4 && Math.abs(e.y - {y}) < 4).seen"
        )
    };
    assert_eq!(
        b.eval(&seen(300.0, 300.0)).await.unwrap(),
        Value::Bool(true),
        "entity in view not highlighted"
    );
    assert_eq!(
        b.eval(&seen(320.0, 160.0)).await.unwrap(),
        Value::Bool(false),
        "entity behind a wall highlighted"
    );
    assert!(
        b.eval("daedalus.frame.poly.length > 6")
            .await
            .unwrap()
            .as_bool()
            .unwrap()
    );
    // Drag the viewer behind the box: the hidden one comes into view.
    b.drag((ox + 100.0, oy + 300.0), (ox + 330.0, oy + 250.0), 15, 0)
        .await
        .unwrap();
    b.wait_for("Math.abs(daedalus.frame.viewer.x - 330) < 2", 10.0)
        .await
        .expect("viewer dragged");
    check_clean(b, "fov").await;
}

/// Math.random values from which the dungeon page's `random` draws
/// columns 14, rows 12, P 0.40, rooms 29, branch depth 4, branches 4 and
/// seed 736257007: a set the generator refuses (`r(a, b)` is
/// `a + floor(x (b - a + 1))`, so each value is the middle of its step).
const REFUSED_DRAW: [f64; 7] = [
    2.5 / 15.0,
    0.5 / 15.0,
    0.5 / 9.0,
    19.5 / 21.0,
    0.5 / 7.0,
    2.5 / 3.0,
    736_257_007.5 / 1_000_000_001.0,
];

async fn dungeon(b: &Browser, base: &str) {
    open(b, base, "dungeon").await;
    // The first draw of `random` is a set the generator refuses (29 rooms,
    // branch limits 4 x 4, seed 736257007 reach 25): the page must draw
    // again, not stop at the refusal. Later draws are Math.random's own.
    b.eval(&format!(
        "(() => {{ const own = Math.random, q = {REFUSED_DRAW:?}; \
         Math.random = () => q.length ? q.shift() : own(); \
         document.getElementById('random').click(); }})()"
    ))
    .await
    .unwrap();
    if let Err(e) = b.wait_for("daedalus.frame.level === 2", 15.0).await {
        let line = b
            .eval("document.getElementById('status').textContent")
            .await;
        panic!("random dungeon: {e}; status line: {line:?}");
    }
    let seed = b.eval("document.getElementById('p-seed').value").await;
    assert_ne!(
        seed.unwrap().as_str(),
        Some("736257007"),
        "the refused draw was not replaced"
    );
    b.eval("document.getElementById('view').focus()")
        .await
        .unwrap();
    let start = b.eval("daedalus.frame.player.pos").await.unwrap();
    b.key(true, "ArrowUp").await.unwrap();
    sleep(0.8).await;
    b.key(false, "ArrowUp").await.unwrap();
    b.tap("ArrowLeft").await.unwrap();
    // UP twice quickly: run.
    b.tap("ArrowUp").await.unwrap();
    b.key(true, "ArrowUp").await.unwrap();
    b.wait_for("daedalus.frame.player.run === true", 3.0)
        .await
        .expect("double UP runs");
    sleep(0.6).await;
    b.key(false, "ArrowUp").await.unwrap();
    // RIGHT twice quickly: dodge.
    b.tap("ArrowRight").await.unwrap();
    b.tap("ArrowRight").await.unwrap();
    b.tap(" ").await.unwrap();
    for _ in 0..10 {
        b.tap("ArrowRight").await.unwrap();
        b.key(true, "ArrowUp").await.unwrap();
        sleep(0.2).await;
        b.key(false, "ArrowUp").await.unwrap();
    }
    let size = b
        .eval("JSON.stringify(daedalus.frame).length")
        .await
        .unwrap();
    println!("dungeon frame: {size} bytes");
    let now = b.eval("daedalus.frame.player.pos").await.unwrap();
    assert_ne!(start, now, "the player did not move");
    assert!(
        b.eval("daedalus.frame.bots.length > 0 && daedalus.frame.items.length >= 0")
            .await
            .unwrap()
            .as_bool()
            .unwrap()
    );
    check_clean(b, "dungeon").await;
}

async fn crowd(b: &Browser, base: &str) {
    open(b, base, "crowd").await;
    let (ox, oy) = origin(b).await;
    let start = b.eval("daedalus.frame.crowd.map(e => e.x)").await.unwrap();
    b.click(ox + 700.0, oy + 300.0, 0).await.unwrap();
    b.wait_for("daedalus.frame.crowd.some(e => e.x > 300)", 15.0)
        .await
        .expect("the crowd passes the first choke point");
    assert_ne!(
        start,
        b.eval("daedalus.frame.crowd.map(e => e.x)").await.unwrap()
    );
    check_clean(b, "crowd").await;
}

async fn bitmap(b: &Browser, base: &str) {
    open(b, base, "bitmap").await;
    let (ox, oy) = origin(b).await;
    // A filled-looking blob: a zigzag of thick strokes.
    b.mouse("mousePressed", ox + 350.0, oy + 100.0, 0)
        .await
        .unwrap();
    for i in 0..12 {
        let x = if i % 2 == 0 { 450.0 } else { 350.0 };
        b.mouse("mouseMoved", ox + x, oy + 100.0 + 6.0 * i as f64, 0)
            .await
            .unwrap();
    }
    b.mouse("mouseReleased", ox + 350.0, oy + 170.0, 0)
        .await
        .unwrap();
    b.wait_for("daedalus.frame.drawn > 0", 5.0)
        .await
        .expect("stroke sent");
    b.tap(" ").await.unwrap();
    b.wait_for(
        "daedalus.frame.bodies > 0 && daedalus.frame.poses.length > 0",
        10.0,
    )
    .await
    .expect("SPACE creates bodies");
    let y0 = b
        .eval("daedalus.frame.poses[0][6]")
        .await
        .unwrap()
        .as_f64()
        .unwrap();
    sleep(0.5).await;
    let y1 = b
        .eval("daedalus.frame.poses[0][6]")
        .await
        .unwrap()
        .as_f64()
        .unwrap();
    assert!(y1 > y0 + 5.0, "the body does not fall: {y0} -> {y1}");
    sleep(1.0).await;
    check_clean(b, "bitmap").await;
    b.tap("Enter").await.unwrap();
    b.wait_for("daedalus.frame.bodies === 0", 5.0)
        .await
        .expect("ENTER clears");
}
