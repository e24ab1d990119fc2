// A reviewed turn's explanation in words (tzaar/study/explain.py makes it: codes and params;
// this says it in the language shown) and as arrows for the board (the actions it names),
// a marked turn's note and the review's summary. Pure: msg()s for page/i18n.js.
//
//   import { explanationMsgs, explanationArrows } from "../analysis/explain.js";
//   show(element, explanationMsgs(turn));   // turn: a review job's turn (side, actions, best, explanation)
//   overlay.setExplanation(explanationArrows(turn));   // analysis/overlay.js
//
// The keys are "review.why.*" (later texts: loadLater() first). tzaar/study/explain_text.py
// holds the same English for the command line (tests/test_explain_i18n.py).

import { msg } from "../page/i18n.js";

/** The key of each code: what the played turn allowed, what the better turn achieved. */
const ALLOWED = {
  "takes-last": "review.why.takesLast",
  starves: "review.why.starves",
  "covers-last": "review.why.coversLast",
  "proven-loss": "review.why.provenLoss",
  "takes-scarce": "review.why.takesScarce",
  secures: "review.why.secures",
  threatens: "review.why.threatens",
  "few-captures": "review.why.fewCaptures",
};
const ACHIEVED = {
  "wins-type": "review.why.winsType",
  "wins-starve": "review.why.winsStarve",
  "proven-win": "review.why.provenWin",
  "removes-threat": "review.why.removesThreat",
  "takes-scarce": "review.why.takesScarceBetter",
  secures: "review.why.securesBetter",
};
/** The key of a reason whose actions take two stacks of its type (params.count 2). */
const TWO = { "takes-last": "review.why.takesBoth", "takes-scarce": "review.why.takesScarceTwo" };
const TWO_ACHIEVED = { "takes-scarce": "review.why.takesScarceBetterTwo" };
const TYPES = { tzaar: "piece.tzaar", tzarra: "piece.tzarra", tott: "piece.tott" };
const SIDES = { white: "side.white", black: "side.black" };

/** The params of a reason's text: colours and types as msg()s, lines as action text, the
 * number (types left, turns) as n; a capture or stacking that needs its turn's first action
 * (params.first) said with it: "A2xA1 and then B1-A1". */
function fields(reason, turn) {
  const out = { played: turn.actions.join(" "), best: turn.best.join(" "), line: reason.line.join(" ") };
  const first = reason.params.first;
  for (const [name, value] of Object.entries(reason.params)) {
    if (name === "side" || name === "by") out[name] = msg(SIDES[value]);
    else if (name === "type" || name === "taken") out[name] = msg(TYPES[value]);
    else if (name === "turn") out[name] = value.join(" ");
    else if (name === "left" || name === "turns") out.n = value;
    else if ((name === "capture" || name === "action") && first) out[name] = msg("review.why.then", { first, second: value });
    else out[name] = value;
  }
  return out;
}

/** One reason as a msg(), or null for a code this page does not know (a newer engine). */
function reasonMsg(reason, turn, achieved = false) {
  let key = (achieved ? ACHIEVED : ALLOWED)[reason.code];
  if (achieved && reason.code === "removes-threat" && reason.params.last) key = "review.why.removesThreatLast";
  if (!achieved && reason.code === "threatens" && reason.params.left === 1) key = "review.why.threatensLast";
  if (key && reason.params.count === 2) key = (achieved ? TWO_ACHIEVED : TWO)[reason.code] ?? key;
  return key ? msg(key, fields(reason, turn)) : null;
}

/**
 * The sentences of a reviewed turn's explanation: what the played turn allowed, then what the
 * better turn achieved, or (`better`) "Better: E3xE4 pass." when none is named; [] for a turn
 * with no explanation (not a mistake).
 */
export function explanationMsgs(turn, { better = true } = {}) {
  const explanation = turn.explanation;
  if (!explanation) return [];
  const out = explanation.reasons.map((r) => reasonMsg(r, turn));
  out.push(...explanation.better.map((r) => reasonMsg(r, turn, true)));
  if (!explanation.better.length && better) out.push(msg("review.why.better", { best: turn.best.join(" ") }));
  return out.filter(Boolean);
}

/**
 * The arrows of what a reviewed turn's explanation names, for the board at the position after
 * the turn (analysis/overlay.js setExplanation): each {action, from, to, kind, role}, kind
 * "capture" or "stack", role "allowed" (the actions of what the turn played allowed: the
 * opponent's answer), "threat" (a capture a stack could make) or "better" (the better turn's
 * actions named; the better turn itself when no reason of it is). [] for a turn with no
 * explanation. Read from the explanation's data (each reason's actions and threats, in action
 * text), never from its sentences.
 */
export function explanationArrows(turn) {
  const explanation = turn?.explanation;
  if (!explanation) return [];
  const out = [];
  const add = (action, role) => {
    const m = typeof action === "string" && /^([A-I]\d)([x-])([A-I]\d)$/.exec(action);
    if (m && !out.some((a) => a.from === m[1] && a.to === m[3] && a.role === role)) {
      out.push({ action, from: m[1], to: m[3], kind: m[2] === "x" ? "capture" : "stack", role });
    }
  };
  const list = (value) => (Array.isArray(value) ? value : []); // (an explanation kept from an older page has none)
  const better = list(explanation.better);
  for (const [reasons, role] of [[list(explanation.reasons), "allowed"], [better, "better"]]) {
    for (const reason of reasons) {
      for (const action of list(reason?.actions)) add(action, role);
      for (const action of list(reason?.threats)) add(action, "threat");
    }
  }
  if (!better.length) for (const action of list(turn.best)) add(action, "better");
  return out;
}

/** A marked turn's note, a msg(): "12. White C3xD4 D4-E5: mistake, winning chance −14 points;
 * better: C3xE5 pass" (loss: points of the mover's chance of winning, tzaar/ai/review.py). */
export function note(turn) {
  return msg("review.note", {
    number: turn.number,
    side: msg(turn.side === "white" ? "side.white" : "side.black"),
    actions: turn.actions.join(" "),
    mark: msg(`review.${turn.mark}`),
    n: Math.round(turn.loss),
    best: turn.best.join(" "),
  });
}

/** The items of the review's summary (the marked turns, the worst first), each a msg():
 * "23. White: blunder, −31 points" (under the heading "review.worst"). */
export function summaryMsgs(summary) {
  return summary.map((s) =>
    msg("review.worstItem", { number: s.number, side: msg(SIDES[s.side]), mark: msg(`review.${s.mark}`), n: Math.round(s.loss) }),
  );
}
