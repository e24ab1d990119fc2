// Offline play and updates: registers the service worker (sw.js) and says when a new
// version is ready (by `notify`: app.js shows page/update-notice.js, loaded then).
//
// The page knows its own release from its module URL (build.py stamps app.js?HASH into
// index.html and every import); the service worker answers {type: "release"} with the
// release it holds. When a new worker has installed:
// - it holds this page's own release (the page came from the network, newer than the old
//   cache): it takes over at once, deleting the old cache, and notify("updated") says so;
// - it holds another, newer release (this page is old): notify("ready", reload) offers a
//   reload, which lets the new worker take over and reloads the page.
// <html data-offline="ready"> once a worker holding this page's release controls the page.

const PAGE_RELEASE = new URL(import.meta.url).search.slice(1) || null; // null when not built
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Ask a service worker which release it holds (null if it does not say within 5 s). */
function releaseOf(worker) {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 5000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data?.version ?? null);
    };
    worker.postMessage({ type: "release" }, [channel.port2]);
  });
}

/** Resolves once a worker has activated (its old caches are deleted by then). */
function activated(worker) {
  return new Promise((resolve) => {
    if (!worker || worker.state === "activated" || worker.state === "redundant") return resolve(worker);
    const onChange = () => {
      if (worker.state !== "activated" && worker.state !== "redundant") return;
      worker.removeEventListener("statechange", onChange);
      resolve(worker);
    };
    worker.addEventListener("statechange", onChange);
  });
}

/** Register the service worker (built pages over http(s) only) and watch for new releases:
 * `notify(kind, onReload)` for each (kind "ready" or "updated", as UpdateNotice.show). */
export async function startOffline(notify) {
  const sw = navigator.serviceWorker;
  if (!sw || !PAGE_RELEASE || !window.isSecureContext) return;
  const root = document.documentElement;
  let hadController = Boolean(sw.controller);
  let reloading = false;

  const markOffline = async () => {
    const worker = await activated(sw.controller);
    if ((await releaseOf(worker)) === PAGE_RELEASE) root.dataset.offline = "ready";
  };

  sw.addEventListener("controllerchange", async () => {
    if (reloading) return location.reload();
    const first = !hadController;
    hadController = true;
    const release = await releaseOf(await activated(sw.controller));
    if (release === PAGE_RELEASE) {
      root.dataset.offline = "ready";
      if (!first) notify("updated"); // the first visit's worker is no news
    } else {
      delete root.dataset.offline;
      notify("ready");
    }
  });

  let registration;
  try {
    registration = await sw.register("sw.js", { updateViaCache: "none" });
  } catch {
    return; // no offline play here (private mode, say); the game works as it is
  }

  const consider = async (worker) => {
    if (!sw.controller) return; // the first worker of this browser takes over by itself
    const release = await releaseOf(worker);
    if (release === PAGE_RELEASE) {
      worker.postMessage({ type: "skip-waiting" }); // this page is that release already
    } else {
      notify("ready", () => {
        reloading = true;
        worker.postMessage({ type: "skip-waiting" }); // controllerchange then reloads
      });
    }
  };
  const track = (worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") consider(worker);
    });
  if (registration.waiting) consider(registration.waiting);
  track(registration.installing); // an update the browser started before this line
  registration.addEventListener("updatefound", () => track(registration.installing));
  if (sw.controller) markOffline();

  // Look for a new release when the page comes back into view, and now and then.
  const check = () => registration.update().catch(() => null);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, CHECK_EVERY_MS);
}
