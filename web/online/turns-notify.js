// Notifications of games by turns, the pure part: the player's choice (asked once, from a
// button, never required) read with the browser's permission; the notification of a move that
// arrives while the page is hidden; and the list the service worker checks in the background
// (an installed app where the browser offers Periodic Background Sync): for each game where it
// is the other's turn, its tag, the other's public key and since when, with no secret, and the
// texts it says in the player's language. turns-notify-view.js asks and shows; sw.js checks.
// docs/online.md, "Notifications".
//
//   notifyState(Notification.permission, storage.get(NOTIFY_KEY))   // "on" | "off" | "refused" | "unsupported"
//   moveNotice(record, ["D4xD5", "E6-E5"])                           // {title, body, tag}
//   watchList(records, tags, relays)                                 // {relays, games: [{tag, them, since}], texts}

import { t, msg } from "../page/i18n.js";
import { turnOf, activityOf } from "../game/by-turns.js";

/** The stored value of the player's choice: "on" (notify), "off", or "refused" (the browser
 * did not allow it when asked). */
export const NOTIFY_KEY = "turns.notify";
/** The tag of the background check (Periodic Background Sync), and its least interval. */
export const SYNC_TAG = "tzaar-turns";
export const SYNC_MS = 12 * 3_600_000;
/** The most games the service worker checks (the newest activity first). */
export const MAX_WATCHED = 40;

/** What the page says and offers, from the browser's permission (`Notification.permission`,
 * or undefined where there is no Notification) and the stored choice: "unsupported", "refused"
 * (the browser blocks it, or the player turned the question down: the button says how to turn
 * it back on), "on", or "off" (the button asks). */
export function notifyState(permission, stored) {
  if (!permission) return "unsupported";
  if (permission === "denied" || (permission === "default" && stored === "refused")) return "refused";
  return permission === "granted" && stored === "on" ? "on" : "off";
}

/** The other player's name in `record`'s game, or "your opponent". */
function theirName(r) {
  return (r.role === "host" ? r.game.names.guest : r.game.names.host) || msg("online.yourOpponent");
}

/** The notification of the other player's `actions` (their turn, just taken) in `record`'s game:
 * {title, body, tag} (one a game: a newer one replaces it). */
export function moveNotice(record, actions) {
  return { title: t("online.turns.list"), body: t("online.turns.notify.moved", { name: theirName(record), actions: actions.join(" ") }), tag: `turns-${record.room}` };
}

/**
 * What the service worker checks: `records`' games where it is the other player's turn and
 * whose other player is known (at most MAX_WATCHED, the newest activity first), each {tag (the
 * events' "d" tag: tags.get(room)), them (the other's public key), since (seconds: a copy of
 * theirs of that second or later is news)}, the `relays`, and its texts: texts[n - 1] says n games with news.
 */
export function watchList(records, tags, relays) {
  const games = records
    .filter((r) => turnOf(r) === "them" && typeof r.them === "string" && tags.has(r.room))
    .sort((a, b) => activityOf(b) - activityOf(a))
    .slice(0, MAX_WATCHED)
    .map((r) => ({ tag: tags.get(r.room), them: r.them, since: Math.floor(activityOf(r) / 1000) }));
  const texts = games.map((_, i) => t("online.turns.notify.news", { n: i + 1 }));
  return { relays: [...relays], games, title: t("online.turns.list"), texts };
}
