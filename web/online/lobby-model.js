// The lobby of strangers: who waits, and the handshake that pairs two players. Pure logic, no
// page and no network (lobby.js carries its messages over signal.js, lobby-view.js shows it;
// tests/js/lobby-model.test.mjs tests it). Its messages are lobby-messages.js's.
//
// A waiting player's wish is announced every ANNOUNCE_EVERY and lives WISH_TTL after the last
// announcement seen (a relay may lose one); a newcomer's hello is answered early (MIN_GAP). The list shown: the live wishes, one per player,
// those compatible with the time control and colour chosen first, each part oldest first.
// Nobody connects to anybody in the lobby: only the two players of an accepted proposal start
// a game (their room and secret derived from their two keys: lobby-keys.js).
//
// The handshake: a player proposes to a waiting one (join, or "play anyone": the first
// compatible wish); the waiting player accepts the first proposal that fits, in the order it
// arrives, and declines the others ("busy" while a proposal of its own is pending,
// "incompatible"; DECLINES_BURST then DECLINES_PER_SECOND, whoever proposes); a player not
// waiting answers none. The accept is seen by everyone: both wishes leave every
// list, and any other proposal to the same player has failed. Two players proposing to each
// other at once: the one with the smaller id accepts, the other waits for that accept. A
// proposal unanswered for PROPOSAL_TIMEOUT has failed, but an accept of it that still comes
// pairs the proposer (the one who accepted has started the game) unless a proposal to another
// is pending by then. So each player ends with at most one pairing, whatever the order
// messages arrive in.
//
// Untrusted input: a message is read strictly (lobby-messages.js), and each sender has a budget
// (RATE_BURST messages, then RATE_PER_SECOND); the list keeps at most MAX_WISHES. A page speaks
// for itself only: a player's id is the first 16 hex digits of the Nostr key that signs its
// messages (idOf; signal.js checks the signatures), and a message whose id is not its sender's
// is dropped; an accept takes the proposer's wish away only once the proposer's own proposal
// was seen. So nobody can withdraw, accept or decline in another's name. The colours an accept
// gives are the proposer's to check (coloursFit): the waiting player's page chooses only when
// both wished random; an accept against either wish is refused, and the proposal has failed
// as an "incompatible" decline would have (the proposer's wish announced again at once: the
// others took it off on that accept).
//
//   const lobby = new Lobby({ id, key });             // id: idOf(this page's Nostr key); key: public key text
//   send(lobby.hello(now));                            // on coming: those waiting announce early
//                                                      // (within ANSWERS_WITHIN: view().looking)
//   send(lobby.post({ name, tc, colour, games }, now));   // returns the message texts to publish
//   send(lobby.receive(text, now, sender)); send(lobby.tick(now)); // each message (sender: its Nostr key); every second or so
//   lobby.view({ tc, colour }, now)                   // what the lobby shows
//   lobby.paired                                       // once paired: the pairing (null before)

import { CLOCK_SKEW, WISH_TTL, coloursFit, coloursMeet, ownerHasWhite, readMessage, writeMessage } from "./lobby-messages.js";

export const ANNOUNCE_EVERY = 30_000;
/** A newcomer's hello makes a wish announced at once, unless it answered another hello less
 * than this ago: then this long after that answer (newcomers in a row share one answer in each
 * MIN_GAP). An announcement no hello came before (the first, and the ones every ANNOUNCE_EVERY)
 * holds no answer back: the newcomer was not there to hear it. */
export const MIN_GAP = 10_000;
/** How long after its hello a page may still be receiving the answers: the longest a waiting
 * player holds its answer (MIN_GAP), and a margin for the relays. Until then, an empty list is
 * not yet "nobody is waiting". */
export const ANSWERS_WITHIN = MIN_GAP + 2_000;
export const PROPOSAL_TIMEOUT = 10_000;
export const MAX_WISHES = 1000;
export const RATE_BURST = 10;
export const RATE_PER_SECOND = 1;
/** The declines this player publishes, whoever proposes (each one is signed and sent to every
 * relay): at most this many at once, then DECLINES_PER_SECOND; past that, a proposal it cannot
 * meet goes unanswered (it times out at its proposer's, PROPOSAL_TIMEOUT). */
export const DECLINES_BURST = 10;
export const DECLINES_PER_SECOND = 1;
/** After "busy", "play anyone" leaves that player alone for this long (and up to as long again). */
export const BUSY_PAUSE = 2_000;
const SENDERS = 4 * MAX_WISHES; // the rate budgets kept at most

/** The lobby id of the Nostr public key `pubkey` (64 hex digits): its first 16 (64 bits: no
 * other key with the same id can be found). */
export const idOf = (pubkey) => pubkey.slice(0, 16);

/** A fresh id (a proposal's): 16 hex digits from `crypto.getRandomValues`. */
export function randomId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What startOnlineGame needs of a pairing (lobby-model.js `paired`) seen by player `me`, with
 * the game's `room` and `secret`: the player who waited is the host. */
export function gameOf(pairing, me, { room, secret }) {
  const host = pairing.owner === me;
  const other = pairing.colour === "white" ? "black" : "white";
  const names = host ? { host: pairing.name, guest: pairing.opponent.name } : { host: pairing.opponent.name, guest: pairing.name };
  const clock = pairing.tc === "untimed" ? null : pairing.tc; // (a time control's id of game/clock.js)
  return { room, secret, role: host ? "host" : "guest", colour: host ? pairing.colour : other, clock, names };
}

const before = (a, b) => a.since - b.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class Lobby {
  /** `id`: this player's id (16 hex digits); `key`: their public key's text; `makeId`, `coin`:
   * the sources of fresh ids and of random booleans (replaced by tests). */
  constructor({ id, key, makeId = randomId, coin = () => crypto.getRandomValues(new Uint8Array(1))[0] < 128, random = Math.random }) {
    this.id = id;
    this.key = key;
    this.makeId = makeId;
    this.coin = coin;
    this.random = random;
    this.wishes = new Map(); // id -> {id, name, tc, colour, games, since, key, at, expires}
    this.goneAt = new Map(); // id -> the `at` of its last gone or accept: older wishes stay out
    this.proposals = new Map(); // "id to pid" of proposals between others -> {at, expires}
    this.accepts = new Map(); // "id to pid" of accepts between others, their proposal not seen yet -> {at, expires}
    this.budgets = new Map(); // sender -> {tokens, at}
    this.pauses = new Map(); // id -> until when "play anyone" leaves it alone
    this.mine = null; // this player's wish while posted: {name, tc, colour, games, since, next,
    // heard (a hello came since the last announcement), answered (the last announcement after a hello)}
    this.anyone = false; // "play anyone" is on (with the terms of `mine`)
    this.pending = null; // this player's proposal: {pid, to, name, colour (its wish), expires, wish}
    this.lapsed = null; // its last proposal that timed out (an accept may still come: it pairs)
    this.paired = null; // the pairing, once made (see #pair)
    this.notice = null; // the last thing the list should say: {what, name}
    this.seen = new Map(); // pid answered or accepted (a message may come twice, by two relays) -> until when a copy could still be read
    this.declines = { tokens: DECLINES_BURST, at: -Infinity }; // the declines' budget (DECLINES_BURST)
    this.helloAt = -Infinity; // when this player said hello: the answers may come until ANSWERS_WITHIN after
  }

  /** Post this player's wish (`name` clean, `tc`, `colour`, `games`) and wait. */
  post({ name, tc, colour, games }, now) {
    if (this.paired) return [];
    const since = this.mine?.since ?? now;
    this.mine = { name, tc, colour, games, since, next: now, heard: false, answered: -Infinity };
    this.notice = null;
    return this.tick(now);
  }

  /** "Play anyone": post the wish and propose to the first compatible wish, now and whenever one comes. */
  playAnyone(wish, now) {
    if (this.paired) return [];
    this.anyone = true;
    return this.post(wish, now);
  }

  /** The message saying this player came: those waiting announce their wishes soon. */
  hello(now) {
    this.helloAt = now;
    return [writeMessage("hello", { id: this.id, at: now })];
  }

  /** Withdraw the wish and stop "play anyone" (a pending proposal still stands). */
  withdraw(now) {
    const out = this.mine && !this.paired ? [writeMessage("gone", { id: this.id, at: now })] : [];
    this.mine = null;
    this.anyone = false;
    return out;
  }

  /** Propose a game to the waiting player `id`, on their terms (this player named `name`). */
  join(id, { name, games }, now) {
    const wish = this.wishes.get(id);
    if (!wish || this.pending || this.paired) return [];
    return this.#propose(wish, { name, games, colour: "random" }, now);
  }

  #propose(wish, { name, games, colour }, now) {
    const pid = this.makeId();
    this.pending = { pid, to: wish.id, name, colour, expires: now + PROPOSAL_TIMEOUT, wish };
    this.notice = null;
    const fields = { id: this.id, to: wish.id, pid, name, tc: wish.tc, colour, games, key: this.key, at: now };
    return [writeMessage("propose", fields)];
  }

  /** Time passes: wishes expire, a proposal times out, the wish is announced again when due,
   * "play anyone" proposes when it can. */
  tick(now) {
    const out = [];
    for (const [id, wish] of this.wishes) if (wish.expires <= now) this.wishes.delete(id);
    for (const [id, at] of this.goneAt) if (at < now - WISH_TTL - 2 * CLOCK_SKEW) this.goneAt.delete(id);
    for (const [id, until] of this.pauses) if (until <= now) this.pauses.delete(id);
    for (const seen of [this.proposals, this.accepts]) for (const [key, { expires }] of seen) if (expires <= now) seen.delete(key);
    for (const [pid, until] of this.seen) if (until < now) this.seen.delete(pid);
    if (this.pending && this.pending.expires <= now) {
      const { wish } = this.pending;
      // silent: probably gone; its next announcement brings it back
      if (this.wishes.get(wish.id)?.at <= wish.at) this.wishes.delete(wish.id);
      this.goneAt.set(wish.id, Math.max(wish.at, this.goneAt.get(wish.id) ?? wish.at));
      this.lapsed = this.pending;
      this.#failed("timeout", wish);
    }
    if (this.mine && !this.paired && now >= this.mine.next) {
      const { name, tc, colour, games, since } = this.mine;
      out.push(writeMessage("wish", { id: this.id, name, tc, colour, games, since, at: now, key: this.key }));
      this.mine.next = now + ANNOUNCE_EVERY;
      if (this.mine.heard) this.mine.answered = now;
      this.mine.heard = false;
    }
    return out.concat(this.#anyone(now));
  }

  /** A message received at `now` (its text, exactly as it came; from `sender`: the Nostr key
   * that signed it, whose id the message must give; without one (tests), the id the message
   * gives is its sender). Returns the messages to publish in answer. */
  receive(text, now, sender = null) {
    const m = readMessage(text, now);
    if (!m || m.id === this.id || (sender !== null && m.id !== idOf(sender))) return [];
    if (!this.#spend(sender ?? m.id, now)) return [];
    switch (m.t) {
      case "wish":
        return this.#wish(m, now);
      case "gone":
        this.#gone(m.id, m.at);
        return this.#anyone(now);
      case "hello":
        if (!this.mine || this.paired) return [];
        this.mine.heard = true;
        this.mine.next = Math.min(this.mine.next, Math.max(now, this.mine.answered + MIN_GAP));
        return this.tick(now);
      case "propose":
        return m.to === this.id ? this.#proposed(m, now) : this.#overheard(m, now);
      case "accept":
        return this.#accepted(m, now);
      case "decline":
        if (m.to === this.id && this.pending?.pid === m.pid && this.pending.to === m.id) {
          if (m.why === "busy") this.pauses.set(m.id, now + BUSY_PAUSE * (1 + this.random()));
          else this.pauses.set(m.id, now + WISH_TTL);
          this.#failed(m.why, this.wishes.get(m.id));
          return this.#anyone(now);
        }
        return [];
    }
    return [];
  }

  /** Whether `sender` may still send now (one token spent). */
  #spend(sender, now) {
    let budget = this.budgets.get(sender);
    if (!budget) {
      if (this.budgets.size >= SENDERS) {
        for (const [name, b] of this.budgets) if (b.at < now - RATE_BURST * 1000) this.budgets.delete(name);
        if (this.budgets.size >= SENDERS) return false;
      }
      budget = { tokens: RATE_BURST, at: now };
      this.budgets.set(sender, budget);
    }
    budget.tokens = Math.min(RATE_BURST, budget.tokens + ((now - budget.at) / 1000) * RATE_PER_SECOND);
    budget.at = now;
    if (budget.tokens < 1) return false;
    budget.tokens -= 1;
    return true;
  }

  #wish(m, now) {
    if ((this.goneAt.get(m.id) ?? -Infinity) >= m.at) return [];
    const known = this.wishes.get(m.id);
    if (known && known.at >= m.at) return []; // the same announcement again, or an older one
    if (!known && this.wishes.size >= MAX_WISHES) return [];
    const { id, name, tc, colour, games, since, at, key } = m;
    this.wishes.set(id, { id, name, tc, colour, games, since, at, key, expires: now + WISH_TTL });
    return this.#anyone(now);
  }

  #gone(id, at, why = "gone") {
    const wish = this.wishes.get(id);
    if (wish && wish.at > at) return; // announced again since
    this.wishes.delete(id);
    this.goneAt.set(id, Math.max(at, this.goneAt.get(id) ?? at));
    if (this.pending?.to === id) this.#failed(why, this.pending.wish);
  }

  /** A proposal to this player: none answered while it does not wait (its "gone" said so). */
  #proposed(m, now) {
    if (this.paired || this.seen.has(m.pid) || !this.mine) return [];
    const decline = (why) => {
      if (!this.#mayDecline(now)) return [];
      this.#saw(m.pid, m.at);
      return [writeMessage("decline", { id: this.id, to: m.id, pid: m.pid, why, at: now })];
    };
    if (m.tc !== this.mine.tc || !coloursMeet(this.mine.colour, m.colour)) return decline("incompatible");
    if (this.pending) {
      // proposing to each other at once: the smaller id accepts, the other waits for it
      if (this.pending.to !== m.id) return decline("busy");
      if (this.id > m.id) return [];
      this.pending = null;
    }
    this.#saw(m.pid, m.at);
    const white = ownerHasWhite(this.mine.colour, m.colour, this.coin()) ? this.id : m.id;
    const you = { id: m.id, name: m.name, games: m.games, key: m.key };
    this.#pair({ pid: m.pid, owner: this.id, proposer: m.id, white, tc: this.mine.tc, opponent: you });
    this.goneAt.set(m.id, now);
    this.wishes.delete(m.id);
    return [writeMessage("accept", { id: this.id, to: m.id, pid: m.pid, white, at: now })];
  }

  /** An accept, to this player or between two others. An accept of this player's proposal
   * pairs it, and so does one that comes after the proposal timed out (the relays were slow:
   * the player who accepted has started the game) unless a proposal to another is pending.
   * Either is refused when its colours do not fit the two wishes (coloursFit). */
  #accepted(m, now) {
    const accepts = (proposal) => proposal?.pid === m.pid && proposal.to === m.id;
    const late = accepts(this.lapsed) && (!this.pending || this.pending.to === m.id);
    if (m.to === this.id && (accepts(this.pending) || late) && !this.paired) {
      const proposal = accepts(this.pending) ? this.pending : this.lapsed;
      const { wish, name } = proposal;
      this.#saw(m.pid, m.at);
      if (!coloursFit(wish.colour, proposal.colour, m.white === m.id)) return this.#misfit(m, proposal, now);
      const opponent = { id: wish.id, name: wish.name, games: wish.games, key: wish.key };
      this.#pair({ pid: m.pid, owner: m.id, proposer: this.id, white: m.white, tc: wish.tc, opponent }, this.mine?.name ?? name);
      this.#gone(m.id, m.at);
      return []; // everyone else takes both wishes off their lists on this same accept (and the proposal)
    }
    // between others: the one who accepted is paired; the proposer too once its proposal is seen
    this.#gone(m.id, m.at, "taken");
    if (this.proposals.has(`${m.to} ${m.id} ${m.pid}`)) this.#gone(m.to, m.at, "taken");
    else this.#remember(this.accepts, `${m.id} ${m.to} ${m.pid}`, m.at, now);
    return this.#anyone(now);
  }

  /** An accept of `proposal` whose colours do not fit the wishes (a modified page's): not
   * taken. The proposal has failed as an "incompatible" decline would have; the one who
   * accepted, paired by its own account, leaves the list; this player's wish, which the others
   * took off on that accept, is announced again at once. */
  #misfit(m, proposal, now) {
    this.pauses.set(m.id, now + WISH_TTL);
    if (proposal === this.pending) this.#failed("incompatible", proposal.wish);
    else this.lapsed = null;
    this.#gone(m.id, m.at);
    if (this.mine) this.mine.next = now;
    return this.tick(now);
  }

  /** A proposal between others: its proposer is paired if its accept came already (else kept
   * for the accept to come). */
  #overheard(m, now) {
    const accepted = this.accepts.get(`${m.to} ${m.id} ${m.pid}`);
    if (!accepted) return this.#remember(this.proposals, `${m.id} ${m.to} ${m.pid}`, m.at, now);
    this.#gone(m.id, accepted.at, "taken");
    return this.#anyone(now);
  }

  /** A proposal or accept of pid `pid` (its message sent at `at`) answered: remembered as long
   * as a copy of it could still be read (lobby-messages.js readMessage: CLOCK_SKEW after `at`),
   * at most MAX_WISHES pids (the oldest forgotten first). */
  #saw(pid, at) {
    if (this.seen.size >= MAX_WISHES) this.seen.delete(this.seen.keys().next().value);
    this.seen.set(pid, at + CLOCK_SKEW);
  }

  /** Whether a decline may be published now (one of the declines' budget spent). */
  #mayDecline(now) {
    const budget = this.declines;
    budget.tokens = Math.min(DECLINES_BURST, budget.tokens + (Math.max(0, now - budget.at) / 1000) * DECLINES_PER_SECOND);
    budget.at = now;
    if (budget.tokens < 1) return false;
    budget.tokens -= 1;
    return true;
  }

  /** A proposal or accept between others kept a wish's life (at most MAX_WISHES of each). */
  #remember(seen, key, at, now) {
    if (seen.size >= MAX_WISHES) seen.delete(seen.keys().next().value);
    seen.set(key, { at, expires: now + WISH_TTL });
    return [];
  }

  #pair({ pid, owner, proposer, white, tc, opponent }, name = this.mine?.name ?? this.pending?.name) {
    this.paired = { pid, owner, proposer, tc, colour: white === this.id ? "white" : "black", name, opponent };
    this.pending = null;
    this.lapsed = null;
    this.mine = null;
    this.anyone = false;
    this.notice = null;
  }

  #failed(what, wish) {
    this.pending = null;
    this.notice = { what, name: wish?.name ?? null };
  }

  /** "Play anyone": a proposal to the first compatible wish not paused, when none is pending. */
  #anyone(now) {
    if (!this.anyone || !this.mine || this.pending || this.paired) return [];
    const { tc, colour, name, games } = this.mine;
    let first = null;
    for (const wish of this.wishes.values()) {
      if (wish.tc !== tc || !coloursMeet(wish.colour, colour) || this.pauses.has(wish.id)) continue;
      if (!first || before(wish, first) < 0) first = wish;
    }
    return first ? this.#propose(first, { name, games, colour }, now) : [];
  }

  /** What the lobby shows, for a player choosing time control `tc` and colour `colour`:
   * {wishes: [{id, name, tc, colour, games, since, compatible}], mine, anyone, pending, paired,
   * notice, looking}; the compatible wishes first, each part oldest first; `looking`: the answers
   * to this player's hello may still be coming (ANSWERS_WITHIN). */
  view({ tc, colour }, now) {
    const wishes = [];
    for (const wish of this.wishes.values()) {
      if (wish.expires <= now) continue;
      const { id, name, games, since } = wish;
      const compatible = wish.tc === tc && coloursMeet(wish.colour, colour);
      wishes.push({ id, name, tc: wish.tc, colour: wish.colour, games, since, compatible });
    }
    wishes.sort((a, b) => b.compatible - a.compatible || before(a, b));
    const pending = this.pending && { to: this.pending.to, name: this.pending.wish.name };
    const looking = now < this.helloAt + ANSWERS_WITHIN;
    return { wishes, mine: this.mine, anyone: this.anyone, pending, paired: this.paired, notice: this.notice, looking };
  }
}
