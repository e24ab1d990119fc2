// web/online/protocol.js and config.js: every message from the other page checked (size,
// JSON, shape), the engine's View asked for legality, the flood limit, the comparison of two
// games after a reconnection, the invite's fragment, and the host's online.json checked;
// takeback.js: which turn may be taken back, and an offer or answer out of place refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { checkMessage, checkSealedText, encode, VERSION, legalIn, RateLimit, reconcile, inviteHash, parseInvite, randomId, MAX_MESSAGE, MAX_TEXT } from "../../web/online/protocol.js";
import { checkConfig, ConfigError } from "../../web/online/config.js";
import { OnlineTiming } from "../../web/online/timing.js";
import { takebackFor, offerFits, answerFits, beforeTakeback, afterTakeback, TakebackOffers } from "../../web/online/takeback.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const why = (data) => checkMessage(data).why;
const KEY = "B" + "k".repeat(86); // the shape of a seat's public key (seat.js): 87 characters
const ECDH = "B" + "e".repeat(86); // a key of the connection (sealed.js): the same shape
const ok = (message) => checkMessage(JSON.stringify(message)).ok;

test("each kind of message with the right values is read", () => {
  for (const message of [
    { t: "hello", v: 3, role: "guest", key: KEY, ecdh: ECDH, name: "Bob" },
    { t: "proof", sig: "s".repeat(86) },
    { t: "sealed", n: 1, c: "c".repeat(40) },
    { t: "sealed", n: 2 ** 31 - 1, c: "c".repeat(8000) },
    { t: "start", game: { start: STANDARD, white: "host", clock: "3+2", names: { host: "Ann", guest: "" }, round: 1 } },
    { t: "start", game: { start: STANDARD, white: "guest", clock: null, names: {}, round: 2 } },
    { t: "full" },
    { t: "act", n: 0, a: "C5xC4" },
    { t: "act", n: 3, a: "pass" },
    { t: "act", n: 4, a: "D4-E5" },
    { t: "act", n: 5, a: "D4-E5", left: 179500 },
    { t: "ack", n: 5 },
    { t: "sync", actions: ["C5xC4", "B3xC4"], round: 1, ended: null },
    { t: "sync", actions: [], round: 1, ended: { reason: "resigned", loser: "white" } },
    { t: "resign" },
    { t: "chat", say: "gg" },
    { t: "chat", text: "Nice move" },
    { t: "rematch" },
    { t: "undo", n: 3 },
    { t: "undoAccept", n: 3 },
    { t: "undoDecline", n: 1 },
  ]) {
    assert.equal(checkMessage(encode(message)).ok, true, JSON.stringify(message));
  }
});

test("too long, not JSON, or not text: refused before anything else", () => {
  assert.equal(why("x".repeat(MAX_MESSAGE + 1)), "size");
  assert.equal(why(new ArrayBuffer(8)), "size");
  assert.equal(why({ t: "act", n: 0, a: "C5xC4" }), "size"); // an object, not text
  assert.equal(why("{not json"), "json");
});

test("a message of an unknown kind, with extra keys or wrong values is refused", () => {
  for (const message of [
    null, [], "act", 5,
    { t: "run", code: "alert(1)" },
    { t: "__proto__" },
    { t: "toString" },
    { t: "act", n: 0, a: "C5xC4", extra: 1 },
    { t: "act", n: -1, a: "C5xC4" },
    { t: "act", n: 1.5, a: "C5xC4" },
    { t: "act", n: "1", a: "C5xC4" },
    { t: "act", n: 0, a: "C5xJ4" },
    { t: "act", n: 0, a: "Z@C4" }, // placements are not played online
    { t: "act", n: 0, a: "<b>x</b>" },
    { t: "act", n: 0, a: "C5xC4", left: -5 },
    { t: "act", n: 0, a: "C5xC4", left: "all" },
    { t: "hello", v: 3, role: "guest", key: KEY, ecdh: ECDH, id: "abcdefgh12", name: "Bob" },
    { t: "hello", v: 3, role: "guest", key: KEY, name: "Bob" },
    { t: "hello", v: 3, role: "spectator", key: KEY, ecdh: ECDH, name: "Bob" },
    { t: "hello", v: 3, role: "guest", key: KEY.slice(1), ecdh: ECDH, name: "Bob" },
    { t: "hello", v: 3, role: "guest", key: KEY, ecdh: "short", name: "Bob" },
    { t: "hello", v: 3, role: "guest", key: KEY, ecdh: ECDH, name: "x".repeat(25) },
    { t: "hello", v: 3, role: "guest", key: KEY, ecdh: ECDH, name: "Bob\u0000" },
    { t: "sealed", n: 0, c: "c".repeat(40) },
    { t: "sealed", n: 2 ** 31, c: "c".repeat(40) },
    { t: "sealed", n: 1, c: "short" },
    { t: "sealed", n: 1, c: "c".repeat(39) + "=" },
    { t: "sealed", n: 1, c: "c".repeat(40), to: "G" },
    { t: "sealed", c: "c".repeat(40) },
    { t: "proof", sig: "s".repeat(85) },
    { t: "proof", sig: "s".repeat(86) + "=" },
    { t: "proof" },
    { t: "start", game: { start: "nonsense", white: "host", clock: null, names: {}, round: 1 } },
    { t: "start", game: { start: STANDARD, white: "host", clock: "4+1", names: {}, round: 1 } },
    { t: "sync", actions: ["C5xC4", 5], round: 1, ended: null },
    { t: "sync", actions: [], round: 1, ended: { reason: "bored", loser: "white" } },
    { t: "chat", say: "you lose" },
    { t: "chat", text: "x".repeat(MAX_TEXT + 1) },
    { t: "chat", text: "   " },
    { t: "chat", say: "gg", text: "hi" },
    { t: "undo" },
    { t: "undo", n: 0 },
    { t: "undo", n: -2 },
    { t: "undo", n: 401 },
    { t: "undo", n: 3, to: 1 },
    { t: "undoAccept", n: "3" },
    { t: "undoDecline", n: 2.5 },
  ]) {
    assert.equal(ok(message), false, JSON.stringify(message));
  }
  assert.throws(() => encode({ t: "act", n: -1, a: "C5xC4" }));
});

test("a hello of another version (an older page, or a newer one) is refused as such", () => {
  assert.equal(VERSION, 3);
  assert.equal(why(JSON.stringify({ t: "hello", v: 2, role: "guest", key: KEY, nonce: "n".repeat(22), name: "Bob" })), "version");
  assert.equal(why(JSON.stringify({ t: "hello", v: 1, role: "guest", id: "abcdefgh12", name: "Bob" })), "version"); // (the first version: a random id)
  assert.equal(why(JSON.stringify({ t: "hello", v: 4, role: "guest", key: KEY, ecdh: ECDH, name: "Bob", more: 1 })), "version");
});

test("what a sealed message holds is a message of a kind that travels sealed, checked as any", () => {
  assert.deepEqual(checkSealedText('{"t":"chat","say":"gg"}'), { ok: true, message: { t: "chat", say: "gg" } });
  for (const inner of [{ t: "hello", v: 3, role: "guest", key: KEY, ecdh: ECDH, name: "Bob" }, { t: "proof", sig: "s".repeat(86) }, { t: "sealed", n: 1, c: "c".repeat(40) }]) {
    assert.deepEqual(checkSealedText(JSON.stringify(inner)), { ok: false, why: "shape" }, inner.t);
  }
  assert.equal(checkSealedText('{"t":"act","n":0,"a":"C5xJ4"}').why, "shape");
  assert.equal(checkSealedText("{nope").why, "json");
});

test("legality is the engine's View's: captures, stackings, pass", () => {
  const view = { winner: null, legal: { captures: { C5: ["C4"] }, stacks: { D4: ["E5"] }, pass: false, losing: [] } };
  assert.equal(legalIn(view, "C5xC4"), true);
  assert.equal(legalIn(view, "D4-E5"), true);
  assert.equal(legalIn(view, "C5xC3"), false);
  assert.equal(legalIn(view, "C5-C4"), false);
  assert.equal(legalIn(view, "pass"), false);
  assert.equal(legalIn({ ...view, legal: { ...view.legal, pass: true } }, "pass"), true);
  assert.equal(legalIn({ ...view, winner: "white" }, "C5xC4"), false);
  assert.equal(legalIn(null, "C5xC4"), false);
});

test("a flood goes over the limit; the limit refills with time", () => {
  const limit = new RateLimit({ burst: 5, perSecond: 2 });
  const taken = Array.from({ length: 8 }, () => limit.take(1000));
  assert.deepEqual(taken, [true, true, true, true, true, false, false, false]);
  assert.equal(limit.take(1400), false); // 0.8 of a message back
  assert.equal(limit.take(1600), true);
});

test("after a reconnection: the actions the other game has beyond ours, or where they differ", () => {
  assert.deepEqual(reconcile(["a", "b"], ["a", "b", "c", "d"]), { apply: [{ n: 2, a: "c" }, { n: 3, a: "d" }] });
  assert.deepEqual(reconcile(["a", "b", "c"], ["a"]), { apply: [] });
  assert.deepEqual(reconcile([], []), { apply: [] });
  assert.deepEqual(reconcile(["a", "x"], ["a", "b", "c"]), { conflict: 1 });
});

test("the invite's fragment carries a room and a secret, read strictly", () => {
  const room = randomId(12);
  const secret = randomId(18);
  assert.match(room, /^[A-Za-z0-9_-]{16}$/);
  assert.match(secret, /^[A-Za-z0-9_-]{24}$/);
  assert.deepEqual(parseInvite(inviteHash(room, secret)), { room, secret });
  assert.equal(parseInvite("#online=short.secret"), null);
  assert.equal(parseInvite(`#online=${room}.${secret}<script>`), null);
  assert.equal(parseInvite(`#${STANDARD}`), null);
});

test("online.json: the source's defaults pass; a bad file is refused with what is wrong", () => {
  const source = JSON.parse(readFileSync(new URL("../../web/online.json", import.meta.url), "utf8"));
  const config = checkConfig(source);
  assert.ok(config.relays.length >= 3 && config.relays.every((r) => r.startsWith("wss://")));
  assert.deepEqual(checkConfig({ relays: ["ws://127.0.0.1:7447"], iceServers: [] }), { relays: ["ws://127.0.0.1:7447"], iceServers: [] });
  const turn = { urls: ["turn:turn.example.org:3478?transport=udp"], username: "u", credential: "p" };
  assert.deepEqual(checkConfig({ relays: ["wss://r.example"], iceServers: [turn] }).iceServers, [turn]);
  for (const bad of [null, [], { relays: [] }, { relays: ["https://r.example"], iceServers: [] }, { relays: ["wss://r.example"] }, { relays: ["wss://r.example"], iceServers: [{ urls: "http://x" }] }]) {
    assert.throws(() => checkConfig(bad), ConfigError, JSON.stringify(bad));
  }
});

/** A game as game/state.js holds it: its turns (each side's actions) and who is to move. */
function game(turns, toMove, extra = {}) {
  const sides = ["white", "black"];
  const list = turns.map((actions, i) => ({ number: i + 1, side: sides[i % 2], actions }));
  const actions = turns.flat();
  return { actions, turns: list, cursor: actions.length, view: { side: toMove, winner: null }, ...extra };
}

test("a take-back: only the player whose turn is complete and last may offer it, back to that turn's start", () => {
  const opened = game([["C5xC4"]], "black"); // White's opening turn done, Black to move
  assert.deepEqual(takebackFor(opened, "white"), { n: 1, to: 0 });
  assert.equal(takebackFor(opened, "black"), null, "Black's last turn is not the last one played");
  const two = game([["C5xC4"], ["B3xC4", "D4-E5"]], "white"); // Black's full turn: both actions go
  assert.deepEqual(takebackFor(two, "black"), { n: 3, to: 1 });
  assert.equal(takebackFor(two, "white"), null);
  const half = game([["C5xC4"], ["B3xC4"]], "black"); // Black mid-turn: not complete, nothing to offer
  assert.equal(takebackFor(half, "black"), null);
  assert.equal(takebackFor(half, "white"), null, "White's turn is no longer the last");
  assert.equal(takebackFor(game([], "white"), "black"), null, "nothing played");
  assert.equal(takebackFor({ ...two, view: { side: "white", winner: "black" } }, "black"), null, "the game is over");
  assert.equal(takebackFor({ ...two, cursor: 1 }, "black"), null, "looking back, not at the live game");
});

test("an offer from the other page fits only the game as it is; an answer only our standing offer", () => {
  const two = game([["C5xC4"], ["B3xC4", "D4-E5"]], "white");
  // Black's page offers at 3 actions: White's page (to move) takes back the same actions.
  assert.deepEqual(offerFits(two, "black", 3), { n: 3, to: 1 });
  assert.equal(offerFits(two, "black", 2), null, "made for another game");
  assert.equal(offerFits(two, "white", 3), null, "White's own turn is not the last: unrequested");
  const moved = game([["C5xC4"], ["B3xC4", "D4-E5"], ["E5xE4"]], "white"); // White played: the offer lapsed
  assert.equal(offerFits(moved, "black", 3), null);
  // Our offer made at 3: an answer for 3 while the game still has 3 actions fits; else not.
  const offer = { n: 3, to: 1, from: "me" };
  assert.equal(answerFits(offer, two, 3), true);
  assert.equal(answerFits(null, two, 3), false, "an accept nobody asked for");
  assert.equal(answerFits({ ...offer, from: "them" }, two, 3), false, "their own offer: not theirs to accept");
  assert.equal(answerFits(offer, two, 2), false);
  assert.equal(answerFits(offer, moved, 3), false, "an action was played since: the offer lapsed");
  // Both pages take back exactly the same actions: the game up to the offered turn's start.
  const taken = offerFits(two, "black", 3);
  assert.deepEqual(two.actions.slice(0, taken.to), ["C5xC4"]);
});

/** Two pages' take-back offers, wired to each other through a queue of messages (each checked
 * by protocol.js on its way); each page's game is a list of turns, taken back by takeBack. */
function twoPages(turns, toMove) {
  const pages = {};
  for (const side of ["white", "black"]) {
    const page = { side, turns: structuredClone(turns), toMove, inbox: [], refused: [], said: [] };
    page.state = () => game(page.turns, page.toMove);
    page.offers = new TakebackOffers({
      state: page.state,
      idle: async () => {},
      side: () => side,
      theirSide: () => (side === "white" ? "black" : "white"),
      playing: () => true,
      send: (message) => pages[side === "white" ? "black" : "white"].inbox.push(encode(message)),
      refuse: (why) => page.refused.push(why),
      changed: () => {},
      announce: (key) => page.said.push(key),
      takeBack: async (to, mover) => {
        const kept = [];
        for (const turn of page.turns) if (kept.flat().length + turn.length <= to) kept.push(turn);
        page.turns = kept;
        page.toMove = mover;
      },
    });
    pages[side] = page;
  }
  /** Deliver what `side` has received, as session.js does: checked, then handed over. */
  pages.deliver = async (side) => {
    const page = pages[side];
    while (page.inbox.length) {
      const check = checkMessage(page.inbox.shift());
      assert.equal(check.ok, true);
      await page.offers.received(check.message);
    }
  };
  /** `side` plays a turn (both pages see it), and the offers that no longer fit lapse. */
  pages.play = (side, actions) => {
    for (const page of [pages.white, pages.black]) {
      page.turns.push(actions);
      page.toMove = side === "white" ? "black" : "white";
      page.offers.lapse();
    }
  };
  return pages;
}

test("two pages: an offer declined changes nothing, and is not made again that turn; accepted, both take back the same actions", async () => {
  const pages = twoPages([["C5xC4"], ["B3xC4", "D4-E5"]], "white"); // Black's turn complete
  const { white, black } = pages;
  assert.equal(white.offers.offerable, false, "White is to move: nothing of its own to take back");
  assert.equal(black.offers.offerable, true);
  black.offers.offer();
  assert.deepEqual(black.offers.pending, { n: 3, to: 1, from: "me" });
  assert.equal(black.offers.offerable, false, "one offer at a time");
  await pages.deliver("white");
  assert.deepEqual(white.offers.pending, { n: 3, to: 1, from: "them" });
  assert.deepEqual(white.said, ["online.undoAsked"]);
  await white.offers.answer(false);
  await pages.deliver("black");
  assert.equal(black.offers.pending, null);
  assert.deepEqual(black.said, ["online.announce.undoDeclined"]);
  assert.equal(black.offers.declined, 3, "the decline stays for the panel to show");
  black.offers.lapse();
  assert.equal(black.offers.declined, 3, "until the game moves on");
  assert.deepEqual([white.state().actions, black.state().actions], [["C5xC4", "B3xC4", "D4-E5"], ["C5xC4", "B3xC4", "D4-E5"]]);
  // One offer a turn: Black's page no longer offers it; a modified page's offer again is refused.
  assert.equal(black.offers.offerable, false, "declined: not again this turn");
  black.offers.offer();
  assert.deepEqual(white.inbox, []);
  for (let i = 0; i < 3; i += 1) white.inbox.push(encode({ t: "undo", n: 3 }));
  await pages.deliver("white");
  assert.deepEqual([white.refused, white.offers.pending, white.said.length], [["undoAgain", "undoAgain", "undoAgain"], null, 1]);
  // The game moves on: Black's next turn may be offered, and is accepted: both pages back to
  // the start of that turn, Black to move.
  pages.play("white", ["E5xE4", "F5xF4"]);
  pages.play("black", ["B4xB5", "C4-D4"]);
  assert.equal(black.offers.offerable, true);
  black.offers.offer();
  assert.equal(black.offers.declined, null);
  await pages.deliver("white");
  await white.offers.answer(true);
  await pages.deliver("black");
  for (const page of [white, black]) {
    assert.deepEqual(page.state().actions, ["C5xC4", "B3xC4", "D4-E5", "E5xE4", "F5xF4"]);
    assert.equal(page.toMove, "black");
    assert.equal(page.offers.pending, null);
  }
  assert.deepEqual([white.refused.length, black.refused], [3, []]);
});

test("two pages: an offer lapses when the other plays; an unrequested offer or answer is refused", async () => {
  const pages = twoPages([["C5xC4"]], "black"); // White's opening turn complete
  const { white, black } = pages;
  white.offers.offer();
  await pages.deliver("black");
  assert.equal(black.offers.pending.from, "them");
  pages.play("black", ["B3xC4", "D4-E5"]); // Black plays instead of answering
  assert.equal(white.offers.pending, null);
  assert.equal(black.offers.pending, null);
  await black.offers.answer(true); // (too late: nothing to answer)
  assert.deepEqual(white.inbox, []);
  assert.deepEqual(white.state().actions, ["C5xC4", "B3xC4", "D4-E5"]);
  // A hostile page: offers for another game than ours (2) or White's turn (1), then answers nobody asked for.
  for (const message of [{ t: "undo", n: 2 }, { t: "undo", n: 1 }, { t: "undoAccept", n: 3 }, { t: "undoDecline", n: 3 }]) white.inbox.push(encode(message));
  await pages.deliver("white");
  assert.deepEqual(white.refused, ["undo", "undo", "undo", "undo"]);
  assert.equal(white.offers.pending, null);
  assert.deepEqual(white.state().actions, ["C5xC4", "B3xC4", "D4-E5"]);
  // A second offer while one stands is refused too.
  black.offers.offer();
  await pages.deliver("white");
  white.inbox.push(encode({ t: "undo", n: 3 }));
  await pages.deliver("white");
  assert.deepEqual(white.refused.slice(4), ["undo"]);
  assert.equal(white.offers.pending.from, "them");
});

test("two pages: a declined offer is shown until the game moves on", async () => {
  const pages = twoPages([["C5xC4"]], "black");
  const { white, black } = pages;
  white.offers.offer();
  await pages.deliver("black");
  await black.offers.answer(false);
  await pages.deliver("white");
  assert.equal(white.offers.declined, 1);
  pages.play("black", ["B3xC4", "D4-E5"]);
  assert.equal(white.offers.declined, null);
});

test("an accept lost in a drop: each page's game against the other's after the reconnection", () => {
  const whole = ["C5xC4", "B3xC4", "D4-E5"];
  const offer = { n: 3, to: 1 };
  // The page that accepted: the other's game is its own with the turn it took back.
  assert.equal(beforeTakeback(offer, ["C5xC4"], whole), true);
  assert.equal(beforeTakeback(offer, ["C5xC4"], ["C5xC4", "B3xC4"]), false, "not the game of the offer");
  assert.equal(beforeTakeback(offer, ["C5xC4"], ["C5xC3", "B3xC4", "D4-E5"]), false, "another game");
  assert.equal(beforeTakeback(offer, whole, whole), false, "not taken back here");
  assert.equal(beforeTakeback(null, ["C5xC4"], whole), false, "nothing accepted");
  // The offerer's page: the other's game ends at the offered turn's start, the whole turn acknowledged.
  assert.equal(afterTakeback(offer, whole, ["C5xC4"], 3), true);
  assert.equal(afterTakeback(offer, whole, ["C5xC4"], 2), false, "they never had the whole turn: it is sent again");
  assert.equal(afterTakeback(offer, whole, whole, 3), false, "declined, or not answered");
  assert.equal(afterTakeback(offer, whole, ["C5xC3"], 3), false, "another game");
  assert.equal(afterTakeback(null, whole, ["C5xC4"], 3), false, "no offer of ours");
});

test("two pages: a take-back accepted as the connection drops happens on both; after it, nothing of it stays", async () => {
  const pages = twoPages([["C5xC4"], ["B3xC4", "D4-E5"]], "white"); // Black's turn complete
  const { white, black } = pages;
  black.offers.offer();
  await pages.deliver("white");
  await white.offers.answer(true);
  black.inbox.length = 0; // the accept is lost, and the connection drops
  for (const page of [white, black]) page.offers.dropped();
  assert.equal(black.offers.pending, null, "the offer lapsed with the connection");
  assert.deepEqual(white.offers.accepted, { n: 3, to: 1 }, "(saved with the record: a reload keeps it)");
  // The reconnection's syncs cross: White leaves out Black's whole game (Black takes the turn back on White's).
  assert.equal(white.offers.missedOurAccept(black.state().actions), true);
  assert.equal(await white.offers.tookBackThere(black.state().actions, 3), false, "not White's offer");
  assert.equal(await black.offers.tookBackThere(white.state().actions, 3), true);
  for (const page of [white, black]) {
    assert.deepEqual(page.state().actions, ["C5xC4"]);
    assert.equal(page.toMove, "black");
  }
  assert.equal(await black.offers.tookBackThere(white.state().actions, 3), false, "once");
  pages.play("black", ["B3xC4", "D4-E5"]); // the game goes on: the accept is forgotten
  assert.equal(white.offers.accepted, null);
  assert.equal(white.offers.missedOurAccept(["C5xC4", "B3xC4", "D4-E5", "E5xE4"]), false);
  // A drop with an offer standing and not answered: both games stay whole.
  black.offers.offer();
  await pages.deliver("white");
  for (const page of [white, black]) page.offers.dropped();
  assert.equal(await black.offers.tookBackThere(white.state().actions, 3), false);
  assert.deepEqual(black.state().actions, ["C5xC4", "B3xC4", "D4-E5"]);
});

test("the clocks after a take-back: the offerer's clock runs again, no time is given back", () => {
  const timing = new OnlineTiming("3+2", null, 0);
  timing.begin("white", 0);
  assert.equal(timing.turnSent(10_000), 172_000); // White's turn: 10 s used, 2 s added; Black's clock runs
  timing.undone("white", 25_000); // White's turn taken back 15 s later
  assert.equal(timing.clock.running, "white");
  assert.deepEqual(timing.clock.remaining, { white: 172_000, black: 165_000 }, "Black's 15 s stay spent; White's increment stays");
  const untimed = new OnlineTiming(null);
  untimed.undone("white", 1);
  assert.equal(untimed.clock, null);
});
