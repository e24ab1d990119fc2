// The top bar's count of games by turns where it is your turn: a badge on Play online, with its
// words for a screen reader ("your turn in 2 games"). Drawn from the games kept in the browser
// (the stored value "turns", online/turns-record.js), by app.js at the start when there are any
// and by online/turns.js whenever a game changes. The count itself asks the relays nothing: when a
// game waits on the other player (awaitingOthers), app.js has online play check the relays.
// First, what of the stored games this page cannot read is set aside and said (setAsideUnread).
//
//   setAsideUnread(storage, game, opened);
//   showTurnCount(storage);
//   if (awaitingOthers(storage)) ...;   // a move or a join may be waiting on the relays

import { msg, show, loadLater } from "../page/i18n.js";
import { loadStyle } from "../page/style.js";
import { keyOf } from "../page/storage.js";
import { yourTurnCount, usableRecords, turnOf, setAsideTurns, TURNS_SET_ASIDE } from "../game/by-turns.js";
import { showLaterAlert } from "../game/later-alert.js";

// The badge's look (turn-count.css) loads with this module; the badge shows once it applies.
const styled = loadStyle(new URL("./turn-count.css", import.meta.url)).catch(() => null);

/** Show on Play online (`button`) how many games by turns of `storage` wait for this player's move. */
export function showTurnCount(storage, button = document.querySelector("#online-button")) {
  if (!button) return 0;
  const n = yourTurnCount(usableRecords(storage.get("turns")));
  let badge = button.querySelector(".turn-count");
  if (!badge && !n) return 0;
  if (!badge) {
    badge = document.createElement("span");
    badge.className = "turn-count";
    badge.setAttribute("aria-hidden", "true");
    const words = document.createElement("span");
    words.className = "visually-hidden turn-count-words";
    button.append(badge, words);
  }
  badge.textContent = String(n);
  badge.hidden = true;
  styled.then(() => (badge.hidden = n === 0)); // (in the order of the calls: the last count shows)
  const words = button.querySelector(".turn-count-words");
  words.hidden = n === 0;
  const said = msg("turns.badge", { n });
  loadLater().then(() => show(words, said)); // (a later text; in the order of the calls, as above)
  button.dataset.turns = String(n);
  return n;
}

/** Whether a game by turns kept here waits on the other player (their move, or a guest to join). */
export function awaitingOthers(storage) {
  return usableRecords(storage.get("turns")).some((record) => ["them", "waiting"].includes(turnOf(record)));
}

/** Move the games by turns of `storage` that this page cannot read to "turns.set-aside"
 * (by-turns.js setAsideTurns) and say so in the board's alert once the page's game is open
 * (`opened`), after the alert of its own if it has one (its words are later texts: loadLater). */
export function setAsideUnread(storage, game, opened) {
  const n = setAsideTurns(storage);
  if (!n) return;
  const text = msg("online.turns.setAside", { n, key: keyOf(TURNS_SET_ASIDE) });
  showLaterAlert(game, Promise.all([opened.catch(() => null), loadLater()]), { kind: "save", text });
}
