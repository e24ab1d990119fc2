// A new round that the host's page starts (its `start`, claims.js startFits), tried on this
// guest's board before it is taken: the round's game is loaded from it, and when the board then
// shows it already won (which only the engine can tell) or the engine refuses it, everything is
// as it was: the record, the board (its save held meanwhile), what the session keeps of the
// round (its clocks, the counts of actions sent and acknowledged). session.js takes no change
// of the board for the game's while it tries.
//
//   const taken = await tryStart(board, record, game, {load, kept, restore});   // true: the round is on the board

import { startRound } from "./record.js";

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
