// The seat's proof bound to its connection, and the sealed channel (sealed.js). The attack: two
// players' pages reconnect at the same moment, and a third page with the link, in the room,
// wins the race against their own connection. It passes each one's hello and proof on to the
// other, so that each page binds it, then passes on (and reads, and changes) what they say.
// Played with the real Session, Connection and Handshake of each player's page, over a room
// in memory (the race is which links open).
import { test } from "node:test";
import assert from "node:assert/strict";

import { connectionKeys, openChannel } from "../../web/online/sealed.js";
import { encode, MAX_ACTIONS, MAX_TEXT, VERSION } from "../../web/online/protocol.js";
import { Handshake } from "../../web/online/handshake.js";
import { ROOM, Network, players, session, until } from "./online-room.mjs";


/** Both ends of one connection's channel, and a third page's with the host's public key. */
async function channels() {
  const [host, guest, third] = await Promise.all([connectionKeys(), connectionKeys(), connectionKeys()]);
  const keys = { host: host.publicKey, guest: guest.publicKey };
  return {
    host: await openChannel({ privateKey: host.privateKey, keys, role: "host", room: ROOM }),
    guest: await openChannel({ privateKey: guest.privateKey, keys, role: "guest", room: ROOM }),
    third: await openChannel({ privateKey: third.privateKey, keys: { ...keys, guest: third.publicKey }, role: "guest", room: ROOM }),
  };
}

test("a channel: what one page seals the other opens, once, in order; nothing else opens", async () => {
  const { host, guest, third } = await channels();
  const [one, two, three, four] = [await host.seal("one"), await host.seal("two"), await host.seal("three"), await host.seal("four")];
  assert.deepEqual([one.t, one.n, two.n], ["sealed", 1, 2]);
  assert.equal(await third.open(one), null, "another page's key of the connection");
  assert.equal(await host.open(one), null, "its own, sent back (the other direction's key)");
  assert.equal(await guest.open({ ...one, c: "A" + one.c.slice(1) === one.c ? "B" + one.c.slice(1) : "A" + one.c.slice(1) }), null, "changed");
  assert.equal(await guest.open({ ...two, n: 1 }), null, "renumbered");
  assert.equal(await guest.open(one), "one");
  assert.equal(await guest.open(one), null, "replayed");
  assert.equal(await guest.open(three), "three", "one dropped on the way: the next still opens");
  assert.equal(await guest.open(two), null, "sent again after a later one");
  assert.equal(await guest.open(four), "four");
  assert.equal(await host.open(await guest.seal("back")), "back", "each direction its own numbers");
  assert.equal(await openChannel({ privateKey: (await connectionKeys()).privateKey, keys: { host: "A".repeat(87), guest: "B".repeat(87) }, role: "guest", room: ROOM }), null, "not a point of the curve");
});

test("the largest messages of a game still fit in one message once sealed", async () => {
  const { host } = await channels();
  const sync = encode({ t: "sync", actions: Array(MAX_ACTIONS).fill("C5xC4"), round: 1000, ended: { reason: "resigned", loser: "white" } });
  const chat = encode({ t: "chat", text: "\u5b57".repeat(MAX_TEXT) }); // (3 bytes a character)
  for (const text of [sync, chat]) assert.ok(encode(await host.seal(text)).length < 6000, "(encode: at most MAX_MESSAGE)");
});

/** A game as session.js uses it, with no engine: it holds the actions, and what it announced. */
/**
 * The page in the middle: in the room as one peer to each player's page, it passes on what
 * one says to the other, after `change(message, from)` (the message as JSON; it returns the
 * messages that go on: one, several or none). It keeps every message it heard.
 */
async function middlePage(network, label, change = (message) => message) {
  const middle = { heard: [], peers: [] };
  const room = await network.door(label)({
    onPeerJoin: (peer) => middle.peers.push(peer),
    onPeerLeave: () => {},
    onMessage: async (text, from) => {
      const message = JSON.parse(text);
      middle.heard.push(message);
      const to = middle.peers.find((peer) => peer !== from);
      for (const passed of [await change(message, from)].flat()) if (to && passed) room.send(JSON.stringify(passed), to);
    },
  });
  middle.room = room;
  return middle;
}

/** Links that open: all but the host's and the guest's own (the page in the middle won the race). */
const separated = (a, b) => !(a === "H" && b === "G") && !(a === "G" && b === "H");


test("a page in the middle of a reconnection reads nothing the players say, and changes nothing", async () => {
  const network = new Network(separated); // (its links won the race)
  const middle = await middlePage(network, "M", (message) => (message.t === "chat" ? { ...message, text: "I resign: well played" } : message));
  const records = await players();
  const host = await session(network, "H", records.host);
  const guest = await session(network, "G", records.guest);
  await until(() => middle.heard.some((m) => m.t === "proof") && host.status === "playing" && guest.status === "playing", "both pages playing");
  guest.chat.say({ text: "Good luck, Ann" });
  await until(() => host.chat.messages.length || host.refusal, "the host hears the guest");
  assert.deepEqual(host.chat.messages.map((m) => [m.from, m.text]), [["them", "Good luck, Ann"]], "what the guest said, unchanged");
  assert.ok(!middle.heard.some((m) => m.t === "chat"), "the middle page read the chat");
  assert.ok(!middle.heard.some((m) => m.t === "start" || m.t === "sync"), "the middle page read the game");
});

/** Both pages bound (through whatever links the network opens), each with its record. */
async function bothPlaying(network) {
  const records = await players();
  const host = await session(network, "H", records.host);
  const guest = await session(network, "G", records.guest);
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing");
  return { host, guest };
}

/** The length of a line said in the test (sealed, longer still): more than any message the pages send of themselves. */
const LINE = 200;

const texts = (session) => session.chat.messages.filter((m) => m.from === "them").map((m) => m.text);

test("what a page in the middle changes, replays, reorders or sends in clear is refused and said; the game goes on", async () => {
  const network = new Network(separated);
  let mode = "pass";
  const held = [];
  // It changes only the guest's long sealed messages: the lines said below, told apart by their
  // size from what the pages send of themselves (a sync, an ack), which may still be on the way.
  const middle = await middlePage(network, "M", (message, from) => {
    if (message.t !== "sealed" || mode === "pass" || !from.startsWith("G") || message.c.length < LINE) return message;
    if (mode === "change") return { ...message, c: (message.c[0] === "A" ? "B" : "A") + message.c.slice(1) };
    if (mode === "twice") return [message, message];
    if (mode === "hold") return void held.push(message);
    if (mode === "clear") return { t: "chat", text: "I resign: well played" };
    return [message, ...held.splice(0)]; // "release": the held one after a later one
  });
  const { host, guest } = await bothPlaying(network);
  assert.ok(middle.heard.some((m) => m.t === "proof"), "the pages' handshake went through the middle page");
  guest.chat.say({ text: "zero" });
  host.chat.say({ say: "luck" });
  await until(() => texts(host).includes("zero") && guest.chat.messages.length === 2, "what the pages said as they bound, through"); // (in order: all before it too)
  host.chat.messages = [];
  const heard = () => texts(host).map((text) => text.trimEnd());
  const said = async (text, refusals) => {
    guest.chat.say({ text: text.padEnd(LINE) });
    await until(() => heard().includes(text) || (host.refusal?.n ?? 0) >= refusals, `the host hears "${text}"`);
  };
  mode = "change";
  await said("one", 1);
  assert.deepEqual([host.refusal, heard()], [{ why: "sealed", n: 1 }, []], "changed on the way: refused");
  mode = "clear";
  await said("two", 2);
  assert.deepEqual([host.refusal, heard()], [{ why: "sealed", n: 2 }, []], "a message in clear from the bound peer: refused");
  mode = "twice";
  await said("three", 3);
  await until(() => host.refusal.n === 3, "the copy refused");
  assert.deepEqual([host.refusal.why, heard()], ["sealed", ["three"]], "replayed: taken once");
  mode = "hold";
  guest.chat.say({ text: "four".padEnd(LINE) });
  await until(() => held.length === 1, "the middle page holds one");
  mode = "release";
  await said("five", 4);
  await until(() => host.refusal.n === 4, "the late one refused");
  assert.deepEqual(heard(), ["three", "five"], "reordered: the late one refused");
  mode = "pass";
  await said("six", 5);
  assert.deepEqual([heard(), host.status, guest.status], [["three", "five", "six"], "playing", "playing"], "the game goes on");
  assert.equal(host.refusal.n, 4);
});

test("a page in the middle that puts its own key of the connection in the hellos is bound by neither page", async () => {
  const network = new Network(separated);
  const { connectionKeys } = await import("../../web/online/sealed.js");
  const own = await connectionKeys();
  const middle = await middlePage(network, "M", (message) => (message.t === "hello" ? { ...message, ecdh: own.publicKey } : message));
  const records = await players();
  const host = await session(network, "H", records.host);
  const guest = await session(network, "G", records.guest);
  await until(() => host.refusal && guest.refusal, "both pages refuse the proofs");
  assert.deepEqual([host.refusal.why, guest.refusal.why], ["seat", "seat"]);
  assert.deepEqual([host.status, guest.status], ["connecting", "connecting"]);
  assert.ok(middle.heard.every((m) => m.t === "hello" || m.t === "proof"), "nothing of the game went to it");
});

test("the two players' pages bind and play, and again after a drop, with fresh keys", async () => {
  const network = new Network();
  const { host, guest } = await bothPlaying(network);
  guest.chat.say({ say: "luck" });
  host.chat.say({ text: "Thanks, Bob" });
  await until(() => host.chat.messages.length === 2 && guest.chat.messages.length === 2, "both heard");
  const said = (session) => session.chat.messages.map((m) => [m.from, m.say ?? m.text]);
  assert.deepEqual([said(host), said(guest)], [[["me", "Thanks, Bob"], ["them", "luck"]], [["me", "luck"], ["them", "Thanks, Bob"]]]);
  guest.dropConnection();
  await until(() => host.status === "disconnected" || host.status === "connecting", "the host sees the drop");
  await until(() => host.status === "playing" && guest.status === "playing", "both pages playing again");
  guest.chat.say({ text: "Back" });
  host.chat.say({ say: "gg" });
  await until(() => texts(host).includes("Back") && guest.chat.messages.some((m) => m.from === "them" && m.say === "gg"), "both heard after the drop");
  assert.deepEqual([host.refusal, guest.refusal], [null, null]);
});

test("a hello of an older version is refused as such, and said", async () => {
  const network = new Network();
  const records = await players();
  const host = await session(network, "H", records.host);
  const old = await network.door("O")({ onPeerJoin: (peer) => old.send(JSON.stringify({ t: "hello", v: 2, role: "guest", key: records.guest.me, nonce: "n".repeat(22), name: "Bob" }), peer), onPeerLeave() {}, onMessage() {} });
  await until(() => host.refusal, "the host refuses it");
  assert.deepEqual([host.refusal.why, host.status], ["version", "connecting"]);
});

test("one handshake a connection: a hello from the peer already bound gets no proof, and binds nothing again", async () => {
  const records = await players();
  const sent = [];
  const bound = [];
  const handshake = new Handshake({
    record: () => records.host,
    send: (message, peer) => sent.push([message.t, peer]),
    bound: () => bound.at(-1) ?? null,
    bind: async (peer) => bound.push(peer),
    refuse: () => {},
  });
  const guest = await connectionKeys();
  const hello = { t: "hello", v: VERSION, role: "guest", key: records.guest.me, ecdh: guest.publicKey, name: "Bob" };
  await handshake.hello(hello, "P");
  assert.deepEqual(sent, [["hello", "P"], ["proof", "P"]], "the first hello answered");
  bound.push("P"); // (its proof checked: bound)
  sent.length = 0;
  await handshake.hello({ ...hello, ecdh: (await connectionKeys()).publicKey }, "P");
  assert.deepEqual(sent, [], "a second hello on the bound connection answered");
});
