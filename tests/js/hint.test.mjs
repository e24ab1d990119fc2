// The Hint on the analysis board (web/game/computer.js suggest): the analysis's best turn, the
// one the board shows, once the analysis has searched at least the Hint's own nodes
// (HINT_NODES), never its first shallow turn.
import { test } from "node:test";
import assert from "node:assert/strict";

import { analyse, suggest, HINT_NODES } from "../../web/game/computer.js";

const POSITION = "a position";

/** An engine whose analysis shows `infos` one by one (a step each `ms`), then runs until stopped. */
function engineShowing(infos, ms = 20) {
  return {
    async run(kind, params, { signal, onStep }) {
      assert.equal(kind, "ai");
      for (const info of infos) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        if (signal.aborted) throw new DOMException("stopped", "AbortError");
        onStep({ info });
      }
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      throw new DOMException("stopped", "AbortError");
    },
  };
}

test("the Hint waits for the analysis to search the Hint's nodes, and gives the turn the board then shows", async () => {
  const shallow = { depth: 1, nodes: 40, best: ["A1xA2"], score: 0 };
  const deeper = { depth: 4, nodes: HINT_NODES + 500, best: ["B1xB2", "pass"], score: 10 };
  const engine = engineShowing([shallow, { ...shallow, depth: 2, nodes: 900 }, deeper]);
  const stop = new AbortController();
  const running = analyse(engine, POSITION, { signal: stop.signal }).catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 30)); // the analysis has shown its first turn
  const seen = [];
  assert.deepEqual(await suggest(POSITION, engine, { onInfo: (info) => seen.push(info) }), deeper.best);
  assert.deepEqual(seen, [deeper]);
  stop.abort();
  await running;
});

test("an analysis that ends before the Hint's nodes gives its last turn", async () => {
  const only = { depth: 3, nodes: 2000, best: ["C1xC2"], score: 0 };
  const engine = {
    async run(kind, params, { onStep }) {
      onStep({ info: only });
      return { actions: only.best, info: only };
    },
  };
  const stop = new AbortController();
  const running = analyse(engine, POSITION, { signal: stop.signal });
  assert.deepEqual(await suggest(POSITION, engine), only.best);
  await running;
  stop.abort();
});
