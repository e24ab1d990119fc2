// Dragging a stack to its target, with pointer events (mouse, pen, touch), on every board of
// the page (they are all board.js's): loaded by board.js's input.js on the first press on a
// stack that can act. A press that moves more than DRAG_PX becomes a drag: the stack is
// chosen as a click would choose it, a copy of its piece follows the pointer, and the drop on
// one of its lit targets plays it as a click there would; a drop anywhere else only ends the
// drag, the stack staying chosen, as after a click on it. A press that does not move is a click.
// The SVG says what goes on (for tests and styles): data-pressed (the point whose press is
// followed) and data-dragging (the point being dragged).

const DRAG_PX = 8; // CSS pixels before a press becomes a drag

/**
 * Follow the press `down` (a pointerdown on the point `from`) until it ends. `board`:
 * {svg, piece(name) -> the piece's <g>, layer -> a <g> to draw the moving copy in,
 * selected() -> the chosen point, activate(name), dropped()} (input.js).
 */
export function followPress(board, from, down) {
  const { svg } = board;
  let ghost = null;
  let origin = null; // the pointer's start, in the board's units
  const toBoard = (event) => {
    const matrix = svg.getScreenCTM()?.inverse();
    const point = new DOMPoint(event.clientX, event.clientY);
    return matrix ? point.matrixTransform(matrix) : point;
  };
  const begin = () => {
    if (board.selected() !== from) board.activate(from); // chosen as a click chooses it
    ghost = board.piece(from).cloneNode(true);
    ghost.classList.add("dragged");
    ghost.removeAttribute("data-at");
    board.layer.append(ghost);
    origin = toBoard(down);
    svg.dataset.dragging = from;
    try {
      svg.setPointerCapture(down.pointerId);
    } catch {
      // (a pointer already gone: the drag ends at once)
    }
  };
  const move = (event) => {
    if (event.pointerId !== down.pointerId) return;
    if (!event.buttons) return end(event); // let go where this page could not see it
    if (!ghost) {
      if (Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < DRAG_PX) return;
      begin();
    }
    event.preventDefault();
    const at = toBoard(event);
    const start = board.piece(from).transform.baseVal.consolidate()?.matrix;
    ghost.setAttribute("transform", `translate(${(start?.e ?? 0) + at.x - origin.x} ${(start?.f ?? 0) + at.y - origin.y})`);
  };
  const end = (event) => {
    if (event.pointerId !== down.pointerId) return;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
    delete svg.dataset.pressed;
    if (!ghost) return; // a click: input.js's click handler does the rest
    ghost.remove();
    delete svg.dataset.dragging;
    board.dropped(); // the click that may follow a drag is not a click
    if (event.type !== "pointerup") return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("[data-point]");
    if (under && under.dataset.point !== from && under.dataset.target && svg.contains(under)) board.activate(under.dataset.point);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
  svg.dataset.pressed = from;
}
