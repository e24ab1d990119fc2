// A search's verdict as a player reads it: the favourite's chance of winning, "White 62%".
// The engine computes the chance (tzaar/ai/odds.py, on a scale fitted to the search's
// scores and the results of held-out games): ai_step's info.win_chance for the side to move,
// the review's chance for White. The page only turns it to White's side and writes it.
import { msg } from "../page/i18n.js";

/** White's chance of winning (0..1) from an ai_step info of `position`: win_chance is the
 * side to move's. */
export function whiteChance(position, info) {
  const mover = info?.win_chance ?? 0.5;
  return /[ _]w\d$/.test(position) ? mover : 1 - mover;
}

/** A chance in whole percent: 1..99 unless it is certain (a won or lost score), as
 * tzaar/ai/odds.py percent(), so that a likely win never reads as a sure one. */
export function percent(chance) {
  if (chance >= 1) return 100;
  if (chance <= 0) return 0;
  return Math.max(1, Math.min(99, Math.round(chance * 100)));
}

/** msg() "White 62%" / "Black 70%": the favourite (White at an even 50%) and its chance,
 * from White's chance; `key` "chance.title" says the same in words: "Black's chance of
 * winning, by the engine: 70%" (the figure's title, and the hint's first time). */
export function chanceMsg(white, key = "chance.text") {
  const black = white < 0.5;
  return msg(key, { side: msg(black ? "side.black" : "side.white"), percent: percent(black ? 1 - white : white) });
}
