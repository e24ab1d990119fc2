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

// build.py replaces the next line with the release's hash, runtime version and file list.
const RELEASE = { version: "dev", pyodide: "dev", files: [] };

const PREFIX = "tzaar-";
const OWN_CACHE = `${PREFIX}${RELEASE.version}`;
const RUNTIME_CACHE = `${PREFIX}pyodide-${RELEASE.pyodide}`;
const SCOPE = new URL(self.registration.scope);

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
            .filter((name) => name.startsWith(PREFIX) && name !== OWN_CACHE && name !== RUNTIME_CACHE)
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
});

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
