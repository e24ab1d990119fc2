// The engine's review of a game (the job kind "review" of engine/client.js run(),
// tzaar/ai/review.py) at the one budget every review of the page uses: the Analysis panel's
// Review (review.js), the turn just played judged on the analysis board (analysis.js), the
// background review of finished games (learn/background.js) and an exercise's answer judged
// (learn/exercises.js). One budget, so a game reviewed in the background and the same game
// reviewed in the panel give the same answer, and a turn is judged as its game's review judged it.
//
//   const answer = await runReview(engine, start, actions, { signal, onStep });

/** Nodes the review searches per position of the game (tzaar/ai/review.py's node budget). */
export const REVIEW_NODES = 1500;

/** engine.run of the review of the game (start, actions) at REVIEW_NODES; `options` are run()'s
 * ({signal, onStep, background, sliceMs}). */
export function runReview(engine, start, actions, options = {}) {
  return engine.run("review", { start, actions, nodes: REVIEW_NODES }, options);
}
