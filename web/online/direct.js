// The direct path of one connection attempt: a Trystero room (web/online/library.js) over the
// host's Nostr relays, its signalling encrypted with the game's secret, carrying text on a
// WebRTC data channel between the two browsers (room.js puts it beside the relay path). What
// the messages mean is session.js's business; this only moves text. The library is bundled
// patched (sitebuild/trystero.patch): a peer that sends more than a game needs (chunks that
// never end, unknown kinds, too much at once) is dropped, and said with onRefused.
//
//   const direct = await openDirect({config, room: id, secret, onMessage, onLink, onPeerJoin, onPeerLeave, onRefused, onError});
//   direct.send(text, peerId);      // the game's messages ("tzaar")
//   direct.sendLink(text, peerId);  // room.js's own: a direct connection shown to be the relay peer's ("tzaar-link")
//   direct.selfId                   // this attempt's peer id, as the other page sees it
//   direct.quiet();                 // connected: stop announcing on the relays (close their sockets)
//   await direct.leave();           // (its sockets closed too)

import { freshLibrary } from "./library.js";

/** The namespace of TZAAR's rooms on the relays (Trystero's appId). */
export const APP_ID = "tzaar-in-the-browser";
/** The data channel's action names: the game's messages, and room.js's link messages. */
const CHANNEL = "tzaar";
const LINK = "tzaar-link";

/**
 * Join room `room` with `secret` (the signalling is encrypted with it: a page without it
 * cannot connect). Callbacks: onMessage(data, peerId) with what a peer sent (anything: the
 * caller checks it), onLink(data, peerId) the same on the link action, onPeerJoin(peerId),
 * onPeerLeave(peerId), onRefused(peerId) (the library dropped the peer: more data than a game
 * needs; onPeerLeave follows), onError(text).
 */
export async function openDirect({ config, room, secret, onMessage, onLink = () => {}, onPeerJoin, onPeerLeave, onRefused = () => {}, onError = () => {} }) {
  const lib = await freshLibrary();
  const joined = lib.joinRoom(
    {
      appId: APP_ID,
      password: secret,
      relayConfig: { urls: config.relays, warnOnRelayFailure: false },
      rtcConfig: { iceServers: config.iceServers },
    },
    room,
    { onJoinError: ({ error }) => onError(String(error)) },
  );
  const channel = joined.makeAction(CHANNEL);
  const link = joined.makeAction(LINK);
  channel.onMessage = (data, { peerId }) => onMessage(data, peerId);
  link.onMessage = (data, { peerId }) => onLink(data, peerId);
  joined.onPeerJoin = (peerId) => onPeerJoin(peerId);
  joined.onPeerLeave = (peerId) => onPeerLeave(peerId);
  joined.onPeerRefused = (peerId) => onRefused(peerId);
  // A page that goes says so at once (the library's "leave"; the other page need not wait for the
  // connection to time out). The library listens to "beforeunload", which Chromium skips for a
  // page closed before any press on it (a game resumed after a reload): "pagehide" always comes.
  const onHide = () => joined.leave().catch(() => null);
  addEventListener("pagehide", onHide);
  let quiet = false;
  const closeSockets = () => {
    lib.pauseRelayReconnection(); // this instance's sockets stay closed
    for (const socket of Object.values(lib.getRelaySockets())) socket.close();
  };
  return {
    selfId: lib.selfId,
    send(text, peerId = null) {
      return channel.send(text, peerId ? { target: peerId } : undefined).catch(() => null);
    },
    sendLink(text, peerId) {
      return link.send(text, { target: peerId }).catch(() => null);
    },
    quiet() {
      if (quiet) return;
      quiet = true;
      closeSockets();
    },
    /** Leave the room, and close this instance's sockets (the library leaves them open). */
    async leave() {
      removeEventListener("pagehide", onHide);
      await joined.leave().catch(() => null);
      closeSockets();
    },
  };
}
