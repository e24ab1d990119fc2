// The board: the only module that touches the SVG (with input.js, its own: what a press, a
// click or a key on a point means).
//
//   const board = new Board(svgElement);
//   board.on("activate", ({point}) => ...);   // input "play": a point clicked, tapped, or Enter/Space
//   board.on("edit", ({point}) => ...);       // input "edit": the same, for the position editor
//   board.on("cancel", () => ...);            // Escape, or a click on no point
//   (a stack dragged to a target: "activate" on the stack, then on the target; drag.js)
//   board.render(state, {animate: [{from, to}]});
//   board.setEditing({position, points});     // input "edit", drawing that; null: the game again
//
// Input (board.input, and data-input on the SVG): what a point chosen means. "play" when the
// rendered state lets a person act (state.interactive): a point means "activate"; "view" when
// it does not: a point means nothing (the game is the computer's, busy, or not started);
// "edit" while the editor shows its position (setEditing): a point means "edit", and the
// game's state, still rendered, is kept for when editing ends.
//
// `state` (read only, never kept beyond the call):
//   {position: "<text>", points: {D4: {color, type, height}}, flipped: bool,
//    selected: "C3" | null, targets: {D4: "capture" | "stack" | "place"}, losing: ["D4"],
//    sources: ["C3", ...] (stacks that can act), marks: [{from, to, kind}], interactive: bool,
//    hint: {from, to} | null (a suggested action: from is null for a placement)}
// Nodes are kept per point and only updated where something changed.

import { POINTS, SEGMENTS, POINT_BY_NAME, planeXY, pointLabel } from "./notation.js";
import { S, R, el, round, drawPiece, drawMiniPiece, drawMarker, drawLabels, roundedHexagon } from "./draw.js";
import { listenToPoints } from "./input.js";
import { t, lang } from "../page/i18n.js";

export { drawPiece, drawMiniPiece };

const MOVE_MS = 260;

/** What pressing a target point does, as the board describes it ("board.target.capture"). */
const describe = (target) => t(`board.target.${target}`);

export class Board {
  #svg;
  #layers = {};
  #nodes = new Map(); // name -> {hit (data-point g), piece g, sig, mark g, ...}
  #listeners = new Map();
  #flipped = null;
  #input = "view";
  #shown = null; // the state last rendered (the game's)
  #order = []; // the points' names in drawing order (lower on the screen later)
  #pointsKey = ""; // what the points show, as last drawn
  #editing = null; // while the input is "edit": {position, points}, drawn instead of the game's state
  #reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)");

  constructor(svg) {
    this.#svg = svg;
    this.#build();
    listenToPoints(this, {
      svg,
      layers: this.#layers,
      node: (name) => this.#nodes.get(name),
      selected: () => this.#shown?.selected ?? null,
      emit: (type, detail) => this.#emit(type, detail),
    });
  }

  /** Listen to "activate" ({point}), "edit" ({point}) or "cancel"; returns the function that unbinds. */
  on(type, callback) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type).add(callback);
    return () => this.#listeners.get(type).delete(callback);
  }

  #emit(type, detail = {}) {
    for (const callback of [...(this.#listeners.get(type) ?? [])]) callback(detail);
  }

  /** Screen coordinates of a point name (in SVG units), respecting the flip. */
  xy(name) {
    const p = POINT_BY_NAME.get(name);
    const { x, y } = planeXY(p.q, p.y);
    const sign = this.#flipped ? -1 : 1;
    return { x: round(sign * x * S), y: round(sign * y * S) };
  }

  #build() {
    const svg = this.#svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", "-440 -500 880 1000");
    svg.setAttribute("role", "group");
    svg.setAttribute("tabindex", "-1"); // one tab stop: the points' roving tabindex
    if (!svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", t("board.label"));
    this.#defs(el("defs", {}, svg));
    for (const name of ["plate", "grid", "labels", "marks", "hint", "pieces", "points"]) {
      this.#layers[name] = el("g", { class: `layer-${name}` }, svg);
    }
    // Each point has its name already: the coordinate labels are for the eye only.
    for (const name of ["plate", "grid", "labels", "marks", "hint", "pieces"]) this.#layers[name].setAttribute("aria-hidden", "true");
    const plate = this.#layers.plate;
    // The plate: a hexagon around the points with rounded corners.
    el("path", { class: "plate", d: roundedHexagon(4 * S + 96, 30) }, plate);
    el("path", { class: "plate-inner", d: roundedHexagon(4 * S + 80, 22) }, plate);
    // The missing centre: a small hexagon of its own, where no line goes.
    el("path", { class: "centre", d: roundedHexagon(30, 4) }, plate);
    el("path", { class: "grid-lines", d: "" }, this.#layers.grid);
    for (const p of POINTS) {
      const point = el("g", {
        class: "point",
        "data-point": p.name,
        role: "button",
        tabindex: -1, // (input.js gives one point the tab stop)
        "aria-label": pointLabel(p.name, null),
      }, this.#layers.points);
      el("circle", { class: "hit", r: S / 2 }, point);
      const dot = el("circle", { class: "dot", r: 5.5 });
      this.#layers.grid.appendChild(dot);
      const piece = el("g", { class: "piece" }, this.#layers.pieces);
      piece.dataset.at = p.name;
      const marker = el("g", { class: "marker" }, point);
      el("circle", { class: "focus-ring", r: R + 12 }, point);
      this.#nodes.set(p.name, { point, dot, piece, marker, sig: "", mark: "", labelled: "", actionable: false, movable: false });
    }
    this.#layout(false);
  }

  #defs(defs) {
    const gradient = (id, stops) => {
      const g = el("radialGradient", { id, cx: "38%", cy: "32%", r: "75%" }, defs);
      stops.forEach(([offset, cls]) => el("stop", { offset, class: cls }, g));
    };
    gradient("tz-face-white", [["0%", "face-white-hi"], ["100%", "face-white-lo"]]);
    gradient("tz-face-black", [["0%", "face-black-hi"], ["100%", "face-black-lo"]]);
  }

  /** Place everything for the current orientation. */
  #layout(flipped) {
    if (this.#flipped === flipped) return;
    this.#flipped = flipped;
    const d = SEGMENTS.map(([a, b]) => {
      const p = this.xy(a);
      const q = this.xy(b);
      return `M${p.x} ${p.y}L${q.x} ${q.y}`;
    }).join("");
    this.#layers.grid.querySelector(".grid-lines").setAttribute("d", d);
    for (const [name, n] of this.#nodes) {
      const { x, y } = this.xy(name);
      n.point.setAttribute("transform", `translate(${x} ${y})`);
      n.piece.setAttribute("transform", `translate(${x} ${y})`);
      n.dot.setAttribute("cx", x);
      n.dot.setAttribute("cy", y);
    }
    // Pieces lower on the screen are drawn last, so a tall stack overlaps the one behind it.
    const order = [...this.#nodes.keys()].sort((a, b) => this.xy(a).y - this.xy(b).y || this.xy(a).x - this.xy(b).x);
    this.#order = order;
    for (const name of order) this.#layers.pieces.appendChild(this.#nodes.get(name).piece);
    // Points in reading order (top row first, left to right) for assistive technology.
    for (const name of order) this.#layers.points.appendChild(this.#nodes.get(name).point);
    drawLabels(this.#layers.labels, this.#flipped);
  }

  /** "play", "edit" or "view" (see the top of this file). */
  /** What a point chosen means now: "play", "view" (nothing) or "edit". */
  get input() {
    return this.#input;
  }

  /** Draw `state` (while editing, keep it for later); `effects.animate` lists moves [{from, to}] to slide in. */
  render(state, effects = {}) {
    this.#shown = state;
    if (this.#editing) this.#draw(this.#editedState(), {});
    else this.#draw(state, effects);
  }

  /** The input "edit", drawing `scene` ({position, points}); null: back to the game's state. */
  setEditing(scene) {
    this.#editing = scene;
    const state = scene ? this.#editedState() : this.#shown;
    if (state) this.#draw(state, {});
  }

  /** The edited position as a state to draw: its pieces, the game's flip, nothing to act on. */
  #editedState() {
    return { position: this.#editing.position, points: this.#editing.points, flipped: Boolean(this.#shown?.flipped), interactive: false };
  }

  #draw(state, effects) {
    this.#layout(Boolean(state.flipped));
    const svg = this.#svg;
    this.#input = this.#editing ? "edit" : state.interactive ? "play" : "view";
    if (svg.dataset.input !== this.#input) svg.dataset.input = this.#input;
    if (svg.dataset.position !== state.position) svg.dataset.position = state.position ?? "";
    svg.classList.toggle("interactive", Boolean(state.interactive));
    const targets = state.targets ?? {};
    const losing = new Set(state.losing ?? []);
    const sources = new Set(state.sources ?? []);
    const animate = new Map((effects.animate ?? []).filter((m) => m.from && m.to).map((m) => [m.to, m.from]));
    // The points are drawn again only when what they show changed (a frame that changes
    // only the panels, or the board's busy state, leaves them as they are).
    const language = lang();
    const key = [JSON.stringify(state.points ?? {}), state.selected ?? "", JSON.stringify(targets), [...losing], [...sources], language].join("|");
    if (key !== this.#pointsKey || animate.size) this.#drawPoints(state, { targets, losing, sources, animate, language });
    this.#pointsKey = key;
    this.#drawMarks(state.marks ?? []);
    this.#drawHint(state.hint ?? null);
    for (const [to, from] of animate) this.#slide(from, to);
  }

  #drawPoints(state, { targets, losing, sources, animate, language }) {
    for (const [name, n] of this.#nodes) {
      const stack = state.points?.[name] ?? null;
      const sig = stack ? `${stack.color}:${stack.type}:${stack.height}` : "";
      const point = n.point;
      if (sig !== n.sig) {
        const ghost = animate.has(name) && n.sig ? n.piece.cloneNode(true) : null;
        n.sig = sig;
        drawPiece(n.piece, stack);
        if (stack) {
          point.dataset.color = stack.color;
          point.dataset.type = stack.type;
          point.dataset.height = String(stack.height);
        } else {
          delete point.dataset.color;
          delete point.dataset.type;
          delete point.dataset.height;
        }
        n.dot.classList.toggle("covered", Boolean(stack));
        if (ghost) this.#fadeOut(ghost);
      }
      if (n.labelled !== `${sig}|${language}`) {
        n.labelled = `${sig}|${language}`;
        point.setAttribute("aria-label", pointLabel(name, stack));
      }
      // Selection and targets.
      const target = targets[name] ?? null;
      const selected = state.selected === name;
      const isLosing = target === "stack" && losing.has(name);
      const mark = `${selected ? "sel" : ""}|${target ?? ""}|${isLosing ? "losing" : ""}|${language}`;
      if (mark !== n.mark) {
        n.mark = mark;
        drawMarker(n.marker, { selected, target, losing: isLosing });
        if (selected) point.dataset.selected = "true";
        else delete point.dataset.selected;
        if (target) point.dataset.target = target;
        else delete point.dataset.target;
        if (isLosing) point.dataset.losing = "true";
        else delete point.dataset.losing;
        if (selected) point.setAttribute("aria-pressed", "true");
        else point.removeAttribute("aria-pressed");
        const description = selected ? t("board.selected") : target ? (isLosing ? t("board.losesGame", { target: describe(target) }) : describe(target)) : "";
        if (description) point.setAttribute("aria-description", description);
        else point.removeAttribute("aria-description");
      }
      const actionable = Boolean(target) || sources.has(name) || selected;
      if (actionable !== n.actionable) {
        n.actionable = actionable;
        point.classList.toggle("actionable", actionable);
      }
      n.movable = Boolean(stack) && (sources.has(name) || selected); // can be dragged (drag.js)
    }
  }

  /** The suggested action: a dashed arrow from its source to its target, and data-hint
   * ("from" / "to") on the two points. */
  #drawHint(hint) {
    const key = hint ? `${hint.from}>${hint.to}${this.#flipped}` : "";
    const layer = this.#layers.hint;
    if (layer.dataset.key === key) return;
    layer.dataset.key = key;
    layer.replaceChildren();
    for (const n of this.#nodes.values()) delete n.point.dataset.hint;
    if (!hint?.to) return;
    const b = this.xy(hint.to);
    if (hint.from) {
      const a = this.xy(hint.from);
      el("line", { class: "hint hint-path", x1: a.x, y1: a.y, x2: b.x, y2: b.y }, layer);
      el("circle", { class: "hint hint-from", cx: a.x, cy: a.y, r: R + 9 }, layer);
      this.#nodes.get(hint.from).point.dataset.hint = "from";
    }
    el("circle", { class: "hint hint-to", cx: b.x, cy: b.y, r: R + 9 }, layer);
    this.#nodes.get(hint.to).point.dataset.hint = "to";
  }

  #drawMarks(marks) {
    const key = JSON.stringify(marks) + this.#flipped;
    const layer = this.#layers.marks;
    if (layer.dataset.key === key) return;
    layer.dataset.key = key;
    layer.replaceChildren();
    for (const m of marks) {
      const cls = `mark mark-${m.kind ?? "move"}${m.older ? " mark-older" : ""}`;
      if (m.from) {
        const a = this.xy(m.from);
        const b = this.xy(m.to);
        el("line", { class: `${cls} mark-path`, x1: a.x, y1: a.y, x2: b.x, y2: b.y }, layer);
        el("circle", { class: `${cls} mark-from`, cx: a.x, cy: a.y, r: 13 }, layer);
      }
      if (m.to) {
        const b = this.xy(m.to);
        el("circle", { class: `${cls} mark-to`, cx: b.x, cy: b.y, r: R + 9 }, layer);
      }
    }
  }

  #motion() {
    return !this.#reducedMotion?.matches;
  }

  #slide(from, to) {
    const piece = this.#nodes.get(to)?.piece;
    if (!piece || !this.#motion() || !piece.animate) return;
    const a = this.xy(from);
    const b = this.xy(to);
    this.#layers.pieces.appendChild(piece); // above the others while it moves
    // A CSS transform replaces the transform attribute while it runs: animate the whole of it.
    const animation = piece.animate(
      [{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${b.x}px, ${b.y}px)` }],
      { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
    piece.classList.add("moving");
    const done = () => {
      piece.classList.remove("moving");
      this.#restack(piece);
    };
    animation.finished.then(done, done);
  }

  #fadeOut(ghost) {
    if (!this.#motion() || !ghost.animate) return;
    ghost.removeAttribute("data-at");
    ghost.classList.add("ghost");
    this.#layers.pieces.insertBefore(ghost, this.#layers.pieces.firstChild);
    const animation = ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: MOVE_MS + 80, easing: "ease-in" });
    const done = () => ghost.remove();
    animation.finished.then(done, done);
  }

  /** Put `piece` back in its place in the drawing order, before the next piece that is not
   * moving (moving pieces are raised to the end, and put back when they stop). */
  #restack(piece) {
    const after = this.#order.slice(this.#order.indexOf(piece.dataset.at) + 1).map((name) => this.#nodes.get(name).piece);
    this.#layers.pieces.insertBefore(piece, after.find((other) => !other.classList.contains("moving")) ?? null);
  }
}
