// The one module that talks to the engine worker (web/engine-worker.js).
//
//   const engine = new EngineClient();
//   engine.onProgress(({stage, fraction, text}) => ...);   // returns an unbind function
//   await engine.ready;                                      // rejects if Python cannot start
//   const view = await engine.call("view", {position});     // rejects with an EngineError
//
// Calls made before the engine is ready wait for it; they are never refused for that.

/** An answer of the engine that is an error; `kind` names its class (CONTRACTS.md). */
export class EngineError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "EngineError";
    this.kind = kind;
  }
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

  constructor(workerUrl = new URL("./engine-worker.js", import.meta.url)) {
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
