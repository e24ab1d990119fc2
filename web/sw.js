// The service worker: the whole site, Pyodide included, from the cache, so that the game
// works offline after one visit.
//
// Two caches: "tzaar-<release>" for our files (a new one for every build) and
// "tzaar-pyodide-<version>" for the runtime (kept while the Pyodide version stays). A new
// release installs beside the old one and takes over once no page of the old release is
// open (or at once when a page posts {type: "skip-waiting"} and then reloads); the caches of
// other releases are deleted then. Within one cache every file belongs to one release, so
// the ?v= of asset URLs is ignored when matching.

// build.py replaces the next line with the release's hash, runtime version and file list.
const RELEASE = { version: "dev", pyodide: "dev", files: [] };

const PREFIX = "tzaar-";
const OWN_CACHE = `${PREFIX}${RELEASE.version}`;
const RUNTIME_CACHE = `${PREFIX}pyodide-${RELEASE.pyodide}`;
const SCOPE = new URL(self.registration.scope);

const isRuntime = (path) => path.startsWith("pyodide/");

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== OWN_CACHE && name !== RUNTIME_CACHE)
          .map((name) => caches.delete(name)),
      ),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(fromCache(request));
});

async function precache() {
  const own = await caches.open(OWN_CACHE);
  const runtime = await caches.open(RUNTIME_CACHE);
  await Promise.all(
    RELEASE.files.map(async (path) => {
      const cache = isRuntime(path) ? runtime : own;
      const key = new URL(path, SCOPE).href;
      if (isRuntime(path) && (await cache.match(key))) return; // same version, same bytes
      // The query string is the release's, so no HTTP cache can answer with an older file.
      const response = await fetch(`${key}?v=${RELEASE.version}`, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(key, response);
    }),
  );
}

async function fromCache(request) {
  let path = request.url.slice(SCOPE.href.length).replace(/[?#].*$/, "");
  if (path === "" && request.mode === "navigate") path = "index.html";
  const cache = await caches.open(isRuntime(path) ? RUNTIME_CACHE : OWN_CACHE);
  const cached = await cache.match(new URL(path, SCOPE).href, { ignoreSearch: true });
  return cached ?? fetch(request);
}
