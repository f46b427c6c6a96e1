// Shared by every demo page: session, WebSocket frames, commands, view.
"use strict";
const daedalus = (window.daedalus = { frame: null, frames: 0, errors: [], fps: 0, mesh: null });
window.addEventListener("error", (e) => daedalus.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => daedalus.errors.push(String(e.reason)));

function $(id) { return document.getElementById(id); }
function setText(id, v) { const el = $(id); if (el && el.textContent !== String(v)) el.textContent = v; }
function status(msg) { setText("status", msg || ""); }

// World <-> canvas: the world rectangle fitted into the canvas.
class View {
  constructor(canvas, bounds) { this.canvas = canvas; this.ctx = canvas.getContext("2d"); this.setBounds(bounds); }
  setBounds(b) {
    this.b = b;
    const [x0, y0, x1, y1] = b, c = this.canvas;
    this.s = Math.min(c.width / (x1 - x0), c.height / (y1 - y0));
    this.ox = (c.width - (x1 - x0) * this.s) / 2 - x0 * this.s;
    this.oy = (c.height - (y1 - y0) * this.s) / 2 - y0 * this.s;
  }
  toWorld(ev) {
    const c = this.canvas, r = c.getBoundingClientRect();
    const cx = (ev.clientX - r.left - c.clientLeft) * (c.width / c.clientWidth);
    const cy = (ev.clientY - r.top - c.clientTop) * (c.height / c.clientHeight);
    return [(cx - this.ox) / this.s, (cy - this.oy) / this.s];
  }
  begin() {
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#fbfaf7";
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(this.s, 0, 0, this.s, this.ox, this.oy);
    ctx.lineJoin = "round";
    return ctx;
  }
  px(n) { return n / this.s; } // n canvas pixels in world units
  segments(flat, color, width) {
    const ctx = this.ctx;
    ctx.beginPath();
    for (let i = 0; i + 3 < flat.length; i += 4) { ctx.moveTo(flat[i], flat[i + 1]); ctx.lineTo(flat[i + 2], flat[i + 3]); }
    ctx.strokeStyle = color; ctx.lineWidth = this.px(width); ctx.stroke();
  }
  poly(flat, closed, stroke, fill, width) {
    if (!flat || flat.length < 4) return;
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.moveTo(flat[0], flat[1]);
    for (let i = 2; i + 1 < flat.length; i += 2) ctx.lineTo(flat[i], flat[i + 1]);
    if (closed) ctx.closePath();
    if (fill) { ctx.fillStyle = fill; ctx.fill(); }
    if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = this.px(width || 1); ctx.stroke(); }
  }
  disc(x, y, r, fill, stroke) {
    const ctx = this.ctx;
    ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
    if (fill) { ctx.fillStyle = fill; ctx.fill(); }
    if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = this.px(1.5); ctx.stroke(); }
  }
  mesh(m) {
    if (!m) return;
    this.segments(m.edges, "#c9d3dd", 0.7);
    this.segments(m.walls, "#1f2d3a", 2.2);
  }
}

// One demo session: frames in, commands out (replies matched by seq).
class Session {
  constructor(demo, onFrame) {
    this.demo = demo; this.onFrame = onFrame; this.seq = 0; this.pending = new Map();
    this.count = 0; this.fpsStart = performance.now();
    this.open();
  }
  async open() {
    try {
      if (!this.id) {
        const r = await fetch("/api/sessions", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ demo: this.demo }) });
        if (!r.ok) { status("cannot start: " + (await r.text())); setTimeout(() => this.open(), 2000); return; }
        this.id = (await r.json()).session;
        daedalus.session = this.id;
      }
      const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/sessions/" + this.id + "/ws");
      this.ws = ws;
      ws.onmessage = (ev) => this.message(JSON.parse(ev.data));
      ws.onclose = () => { this.ws = null; this.id = null; setTimeout(() => this.open(), 1000); };
    } catch (e) { status("connection failed: " + e); setTimeout(() => this.open(), 2000); }
  }
  message(m) {
    if (m.type === "frame") {
      if (m.mesh) daedalus.mesh = m.mesh;
      daedalus.frame = m; daedalus.frames++; this.count++;
      const now = performance.now();
      if (now - this.fpsStart >= 1000) {
        daedalus.fps = Math.round((this.count * 1000) / (now - this.fpsStart));
        setText("fps", daedalus.fps + " fps"); this.count = 0; this.fpsStart = now;
      }
      this.onFrame(m);
      return;
    }
    const p = this.pending.get(m.seq);
    this.pending.delete(m.seq);
    if (m.type === "error") status(m.message);
    if (p) (m.ok ? p.resolve : p.reject)(m.ok ? m.data : new Error(m.message));
  }
  // Resolves with the reply's data; rejects (and shows) a refusal.
  send(cmd) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== 1) { reject(new Error("not connected")); return; }
      const seq = ++this.seq;
      this.pending.set(seq, { resolve, reject });
      this.ws.send(JSON.stringify({ seq, cmd }));
    }).catch((e) => { status(e.message); throw e; });
  }
  // Fire and forget (refusals are shown in the status line).
  post(cmd) { this.send(cmd).catch(() => {}); }
}

function showCounts(f) {
  if (!f.stats) return;
  setText("vertices", f.stats.vertices);
  setText("triangles", f.stats.triangles);
}
