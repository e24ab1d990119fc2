// A round's game on this page's board (session.js): put there from the record (a load, a new
// round, a take-back), and a new round that the host's page starts (its `start`, claims.js
// startFits) tried there before this guest takes it: the round's game is loaded from it, and
// when the board then shows it already won (which only the engine can tell) or the engine
// refuses it, everything is as it was: the record, the board (its save held meanwhile), what
// the session keeps of the round (its clocks, the counts of actions sent and acknowledged).
// session.js takes no change of the board for the game's while it tries.
//
//   await putOnBoard(board, record);                                               // this page's person plays its colour, the other page the other
//   const taken = await tryStart(board, record, game, {load, kept, restore});   // true: the round is on the board

import { colourOf, startRound } from "./record.js";

/** Put the record's game on `board` (the Game): this page's person plays its colour, the
 * other page the other; the engine's refusal thrown. */
export async function putOnBoard(board, record) {
  const mine = colourOf(record);
  const players = { [mine]: "person", [mine === "white" ? "black" : "white"]: "online" };
  const error = await board.load(record.game.start, record.actions ?? [], { state: { setup: "online", seed: null, players, alert: null, notice: null } });
  if (error) throw error;
}

/** `board`: the Game; `load()` puts the record's game on it (session.js); `kept()` what the
 * session keeps of the round, `restore(kept)` it put back. */
export async function tryStart(board, record, game, { load, kept, restore }) {
  const before = { record: { game: record.game, actions: record.actions, end: record.end, clock: record.clock, rematch: record.rematch }, board: board.state, kept: kept() };
  const back = () => {
    Object.assign(record, before.record);
    restore(before.kept);
    board.preview(before.board);
  };
  startRound(record, game);
  board.holdSave(true);
  try {
    await load();
  } catch (error) {
    back();
    throw error;
  } finally {
    board.holdSave(false);
  }
  if (!board.state.view?.winner) return true;
  back();
  return false;
}
