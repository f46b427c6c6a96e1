// Page 3: a draggable viewer, its visibility polygon, the entities it sees.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 800, 600]);
  let viewer = { x: 100, y: 300, direction: 0, angle: (92 * Math.PI) / 180, range: 450 };
  let drag = null, busy = false, dirty = false;
  const session = new Session("fov", (f) => {
    showCounts(f);
    if (!drag && !busy) viewer = Object.assign({}, f.viewer);
    setText("seen", f.entities.filter((e) => e.seen).length);
    view.begin();
    view.mesh(daedalus.mesh);
    view.poly(f.poly, true, "rgba(40,110,200,0.7)", "rgba(90,160,230,0.3)", 1);
    for (const e of f.entities) view.disc(e.x, e.y, e.r, e.seen ? "#ff8c00" : "#8a96a3", e.placed ? "#000" : null);
    const v = f.viewer;
    view.disc(v.x, v.y, 7, "#1e5bc6", "#fff");
    view.ctx.beginPath(); view.ctx.moveTo(v.x, v.y);
    view.ctx.lineTo(v.x + 18 * Math.cos(v.direction), v.y + 18 * Math.sin(v.direction));
    view.ctx.strokeStyle = "#1e5bc6"; view.ctx.lineWidth = 2; view.ctx.stroke();
  });
  function push() {
    if (busy) { dirty = true; return; }
    busy = true;
    session.send(Object.assign({ op: "viewer" }, viewer)).catch(() => {}).finally(() => { busy = false; if (dirty) { dirty = false; push(); } });
  }
  canvas.addEventListener("mousedown", (ev) => {
    const [x, y] = view.toWorld(ev);
    if (ev.shiftKey) { session.post({ op: "target", x, y }); return; }
    drag = Math.hypot(x - viewer.x, y - viewer.y) < 14 ? "move" : "turn";
    move(x, y);
  });
  function move(x, y) {
    if (drag === "move") { viewer.x = Math.max(1, Math.min(799, x)); viewer.y = Math.max(1, Math.min(599, y)); }
    else viewer.direction = Math.atan2(y - viewer.y, x - viewer.x);
    push();
  }
  window.addEventListener("mousemove", (ev) => { if (drag) move(...view.toWorld(ev)); });
  window.addEventListener("mouseup", () => (drag = null));
  $("angle").addEventListener("input", (ev) => { setText("angle-value", ev.target.value); viewer.angle = (Number(ev.target.value) * Math.PI) / 180; push(); });
  $("range").addEventListener("input", (ev) => { setText("range-value", ev.target.value); viewer.range = Number(ev.target.value); push(); });
})();
