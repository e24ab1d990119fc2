// The clocks of an online game (game/clock.js's pure state, driven here): each page runs its
// own. White's clock starts when the game does; the mover's page presses the clock when its
// turn ends and sends the time it has left with the turn's last action; the receiving page
// checks that claim against the time it saw pass (clock.js receiveTurn). Over the whole game
// the claims may exceed what this page measured by an allowance (clock.js lagTolerance: two
// seconds, refilled a tenth a turn); past it, this page counts that side's time itself from
// then on, and says so. A side whose time runs out loses: its own page sees it at once, the
// other page after CLAIM_TOLERANCE_MS (the last turn may be on its way); a turn that arrives
// later than that loses too, whatever it claims (clock.js receiveTurn; the session ends the
// game before it plays such an action: actions.js `late`), and so does one out of time while
// the other page is away. The time this page was closed is not charged to the other side
// (clock.js unseen).
//
//   const timing = new OnlineTiming(control, saved, now, {theirs, alive});   // control: "5+3"..., or null (untimed)
//   timing.begin(now); timing.turnSent(now) -> ms left; timing.turnReceived(claimed, now); timing.undone(side, now)
//   timing.left(side, now) -> ms, or null (untimed)

import { newClock, start, press, receiveTurn, outOfTime, flag, stop, timeLeft, saveClock, restoreClock, unseen, ClockError, CLAIM_TOLERANCE_MS, newLag, lagTolerance, lagAfter, restoreLag } from "../game/clock.js";

export class OnlineTiming {
  clock; // clock.js state, or null (untimed)
  lag; // the other page's claims against this page's count (clock.js newLag)
  #fresh; // a new clock, not started yet

  /** `saved`: the clocks saved with the game (a reload), counted on to `now`; `away`: {theirs:
   * the other side, alive: the last moment this page was open with the game (record.js)}: the
   * time since, while this page was closed, is charged to this page's own side, not to theirs
   * (clock.js unseen: their turn may have been played meanwhile, to a page that was not there). */
  constructor(control, saved = null, now = Date.now(), away = null) {
    this.#fresh = !saved;
    this.lag = saved ? restoreLag(saved.lag) : newLag();
    try {
      this.clock = saved ? restoreClock(saved, now) : control ? newClock(control) : null;
    } catch (error) {
      if (!(error instanceof ClockError)) throw error;
      this.clock = control ? newClock(control) : null; // a damaged save: a fresh clock
    }
    if (saved && away) this.clock = unseen(this.clock, away.theirs, away.alive, now);
  }

  get saved() {
    const clock = saveClock(this.clock);
    return clock && { ...clock, lag: { ...this.lag } };
  }

  /** The ms `side` has left at `now` by this page's count, or null (untimed). */
  left(side, now) {
    return this.clock ? timeLeft(this.clock, side, now) : null;
  }

  /** The game starts: `side`'s clock runs (a clock restored from a save goes on as it was). */
  begin(side, now) {
    if (this.#fresh && this.clock) this.clock = start(this.clock, side, now);
    this.#fresh = false;
  }

  /** This page's turn ended: pressed; the ms it has left (sent with the turn), or null. */
  turnSent(now) {
    if (!this.clock?.running) return null;
    const mover = this.clock.running;
    this.clock = press(this.clock, now);
    return timeLeft(this.clock, mover, now);
  }

  /** The other page's turn arrived at `now` with `claimed` ms left: {plausible, excess, over}
   * (plausible when untimed; `over`: the claims' excess over this page's count in all). Taken
   * while the game's allowance lasts; past it, this page's own count from then on. */
  turnReceived(claimed, now) {
    if (!this.clock?.running) return { plausible: true, excess: 0, over: this.lag.over };
    // (No claim: more than possible, so this page's own count is used.)
    const given = Number.isFinite(claimed) ? claimed : Number.MAX_SAFE_INTEGER;
    const result = receiveTurn(this.clock, given, now, lagTolerance(this.lag));
    this.clock = result.state;
    if (Number.isFinite(claimed)) this.lag = lagAfter(this.lag, result.excess);
    return { plausible: result.plausible, excess: result.excess, over: this.lag.over };
  }

  /** The side out of time at `now` ("white" | "black") or null; `mine`: this page's side (no grace for it). */
  outOfTime(mine, now) {
    if (!this.clock) return null;
    const side = outOfTime(this.clock, now, this.clock.running === mine ? 0 : CLAIM_TOLERANCE_MS);
    if (side && !this.clock.flagged) this.clock = flag(this.clock, now);
    return side;
  }

  /** A turn was taken back (takeback.js): `side`, who had played it, is to move again, its
   * clock running from `now`; the time the other side spent meanwhile stays spent. */
  undone(side, now) {
    if (this.clock?.running) this.clock = start(this.clock, side, now);
  }

  /** The game ended otherwise: the clocks stop. */
  stop(now) {
    if (this.clock?.running) this.clock = stop(this.clock, now);
  }
}
