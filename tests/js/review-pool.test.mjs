// The review in several engines: web/engine/pool.js (its size by the machine's cores, the runs
// waiting for a free engine, the foreground ones first, a stop while waiting, the page's engine
// taking a run while it is idle, and all of them when the pool has no worker or its worker
// cannot start) with fake engines, and web/analysis/review-pieces.js (a review split into
// pieces and put together) with a fake review job.
import { test } from "node:test";
import assert from "node:assert/strict";

import { EnginePool, MAIN_SLICE_MS, POOL_MAX, poolSize } from "../../web/engine/pool.js";
import { looksOfTurn, progressOf, reviewInPieces } from "../../web/analysis/review-pieces.js";

/** A fake EngineClient whose runs end when told: `engine.ends[i](value)`; `engine.busy()` and
 * `engine.done()` start and end a search of the page there (EngineClient.idle, whenIdle). */
function fakeEngine(name) {
  const engine = { name, runs: [], ends: [], terminated: false, idle: true, waiters: [] };
  engine.run = (kind, params, options) =>
    new Promise((resolve, reject) => {
      engine.runs.push({ kind, params, options });
      engine.ends.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
    });
  engine.whenIdle = () => (engine.idle ? Promise.resolve() : new Promise((go) => engine.waiters.push(go)));
  engine.busy = () => (engine.idle = false);
  engine.done = () => {
    engine.idle = true;
    for (const go of engine.waiters.splice(0)) go();
  };
  engine.terminate = () => (engine.terminated = true);
  return engine;
}

const tick = () => new Promise((go) => setTimeout(go, 0));
const names = (engine) => engine.runs.map((r) => r.params.n);

test("the pool has a worker a core but the page engine's, at most POOL_MAX; its runs go on in them and the page's engine", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 8, 64].map(poolSize), [0, 1, 2, 3, 4, POOL_MAX, POOL_MAX]);
  assert.equal(POOL_MAX, 4);
  for (const strange of [undefined, 0, -2, 2.5, "8", NaN]) assert.equal(poolSize(strange), 0);
  assert.deepEqual([0, 1, 3].map((size) => new EnginePool(fakeEngine("main"), size, fakeEngine).engines), [1, 2, 4]);
});

test("runs take the pool's workers as they start them, then the page's engine, then wait, the foreground ones first", async () => {
  const main = fakeEngine("main");
  const started = [];
  const pool = new EnginePool(main, 2, () => {
    const engine = fakeEngine(`pool${started.length}`);
    started.push(engine);
    return engine;
  });
  assert.equal(pool.started, 0); // started on first need
  const runs = ["a", "b", "c", "d"].map((n) => pool.run("review", { n }, { background: true, sliceMs: 100 }));
  const e = pool.run("review", { n: "e" }, { sliceMs: 100 });
  await tick();
  assert.equal(pool.started, 2);
  assert.deepEqual(started.map(names), [["a"], ["b"]]);
  assert.equal(started[0].runs[0].options.background, false); // its own worker: nothing to yield to
  assert.deepEqual(names(main), ["c"]);
  assert.deepEqual(main.runs[0].options, { background: true, sliceMs: MAIN_SLICE_MS }); // it yields to the game's searches
  started[0].ends[0]("A");
  assert.equal(await runs[0], "A");
  await tick();
  assert.deepEqual(names(started[0]), ["a", "e"]); // e, not in the background, before d
  main.ends[0]("C");
  await tick();
  assert.deepEqual(names(main), ["c", "d"]);
  started[1].ends[0]("B");
  started[0].ends[1]("E");
  main.ends[1]("D");
  assert.deepEqual(await Promise.all([...runs, e]), ["A", "B", "C", "D", "E"]);
});

test("the page's engine takes a run of the pool only while no search of the page runs there, one at a time", async () => {
  const main = fakeEngine("main");
  const worker = fakeEngine("pool");
  const pool = new EnginePool(main, 1, () => worker);
  main.busy(); // the computer thinks
  const a = pool.run("review", { n: "a" }, { background: true });
  const b = pool.run("review", { n: "b" }, { background: true });
  const c = pool.run("review", { n: "c" }, { background: true });
  await tick();
  assert.deepEqual([names(worker), names(main)], [["a"], []]);
  main.done(); // its turn is over: b goes there, c waits (one run of the pool at a time)
  await tick();
  assert.deepEqual([names(worker), names(main)], [["a"], ["b"]]);
  main.busy();
  main.ends[0]("B"); // b is done there while the page searches again: c waits for the worker
  assert.equal(await b, "B");
  await tick();
  assert.deepEqual(names(main), ["b"]);
  worker.ends[0]("A");
  await tick();
  assert.deepEqual([names(worker), names(main)], [["a", "c"], ["b"]]);
  worker.ends[1]("C");
  assert.deepEqual(await Promise.all([a, c]), ["A", "C"]);
});

test("a run stopped while it waits leaves the queue", async () => {
  const main = fakeEngine("main");
  main.busy();
  const pool = new EnginePool(main, 1, () => fakeEngine("pool"));
  const first = pool.run("review", { n: 1 }, {});
  const stop = new AbortController();
  const waiting = pool.run("review", { n: 2 }, { signal: stop.signal });
  const third = pool.run("review", { n: 3 }, {});
  await tick();
  stop.abort();
  await assert.rejects(waiting, { name: "AbortError" });
  await assert.rejects(pool.run("review", {}, { signal: stop.signal }), { name: "AbortError" });
  main.done();
  await tick();
  assert.deepEqual(names(main), [3]); // the next one waiting, not the one stopped
  void first;
  void third;
});

test("with no worker of its own, or one that cannot start, the pool's runs are the page engine's", async () => {
  const main = fakeEngine("main");
  const none = new EnginePool(main, 0, () => assert.fail("no worker on one core"));
  const run = none.run("review", { n: 1 }, { background: true, sliceMs: 20 });
  await tick();
  assert.deepEqual(main.runs[0].options, { background: true, sliceMs: 20 }); // as asked: it yields there
  main.ends[0]("one");
  assert.equal(await run, "one");

  const broken = fakeEngine("broken");
  const pool = new EnginePool(main, 2, () => broken);
  const tried = pool.run("review", { n: 2 }, {});
  await tick();
  broken.ends[0](Object.assign(new Error("no"), { kind: "EngineUnavailable" }));
  await tick();
  assert.equal(pool.size, 0);
  assert.equal(pool.engines, 1);
  assert.deepEqual(main.runs[1].params, { n: 2 });
  main.ends[1]("two");
  assert.equal(await tried, "two");
});

// A fake review job: pieces answer with looks named after them; the last review gets them all.
const LOOKS = { "main 0": 1, "main 1": 2, "alt 0": 3, "main 2": 4, "alt 1": 5, "hint 1": 6, "main 3": 7 };

test("a review in pieces: the parts' first passes, the candidates' deeper looks and the proofs, then the whole from their looks", async () => {
  const asked = [];
  const runPiece = async (params, onStep) => {
    asked.push(params);
    const piece = params.piece;
    if (!piece) {
      const last = { done: true, evaluated: 4, total: 4, turns: ["whole"], looks: params.looks };
      onStep?.({ done: false, evaluated: 3, total: 4 });
      onStep?.(last); // as engine/client.js run(): every step, the last one too
      return last;
    }
    if (piece.kind === "first") {
      const mine = piece.part === 0 ? { "main 0": 1, "main 1": 2, "alt 0": 3 } : { "main 1": 2, "main 2": 4, "alt 1": 5, "hint 1": 6, "main 3": 7 };
      onStep?.({ done: false, evaluated: 1, total: piece.part === 0 ? 2 : 3 });
      onStep?.({ done: true, evaluated: piece.part === 0 ? 2 : 3, total: piece.part === 0 ? 2 : 3 });
      return { done: true, looks: mine, candidates: piece.part === 0 ? [] : [1] };
    }
    if (piece.kind === "deeper") return { done: true, looks: { ...params.looks, "deep-played 1": 8 }, candidates: [1] };
    return { done: true, looks: { "proof 3": 9, "proof 2": 10 }, candidates: [] };
  };
  const steps = [];
  const params = { start: "S", actions: ["a", "b", "c"], nodes: 1500 };
  const answer = await reviewInPieces(runPiece, params, 2, { onStep: (s) => steps.push(s) });
  assert.deepEqual(asked.map((p) => p.piece ?? "whole"), [
    { kind: "first", part: 0, parts: 2 }, { kind: "first", part: 1, parts: 2 }, { kind: "proofs" }, { kind: "deeper", turn: 1 }, "whole",
  ]);
  // turn 1's, and the position after it: its search and its proof (the proofs come before the deeper looks)
  assert.deepEqual(asked[3].looks, { "main 1": 2, "main 2": 4, "alt 1": 5, "hint 1": 6, "proof 2": 10 });
  assert.deepEqual(answer.looks, { ...LOOKS, "deep-played 1": 8, "proof 3": 9, "proof 2": 10 });
  assert.ok(asked.every((p) => p.start === "S" && p.nodes === 1500));
  // progress over the game's 4 positions once every part has said where it is, the last
  // position counted once the whole is done
  assert.deepEqual(steps.map((s) => [s.evaluated, s.total, s.done]), [[3, 4, false], [3, 4, false], [3, 4, false], [4, 4, true]]);
});

test("a piece that fails fails the review", async () => {
  const runPiece = async (params) => {
    if (params.piece?.kind === "first" && params.piece.part === 1) throw Object.assign(new Error("bad"), { kind: "BadParams" });
    return { done: true, looks: {}, candidates: [] };
  };
  await assert.rejects(reviewInPieces(runPiece, {}, 3), { kind: "BadParams" });
});

test("a turn's looks and the progress of the parts", () => {
  assert.deepEqual(looksOfTurn(LOOKS, 0), { "main 0": 1, "main 1": 2, "alt 0": 3 });
  assert.deepEqual(looksOfTurn({ "main 10": 1, "main 1": 2, "deep-best 11": 3, "main 11": 4, "hint 10": 5, "proof 11": 6, "proof 12": 7, "proof 10": 8 }, 10),
    { "main 10": 1, "main 11": 4, "hint 10": 5, "proof 11": 6, "proof 10": 8 });
  assert.deepEqual(progressOf([{ evaluated: 2, total: 2 }, { evaluated: 3, total: 3 }]), { done: false, evaluated: 3, total: 4 });
  assert.deepEqual(progressOf([{ evaluated: 0, total: 5 }, { evaluated: 1, total: 4 }]), { done: false, evaluated: 1, total: 8 });
});
