// Drawing on the board's SVG: pieces and stacks, the markers of a point, the coordinate
// labels, the plate's rounded hexagon. Pure drawing into a given group; board.js decides
// what goes where and when.

import { POINTS, COLUMNS, planeXY, pointAt } from "./notation.js";

const NS = "http://www.w3.org/2000/svg";
export const S = 100; // distance between neighbouring points, in SVG units
export const R = 40; // piece radius
const LAYER = 6.5; // visible edge of one piece in a stack
const MAX_LAYERS = 5; // taller stacks draw this many edges (the badge says the height)

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

export function round(v) {
  return Math.round(v * 100) / 100;
}

/** The marker of a point: selection ring, capture/stacking/placement target, losing "!". */
export function drawMarker(g, { selected, target, losing }) {
  g.replaceChildren();
  if (selected) {
    el("circle", { class: "selected-glow", r: R + 9 }, g);
    el("circle", { class: "selected-ring", r: R + 6 }, g);
  }
  if (target === "capture") {
    el("circle", { class: "target-capture", r: R + 6 }, g);
    // Four ticks, so a capture reads apart from a stacking without colour.
    const d = [0, 90, 180, 270]
      .map((a) => {
        const c = Math.cos((a * Math.PI) / 180);
        const s = Math.sin((a * Math.PI) / 180);
        return `M${round(c * (R + 1))} ${round(s * (R + 1))}L${round(c * (R + 14))} ${round(s * (R + 14))}`;
      })
      .join("");
    el("path", { class: "target-capture-ticks", d }, g);
  } else if (target === "stack") {
    el("circle", { class: losing ? "target-losing" : "target-stack", r: R + 6 }, g);
    if (losing) {
      const warn = el("g", { class: "losing-badge", transform: `translate(${-R + 6} ${-R + 6})` }, g);
      el("circle", { r: 15 }, warn);
      const t = el("text", { y: 1 }, warn);
      t.textContent = "!";
    }
  } else if (target === "place") {
    el("circle", { class: "target-place", r: 12 }, g);
  }
}

/** The coordinate labels around the board (column letters, row numbers) into `layer`. */
export function drawLabels(layer, flipped) {
  layer.replaceChildren();
  const sign = flipped ? -1 : 1;
  const put = (q, y, text, cls) => {
    const { x, y: py } = planeXY(q, y);
    const t = el("text", { x: round(sign * x * S), y: round(sign * py * S), class: cls }, layer);
    t.textContent = text;
  };
  // Column letters under each column.
  COLUMNS.split("").forEach((letter, col) => {
    const q = col - 4;
    put(q, Math.abs(q) - 1.45, letter, "label label-col");
  });
  // Row numbers at both ends of the lines of equal row number (as on GIPF boards):
  // left of A1..A5 and over B6, C7, D8; right of I1..I5 and over H6, G7, F8.
  for (const side of [-1, 1]) {
    for (const p of POINTS) {
      if (Math.sign(p.q) !== side) continue;
      if (pointAt(p.q + side, p.y + 1)) continue; // not the end of its row line
      if (p.row < 5 && Math.abs(p.q) !== 4) continue;
      put(p.q + side * 0.78, p.y + 0.78, String(p.row), "label label-row");
    }
  }
}

/** Draw a stack (or nothing) into an SVG group, centred on (0, 0). */
export function drawPiece(g, stack) {
  g.replaceChildren();
  delete g.dataset.color;
  delete g.dataset.type;
  if (!stack) return;
  g.dataset.color = stack.color;
  g.dataset.type = stack.type;
  const layers = Math.min(stack.height, MAX_LAYERS);
  const top = -(layers * LAYER) / 2; // the stack is centred on its point
  el("ellipse", { class: "shadow", cx: 3, cy: top + layers * LAYER + 5, rx: R + 2, ry: R - 4 }, g);
  for (let i = layers; i >= 1; i--) {
    el("circle", { class: "edge", cy: round(top + i * LAYER), r: R }, g);
  }
  el("circle", { class: "face", cy: top, r: R, fill: `url(#tz-face-${stack.color})` }, g);
  el("circle", { class: "bevel", cy: top, r: R - 5 }, g);
  if (stack.type === "tzarra") {
    el("circle", { class: "emblem-ring", cy: top, r: 20 }, g);
  } else if (stack.type === "tzaar") {
    el("circle", { class: "emblem-disc", cy: top, r: 25 }, g);
    el("circle", { class: "emblem-core", cy: top, r: 7 }, g);
  }
  if (stack.height > 1) {
    const badge = el("g", { class: "badge", transform: `translate(${R - 8} ${round(top - R + 10)})` }, g);
    el("circle", { r: 17 }, badge);
    const text = el("text", { y: 0.5 }, badge);
    text.textContent = String(stack.height);
  }
}

/** Fill a small stand-alone <svg viewBox="-50 -50 100 100"> with one piece (tray, legend). */
export function drawMiniPiece(svg, color, type) {
  let g = svg.querySelector("g.piece");
  if (!g) {
    g = el("g", { class: "piece" }, svg);
  }
  if (g.dataset.color === color && g.dataset.type === type) return;
  drawPiece(g, { color, type, height: 1 });
}

/** A hexagon with a vertex on top, circumradius r, corners rounded by c. */
export function roundedHexagon(r, c) {
  const corners = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 2;
    corners.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  let d = "";
  for (let i = 0; i < 6; i++) {
    const [px, py] = corners[(i + 5) % 6];
    const [x, y] = corners[i];
    const [nx, ny] = corners[(i + 1) % 6];
    const t1 = c / r;
    const a = [x + (px - x) * t1, y + (py - y) * t1];
    const b = [x + (nx - x) * t1, y + (ny - y) * t1];
    d += `${i ? "L" : "M"}${round(a[0])} ${round(a[1])}Q${round(x)} ${round(y)} ${round(b[0])} ${round(b[1])}`;
  }
  return d + "Z";
}
