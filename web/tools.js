// The analysis tools, mounted in one place (app.js calls mountTools once): the board
// overlay, the analysis board and attack map, the game review, the puzzles and the editor.

import { BoardOverlay } from "./overlay.js";
import { Analysis } from "./analysis.js";
import { Review } from "./review.js";
import { Puzzles } from "./puzzles.js";
import { Editor } from "./editor.js";
import { boardStateOf } from "./game.js";

export function mountTools({ panel, game, engine, board, boardSvg, frame, storage }) {
  const overlay = new BoardOverlay(boardSvg, board);
  const analysis = new Analysis(panel, game, engine, overlay, frame);
  const review = new Review(panel, game, engine);
  const puzzles = new Puzzles(panel, game, engine, storage);
  const editor = new Editor(panel, game, engine, board, boardSvg, analysis, () => board.render(boardStateOf(game.state)));
  return {
    analysis,
    overlay,
    review,
    puzzles,
    editor,
    /** After each render of the board (the flip moves the overlay's drawings). */
    render(state) {
      overlay.sync(state.flipped);
      review.render(state);
      editor.render(state);
    },
  };
}
