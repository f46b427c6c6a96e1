// Page 2: click a goal; the entity follows its path past moving obstacles.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 800, 600]);
  const session = new Session("paths", (f) => {
    showCounts(f);
    if (f.hero) setText("state", f.hero.state);
    setText("replans", f.replans);
    view.begin();
    view.mesh(daedalus.mesh);
    for (const m of f.movers) view.poly(m, true, "#1f2d3a", "rgba(200,120,40,0.6)", 1.5);
    if (f.hero) {
      if (f.hero.path) view.poly(f.hero.path, false, "#d02020", null, 2);
      view.disc(f.hero.x, f.hero.y, f.hero.r, "rgba(40,110,200,0.8)", "#123");
    }
    if (f.goal) view.disc(f.goal[0], f.goal[1], 4, "#2a8a2a");
  });
  canvas.addEventListener("mousedown", (ev) => {
    const [x, y] = view.toWorld(ev);
    session.post({ op: "goal", x, y });
  });
  $("radius").addEventListener("input", (ev) => {
    setText("radius-value", ev.target.value);
    session.post({ op: "radius", radius: Number(ev.target.value) });
  });
})();
