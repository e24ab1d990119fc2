// web/online/lobby-model.js, lobby-messages.js and lobby-keys.js: the lobby of strangers.
// Messages read strictly (hostile ones ignored), wishes expiring and deduplicated, the list
// compatible-first, the handshake's races (two joiners, two "play anyone", crowds in any order
// of delivery) ending in one pairing each, floods limited, hundreds of wishes, a stranger's
// gone, accept or decline in another's name refused, an accept whose colours go against the
// wishes refused, and the two paired pages deriving the same room and secret.
import { test } from "node:test";
import assert from "node:assert/strict";

import { readMessage, writeMessage, shownName, coloursMeet, ownerHasWhite, coloursFit, isPublicKey, MAX_MESSAGE, WISH_TTL, CLOCK_SKEW, MAX_NAME } from "../../web/online/lobby-messages.js";
import { pairingRecord } from "../../web/online/record.js";
import { startFits } from "../../web/online/claims.js";
import { STANDARD } from "../../web/board/notation.js";
import { Lobby, gameOf, ANNOUNCE_EVERY, MIN_GAP, ANSWERS_WITHIN, PROPOSAL_TIMEOUT, MAX_WISHES, RATE_BURST } from "../../web/online/lobby-model.js";
import { makeKeys, deriveGame } from "../../web/online/lobby-keys.js";

const T0 = 1_800_000_000_000;
const KEY = "BCCbL3kQNjvwK-fEANdIpaxf-Bj6r-GBXqmAX55b9_PJuz9vcd5_7nUdrT_eOzgDBzHCW9bJI85oCFu06IcF5Q8"; // a P-256 public key
const hexId = (n) => n.toString(16).padStart(16, "0");
const wish = (n, fields = {}) => ({ id: hexId(n), name: `p${n}`, tc: "5+3", colour: "random", games: 0, since: T0, at: T0, key: KEY, ...fields });
const wishText = (n, fields) => writeMessage("wish", wish(n, fields));

/** A seeded random number source (mulberry32). */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Nostr public key (64 hex digits) whose lobby id is `id`: its first 16 digits (lobby-model.js idOf). */
const keyOf = (id, rest = "0") => id + rest.repeat(48);

/** Lobbies over a network that delivers each message to every other lobby, in an order chosen
 * by `random`, with its sender's key (as lobby.js hands it on from signal.js). */
function network(count, random = seeded(1)) {
  let next = 1000;
  const lobbies = [];
  const inboxes = [];
  for (let i = 0; i < count; i++) {
    lobbies.push(new Lobby({ id: hexId(0xa000 + i), key: KEY, makeId: () => hexId(next++), coin: () => random() < 0.5, random }));
    inboxes.push([]);
  }
  const publish = (from, texts) => {
    for (const text of texts) inboxes.forEach((inbox, i) => i !== from && inbox.push([text, keyOf(lobbies[from].id)]));
  };
  /** Deliver every message, one at a time, each to a lobby chosen at random (per lobby: in order). */
  const settle = (now) => {
    for (;;) {
      const waiting = inboxes.map((inbox, i) => (inbox.length ? i : -1)).filter((i) => i >= 0);
      if (!waiting.length) return;
      const i = waiting[Math.floor(random() * waiting.length)];
      const [text, sender] = inboxes[i].shift();
      publish(i, lobbies[i].receive(text, now, sender));
    }
  };
  return { lobbies, publish, settle };
}

const terms = (n, fields = {}) => ({ name: `p${n}`, tc: "5+3", colour: "random", games: 0, ...fields });

test("a message is read only when it is exactly one of the shapes", () => {
  const good = wishText(1);
  assert.deepEqual(readMessage(good, T0), { v: 1, t: "wish", ...wish(1) });
  const bad = [
    "not json",
    "null",
    "[]",
    "42",
    JSON.stringify({ ...JSON.parse(good), extra: 1 }),
    JSON.stringify({ ...JSON.parse(good), v: 2 }),
    JSON.stringify({ ...JSON.parse(good), t: "toString" }),
    JSON.stringify({ ...JSON.parse(good), t: "__proto__" }),
    JSON.stringify({ ...JSON.parse(good), id: "ABCDEF0123456789" }),
    JSON.stringify({ ...JSON.parse(good), id: 12 }),
    JSON.stringify({ ...JSON.parse(good), tc: "1+0" }),
    JSON.stringify({ ...JSON.parse(good), colour: "red" }),
    JSON.stringify({ ...JSON.parse(good), games: -1 }),
    JSON.stringify({ ...JSON.parse(good), games: 1.5 }),
    JSON.stringify({ ...JSON.parse(good), games: "3" }),
    JSON.stringify({ ...JSON.parse(good), key: "short" }),
    JSON.stringify({ ...JSON.parse(good), name: "" }),
    JSON.stringify({ ...JSON.parse(good), name: "x".repeat(MAX_NAME + 1) }),
    JSON.stringify({ ...JSON.parse(good), name: "evil\u202Eeman" }),
    JSON.stringify({ ...JSON.parse(good), name: "two\nlines" }),
    JSON.stringify({ ...JSON.parse(good), name: " padded " }),
    JSON.stringify({ ...JSON.parse(good), name: ["p1"] }),
    JSON.stringify({ ...JSON.parse(good), since: T0 + 1 }), // posted after it was sent
    JSON.stringify({ ...JSON.parse(good), at: T0 + CLOCK_SKEW + 1, since: T0 }), // from the future
    '{"v":1,"t":"wish","__proto__":{"x":1}}',
    " ".repeat(MAX_MESSAGE + 1),
    writeMessage("accept", { id: hexId(1), to: hexId(2), pid: hexId(3), white: hexId(2), at: T0 }).replace(hexId(2) + '","at', hexId(4) + '","at'),
  ];
  for (const text of bad) assert.equal(readMessage(text, T0), null, text);
  // Only the text as received is read: padded past the limit, it is too long however short
  // it would be written again; a value parsed already is not read at all.
  assert.equal(readMessage(good + " ".repeat(MAX_MESSAGE), T0), null);
  assert.equal(readMessage(good.replace(",", ", ".padEnd(MAX_MESSAGE, " ")), T0), null);
  assert.equal(readMessage(JSON.parse(good), T0), null);
  // too old: a wish after its life (a relay's stored copy), an answer after the clock skew
  assert.equal(readMessage(good, T0 + WISH_TTL + CLOCK_SKEW + 1), null);
  const gone = writeMessage("gone", { id: hexId(1), at: T0 });
  assert.notEqual(readMessage(gone, T0 + CLOCK_SKEW), null);
  assert.equal(readMessage(gone, T0 + CLOCK_SKEW + 1), null);
  assert.throws(() => writeMessage("wish", { ...wish(1), name: "" }), /Not a lobby message/);
});

test("a name is shown as typed, white space collapsed, or refused", () => {
  assert.equal(shownName("  Ada   Lovelace "), "Ada Lovelace");
  assert.equal(shownName("Łukasz Żółć"), "Łukasz Żółć");
  assert.equal(shownName("x".repeat(MAX_NAME)), "x".repeat(MAX_NAME));
  for (const bad of ["", "   ", "x".repeat(MAX_NAME + 1), "a\u0000b", "a\u200Bb", "a\u202Eb", null, 3]) assert.equal(shownName(bad), null);
  assert.equal(shownName("<img src=x onerror=f()>"), "<img src=x onerror=f()>"); // text, shown as text
});

test("colour wishes meet unless both want the same colour; who has White", () => {
  assert.equal(coloursMeet("white", "white"), false);
  assert.equal(coloursMeet("black", "black"), false);
  assert.equal(coloursMeet("white", "black"), true);
  assert.equal(coloursMeet("random", "white"), true);
  assert.equal(ownerHasWhite("white", "random", false), true);
  assert.equal(ownerHasWhite("black", "random", true), false);
  assert.equal(ownerHasWhite("random", "white", true), false);
  assert.equal(ownerHasWhite("random", "black", false), true);
  assert.equal(ownerHasWhite("random", "random", true), true);
  assert.equal(ownerHasWhite("random", "random", false), false);
  // the colours of an accept, checked by the proposer: the owner's choice only when both said random
  for (const [owner, proposer, fits] of [["white", "random", [true]], ["black", "random", [false]], ["random", "white", [false]], ["random", "black", [true]], ["random", "random", [true, false]], ["white", "black", [true]], ["white", "white", []]]) {
    assert.deepEqual([true, false].filter((ownerWhite) => coloursFit(owner, proposer, ownerWhite)), fits, `${owner} against ${proposer}`);
  }
});

test("a wish is announced again every ANNOUNCE_EVERY and lives WISH_TTL after the last one seen", () => {
  const [a, b] = network(2).lobbies;
  const first = a.post(terms(1), T0);
  assert.equal(first.length, 1);
  assert.deepEqual(a.tick(T0 + ANNOUNCE_EVERY - 1), []);
  const again = a.tick(T0 + ANNOUNCE_EVERY);
  assert.equal(again.length, 1);
  assert.equal(JSON.parse(again[0]).since, T0, "the same wish, posted at T0");
  b.receive(first[0], T0);
  assert.equal(b.view(terms(2), T0 + WISH_TTL - 1).wishes.length, 1);
  b.tick(T0 + WISH_TTL);
  assert.equal(b.view(terms(2), T0 + WISH_TTL).wishes.length, 0, "expired");
  b.receive(first[0], T0 + 1);
  b.receive(again[0], T0 + ANNOUNCE_EVERY);
  b.tick(T0 + WISH_TTL + 1);
  assert.equal(b.view(terms(2), T0 + WISH_TTL + 1).wishes.length, 1, "kept alive by the announcement");
  assert.deepEqual(a.withdraw(T0 + 40_000).map((t) => JSON.parse(t).t), ["gone"]);
  assert.deepEqual(a.tick(T0 + 10 * ANNOUNCE_EVERY), [], "no announcement once withdrawn");
});

test("a newcomer's hello is answered at once; newcomers in a row, once in MIN_GAP after an answer", () => {
  const [a, b, c] = network(3).lobbies;
  a.post(terms(1), T0);
  const answer = a.receive(b.hello(T0 + 1000)[0], T0 + 1000);
  assert.equal(JSON.parse(answer[0]).t, "wish", "at once: the newcomer was not there to hear the post 1 s ago");
  assert.equal(a.receive(c.hello(T0 + 2000)[0], T0 + 2000).length, 0, "answered another hello 1 s ago: not yet");
  assert.equal(a.receive(b.hello(T0 + 3000)[0], T0 + 3000).length, 0, "nor for a third newcomer");
  assert.equal(a.tick(T0 + 1000 + MIN_GAP - 1).length, 0);
  assert.equal(a.tick(T0 + 1000 + MIN_GAP).length, 1, "one answer for both, MIN_GAP after the last answer");
  assert.equal(a.tick(T0 + 1000 + MIN_GAP + ANNOUNCE_EVERY - 1).length, 0, "then the next a whole period later");
  const every = T0 + 1000 + MIN_GAP + ANNOUNCE_EVERY;
  assert.equal(a.tick(every).length, 1, "announced as every ANNOUNCE_EVERY, no hello before it");
  assert.equal(a.receive(c.hello(every + 1000)[0], every + 1000).length, 1, "that holds no answer back");
  assert.equal(a.tick(every + 1000 + ANNOUNCE_EVERY - 1).length, 0, "and the next one a whole period later");
  let sent = 0; // a newcomer every half second for 10 MIN_GAP: one answer in each MIN_GAP
  for (let at = every + 2000, n = 0; at < every + 2000 + 10 * MIN_GAP; at += 500, n += 1) {
    const newcomer = hexId(0x5000 + n); // (each its own key: its own budget)
    sent += a.receive(writeMessage("hello", { id: newcomer, at }), at, keyOf(newcomer)).length + a.tick(at).length;
  }
  assert.equal(sent, 10);
});

test("a newcomer is looking, not told nobody waits, until the answers to its hello can have come", () => {
  const [a, b, d] = network(3).lobbies;
  assert.equal(b.view(terms(2), T0).looking, false, "no hello said: nothing awaited");
  a.post(terms(1), T0);
  a.receive(d.hello(T0 + 500)[0], T0 + 500); // another newcomer just before, answered at once
  const hello = b.hello(T0 + 1000)[0];
  assert.equal(a.receive(hello, T0 + 1000).length, 0, "its answer held until MIN_GAP after that answer");
  assert.ok(ANSWERS_WITHIN > MIN_GAP, "the wait covers the longest hold, and a margin");
  const seen = b.view(terms(2), T0 + 500 + MIN_GAP);
  assert.deepEqual([seen.wishes.length, seen.looking], [0, true], "still looking, though nothing came yet");
  b.receive(a.tick(T0 + 500 + MIN_GAP)[0], T0 + 1000 + MIN_GAP);
  assert.equal(b.view(terms(2), T0 + 1000 + MIN_GAP).wishes.length, 1, "the answer came within the wait");
  const [c] = network(1).lobbies;
  c.hello(T0);
  assert.equal(c.view(terms(2), T0 + ANSWERS_WITHIN - 1).looking, true);
  assert.equal(c.view(terms(2), T0 + ANSWERS_WITHIN).looking, false, "then an empty list means nobody waits");
});

test("the same wish twice (two relays), an older copy and a copy after it is gone are one entry or none", () => {
  const [b] = network(1).lobbies;
  b.receive(wishText(7, { at: T0 + 30_000 }), T0 + 30_000);
  b.receive(wishText(7, { at: T0 + 30_000 }), T0 + 30_001);
  b.receive(wishText(7, { at: T0 }), T0 + 30_002);
  assert.equal(b.view(terms(2), T0 + 30_003).wishes.length, 1);
  b.receive(writeMessage("gone", { id: hexId(7), at: T0 + 31_000 }), T0 + 31_000);
  b.receive(wishText(7, { at: T0 + 30_000 }), T0 + 31_001); // a late copy from a slower relay
  assert.equal(b.view(terms(2), T0 + 31_002).wishes.length, 0);
  b.receive(wishText(7, { at: T0 + 60_000 }), T0 + 60_000); // posted again later
  assert.equal(b.view(terms(2), T0 + 60_001).wishes.length, 1);
});

test("the list: compatible wishes first, each part oldest first", () => {
  const [b] = network(1).lobbies;
  b.receive(wishText(1, { tc: "10+5", since: T0 - 9000 }), T0);
  b.receive(wishText(2, { since: T0 - 1000 }), T0);
  b.receive(wishText(3, { colour: "white", since: T0 - 5000 }), T0);
  b.receive(wishText(4, { since: T0 - 3000 }), T0);
  b.receive(wishText(5, { colour: "black", since: T0 - 8000 }), T0);
  const view = b.view({ tc: "5+3", colour: "white" }, T0);
  assert.deepEqual(view.wishes.map((w) => [w.name, w.compatible]), [["p5", true], ["p4", true], ["p2", true], ["p1", false], ["p3", false]]);
});

test("join: the waiting player accepts, both are paired with opposite colours, the wish leaves every list", () => {
  const { lobbies: [owner, joiner, watcher], publish, settle } = network(3);
  publish(0, owner.post(terms(1, { colour: "black", games: 4 }), T0));
  settle(T0);
  assert.equal(watcher.view(terms(3), T0).wishes[0].games, 4);
  publish(1, joiner.join(owner.id, { name: "p2", games: 9 }, T0 + 1));
  assert.deepEqual(joiner.view(terms(2), T0 + 1).pending, { to: owner.id, name: "p1" });
  settle(T0 + 2);
  assert.equal(owner.paired.colour, "black");
  assert.equal(joiner.paired.colour, "white");
  assert.equal(owner.paired.pid, joiner.paired.pid);
  assert.deepEqual([owner.paired.opponent.name, owner.paired.opponent.games], ["p2", 9]);
  assert.deepEqual([joiner.paired.opponent.name, joiner.paired.name], ["p1", "p2"]);
  assert.equal(watcher.view(terms(3), T0 + 3).wishes.length, 0);
  assert.deepEqual(owner.tick(T0 + ANNOUNCE_EVERY), [], "no more announcements once paired");
});

test("a proposal the waiting player cannot meet is declined; an unanswered one times out", () => {
  const { lobbies: [owner, joiner], publish, settle } = network(2);
  publish(0, owner.post(terms(1, { colour: "white" }), T0));
  settle(T0);
  // a hand-made proposal wanting White too
  const clash = writeMessage("propose", { id: joiner.id, to: owner.id, pid: hexId(99), name: "p2", tc: "5+3", colour: "white", games: 0, key: KEY, at: T0 });
  const answer = owner.receive(clash, T0);
  assert.equal(JSON.parse(answer[0]).why, "incompatible");
  assert.equal(owner.paired, null);
  // the owner vanishes: the joiner's proposal fails after PROPOSAL_TIMEOUT
  joiner.join(owner.id, { name: "p2", games: 0 }, T0 + 10);
  joiner.tick(T0 + 10 + PROPOSAL_TIMEOUT);
  assert.equal(joiner.view(terms(2), T0 + 20_000).notice.what, "timeout");
  assert.equal(joiner.pending, null);
});

test("an accept that gives the proposer a colour the two wishes do not allow is refused: the proposal fails, nobody is paired", () => {
  // A modified page of the waiting player (Mallory) chooses the colours itself: the proposer
  // checks them against both wishes (the free choice is the one who waited's only when both
  // said "random"; lobby-messages.js ownerHasWhite).
  const mallory = hexId(0xaa);
  const answer = (bob, proposal, white, at) => bob.receive(writeMessage("accept", { id: mallory, to: bob.id, pid: JSON.parse(proposal).pid, white, at }), at);
  const bobWith = (malloryColour) => {
    const bob = new Lobby({ id: hexId(0xbb), key: KEY, makeId: () => hexId(0xcc), coin: () => true });
    bob.receive(wishText(0xaa, { name: "Mallory", colour: malloryColour }), T0);
    return bob;
  };
  // She waits wishing Black (whoever joins plays White); Bob joins; her accept gives her White.
  let bob = bobWith("black");
  let [proposal] = bob.join(mallory, { name: "Bob", games: 3 }, T0 + 10);
  assert.equal(JSON.parse(proposal).colour, "random", "Bob takes Mallory's terms");
  assert.deepEqual(answer(bob, proposal, mallory, T0 + 20), []);
  assert.equal(bob.paired, null, "Bob is not paired as Black against Mallory's own wish");
  assert.equal(bob.pending, null, "his proposal has failed");
  assert.deepEqual(bob.view(terms(2), T0 + 20).notice, { what: "incompatible", name: "Mallory" });
  assert.equal(bob.view(terms(2), T0 + 20).wishes.length, 0, "her wish leaves the list (she said she is paired)");
  // Bob plays anyone wishing White; she waits with either colour and gives him Black.
  bob = bobWith("random");
  [proposal] = bob.playAnyone(terms(2, { colour: "white" }), T0 + 10).filter((text) => JSON.parse(text).t === "propose");
  assert.equal(JSON.parse(proposal).colour, "white");
  const again = answer(bob, proposal, mallory, T0 + 20);
  assert.equal(bob.paired, null, "Bob wished White and is not paired as Black");
  assert.equal(bob.view(terms(2), T0 + 20).notice.what, "incompatible");
  assert.deepEqual(again.map((text) => JSON.parse(text).t), ["wish"], "his wish is announced again at once (the others took it off on her accept), and no proposal to her again");
  assert.deepEqual(bob.tick(T0 + 1000), [], "'play anyone' leaves her alone");
  // An accept that comes after the proposal timed out is checked the same.
  bob = bobWith("white");
  [proposal] = bob.join(mallory, { name: "Bob", games: 3 }, T0 + 10);
  bob.tick(T0 + 10 + PROPOSAL_TIMEOUT);
  answer(bob, proposal, bob.id, T0 + 20 + PROPOSAL_TIMEOUT);
  assert.equal(bob.paired, null, "a late accept giving Bob White against her wish of White");
  // The accepts that fit pair as before: her wish followed, or her choice when both said random.
  for (const [malloryColour, white, colour] of [["black", hexId(0xbb), "white"], ["white", mallory, "black"], ["random", mallory, "black"], ["random", hexId(0xbb), "white"]]) {
    bob = bobWith(malloryColour);
    [proposal] = bob.join(mallory, { name: "Bob", games: 3 }, T0 + 10);
    answer(bob, proposal, white, T0 + 20);
    assert.equal(bob.paired?.colour, colour, `Mallory ${malloryColour}, White: ${white}`);
  }
});

test("two strangers join the same waiting player at once: one pairing, the other is told it was taken", () => {
  for (let seed = 1; seed <= 30; seed++) {
    const { lobbies: [owner, a, b], publish, settle } = network(3, seeded(seed));
    publish(0, owner.post(terms(1), T0));
    settle(T0);
    publish(1, a.join(owner.id, terms(2), T0 + 1));
    publish(2, b.join(owner.id, terms(3), T0 + 1));
    settle(T0 + 2);
    const winners = [a, b].filter((l) => l.paired);
    assert.equal(winners.length, 1, `seed ${seed}`);
    assert.equal(owner.paired.opponent.id, winners[0].id);
    const loser = winners[0] === a ? b : a;
    assert.equal(loser.view(terms(3), T0 + 3).notice.what, "taken");
    assert.equal(loser.view(terms(3), T0 + 3).wishes.length, 0, "the taken wish disappears");
  }
});

test("two players press 'play anyone' at once: they are paired with each other, exactly once", () => {
  for (let seed = 1; seed <= 30; seed++) {
    const { lobbies: [a, b], publish, settle } = network(2, seeded(seed));
    publish(0, a.playAnyone(terms(1), T0));
    publish(1, b.playAnyone(terms(2), T0));
    settle(T0 + 1);
    assert.ok(a.paired && b.paired, `seed ${seed}`);
    assert.equal(a.paired.pid, b.paired.pid);
    assert.notEqual(a.paired.colour, b.paired.colour);
    assert.equal(a.paired.opponent.id, b.id);
  }
});

test("a crowd pressing 'play anyone' in any order of delivery: pairs that point at each other, none twice", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const random = seeded(seed);
    const { lobbies, publish, settle } = network(9, random);
    lobbies.forEach((lobby, i) => publish(i, lobby.playAnyone(terms(i + 1, { tc: i < 6 ? "5+3" : "3+2" }), T0 + Math.floor(random() * 100))));
    let now = T0 + 100;
    for (let round = 0; round < 30; round++) {
      settle(now);
      now += 1000;
      lobbies.forEach((lobby, i) => publish(i, lobby.tick(now)));
    }
    settle(now);
    const byId = new Map(lobbies.map((l) => [l.id, l]));
    for (const lobby of lobbies.filter((l) => l.paired)) {
      const other = byId.get(lobby.paired.opponent.id);
      assert.equal(other.paired?.opponent.id, lobby.id, `seed ${seed}: ${lobby.id} paired with one who is not paired back`);
      assert.equal(other.paired.pid, lobby.paired.pid);
      assert.equal(other.paired.tc, lobby.paired.tc);
    }
    // six at 5+3, three at 3+2: everyone but one 3+2 player is paired
    assert.equal(lobbies.filter((l) => l.paired).length, 8, `seed ${seed}`);
  }
});

test("'play anyone' waits when no wish is compatible, and proposes when one comes", () => {
  const { lobbies: [a, b], publish, settle } = network(2);
  publish(0, a.playAnyone(terms(1, { colour: "white" }), T0));
  publish(1, b.post(terms(2, { colour: "white" }), T0)); // both want White
  settle(T0);
  assert.equal(a.pending, null);
  publish(1, b.withdraw(T0 + 1));
  publish(1, b.post(terms(2, { colour: "black" }), T0 + 2));
  settle(T0 + 2);
  assert.equal(a.paired.colour, "white");
  assert.equal(b.paired.colour, "black");
});

test("a flood from one sender is cut to its budget; forged answers and garbage do not break the list", () => {
  const [b] = network(1).lobbies;
  b.receive(wishText(1), T0);
  for (let i = 0; i < 100; i++) b.receive(wishText(2, { at: T0 + i + 1 }), T0 + i); // 100 announcements in 0.1 s
  assert.ok(b.budgets.get(hexId(2)).tokens < 1, "its budget is spent");
  b.receive(writeMessage("gone", { id: hexId(2), at: T0 + 200 }), T0 + 200);
  assert.equal(b.view(terms(3), T0 + 200).wishes.length, 2, "a spent sender's gone is ignored too");
  for (const junk of ["{", '{"v":1}', "x".repeat(10_000), '{"v":1,"t":"wish"}', "\u0000", "[1,2,3]"]) b.receive(junk, T0 + 300);
  // an accept between strangers takes no other wish away
  b.receive(writeMessage("accept", { id: hexId(8), to: hexId(9), pid: hexId(10), white: hexId(8), at: T0 + 400 }), T0 + 400);
  assert.deepEqual(b.view(terms(3), T0 + 400).wishes.map((w) => w.id).sort(), [hexId(1), hexId(2)]);
  assert.ok(RATE_BURST < 100);
});

test("a stranger's gone, accept or decline naming another player is refused; the players' own are taken", () => {
  const { lobbies: [owner, joiner, watcher, other], publish, settle } = network(4);
  const stranger = keyOf(hexId(0xbad), "b"); // any page in the lobby: it has its own key, no other's
  publish(0, owner.post(terms(1), T0));
  publish(3, other.post(terms(4, { tc: "10+5" }), T0));
  settle(T0);
  const listed = (lobby, at) => lobby.view(terms(3), at).wishes.map((w) => w.name).sort();
  assert.deepEqual(listed(watcher, T0), ["p1", "p4"]);
  // another's gone: the wish stays on every list
  watcher.receive(writeMessage("gone", { id: owner.id, at: T0 + 1 }), T0 + 1, stranger);
  assert.deepEqual(listed(watcher, T0 + 1), ["p1", "p4"]);
  // an accept between two others (in their names, or in the stranger's own naming another): both stay
  const between = [
    writeMessage("accept", { id: owner.id, to: other.id, pid: hexId(77), white: owner.id, at: T0 + 2 }),
    writeMessage("accept", { id: hexId(0xbad), to: other.id, pid: hexId(78), white: other.id, at: T0 + 2 }),
  ];
  for (const text of between) watcher.receive(text, T0 + 2, stranger);
  assert.deepEqual(listed(watcher, T0 + 2), ["p1", "p4"]);
  // the joiner proposes; the stranger, who saw the proposal, answers it in the owner's name
  const [proposal] = joiner.join(owner.id, { name: "p2", games: 0 }, T0 + 3);
  const { pid } = JSON.parse(proposal);
  joiner.receive(writeMessage("accept", { id: owner.id, to: joiner.id, pid, white: joiner.id, at: T0 + 4 }), T0 + 4, stranger);
  joiner.receive(writeMessage("decline", { id: owner.id, to: joiner.id, pid, why: "busy", at: T0 + 4 }), T0 + 4, stranger);
  assert.equal(joiner.paired, null, "a forged accept pairs nobody");
  assert.equal(joiner.pending?.to, owner.id, "and a forged decline fails nothing");
  // the players' own messages: the owner's accept pairs them and takes both wishes away
  publish(1, [proposal]);
  settle(T0 + 5);
  assert.equal(joiner.paired?.opponent.id, owner.id);
  assert.equal(owner.paired?.opponent.id, joiner.id);
  assert.deepEqual(listed(watcher, T0 + 5), ["p4"]);
  // the other's own gone takes its wish away
  publish(3, other.withdraw(T0 + 6));
  settle(T0 + 6);
  assert.deepEqual(listed(watcher, T0 + 6), []);
});

test("an accept takes its proposer's wish away only once that proposal was seen, in either order", () => {
  const [owner, joiner, watcher] = network(3).lobbies;
  const hear = (lobby, from, texts, at) => texts.forEach((text) => lobby.receive(text, at, keyOf(from.id)));
  const posted = [owner.post(terms(1), T0), joiner.post(terms(2), T0)];
  hear(watcher, owner, posted[0], T0);
  hear(watcher, joiner, posted[1], T0);
  hear(joiner, owner, posted[0], T0);
  const proposal = joiner.join(owner.id, { name: "p2", games: 0 }, T0 + 1);
  const accept = owner.receive(proposal[0], T0 + 1, keyOf(joiner.id));
  assert.equal(JSON.parse(accept[0]).t, "accept");
  hear(watcher, owner, accept, T0 + 2); // before the proposal (another relay, slower)
  assert.deepEqual(watcher.view(terms(3), T0 + 2).wishes.map((w) => w.name), ["p2"], "the owner's own wish goes");
  hear(watcher, joiner, proposal, T0 + 3);
  assert.deepEqual(watcher.view(terms(3), T0 + 3).wishes, [], "the joiner's once its proposal is seen");
  // A proposal named by an accept but from another key: no proposal of the named player
  const late = network(3).lobbies[2];
  hear(late, joiner, posted[1], T0);
  late.receive(proposal[0], T0 + 1, keyOf(hexId(0xbad), "b"));
  hear(late, owner, accept, T0 + 2);
  assert.deepEqual(late.view(terms(3), T0 + 2).wishes.map((w) => w.name), ["p2"]);
});

test("senders under new ids each time fill the list only up to MAX_WISHES", () => {
  const [b] = network(1).lobbies;
  for (let i = 1; i <= MAX_WISHES + 200; i++) b.receive(wishText(i), T0);
  assert.equal(b.view(terms(0), T0).wishes.length, MAX_WISHES);
  b.tick(T0 + WISH_TTL);
  assert.equal(b.view(terms(0), T0 + WISH_TTL).wishes.length, 0, "and they expire");
});

test("hundreds of waiting players: the list holds them all, compatible first", () => {
  const [b] = network(1).lobbies;
  const controls = ["untimed", "3+2", "5+3", "10+5", "20+10"];
  for (let i = 1; i <= 500; i++) b.receive(wishText(i, { tc: controls[i % 5], colour: ["white", "black", "random"][i % 3], since: T0 - i }), T0);
  const { wishes } = b.view({ tc: "5+3", colour: "white" }, T0);
  assert.equal(wishes.length, 500);
  const compatible = wishes.filter((w) => w.compatible);
  assert.ok(compatible.every((w) => w.tc === "5+3" && w.colour !== "white"));
  assert.equal(compatible.length, [...Array(500).keys()].map((k) => k + 1).filter((i) => i % 5 === 2 && i % 3 !== 0).length);
  assert.ok(wishes.slice(0, compatible.length).every((w) => w.compatible));
  for (let k = 1; k < compatible.length; k++) assert.ok(compatible[k - 1].since <= compatible[k].since);
});

test("the two paired players derive the same room and secret; another key does not", async () => {
  const [a, b, c] = await Promise.all([makeKeys(), makeKeys(), makeKeys()]);
  assert.match(a.publicText, /^[A-Za-z0-9_-]{87}$/);
  const ids = { pid: hexId(5), owner: hexId(1), proposer: hexId(2) };
  const one = await deriveGame(a.privateKey, b.publicText, ids);
  const two = await deriveGame(b.privateKey, a.publicText, ids);
  assert.deepEqual(one, two);
  assert.match(one.room, /^[0-9a-f]{32}$/);
  assert.match(one.secret, /^[A-Za-z0-9_-]{32}$/);
  assert.notDeepEqual(await deriveGame(c.privateKey, b.publicText, ids), one);
  assert.notDeepEqual(await deriveGame(a.privateKey, b.publicText, { ...ids, pid: hexId(6) }), one);
  // a key that is not a point of the curve is refused by the messages' check, as WebCrypto would
  const offCurve = KEY.slice(0, -2) + (KEY.at(-2) === "A" ? "B" : "A") + KEY.at(-1);
  assert.equal(isPublicKey(KEY), true);
  assert.equal(isPublicKey(offCurve), false);
  assert.equal(isPublicKey("B".repeat(87)), false);
  await assert.rejects(deriveGame(a.privateKey, offCurve, ids));
  assert.equal(readMessage(writeMessage("wish", wish(1)).replace(KEY, offCurve), T0), null);
  for (const keys of [a, b, c]) assert.equal(isPublicKey(keys.publicText), true);
  // a key as the messages carry it is read by the model
  assert.notEqual(readMessage(writeMessage("wish", wish(1, { key: a.publicText })), T0), null);
});

test("a pairing as startOnlineGame takes it: the one who waited hosts, with the host's colour and time control", () => {
  const { lobbies: [owner, joiner], publish, settle } = network(2);
  publish(0, owner.post(terms(1, { colour: "black", tc: "10+5" }), T0));
  settle(T0);
  publish(1, joiner.join(owner.id, { name: "p2", games: 0 }, T0));
  settle(T0);
  const secrets = { room: "r", secret: "s" };
  const host = gameOf(owner.paired, owner.id, secrets);
  const guest = gameOf(joiner.paired, joiner.id, secrets);
  assert.deepEqual(host, { room: "r", secret: "s", role: "host", colour: "black", clock: "10+5", names: { host: "p1", guest: "p2" } });
  assert.deepEqual(guest, { ...host, role: "guest" });
  // The records the two pages start (record.js pairingRecord): the guest takes the host's game, and no other.
  const hostRecord = pairingRecord(host);
  const guestRecord = pairingRecord(guest);
  assert.deepEqual([hostRecord.game.white, hostRecord.game.clock, hostRecord.game.start], ["guest", "10+5", STANDARD]);
  assert.equal(guestRecord.game, null);
  assert.equal(startFits(guestRecord, hostRecord.game, false), "first");
  assert.equal(startFits(guestRecord, { ...hostRecord.game, white: "host" }, false), null);
  assert.equal(startFits(guestRecord, { ...hostRecord.game, start: STANDARD.replace("w1", "b1") }, false), null);
});

test("an accept that comes after the proposal timed out still pairs the proposer, unless it has proposed to another since", () => {
  // the relays slow: the owner accepts in time by its clock, the joiner hears it after its timeout
  const { lobbies: [owner, joiner], publish, settle } = network(2);
  publish(0, owner.post(terms(1), T0));
  settle(T0);
  const proposal = joiner.join(owner.id, { name: "p2", games: 0 }, T0 + 1);
  const accept = owner.receive(proposal[0], T0 + 2);
  assert.ok(owner.paired);
  joiner.tick(T0 + 1 + PROPOSAL_TIMEOUT);
  assert.equal(joiner.pending, null, "timed out");
  joiner.receive(accept[0], T0 + 2 + PROPOSAL_TIMEOUT);
  assert.ok(joiner.paired, "the page that accepted is not left alone");
  assert.equal(joiner.paired.pid, owner.paired.pid);
  assert.equal(joiner.paired.opponent.id, owner.id);
  assert.notEqual(joiner.paired.colour, owner.paired.colour);
  // one who proposed to a third since then keeps that proposal: the late accept is not taken
  const three = network(3);
  const [o, j, other] = three.lobbies;
  three.publish(0, o.post(terms(1), T0));
  three.publish(2, other.post(terms(3), T0));
  three.settle(T0);
  const late = o.receive(j.join(o.id, { name: "p2", games: 0 }, T0 + 1)[0], T0 + 2);
  j.tick(T0 + 1 + PROPOSAL_TIMEOUT);
  j.join(other.id, { name: "p2", games: 0 }, T0 + 2 + PROPOSAL_TIMEOUT);
  j.receive(late[0], T0 + 3 + PROPOSAL_TIMEOUT);
  assert.equal(j.paired, null);
  assert.equal(j.pending.to, other.id);
});

test("proposals under fresh keys and fresh pids: what the proposed-to player remembers of them expires, and it answers few", () => {
  // 30 proposals a second for an hour (108,000), each from a fresh key (its own rate budget)
  // under a fresh pid, to a player who waits for another time control; then to one not waiting.
  const target = hexId(0xee);
  const proposal = (i, at) => writeMessage("propose", { id: hexId(0x10000 + i), to: target, pid: hexId(0x1000000 + i), name: "x", tc: "20+10", colour: "random", games: 0, key: KEY, at });
  for (const waiting of [true, false]) {
    const lobby = new Lobby({ id: target, key: KEY });
    if (waiting) lobby.post(terms(1), T0);
    let declines = 0;
    let seenMost = 0;
    for (let i = 0; i < 108_000; i += 1) {
      const now = T0 + Math.floor(i / 30) * 1000;
      if (i % 30 === 0) lobby.tick(now);
      declines += lobby.receive(proposal(i, now), now, keyOf(hexId(0x10000 + i))).filter((text) => JSON.parse(text).t === "decline").length;
      seenMost = Math.max(seenMost, lobby.seen.size);
    }
    assert.ok(seenMost <= MAX_WISHES, `${seenMost} proposals remembered at once (waiting: ${waiting})`);
    if (waiting) assert.ok(declines <= RATE_BURST + 3600, `${declines} declines published in an hour`);
    else assert.equal(declines, 0, "a player not waiting answered proposals");
  }
});
