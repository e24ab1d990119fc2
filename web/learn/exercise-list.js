// Your mistakes as exercises: the list, pure (no DOM, no engine, no clock of its own: every
// function that needs the time takes `now`, milliseconds). The page keeps it in the browser
// (the stored value "exercises", page/storage.js) through learn/exercises.js and
// learn/background.js; tests/js/exercises.test.mjs tests it with a fake clock.
//
// The stored value: {version: 1, items: [exercise], pending: [game]}.
//   exercise: {id, position, side, number, played, best, loss, mark, explanation, game, date,
//              solves: [ms], misses, due: ms, learned: ms | null}
//     position: the position text before the turn you played (`side` to move, turn `number`);
//     played: your turn's actions; best: the engine's; loss: the points of your chance of
//     winning that your turn gave away (tzaar/ai/review.py); explanation: the review's words
//     for the mistake (tzaar/study/explain.py: {reasons, better}); game: the id of the game it
//     came from. A mistake makes an exercise only when its explanation tells the turn played
//     from the better one (tellsApart).
//   game (a review waiting to run): {id, start, actions, colour, date}
//
// Spaced repetition: a right answer is a solve; the exercise comes back AGAIN_DAYS later, and
// a second solve at least AGAIN_DAYS after the first makes it learned: it leaves the list
// (kept, counted as learned). A miss forgets the solves and makes it due at once.

/** A right answer gives away less than this many points of the mover's chance of winning
 * compared with the engine's turn (the review's own measure; a mistake is 15). */
export const MARGIN = 8;
/** Days between the two solves that make an exercise learned, and until a solved one is due. */
export const AGAIN_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most exercises kept (the oldest learned ones go first, then the oldest). */
export const MAX_EXERCISES = 300;
/** The most games waiting for their review. */
export const MAX_PENDING = 20;

/** The two sides, and whether a stored value is a list of texts (games.js checks its games with them too). */
export const SIDES = new Set(["white", "black"]);
export const isTexts = (v) => Array.isArray(v) && v.every((a) => typeof a === "string");
const isTime = (v) => Number.isFinite(v) && v >= 0;

/** An empty list. */
export function emptyList() {
  return { version: 1, items: [], pending: [] };
}

/** The kinds of reason (tzaar/study/explain.py's codes) that did not tell the turn played from
 * the better one before explain.py checked every reason on the other turn's line: "a stack no
 * enemy stack is tall enough to take", which any stacking of the opening made. A reason of that
 * check carries the actions it names (`actions`); one stored before it does not. */
const UNTELLING = new Set(["secures"]);

/**
 * Whether a reviewed turn's explanation (`turn.explanation`: {reasons, better}, each reason
 * {code, params, line, actions}) tells the turn played from the better one: a reason, of the
 * turn played or of the better turn, checked on both lines (it names its actions), or of a kind
 * other than UNTELLING. A turn explained by nothing more (a bare better turn, no explanation at
 * all) makes no exercise: there is nothing to learn from it.
 */
export function tellsApart(turn) {
  const e = turn?.explanation;
  if (!e || typeof e !== "object") return false;
  const reasons = [...(Array.isArray(e.reasons) ? e.reasons : []), ...(Array.isArray(e.better) ? e.better : [])];
  return reasons.some((r) => typeof r?.code === "string" && (Array.isArray(r.actions) || !UNTELLING.has(r.code)));
}

function validItem(x) {
  return (
    x && typeof x === "object" && typeof x.id === "string" && typeof x.position === "string" && SIDES.has(x.side) && Number.isInteger(x.number) && x.number > 0 &&
    isTexts(x.played) && x.played.length > 0 && isTexts(x.best) && Number.isFinite(x.loss) &&
    Array.isArray(x.solves) && x.solves.every(isTime) && isTime(x.due) && (x.learned === null || isTime(x.learned)) &&
    tellsApart(x)
  );
}

function validGame(g) {
  return g && typeof g === "object" && typeof g.id === "string" && typeof g.start === "string" && isTexts(g.actions) && SIDES.has(g.colour);
}

/** The list in a stored value: anything that is not one (damaged, another format) reads as
 * an empty list, and an entry that is not an exercise is left out (one whose explanation does
 * not tell the turns apart too: tellsApart). */
export function readList(value) {
  if (!value || typeof value !== "object" || value.version !== 1) return emptyList();
  const items = Array.isArray(value.items) ? value.items.filter(validItem) : [];
  const pending = Array.isArray(value.pending) ? value.pending.filter(validGame) : [];
  return { version: 1, items, pending };
}

const KEY = "exercises"; // the stored value (page/storage.js)

/** The list of exercises stored in `storage` (readList). */
export function listIn(storage) {
  return readList(storage?.get(KEY));
}

/** Store `list` as the list of exercises. */
export function store(storage, list) {
  storage?.set(KEY, list);
}

/** The id of the exercise of playing `played` in `position`. */
export function exerciseId(position, played) {
  return `${position}~${played.join(",")}`;
}

/**
 * The exercises of a review (tzaar/ai/review.py's result: {turns}) of a game whose position
 * before each action is `positions` (the start, then after each action): the turns of side
 * `colour` marked a mistake or a blunder whose explanation tells the turn played from the
 * better one (tellsApart). `game`: {id, date}; `now`: when they were made.
 */
export function mistakesOf(review, positions, colour, game, now) {
  const out = [];
  let cursor = 0;
  for (const turn of review.turns) {
    const before = positions[cursor];
    cursor += turn.actions.length;
    if (turn.side !== colour || !turn.mark || !turn.best?.length || typeof before !== "string" || !tellsApart(turn)) continue;
    out.push({
      id: exerciseId(before, turn.actions),
      position: before,
      side: colour,
      number: turn.number,
      played: turn.actions,
      best: turn.best,
      loss: turn.loss,
      mark: turn.mark,
      explanation: turn.explanation ?? null,
      game: game.id,
      date: game.date,
      solves: [],
      misses: 0,
      due: now,
      learned: null,
    });
  }
  return out;
}

/** `list` with `items` added (one already there stays as it is), within MAX_EXERCISES. */
export function addItems(list, items) {
  const known = new Set(list.items.map((x) => x.id));
  const added = items.filter((x) => !known.has(x.id) && known.add(x.id));
  let all = [...list.items, ...added];
  while (all.length > MAX_EXERCISES) {
    const learned = all.findIndex((x) => x.learned !== null);
    all.splice(learned >= 0 ? learned : 0, 1);
  }
  return { ...list, items: all };
}

/** `list` with the game `game` waiting for its review (once), or without it (`wait` false). */
export function withPending(list, game, wait = true) {
  const rest = list.pending.filter((g) => g.id !== game.id);
  return { ...list, pending: wait ? [...rest, game].slice(-MAX_PENDING) : rest };
}

/** Whether the answer's review (its one turn: {actions, best, loss}) is right: the engine's
 * own turn, or a turn that gives away less than MARGIN points. */
export function isRight(turn) {
  if (turn.best?.length && turn.best.join(" ") === turn.actions.join(" ")) return true;
  return Number.isFinite(turn.loss) && turn.loss < MARGIN;
}

/** Exercise `item` after an answer at `now`, right or not (spaced repetition, above). */
export function answered(item, right, now) {
  if (!right) return { ...item, solves: [], misses: item.misses + 1, due: now };
  const solves = [...item.solves, now];
  const learned = solves.length >= 2 && now - solves[0] >= AGAIN_DAYS * DAY_MS ? now : null;
  return { ...item, solves, due: now + AGAIN_DAYS * DAY_MS, learned };
}

/** `list` with exercise `id` replaced by `change(item)`. */
export function updated(list, id, change) {
  return { ...list, items: list.items.map((x) => (x.id === id ? change(x) : x)) };
}

/** {left: not learned yet, due: of them, to practise now, solved: learned (left the list)}. */
export function counts(list, now) {
  const left = list.items.filter((x) => x.learned === null);
  return { left: left.length, due: left.filter((x) => x.due <= now).length, solved: list.items.length - left.length };
}

/** The exercises still on the list, the due ones first (oldest due first), then by when due. */
function onList(list) {
  return list.items.filter((x) => x.learned === null).sort((a, b) => a.due - b.due);
}

/** The next exercise to practise at `now` (due, not `exclude`), or null: with `game` (the id
 * of a game, e.g. the one just lost), that game's exercises first, the worst first (the most
 * points given away); then the others, the oldest due first. */
export function nextDue(list, now, exclude = null, game = null) {
  const due = onList(list).filter((x) => x.due <= now && x.id !== exclude);
  const ofGame = game === null ? [] : due.filter((x) => x.game === game).sort((a, b) => b.loss - a.loss);
  return ofGame[0] ?? due[0] ?? null;
}

/**
 * The turn that turned the game for side `colour` in a review's result ({evals, turns}):
 * the last of `colour`'s turns after which its chance of winning fell below one half and
 * stayed there to the end, unless the review found no better turn than it (its loss 0, its
 * better turn the turn played: the engine's own turn, or every turn the deeper look tried
 * leads where it led, so the chance before it was the first pass's and the game had turned
 * earlier). Else (its chance never at one half or more after a turn of the game, never fell:
 * a lost game the review does not see lost, or that fall cleared) the turn of `colour` that
 * gave away the most. Returns the index of that turn in `turns`, or -1 (no turn of `colour`).
 */
export function turningTurn(review, colour) {
  const mine = (c) => (colour === "white" ? c : 1 - c);
  const chance = (ev) => (ev ? mine(ev.chance) : null);
  const nothingBetter = (t) => t.loss === 0 && isTexts(t.best) && t.best.join(" ") === t.actions.join(" ");
  const turns = review.turns;
  let turned = -1;
  for (let k = turns.length - 1; k >= 0; k -= 1) {
    const after = chance(review.evals[k + 1]);
    if (after !== null && after >= 0.5) break; // from here on, the game had not turned yet
    const before = chance(review.evals[k]);
    if (turns[k].side === colour && before !== null && before >= 0.5) {
      if (!nothingBetter(turns[k])) turned = k;
      break;
    }
  }
  if (turned >= 0) return turned;
  let worst = -1;
  turns.forEach((t, k) => {
    if (t.side === colour && Number.isFinite(t.loss) && (worst < 0 || t.loss > turns[worst].loss)) worst = k;
  });
  return worst;
}
