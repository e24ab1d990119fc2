// A finished online game goes to Your games (learn/games.js, loaded on first use), once:
// a live game with the opponent's name and its clock, a game by turns with its time control
// ("1 day a move") for its record.

import { STANDARD } from "../board/notation.js";
import { winnerOf } from "../game/state.js";
import { colourOf } from "../game/by-turns.js";

/** The live game of `session` kept, when it ended and the board's game (`state`) is its own. */
export async function keepLive(state, storage, session) {
  if (session.status !== "ended" || state.setup !== "online" || state.busy) return;
  const { keep, onlineEntryOf } = await import("../learn/games.js");
  const entry = onlineEntryOf(state, session.colour, session.theirName, session.record.end, undefined, session.record.name, session.record.game?.clock ?? null);
  if (entry) keep(state, storage, entry);
}

/** The game by turns `r` (turns-record.js) kept, once the board (`state`) shows it whole and ended. */
export async function keepTurns(state, storage, r) {
  if (state.setup !== "turns" || state.busy || state.actions.join() !== r.actions.join() || !winnerOf(state)) return;
  const { keep, onlineEntryOf } = await import("../learn/games.js");
  const opponent = (r.role === "host" ? r.game.names.guest : r.game.names.host) || "";
  const control = `${r.game.days} day${r.game.days === 1 ? "" : "s"} a move`;
  const entry = onlineEntryOf(state, colourOf(r), opponent, r.end, undefined, r.name, control);
  if (entry) keep(state, storage, { ...entry, setup: r.game.start === STANDARD ? "standard" : "position" });
}
