// What the person's input means in the game's state: a point pressed (clicked, tapped or
// chosen with the keyboard) and a piece type chosen in the placement tray. Pure functions of
// the state; game.js plays the action or makes the changes.

import { captureText, stackText, placeText, TYPES } from "../board/notation.js";
import { msg } from "../page/i18n.js";
import { personToMove, targetsOf, sourcesOf } from "./state.js";

/**
 * What pressing `point` means: {play: action}, or {changes} to make in the state (with `say`:
 * a text for the live region too), or null: nothing (not the person's turn, or busy).
 */
export function pointPressed(s, point) {
  if (!personToMove(s) || s.busy) return null;
  const view = s.view;
  const targets = targetsOf(s);
  if (view.step === "place") {
    const type = s.placeType[view.side];
    if (type && targets[point] === "place") return { play: placeText(type, point) };
    return type ? null : { changes: { notice: msg("notice.chooseTypeFirst") }, say: msg("notice.chooseTypeFirst") };
  }
  if (s.selected && targets[point]) {
    const action = targets[point] === "capture" ? captureText(s.selected, point) : stackText(s.selected, point);
    // A stacking that loses the game waits for the person's confirmation.
    return view.legal.losing.includes(action) ? { changes: { pendingLosing: action } } : { play: action };
  }
  if (point !== s.selected && sourcesOf(s).includes(point)) return { changes: { selected: point, notice: null } };
  // Anything else lets go of the selection; a press that did nothing is kept (the lessons say why).
  if (point !== s.selected) return { changes: { selected: null, pendingLosing: null, refused: { point, from: s.selected } } };
  return { changes: { selected: null, pendingLosing: null } };
}

/** The changes of choosing `type` in the placement tray, or null when it cannot be chosen. */
export function typeChosen(s, type) {
  const view = s.view;
  if (!view || view.step !== "place" || !TYPES.includes(type) || !personToMove(s)) return null;
  if ((view.reserve[view.side][type] ?? 0) <= 0) return null;
  // Pressing the chosen piece again keeps it chosen ("Tott, then a point" always places).
  return { placeType: { ...s.placeType, [view.side]: type }, notice: null };
}
