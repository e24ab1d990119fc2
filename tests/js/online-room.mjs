// Two players' pages over a room in memory, for the tests of online play that run the real
// Session, Connection and Handshake of each page (the messages, the seats' proofs, the sealed
// channel): the room, a board that only keeps what it is given (or one that plays them:
// rulesGame), the pages' records.
import assert from "node:assert/strict";

import { Session } from "../../web/online/session.js";
import { makeSeat } from "../../web/online/seat.js";

export const ROOM = "r".repeat(16);
export const SECRET = "s".repeat(24);
export const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
export const GAME = { start: STANDARD, white: "host", clock: null, names: { host: "Ann", guest: "Bob" }, round: 1 };

export function fakeGame() {
  const listeners = new Set();
  return {
    state: { setup: "online", actions: [], busy: false, engine: "ready", view: null, cursor: 0 },
    announced: [],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(start, actions, { state }) {
      Object.assign(this.state, state, { start, actions: actions.slice() });
      return null;
    },
    announce(text) {
      this.announced.push(text);
    },
    preview(state) {
      this.state = state;
    },
    holdSave() {},
    endGame() {},
  };
}

const LEGAL = { captures: { C5: ["C4"], B3: ["C4"], E5: ["E4"], F5: ["F4"] }, stacks: { D4: ["E5"], G4: ["G5"] }, pass: true };

/** A game as game/state.js holds it, `actions` played (and `extra` fields): White's first turn
 * has one action, every other turn two; any action of a small table is legal. */
export function stateOf(actions, extra = {}) {
  const turns = [];
  actions.forEach((a, n) => {
    if (n === 0 || n % 2 === 1) turns.push({ number: turns.length + 1, side: turns.length % 2 ? "black" : "white", actions: [] });
    turns.at(-1).actions.push(a);
  });
  const count = actions.length;
  const side = count === 0 ? "white" : Math.floor((count - 1) / 2) % 2 === 0 ? "black" : "white";
  return { setup: "online", actions, turns, cursor: count, busy: false, engine: "ready", view: { side, winner: null, legal: LEGAL }, ...extra };
}

/** A board that plays what it is given (game.js's methods the session uses): for the tests
 * whose pages play actions to each other; `ended` the ends it was given. Of the rules it knows
 * one: a side with no Tzaar in the start has lost (its view's winner: the other side). */
export function rulesGame() {
  const listeners = new Set();
  const game = {
    state: stateOf([]),
    announced: [],
    ended: [],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(start, actions, { state }) {
      const loaded = stateOf(actions.slice());
      const winner = !/z/.test(start.split(" ")[0]) ? "white" : !/Z/.test(start.split(" ")[0]) ? "black" : null;
      game.state = { ...loaded, view: { ...loaded.view, winner }, ...state, start, setup: "online" };
      for (const listener of listeners) listener(game.state);
      return null;
    },
    preview(state) {
      game.state = state;
      for (const listener of listeners) listener(game.state);
    },
    holdSave() {},
    async goto() {},
    async play(action) {
      game.state = { ...game.state, ...stateOf([...game.state.actions, action]) };
      for (const listener of listeners) listener(game.state);
    },
    announce(text) {
      game.announced.push(text);
    },
    endGame(end) {
      game.ended.push(end);
    },
  };
  return game;
}

/**
 * A room in memory. Each page opens it through its own door (a label); `linked(a, b)` says
 * whether the pages of labels a and b connect (the race: which connections open first).
 * Every text arrives in order, a moment after it was sent, at the page it was sent to.
 */
export class Network {
  #ends = [];
  #count = 0;
  #linked;

  constructor(linked = () => true) {
    this.#linked = linked;
  }

  /** The `openRoom` of the page labelled `label` (connection.js's option). */
  door(label) {
    return async (options) => this.#join(label, options);
  }

  #join(label, o) {
    this.#count += 1;
    const end = { label, id: `${label}${this.#count}`, o, left: false };
    const others = this.#ends.filter((other) => !other.left && this.#linked(label, other.label));
    this.#ends.push(end);
    for (const other of others) {
      setImmediate(() => !other.left && !end.left && other.o.onPeerJoin(end.id));
      setImmediate(() => !other.left && !end.left && end.o.onPeerJoin(other.id));
    }
    return {
      send: (text, peer) => {
        const to = this.#ends.find((other) => other.id === peer);
        if (to && !end.left && this.#linked(label, to.label)) setImmediate(() => !to.left && to.o.onMessage(text, end.id));
      },
      quiet() {},
      pathOf: () => "direct",
      leave: async () => {
        if (end.left) return;
        end.left = true;
        for (const other of this.#ends) if (!other.left && this.#linked(label, other.label)) setImmediate(() => other.o.onPeerLeave(end.id));
      },
    };
  }
}

/** Two players' pages with a game under way, each with its seat and the other's key; `extra`:
 * {host, guest}, fields of each record to set. */
export async function players(extra = {}) {
  const [ann, bob] = await Promise.all([makeSeat(), makeSeat()]);
  const record = (role, seat, them, name) => ({ v: 2, room: ROOM, secret: SECRET, role, name, ...seat, them: them.me, friend: true, game: { ...GAME }, actions: [], end: null, alive: null });
  return { host: { ...record("host", ann, bob, "Ann"), ...extra.host }, guest: { ...record("guest", bob, ann, "Bob"), ...extra.guest } };
}

export const storage = { set() {}, remove() {}, get: () => null };

/** A page's session over `network`, its door labelled `label`; `game` its board (one that
 * only keeps what it is given by default), `openRoom` its door (the network's by default). */
export async function session(network, label, record, { game = fakeGame(), openRoom = network.door(label) } = {}) {
  const s = new Session({ game, storage, config: { relays: [], iceServers: [] }, record, openRoom });
  s.board = game; // (the test's view of the page's board)
  await s.begin();
  await s.connect();
  return s;
}

/** Until `ready()` holds (each turn lets every message in flight move on). The bound, to fail
 * instead of hanging, is on time, not turns: the keys and signatures are made on other threads,
 * which a loaded machine slows while the turns go on. */
export async function until(ready, what, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (ready()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!ready()) assert.fail(`never: ${what}`);
}
