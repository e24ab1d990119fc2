// Wiring: the engine, the board, and the page's loading state.
import { EngineClient } from "./engine-client.js";
import { Board } from "./board.js";
import { STANDARD, parsePosition, positionFromHash } from "./notation.js";

const root = document.documentElement;
const board = new Board(document.getElementById("board"));

let position = positionFromHash(location.hash) ?? STANDARD;
let shown;
try {
  shown = parsePosition(position);
} catch {
  position = STANDARD;
  shown = parsePosition(STANDARD);
}
board.render({ position, points: shown.points });

const engine = new EngineClient();
const loading = document.getElementById("loading");
engine.onProgress(({ fraction, text }) => {
  const percent = Math.round((fraction ?? 0) * 100);
  loading.setAttribute("aria-valuenow", String(percent));
  loading.querySelector(".loading-bar span").style.width = `${percent}%`;
  loading.querySelector(".loading-text").textContent = text ? `${text}…` : "Loading the rules…";
});
engine.ready.then(
  () => root.setAttribute("data-engine", "ready"),
  (error) => {
    root.setAttribute("data-engine", "error");
    const box = document.getElementById("engine-error");
    box.textContent = `${error.message.replace(/\.?$/, ".")} Reload the page to try again.`;
    box.hidden = false;
  },
);
