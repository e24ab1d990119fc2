// Notifications of games by turns (online/turns-notify.js, pure): the player's choice read with
// the browser's permission (asked once, a refusal remembered), the notification of a move
// arriving while the page is hidden, and the list the service worker checks in the background:
// which games need a notification (those where it is the other's turn, the other known), what
// it gets (tags and public keys, no secret), and its texts in the player's language.
import { test } from "node:test";
import assert from "node:assert/strict";

import { notifyState, moveNotice, watchList, MAX_WATCHED } from "../../web/online/turns-notify.js";
import { useLanguage } from "./lang.mjs";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const T0 = Date.UTC(2026, 11, 1, 12);
const A = "a".repeat(64);
const B = "b".repeat(64);

/** Ann's game (the host, Black) after `actions` actions at a minute each: White (Bob) opens. */
function game(room, n, more = {}) {
  const actions = ["C5xC4", "B3xC4", "D4-E5", "E6xE5", "pass"].slice(0, n);
  return {
    room, secret: `s-${room}`, role: "host", key: "k".repeat(64), me: A, host: A, them: B, name: "Ann",
    game: { start: STANDARD, white: "guest", days: 1, names: { host: "Ann", guest: "Bob" }, created: T0 },
    joined: T0 + 1000, actions, times: actions.map((_, i) => T0 + (i + 1) * 60_000), end: null, winner: null,
    ...more,
  };
}

test("notifications: on only when the player chose them and the browser allows them; a refusal is remembered", () => {
  assert.equal(notifyState(undefined, "on"), "unsupported", "no Notification in this browser");
  assert.equal(notifyState("default", null), "off", "never asked: the button asks");
  assert.equal(notifyState("default", "refused"), "refused", "the question turned down: said, asked again only when pressed");
  assert.equal(notifyState("denied", null), "refused", "blocked by the browser");
  assert.equal(notifyState("denied", "on"), "refused", "blocked since: no notification");
  assert.equal(notifyState("granted", "on"), "on");
  assert.equal(notifyState("granted", "off"), "off", "turned off by the player");
  assert.equal(notifyState("granted", null), "off", "allowed for the site but never chosen here: off");
});

test("the other's move arriving while the page is hidden: who played what, one notification a game", async () => {
  await useLanguage("en");
  const r = game("room1", 3);
  assert.deepEqual(moveNotice(r, ["B3xC4", "D4-E5"]), { title: "Your games by turns", body: "Bob played B3xC4 D4-E5 in your game by turns.", tag: "turns-room1" });
  const unnamed = { ...r, game: { ...r.game, names: { host: "Ann", guest: "" } } };
  assert.equal(moveNotice(unnamed, ["B3xC4"]).body, "Your opponent played B3xC4 in your game by turns.");
  await useLanguage("de");
  assert.equal(moveNotice(r, ["B3xC4", "D4-E5"]).body, "Bob hat in deiner Fernpartie B3xC4 D4-E5 gespielt.");
});

test("the worker checks the games where it is the other's turn, with no secret, and says how many have news", async () => {
  await useLanguage("en");
  const mine = game("mine", 1); // Bob opened: Ann (Black) to move
  const theirs = game("theirs", 3); // Ann played her turn: Bob to move
  const waiting = game("waiting", 0, { joined: null, them: null }); // no guest yet
  const over = game("over", 3, { winner: "black" });
  const tags = new Map([["mine", "t-mine"], ["theirs", "t-theirs"], ["waiting", "t-waiting"], ["over", "t-over"]]);
  const list = watchList([mine, theirs, waiting, over], tags, ["ws://127.0.0.1:1"]);
  assert.deepEqual(list.games, [{ tag: "t-theirs", them: B, since: Math.floor((T0 + 3 * 60_000) / 1000) }]);
  assert.deepEqual(list.relays, ["ws://127.0.0.1:1"]);
  assert.doesNotMatch(JSON.stringify(list), /s-theirs|kkkk/, "neither the link's secret nor the seat key");
  assert.deepEqual(list.texts, ["Something new in 1 game by turns: it may be your turn."]);
  assert.equal(list.title, "Your games by turns");

  const many = Array.from({ length: MAX_WATCHED + 5 }, (_, i) => game(`g${i}`, 3, { times: [T0, T0, T0 + i * 1000] }));
  const big = watchList(many, new Map(many.map((r) => [r.room, `t-${r.room}`])), []);
  assert.equal(big.games.length, MAX_WATCHED, "at most MAX_WATCHED games");
  assert.equal(big.games[0].tag, `t-g${MAX_WATCHED + 4}`, "the newest activity first");
  assert.equal(big.texts[4], "Something new in 5 games by turns: it may be your turn.");
  await useLanguage("pl");
  const pl = watchList(many, new Map(many.map((r) => [r.room, `t-${r.room}`])), []);
  assert.equal(pl.texts[0], "Coś nowego w jednej partii korespondencyjnej: może to twój ruch.");
  assert.equal(pl.texts[1], "Coś nowego w 2 partiach korespondencyjnych: może to twój ruch.");
  assert.equal(watchList([game("x", 3)], new Map(), []).games.length, 0, "a game without its tag is not checked");
});

test("the worker's background check takes no event dated in the future: one dated 9e9 does not silence the game's later news", async () => {
  const { readFile } = await import("node:fs/promises");
  const vm = await import("node:vm");
  const source = await readFile(new URL("../../web/sw.js", import.meta.url), "utf8");
  const files = new Map(); // the cache's files, by URL
  const cache = { match: async (url) => (files.has(url) ? new Response(files.get(url)) : undefined), put: async (url, response) => files.set(url, await response.text()) };
  const listeners = {};
  let stored = [];
  class Relay {
    #listeners = {};
    constructor() {
      setImmediate(() => this.#emit("open"));
    }
    set onopen(fn) { this.#listeners.open = fn; }
    set onmessage(fn) { this.#listeners.message = fn; }
    set onerror(fn) {}
    set onclose(fn) {}
    #emit(type, event) {
      this.#listeners[type]?.(event);
    }
    send(text) {
      const [, id] = JSON.parse(text);
      setImmediate(() => {
        for (const event of stored) this.#emit("message", { data: JSON.stringify(["EVENT", id, event]) });
        this.#emit("message", { data: JSON.stringify(["EOSE", id]) });
      });
    }
    close() {}
  }
  const self = {
    registration: { scope: "https://tzaar.invalid/", showNotification: async () => {} },
    addEventListener: (type, fn) => (listeners[type] = fn),
    Notification: { permission: "granted" },
  };
  vm.runInNewContext(source, { self, caches: { open: async () => cache, keys: async () => [] }, Response, URL, WebSocket: Relay, JSON, Math, Number, Object, Array, Set, String, Promise, setTimeout, clearTimeout });
  const check = () => new Promise((resolve) => listeners.message({ data: { type: "check-turns" }, ports: [{ postMessage: resolve }], waitUntil: () => {} }));
  const now = Math.floor(Date.now() / 1000);
  const them = B;
  files.set("https://tzaar.invalid/turns-watch.json", JSON.stringify({ games: [{ tag: "t-theirs", them, since: now - 3600 }], relays: ["wss://relay.invalid"], texts: ["Something new in 1 game by turns: it may be your turn."], title: "Your games by turns" }));
  const event = (created_at) => ({ id: String(created_at).padStart(64, "0"), kind: 30078, pubkey: them, created_at, tags: [["d", "t-theirs"]], content: "", sig: "" });
  stored = [event(9_000_000_000)];
  await check();
  stored = [event(9_000_000_000), event(now)];
  assert.equal((await check()).news, 1, "the other's copy of now is news");
});
