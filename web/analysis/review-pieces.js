// A game's review run in pieces on several engines and put together (pure: the engines are a
// function given). The review (tzaar/ai/review.py) splits into pieces whose searches do not
// depend on one another (review_start's `piece`, docs/facade.md): the first pass over each
// part of the turns and the solver's proofs from the end, then for each turn the first pass
// leaves to the deeper look that look (given the proofs of the positions before and after the
// turn, which may settle it without a search); given every piece's looks, the review searches
// nothing more and answers as the review run whole, which is what this gives.
//
//   const answer = await reviewInPieces(runPiece, params, parts, { onStep });
//
// `runPiece(params, onStep)` runs a review job (engine/client.js EnginePool.run) and resolves
// to its last step; `params` are review_start's ({start, actions, nodes}); `parts` how many
// parts the first pass is split into (the workers of the pool). The pieces of one stage run
// at once; a piece that fails fails the review (its other pieces run to their end, unread).

/** The looks of `looks` ({"KIND INDEX": look}) a deeper look at turn `turn` needs: the turn's
 * own, and the search and the proof of the position after it. */
export function looksOfTurn(looks, turn) {
  const out = {};
  for (const [key, look] of Object.entries(looks)) {
    const index = Number(key.slice(key.indexOf(" ") + 1));
    if (index === turn || key === `main ${turn + 1}` || key === `proof ${turn + 1}`) out[key] = look;
  }
  return out;
}

/** The progress of a review in pieces: the positions the parts' first passes evaluated, of
 * the game's positions (a part counts the position it shares with the next one too), the
 * last counted once the review is done. */
export function progressOf(steps) {
  const known = steps.filter(Boolean);
  const total = known.reduce((n, s) => n + s.total, 0) - Math.max(0, known.length - 1);
  const evaluated = known.reduce((n, s) => n + s.evaluated, 0);
  return { done: false, evaluated: Math.max(0, Math.min(evaluated, total - 1)), total };
}

/** `promise`, whose rejection counts as handled: a piece's failure is read where it is awaited,
 * or not at all once another piece failed first. */
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

/** The review of the game of `params` in pieces (see the top of this file). */
export async function reviewInPieces(runPiece, params, parts, { onStep = null } = {}) {
  const steps = new Array(parts).fill(null);
  const firsts = Array.from({ length: parts }, (_, part) =>
    quiet(
      runPiece({ ...params, piece: { kind: "first", part, parts } }, (step) => {
        steps[part] = step;
        if (steps.every(Boolean)) onStep?.(progressOf(steps));
      }),
    ),
  );
  const proofs = quiet(runPiece({ ...params, piece: { kind: "proofs" } }, null));
  const looks = {};
  let candidates = [];
  for (const first of [...(await Promise.all(firsts)), await proofs]) {
    Object.assign(looks, first.looks);
    candidates = candidates.concat(first.candidates);
  }
  // (the proofs first: a candidate they settle needs no deeper search)
  const deeper = candidates.map((turn) => quiet(runPiece({ ...params, piece: { kind: "deeper", turn }, looks: looksOfTurn(looks, turn) }, null)));
  for (const piece of await Promise.all(deeper)) Object.assign(looks, piece.looks);
  return runPiece({ ...params, looks }, onStep);
}
