// What the other player's own page claims, modified: an end it cannot make, a game other than
// the one agreed. Played with the real Session, Connection and Handshake of both pages over a
// room in memory (online-room.mjs); the modified page sends any message through its chat's
// port (Chat.say spreads what it is given over {t: "chat"}: what an edited page would send),
// and the receiving page checks it as any message (protocol.js, claims.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { pairingRecord } from "../../web/online/record.js";
import { Session } from "../../web/online/session.js";
import { GAME, ROOM, SECRET, STANDARD, Network, fakeGame, players, rulesGame, session, storage, until } from "./online-room.mjs";

/** What a modified page sends: any message. */
const inject = (page, message) => page.chat.say(message);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const abandoned = (loser) => ({ t: "sync", actions: [], round: 1, ended: { reason: "abandoned", loser } });

test("a page once closed long enough takes an abandonment only in the first sync after it is back, not later in the game", async () => {
  // The guest (Black) was closed two minutes (a phone's browser dropped the tab), then loaded again.
  const records = await players({ guest: { alive: Date.now() - 120_000 } });
  const network = new Network();
  const host = await session(network, "H", records.host);
  const guest = await session(network, "G", records.guest);
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
  await until(() => guest.exchange.sent === 0 && guest.refusal === null && host.refusal === null, "the first syncs through");
  await pause(200);
  assert.equal(guest.record.end, null, "the host's first sync claimed nothing");
  // Later, when it suits it (losing), the host's page says the guest left the game.
  inject(host, abandoned("black"));
  await until(() => guest.record.end || guest.refusal, "the guest's page answers the claim");
  assert.equal(guest.record.end, null, `the guest's page, open and playing, took "${guest.record.end?.reason}"`);
  assert.equal(guest.refusal?.why, "end");
  await Promise.all([host.close(), guest.close()]);
});

test("a page back after two minutes away takes the abandonment the other page claimed meanwhile (its first sync)", async () => {
  const records = await players({ guest: { alive: Date.now() - 120_000 } });
  const network = new Network();
  const host = await session(network, "H", records.host);
  records.host.end = { reason: "abandoned", loser: "black" }; // (claimed while the guest was away: its next sync says so)
  const guest = await session(network, "G", records.guest);
  await until(() => guest.record.end || guest.refusal, "the guest's page answers the claim");
  assert.deepEqual(guest.record.end, { reason: "abandoned", loser: "black" });
  await Promise.all([host.close(), guest.close()]);
});

test("a game the rules have ended takes no other end the other page claims", async () => {
  const records = await players();
  const network = new Network();
  const host = await session(network, "H", records.host);
  const guest = await session(network, "G", records.guest);
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
  guest.board.state.view = { side: "white", winner: "black" }; // the guest (Black) has won by the rules
  inject(host, { t: "resign" }); // (the host's own resignation: the only end it may claim, too late)
  inject(host, abandoned("black"));
  await until(() => guest.record.end || (guest.refusal?.n ?? 0) >= 2, "the guest's page answers both");
  assert.equal(guest.record.end, null, `the rules' win became "${guest.record.end?.reason}"`);
  await Promise.all([host.close(), guest.close()]);
});

/** The two pages of a lobby's pairing (record.js pairingRecord: the host White, 5+3), the host's
 * page modified to start `game` instead of the game agreed (null: the game agreed). */
async function lobbyPairing(game) {
  const pairing = { room: ROOM, secret: SECRET, colour: "white", clock: "5+3", names: { host: "Mallory", guest: "Bob" } };
  const host = pairingRecord({ ...pairing, role: "host" });
  if (game) host.game = game;
  const network = new Network();
  const mallory = await session(network, "H", host);
  const bob = await session(network, "G", pairingRecord({ ...pairing, role: "guest" }));
  await until(() => bob.status === "playing" || bob.refusal, "the guest answers the start");
  return { mallory, bob, close: () => Promise.all([mallory.close(), bob.close()]) };
}

test("a stranger of the lobby, as host, can start only the game agreed: the standard start, the colours and the clock", async () => {
  const lost = STANDARD.replace(/z/g, "."); // Black has no Tzaar left: White won before the first action
  const agreed = { start: STANDARD, white: "host", clock: "5+3", names: { host: "Mallory", guest: "Bob" }, round: 1 };
  for (const game of [{ ...agreed, start: lost }, { ...agreed, white: "guest" }, { ...agreed, clock: null }, { ...agreed, round: 2 }]) {
    const { bob, close } = await lobbyPairing(game);
    assert.equal(bob.record.game, null, `the guest's page took ${JSON.stringify(game)}`);
    assert.equal(bob.refusal?.why, "start");
    await close();
  }
  const { bob, close } = await lobbyPairing(null); // the game agreed starts
  assert.equal(bob.status, "playing");
  assert.equal(bob.record.game.start, STANDARD);
  assert.equal(bob.colour, "black");
  await close();
});

test("a sync that says, again and again, that the other page lacks our game gets each of our actions sent once, not once a sync", async () => {
  // A game of 40 actions under way; the modified guest says, 25 times in a row (within the flood
  // limit's burst: 25 messages of 60 characters), that it has none. Each sync used to get the
  // whole game again: 1000 messages.
  const actions = Array.from({ length: 40 }, () => "C5xC4");
  const records = await players({ host: { actions: actions.slice() }, guest: { actions: actions.slice() } });
  const network = new Network();
  let sent = 0; // texts the host's page sends into the room
  const counted = async (options) => {
    const room = await network.door("H")(options);
    const send = room.send;
    room.send = (text, peer) => {
      sent += 1;
      return send(text, peer);
    };
    return room;
  };
  const game = fakeGame();
  const host = new Session({ game, storage, config: { relays: [], iceServers: [] }, record: records.host, openRoom: counted });
  await host.begin();
  await host.connect();
  const guest = await session(network, "G", records.guest);
  try {
    await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
    await pause(300);
    const before = sent;
    for (let i = 0; i < 25; i += 1) inject(guest, { t: "sync", actions: [], round: 1, ended: null });
    await pause(1500);
    assert.ok(sent - before <= actions.length, `25 syncs of 60 characters made the host send ${sent - before} messages`);
    assert.ok(sent - before >= actions.length, "its actions went once (the first sync)");
  } finally {
    await Promise.all([host.close(), guest.close()]);
  }
});

/** The two pages of an invite, the guest's first connection, the host's page modified to start
 * `game`; the guest's statuses as its page saw them. */
async function inviteStarting(game) {
  const records = await players({ host: { them: null, game }, guest: { them: null, game: null } });
  const network = new Network();
  const mallory = await session(network, "H", records.host);
  const statuses = [];
  const board = rulesGame();
  const before = board.state;
  const bob = new Session({ game: board, storage, config: { relays: [], iceServers: [] }, record: records.guest, openRoom: network.door("G"), onChange: (s) => statuses.push(s.status) });
  bob.board = board;
  await bob.begin();
  await bob.connect();
  await until(() => bob.status === "playing" || bob.refusal, "the guest answers the start");
  await pause(100);
  return { bob, statuses, before, close: () => Promise.all([mallory.close(), bob.close()]) };
}

test("a host of an invite cannot start the guest's game from a position already won, nor from one that is not a game's", async () => {
  const lost = STANDARD.replace(/z/g, "."); // Black (the guest) has no Tzaar left: White won before the first action
  for (const start of [lost, STANDARD.replace(" w1", "")]) {
    const { bob, statuses, before, close } = await inviteStarting({ ...GAME, start });
    assert.equal(bob.record.game, null, `the guest's page took ${start}`);
    assert.deepEqual([bob.record.actions, bob.record.end], [[], null], "the record as it was");
    assert.equal(bob.refusal?.why, "start");
    assert.ok(!statuses.includes("ended") && !statuses.includes("playing"), `the guest's page was ${statuses.join(", ")} (an ended game is kept in Your games)`);
    assert.equal(bob.board.state, before, "the board as it was");
    await close();
  }
  const { bob, close } = await inviteStarting({ ...GAME }); // the standard start is taken
  assert.deepEqual([bob.status, bob.record.game.start, bob.refusal], ["playing", STANDARD, null]);
  await close();
});

/** Both pages playing on boards that play (rulesGame), then the rules end the game on both (Black won). */
async function endedByRules() {
  const records = await players();
  const network = new Network();
  const host = await session(network, "H", records.host, { game: rulesGame() });
  const guest = await session(network, "G", records.guest, { game: rulesGame() });
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
  await pause(200);
  for (const page of [host, guest]) page.board.preview({ ...page.board.state, view: { ...page.board.state.view, winner: "black" } });
  await until(() => host.status === "ended" && guest.status === "ended", "both pages see the end");
  return { records, host, guest, close: () => Promise.all([host.close(), guest.close()]) };
}

test("a game the rules have ended stays ended when the host starts the same round again", async () => {
  const { records, host, guest, close } = await endedByRules();
  inject(host, { t: "start", game: { ...records.guest.game } });
  await pause(300);
  assert.equal(guest.status, "ended", "the guest's page plays on over a finished board");
  assert.equal(guest.record.end, null, "no other end");
  await close();
});

test("a game the rules have ended stays ended when either page says hello again on the bound connection", async () => {
  const { connectionKeys } = await import("../../web/online/sealed.js");
  for (const from of ["guest", "host"]) {
    const { records, host, guest, close } = await endedByRules();
    const pages = { host, guest };
    inject(pages[from], { t: "hello", v: 3, role: from, key: records[from].me, ecdh: (await connectionKeys()).publicKey, name: records[from].name });
    await pause(800);
    assert.deepEqual([host.status, guest.status], ["ended", "ended"], `after the ${from}'s second hello`);
    await close();
  }
});

test("a start tried on the board and refused is never saved, though the page saves its record meanwhile", async () => {
  const lost = STANDARD.replace(/z/g, ".");
  const records = await players({ host: { them: null, game: { ...GAME, start: lost } }, guest: { them: null, game: null } });
  const network = new Network();
  const mallory = await session(network, "H", records.host);
  let saved = null; // the guest's record as last saved
  const kept = { set: (key, value) => (saved = structuredClone(value)), remove() {}, get: () => null };
  const board = rulesGame();
  const load = board.load;
  let bob = null;
  board.load = async (...args) => {
    await pause(5); // (the engine at work: the page's timer goes on)
    bob?.tick();
    return load(...args);
  };
  bob = new Session({ game: board, storage: kept, config: { relays: [], iceServers: [] }, record: records.guest, openRoom: network.door("G") });
  await bob.begin();
  await bob.connect();
  await until(() => bob.refusal, "the guest refuses the start");
  assert.equal(bob.record.game, null);
  assert.equal(saved?.game ?? null, null, "the refused game is the saved record's: a reload would take it");
  await Promise.all([mallory.close(), bob.close()]);
});
