// The address: links to a position or to a whole game, read strictly and written back.
//
//   index.html#<position>             a position (docs/notation.md's position text, "_" for its space)
//   index.html#<start>~<a>,<a>,...    a game: its start position, then its actions in order
//   index.html#online=<room>.<secret> an invite to an online game (online/protocol.js reads it)
//   index.html#turns=<room>.<secret>.<host>  a game by turns (online/protocol.js reads it too)
//
// e.g. #ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT_w1~C5xC4,B3xC4,pass
//
// The two links of online play are online/'s to read (online.js resume): this module passes
// them on by their start, and one cut short (a chat app that broke the line) is said there as
// a damaged link (a page's start fetches none of online play's code).
//
// A link is data: this module only checks its shape (characters, position text, action
// syntax); the engine then replays it and refuses what is not legal. Nothing in a link is
// ever run as code. While a game is shown, the address holds its current position (set with
// history.replaceState, so no entry per action and no hashchange event).

import { parsePosition, parseAction } from "../board/notation.js";
import { msg } from "../page/i18n.js";
import { excerpt } from "../page/clip.js";

const MAX_LENGTH = 20000; // a long game is about 4 KB
const ALLOWED = /^[A-Za-z0-9./_~,@ -]*$/;

/** The fragment of a position link: "#" + the position text with "_" for its space. */
export function positionHash(position) {
  return "#" + String(position).trim().replace(/\s+/g, "_");
}

/** The fragment of a game link: the start, "~", then the actions separated by commas. */
export function gameHash(start, actions) {
  return actions.length ? `${positionHash(start)}~${actions.join(",")}` : positionHash(start);
}

/** The absolute URL of the page (index.html beside the current address) with a fragment. */
export function linkTo(hash, base = location.href) {
  return new URL(`index.html${hash}`, base).href;
}

/**
 * Read a fragment. Returns one of
 *   {kind: "none"}                               no fragment
 *   {kind: "position", position}                 a position link
 *   {kind: "game", start, actions: [text]}       a game link
 *   {kind: "online"}                             an invite to an online game, or a game by turns (online/online.js
 *                                                reads it whole, and says one cut short or changed)
 *   {kind: "error", message}                     what is wrong, in one sentence for a person
 *                                                (an i18n msg(), translated when shown)
 */
export function parseLink(hash) {
  let text = String(hash ?? "").replace(/^#/, "");
  if (!text.trim()) return { kind: "none" };
  if (text.length > MAX_LENGTH) return error(msg("link.tooLong"));
  if (text.startsWith("online=") || text.startsWith("turns=")) return { kind: "online" };
  try {
    text = decodeURIComponent(text);
  } catch {
    return error(msg("link.escape"));
  }
  text = text.trim();
  if (!ALLOWED.test(text)) {
    return error(msg("link.characters"));
  }
  const parts = text.split("~");
  if (parts.length > 2) return error(msg("link.tildes"));
  const position = parts[0].replace(/_/g, " ").trim();
  try {
    parsePosition(position);
  } catch (e) {
    return error(msg("link.position", { detail: e.text ?? e.message }));
  }
  const canonicalTurn = (p) => p.replace(/\s+(\S+)$/, (_, turn) => ` ${turn.toLowerCase()}`);
  if (parts.length === 1) return { kind: "position", position: canonicalTurn(position) };
  const moves = parts[1].trim();
  if (!moves) return { kind: "position", position: canonicalTurn(position) };
  const actions = [];
  for (const [i, move] of moves.split(",").entries()) {
    if (!parseAction(move)) {
      return error(msg("link.move", { number: i + 1, move: excerpt(move.trim(), 20) }));
    }
    actions.push(move.trim());
  }
  return { kind: "game", start: canonicalTurn(position), actions };
}

function error(message) {
  return { kind: "error", message };
}
