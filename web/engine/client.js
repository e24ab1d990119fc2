// The one module that talks to the engine worker (web/engine/worker.js).
//
//   const engine = new EngineClient();
//   engine.onProgress(({stage, fraction, text}) => ...);   // returns an unbind function
//   await engine.ready;                                      // rejects if Python cannot start
//   const view = await engine.call("view", {position});     // rejects with an EngineError
//   const last = await engine.run("ai", {position, level}, {signal, onStep});   // a job, below
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
// answers their steps in turn).

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

  constructor(workerUrl = new URL("./worker.js", import.meta.url)) {
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
  run(kind, params = {}, { signal = null, onStep = null, sliceMs = SLICE_MS } = {}) {
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
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
  }

  /** Stops the worker; calls still waiting reject with kind "Terminated". */
  terminate() {
    this.#worker.terminate();
    this.#fail("Terminated", "The game engine was stopped.");
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
