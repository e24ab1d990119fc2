// The engine's review of a game (the job kind "review" of engine/client.js run(),
// tzaar/ai/review.py) at the one budget every review of the page uses: the Analysis panel's
// Review (review.js), the turn just played judged on the analysis board (analysis.js), the
// background review of finished games (learn/background.js) and an exercise's answer judged
// (learn/exercises.js). One budget, so a game reviewed in the background and the same game
// reviewed in the panel give the same answer, and a turn is judged as its game's review judged it.
//
// A game runs in the engines of the pool (engine.pool, engine/pool.js: its workers, and the
// page's engine between the game's searches), in pieces on them when it has more than one
// (review-pieces.js: the same answer as the review run whole), so that the review's deeper
// looks cost less wall time than one engine's whole review; a review of one turn (two actions
// at most: the analysis board's, an exercise's) runs in the page's engine, which is ready at once.
//
//   const answer = await runReview(engine, start, actions, { signal, onStep });
//   reviewed(start, actions);   // the answer of a review this page finished lately, or null
//   const checked = await checkAnswer(engine, start, actions, better);   // an exercise's answer

import { reviewInPieces } from "./review-pieces.js";

/** Nodes the review searches per position of the game (tzaar/ai/review.py's node budget). */
export const REVIEW_NODES = 1500;
/** Milliseconds of a step of a review in a worker of the pool (no game's search shares it). */
const POOL_SLICE_MS = 100;

/** The latest reviews' answers kept (the Review and "See why you lost" open a game reviewed
 * in the background at once). */
const KEPT = 5;
const answers = new Map(); // game key -> the review's answer, oldest first

/** The key of the game (start, actions) among the answers kept. */
export const gameKey = (start, actions) => `${start}~${actions.join(",")}`;

/** The review of the game (start, actions) at REVIEW_NODES; `options` are run()'s ({signal,
 * onStep, background, sliceMs}; a game's review in the pool waits behind the others when
 * `background`). The answer is kept (KEPT of them). */
export async function runReview(engine, start, actions, options = {}) {
  const params = { start, actions, nodes: REVIEW_NODES };
  let answer;
  if (actions.length <= 2) {
    answer = await engine.run("review", params, options);
  } else {
    const pool = engine.pool;
    const { signal = null, onStep = null, background = false, sliceMs } = options;
    // (a piece in the page's engine: the pool's short slices there; no worker of its own: as asked)
    const slice = pool.size > 0 ? POOL_SLICE_MS : sliceMs;
    const runPiece = (piece, onPieceStep) => pool.run("review", piece, { signal, onStep: onPieceStep, background, sliceMs: slice });
    answer = pool.engines > 1 ? await reviewInPieces(runPiece, params, pool.engines, { onStep }) : await runPiece(params, onStep);
  }
  const key = gameKey(start, actions);
  answers.delete(key);
  answers.set(key, answer);
  if (answers.size > KEPT) answers.delete(answers.keys().next().value);
  return answer;
}

/** An exercise's answer `actions` (one turn from `start`) judged against the exercise's better
 * turn `better`, both by the deeper look (tzaar/ai/review_answer.py), at REVIEW_NODES, in the
 * page's engine: the review's answer of that one turn, whose `best` is `better`. Not kept
 * among the reviews' answers: it is not the review of the game (start, actions). */
export function checkAnswer(engine, start, actions, better, options = {}) {
  return engine.run("review", { start, actions, nodes: REVIEW_NODES, better }, options);
}

/** The answer of the review of the game (start, actions) if this page finished one lately, else null. */
export function reviewed(start, actions) {
  return answers.get(gameKey(start, actions)) ?? null;
}
