// Who plays each side. "person" is someone at this screen; other kinds (the computer
// opponent) register themselves here with registerPlayerKind, and then appear in the
// new-game dialog's selectors. A kind with `chooseActions(view, engine)` (a promise of the
// action texts of its turn) plays by itself when it is its side's turn.
import { t } from "../page/i18n.js";

export const PLAYER_KINDS = new Map([
  [
    "person",
    {
      get label() {
        return t("player.person");
      },
      automatic: false,
    },
  ],
]);

export function registerPlayerKind(id, spec) {
  // (Object.defineProperties keeps the spec's getters: labels in the language shown.)
  PLAYER_KINDS.set(id, Object.defineProperties({ automatic: typeof spec.chooseActions === "function" }, Object.getOwnPropertyDescriptors(spec)));
}

export function playerLabel(id) {
  return PLAYER_KINDS.get(id)?.label ?? t("player.person");
}

/** The short name of who plays a side, for the trios panel ("Computer (Casual)"). */
export function playerShortLabel(id) {
  const kind = PLAYER_KINDS.get(id);
  return kind?.short ?? kind?.label ?? t("player.person");
}

export function isPerson(id) {
  return !PLAYER_KINDS.get(id)?.automatic;
}
