// An SVG layer over the board for the analysis tools: arrows (the engine's best action,
// the attack map's captures, what an explanation names: explain.js explanationArrows) and
// rings (threatened stacks, last stacks of a type). It only reads the board's geometry
// (board.xy, which knows the flip); the board itself stays untouched. Pointer events pass
// through to the board.

const NS = "http://www.w3.org/2000/svg";
/** The roles of an explanation's arrows (explain.js explanationArrows), each its colour. */
const EXPLAIN_ROLES = ["allowed", "better", "threat"];
/** How far apart two arrows between the same points are drawn (the board's units). */
const SIDE_BY_SIDE = 16;

export class BoardOverlay {
  #svg;
  #board;
  #boardSvg;
  #layers = {};

  constructor(boardSvg, board) {
    this.#board = board;
    this.#boardSvg = boardSvg;
    const svg = (this.#svg = document.createElementNS(NS, "svg"));
    svg.classList.add("board-overlay");
    svg.setAttribute("aria-hidden", "true");
    const defs = document.createElementNS(NS, "defs");
    for (const kind of ["best", "attack", ...EXPLAIN_ROLES]) {
      const marker = document.createElementNS(NS, "marker");
      marker.id = `overlay-head-${kind}`;
      for (const [k, v] of Object.entries({ viewBox: "0 0 10 10", refX: "6", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse" })) {
        marker.setAttribute(k, v);
      }
      const path = document.createElementNS(NS, "path");
      path.setAttribute("d", "M0 0L10 5L0 10z");
      path.classList.add(`head-${kind}`);
      marker.appendChild(path);
      defs.appendChild(marker);
    }
    svg.appendChild(defs);
    for (const name of ["attack", "rings", "best", "explain"]) {
      const g = document.createElementNS(NS, "g");
      g.classList.add(`overlay-${name}`);
      svg.appendChild(g);
      this.#layers[name] = g;
    }
    boardSvg.insertAdjacentElement("afterend", svg);
  }

  #fit() {
    const box = this.#boardSvg.getAttribute("viewBox");
    if (box) this.#svg.setAttribute("viewBox", box);
  }

  /** An arrow from point `from` to `to`; `shift`: drawn that far to the side of the line
   * between them (its left, going from the first of the two in point order to the other). */
  #arrow(layer, from, to, kind, cls = `arrow-${kind}`, shift = 0) {
    const a = this.#board.xy(from);
    const b = this.#board.xy(to);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(len / 3, 22); // stop short of the target's centre
    const side = (from < to ? shift : -shift) / len;
    const [sx, sy] = [-dy * side, dx * side];
    const line = document.createElementNS(NS, "line");
    line.setAttribute("x1", Math.round(a.x + sx));
    line.setAttribute("y1", Math.round(a.y + sy));
    line.setAttribute("x2", Math.round(b.x - (dx / len) * cut + sx));
    line.setAttribute("y2", Math.round(b.y - (dy / len) * cut + sy));
    line.setAttribute("marker-end", `url(#overlay-head-${kind})`);
    line.setAttribute("class", cls);
    line.dataset.from = from;
    line.dataset.to = to;
    layer.appendChild(line);
    return line;
  }

  #best = null;
  #map = null;
  #explained = null;
  #flipped = null;

  /** Redraw after the board has been flipped. */
  sync(flipped) {
    if (flipped === this.#flipped) return;
    this.#flipped = flipped;
    this.setBest(this.#best);
    this.setAttacks(this.#map);
    this.setExplanation(this.#explained);
  }

  /** What an explanation names, as arrows (explain.js explanationArrows: {action, from, to,
   * kind, role}; null or [] clears them): each a line with data-action, data-from, data-to,
   * data-kind (capture, stack) and data-role (allowed, better, threat). */
  setExplanation(arrows) {
    this.#explained = arrows?.length ? arrows : null;
    this.#fit();
    const layer = this.#layers.explain;
    layer.replaceChildren();
    // Arrows between the same two points (a capture and the capture back) side by side.
    const drawn = this.#explained ?? [];
    const key = ({ from, to }) => [from, to].sort().join();
    for (const arrow of drawn) {
      const { action, from, to, kind, role } = arrow;
      const same = drawn.filter((other) => key(other) === key(arrow));
      const shift = (same.indexOf(arrow) - (same.length - 1) / 2) * SIDE_BY_SIDE;
      const line = this.#arrow(layer, from, to, role, `arrow-explain arrow-${role} explain-${kind}`, shift);
      Object.assign(line.dataset, { action, kind, role });
    }
    this.#svg.dataset.explained = String(layer.childElementCount);
  }

  /** The best action as an arrow (null: none). */
  setBest(action) {
    this.#best = action;
    this.#fit();
    const layer = this.#layers.best;
    layer.replaceChildren();
    const m = action ? /^([A-I]\d)[x-]([A-I]\d)$/.exec(action) : null;
    if (m) this.#arrow(layer, m[1], m[2], "best");
    this.#svg.dataset.best = m ? action : "";
  }

  /** The attack map of the facade (attack_map), or null to clear it. */
  setAttacks(map) {
    this.#map = map;
    this.#fit();
    const { attack, rings } = this.#layers;
    attack.replaceChildren();
    rings.replaceChildren();
    if (!map) return;
    for (const [from, targets] of Object.entries(map.captures)) {
      for (const to of targets) this.#arrow(attack, from, to, "attack");
    }
    const ring = (name, kind, r) => {
      const { x, y } = this.#board.xy(name);
      const c = document.createElementNS(NS, "circle");
      c.setAttribute("cx", x);
      c.setAttribute("cy", y);
      c.setAttribute("r", r);
      c.classList.add(`ring-${kind}`);
      c.dataset.point = name;
      rings.appendChild(c);
    };
    for (const name of Object.keys(map.threatened)) ring(name, "threatened", 27);
    for (const last of map.last) ring(last.point, "last", 31);
  }
}
