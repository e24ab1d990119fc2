// Open challenges by turns, wired: posted and withdrawn by their host, listed in the lobby while
// it is open, taken by a stranger (who joins the game as a guest from a link does, turns.js),
// and bound by the host's page when Play online opens or while the lobby is open: the earliest
// take whose guest copy checks. The stored value "turns.challenges" (page/storage.js) keeps this
// page's challenges posted (with their keys, and the moment of their takes' latest check that
// bound none: a join dated before it counts from it) and the challenges it took and was not yet
// bound to. The messages are turns-challenge.js's, the events turns-challenge-events.js's, the view
// turns-challenge-view.js's. docs/online.md, "Open challenges by turns".
//
//   const challenges = new Challenges({storage, engine, config, turns, onChange});
//   await challenges.post({name, days, colour, games});  await challenges.withdraw(me);
//   challenges.watch(); challenges.unwatch(); challenges.list(); challenges.mine()
//   await challenges.take(author, name); await challenges.check();  // takes bound, losers told

import { putTurns, turnOfRoom, takeCopy, dropTurns } from "./turns-record.js";
import { newSeat, roomOf, turnsKeys, copyEvent, readCopyEvent, COPY_KIND } from "./turns-events.js";
import { publishTo, RelayWatch } from "./relay-sockets.js";
import { ChallengeList, writeChallenge, earliestTake, challengeGame, challengeRecord, judgeTake, CHALLENGE_TTL, MAX_TAKES } from "./turns-challenge.js";
import { challengeEvent, takeEvent, readChallengeEvent, readTakeEvent, makeChallengeKeys, deriveChallenge, takeTag, CHALLENGE_KIND, CHALLENGE_TOPIC, CHALLENGE_D } from "./turns-challenge-events.js";
import { seatedGuest } from "./turns-copy.js";
import { readRelays, MAX_EXAMINED } from "./turns-read.js";
import { showTurnCount } from "../panels/turn-count.js";

export const CHALLENGES_KEY = "turns.challenges";
/** The challenges listed read from the relays at most. */
const LIST_LIMIT = 500;

/** The events of `filter` on `relays` as they are now (one read). */
function readOnce(relays, filter, most) {
  return new Promise((resolve) => {
    const events = [];
    const watch = new RelayWatch(relays, filter, {
      onEvent: (event) => events.length < most && events.push(event),
      onRead: () => {
        watch.close();
        resolve(events);
      },
    });
    watch.start();
  });
}

/** The stored value: {posted: [challenge kept], took: [{host, room}]}. */
function keptIn(storage) {
  const value = storage.get(CHALLENGES_KEY);
  const list = (v) => (Array.isArray(v) ? v.filter((c) => c && typeof c === "object") : []);
  return { posted: list(value?.posted), took: list(value?.took) };
}

export class Challenges {
  #storage;
  #engine;
  #config;
  #turns;
  #onChange;
  #watches = {}; // {list, takes}: the lobby's watches of the relays while it is open
  #list = new ChallengeList();
  #checking = null;
  notice = null; // {key, name}: what the last check found to say (a take not chosen)
  state = null; // "posting" | "posted" | "taking" | "failed" | null: the player's last action

  constructor({ storage, engine, config, turns, onChange }) {
    this.#storage = storage;
    this.#engine = engine;
    this.#config = config;
    this.#turns = turns;
    this.#onChange = onChange;
  }

  #keep(change, quiet = false) {
    const kept = keptIn(this.#storage);
    change(kept);
    this.#storage.set(CHALLENGES_KEY, kept);
    if (!quiet) this.#onChange();
  }

  /** Whether this page has challenges posted or taken to check on the relays. */
  get pending() {
    const kept = keptIn(this.#storage);
    return kept.posted.length + kept.took.length > 0;
  }

  /** This page's challenges still open (newest first). */
  mine() {
    return keptIn(this.#storage).posted.filter((c) => c.state === "open" && c.expires > Date.now());
  }

  /** The challenges listed (others' and this page's own), oldest first; those this page took
   * are in its games by turns already. */
  list(now = Date.now()) {
    const took = new Set(keptIn(this.#storage).took.map((t) => t.host));
    return this.#list.view(now).filter((c) => !took.has(c.author));
  }

  async #relays() {
    return (await this.#config()).relays;
  }

  /** Post a challenge {name, days, colour, games}: its seat and keys kept, its event on every relay. */
  async post({ name, days, colour, games }) {
    this.state = "posting";
    this.#onChange();
    const [seat, keys] = await Promise.all([newSeat(), makeChallengeKeys()]);
    const since = Date.now();
    const expires = since + CHALLENGE_TTL;
    const text = writeChallenge("challenge", { name, days, colour, games, since, key: keys.publicText });
    const taken = await publishTo(await this.#relays(), await challengeEvent(seat, text, { now: since, expires }));
    this.state = taken ? "posted" : "failed";
    if (taken) {
      this.#keep((kept) => kept.posted.unshift({ ...seat, ecdh: keys.jwk, name, days, colour, games, since, expires, state: "open" }));
      this.#hear({ author: seat.me, expires, message: JSON.parse(text) });
      this.#watchTakes(await this.#relays());
    }
    this.#onChange();
    return taken > 0;
  }

  /** Replace this page's challenge `me` by its end (`taken` by guest, or `withdrawn`), a
   * second after it at least (a relay replaces an event only by a later one). */
  async #close(challenge, t, fields) {
    const now = Math.max(Date.now(), challenge.since + 1000);
    const text = writeChallenge(t, { ...fields, at: now });
    const taken = await publishTo(await this.#relays(), await challengeEvent(challenge, text, { now, expires: challenge.expires }));
    this.#hear({ author: challenge.me, expires: challenge.expires, message: JSON.parse(text) });
    this.#keep((kept) => {
      const c = kept.posted.find((p) => p.me === challenge.me);
      if (!c) return;
      c.state = t;
      if (taken) kept.posted = kept.posted.filter((p) => p !== c); // (else published again at the next check)
    });
  }

  /** Withdraw this page's open challenge `me`. */
  async withdraw(me) {
    const challenge = keptIn(this.#storage).posted.find((c) => c.me === me && c.state === "open");
    if (challenge) await this.#close(challenge, "withdrawn", {});
  }

  #hear(read) {
    if (this.#list.receive(read, Date.now())) this.#onChange();
  }

  /** The lobby is open: the challenges listed from the relays, and this page's takes heard. */
  async watch() {
    this.unwatch();
    const relays = await this.#relays();
    const list = new RelayWatch(relays, { kinds: [CHALLENGE_KIND], "#t": [CHALLENGE_TOPIC], limit: LIST_LIMIT }, {
      onEvent: async (event) => {
        const read = await readChallengeEvent(event, Date.now()).catch(() => null);
        if (read) this.#hear(read);
      },
    });
    this.#watches.list = list;
    list.start();
    this.#watchTakes(relays);
  }

  /** While the lobby is open, the takes of this page's open challenges: each checked at once. */
  #watchTakes(relays) {
    this.#watches.takes?.close();
    const mine = this.mine().map((c) => takeTag(c.me));
    if (!mine.length || !this.#watches.list) return;
    const takes = (this.#watches.takes = new RelayWatch(relays, { kinds: [CHALLENGE_KIND], "#d": mine, limit: MAX_TAKES }, { onEvent: () => this.check(true), onRead: () => this.check(true) }));
    takes.start();
  }

  unwatch() {
    this.#watches.list?.close();
    this.#watches.takes?.close();
    this.#watches = {};
  }

  /** Take the challenge of `author` as `name`: this page joins its game as a guest (turns.js
   * opens it), publishes its copy, then its take. */
  async take(author, name) {
    const challenge = this.list().find((c) => c.author === author);
    if (!challenge || this.mine().some((c) => c.me === author)) return false;
    this.state = "taking";
    this.#onChange();
    const keys = await makeChallengeKeys();
    const { secret, hostWhite } = await deriveChallenge(keys.jwk, challenge.key, { host: author });
    const game = challengeGame(challenge, hostWhite);
    const copy = { v: 1, role: "host", host: author, guest: null, game, joined: null, actions: [], times: [], end: null };
    const room = await roomOf(author);
    this.#turns.invite = { room, secret, status: "found", host: author, copy, at: challenge.since };
    await this.#turns.join(name);
    const record = this.#turns.record;
    if (record?.room !== room) {
      this.state = "failed";
      return this.#onChange();
    }
    this.#keep((kept) => kept.took.push({ host: author, room }));
    const relays = await this.#relays();
    await publishTo(relays, await copyEvent(record, await turnsKeys(secret, room)));
    const taken = await publishTo(relays, await takeEvent(record, author, writeChallenge("take", { key: keys.publicText, at: Date.now() })));
    this.state = taken ? null : "failed";
    this.#onChange();
    return taken > 0;
  }

  /** Play online opened (or a take heard): this page's challenges' takes bound, their ends
   * published again where no relay took them, and this page's own takes checked (one taken by
   * another, or withdrawn, leaves the list, said). `quiet`: the lobby's watch (at most one check at once). */
  check(quiet = false) {
    if (this.#checking) return quiet ? this.#checking : this.#checking.then(() => this.check());
    this.#checking = (async () => {
      const relays = await this.#relays();
      this.#keep((k) => (k.posted = k.posted.filter((p) => p.state !== "open" || p.expires > Date.now()))); // (expired: gone from every list)
      const kept = keptIn(this.#storage);
      for (const c of kept.posted.filter((p) => p.state !== "open")) await this.#close(c, c.state, c.state === "taken" ? { guest: c.guest } : {});
      for (const c of this.mine()) await this.#bind(c, relays);
      if (kept.took.length) await this.#tookChecked(relays, kept.took);
    })().catch(() => null).finally(() => (this.#checking = null));
    return this.#checking;
  }

  /** The earliest take of `challenge` whose guest copy checks: its game made here (the host's
   * record, the guest bound), published, and the challenge replaced by its `taken`. None: the
   * moment of this check kept (the challenge's `checked`: a take bound later whose join is dated
   * before it counts, for the host's first turn, from it; turns-challenge.js challengeRecord). */
  async #bind(challenge, relays) {
    const now = Date.now();
    if ((await this.#bound(challenge, relays, now)) === false) {
      this.#keep((k) => {
        const c = k.posted.find((p) => p.me === challenge.me);
        if (c && c.state === "open" && !(c.checked >= now)) c.checked = now;
      }, true);
    }
  }

  /** #bind's binding: whether a take of `challenge` was bound (the takes read at `now`). */
  async #bound(challenge, relays, now) {
    // The takers' keys are not known: every key's takes are asked, as many as a relay gives up
    // to MAX_EXAMINED (a relay answers the newest first: takes made up after a real one must not
    // push it out of a smaller `limit`), and only those that read as takes are kept.
    const filter = { kinds: [CHALLENGE_KIND], "#d": [takeTag(challenge.me)], limit: MAX_EXAMINED };
    const { reads } = await readRelays(relays, filter, { check: (event) => readTakeEvent(event, challenge.me, now), most: MAX_EXAMINED });
    const takes = reads.map((r) => r.read);
    const room = await roomOf(challenge.me);
    const tried = [];
    for (const take of earliestTake(takes)) {
      const derived = await deriveChallenge(challenge.ecdh, take.message.key, { host: challenge.me }).catch(() => null);
      if (derived) tried.push({ take, ...derived, keys: await turnsKeys(derived.secret, room) });
    }
    if (!tried.length) return false;
    const copies = await readOnce(relays, { kinds: [COPY_KIND], "#d": tried.map((t) => t.keys.tag), authors: tried.map((t) => t.take.author) }, tried.length * 4);
    for (const { take, secret, hostWhite, keys } of tried) {
      const host = challengeRecord(challenge, { room, secret, hostWhite });
      for (const event of copies.filter((e) => e.pubkey === take.author && e.tags?.[0]?.[1] === keys.tag)) {
        const verdict = judgeTake(host, take, await readCopyEvent(event, keys), Date.now());
        if (!verdict || !(await this.#rulesAllow(host, verdict))) continue;
        const record = takeCopy(host, verdict);
        putTurns(this.#storage, record);
        showTurnCount(this.#storage);
        await publishTo(relays, await copyEvent(record, keys));
        this.#keep((k) => {
          const c = k.posted.find((p) => p.me === challenge.me);
          if (c) Object.assign(c, { state: "taken", guest: take.author });
        });
        await this.#close(challenge, "taken", { guest: take.author });
        return true;
      }
    }
    return false;
  }

  /** Whether the engine plays the guest copy's actions (a guest with White may have played). */
  async #rulesAllow(record, verdict) {
    if (!verdict.actions.length) return true;
    return this.#engine.call("play", { position: record.game.start, actions: verdict.actions }).then(() => true, () => false);
  }

  /** This page's takes not yet bound: the challenge's end read from its host; taken by this
   * page's seat, done; taken by another or withdrawn, the game leaves the list (said), unless
   * it is under way (the host named this seat, or played a move): then the take is done. */
  async #tookChecked(relays, took) {
    const now = Date.now();
    const events = await readOnce(relays, { kinds: [CHALLENGE_KIND], authors: took.map((t) => t.host), "#d": [CHALLENGE_D] }, took.length * 4);
    const ends = new Map();
    for (const event of events) {
      const read = await readChallengeEvent(event, now);
      if (read && read.message.t !== "challenge") ends.set(read.author, read.message);
    }
    for (const t of took) {
      const end = ends.get(t.host);
      const record = turnOfRoom(this.#storage, t.room);
      // A game under way (the host's copy naming this seat taken, a move of the host's, an
      // end): the take is done, and no end of the challenge its host signs later takes it away.
      const underWay = record && (seatedGuest(record) || record.end !== null);
      const gone = !underWay && (!record || (end && !(end.t === "taken" && end.guest === record.me)));
      if (!end && record && !underWay) continue;
      if (gone && record) {
        dropTurns(this.#storage, t.room);
        showTurnCount(this.#storage);
        this.notice = { key: end.t === "taken" ? "challenges.lost.taken" : "challenges.lost.withdrawn", name: record.game.names.host };
      }
      this.#keep((k) => (k.took = k.took.filter((x) => x.room !== t.room)));
    }
  }
}
