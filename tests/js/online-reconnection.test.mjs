// Honest reconnections, with both players' real sessions over a room in memory (online-room.mjs)
// and boards that play what they are given: what a drop loses reaches the other page once the
// pages are bound again (each page's sync, and ours that a sync lacks sent again: actions.js,
// which sends them again only once in a while whatever the syncs, and at once on a new connection).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Network, players, rulesGame, session, until } from "./online-room.mjs";

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The door of the page labelled `label`, whose texts vanish on the way while `lost(text)` holds. */
function lossy(network, label, lost) {
  return async (options) => {
    const room = await network.door(label)(options);
    const send = room.send;
    room.send = (text, peer) => (lost(text) ? undefined : send(text, peer));
    return room;
  };
}

/** The host (White) and the guest (Black) playing, each page's texts lost while its flag is up. */
async function bothPlaying(network, losing) {
  const records = await players();
  const host = await session(network, "H", records.host, { game: rulesGame(), openRoom: lossy(network, "H", (text) => losing.host(text)) });
  const guest = await session(network, "G", records.guest, { game: rulesGame(), openRoom: lossy(network, "G", (text) => losing.guest(text)) });
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
  return { host, guest };
}

const sealedNumber = (text) => {
  const message = JSON.parse(text);
  return message.t === "sealed" ? message.n : 0;
};

test("an action lost as the connection drops reaches the other page after the reconnection, and the game goes on", async () => {
  const network = new Network();
  const losing = { host: () => false, guest: () => false };
  const { host, guest } = await bothPlaying(network, losing);
  losing.host = () => true;
  await host.board.play("C5xC4"); // White's first turn: its action lost
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(guest.board.state.actions, []);
  losing.host = () => false;
  guest.dropConnection();
  await until(() => guest.board.state.actions.length === 1, "the guest has White's action");
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing again");
  await guest.board.play("B3xC4");
  await guest.board.play("D4-E5");
  await until(() => host.board.state.actions.length === 3, "the host has Black's turn");
  assert.deepEqual([host.board.state.actions, guest.board.state.actions], [["C5xC4", "B3xC4", "D4-E5"], ["C5xC4", "B3xC4", "D4-E5"]]);
  assert.deepEqual([host.refusal, guest.refusal], [null, null]);
  await Promise.all([host.close(), guest.close()]);
});

test("a take-back whose accept and acknowledgements were lost: the offerer's page sends the turn again after the reconnection, and again after one more drop that lost it", async () => {
  const network = new Network();
  const losing = { host: () => false, guest: () => false };
  const { host, guest } = await bothPlaying(network, losing);
  losing.guest = () => true; // from here the guest's texts are lost: its acknowledgement, then its accept
  await host.board.play("C5xC4");
  await until(() => guest.board.state.actions.length === 1, "the guest has White's turn");
  host.takebacks.offer();
  await until(() => guest.takebacks.pending?.from === "them", "the guest is asked");
  await guest.takebacks.answer(true);
  assert.deepEqual(guest.board.state.actions, [], "taken back on the guest's page");
  assert.deepEqual([host.board.state.actions, host.exchange.acked], [["C5xC4"], 0], "the host heard nothing of it");
  // The connection drops; on the next one the host's page sends the turn again (the guest's page
  // leaves out the host's sync: it took the turn back): that too is lost, and the pages are
  // bound once more at once (a new connection: it goes again, however soon).
  let again = 0;
  losing.guest = () => false;
  losing.host = (text) => sealedNumber(text) >= 3 && (again += 1) > 0; // (after its start and its sync: the turn sent again)
  guest.dropConnection();
  await until(() => again > 0, "the host sends the turn again");
  await pause(100);
  assert.deepEqual(guest.board.state.actions, [], "lost on the way");
  losing.host = () => false;
  guest.dropConnection();
  await until(() => guest.board.state.actions.length === 1, "the guest has the turn again");
  assert.deepEqual([host.board.state.actions, guest.board.state.actions], [["C5xC4"], ["C5xC4"]], "both keep the turn");
  await guest.board.play("B3xC4");
  await guest.board.play("D4-E5");
  await until(() => host.board.state.actions.length === 3, "the host has Black's turn");
  assert.deepEqual([host.refusal, guest.refusal], [null, null]);
  await Promise.all([host.close(), guest.close()]);
});

test("a new round counts nothing of it acknowledged: a take-back offered in it, then a drop, takes back no turn the other page never had", async () => {
  const network = new Network();
  const losing = { host: () => false, guest: () => false };
  const { host, guest } = await bothPlaying(network, losing);
  // Round 1: three actions, all acknowledged; the host resigns; the rematch.
  await host.board.play("C5xC4");
  await until(() => guest.board.state.actions.length === 1, "the guest has White's turn");
  await guest.board.play("B3xC4");
  await guest.board.play("D4-E5");
  await until(() => host.board.state.actions.length === 3 && guest.exchange.acked === 3, "Black's turn acknowledged");
  host.resign();
  await until(() => guest.status === "ended", "the guest sees the resignation");
  await host.rematch.offer();
  await guest.rematch.offer();
  await until(() => guest.record.game.round === 2 && guest.status === "playing" && host.status === "playing", "round 2 under way");
  // Round 2: the guest plays White. Its turn and its offer to take it back are lost; the connection drops.
  losing.guest = () => true;
  await guest.board.play("C5xC4");
  guest.takebacks.offer();
  await pause(100);
  assert.deepEqual(host.board.state.actions, [], "the host never had the turn");
  losing.guest = () => false;
  guest.dropConnection();
  await until(() => host.board.state.actions.length === 1 || guest.board.state.actions.length === 0, "the pages bound again, synced");
  await pause(200);
  assert.deepEqual([guest.board.state.actions, host.board.state.actions], [["C5xC4"], ["C5xC4"]], "the guest's turn, sent again, not taken back");
  await Promise.all([host.close(), guest.close()]);
});
