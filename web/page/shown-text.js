// The one rule for a name or a text that someone else wrote and this page shows: the other
// page's name (an online game's hello and start, the lobby's wishes and proposals), a friend's
// chat message, an opponent's name kept in Your games or read from a game record. Pure, no
// page (node tests: tests/js/shown-text.test.mjs).
//
// Such a text is shown as itself or not at all: no control character, no format character
// (right-to-left and left-to-right overrides and embeddings, zero-width spaces and joiners:
// "x\u202Eyrolam" would read "xmalory"), no line or paragraph separator, no private-use or
// unassigned character, no half of a surrogate pair. A name is also trimmed, its white space
// single spaces, and 1 to MAX_NAME characters (code points) long.
//
//   shownName(" Ann  Lee ")     // "Ann Lee"; null for "", "x\u202Ey", a name too long
//   isShownName("Ann")          // the name exactly as it would be shown
//   isShownText("Nice move", 200)

/** The longest name shown, in characters (code points). */
export const MAX_NAME = 24;

// control, format (bidirectional controls, zero-width), line and paragraph separators,
// private use, unassigned, a lone half of a surrogate pair
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u;

/** Whether `text` holds a character that is not shown as itself. */
export function hasUnshown(text) {
  return UNSHOWN.test(text);
}

/** `text` as a name to show (white space collapsed, trimmed), or null when it is empty, longer
 * than `max` characters or holds a character that is not shown as itself. */
export function shownName(text, max = MAX_NAME) {
  if (typeof text !== "string" || text.length > max * 4) return null;
  const name = text.replace(/\s+/gu, " ").trim();
  const length = [...name].length;
  if (length < 1 || length > max || hasUnshown(name)) return null;
  return name;
}

/** Whether `value` is a name exactly as shownName would give it. */
export function isShownName(value, max = MAX_NAME) {
  return shownName(value, max) === value;
}

/** Whether `value` is a text of at most `max` characters (UTF-16 units) that is not blank and
 * holds only characters shown as themselves. */
export function isShownText(value, max) {
  return typeof value === "string" && value.length <= max && value.trim() !== "" && !hasUnshown(value);
}
