// The review of your finished games in the background: each game waits in the stored list
// ("exercises", page/storage.js; learn/exercise-list.js) until the engine has reviewed it,
// then its mistakes join the list. A game waits there even across a reload; the reviews
// left start again the next time a game ends, a record's side is added or Learn opens.
//
// The review is the review job of the facade (tzaar/ai/review.py), at the budget of every
// review (analysis/review-job.js: the same answer as the Analysis panel's Review), run in the
// engines of the pool (engine/pool.js), in pieces on its workers and on the page's engine
// while no search of the page runs there, behind the reviews the person waits for. In the
// page's engine a piece is a background run: it asks for its next slice only while no other
// search of the page runs, so the next game's computer turns, the hint and the analysis wait
// for one slice of it at most. On a machine of one core the pool is the page's engine alone.
// Two games are reviewed at once (one, on a machine of one core): the next game's pieces keep
// the engines busy while the last pieces of a game run (its candidates' deeper looks).
//
//   reviewLater(engine, storage, {id, start, actions, colour, date});   // then runs it
//   await reviewOf(start, actions);   // the review's answer once it is done (null: none)
//   onReviewed(() => ...);            // after each game reviewed (returns the unbind function)

import { listIn, store, withPending, mistakesOf, addItems } from "./exercise-list.js";
import { runReview, reviewed, gameKey as keyOf } from "../analysis/review-job.js";
/** Milliseconds of a background slice in the page's engine: the longest a game's search waits for it to end. */
const SLICE_MS = 20;
/** Games reviewed at once when the pool has more than one engine. */
const AT_ONCE = 2;
const listeners = new Set();
let running = null; // the loop over the waiting games, while it runs
let waiting = new Set(); // the keys of the games waiting or under review

/** Call `listener()` after each game reviewed (and when the reviews stop); returns its unbind. */
export function onReviewed(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a review runs, or games wait for one. */
export function reviewing(storage) {
  return running !== null || listIn(storage).pending.length > 0;
}

/** The review's answer of the game, once the background has it; null if it is not waiting. */
export function reviewOf(start, actions) {
  const key = keyOf(start, actions);
  if (reviewed(start, actions) || !waiting.has(key)) return Promise.resolve(reviewed(start, actions));
  return new Promise((resolve) => {
    const unbind = onReviewed(() => {
      if (!reviewed(start, actions) && waiting.has(key)) return;
      unbind();
      resolve(reviewed(start, actions));
    });
  });
}

/** Game `game` ({id, start, actions, colour, date}: its mistakes of side `colour`) waits
 * for its review, which starts once the reviews before it are done. */
export function reviewLater(engine, storage, game) {
  store(storage, withPending(listIn(storage), game));
  return reviewPending(engine, storage);
}

/** Run the reviews of the games waiting, in their order, AT_ONCE at a time (once: a second call joins). */
export function reviewPending(engine, storage) {
  for (const g of listIn(storage).pending) waiting.add(keyOf(g.start, g.actions));
  // (An engine that stopped ends the loop: the games wait for the next page.)
  running ??= reviewAll(engine, storage).catch(() => null).finally(() => {
    running = null;
    waiting = new Set();
    for (const listener of [...listeners]) listener();
  });
  return running;
}

async function reviewAll(engine, storage) {
  const under = new Map(); // game key -> its review, while it runs
  const most = engine.pool.engines > 1 ? AT_ONCE : 1;
  // (a game waiting twice, for each side, waits for its first review's answer)
  const next = () => listIn(storage).pending.find((g) => !under.has(keyOf(g.start, g.actions)));
  for (;;) {
    for (let game; under.size < most && (game = next()); ) {
      const key = keyOf(game.start, game.actions);
      const review = reviewOne(engine, storage, game).finally(() => under.delete(key));
      review.catch(() => {}); // read by the race below, or not at all once another failed first
      under.set(key, review);
    }
    if (under.size === 0) return;
    await Promise.race(under.values());
  }
}

async function reviewOne(engine, storage, game) {
  const key = keyOf(game.start, game.actions);
  let items = [];
  try {
    // (a game reviewed lately, for another side or in the panel, is not reviewed again)
    const answer = reviewed(game.start, game.actions) ?? (await runReview(engine, game.start, game.actions, { background: true, sliceMs: SLICE_MS }));
    const { positions } = await engine.call("game", { start: game.start, actions: game.actions });
    items = mistakesOf(answer, [game.start, ...positions], game.colour, game, Date.now());
  } catch (error) {
    if (error?.kind === "Terminated" || error?.kind === "EngineUnavailable") throw error; // it waits for the next page
    // A game the engine refuses (a damaged entry) is dropped: it would fail every time.
  }
  // The list as it is now (an answer may have changed it meanwhile), with the game's mistakes.
  store(storage, addItems(withPending(listIn(storage), game, false), items));
  waiting.delete(key);
  for (const listener of [...listeners]) listener();
}
