"""Time rules: how long an action's search runs when the budget is time (Expert, Master).

Without them a timed search runs until its deadline whatever it has found.  With them
(:func:`managed`: a level with ``manage`` and a turn's time budget), after each finished
depth of the search :meth:`TimePlan.settled` decides:

- **stop** when the answer is settled: at depth ``LATE_DEPTH`` or deeper, the best
  action was the same over the last ``STABLE_DEPTHS`` depths, its score did not fall by
  ``DROP`` or more, and ``STOP_SHARE`` of the action's time is spent (the next depth
  would rarely finish in the rest: each costs several times the one before);
- **take up to half again** (``EXTEND`` times the action's time, from the turn's start)
  while it is not: at depth ``LATE_DEPTH`` or deeper the best action changed at the last
  finished depth, or its score fell by ``DROP`` or more;
- else keep the plain deadline.

A fall of the score is measured from ``CYCLE`` depths before: depths are single actions,
and a depth that ends after the opponent's turn scores far below one that ends after
ours (by a thousand centi-units and more), so only depths of the same place in the
two-turn cycle compare.  The search gives no second-best score, so "a clear margin" is
the best action's agreement over depths, not a measured gap.

A single legal action and a proven result already end the search at once
(:meth:`Search.run <tzaar.ai.search.Search.run>`: one action is answered at depth 1, a
mate score ends the deepening; the endgame solver's proof is played before any search).

A turn of two actions shares its time: the first action's search has ``FIRST_TIME`` of
it (as before the rules), the second ``SECOND_MIN`` of it from the end of the first (the
rest of the turn, as before, when the first used all of its share); only the first stops
early or is extended (:meth:`TimePlan.for_action`), so a turn takes at most
``FIRST_TIME * EXTEND + SECOND_MIN`` (1.4) times the budget, and a turn of one action (the
opening capture, or a turn's rest at its second action: ``"only"``) ``EXTEND`` (1.5) times,
plus the few milliseconds between two clock checks (more on a loaded machine).
"""

from __future__ import annotations

#: The share of the turn's time the first of two actions may use (the second gets the rest).
FIRST_TIME = 0.8
#: The least share of the turn's time the second action gets, even after a long first.
SECOND_MIN = 0.2
#: Up to this many times the action's time while the answer is unsettled (half again).
EXTEND = 1.5
#: Finished depths with the same best action that make it settled.
STABLE_DEPTHS = 2
#: The share of the action's time that must be spent before a settled search stops.
STOP_SHARE = 0.3
#: From this depth on a change of the best action is late (and takes more time) and a
#: settled search may stop: below it, the search has not yet seen the opponent's whole
#: reply (the even depths are cheap with Expert's pruning of the last ply's stackings).
LATE_DEPTH = 4
#: A fall of the score (centi-units; a type lost weighs about this) that makes the answer
#: unsettled, from the depth ``CYCLE`` depths before.
DROP = 1500
CYCLE = 4
#: The rules are switched off (an A/B switch: False plays as before them).
ENABLED = True
#: Time budgets above this many seconds are not a turn's (the analysis asks for an hour):
#: never managed.
MANAGED_SECONDS = 600.0


def managed(level, seconds: float) -> bool:
    """True when ``level``'s time budget of ``seconds`` a turn is spent by these rules."""
    return ENABLED and getattr(level, "manage", False) and seconds <= MANAGED_SECONDS


class TimePlan:
    """The deadline of one action's search and the decision after each finished depth.

    ``began``: when the search started; ``base``: its plain deadline; ``longest``: the
    extended one (``time.perf_counter()`` values).  :attr:`deadline` is the one in force.
    """

    def __init__(self, began: float, base: float, longest: float, flexible: bool = True):
        self.began = began
        self.base = base
        self.longest = max(base, longest)
        self.deadline = base
        #: False: the plain deadline only (neither an early stop nor more time).
        self.flexible = flexible
        self.history: list[tuple] = []  # (depth, best, score) of each finished depth

    @classmethod
    def for_action(cls, start: float, seconds: float, part: str, now: float) -> "TimePlan":
        """The plan of the action searched from ``now`` of a turn begun at ``start`` with
        ``seconds`` of budget.  ``part``: ``"first"`` of the turn's two actions (it has
        ``FIRST_TIME`` of the turn), ``"second"`` (``SECOND_MIN`` of it from now, neither
        stopped early nor extended: a first action that stopped early shortens the turn,
        one that was extended does not take the second's time; the second's best changes
        often between shallow depths and its share is small), or ``"only"`` (a turn of one
        action: all of it)."""
        if part == "first":
            return cls(now, start + seconds * FIRST_TIME, start + seconds * FIRST_TIME * EXTEND)
        if part == "second":
            base = now + seconds * SECOND_MIN
            return cls(now, base, base, flexible=False)
        return cls(now, start + seconds, start + seconds * EXTEND)

    def fell(self) -> bool:
        """The last finished depth scored ``DROP`` or more below the one ``CYCLE`` before."""
        h = self.history
        return len(h) > CYCLE and h[-1 - CYCLE][2] - h[-1][2] >= DROP

    def unsettled(self) -> bool:
        """At ``LATE_DEPTH`` or deeper, the best action changed at the last finished depth
        or its score fell."""
        h = self.history
        if not h or h[-1][0] < LATE_DEPTH:
            return False
        return (len(h) >= 2 and h[-1][1] != h[-2][1]) or self.fell()

    def stable(self) -> bool:
        """At ``LATE_DEPTH`` or deeper, the last ``STABLE_DEPTHS`` finished depths agree on
        the best action, and its score did not fall at the last."""
        h = self.history
        if len(h) < STABLE_DEPTHS or h[-1][0] < LATE_DEPTH:
            return False
        return all(entry[1] == h[-1][1] for entry in h[-STABLE_DEPTHS:]) and not self.fell()

    def settled(self, depth: int, best, score: int, now: float) -> bool:
        """After a finished ``depth`` with ``best`` scoring ``score`` at ``now``: True to
        stop the search here; else :attr:`deadline` is set for the rest of it."""
        if self.history and self.history[-1][0] == depth:
            self.history[-1] = (depth, best, score)  # the same depth told again (at the end)
        else:
            self.history.append((depth, best, score))
        if not self.flexible:
            return now >= self.deadline
        if self.unsettled():
            self.deadline = self.longest
        else:
            self.deadline = self.base
            if self.stable() and now - self.began >= STOP_SHARE * (self.base - self.began):
                return True
        return now >= self.deadline


__all__ = ["TimePlan", "managed", "ENABLED", "EXTEND", "FIRST_TIME", "SECOND_MIN", "STABLE_DEPTHS", "STOP_SHARE", "LATE_DEPTH", "DROP", "CYCLE"]
