// The host's configuration of online play: dist/online.json (source web/online.json), the
// Nostr relays through which two pages find each other and the ICE (STUN/TURN) servers of
// their direct connection. Read fresh from the network at each use (a host edits the file
// without rebuilding: docs/online.md), and checked: a bad file is said, not used.
//
//   const config = await loadConfig();   // {relays: [url], iceServers: [{urls, ...}]}

const RELAY = /^wss?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~/-]*)?$/;
const ICE = /^(?:stun|stuns|turn|turns):[A-Za-z0-9.-]+(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?$/;

/** The configuration's problem, thrown by loadConfig: its message names the file. */
export class ConfigError extends Error {}

/** online.json's content checked: {relays, iceServers}; ConfigError says what is wrong. */
export function checkConfig(data) {
  const bad = (what) => new ConfigError(`online.json: ${what}`);
  if (!data || typeof data !== "object" || Array.isArray(data)) throw bad("not an object");
  const { relays, iceServers } = data;
  if (!Array.isArray(relays) || !relays.length || !relays.every((r) => typeof r === "string" && RELAY.test(r))) throw bad('"relays" must list ws:// or wss:// addresses');
  if (!Array.isArray(iceServers)) throw bad('"iceServers" must be a list');
  for (const server of iceServers) {
    const urls = typeof server?.urls === "string" ? [server.urls] : server?.urls;
    if (!Array.isArray(urls) || !urls.length || !urls.every((u) => typeof u === "string" && ICE.test(u))) throw bad("an ICE server without stun:/turn: urls");
  }
  return { relays: [...relays], iceServers: iceServers.map((s) => ({ ...s })) };
}

/** Fetch and check online.json beside the page (the network's copy, not the cache's). */
export async function loadConfig(base = document.baseURI) {
  const url = new URL("online.json", base);
  url.search = `fresh=${Date.now()}`; // past the service worker's cache: the host's current file
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new ConfigError(`online.json: HTTP ${response.status}`);
  let data;
  try {
    data = await response.json();
  } catch {
    throw new ConfigError("online.json: not JSON");
  }
  return checkConfig(data);
}
