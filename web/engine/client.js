// The one module that talks to the engine workers (web/engine/worker.js): the page's engine,
// and the pool of engines that review games beside it.
//
//   const engine = new EngineClient();
//   engine.onProgress(({stage, fraction, text}) => ...);   // returns an unbind function
//   await engine.ready;                                      // rejects if Python cannot start
//   const view = await engine.call("view", {position});     // rejects with an EngineError
//   const last = await engine.run("ai", {position, level}, {signal, onStep});   // a job, below
//   await engine.pool.run("review", {start, actions}, {signal, onStep});        // in the pool, below
//
// Calls made before the engine is ready wait for it; they are never refused for that.
//
// A job (tzaar/facade/jobs.py) is work the worker does in slices: `run(kind, params, {signal,
// onStep, sliceMs})` calls `${kind}_start` with params, then `${kind}_step {job, slice_ms}`
// until a step is done, and resolves to that last step; `onStep(step)` sees every step, the
// last one included, before the next is asked for. Aborting `signal` stops the job in the
// worker at once (`${kind}_stop`, answered after the slice under way) and rejects the run
// with an AbortError (isAbort(error)), which callers ignore. Several runs may go on at once,
// of one kind or of several: each is its own job, and none stops another (the worker
// answers their steps in turn). A run with `background: true` (the review of a finished game,
// web/learn/background.js) yields to every other: it asks for its next step only while no
// other run goes on, so the game's searches get the worker's every slice as if it were not
// there (at most one slice of it, `sliceMs`, is under way when one of them starts).
//
// The pool (`engine.pool`, an EnginePool: engine/pool.js) is more engines, each its own worker,
// for the work that can run beside the game's searches on other cores (the reviews of games,
// analysis/review-job.js), and this engine between the game's searches: a run of the pool
// here is a background run, so it yields to the game's searches as above.
//
//   engine.idle;          // whether no run but background ones goes on here
//   await engine.whenIdle();   // once it is

import { EnginePool, poolSize } from "./pool.js";

/** An answer of the engine that is an error; `kind` names its class (docs/facade.md). */
export class EngineError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "EngineError";
    this.kind = kind;
  }
}

/** Milliseconds of work per step of a job: short enough to answer anything else at once. */
export const SLICE_MS = 40;

/** Whether `error` is the rejection of an aborted run (or any AbortError). */
export function isAbort(error) {
  return error?.name === "AbortError";
}

function abortError() {
  return new DOMException("The job was stopped.", "AbortError");
}

export class EngineClient {
  #worker;
  #nextId = 1;
  #pending = new Map(); // id -> {resolve, reject}
  #listeners = new Set();
  #lastProgress = null;
  #ready;
  #settleReady;
  #failure = null; // the EngineError every call gets after a fatal start
  #foreground = 0; // runs going on that are not background ones
  #idle = []; // the resolvers of background runs waiting for #foreground to be 0
  #workerUrl;
  #pool = null; // the EnginePool, made when first asked for

  constructor(workerUrl = new URL("./worker.js", import.meta.url)) {
    this.#workerUrl = workerUrl;
    this.#ready = new Promise((resolve, reject) => {
      this.#settleReady = { resolve, reject };
    });
    this.#ready.catch(() => {}); // a page that never awaits `ready` gets no unhandled rejection
    this.#worker = new Worker(workerUrl, { type: "module" });
    this.#worker.onmessage = (event) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail("EngineUnavailable", `The game engine could not start: ${event.message || "the worker failed to load"}`);
    };
  }

  /** Calls `callback({stage, fraction, text})` on each loading step (at once with the
   * latest one, if any). Returns the function that unbinds it. */
  onProgress(callback) {
    this.#listeners.add(callback);
    if (this.#lastProgress) callback(this.#lastProgress);
    return () => this.#listeners.delete(callback);
  }

  /** A promise resolved when Python is ready, rejected (EngineError) if it cannot start. */
  get ready() {
    return this.#ready;
  }

  /** Calls a method of tzaar.facade; a promise of its result. */
  call(method, params = {}) {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, method, params });
    });
  }

  /** Runs a job of kind `kind` to its end (see the top of this file): a promise of its last
   * step, rejected with an AbortError once `signal` aborts, or with an EngineError. */
  run(kind, params = {}, { signal = null, onStep = null, sliceMs = SLICE_MS, background = false } = {}) {
    if (signal?.aborted) return Promise.reject(abortError());
    if (!background) this.#foreground += 1;
    const ran = new Promise((resolve, reject) => {
      let job = null; // the job's id while it runs in the worker
      let settled = false;
      const stop = () => {
        if (job !== null) this.call(`${kind}_stop`, { job }).catch(() => {});
        job = null;
      };
      const settle = (done, value) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        done(value);
      };
      const onAbort = () => {
        stop();
        settle(reject, abortError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const steps = async () => {
        const started = await this.call(`${kind}_start`, params);
        job = started.job;
        if (settled) return stop(); // aborted while it started
        for (;;) {
          if (background) await this.whenIdle();
          if (settled) return; // aborted while it waited: stopped already
          const step = await this.call(`${kind}_step`, { job, slice_ms: sliceMs });
          if (settled) return; // aborted meanwhile: stopped already
          if (step.done) job = null; // finished: nothing to stop
          onStep?.(step);
          if (settled) return; // onStep aborted it
          if (step.done) return settle(resolve, step);
        }
      };
      steps().catch((error) => {
        stop();
        settle(reject, error);
      });
    });
    if (background) return ran;
    const ended = () => {
      this.#foreground -= 1;
      if (this.#foreground === 0) for (const go of this.#idle.splice(0)) go();
    };
    ran.then(ended, ended);
    return ran;
  }

  /** Whether no run but background ones goes on (no search of the page's). */
  get idle() {
    return this.#foreground === 0;
  }

  /** Resolves once no run but background ones goes on (at once when none does). */
  whenIdle() {
    if (this.#foreground === 0) return Promise.resolve();
    return new Promise((go) => this.#idle.push(go));
  }

  /** The pool of engines beside this one (engine/pool.js; made on first use, its workers start
   * as its runs need them). */
  get pool() {
    this.#pool ??= new EnginePool(this, poolSize(globalThis.navigator?.hardwareConcurrency), () => new EngineClient(this.#workerUrl));
    return this.#pool;
  }

  /** Stops the worker and the pool's; calls still waiting reject with kind "Terminated". */
  terminate() {
    this.#worker.terminate();
    this.#fail("Terminated", "The game engine was stopped.");
    this.#pool?.terminate();
  }

  #receive(message) {
    if (message.id !== undefined) {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (message.error) call.reject(new EngineError(message.error.kind, message.error.message));
      else call.resolve(message.result);
    } else if (message.progress) {
      this.#lastProgress = message.progress;
      for (const listener of [...this.#listeners]) listener(message.progress);
    } else if (message.ready) {
      this.#settleReady.resolve();
    } else if (message.fatal) {
      this.#fail("EngineUnavailable", message.fatal.message);
    }
  }

  #fail(kind, message) {
    if (this.#failure) return;
    this.#failure = new EngineError(kind, message);
    this.#settleReady.reject(this.#failure);
    for (const call of this.#pending.values()) call.reject(this.#failure);
    this.#pending.clear();
  }
}
