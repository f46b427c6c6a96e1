// Page 6: generator parameters, and the level played with the arrow keys.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 100, 100]);
  const keys = { up: false, down: false, left: false, right: false, run: false, fire: false };
  const last = {};
  let level = 0;
  const COLORS = { "shotgun": "#c0392b", "machine gun": "#8e44ad", "plasma gun": "#16a085", "rocket gun": "#d35400" };
  const session = new Session("dungeon", draw);
  const names = ["columns", "rows", "probability", "rooms", "branch_depth", "branches", "seed"];

  function params() {
    const p = { op: "generate" };
    for (const n of names) p[n] = Number($("p-" + n).value);
    return p;
  }
  $("params").addEventListener("submit", (ev) => { ev.preventDefault(); session.post(params()); canvas.focus(); });
  function drawParams() {
    const r = (a, b) => a + Math.floor(Math.random() * (b - a + 1));
    $("p-columns").value = r(12, 26); $("p-rows").value = r(12, 26);
    $("p-probability").value = (0.4 + 0.05 * r(0, 8)).toFixed(2);
    $("p-rooms").value = r(10, 30); $("p-branch_depth").value = r(4, 10);
    $("p-branches").value = r(2, 4); $("p-seed").value = r(0, 1e9);
  }
  // About 1 draw in 600 asks for more rooms than its branch limits can
  // reach and the server refuses it: draw again rather than show a refusal.
  $("random").onclick = async () => {
    canvas.focus();
    for (let tries = 0; tries < 20; tries++) {
      drawParams();
      try { await session.send(params()); status(""); return; } catch (e) { if (!session.ws) return; }
    }
  };

  const MAP = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", " ": "fire" };
  function sendKeys() { session.post(Object.assign({ op: "input" }, keys)); }
  window.addEventListener("keydown", (ev) => {
    const k = MAP[ev.key];
    if (!k || ev.target.tagName === "INPUT") return;
    ev.preventDefault();
    if (ev.repeat) return;
    const now = performance.now(), quick = now - (last[k] || -1e9) < 300;
    last[k] = now;
    if (k === "up" && quick) keys.run = true;
    if ((k === "left" || k === "right") && quick) session.post({ op: "dodge", dir: k === "left" ? -1 : 1 });
    keys[k] = true;
    sendKeys();
  });
  window.addEventListener("keyup", (ev) => {
    const k = MAP[ev.key];
    if (!k) return;
    keys[k] = false;
    if (k === "up") keys.run = false;
    sendKeys();
  });

  function draw(f) {
    if (f.level !== level) { level = f.level; status(""); }
    const p = f.player;
    // The camera follows the player.
    view.setBounds([p.pos[0] - 20, p.pos[1] - 15, p.pos[0] + 20, p.pos[1] + 15]);
    setText("hp", Math.round(p.hp)); setText("weapon", p.weapon || "none");
    setText("bots", f.bots.length); setText("kills", f.kills);
    const ctx = view.begin();
    if (daedalus.mesh) { view.segments(daedalus.mesh.edges, "#e4e8ec", 0.5); view.segments(daedalus.mesh.walls, "#1f2d3a", 1.8); }
    for (const [kind, x, y] of f.items) {
      ctx.fillStyle = COLORS[kind] || "#555";
      ctx.fillRect(x - 0.4, y - 0.4, 0.8, 0.8);
    }
    for (const [x, y, a, hp, sees, chasing, seen] of f.bots) {
      view.poly(seen, true, null, sees ? "rgba(220,40,40,0.2)" : "rgba(120,120,120,0.1)");
      view.disc(x, y, 0.3, chasing ? "#e02020" : "#a04040", "#300");
      ctx.fillStyle = "#2a2"; ctx.fillRect(x - 0.4, y - 0.6, 0.8 * Math.max(0, hp) / 100, 0.12);
    }
    for (const [x, y, kind] of f.shots) view.disc(x, y, kind === "plasma gun" ? 0.25 : 0.1, COLORS[kind] || "#000");
    for (const [x, y, r] of f.flashes) view.disc(x, y, r, "rgba(255,170,0,0.45)");
    const [x, y] = p.pos;
    view.disc(x, y, 0.3, p.hp > 0 ? "#1e5bc6" : "#777", "#fff");
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + 0.7 * Math.cos(p.angle), y + 0.7 * Math.sin(p.angle));
    ctx.strokeStyle = p.run ? "#f0a000" : "#1e5bc6"; ctx.lineWidth = view.px(3); ctx.stroke();
    if (p.hp <= 0) status("you died: press generate or random to play again");
  }
})();
