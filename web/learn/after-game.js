// After a game ends (app.js calls afterGame() on every state with a winner; this module loads
// then, not with the page): a finished game against the computer is kept in Your games
// (games.js) and, the first time, reviewed in the background for your mistakes
// (background.js); after a lost one the result box (panels/result.js) offers "See why you
// lost" (the review, before the turn that turned the game: exercise-list.js turningTurn) and
// "Practise your mistakes" (the exercises under Learn, exercises.js); after a second win in a
// row against a level, the next level (games.js levelUp), a new game against it with your colour.

import { msg, show, loadLater } from "../page/i18n.js";
import { runCommand } from "../page/input.js";
import { entryOf, keep, gamesIn, levelUp } from "./games.js";
import { computerId } from "../game/computer.js";
import { reviewLater, reviewOf } from "./background.js";
import { reviewed } from "../analysis/review-job.js";
import { turningTurn } from "./exercise-list.js";

let lost = null; // the entry (games.js) of the lost game the result box shows
let next = null; // the level the result box proposes after a won game: {level, colour, setup}
let buttons = null; // the result box's buttons of this module, by name

const reviewItem = (entry) => ({ id: entry.id, start: entry.start, actions: entry.actions, colour: entry.colour, date: entry.date });
const SETUPS = ["standard", "random", "tournament"];

/** Keep and review the finished game of `state`; the result box's buttons after a loss, or the
 * next level after a second win in a row. */
export async function afterGame(state, { storage, engine, game, tools }) {
  const entry = entryOf(state);
  if (keep(state, storage) && entry) reviewLater(engine, storage, reviewItem(entry));
  lost = entry?.result === "lost" ? entry : null;
  next = entry?.result === "won" ? proposal(entry, storage) : null;
  if (!lost && !next && !buttons) return;
  await loadLater();
  buttons ??= makeButtons(document.querySelector("#result .result-actions"), { storage, engine, game, tools });
  buttons.why.hidden = buttons.practise.hidden = !lost;
  buttons.next.hidden = !next;
  if (next) show(buttons.next, msg("games.nextLevel", { level: msg(`level.${next.level}`) }));
}

/** The next level to propose after the won game `entry` (the newest kept: not an older game
 * opened again), with the colour and setup of that game; null when there is none. */
function proposal(entry, storage) {
  const games = gamesIn(storage);
  const level = games[0]?.id === entry.id ? levelUp(games) : null;
  return level && { level, colour: entry.colour, setup: SETUPS.includes(entry.setup) ? entry.setup : "standard" };
}

function makeButtons(row, parts) {
  const make = (name, key, run) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.after = name;
    if (key) show(b, msg(key));
    b.addEventListener("click", () => run(parts));
    return b;
  };
  const made = {
    next: make("next", null, playNext),
    why: make("why", "exercises.result.why", (p) => lost && seeWhy(lost, p)),
    practise: make("practise", "exercises.result.practise", () => lost && practise(lost)),
  };
  made.next.classList.add("primary");
  row.prepend(made.next, made.why, made.practise);
  return made;
}

/** A new game against the level proposed, the person with the same colour, the same setup. */
function playNext({ game }) {
  if (!next) return;
  const { level, colour, setup } = next;
  const other = colour === "white" ? "black" : "white";
  game.newGame({ setup, players: { [colour]: "person", [other]: computerId(level) } });
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
