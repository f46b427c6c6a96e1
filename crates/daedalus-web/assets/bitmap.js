// Page 5: draw; SPACE traces and drops the shapes into physics; ENTER clears.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 800, 600]);
  let strokes = [], current = null, shapes = new Map(), walls = [];
  const session = new Session("bitmap", draw);

  canvas.addEventListener("mousedown", (ev) => { current = [view.toWorld(ev)]; });
  window.addEventListener("mousemove", (ev) => {
    if (!current) return;
    const p = view.toWorld(ev), q = current[current.length - 1];
    if (Math.hypot(p[0] - q[0], p[1] - q[1]) > 3) current.push(p);
  });
  window.addEventListener("mouseup", () => {
    if (!current) return;
    const pts = current; current = null;
    strokes.push(pts);
    // Long strokes go in pieces under the message limit.
    for (let i = 0; i < pts.length; i += 500) session.post({ op: "stroke", points: pts.slice(Math.max(0, i - 1), i + 500) });
  });
  window.addEventListener("keydown", (ev) => {
    if (ev.key === " ") {
      ev.preventDefault();
      session.send({ op: "drop" }).then(() => (strokes = [])).catch(() => {});
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      strokes = []; session.post({ op: "clear" });
    }
  });

  function draw(f) {
    if (f.shapes) { shapes = new Map(f.shapes.map((s) => [s.id, s.rings])); walls = f.walls; }
    setText("bodies", f.bodies); setText("drawn", f.drawn);
    const ctx = view.begin();
    for (const w of walls) view.poly(w, false, "#1f2d3a", null, 3);
    for (const [id, a, b, c, d, e, g] of f.poses) {
      const rings = shapes.get(id);
      if (!rings) continue;
      ctx.save();
      ctx.transform(a, d, b, e, c, g);
      ctx.beginPath();
      for (const r of rings) {
        ctx.moveTo(r[0], r[1]);
        for (let i = 2; i + 1 < r.length; i += 2) ctx.lineTo(r[i], r[i + 1]);
        ctx.closePath();
      }
      ctx.fillStyle = `hsla(${(id * 67) % 360},55%,55%,0.85)`; ctx.fill("evenodd");
      ctx.strokeStyle = "#223"; ctx.lineWidth = 1; ctx.stroke();
      ctx.restore();
    }
    ctx.lineCap = "round"; ctx.lineJoin = "round"; ctx.strokeStyle = "#333"; ctx.lineWidth = 14;
    for (const s of current ? strokes.concat([current]) : strokes) {
      ctx.beginPath(); ctx.moveTo(s[0][0], s[0][1]);
      for (const p of s) ctx.lineTo(p[0], p[1]);
      ctx.stroke();
    }
  }
})();
