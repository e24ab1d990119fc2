// The open game's events as the relays send them (turns.js takes the copies): what is checked at
// once (an event of the game's tag, of one of its players: turns-read.js mayBeCopyOf), a
// bounded share of each relay waiting to be read, and each event read once: its id counts as
// seen only once the event has passed readCopyEvent's checks (which recompute the id), so a
// relay's forged twin of a real copy, sent first, hides nothing. docs/online.md, "Checks".
//
//   const heard = new HeardCopies();
//   if (heard.admit(event, relay, record, tag)) read = await heard.read(event, relay, keys, stale);
//   heard.clear();   // (another game opened)

import { readCopyEvent, COPY_KIND } from "./turns-events.js";
import { mayBeCopyOf, READ_LIMIT } from "./turns-read.js";
import { MAX_COPY } from "./turns-copy.js";
import { isEventOf } from "./relay-crypto.js";

/** The most events of one relay waiting to be read at once, and the most ids of events read
 * remembered (an open game's copies: two players' latest, each again from every relay). */
export const MAX_PENDING = READ_LIMIT * 4;
export const MAX_SEEN = 1000;

export class HeardCopies {
  #seen = new Set(); // ids of the events read (checked: readCopyEvent), taken or refused
  #pending = new Map(); // relay -> its events admitted and not yet read

  /** Whether `event` from `relay` is to be read for `record`'s game (its tag `tag`): of the
   * game's shape and tag, by one of its players, not read before, and its relay's share of
   * events waiting not full (it then counts as waiting until read()). */
  admit(event, relay, record, tag) {
    if (!record || !isEventOf(event, { kind: COPY_KIND, name: "d", value: tag, tags: 2, max: 2 * MAX_COPY })) return false;
    if (this.#seen.has(event.id) || !mayBeCopyOf(record, event)) return false;
    const waiting = this.#pending.get(relay) ?? 0;
    if (waiting >= MAX_PENDING) return false;
    this.#pending.set(relay, waiting + 1);
    return true;
  }

  /** An event admitted, read with the game's `keys`: {author, at, copy}, or null (it does not
   * read, it was read already, or `stale()` says the game changed meanwhile). */
  async read(event, relay, keys, stale = () => false) {
    try {
      if (stale()) return null;
      const read = await readCopyEvent(event, keys);
      if (!read || this.#seen.has(event.id) || stale()) return null;
      if (this.#seen.size >= MAX_SEEN) this.#seen.delete(this.#seen.values().next().value);
      this.#seen.add(event.id);
      return read;
    } finally {
      this.#pending.set(relay, (this.#pending.get(relay) ?? 1) - 1);
    }
  }

  /** Another game opened: no id seen. */
  clear() {
    this.#seen.clear();
  }
}
