// A player out of time by this page's own count loses, whatever its page claims and whenever
// its turn arrives: late (after this page's tick would have caught it), in a sync after a
// drop, or while the connection is down (this page's clock runs on for the side to move). But
// a page that was itself closed does not charge the other side for its own absence.
// The session tests play the real Session, Connection and Handshake of both pages over a room
// in memory (online-room.mjs), on a stand-in board that plays any action of a small table of
// legal ones.
import { test } from "node:test";
import assert from "node:assert/strict";

import { OnlineTiming } from "../../web/online/timing.js";
import { Session } from "../../web/online/session.js";
import { Network, players, rulesGame, stateOf, storage, until } from "./online-room.mjs";

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));


/** A saved clock of a 5+3 game (record.js `clock`). */
const saved = (remaining, running, since) => ({ control: "5+3", remaining, running, since, flagged: null, lag: { left: 2000, over: 0, distrusted: false } });

async function page(network, label, record) {
  const game = rulesGame();
  const s = new Session({ game, storage, config: { relays: [], iceServers: [] }, record, openRoom: network.door(label) });
  s.board = game;
  await s.begin();
  await s.connect();
  return s;
}

test("a side whose time ran out by this page's count gets no increment from a turn that comes late, with or without a claim (timing.js)", () => {
  const t0 = 1_000_000;
  const late = t0 + 1000 + 300_000 + 30_000; // Black's turn arrives 30 s after its time ran out
  for (const claim of [undefined, 3000]) { // (a sync's action carries no claim; an act claims its increment)
    const timing = new OnlineTiming("5+3");
    timing.begin("white", t0);
    timing.turnSent(t0 + 1000); // White (this page) played; Black's clock runs, 5 minutes left
    timing.turnReceived(claim, late);
    assert.equal(timing.outOfTime("white", late), "black", `claiming ${claim}: Black, 30 s past its time, has ${timing.left("black", late)} ms and plays on`);
  }
});

test("a player out of time who drops the connection and comes back with its turn loses on time, the turn not taken: its clock ran on meanwhile", async () => {
  // White (the host) is this page; Black (the guest, modified) has 1.5 s left and is to move.
  const clock = () => ({ control: "5+3", remaining: { white: 290_000, black: 1500 }, running: "black", since: Date.now(), flagged: null, lag: { left: 2000, over: 0, distrusted: false } });
  const records = await players({ host: { actions: ["C5xC4"], clock: clock() }, guest: { actions: ["C5xC4"], clock: clock() } });
  for (const r of [records.host, records.guest]) r.game = { ...r.game, clock: "5+3" };
  const network = new Network();
  const host = await page(network, "H", records.host);
  let guest = await page(network, "G", records.guest);
  const timer = setInterval(() => host.tick(), 250); // (online.js: every 250 ms)
  try {
    await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
    // Black's page goes away (its network, or its tab) before its time runs out...
    await guest.close();
    await until(() => host.status === "disconnected", "the host sees Black gone");
    await pause(2500); // ...and stays away past it: by White's count Black is 1 s past its time
    // Black comes back with its turn (its page played it meanwhile: its record has it).
    records.guest.actions = ["C5xC4", "B3xC4", "D4-E5"];
    guest = await page(network, "G2", records.guest);
    await until(() => host.board.state.actions.length === 3 || host.record.end, "the host hears Black's return");
    await pause(1000); // (four ticks)
    assert.deepEqual(host.record.end, { reason: "timeout", loser: "black" }, `Black, out of time on White's page, played on with ${host.timing.left("black", Date.now())} ms (White's clock running: ${host.timing.clock.running})`);
    assert.deepEqual(host.board.state.actions, ["C5xC4"], "Black's turn, after its time, taken on White's board");
  } finally {
    clearInterval(timer);
    await Promise.all([host.close(), guest.close()]);
  }
});

test("while the other page is away, this page's clock runs on for the side to move: it loses when its time runs out here", async () => {
  const records = await players({ host: { actions: ["C5xC4"], clock: saved({ white: 290_000, black: 1500 }, "black", Date.now()) }, guest: { actions: ["C5xC4"], clock: saved({ white: 290_000, black: 1500 }, "black", Date.now()) } });
  for (const r of [records.host, records.guest]) r.game = { ...r.game, clock: "5+3" };
  const network = new Network();
  const host = await page(network, "H", records.host);
  const guest = await page(network, "G", records.guest);
  const timer = setInterval(() => host.tick(), 250);
  try {
    await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
    await guest.close(); // Black's page goes, 1.5 s left, and does not come back
    await until(() => host.status === "disconnected", "the host sees Black gone");
    await pause(3000); // past Black's time and the observer's grace, by White's clock
    assert.deepEqual(host.record.end, { reason: "timeout", loser: "black" }, `White's page, its opponent away, shows Black with ${host.timing.left("black", Date.now())} ms and waits (${host.status})`);
    assert.equal(host.status, "ended");
  } finally {
    clearInterval(timer);
    await host.close();
  }
});

test("a turn whose page held it back past its mover's time, claiming its increment, is not taken: the game ends on time first", async () => {
  // No drop: Black's modified page sends its turn 1 s past its time (past the grace), before
  // White's page has ticked (a tab in the background ticks seldom).
  const records = await players({ host: { actions: ["C5xC4"], clock: saved({ white: 290_000, black: 1500 }, "black", Date.now()) }, guest: { actions: ["C5xC4"], clock: saved({ white: 290_000, black: 1500 }, "black", Date.now()) } });
  for (const r of [records.host, records.guest]) r.game = { ...r.game, clock: "5+3" };
  const network = new Network();
  const host = await page(network, "H", records.host);
  const guest = await page(network, "G", records.guest);
  try {
    await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
    await pause(3500);
    guest.chat.say({ t: "act", n: 1, a: "B3xC4" }); // (what an edited page sends: any message)
    guest.chat.say({ t: "act", n: 2, a: "D4-E5", left: 3000 });
    await until(() => host.record.end || host.board.state.actions.length === 3, "the host hears Black's turn");
    await pause(200);
    assert.deepEqual(host.record.end, { reason: "timeout", loser: "black" });
    assert.deepEqual(host.board.state.actions, ["C5xC4"], "an action of Black's, after its time, taken on White's board");
  } finally {
    await Promise.all([host.close(), guest.close()]);
  }
});

test("a page closed while the other side was to move charges it none of that time; its own side's time it counts (timing.js)", () => {
  const t0 = 1_000_000;
  const white = new OnlineTiming("5+3");
  white.begin("white", t0);
  white.turnSent(t0 + 1000); // White (this page) played; Black's clock runs
  const kept = JSON.parse(JSON.stringify(white.saved)); // saved as the page closed, at t0 + 2 s
  const back = t0 + 600_000; // ten minutes later the page is open again
  const reopened = new OnlineTiming("5+3", kept, back, { theirs: "black", alive: t0 + 2000 });
  assert.equal(reopened.left("black", back), 299_000, "Black is charged the second this page saw, not the ten minutes it was away");
  assert.equal(reopened.outOfTime("white", back), null);
  assert.equal(new OnlineTiming("5+3", kept, back).outOfTime("white", back), "black", "(counted through the absence, Black would have lost)");
  // This page's own side: the time it was closed is its own, charged.
  const own = new OnlineTiming("5+3", saved({ white: 300_000, black: 300_000 }, "white", t0), back, { theirs: "black", alive: t0 + 2000 });
  assert.equal(own.outOfTime("white", back), "white");
});

test("a page reopened after its player's absence takes the turn the other side played meanwhile, in time", async () => {
  // White's page (the host) closed right after its turn, 10 s ago, when Black had 5 s left;
  // Black played 2 s later (in time, by its own page's clock) and White's clock runs there.
  const closed = Date.now() - 10_000;
  const records = await players({
    host: { actions: ["C5xC4"], clock: saved({ white: 290_000, black: 5000 }, "black", closed), alive: closed },
    guest: { actions: ["C5xC4", "B3xC4", "D4-E5"], clock: saved({ white: 290_000, black: 6000 }, "white", closed + 2000) },
  });
  for (const r of [records.host, records.guest]) r.game = { ...r.game, clock: "5+3" };
  const network = new Network();
  const host = await page(network, "H", records.host);
  const guest = await page(network, "G", records.guest);
  const timer = setInterval(() => [host, guest].forEach((p) => p.tick()), 250);
  try {
    await until(() => host.board.state.actions.length === 3 || host.record.end, "the host hears Black's turn");
    await pause(600);
    assert.equal(host.record.end, null, "Black lost on time for the 10 s White's page was closed");
    assert.equal(host.board.state.actions.length, 3);
    assert.equal(host.timing.clock.running, "white");
    assert.equal(guest.record.end, null);
  } finally {
    clearInterval(timer);
    await Promise.all([host.close(), guest.close()]);
  }
});
