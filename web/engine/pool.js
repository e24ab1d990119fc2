// The pool of engines (engine/client.js `engine.pool`): more engines, each its own worker, for
// the work that can run beside the game's searches on other cores (the reviews of games,
// analysis/review-job.js), and the page's own engine between the game's searches.
//
//   const pool = new EnginePool(engine, poolSize(navigator.hardwareConcurrency), () => new EngineClient(url));
//   await pool.run("review", {start, actions}, {signal, onStep, background});   // EngineClient.run's
//   pool.engines;   // how many engines run its runs at once (a review is split in as many parts)
//
// Its workers: as many as the machine has cores but one for the page's engine
// (navigator.hardwareConcurrency - 1), at most POOL_MAX, started one by one as the runs need
// them. `pool.run(...)` is `run(...)` on an engine of the pool that has no run of the pool going
// on (else the run waits for one, the runs not in the background first): a worker of its own,
// the one started first, or a new one while the pool has room; else the page's engine, when no
// search of the page runs there (no foreground run: EngineClient.idle). There the pool's run is
// a background run in short slices (MAIN_SLICE_MS): it asks for its next slice only while no
// other run goes on, so a game's search that starts meanwhile waits for the slice under way at
// most, and the run goes on once the search is over. The page's engine takes one run of the
// pool at a time, and takes the next only once it is idle.
//
// On a machine of one core the pool has no worker of its own and its runs are the page's
// engine's, as asked (a background run yields there as above). A pool whose worker cannot
// start leaves its runs to the page's engine too.

/** The most workers of the pool. */
export const POOL_MAX = 4;

/** Milliseconds of a slice of the pool's run in the page's engine: the longest a game's search
 * that starts meanwhile waits for it. */
export const MAIN_SLICE_MS = 20;

/** Workers of the pool on a machine of `cores` cores (navigator.hardwareConcurrency; anything
 * else counts as one): one core is the page engine's, and at most POOL_MAX. */
export function poolSize(cores) {
  const n = Number.isInteger(cores) && cores > 0 ? cores : 1;
  return Math.min(POOL_MAX, n - 1);
}

function abortError() {
  return new DOMException("The job was stopped.", "AbortError");
}

/** Engines beside the page's (see the top of this file). `main`: the page's EngineClient;
 * `size`: the most workers; `start()`: a new EngineClient with its own worker. */
export class EnginePool {
  #main;
  #size;
  #startClient;
  #clients = []; // the pool's EngineClients started so far
  #busy = new Set(); // the engines with a run of the pool going on (the page's engine among them)
  #waiting = []; // [{background, go}] runs waiting for a free engine, in order
  #broken = false; // a worker of the pool could not start: the runs go to the page's engine
  #awaitingMain = false; // a dispatch waits for the page's engine to be idle

  constructor(main, size, start) {
    this.#main = main;
    this.#size = size;
    this.#startClient = start;
  }

  /** The workers the pool may have (0: its runs go to the page's engine). */
  get size() {
    return this.#broken ? 0 : this.#size;
  }

  /** How many engines run the pool's runs at once: its workers and the page's engine (1: the
   * page's engine alone). */
  get engines() {
    return this.size + 1;
  }

  /** The pool's workers started so far. */
  get started() {
    return this.#clients.length;
  }

  /** EngineClient.run on a free engine of the pool, once one is free (see the top of this file). */
  async run(kind, params = {}, options = {}) {
    if (this.size === 0) return this.#main.run(kind, params, options);
    const engine = await this.#take(options);
    if (!engine) return this.#main.run(kind, params, options);
    if (engine === this.#main) {
      try {
        return await engine.run(kind, params, { ...options, background: true, sliceMs: MAIN_SLICE_MS });
      } finally {
        this.#give(engine);
      }
    }
    try {
      return await engine.run(kind, params, { ...options, background: false });
    } catch (error) {
      if (error?.kind !== "EngineUnavailable") throw error;
      this.#broken = true; // this worker could not start: the page's engine does the pool's work
      return this.#main.run(kind, params, options);
    } finally {
      this.#give(engine);
    }
  }

  /** A free engine, after the runs waiting before it; null once broken. */
  #take({ signal = null, background = false }) {
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const entry = { background, go: null };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(entry), 1);
        reject(abortError());
      };
      entry.go = (engine) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(engine);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      // the runs not in the background before those that are, each kind in its order
      const at = background ? this.#waiting.length : this.#waiting.findIndex((w) => w.background);
      this.#waiting.splice(at < 0 ? this.#waiting.length : at, 0, entry);
      this.#dispatch();
    });
  }

  /** Gives the runs waiting the engines free: the pool's workers (started while it has room),
   * then the page's engine if it is idle (else once it is). */
  #dispatch() {
    while (this.#waiting.length > 0) {
      if (this.#broken) {
        this.#waiting.shift().go(null);
        continue;
      }
      const engine = this.#free();
      if (!engine) break;
      this.#busy.add(engine);
      this.#waiting.shift().go(engine);
    }
    if (this.#waiting.length > 0 && !this.#busy.has(this.#main) && !this.#awaitingMain) {
      this.#awaitingMain = true;
      this.#main.whenIdle().then(() => {
        this.#awaitingMain = false;
        this.#dispatch();
      });
    }
  }

  #free() {
    const free = this.#clients.find((c) => !this.#busy.has(c));
    if (free) return free;
    if (this.#clients.length < this.#size) return this.#start();
    if (!this.#busy.has(this.#main) && this.#main.idle) return this.#main;
    return null;
  }

  #give(engine) {
    this.#busy.delete(engine);
    this.#dispatch();
  }

  #start() {
    const client = this.#startClient();
    this.#clients.push(client);
    return client;
  }

  /** Stops the pool's workers; their runs reject with kind "Terminated". */
  terminate() {
    this.#broken = true;
    for (const client of this.#clients) client.terminate();
    for (const entry of this.#waiting.splice(0)) entry.go(null);
  }
}
