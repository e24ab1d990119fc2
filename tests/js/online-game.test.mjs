// The parts of an online game that session.js puts together: the record kept in the browser
// (record.js), the actions exchanged (actions.js: their place, whose they are, ours to send,
// theirs checked and played on a game of the test's), the chat (chat.js) and the rematch
// offer (rematch.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { RECORD_VERSION, newRecord, readRecord, colourOf, theirNameOf, startRound, rematchGame } from "../../web/online/record.js";
import { placeOf, sideOf, oursToSend, ActionExchange, AGAIN_MS, AGAIN_MAX_MS } from "../../web/online/actions.js";
import { Chat, withMessage, CHAT_KEPT } from "../../web/online/chat.js";
import { RematchOffer, rematchAfter } from "../../web/online/rematch.js";
import { Session } from "../../web/online/session.js";
import { Network, fakeGame, stateOf, storage } from "./online-room.mjs";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const GAME = { start: STANDARD, white: "host", clock: "5+3", names: { host: "Ann", guest: "Bob" }, round: 1 };

test("a new record: no game yet, no seat yet (the session makes it), the name cut to its longest", () => {
  const record = newRecord({ room: "r".repeat(16), secret: "s".repeat(24), role: "guest", name: "x".repeat(30), friend: true });
  assert.equal(record.v, RECORD_VERSION);
  assert.equal(record.name.length, 24);
  assert.deepEqual([record.key, record.me, record.them, record.game, record.actions, record.end, record.alive], [null, null, null, null, [], null, null]);
});

test("a saved record is resumed only when it is one of this version, whole", () => {
  const record = newRecord({ room: "r".repeat(16), secret: "s".repeat(24), role: "host", name: "Ann", friend: false });
  assert.deepEqual(readRecord(record), record);
  const { actions, ...older } = record; // (an early save without actions)
  assert.deepEqual(readRecord(older).actions, []);
  for (const bad of [null, "online", { ...record, v: 0 }, { ...record, v: 1 }, { ...record, role: "judge" }, { ...record, room: 5 }, { ...record, actions: "C5xC4" }]) {
    assert.equal(readRecord(bad), null, JSON.stringify(bad));
  }
  // Names saved before the rule of names shown: none, rather than a hello the other page refuses.
  const saved = { ...record, name: "Ann\u200d", game: { ...GAME, names: { host: "Ann\u200d", guest: "Bob" } } };
  assert.deepEqual([readRecord(saved).name, readRecord(saved).game.names], ["", { host: "", guest: "Bob" }]);
});

test("a saved record whose game, terms, actions or end are damaged is not resumed: the page starts clean instead of failing at every load", async () => {
  // The stored value "online", damaged or edited: what the session would load is checked as
  // the other page's start and actions are (protocol.js), or the record is not taken.
  const host = { ...newRecord({ room: "r".repeat(16), secret: "s".repeat(24), role: "host", name: "Ann", friend: false }), game: { ...GAME }, actions: ["C5xC4"] };
  const guest = { ...host, role: "guest", game: null, terms: { start: STANDARD, white: "host", clock: "5+3", round: 1 } };
  const damaged = [
    { ...host, game: { ...GAME, clock: "7+7" } }, // a time control game/clock.js does not know (timing.js threw)
    { ...host, game: { ...GAME, clock: "untimed" } },
    { ...host, game: { ...GAME, start: "not a position" } },
    { ...host, game: { ...GAME, white: "nobody" } },
    { ...host, game: { ...GAME, round: -1 } },
    { ...host, game: { ...GAME, names: null } },
    { ...host, game: { ...GAME, extra: 1 } },
    { ...host, game: "a game" },
    { ...host, game: [] },
    { ...host, actions: ["C5xC4", "Z9-Z9"] },
    { ...host, actions: [42] },
    { ...host, actions: Array(401).fill("pass") },
    { ...host, end: { reason: "bored", loser: "white" } },
    { ...host, end: "resigned" },
    { ...guest, terms: { ...guest.terms, clock: "7+7" } },
    { ...guest, terms: { ...guest.terms, names: {} } },
    { ...guest, terms: "the standard game" },
  ];
  for (const bad of damaged) assert.equal(readRecord(JSON.parse(JSON.stringify(bad))), null, JSON.stringify(bad).slice(0, 200));
  // What is kept resumes as it was, and the session begins with it: a guest not yet told its
  // game, an ended game, a saved clock damaged (timing.js starts a fresh one).
  const good = [host, guest, { ...guest, terms: null }, { ...host, end: { reason: "resigned", loser: "white" } }, { ...host, clock: { control: "7+7", lag: 5 } }, { ...host, game: { ...GAME, clock: null } }];
  for (const value of good) {
    const record = readRecord(JSON.parse(JSON.stringify(value)));
    assert.deepEqual(record, value);
    const s = new Session({ game: fakeGame(), storage, config: { relays: [], iceServers: [] }, record, openRoom: new Network().door("H") });
    try {
      await assert.doesNotReject(() => s.begin(), JSON.stringify(value).slice(0, 200));
    } finally {
      await s.close();
    }
  }
});

test("each page's colour and the other player's name follow from the record", () => {
  const host = { role: "host", game: GAME };
  const guest = { role: "guest", game: GAME };
  assert.deepEqual([colourOf(host), colourOf(guest), colourOf({ role: "guest", game: null })], ["white", "black", null]);
  assert.deepEqual([theirNameOf(host), theirNameOf(guest)], ["Bob", "Ann"]);
  assert.equal(theirNameOf({ role: "host", game: { ...GAME, names: { host: "Ann", guest: "" } } }), "");
  assert.equal(theirNameOf({ role: "guest", game: null }), "");
});

test("a rematch: the next round with colours swapped, the record fresh for it", () => {
  const next = rematchGame(GAME);
  assert.deepEqual(next, { ...GAME, white: "guest", round: 2 });
  assert.equal(rematchGame(next).white, "host");
  const record = { role: "guest", game: GAME, actions: ["C5xC4"], end: { reason: "resigned", loser: "white" }, clock: { running: null }, rematch: { state: "sent", agreed: true } };
  assert.equal(startRound(record, next), record, "in place");
  assert.deepEqual(record, { role: "guest", game: next, actions: [], end: null, clock: null, rematch: null });
});

const state = stateOf; // (a game as game/state.js holds it: online-room.mjs)

test("an action of the other page against ours: the next, one again, another in its place, or a gap", () => {
  const ours = ["C5xC4", "B3xC4"];
  assert.equal(placeOf(ours, 2, "D4-E5"), "next");
  assert.equal(placeOf(ours, 1, "B3xC4"), "again");
  assert.equal(placeOf(ours, 1, "D4-E5"), "conflict");
  assert.equal(placeOf(ours, 3, "D4-E5"), "gap");
});

test("whose each action is, and ours to send: a turn's last action presses the clock", () => {
  const game = state(["C5xC4", "B3xC4", "D4-E5", "E5xE4"]);
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => sideOf(game, n)), ["white", "black", "black", "white", "white"]);
  assert.deepEqual(oursToSend(game, 0, "black"), [{ n: 1, a: "B3xC4", last: false }, { n: 2, a: "D4-E5", last: true }]);
  assert.deepEqual(oursToSend(game, 2, "black"), [{ n: 2, a: "D4-E5", last: true }]);
  assert.deepEqual(oursToSend(game, 0, "white"), [{ n: 0, a: "C5xC4", last: true }, { n: 3, a: "E5xE4", last: false }], "White mid-turn");
  assert.deepEqual(oursToSend(state(["C5xC4"], { view: { side: "black", winner: "white" } }), 0, "white"), [{ n: 0, a: "C5xC4", last: true }]);
  assert.deepEqual(oursToSend(game, 4, "white"), []);
});

/** A page of the test: a game played by a stand-in of game.js, its exchange, what it sent and refused. */
function page(actions, { side = "white", record = { game: GAME, end: null } } = {}) {
  const p = { sent: [], refused: [], said: [], turnEnded: [], ended: [], now: 1_000_000 };
  p.game = {
    state: state(actions),
    goto: async () => {},
    play: async (a) => {
      p.game.state = state([...p.game.state.actions, a]);
    },
    announce: (text) => p.said.push(text),
  };
  p.exchange = new ActionExchange(p.game, {
    record: () => record,
    side: () => side,
    theirSide: () => (side === "white" ? "black" : "white"),
    theirName: () => "Bob",
    send: (message) => p.sent.push(message),
    refuse: (why) => p.refused.push(why),
    turnSent: () => 1234.4,
    theirTurnEnded: (left, at) => {
      assert.ok(Number.isFinite(at), "the moment it arrived");
      p.turnEnded.push(left);
    },
    late: (at) => p.late?.(at), // (the session's tick: their time out by this page's clock)
    end: (ended) => p.ended.push(ended),
  }, actions.length, () => p.now);
  return p;
}

test("theirs checked before the board: played and acknowledged, or refused with the game unchanged", async () => {
  const p = page(["C5xC4"]);
  await p.exchange.received(1, "B3xC4");
  await p.exchange.received(2, "D4-E5", 170_000);
  assert.deepEqual(p.game.state.actions, ["C5xC4", "B3xC4", "D4-E5"]);
  assert.deepEqual(p.sent, [{ t: "ack", n: 2 }, { t: "ack", n: 3 }]);
  assert.deepEqual(p.turnEnded, [170_000], "Black's turn ended with its second action");
  assert.equal(p.said.length, 2);
  p.sent.length = 0;
  await p.exchange.received(2, "D4-E5"); // again (a reconnection): acknowledged again
  await p.exchange.received(1, "D4-E5"); // another action in its place
  await p.exchange.received(5, "E5xE4"); // a gap: our game said
  await p.exchange.received(3, "E5xE4"); // White's turn: not theirs
  assert.deepEqual(p.refused, ["conflict", "order", "turn"]);
  assert.deepEqual(p.sent, [{ t: "ack", n: 3 }, { t: "sync", actions: ["C5xC4", "B3xC4", "D4-E5"], round: 1, ended: null }]);
  const strict = page(["C5xC4"]);
  await strict.exchange.received(1, "C5xC3"); // not in the View's legal actions
  assert.deepEqual([strict.refused, strict.game.state.actions], [["illegal"], ["C5xC4"]]);
  const over = page(["C5xC4"], { record: { game: GAME, end: { reason: "resigned", loser: "black" } } });
  await over.exchange.received(1, "B3xC4");
  assert.deepEqual([over.refused, over.game.state.actions], [["ended"], ["C5xC4"]]);
  const late = page(["C5xC4"]);
  late.late = (at) => (assert.ok(Number.isFinite(at), "the moment it arrived"), "black"); // Black's time had run out by then
  await late.exchange.received(1, "B3xC4");
  assert.deepEqual([late.game.state.actions, late.sent, late.refused], [["C5xC4"], [], []], "not played nor acknowledged: the game ended on time");
});

test("after a reconnection: their actions we lack played, ours they lack sent again, an end taken", async () => {
  const behind = page(["C5xC4"]);
  const end = { reason: "resigned", loser: "white" };
  await behind.exchange.synced({ actions: ["C5xC4", "B3xC4", "D4-E5"], round: 1, ended: end });
  assert.deepEqual(behind.game.state.actions, ["C5xC4", "B3xC4", "D4-E5"]);
  assert.deepEqual(behind.ended, [end]);
  const ahead = page(["C5xC4", "B3xC4", "D4-E5"], { side: "black" });
  await ahead.exchange.synced({ actions: ["C5xC4"], round: 1, ended: null });
  assert.deepEqual(ahead.sent, [{ t: "act", n: 1, a: "B3xC4" }, { t: "act", n: 2, a: "D4-E5" }]);
  const other = page(["C5xC4", "B3xC4"]);
  await other.exchange.synced({ actions: ["C5xC4", "D4-E5"], round: 1, ended: null });
  await other.exchange.synced({ actions: ["C5xC4", "B3xC4", "D4-E5"], round: 2, ended: null }); // another round: not this game
  assert.deepEqual([other.refused, other.game.state.actions], [["conflict"], ["C5xC4", "B3xC4"]]);
});

test("ours they lack go again once for syncs in a row: again only after a wait that doubles each time; a take-back or a new round numbers them afresh", async () => {
  const p = page(["C5xC4", "B3xC4", "D4-E5"], { side: "black" });
  const lacking = (actions, round = 1) => p.exchange.synced({ actions, round, ended: null });
  const acts = () => p.sent.filter((m) => m.t === "act").map((m) => m.n);
  await lacking(["C5xC4"]);
  assert.deepEqual(acts(), [1, 2]);
  for (let i = 0; i < 20; i += 1) await lacking(["C5xC4"]); // (the same: a modified page, or a sync crossing ours)
  await lacking(["C5xC4", "B3xC4"]); // (more: its own progress, the rest on its way)
  assert.deepEqual(acts(), [1, 2], "nothing more within the wait");
  await lacking([]); // (less: only the one it never lacked before)
  assert.deepEqual(acts(), [1, 2, 0]);
  p.now += AGAIN_MS; // (a drop, and the next connection: what went may have been lost)
  await lacking(["C5xC4"]);
  assert.deepEqual(acts(), [1, 2, 0, 1, 2]);
  p.now += AGAIN_MS;
  await lacking(["C5xC4"]);
  assert.deepEqual(acts(), [1, 2, 0, 1, 2], "the wait doubled");
  for (let i = 0; i < 12; i += 1) {
    p.now += AGAIN_MAX_MS;
    await lacking(["C5xC4"]);
  }
  assert.equal(acts().length, 5 + 2 * 12, "at most once a minute, however long");
  // A take-back: the actions from its start are new ones.
  p.sent.length = 0;
  p.exchange.takenBack(1);
  p.game.state = state(["C5xC4", "E5xE4", "D4-E5"]);
  await lacking(["C5xC4"]);
  assert.deepEqual(p.sent, [{ t: "act", n: 1, a: "E5xE4" }, { t: "act", n: 2, a: "D4-E5" }]);
  // The next round: numbered from 0 again.
  const record = { game: GAME, end: null };
  const r = page(["C5xC4", "B3xC4", "D4-E5"], { side: "black", record });
  await r.exchange.synced({ actions: ["C5xC4"], round: 1, ended: null });
  record.game = { ...GAME, round: 2 }; // (the rematch: the same actions, say, in the next round)
  await r.exchange.synced({ actions: ["C5xC4"], round: 2, ended: null });
  assert.deepEqual(r.sent.map((m) => m.n), [1, 2, 1, 2], "round 2's actions are not round 1's");
});

test("ours sent as the game plays them, numbered, once; the turn's last with the time left", () => {
  const p = page([], { side: "black" });
  p.game.state = state(["C5xC4", "B3xC4"]);
  assert.equal(p.exchange.sendOurs(p.game.state, 1), true);
  p.game.state = state(["C5xC4", "B3xC4", "D4-E5"]);
  assert.equal(p.exchange.sendOurs(p.game.state, 2), true);
  assert.equal(p.exchange.sendOurs(p.game.state, 3), false, "nothing new");
  assert.deepEqual(p.sent, [{ t: "act", n: 1, a: "B3xC4" }, { t: "act", n: 2, a: "D4-E5", left: 1234 }]);
  p.exchange.acknowledged(3);
  p.exchange.takenBack(1);
  assert.deepEqual([p.exchange.sent, p.exchange.acked], [1, 1]);
});

test("the chat keeps the latest messages; a stranger's free text is refused", () => {
  assert.deepEqual(withMessage([1, 2], 3), [1, 2, 3]);
  const long = Array.from({ length: CHAT_KEPT }, (_, i) => i);
  assert.deepEqual(withMessage(long, "new"), [...long.slice(1), "new"]);
  for (const friend of [true, false]) {
    const seen = { sent: [], refused: [], said: [] };
    const chat = new Chat({ friend: () => friend, send: (m) => seen.sent.push(m), refuse: (why) => seen.refused.push(why), changed: () => {}, announce: (m) => seen.said.push(m) });
    chat.say({ say: "luck" });
    chat.received({ t: "chat", say: "gg" });
    chat.received({ t: "chat", text: "Nice move" });
    assert.deepEqual(seen.sent, [{ t: "chat", say: "luck" }]);
    const texts = chat.messages.map((m) => `${m.from}:${m.say ?? m.text}`);
    assert.deepEqual(texts, friend ? ["me:luck", "them:gg", "them:Nice move"] : ["me:luck", "them:gg"]);
    assert.deepEqual(seen.refused, friend ? [] : ["text"]);
  }
});

test("a rematch starts once both offered, in either order; not while it may not be offered", async () => {
  assert.deepEqual([rematchAfter(null, true), rematchAfter(null, false), rematchAfter("received", true), rematchAfter("sent", false)], ["sent", "received", "agreed", "agreed"]);
  assert.equal(rematchAfter("sent", true), "sent", "offered twice: still ours");
  for (const order of [["offer", "received"], ["received", "offer"]]) {
    const seen = { sent: [], agreed: 0 };
    const rematch = new RematchOffer({ possible: () => true, send: (m) => seen.sent.push(m), changed: () => {}, agreed: async () => (seen.agreed += 1) });
    await rematch[order[0]]();
    assert.equal(rematch.state, order[0] === "offer" ? "sent" : "received");
    assert.equal(rematch.agreed, false);
    await rematch[order[1]]();
    assert.deepEqual([seen.agreed, seen.sent, rematch.agreed], [1, [{ t: "rematch" }], true]);
    rematch.clear();
    assert.deepEqual(rematch.saved, { state: null, agreed: false });
  }
  // Kept in the record: a reload between the offers, or before the next round, keeps them.
  const port = { possible: () => true, send: () => {}, changed: () => {}, agreed: async () => {} };
  const reloaded = new RematchOffer(port, { state: "sent", agreed: false });
  await reloaded.received();
  assert.equal(reloaded.agreed, true);
  assert.equal(new RematchOffer(port, reloaded.saved).agreed, true);
  assert.deepEqual(new RematchOffer(port, { state: "won", agreed: "yes" }).saved, { state: null, agreed: false }, "a damaged save: nothing");
  const seen = { sent: [], agreed: 0 };
  const closed = new RematchOffer({ possible: () => false, send: (m) => seen.sent.push(m), changed: () => {}, agreed: async () => (seen.agreed += 1) });
  await closed.offer();
  await closed.received();
  assert.deepEqual([closed.state, seen.sent, seen.agreed], [null, [], 0]);
});
