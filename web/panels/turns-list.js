// "Your games by turns": the list of this page's games by turns, drawn from their records (the
// stored value "turns"): the opponent, your colour, whose turn, the time left to move, "Your
// turn" first, then the newest activity (game/by-turns.js listed). Each is a link to its game
// (#turns=ROOM.SECRET: the page opens it, online/online.js). Under Play online (online/panel.js)
// and in Your games (learn/games.js).
//
//   renderTurnsList(list, records);    // list: an <ol>

import { msg, show } from "../page/i18n.js";
import { listed, colourOf } from "../game/by-turns.js";

/** The text of one entry of the list (a msg()). */
export function entryText({ record: r, turn, left }) {
  const theirs = (r.role === "host" ? r.game.names.guest : r.game.names.host) || "";
  const name = theirs || msg(r.role === "host" && turn === "waiting" ? "online.turns.friend" : "online.yourOpponent");
  const colour = msg(`online.colour.${colourOf(r)}`);
  const time = left ? msg(`online.turns.left.${left.unit}`, { n: left.n }) : "";
  let state;
  if (turn === "over") state = msg(r.winner === colourOf(r) ? "online.turns.state.won" : "online.turns.state.lost");
  else if (turn === "waiting") state = msg("online.turns.state.waiting", { days: msg("online.turns.days", { n: r.game.days }) });
  else state = msg(`online.turns.state.${turn}`, { name, left: time });
  return msg("online.turns.entry", { name, colour, state });
}

/** Fill `list` (an <ol>) with the games of `records` (by-turns.js usableRecords), each a link
 * to its game; returns how many. */
export function renderTurnsList(list, records, now = Date.now()) {
  const entries = listed(records, now);
  list.replaceChildren(
    ...entries.map((entry) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `#turns=${entry.record.room}.${entry.record.secret}`;
      link.dataset.room = entry.record.room;
      link.dataset.turn = entry.turn;
      show(link, entryText(entry));
      item.append(link);
      return item;
    }),
  );
  list.dataset.count = String(entries.length);
  return entries.length;
}
