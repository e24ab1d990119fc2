// An SVG layer over the board for the analysis tools: arrows (the engine's best action,
// the attack map's captures) and rings (threatened stacks, last stacks of a type). It
// only reads the board's geometry (board.xy, which knows the flip); the board itself stays
// untouched. Pointer events pass through to the board.

const NS = "http://www.w3.org/2000/svg";

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
    for (const kind of ["best", "attack"]) {
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
    for (const name of ["attack", "rings", "best"]) {
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

  #arrow(layer, from, to, kind) {
    const a = this.#board.xy(from);
    const b = this.#board.xy(to);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(len / 3, 22); // stop short of the target's centre
    const line = document.createElementNS(NS, "line");
    line.setAttribute("x1", a.x);
    line.setAttribute("y1", a.y);
    line.setAttribute("x2", Math.round(b.x - (dx / len) * cut));
    line.setAttribute("y2", Math.round(b.y - (dy / len) * cut));
    line.setAttribute("marker-end", `url(#overlay-head-${kind})`);
    line.classList.add(`arrow-${kind}`);
    line.dataset.from = from;
    line.dataset.to = to;
    layer.appendChild(line);
  }

  #best = null;
  #map = null;
  #flipped = null;

  /** Redraw after the board has been flipped. */
  sync(flipped) {
    if (flipped === this.#flipped) return;
    this.#flipped = flipped;
    this.setBest(this.#best);
    this.setAttacks(this.#map);
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
