// Page 1: draw, drag, turn, scale and delete obstacles; the server's mesh.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 800, 600]);
  let objects = [], selected = null, drag = null, draft = null, busy = false, queued = null;
  const tool = () => document.querySelector("input[name=tool]:checked").value;

  const session = new Session("mesh", (f) => {
    if (f.objects) { objects = f.objects; daedalus.objects = objects; setText("objects", objects.length); }
    showCounts(f);
    setText("update-ms", f.update_ms.toFixed(3));
    draw(f);
  });

  function inside(pts, x, y) {
    let c = false;
    for (let i = 0, j = pts.length - 2; i < pts.length; j = i, i += 2) {
      const [xi, yi, xj, yj] = [pts[i], pts[i + 1], pts[j], pts[j + 1]];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  }
  function nearSeg(pts, x, y, d) {
    for (let i = 0; i + 3 < pts.length; i += 2) {
      const [ax, ay, bx, by] = [pts[i], pts[i + 1], pts[i + 2], pts[i + 3]];
      const l2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
      const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / l2));
      if (Math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y) < d) return true;
    }
    return false;
  }
  function hit(x, y) {
    for (let k = objects.length - 1; k >= 0; k--) {
      const o = objects[k];
      if ((o.closed && inside(o.pts, x, y)) || nearSeg(o.closed ? o.pts.concat(o.pts.slice(0, 2)) : o.pts, x, y, 8)) return o;
    }
    return null;
  }
  // One pose in flight at a time; the newest waits.
  function pose(cmd) {
    if (busy) { queued = cmd; return; }
    busy = true;
    session.send(cmd).catch(() => {}).finally(() => { busy = false; if (queued) { const q = queued; queued = null; pose(q); } });
  }

  canvas.addEventListener("mousedown", (ev) => {
    const [x, y] = view.toWorld(ev);
    const o = hit(x, y);
    if (o) {
      selected = o.id;
      drag = { id: o.id, x0: x, y0: y, pose: o.pose.slice(), turn: ev.shiftKey, a0: Math.atan2(y - o.pose[1], x - o.pose[0]) };
      return;
    }
    selected = null;
    draft = { kind: tool(), pts: [x, y], x0: x, y0: y };
  });
  window.addEventListener("mousemove", (ev) => {
    const [x, y] = view.toWorld(ev);
    if (drag) {
      const p = drag.pose;
      if (drag.turn) {
        const a = Math.atan2(y - p[1], x - p[0]);
        pose({ op: "pose", id: drag.id, x: p[0], y: p[1], rotation: p[2] + a - drag.a0, scale: p[3] });
      } else {
        pose({ op: "pose", id: drag.id, x: p[0] + x - drag.x0, y: p[1] + y - drag.y0, rotation: p[2], scale: p[3] });
      }
    } else if (draft) {
      const n = draft.pts.length;
      if (draft.kind === "rect") draft.pts = [draft.x0, draft.y0, x, y];
      else if (Math.hypot(x - draft.pts[n - 2], y - draft.pts[n - 1]) > 10 && n < 400) draft.pts.push(x, y);
    }
  });
  window.addEventListener("mouseup", (ev) => {
    if (drag) { drag = null; return; }
    if (!draft) return;
    const d = draft; draft = null;
    const [x, y] = view.toWorld(ev);
    const clampPt = (v, hi) => Math.max(1, Math.min(hi - 1, v));
    let pts = [], closed = false;
    if (d.kind === "rect") {
      const [x0, y0] = d.pts;
      if (Math.abs(x - x0) < 4 || Math.abs(y - y0) < 4) return;
      pts = [[x0, y0], [x, y0], [x, y], [x0, y]]; closed = true;
    } else {
      const n = d.pts.length;
      if (Math.hypot(x - d.pts[n - 2], y - d.pts[n - 1]) > 2) d.pts.push(x, y);
      for (let i = 0; i < d.pts.length; i += 2) pts.push([d.pts[i], d.pts[i + 1]]);
      closed = d.kind === "poly" && pts.length >= 3;
    }
    pts = pts.map(([a, b]) => [clampPt(a, 800), clampPt(b, 600)]);
    if (pts.length >= 2) session.send({ op: "add", points: pts, closed }).then((r) => (selected = r.id)).catch(() => {});
  });
  canvas.addEventListener("wheel", (ev) => {
    const o = objects.find((o) => o.id === selected);
    if (!o) return;
    ev.preventDefault();
    const s = Math.max(0.1, Math.min(10, o.pose[3] * (ev.deltaY < 0 ? 1.1 : 1 / 1.1)));
    pose({ op: "pose", id: o.id, x: o.pose[0], y: o.pose[1], rotation: o.pose[2], scale: s });
  }, { passive: false });
  function removeSelected() { if (selected !== null) { session.post({ op: "remove", id: selected }); selected = null; } }
  window.addEventListener("keydown", (ev) => { if (ev.key === "Delete" || ev.key === "Backspace") removeSelected(); });
  $("delete").onclick = removeSelected;
  $("clear").onclick = () => session.post({ op: "clear" });

  function draw(f) {
    view.begin();
    view.mesh(daedalus.mesh);
    for (const o of objects) view.poly(o.pts, o.closed, o.id === selected ? "#d07000" : "#1f2d3a", o.closed ? "rgba(60,110,160,0.25)" : null, o.id === selected ? 3 : 1.5);
    view.poly(f.path, false, "#d02020", null, 2.5);
    const [a, b, r] = f.probe;
    view.disc(a[0], a[1], r, "#2a8a2a"); view.disc(b[0], b[1], r, "#d02020");
    if (draft) view.poly(draft.kind === "rect" ? [draft.pts[0], draft.pts[1], draft.pts[2], draft.pts[1], draft.pts[2], draft.pts[3], draft.pts[0], draft.pts[3]] : draft.pts, draft.kind !== "wall", "#d07000", null, 2);
  }
})();
