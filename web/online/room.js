// One connection attempt to the other page: a Trystero room (web/online/library.js) over the
// host's Nostr relays, encrypted with the invite's secret, carrying text messages on one
// data channel. What the messages mean is session.js's business; this only moves text.
// The library is bundled patched (sitebuild/trystero.patch): a peer that sends more than a
// game needs (chunks that never end, unknown kinds, too much at once) is dropped, and said
// with onRefused.
//
//   const room = await openRoom({config, room: id, secret, onMessage, onPeerJoin, onPeerLeave, onRefused, onError});
//   room.send(text, peerId);   // to one peer (null: to every peer)
//   room.quiet();              // connected: stop announcing on the relays (close their sockets)
//   await room.leave();

import { freshLibrary } from "./library.js";

/** The namespace of TZAAR's rooms on the relays (Trystero's appId). */
export const APP_ID = "tzaar-in-the-browser";
/** The data channel's action name. */
const CHANNEL = "tzaar";

/**
 * Join room `room` with `secret` (the signalling is encrypted with it: a page without it
 * cannot connect). Callbacks: onMessage(data, peerId) with what a peer sent (anything: the
 * caller checks it), onPeerJoin(peerId), onPeerLeave(peerId), onRefused(peerId) (the library
 * dropped the peer: more data than a game needs; onPeerLeave follows), onError(text).
 */
export async function openRoom({ config, room, secret, onMessage, onPeerJoin, onPeerLeave, onRefused = () => {}, onError = () => {} }) {
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
  channel.onMessage = (data, { peerId }) => onMessage(data, peerId);
  joined.onPeerJoin = (peerId) => onPeerJoin(peerId);
  joined.onPeerLeave = (peerId) => onPeerLeave(peerId);
  joined.onPeerRefused = (peerId) => onRefused(peerId);
  let quiet = false;
  return {
    send(text, peerId = null) {
      return channel.send(text, peerId ? { target: peerId } : undefined).catch(() => null);
    },
    quiet() {
      if (quiet) return;
      quiet = true;
      lib.pauseRelayReconnection(); // this instance's sockets stay closed
      for (const socket of Object.values(lib.getRelaySockets())) socket.close();
    },
    leave() {
      return joined.leave().catch(() => null);
    },
  };
}
