// Page 4: the crowd follows each click through the gaps.
"use strict";
(() => {
  const canvas = $("view");
  const view = new View(canvas, [0, 0, 800, 600]);
  const session = new Session("crowd", (f) => {
    setText("entities", f.crowd.length);
    setText("arrived", f.crowd.filter((e) => e.state === "arrived").length);
    view.begin();
    view.mesh(daedalus.mesh);
    for (const e of f.crowd) {
      const hue = (e.id * 47) % 360;
      view.disc(e.x, e.y, e.r, `hsla(${hue},60%,55%,0.85)`, e.state === "blocked" ? "#d02020" : "#223");
    }
    if (f.goal) view.disc(f.goal[0], f.goal[1], 5, null, "#2a8a2a");
  });
  canvas.addEventListener("mousedown", (ev) => {
    const [x, y] = view.toWorld(ev);
    session.post({ op: "goal", x, y });
  });
})();
