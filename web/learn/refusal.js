// Why a click on the board did nothing, in words (pure): the lessons say it when the game
// refuses a click (game.js sets state.refused: {point, from}, the point clicked and the stack
// that was selected, or null). It reads the shown position only, as the rules do
// (docs/rules.md): a stack moves along a line to the first stack in its way, never across the
// empty centre; it captures an enemy stack no taller than itself; a turn starts with a capture.
//
//   refusalOf(view, "B3", "D5")  // -> msg("lessons.refused.taller", {point: "D5", height: 2, from: "B3", own: 1})

import { msg } from "../page/i18n.js";
import { POINT_BY_NAME, parsePosition, pointAt } from "../board/notation.js";

/** The six directions of the board's lines, as steps of (q, y) (board/notation.js). */
const DIRECTIONS = [[0, 2], [0, -2], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** The first stacks in the way on the six lines from `from`: their point names. */
export function inReach(points, from) {
  const start = POINT_BY_NAME.get(from);
  const out = [];
  for (const [dq, dy] of DIRECTIONS) {
    let p = pointAt(start.q + dq, start.y + dy);
    while (p && !points[p.name]) p = pointAt(p.q + dq, p.y + dy);
    if (p) out.push(p.name);
  }
  return out;
}

/** Why the click on `point` (with the stack `from` selected, or null) is refused in `view`
 * (the game's view: position, side, step, legal), as a msg(); null when no rule explains it. */
export function refusalOf(view, from, point) {
  if (!view || view.step === "place" || view.winner) return null;
  const { points } = parsePosition(view.position);
  const stack = points[point];
  const mover = from ? points[from] : null;
  if (mover && stack && inReach(points, from).includes(point)) {
    if (stack.color !== mover.color && stack.height > mover.height) {
      return msg("lessons.refused.taller", { point, height: stack.height, from, own: mover.height });
    }
    if (stack.color === mover.color && view.step === "capture") return msg("lessons.refused.captureFirst", { from, point });
    return null;
  }
  if (!stack) return msg(mover ? "lessons.refused.empty" : "lessons.refused.choose", { point, from });
  if (stack.color !== view.side) {
    if (mover) return msg("lessons.refused.notInReach", { from, point });
    return msg(`lessons.refused.${view.side}ToMove`, { point });
  }
  return msg(view.step === "capture" ? "lessons.refused.noCapture" : "lessons.refused.noAction", { point });
}
