// The turn panel: who is to play and what to do (title and detail), the tray of the
// tournament setup, the warning before a losing stacking, Pass (the command "pass") and the
// game's notices. It renders from the game's state; the tray's buttons choose the type to place.
// A mode that owns the turn (an exercise: state.prompt) puts its own title there, and its
// own detail once its answer is in.

import { sideMsg, pieceMsg } from "../board/notation.js";
import { personToMove, sideToMove, targetsOf, losingTargetsOf, thinkingOf, resultOf, winnerOf } from "../game/game.js";
import { drawMiniPiece } from "../board/draw.js";
import { playerLabel } from "../game/players.js";
import { t, tr } from "../page/i18n.js";
import { clipMessage } from "../page/clip.js";
import { setText, setAttr } from "./dom.js";
import { resultShown } from "./result.js";

export class TurnPanel {
  #root;

  constructor(root, game) {
    this.#root = root;
    this.title = root.querySelector(".turn-title");
    this.detail = root.querySelector(".turn-detail");
    this.tray = root.querySelector("#tray");
    this.warning = root.querySelector("#warning");
    this.pass = root.querySelector('[data-action="pass"]'); // runs the command "pass" (input.js)
    this.notice = root.querySelector("#notice");
    for (const button of this.tray.querySelectorAll("[data-place]")) {
      button.addEventListener("click", () => game.choosePlaceType(button.dataset.place));
    }
  }

  render(state) {
    const view = state.view;
    const side = sideToMove(state);
    const root = this.#root;
    const winner = winnerOf(state); // by the rules, or on time or resignation
    setAttr(root, "data-side", state.prompt?.side ?? winner ?? side); // (a mode's prompt: the side it asks)
    setAttr(root, "data-owned", state.prompt ? (state.prompt.play === false ? "answered" : "playing") : null);
    setAttr(root, "data-step", view?.step ?? null);
    setAttr(root, "data-over", winner ? "true" : "false");
    setAttr(root, "data-winner", winner);
    setAttr(root, "data-thinking", thinkingOf(state) ? "true" : null);
    const { title, detail } = this.#owned(state) ?? this.#texts(state, side);
    setText(this.title, title);
    setText(this.detail, detail);

    // The tray of the tournament setup.
    const placing = view?.step === "place" && !view.winner;
    this.tray.hidden = !placing;
    if (placing) {
      const chosen = state.placeType[side];
      for (const button of this.tray.querySelectorAll("[data-place]")) {
        const type = button.dataset.place;
        const left = view.reserve[side][type] ?? 0;
        drawMiniPiece(button.querySelector("svg"), side, type);
        setText(button.querySelector(".tray-count"), t("tray.left", { n: left }));
        setAttr(button, "aria-pressed", String(chosen === type));
        setAttr(button, "aria-label", t("tray.aria", { type: pieceMsg(type), n: left }));
        button.disabled = left <= 0 || !personToMove(state) || state.busy;
      }
    }

    // The self-elimination warning, as soon as a losing stacking is on offer.
    const losing = losingTargetsOf(state);
    if (losing.length && personToMove(state)) {
      // One warning for each type the stackings would cover (its agreement in some languages).
      const covered = [...new Set(losing.map((p) => view.points[p].type))];
      const warnings = covered.map((type) => {
        const targets = losing.filter((p) => view.points[p].type === type);
        return t("turn.warning", { point: state.selected, targets: targets.reduce((a, b) => t("turn.or", { a, b })), type: pieceMsg(type) });
      });
      setText(this.warning, warnings.join(" "));
      this.warning.hidden = false;
    } else {
      this.warning.hidden = true;
    }

    this.pass.disabled = !(personToMove(state) && view.legal.pass && !state.busy);
    if (state.notice) {
      setText(this.notice, clipMessage(tr(state.notice)));
      this.notice.hidden = false;
    } else {
      this.notice.hidden = true;
    }
  }

  /** The texts of the mode that owns the turn (state.prompt: an exercise), or null. */
  #owned(state) {
    const prompt = state.prompt;
    if (!prompt || !state.view) return null;
    return { title: tr(prompt.title), detail: prompt.detail ? tr(prompt.detail) : this.#texts(state, sideToMove(state)).detail };
  }

  #texts(state, side) {
    const view = state.view;
    const name = sideMsg(side);
    if (!view) {
      if (state.engine === "error") return { title: t("turn.toPlay", { side: name }), detail: t("turn.engineError") };
      return { title: t("turn.toPlay", { side: name }), detail: t("turn.loading") };
    }
    if (winnerOf(state)) {
      // The result box says who won and why; the panel says it only once that box is gone.
      if (resultShown(state)) return { title: t("turn.gameOver"), detail: "" };
      const result = resultOf(state);
      return { title: result.title, detail: result.reason };
    }
    const later = state.cursor < state.actions.length ? ` ${t("turn.earlier")}` : "";
    if (!personToMove(state)) {
      const who = playerLabel(state.players[side]);
      if (thinkingOf(state)) return { title: t("turn.toPlay", { side: name }), detail: t("turn.thinking", { player: who }) };
      if (state.cursor < state.actions.length) {
        return { title: t("turn.toPlay", { side: name }), detail: t("turn.playedFromHere", { player: who }) };
      }
      return { title: t("turn.toPlay", { side: name }), detail: t("turn.playsThisSide", { player: who }) };
    }
    if (view.step === "place") {
      const type = state.placeType[side];
      const left = Object.values(view.reserve[side]).reduce((a, b) => a + b, 0);
      return {
        title: t("turn.places", { side: name }),
        detail: (type ? t("turn.placeChosen", { type: pieceMsg(type) }) : t("turn.placeChoose", { n: left })) + later,
      };
    }
    const title = t(view.step === "capture" ? "turn.capture" : "turn.second", { side: name });
    let detail;
    if (state.selected) {
      const targets = Object.values(targetsOf(state));
      const captures = targets.filter((t) => t === "capture").length;
      const stacks = targets.filter((t) => t === "stack").length;
      const parts = [captures ? t("turn.captures", { n: captures }) : "", stacks ? t("turn.stackings", { n: stacks }) : ""].filter(Boolean);
      detail = t("turn.selected", { point: state.selected, moves: parts.join(", ") || t("turn.noMove") });
    } else if (view.opening) {
      detail = t(`turn.opening.${side}`);
    } else if (view.step === "capture") {
      detail = t("turn.first");
    } else {
      detail = t("turn.secondDetail");
    }
    return { title, detail: detail + later };
  }
}
