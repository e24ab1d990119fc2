// Why a puzzle's solution wins, in words: pure, msg()s for page/i18n.js. Read from its line as
// the engine groups it into turns (the facade's "game": the winner's turn, the defence, the
// winning turn), the stack the first capture takes (the View of the puzzle's position) and how
// the game ends (the View at the line's end: a type gone, or no capture left). Every puzzle is
// proven (lab/puzzleset.py): its first turn wins against every defence, and the line's defence is
// the stubbornest, so "whatever Black does" is the exact solver's word, not a guess.
//
//   show(element, solutionMsgs(puzzle, answer.turns, view.points, answer.view.reason));

import { msg } from "../page/i18n.js";

const SIDES = { white: "side.white", black: "side.black" };
const TYPES = { tzaar: "piece.tzaar", tzarra: "piece.tzarra", tott: "piece.tott" };

/**
 * The sentences of why puzzle `puzzle` ({side, themes, solution}) wins: what its first capture
 * takes, then the win against every defence (the line's defence named), and that the turn also
 * parries the opponent's own threat (the theme "defend"). `turns`: the solution's turns
 * [{actions}] (three: the winner's, the defence, the winning one); `points`: the puzzle
 * position's stacks by point ({type}); `reason`: the end's ({code: "lost-type", type} or
 * {code: "no-capture"}). [] when the line is not that (a puzzle file this page does not know).
 */
export function solutionMsgs(puzzle, turns, points, reason) {
  if (turns.length !== 3 || !reason) return [];
  const [first, defence, win] = turns.map((t) => t.actions);
  const by = msg(SIDES[puzzle.side === "white" ? "black" : "white"]);
  const point = first[0].split("x")[1];
  const taken = TYPES[points[point]?.type];
  if (!point || !taken) return [];
  const line = { by, side: msg(SIDES[puzzle.side]), defence: defence.join(" "), win: win.join(" ") };
  const out = [msg("puzzles.why.turn", { capture: first[0], by, type: msg(taken), point, second: first.slice(1).join(" ") })];
  if (reason.code === "lost-type" && TYPES[reason.type]) out.push(msg("puzzles.why.type", { ...line, type: msg(TYPES[reason.type]) }));
  else if (reason.code === "no-capture") out.push(msg("puzzles.why.starve", line));
  else return [];
  if (puzzle.themes?.includes("defend")) out.push(msg("puzzles.why.defend", { by }));
  return out;
}
