"""Game review: the engine's evaluation of every turn of a game at a fixed node budget.

The position before each turn and the final one are searched (the Expert player's search
with ``nodes`` nodes, so a review is reproducible); the evaluation of a position is the
score of that search, turned to White's side, and White's chance of winning read from it
(:func:`.odds.win_chance`, a logistic model fitted on the search's scores).  A turn's
*loss* is how many points of winning chance (percent) the mover gave away compared with
the engine's turn for the position before it, the *better turn*.  A loss of ``MISTAKE``
points or more marks a mistake, ``BLUNDER`` or more a blunder (unless the turn played is
the engine's own).

The review and the Hint agree: a turn that would be marked is searched again with the
Hint's own search (:data:`HINT_LEVEL` at :data:`HINT_NODES` nodes, :data:`HINT_SECONDS` at
most, with the endgame solver, seed 0: what the page's Hint runs, web/game/computer.js).  A turn the Hint suggests (the
whole turn, or its first action and then the Hint's second action from there) is never
marked; a Hint's turn that differs from the review's is judged too, and the better of the
two is the better turn (the review keeps the better of the two searches).  Each turn also
carries the engine's expected reply after the played turn and after the better one (the
lines the explanations of :mod:`tzaar.study.explain` rest on).

:class:`Review` is a :class:`.work.Work`: it runs in slices (:meth:`Review.step`), as the
browser worker needs; the facade's ``review_*`` methods (the job kind ``review``,
:mod:`tzaar.facade.ai_methods`) and ``python -m tzaar review`` drive it.  Its answers are the
values of :mod:`.review_values`: a ``ReviewProgress`` each step, and once done a
``ReviewResult``; the facade writes them as JSON (:mod:`tzaar.facade.ai_answers`), the
command line as text.
"""

from __future__ import annotations

from typing import Optional

from ..rules.notation import Action, action_texts
from ..rules.position import Position
from ..rules.turns import group_turns
from .players import think
from .review_values import Evaluation, ReviewedTurn, ReviewProgress, ReviewResult
from .search import MATE, MATE_BOUND
from .work import Work

__all__ = ["Review", "DEFAULT_NODES", "HINT_LEVEL", "HINT_NODES", "HINT_SECONDS", "MISTAKE", "BLUNDER", "judge", "review_game"]

#: Nodes searched per position by default.
DEFAULT_NODES = 3000
#: A turn that gives away this many points of the mover's winning chance (percent) is a
#: mistake; this many a blunder.  Chances saturate, so a lost win is a blunder and an
#: already lost game costs nothing more.  Measured on 40 self-play games of Beginner and
#: Casual against Strong (``python -m lab.bench_odds --marks 40``; BENCHMARKS.md,
#: "Scores as chances"): 15 points mark 15.6% of Beginner's turns and 6.1% of Strong's
#: (less than once a game); 30 points, less than a whole type's threat given away from an
#: even game, 5.7% of Beginner's and 1.0% of Strong's.
MISTAKE = 15
BLUNDER = 30
#: The player whose search evaluates (seed 0: a reproducible review).
PLAYER = "expert"
#: The Hint's search (web/game/computer.js sends the same: level, nodes, seconds at most,
#: solver, seed 0; the nodes bind but on a very slow machine).
HINT_LEVEL = "strong"
HINT_NODES = 10_000
HINT_SECONDS = 6.0


def judge(side: int, after: Evaluation, alt: Optional[Evaluation]) -> tuple:
    """``(loss, mark)`` of a turn by ``side`` (0 White, 1 Black) that led to ``after``
    where the engine's turn led to ``alt`` (None: the engine played the same turn); both
    evaluations from White's side.  ``loss``: points (percent) of the mover's winning
    chance given away, to a tenth; ``mark``: None, "mistake" or "blunder"."""
    if alt is None:
        return 0.0, None
    sign = 1 if side == 0 else -1
    loss = round(max(0.0, (alt.chance - after.chance) * sign * 100), 1)
    return loss, "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else None


class Review(Work[ReviewProgress[ReviewResult]]):
    """A review of a game from ``start`` with legal ``actions``, run by :meth:`step`.

    Searched: the position before each turn and the end (the evaluations, the graph), and
    for a turn that differs from the engine's, the position after the engine's turn: its
    loss compares the positions after the two turns, both with the opponent to move, so
    the evaluation's bias towards the side to move cancels out.
    """

    def __init__(self, start: Position, actions, nodes: int = DEFAULT_NODES):
        self.start = start
        self.actions = [Action.from_text(a) if isinstance(a, str) else a for a in actions]
        self.nodes = nodes
        self.turns = group_turns(start, self.actions)
        # the position before each turn, and the end
        self.positions = []
        pos = start
        for t in self.turns:
            self.positions.append(pos)
            pos = pos.play(t.actions)
        self.positions.append(pos)
        self.evals = []  # per position: its Evaluation, or None (placement)
        self.best = []  # per position: the engine's turn (action texts)
        self.alt = {}  # turn index -> the Evaluation after the engine's turn
        self.alt_reply = {}  # turn index -> the engine's reply after its turn (action texts)
        self.hint = {}  # turn index -> the Hint's turn, for turns that would be marked
        self.hinted = set()  # turns the Hint suggests (never marked)
        self.hint_alt = {}  # turn index -> (Evaluation, reply) after the Hint's turn
        self._tasks = [("main", 0, self.positions[0])]
        self._gen = None
        self._board = None

    @property
    def total(self) -> int:
        """Positions to evaluate: the one before each turn, and the end."""
        return len(self.positions)

    @property
    def evaluated(self) -> int:
        """Positions evaluated so far."""
        return len(self.evals)

    @property
    def done(self) -> bool:
        return not self._tasks and self._gen is None

    def _start_next(self) -> None:
        kind, k, pos = self._tasks[0]
        if pos.winner is not None or pos.step == 0:
            ev = None if pos.winner is None else Evaluation.of(MATE if pos.winner == 0 else -MATE, 0)
            self._record(ev, [])
            return
        self._board = pos.board()
        if kind in ("hint", "hint2"):
            self._gen = think(self._board, HINT_LEVEL, 0, HINT_SECONDS, HINT_NODES, True)
        else:
            self._gen = think(self._board, PLAYER, 0, None, self.nodes)
        self._scores = {}  # depth -> score of the first action's search
        self._second = None  # the last score of the second action's search
        self._forced = self._board.count() == 1

    def _record(self, ev, best) -> None:
        kind, k, pos = self._tasks.pop(0)
        self._gen = None
        if kind == "alt":
            self.alt[k], self.alt_reply[k] = ev, best
            return
        if kind in ("hint", "hint2"):
            self._hinted(kind, k, best)
            return
        if kind == "hintalt":
            self.hint_alt[k] = (ev, best)
            return
        self.evals.append(ev)
        self.best.append(best)
        if k > 0 and self._would_mark(k - 1):
            self._tasks.insert(0, ("hint", k - 1, self.positions[k - 1]))
        if k < len(self.turns):
            if best and best != self._played(k) and ev is not None:
                self._tasks.append(("alt", k, pos.play(best)))
            self._tasks.append(("main", k + 1, self.positions[k + 1]))

    def _played(self, k: int) -> list:
        return [a.text() for a in self.turns[k].actions]

    def _would_mark(self, k: int) -> bool:
        """Whether turn ``k`` is marked by the review's own search (its evaluations known)."""
        before, after = self.evals[k], self.evals[k + 1]
        if before is None or after is None or k not in self.alt:
            return False
        return judge(self.turns[k].side, after, self.alt[k])[1] is not None

    def _hinted(self, kind: str, k: int, hint: list) -> None:
        """The Hint's turn for turn ``k`` (``hint2``: its second action after the played first)."""
        played = self._played(k)
        if kind == "hint2":
            if hint[:1] == played[1:]:
                self.hinted.add(k)
            elif self.hint[k] != self.best[k]:
                self._tasks.insert(0, ("hintalt", k, self.positions[k].play(self.hint[k])))
            return
        self.hint[k] = hint
        if hint == played:
            self.hinted.add(k)
        elif len(played) == 2 and hint[:1] == played[:1]:
            self._tasks.insert(0, ("hint2", k, self.positions[k].apply(played[0])))
        elif hint and hint != self.best[k]:
            self._tasks.insert(0, ("hintalt", k, self.positions[k].play(hint)))

    def _finish(self, codes) -> None:
        pos = self._tasks[0][2]
        self._record(Evaluation.of(self._score(), pos.side), action_texts(codes, pos.board()))

    def _reference(self, k: int) -> tuple:
        """``(better turn, its eval, the reply after it)`` for turn ``k``: the review's turn,
        or the Hint's when that is better for the mover (None eval: the played turn is it)."""
        if k in self.hinted:
            return self._played(k), None, self.best[k + 1] if k + 1 < len(self.best) else []
        best, ev, reply = self.best[k], self.alt.get(k), self.alt_reply.get(k, [])
        if k in self.hint_alt and ev is not None:
            hev, hreply = self.hint_alt[k]
            sign = 1 if self.turns[k].side == 0 else -1
            if hev is not None and (hev.chance - ev.chance) * sign > 0:
                best, ev, reply = self.hint[k], hev, hreply
        return best, ev, reply

    def _seen(self, info: dict) -> None:
        if len(info.get("best") or ()) <= 1:
            self._scores[info["depth"]] = info["score"]
        else:
            self._second = info["score"]

    def _score(self) -> int:
        """The position's score for the side to move.

        The evaluation favours the side to move, so an iteration whose leaves have the
        root side to move scores higher than the next one: the mean of the last two
        completed depths cancels that.  A proven result stands alone; a forced first
        action (one legal action: no real search) takes the second action's score.
        """
        if self._forced and self._second is not None:
            return self._second
        if not self._scores:
            return self._second or 0
        depths = sorted(self._scores)
        last = self._scores[depths[-1]]
        if abs(last) > MATE_BOUND or len(depths) < 2:
            return last
        prev = self._scores[depths[-2]]
        if abs(prev) > MATE_BOUND:
            return last
        return (last + prev) // 2

    def advance(self) -> None:
        """Start the next position's search, or pull the running one once."""
        if self._gen is None:
            self._start_next()
            return
        try:
            x = next(self._gen)
        except StopIteration as e:
            self._finish(e.value)
            return
        if x is not None:
            self._seen(x)

    def report(self) -> ReviewProgress[ReviewResult]:
        """Positions evaluated of the total and, when done, the :meth:`result`."""
        return ReviewProgress(self.evaluated, self.total, self.result() if self.done else None)

    def close(self) -> None:
        if self._gen is not None:
            self._gen.close()
            self._gen = None

    def result(self) -> ReviewResult:
        """The evaluations and the judged turns (the searches done: :attr:`done`)."""
        turns = []
        for k, t in enumerate(self.turns):
            before, after = self.evals[k], self.evals[k + 1]
            played = self._played(k)
            best, ref, better_reply = self._reference(k)
            loss, mark = None, None
            if before is not None and after is not None:
                loss, mark = judge(t.side, after, ref)
            turns.append(
                ReviewedTurn(
                    number=t.number,
                    side=t.side,
                    actions=played,
                    before=before,
                    after=after,
                    loss=loss,
                    best=best,
                    mark=mark,
                    reply=self.best[k + 1],
                    better_reply=better_reply if best != played else self.best[k + 1],
                )
            )
        return ReviewResult(list(self.evals), turns)


def review_game(start: Position, actions, nodes: int = DEFAULT_NODES, progress=None) -> ReviewResult:
    """Run a whole review (``progress(evaluated, total)`` is called after each slice)."""
    r = Review(start, actions, nodes)
    while True:
        out = r.step(200.0)
        if progress is not None:
            progress(out.evaluated, out.total)
        if out.done:
            return out.result
