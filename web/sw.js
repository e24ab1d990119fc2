// The service worker: the whole site, Pyodide included, kept in the cache, so that the game
// works offline after one visit.
//
// Two caches: "tzaar-<release>" for our files (a new one for every build) and
// "tzaar-pyodide-<version>" for the runtime (kept while the Pyodide version stays). The page
// (a navigation) comes from the network when there is one and from the cache otherwise;
// every other file from the cache first. Our asset URLs carry their release (?HASH), so a
// page of one release never gets a file of another. A new release installs beside the old
// one and takes over once no page of the old one is open (or at once when a page posts
// {type: "skip-waiting"}); the caches of other releases are deleted then.
//
// Games by turns checked in the background: where the browser offers Periodic Background Sync
// (an installed app in Chromium) and the player turned notifications on, the page registers
// the check "tzaar-turns" and keeps the list of its games where it is the other's turn
// (online/turns-notify.js watchList: each game's tag, the other's public key, since when; no
// secret) in the cache WATCH_CACHE. The check asks the relays of that list for newer copies
// of those keys under those tags, and shows "Something new in N games by turns" for the games
// not said yet. It reads nothing of the copies (sealed: it has no key) and checks no signature:
// a notification only invites the player to open the page, which checks everything.

// build.py replaces the next line with the release's hash, runtime version and file list.
const RELEASE = { version: "dev", pyodide: "dev", files: [] };

const PREFIX = "tzaar-";
const OWN_CACHE = `${PREFIX}${RELEASE.version}`;
const RUNTIME_CACHE = `${PREFIX}pyodide-${RELEASE.pyodide}`;
const SCOPE = new URL(self.registration.scope);
// The list of games by turns to check (page/storage.js putForWorker), and what was said of them.
const WATCH_CACHE = `${PREFIX}turns-watch`;
const WATCH_FILE = new URL("turns-watch.json", SCOPE).href;
const SAID_FILE = new URL("turns-said.json", SCOPE).href;
const READ_WAIT_MS = 8000; // a relay that neither answers nor fails, given up
const MAX_FRAME = 65536;
const FUTURE_S = 300; // an event dated further ahead of this clock (seconds) is not news

const isRuntime = (path) => path.startsWith("pyodide/");
// Pyodide's whole standard library (2.4 MB) is the fallback for a module that stdlib.zip
// lacks, which none of the page's own code imports: not precached, but kept in the runtime
// cache once a page has needed it (respond, below).
const ON_FIRST_USE = new Set(["pyodide/python_stdlib.zip"]);
// The runtime's files but its loader (which engine/worker.js imports at a URL the build
// stamps with the release) are fetched by the loader at plain URLs.
const UNSTAMPED = (path) => isRuntime(path) && path !== "pyodide/pyodide.mjs";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && ![OWN_CACHE, RUNTIME_CACHE, WATCH_CACHE].includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      // The first visit's page works offline at once (the page then knows: controllerchange).
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  // The page asks which release this worker holds, to tell its own release from a newer one.
  if (event.data?.type === "release") event.ports[0]?.postMessage({ version: RELEASE.version });
  // The background check run now (what periodicsync runs), its answer: {news, said} (the tests).
  if (event.data?.type === "check-turns") event.waitUntil(checkTurns().then((answer) => event.ports[0]?.postMessage(answer)));
});

self.addEventListener("periodicsync", (event) => {
  if (event.tag === "tzaar-turns") event.waitUntil(checkTurns());
});

// A notification pressed: the page shown (an open one, else a new one).
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((pages) => (pages.length ? pages[0].focus() : self.clients.openWindow(SCOPE.href))),
  );
});

/** The games of the list with a copy of the other player of their moment `since` or later (and
 * newer than what was said): a notification for them; {news: how many, said: whether one was shown}. */
async function checkTurns() {
  const cache = await caches.open(WATCH_CACHE);
  const watch = await cache.match(WATCH_FILE).then((r) => r?.json()).catch(() => null);
  const games = Array.isArray(watch?.games) ? watch.games : [];
  if (!games.length || !Array.isArray(watch.relays)) return { news: 0, said: false };
  const said = (await cache.match(SAID_FILE).then((r) => r?.json()).catch(() => null)) ?? {};
  const filter = { kinds: [30078], authors: [...new Set(games.map((g) => g.them))], "#d": games.map((g) => g.tag), since: Math.min(...games.map((g) => g.since)) };
  const newest = {};
  for (const event of await readRelays(watch.relays, filter)) {
    const game = games.find((g) => g.tag === event.tags?.[0]?.[1] && g.them === event.pubkey);
    // (of the game's second or later: a copy of the same second as its activity may follow it;
    // not beyond FUTURE_S past this clock: a date far ahead, kept as said, would silence the game)
    const dated = Number.isInteger(event.created_at) && event.created_at <= Date.now() / 1000 + FUTURE_S;
    const news = game && dated && event.created_at >= game.since && event.created_at > (said[game.tag] ?? 0);
    if (news) newest[game.tag] = Math.max(newest[game.tag] ?? 0, event.created_at);
  }
  const news = Object.keys(newest).length;
  if (!news || self.Notification?.permission !== "granted") return { news, said: false };
  // What is said is kept first: a notification the browser would not show is not tried again.
  const kept = Object.fromEntries(games.filter((g) => said[g.tag]).map((g) => [g.tag, said[g.tag]])); // (the games still listed)
  await cache.put(SAID_FILE, new Response(JSON.stringify({ ...kept, ...newest })));
  const options = { body: String(watch.texts?.[news - 1] ?? ""), tag: "tzaar-turns", icon: "icon-192.png" };
  const shown = await self.registration.showNotification(String(watch.title ?? ""), options).then(() => true, () => false);
  return { news, said: shown };
}

/** The events of `filter` on each relay (wss:, ws: only), read once: those each sends before its
 * end of stored events, or READ_WAIT_MS. */
function readRelays(relays, filter) {
  return Promise.all(relays.filter((url) => /^wss?:\/\//.test(url)).map((url) => new Promise((resolve) => {
    const events = [];
    let socket;
    const done = () => {
      clearTimeout(timer);
      socket?.close();
      resolve(events);
    };
    const timer = setTimeout(done, READ_WAIT_MS);
    try {
      socket = new WebSocket(url);
    } catch {
      return done();
    }
    socket.onopen = () => socket.send(JSON.stringify(["REQ", "tzaar-turns", filter]));
    socket.onerror = socket.onclose = done;
    socket.onmessage = (message) => {
      let frame = null;
      try {
        frame = typeof message.data === "string" && message.data.length <= MAX_FRAME ? JSON.parse(message.data) : null;
      } catch {
        // (not JSON: ignored)
      }
      if (!Array.isArray(frame) || frame[1] !== "tzaar-turns") return;
      if (frame[0] === "EVENT" && frame[2] && typeof frame[2] === "object" && events.length < 400) events.push(frame[2]);
      else if (frame[0] === "EOSE" || frame[0] === "CLOSED") done();
    };
  }))).then((lists) => lists.flat());
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(respond(request));
});

async function precache() {
  const own = await caches.open(OWN_CACHE);
  const runtime = await caches.open(RUNTIME_CACHE);
  await Promise.all(
    RELEASE.files.filter((path) => !ON_FIRST_USE.has(path)).map(async (path) => {
      const cache = isRuntime(path) ? runtime : own;
      const key = new URL(path, SCOPE).href;
      if (isRuntime(path) && (await cache.match(key))) return; // same version, same bytes
      // At the URL the page itself used, with the release's query but for the files that
      // Pyodide's loader fetches itself (UNSTAMPED): "no-cache" revalidates, so the HTTP
      // cache's copy of what the page has just downloaded answers (a 304, no second
      // download) and never an older file.
      const url = UNSTAMPED(path) ? key : `${key}?${RELEASE.version}`;
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(key, response);
    }),
  );
}

async function respond(request) {
  const url = new URL(request.url);
  let path = url.pathname.slice(SCOPE.pathname.length);
  if (request.mode === "navigate") {
    // The page itself comes from the network while there is one, so a new release shows at
    // once; its assets carry its own ?HASH and so never mix with this cache's.
    try {
      return await fetch(request);
    } catch (offline) {
      path = path === "" ? "index.html" : path;
    }
  } else if (!isRuntime(path) && url.search && url.search !== `?${RELEASE.version}`) {
    return fetch(request); // a file of another release
  }
  // caches.match, not caches.open: a worker being replaced must not re-create its old cache.
  const cacheName = isRuntime(path) ? RUNTIME_CACHE : OWN_CACHE;
  const key = new URL(path, SCOPE).href;
  const cached = await caches.match(key, { ignoreSearch: true, cacheName });
  if (cached || !ON_FIRST_USE.has(path)) return cached ?? fetch(request);
  const response = await fetch(request);
  if (response.ok) {
    const runtime = await caches.open(RUNTIME_CACHE);
    await runtime.put(key, response.clone());
  }
  return response;
}
