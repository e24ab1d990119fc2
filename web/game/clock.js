// The chess clock of a timed game: Fischer time controls, pure functions of a plain state
// and the moments given to them (milliseconds since the epoch, Date.now()), so that a state
// saved before a reload counts the time that passed while the page was closed. No timer,
// no page: panels/clocks.js draws a state, the online game drives it (online/timing.js;
// docs/online.md says how the two pages' clocks agree, docs/playing.md the player's view).
//
// A state: {control, remaining: {white, black}, running, since, flagged}
//   control    the time control's id ("3+2", ...; TIME_CONTROLS)
//   remaining  each side's milliseconds left at `since` (the running side) or now (the other)
//   running    "white" | "black" | null (stopped: not started, or the game over)
//   since      when the running side's clock last started (epoch ms), null when stopped
//   flagged    null, or the side whose time ran out (then running is null)

/** The time controls: minutes each, seconds added after each of your turns; "untimed" has no clock. */
export const TIME_CONTROLS = Object.freeze({
  untimed: null,
  "3+2": Object.freeze({ minutes: 3, increment: 2 }),
  "5+3": Object.freeze({ minutes: 5, increment: 3 }),
  "10+5": Object.freeze({ minutes: 10, increment: 5 }),
  "20+10": Object.freeze({ minutes: 20, increment: 10 }),
});

/** Under this many milliseconds a clock is low: marked, announced once, shown in tenths under TENTHS_MS. */
export const LOW_TIME_MS = 20_000;
export const TENTHS_MS = 10_000;
/** The margin between the two pages' counts of one side's time (a message's way, the moment
 * each page charges it): a side out of time by the other page's count loses there only this
 * much later. */
export const CLAIM_TOLERANCE_MS = 1000;
/** How much more time than this page measured the other page's claims may carry in all over
 * a game (an honest page is not charged its messages' way, which this page counts): an
 * allowance of LAG_ALLOWANCE_MS, refilled by LAG_REFILL_MS each turn up to that (lagTolerance). */
export const LAG_ALLOWANCE_MS = 2000;
export const LAG_REFILL_MS = 100;

const SIDES = ["white", "black"];
const other = (side) => (side === "white" ? "black" : "white");

/** A clock state (or a claim) that cannot be used; its message says what is wrong. */
export class ClockError extends Error {
  constructor(message) {
    super(message);
    this.name = "ClockError";
  }
}

/** {minutes, increment} of a control's id; null for "untimed"; ClockError for any other. */
export function timeControl(id) {
  if (!Object.hasOwn(TIME_CONTROLS, id)) throw new ClockError(`Unknown time control ${JSON.stringify(String(id)).slice(0, 24)}: one of ${Object.keys(TIME_CONTROLS).join(", ")}.`);
  return TIME_CONTROLS[id];
}

/** Milliseconds added to a side's clock after each of its turns. */
export function incrementMs(state) {
  return timeControl(state.control).increment * 1000;
}

/** A new clock of the control `id`, both sides full, stopped; null for "untimed". */
export function newClock(id) {
  const control = timeControl(id);
  if (!control) return null;
  const full = control.minutes * 60_000;
  return { control: id, remaining: { white: full, black: full }, running: null, since: null, flagged: null };
}

/** The milliseconds `side` has left at `now` (never below 0). */
export function timeLeft(state, side, now) {
  const left = state.remaining[side] - (state.running === side ? Math.max(0, now - state.since) : 0);
  return Math.max(0, left);
}

/** The clock with `side`'s time running from `now` (the game's first turn, or after a pause). */
export function start(state, side, now) {
  if (state.flagged) return state;
  return { ...state, remaining: { ...state.remaining, ...charged(state, now) }, running: side, since: now };
}

/** The clock stopped at `now` (the game over): the running side charged its time. */
export function stop(state, now) {
  return { ...state, remaining: { ...state.remaining, ...charged(state, now) }, running: null, since: null };
}

/** The mover pressed the clock at `now` (its turn ended): its time charged, the increment
 * added, the other side's clock running. A mover already out of time is flagged instead. */
export function press(state, now) {
  if (!state.running) return state;
  const mover = state.running;
  if (timeLeft(state, mover, now) <= 0) return flag(state, now);
  const left = timeLeft(state, mover, now) + incrementMs(state);
  return { ...state, remaining: { ...state.remaining, [mover]: left }, running: other(mover), since: now };
}

/** The side whose time has run out at `now` (its clock at 0, or below -grace ms on the
 * page that only observes it), or null. */
export function outOfTime(state, now, grace = 0) {
  if (state.flagged) return state.flagged;
  if (!state.running) return null;
  return state.remaining[state.running] - (now - state.since) <= -grace ? state.running : null;
}

/** The clock with the running side flagged (its time ran out): stopped, its time at 0. */
export function flag(state, now) {
  const side = state.running;
  if (!side) return state;
  return { ...stop(state, now), remaining: { ...state.remaining, [side]: 0 }, flagged: side };
}

function charged(state, now) {
  return state.running ? { [state.running]: timeLeft(state, state.running, now) } : {};
}

/**
 * Is a turn's claim of time left plausible? This page saw the other side's clock start when
 * it sent its own turn (`sentAt`) and stop when the other's turn arrived (`receivedAt`); the
 * other side had `before` ms then, gets the increment, and claims `claimed` ms now. The
 * time it really used is at most what this page observed (the network only adds to it), so
 * an honest claim is at most `before - (receivedAt - sentAt) + increment`, give or take the
 * two pages' clocks: `tolerance` ms. Returns {plausible, bound, excess}: `bound` the most
 * this page allows (before the tolerance), `excess` how far the claim is above it.
 */
export function checkClaim({ before, sentAt, receivedAt, increment, claimed, tolerance = CLAIM_TOLERANCE_MS }) {
  for (const [name, value] of Object.entries({ before, sentAt, receivedAt, increment, claimed })) {
    if (!Number.isFinite(value)) throw new ClockError(`A clock claim needs ${name} as a number of milliseconds.`);
  }
  const bound = Math.max(0, before - Math.max(0, receivedAt - sentAt)) + increment;
  const excess = Math.max(0, claimed - bound);
  return { plausible: claimed >= 0 && excess <= tolerance, bound, excess };
}

/**
 * The other side's turn arrived at `now` with its claim of `claimed` ms left (after its
 * increment): on this page, whose clock ran for that side since this page's own turn was
 * sent, the claim is checked (checkClaim) and the clock pressed. Returns {state, plausible,
 * excess}: a plausible claim is taken (the two boards agree), an implausible one is replaced
 * by this page's own bound, and the caller says so. A turn that arrives when the mover is out
 * of time by this page's own count, past the observer's grace (outOfTime, CLAIM_TOLERANCE_MS:
 * what this page's tick would have flagged), flags the mover whatever it claims, as does a
 * claim of no time left once its time is out here too.
 */
export function receiveTurn(state, claimed, now, tolerance = CLAIM_TOLERANCE_MS) {
  const side = state.running;
  if (!side) throw new ClockError("A turn arrived while no clock runs.");
  const check = checkClaim({ before: state.remaining[side], sentAt: state.since, receivedAt: now, increment: incrementMs(state), claimed, tolerance });
  if (outOfTime(state, now, CLAIM_TOLERANCE_MS) || (timeLeft(state, side, now) <= 0 && claimed <= 0)) return { state: flag(state, now), ...check };
  const left = check.plausible ? Math.min(claimed, check.bound + tolerance) : check.bound;
  return { state: { ...state, remaining: { ...state.remaining, [side]: left }, running: other(side), since: now }, plausible: check.plausible, excess: check.excess };
}

/** The other page's claims against this page's own count over a game: {left: the allowance
 * left (ms), over: the claims' excess in all (ms), distrusted: once a claim went past the
 * allowance, this page counts that side's time itself from then on}. */
export function newLag() {
  return { left: LAG_ALLOWANCE_MS, over: 0, distrusted: false };
}

/** How far over this page's count the next claim may be (receiveTurn's tolerance): the
 * allowance left with this turn's refill; 0 once distrusted. */
export function lagTolerance(lag) {
  return lag.distrusted ? 0 : Math.min(LAG_ALLOWANCE_MS, lag.left + LAG_REFILL_MS);
}

/** The lag after a claim `excess` ms over this page's count: spent from the allowance, or,
 * past it, distrusted for good. */
export function lagAfter(lag, excess) {
  const tolerance = lagTolerance(lag);
  const over = lag.over + excess;
  if (lag.distrusted || excess > tolerance) return { left: 0, over, distrusted: true };
  return { left: tolerance - excess, over, distrusted: false };
}

/** A saved lag read back (a fresh one for anything malformed). */
export function restoreLag(data) {
  const ok = data && Number.isFinite(data.left) && Number.isFinite(data.over) && typeof data.distrusted === "boolean";
  return ok ? { left: Math.min(LAG_ALLOWANCE_MS, Math.max(0, data.left)), over: Math.max(0, data.over), distrusted: data.distrusted } : newLag();
}

/** The clock of a page that was closed from `from` until `now` and saw none of that time:
 * `side`'s clock, if it runs, goes on from `now` with what it had at `from`. (A page counts
 * its own side's time while it was closed, restoreClock; the other side, which may have
 * played meanwhile to a page that was not there, is not charged for that page's absence.) */
export function unseen(state, side, from, now) {
  if (!state || state.running !== side || !Number.isFinite(from) || from >= now) return state;
  return { ...state, since: state.since + now - Math.max(from, state.since) };
}

/** The state as a plain object for JSON (saved with the game). */
export function saveClock(state) {
  return state && { control: state.control, remaining: { ...state.remaining }, running: state.running, since: state.since, flagged: state.flagged };
}

/** A saved clock read back, checked (ClockError on anything malformed): the time that
 * passed while the page was closed counts, since `since` is a moment of the epoch. A save
 * from the future (`since` after `now`: the computer's clock set back) restarts at `now`. */
export function restoreClock(data, now) {
  if (data === null || data === undefined) return null;
  if (typeof data !== "object") throw new ClockError("A saved clock must be an object.");
  const control = timeControl(data.control);
  if (!control) throw new ClockError("A saved clock cannot be untimed.");
  const full = control.minutes * 60_000;
  const remaining = {};
  for (const side of SIDES) {
    const left = data.remaining?.[side];
    // (The increments can carry a clock above its start: up to one per turn, bounded loosely.)
    if (!Number.isFinite(left) || left < 0 || left > full * 100) throw new ClockError(`A saved clock's time for ${side} must be milliseconds, not ${String(left).slice(0, 20)}.`);
    remaining[side] = left;
  }
  const running = data.running ?? null;
  const flagged = data.flagged ?? null;
  if (running !== null && !SIDES.includes(running)) throw new ClockError("A saved clock runs for white, black or no one.");
  if (flagged !== null && (!SIDES.includes(flagged) || running !== null)) throw new ClockError("A saved clock's flag is white's or black's, on a stopped clock.");
  if (running !== null && !Number.isFinite(data.since)) throw new ClockError("A saved running clock needs the moment it started.");
  return { control: data.control, remaining, running, since: running ? Math.min(data.since, now) : null, flagged };
}

/** A clock's text: "4:59", "12:00"; "0:09.3" under TENTHS_MS (tenths rounded down, so 0.0 is out of time). */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < TENTHS_MS) return `0:0${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
