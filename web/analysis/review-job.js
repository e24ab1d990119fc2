// The engine's review of a game (the job kind "review" of engine/client.js run(),
// tzaar/ai/review.py) at the one budget every review of the page uses: the Analysis panel's
// Review (review.js), the turn just played judged on the analysis board (analysis.js), the
// background review of finished games (learn/background.js) and an exercise's answer judged
// (learn/exercises.js). One budget, so a game reviewed in the background and the same game
// reviewed in the panel give the same answer, and a turn is judged as its game's review judged it.
//
//   const answer = await runReview(engine, start, actions, { signal, onStep });
//   reviewed(start, actions);   // the answer of a review this page finished lately, or null

/** Nodes the review searches per position of the game (tzaar/ai/review.py's node budget). */
export const REVIEW_NODES = 1500;

/** The latest reviews' answers kept (the Review and "See why you lost" open a game reviewed
 * in the background at once). */
const KEPT = 5;
const answers = new Map(); // game key -> the review's answer, oldest first

/** The key of the game (start, actions) among the answers kept. */
export const gameKey = (start, actions) => `${start}~${actions.join(",")}`;

/** engine.run of the review of the game (start, actions) at REVIEW_NODES; `options` are run()'s
 * ({signal, onStep, background, sliceMs}). The answer is kept (KEPT of them). */
export async function runReview(engine, start, actions, options = {}) {
  const answer = await engine.run("review", { start, actions, nodes: REVIEW_NODES }, options);
  const key = gameKey(start, actions);
  answers.delete(key);
  answers.set(key, answer);
  if (answers.size > KEPT) answers.delete(answers.keys().next().value);
  return answer;
}

/** The answer of the review of the game (start, actions) if this page finished one lately, else null. */
export function reviewed(start, actions) {
  return answers.get(gameKey(start, actions)) ?? null;
}
