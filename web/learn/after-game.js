// After a game ends (app.js calls afterGame() on every state with a winner; this module loads
// then, not with the page): a finished game against the computer is kept in Your games
// (games.js) and, the first time, reviewed in the background for your mistakes
// (background.js); after a lost one the result box (panels/result.js) offers "See why you
// lost" (the review, before the turn that turned the game: exercise-list.js turningTurn) and
// "Practise your mistakes" (the exercises under Learn, exercises.js).

import { msg, show, loadLater } from "../page/i18n.js";
import { runCommand } from "../page/input.js";
import { entryOf, keep } from "./games.js";
import { reviewLater, reviewOf } from "./background.js";
import { reviewed } from "../analysis/review-job.js";
import { turningTurn } from "./exercise-list.js";

let lost = null; // the entry (games.js) of the lost game the result box shows
let buttons = null;

const reviewItem = (entry) => ({ id: entry.id, start: entry.start, actions: entry.actions, colour: entry.colour, date: entry.date });

/** Keep and review the finished game of `state`; the result box's buttons after a loss. */
export async function afterGame(state, { storage, engine, game, tools }) {
  const entry = entryOf(state);
  if (keep(state, storage) && entry) reviewLater(engine, storage, reviewItem(entry));
  lost = entry?.result === "lost" ? entry : null;
  if (!lost && !buttons) return;
  await loadLater();
  buttons ??= makeButtons(document.querySelector("#result .result-actions"), { storage, engine, game, tools });
  for (const b of buttons) b.hidden = !lost;
}

function makeButtons(row, parts) {
  const make = (name, key, run) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.after = name;
    show(b, msg(key));
    b.addEventListener("click", () => lost && run(lost, parts));
    return b;
  };
  const made = [make("why", "exercises.result.why", seeWhy), make("practise", "exercises.result.practise", practise)];
  row.prepend(...made);
  return made;
}

/** The review of the lost game, opened at the turn that turned it: the position before that
 * turn shown (the result box gives way), the turn, marked in the move list, next, and its note
 * (why it was a mistake, or the chances before and after it) in view and focused. */
async function seeWhy(entry, { storage, engine, game, tools }) {
  let answer = reviewed(entry.start, entry.actions);
  if (!answer) {
    reviewLater(engine, storage, reviewItem(entry)); // (kept once: the list adds nothing twice)
    answer = await reviewOf(entry.start, entry.actions);
  }
  await tools.use((loaded) => loaded.modes.enter("review"));
  const k = answer ? turningTurn(answer, entry.colour) : -1;
  const s = game.state;
  if (k < 0 || s.start !== entry.start || s.actions.join(",") !== entry.actions.join(",")) return;
  const cursor = answer.turns.slice(0, k).reduce((n, t) => n + t.actions.length, 0);
  await game.goto(cursor);
  await tools.use((loaded) => loaded.review.showTurned(answer.turns[k].number)); // (its note in view)
}

/** Learn, then this game's exercises once its review is done, the worst first (then the others due). */
async function practise(entry) {
  await runCommand("learn");
  await (await import("./exercises.js")).practise(entry.id);
}
