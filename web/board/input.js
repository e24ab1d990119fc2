// The board's input: presses, clicks and keys on its points, turned into the board's events,
// and the points' roving tabindex (one tab stop; the arrow keys move it to the neighbouring
// point on the screen). board.js binds it to its SVG and draws; this only listens.
//
// A point chosen (a click, a tap, Enter or Space) means what the board's input says (board.js):
// "activate" when it is "play", "edit" when "edit", nothing when "view". Escape, or a click on
// no point, is "cancel". A press on a stack that can act may become a drag (drag.js).

import { POINTS } from "./notation.js";
import { S } from "./draw.js";

/**
 * Listen to the points of `board` (the Board: its input and xy), drawn. `parts`: what else
 * of it this needs: {svg, layers (the points' layer), node(name) -> {point, piece, movable},
 * selected() -> the chosen point, emit(type, detail)}. The tab stop starts on E4.
 */
export function listenToPoints(board, { svg, layers, node, selected, emit }) {
  let focusName = "E4";
  let pressed = null; // the pointer pressed on the board (its pointerId), until it is let go
  let dropped = false; // a drag just ended: the click that may follow is not a click

  /** A point chosen: its meaning for the board's input. */
  const choose = (point, source) => {
    if (board.input === "edit") emit("edit", { point, source });
    else if (board.input === "play") emit("activate", { point, source });
  };

  const setRoving = (name) => {
    if (name === focusName) return;
    node(focusName)?.point.setAttribute("tabindex", "-1");
    focusName = name;
    node(name)?.point.setAttribute("tabindex", "0");
  };
  node(focusName).point.setAttribute("tabindex", "0");

  /** The point the arrow keys lead to from `name`, on the screen (flip included). */
  const neighbour = (name, [dx, dy]) => {
    const here = board.xy(name);
    const column = (S * Math.sqrt(3)) / 2;
    let best = null;
    let bestScore = Infinity;
    for (const p of POINTS) {
      if (p.name === name) continue;
      const there = board.xy(p.name);
      const ddx = there.x - here.x;
      const ddy = there.y - here.y;
      let score;
      if (dy) {
        if (Math.abs(ddx) > 1 || Math.sign(ddy) !== dy) continue;
        score = Math.abs(ddy);
      } else {
        if (Math.abs(ddx - dx * column) > 1) continue;
        score = Math.abs(ddy) + (ddy > 0 ? 0.5 : 0); // prefer the upper one on a tie
      }
      if (score < bestScore) {
        bestScore = score;
        best = p.name;
      }
    }
    return best;
  };

  svg.addEventListener("click", (event) => {
    if (dropped) {
      dropped = false; // the click after a drag's drop
      return;
    }
    const g = event.target.closest?.("[data-point]");
    if (g) {
      setRoving(g.dataset.point);
      choose(g.dataset.point, "pointer");
    } else {
      emit("cancel", {});
    }
  });
  // A press on a stack that can act, while the input is "play", may become a drag (drag.js, loaded on the first).
  svg.addEventListener("pointerdown", (event) => {
    dropped = false;
    if (board.input !== "play" || !event.isPrimary || event.button !== 0) return;
    const from = event.target.closest?.("[data-point]")?.dataset.point;
    const n = from && node(from);
    if (!n || !n.movable) return;
    pressed = event.pointerId;
    import("./drag.js").then(({ followPress }) => {
      if (pressed !== event.pointerId) return; // let go before the module came: a click
      followPress(
        {
          svg,
          layer: layers.points,
          piece: (name) => node(name).piece,
          selected,
          activate: (name) => choose(name, "pointer"),
          dropped: () => {
            dropped = true;
          },
        },
        from,
        event,
      );
    });
  });
  const letGo = (event) => {
    if (event.pointerId === pressed) pressed = null;
  };
  window.addEventListener("pointerup", letGo); // (let go anywhere)
  window.addEventListener("pointercancel", letGo);
  // A finger on a stack that can act drags it rather than scrolling the page (touch-action
  // is not honoured on SVG's inner elements; elsewhere on the board a finger scrolls).
  svg.addEventListener(
    "touchmove",
    (event) => {
      if (pressed !== null && event.cancelable) event.preventDefault();
    },
    { passive: false },
  );
  svg.addEventListener("keydown", (event) => {
    const g = event.target.closest?.("[data-point]");
    if (!g) return;
    const name = g.dataset.point;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(name, "keyboard");
      return;
    }
    if (event.key === "Escape") {
      emit("cancel", {});
      return;
    }
    const direction = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = neighbour(name, direction);
    if (next) {
      setRoving(next);
      node(next).point.focus();
    }
  });
  svg.addEventListener("focusin", (event) => {
    const g = event.target.closest?.("[data-point]");
    if (g) setRoving(g.dataset.point);
  });
}
