// A lesson step's arrows (docs/lessons.md, "arrows"): from one pointed part of the board to another, drawn over
// the board on a fixed, click-through SVG, and drawn again as the page scrolls or resizes. web/page.py hands in
// the CSS selectors of each pair after every redraw (none: no arrows). Decorative: the step's text says what
// they show, so they are hidden from screen readers.
"use strict";

(() => {
  let NS = ""; // SVG's namespace, read off the layer the HTML parser made (the site names no other origin)
  let pairs = [];
  let svg = null;
  let frame = 0;

  function layer() {
    if (svg) return svg;
    const holder = document.createElement("div");
    holder.innerHTML = "<svg></svg>";
    svg = holder.firstElementChild;
    NS = svg.namespaceURI;
    svg.id = "lesson-arrows";
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const defs = document.createElementNS(NS, "defs");
    const marker = document.createElementNS(NS, "marker");
    marker.id = "lesson-arrow-head";
    for (const [k, v] of Object.entries({ viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "5",
      markerHeight: "5", orient: "auto-start-reverse" })) marker.setAttribute(k, v);
    const tip = document.createElementNS(NS, "path");
    tip.setAttribute("d", "M0,0 L10,5 L0,10 z");
    tip.setAttribute("class", "arrow-head");
    marker.append(tip);
    defs.append(marker);
    svg.append(defs);
    document.body.append(svg);
    return svg;
  }

  // Where the line leaves ``box`` on its way to the point (x, y): on the box's edge, so the arrow starts and ends
  // at the parts rather than over their middles.
  function edge(box, x, y) {
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const dx = x - cx;
    const dy = y - cy;
    if (!dx && !dy) return [cx, cy];
    const scale = Math.min(Math.abs(box.width / 2 / (dx || 1e-9)), Math.abs(box.height / 2 / (dy || 1e-9)));
    return [cx + dx * Math.min(scale, 1), cy + dy * Math.min(scale, 1)];
  }

  // Shown, and its middle inside every box that scrolls it and the window: a part scrolled out of the board's box
  // (under the lesson's panel) gets no arrow, rather than one drawn over the panel.
  function visible(el, box) {
    if (!(box.width > 0 && box.height > 0)) return false;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowY;
      if (overflow !== "auto" && overflow !== "scroll" && overflow !== "hidden") continue;
      const r = p.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
    }
    return true;
  }

  function draw() {
    frame = 0;
    const root = layer();
    for (const old of root.querySelectorAll("g")) old.remove();
    for (const [from, to] of pairs) {
      const a = document.querySelector(from);
      const b = document.querySelector(to);
      if (!a || !b) continue;
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      if (!visible(a, ra) || !visible(b, rb)) continue;
      const [x1, y1] = edge(ra, rb.left + rb.width / 2, rb.top + rb.height / 2);
      const [x2, y2] = edge(rb, ra.left + ra.width / 2, ra.top + ra.height / 2);
      // A gentle curve, so two arrows between neighbours do not lie on each other.
      const mx = (x1 + x2) / 2 - (y2 - y1) * 0.15;
      const my = (y1 + y2) / 2 + (x2 - x1) * 0.15;
      const d = `M${x1.toFixed(1)},${y1.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`;
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "lesson-arrow");
      g.dataset.from = from;
      g.dataset.to = to;
      for (const cls of ["arrow-halo", "arrow-line"]) {
        const path = document.createElementNS(NS, "path");
        path.setAttribute("d", d);
        path.setAttribute("class", cls);
        if (cls === "arrow-line") path.setAttribute("marker-end", "url(#lesson-arrow-head)");
        g.append(path);
      }
      root.append(g);
    }
  }

  function later() {
    if (pairs.length && !frame) frame = requestAnimationFrame(draw);
  }

  window.kingsburgArrows = {
    // ``json``: [[fromSelector, toSelector], ...] (web/app's LessonBoard.arrows); [] takes them away.
    draw(json) {
      pairs = JSON.parse(json);
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      draw();
    },
  };
  addEventListener("scroll", later, { capture: true, passive: true });
  addEventListener("resize", later, { passive: true });
  // A part that moves into place (a fight told in the battle's scene slides in) takes its arrow with it.
  addEventListener("animationend", later, { capture: true, passive: true });
  addEventListener("transitionend", later, { capture: true, passive: true });
})();
