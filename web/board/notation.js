// Notation and board geometry of TZAAR (docs/rules.md "The board"; docs/notation.md).
// Pure functions and tables, no DOM, no rules: what is legal always comes from the engine's
// View. This module only names points, places them on the drawing, and reads the texts.

import { t, msg } from "../page/i18n.js";
import { excerpt } from "../page/clip.js";

export const COLUMNS = "ABCDEFGHI";
export const COLUMN_SIZES = [5, 6, 7, 8, 8, 8, 7, 6, 5];
export const STANDARD =
  "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";

export const TYPES = ["tzaar", "tzarra", "tott"];
export const TYPE_LETTER = { tzaar: "Z", tzarra: "A", tott: "T" };
const LETTER_TYPE = { z: "tzaar", a: "tzarra", t: "tott" };
export const TYPE_NAME = { tzaar: "Tzaar", tzarra: "Tzarra", tott: "Tott" };
/** "White" / "Black" in the language shown (read at each use). */
export const SIDE_NAME = {
  get white() {
    return t("side.white");
  },
  get black() {
    return t("side.black");
  },
};
/** A side or a piece type as a text's param: a msg() of its name, which a select of
 * web/lang/*.json chooses by (page/i18n.js). */
export const sideMsg = (side) => msg(`side.${side}`);
export const pieceMsg = (type) => msg(`piece.${type}`);
export const STEP_OF_DIGIT = { 0: "place", 1: "capture", 2: "second" };

/**
 * The 60 points in position-text order (column A bottom to top, then B, ...).
 * Each: {name, col (0..8), row (1..), q (-4..4), y (doubled height, 0..16)}.
 * A point (q, y) touches (q, y±2) and (q±1, y±1); the missing centre is (0, 8).
 */
export const POINTS = buildPoints();
export const POINT_BY_NAME = new Map(POINTS.map((p) => [p.name, p]));
const POINT_BY_QY = new Map(POINTS.map((p) => [`${p.q},${p.y}`, p]));

function buildPoints() {
  const points = [];
  COLUMN_SIZES.forEach((size, col) => {
    const q = col - 4;
    for (let row = 1; row <= size; row++) {
      // k: index in the full column; column E skips the centre (k = 4).
      const k = q === 0 && row >= 5 ? row : row - 1;
      points.push({ name: COLUMNS[col] + row, col, row, q, y: 2 * k + Math.abs(q) });
    }
  });
  return points;
}

export function pointAt(q, y) {
  return POINT_BY_QY.get(`${q},${y}`) ?? null;
}

/** The lines of the board: pairs of neighbouring point names (never through the centre). */
export const SEGMENTS = POINTS.flatMap((p) =>
  [[0, 2], [1, 1], [1, -1]]
    .map(([dq, dy]) => pointAt(p.q + dq, p.y + dy))
    .filter(Boolean)
    .map((n) => [p.name, n.name]),
);

/** Drawing coordinates of a point, in units of the distance between neighbours. */
export function planeXY(q, y) {
  return { x: (q * Math.sqrt(3)) / 2, y: (8 - y) / 2 };
}

/** Normalise a point name typed in any case; null if it is not one of the 60. */
export function parsePoint(text) {
  const name = String(text).trim().toUpperCase();
  return POINT_BY_NAME.has(name) ? name : null;
}

/**
 * Read a position text into {points: {A1: {color, type, height}}, side, step, turn}.
 * Throws an Error with a readable message when the text is malformed.
 */
export function parsePosition(text) {
  // One separator between the board and the turn: a space, or "_" (the URL form).
  const parts = String(text).trim().split(/[ _]/);
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw positionError('A position is the board, one space (or "_"), then the turn (like w1).', "position.shape");
  }
  const [board, turn] = parts;
  const turnMatch = /^([wb])([012])$/i.exec(turn);
  if (!turnMatch) throw positionError(`"${excerpt(turn)}" is not a turn: write w or b then 0, 1 or 2.`, "position.turn", { turn: excerpt(turn) });
  const columns = board.split("/");
  if (columns.length !== 9) throw positionError("A position lists nine columns A to I separated by /.", "position.columns");
  const points = {};
  columns.forEach((column, col) => {
    const tokens = column.match(/\.|[zatZAT]\d*|./g) ?? [];
    if (tokens.length !== COLUMN_SIZES[col]) {
      throw positionError(`Column ${COLUMNS[col]} needs ${COLUMN_SIZES[col]} points, not ${tokens.length}.`, "position.column", {
        column: COLUMNS[col],
        size: COLUMN_SIZES[col],
        count: tokens.length,
      });
    }
    tokens.forEach((token, i) => {
      if (token === ".") return;
      const letter = token[0];
      const type = LETTER_TYPE[letter.toLowerCase()];
      const height = token.length > 1 ? Number(token.slice(1)) : 1;
      if (!type || !(height >= 1)) throw positionError(`"${excerpt(token)}" in column ${COLUMNS[col]} is not a stack.`, "position.stack", { token: excerpt(token), column: COLUMNS[col] });
      points[COLUMNS[col] + (i + 1)] = {
        color: letter === letter.toUpperCase() ? "white" : "black",
        type,
        height,
      };
    });
  });
  const side = turnMatch[1].toLowerCase() === "w" ? "white" : "black";
  return { points, side, step: STEP_OF_DIGIT[turnMatch[2]], turn: turn.toLowerCase() };
}

/**
 * The position text of {points: {A1: {color, type, height}}, turn: "w1"}: the inverse of
 * parsePosition (a space between the board and the turn; a height of 1 is not written).
 */
export function formatPosition({ points, turn }) {
  const columns = COLUMNS.split("").map((letter, col) => {
    let out = "";
    for (let row = 1; row <= COLUMN_SIZES[col]; row += 1) {
      const stack = points[`${letter}${row}`];
      if (!stack) {
        out += ".";
        continue;
      }
      const l = TYPE_LETTER[stack.type];
      out += (stack.color === "white" ? l : l.toLowerCase()) + (stack.height > 1 ? String(stack.height) : "");
    }
    return out;
  });
  return `${columns.join("/")} ${turn}`;
}

/** An Error with the English message and `text`, the same as a msg() for the page. */
function positionError(message, key, params = {}) {
  return Object.assign(new Error(message), { text: msg(key, params) });
}

/** The turn field of a position text: {side, step}, without reading the board. */
export function turnOf(positionText) {
  const turn = (String(positionText).trim().split(/[ _]/)[1] ?? "").toLowerCase();
  return { side: turn[0] === "b" ? "black" : "white", step: STEP_OF_DIGIT[turn[1]] ?? "capture" };
}

/**
 * Read an action text: {kind: "capture"|"stack"|"pass"|"place", from, to, type}.
 * Returns null for text that is not an action.
 */
export function parseAction(text) {
  const s = String(text).trim();
  if (/^pass$/i.test(s)) return { kind: "pass", from: null, to: null, type: null };
  let m = /^([a-i]\d)\s*([x-])\s*([a-i]\d)$/i.exec(s);
  if (m) {
    const from = parsePoint(m[1]);
    const to = parsePoint(m[3]);
    if (!from || !to) return null;
    return { kind: m[2].toLowerCase() === "x" ? "capture" : "stack", from, to, type: null };
  }
  m = /^([zat])\s*@\s*([a-i]\d)$/i.exec(s);
  if (m) {
    const to = parsePoint(m[2]);
    return to ? { kind: "place", from: null, to, type: LETTER_TYPE[m[1].toLowerCase()] } : null;
  }
  return null;
}

export function captureText(from, to) {
  return `${from}x${to}`;
}
export function stackText(from, to) {
  return `${from}-${to}`;
}
export function placeText(type, to) {
  return `${TYPE_LETTER[type]}@${to}`;
}

/** Accessible name of a point: "D4, white Tzarra, height 2" or "D4, empty". */
export function pointLabel(name, stack) {
  if (!stack) return t("point.empty", { point: name });
  return t(`point.stack.${stack.color}`, { point: name, type: pieceMsg(stack.type), height: stack.height });
}

/** A person's reading of an action: "C3 captures D4", "C3 stacks onto D4". */
export function describeAction(text) {
  const a = parseAction(text);
  if (!a) return String(text);
  switch (a.kind) {
    case "pass":
      return t("action.pass");
    case "capture":
      return t("action.capture", { from: a.from, to: a.to });
    case "stack":
      return t("action.stack", { from: a.from, to: a.to });
    default:
      return t("action.place", { type: pieceMsg(a.type), to: a.to });
  }
}
