// The endgame solver's proven results, as the page shows them: "White wins in 3 turns".
// The engine reports one as info.proven = {result: "win"|"loss", turns} for the side to move
// of the position searched (tzaar/facade/ai_methods.py); the game keeps them per position text.
import { sideMsg } from "../board/notation.js";
import { t } from "../page/i18n.js";

/** {winner: "white"|"black", turns} of an ai_step info for `position`, or null. */
export function proofFrom(position, info) {
  const proven = info?.proven;
  if (!proven || typeof position !== "string") return null;
  const mover = /[ _]w\d$/.test(position) ? "white" : "black";
  const winner = proven.result === "win" ? mover : mover === "white" ? "black" : "white";
  return { winner, turns: proven.turns };
}

/** "White wins in 3 turns" (turns of both sides, the one searched counting as 1), in the
 * language shown. */
export function proofText(proof) {
  return t("proof.wins", { side: sideMsg(proof.winner), n: proof.turns });
}
