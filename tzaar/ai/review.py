"""Game review: every turn of a game judged, in two passes, on node budgets alone.

**The first pass** searches the position before each turn and the end (the Expert player's
search with ``nodes`` nodes) and, for a turn that differs from the engine's turn, the
position after the engine's turn; a position's evaluation is that search's score turned to
White's side, with White's chance of winning read from it (:func:`.odds.win_chance`).  A
turn whose loss (:func:`.review_marks.judge`: points of the mover's chance against the
engine's turn) reaches ``MISTAKE`` is a *candidate*.  The review and the Hint agree: a
candidate is searched again with the Hint's own search (:data:`HINT_LEVEL` at
:data:`HINT_NODES` nodes, with the endgame solver, seed 0: what the page's Hint runs,
web/game/computer.js).  A turn the Hint suggests (the whole turn, or its first action and
then the Hint's second action from there) is never marked; a Hint's turn that differs from
the engine's is a second better turn.

**The proofs**: from the end of the game backwards, each position with :data:`SOLVE_STACKS`
stacks or fewer is given to the solver (:data:`DEEP` times the nodes) until one is not
proven; a proven position shows its proof, so the chances agree with what the solver proves.
A candidate the proofs settle is no mistake and needs no deeper look: the position before it
proven lost for the mover (every turn leads to the same proven result), or the one after it
proven won for the mover.

**The second pass** looks deeper at each other candidate: the position after the turn played,
then (unless no mark can follow from it, :func:`.review_marks.markable`) the positions after
each better turn, each proven by the endgame solver (:data:`SOLVE` times the nodes) where
:data:`SOLVE_STACKS` stacks or fewer are left, or else searched with :data:`DEEP` times the
nodes.  The mark, its size and its better turn come from these looks, or the mark is dropped
(:func:`.review_marks.judge_deeply`: a turn after which the mover is proven to win is never
a mistake, nor one that leads to the better turn's proven result).  The position after a
candidate's turn shows the deeper look's evaluation.

Every search is a *look* (:mod:`.review_looks`), a pure function of its position and the
budget, keyed by its kind and index (:mod:`.review_pieces`).  Which looks a review needs
follows from the looks it has (:meth:`Review._plan`), so a review can be split into pieces
(:class:`FirstPass` of a part of the turns, :class:`Proofs`, :class:`DeeperLook` at one
candidate, given the proofs of its positions if they are known) run apart, each giving its
looks (a :class:`ReviewPiece`), and a review given all their looks searches nothing and
gives the same result as one run whole: the page runs the pieces in several workers.

:class:`Review` is a :class:`.work.Work`: it runs in slices (:meth:`Review.step`), as the
browser worker needs; the facade's ``review_*`` methods (the job kind ``review``,
:mod:`tzaar.facade.ai_methods`) and ``python -m tzaar review`` drive it.  Its answers are the
values of :mod:`.review_values`: a ``ReviewProgress`` each step, and once done a
``ReviewResult`` (or a piece's ``ReviewPiece``).
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Union

from ..rules.notation import Action
from ..rules.position import Position
from ..rules.turns import group_turns
from . import review_looks
from .review_marks import BLUNDER, MISTAKE, judge, judge_deeply, markable, proven_for
from .review_pieces import (ALT, DEEP_BEST, DEEP_HINT, DEEP_PLAYED, HINT, HINT2, HINT_ALT, KINDS, MAIN, PROOF, DeeperLook,
                            FirstPass, Key, Piece, Proofs, part_turns)
from .review_values import Evaluation, Look, ReviewedTurn, ReviewPiece, ReviewProgress, ReviewResult
from .solver import stacks_left
from .work import Work

__all__ = ["Review", "FirstPass", "DeeperLook", "Proofs", "KINDS", "DEFAULT_NODES", "DEEP", "SOLVE", "SOLVE_STACKS",
           "HINT_LEVEL", "HINT_NODES", "HINT_SECONDS", "MISTAKE", "BLUNDER", "judge", "review_game"]

#: Nodes searched per position by default.
DEFAULT_NODES = 3000
#: The deeper look's search: this many times the review's nodes.
DEEP = 10
#: The deeper look's solver: this many times the review's nodes, on positions with
#: :data:`SOLVE_STACKS` stacks or fewer (the endgames of real games need hundreds of thousands
#: of nodes from about 19 stacks; docs/benchmarks-log.md).
SOLVE = 100
SOLVE_STACKS = 23
#: The player whose search evaluates (seed 0: a reproducible review).
PLAYER = "expert"
#: The Hint's search (web/game/computer.js sends the same: level, nodes, seconds at most,
#: solver, seed 0).  The review runs it on the nodes alone, without the page's time cap.
HINT_LEVEL = "strong"
HINT_NODES = 10_000
HINT_SECONDS = 6.0

class Review(Work[ReviewProgress[Union[ReviewResult, ReviewPiece]]]):
    """A review of a game from ``start`` with legal ``actions``, run by :meth:`step`.

    ``piece``: run only that piece (None: the whole review); ``looks``: looks known already
    (a piece's, by key), which are not searched again; ``deep``: False leaves the second pass
    and the proofs out (the first pass marks: the lab's comparison).
    """

    def __init__(self, start: Position, actions, nodes: int = DEFAULT_NODES, piece: Optional[Piece] = None,
                 looks: Optional[Mapping[Key, Look]] = None, deep: bool = True):
        self.start = start
        self.actions = [Action.from_text(a) if isinstance(a, str) else a for a in actions]
        self.nodes = nodes
        self.piece = piece
        self.deep = deep
        self.turns = group_turns(start, self.actions)
        if isinstance(piece, FirstPass) and not 0 <= piece.part < piece.parts:
            raise ValueError(f"part {piece.part} of {piece.parts}: no such part")
        if isinstance(piece, DeeperLook) and not 0 <= piece.turn < len(self.turns):
            raise ValueError(f"turn {piece.turn}: the game has {len(self.turns)} turns")
        # the position before each turn, and the end
        self.positions = []
        pos = start
        for t in self.turns:
            self.positions.append(pos)
            pos = pos.play(t.actions)
        self.positions.append(pos)
        self.looks: Dict[Key, Look] = dict(looks or {})
        whole = range(len(self.positions)) if piece is None else ()
        self._mains = sorted({j for k in self._scope() for j in (k, k + 1)}.union(whole))
        self._plan_gen = self._plan()
        self._asked: Optional[Key] = None  # the look the plan asked for last
        self._search = None
        self._ended = False

    # ------------------------------------------------------------------ the work

    def _scope(self) -> range:
        """The turns whose first pass this review makes."""
        piece = self.piece
        if isinstance(piece, FirstPass):
            return part_turns(piece.part, piece.parts, len(self.turns))
        if isinstance(piece, DeeperLook):
            return range(piece.turn, piece.turn + 1)
        if isinstance(piece, Proofs):
            return range(0)
        return range(len(self.turns))

    @property
    def total(self) -> int:
        """Positions of the game this review evaluates (the one before each turn of its
        scope, and the one after)."""
        return len(self._mains)

    @property
    def evaluated(self) -> int:
        """Positions evaluated so far (the last one counts once the whole work is done)."""
        n = sum(1 for j in self._mains if (MAIN, j) in self.looks)
        return n if self.done else min(n, max(0, self.total - 1))

    @property
    def done(self) -> bool:
        return self._ended

    def advance(self) -> None:
        """Pull the plan to its next look not known yet and start it, or pull the running
        look's search once."""
        if self._search is None:
            self._next()
            return
        try:
            next(self._search)
        except StopIteration as e:
            self.looks[self._asked] = e.value
            self._search = None

    def _next(self) -> None:
        while True:
            try:
                key = next(self._plan_gen)
            except StopIteration:
                self._ended = True
                return
            self._asked = key
            if key not in self.looks:
                self._search = self._look(key)
                return

    def _look(self, key: Key):
        """The generator of the look ``key``."""
        kind, k = key
        nodes = self.nodes
        if kind == MAIN:
            return review_looks.searched(self.positions[k], PLAYER, nodes)
        if kind == HINT:
            return review_looks.searched(self.positions[k], HINT_LEVEL, HINT_NODES, True)
        if kind == HINT2:
            return review_looks.searched(self.positions[k].apply(self.turns[k].actions[0]), HINT_LEVEL, HINT_NODES, True)
        if kind == PROOF:
            return review_looks.proven(self.positions[k], DEEP * nodes)
        position = {
            ALT: lambda: self.positions[k].play(self._best(k)),
            HINT_ALT: lambda: self.positions[k].play(self._hint(k)),
            DEEP_PLAYED: lambda: self.positions[k + 1],
            DEEP_BEST: lambda: self.positions[k].play(self._best(k)),
            DEEP_HINT: lambda: self.positions[k].play(self._hint(k)),
        }[kind]()
        if kind in (ALT, HINT_ALT):
            return review_looks.searched(position, PLAYER, nodes)
        return review_looks.deeper(position, PLAYER, DEEP * nodes, SOLVE * nodes, SOLVE_STACKS)

    # ------------------------------------------------------------------ the plan

    def _plan(self):
        """Generator: the keys of the looks this review needs, in order; each is known (in
        :attr:`looks`) when the next is asked for."""
        piece = self.piece
        for k in self._scope():
            yield from self._first(k)
        for j in self._mains:  # known by now, but in a game of no turn: its one position
            yield MAIN, j
        if not self.deep or isinstance(piece, FirstPass):
            return
        if piece is None or isinstance(piece, Proofs):
            yield from self._proofs()
        for k in self._scope():
            if self._candidate(k) and not self._proven_no_mark(k):
                yield from self._deeper(k)

    def _first(self, k: int):
        """Turn ``k``'s first pass: the positions before and after it, the engine's turn, and
        for a candidate the Hint's search."""
        yield MAIN, k
        yield MAIN, k + 1
        if self.looks[MAIN, k].evaluation is None or self.looks[MAIN, k + 1].evaluation is None:
            return  # placement, or the game ended
        best, played = self._best(k), self._played(k)
        if best and best != played:
            yield ALT, k
        if not self._would_mark(k):
            return
        yield HINT, k
        hint = self._hint(k)
        if hint == played:
            return
        if len(played) == 2 and hint[:1] == played[:1]:
            yield HINT2, k
            if self.looks[HINT2, k].turn[:1] == played[1:]:
                return
        if hint and hint != best:
            yield HINT_ALT, k

    def _deeper(self, k: int):
        """Candidate ``k``'s deeper looks: after the turn played and, when that one leaves a
        mark possible (:func:`.review_marks.markable`), after each better turn."""
        yield DEEP_PLAYED, k
        if not markable(self.turns[k].side, self.looks[DEEP_PLAYED, k].evaluation):
            return
        yield DEEP_BEST, k
        if (HINT_ALT, k) in self.looks:
            yield DEEP_HINT, k

    def _proofs(self):
        """From the end backwards, the positions the solver may prove, until one it does not."""
        for j in reversed(range(len(self.positions))):
            position = self.positions[j]
            if position.winner is not None:
                continue
            if position.step == 0 or stacks_left(position.board()) > SOLVE_STACKS:
                return
            yield PROOF, j
            if self.looks[PROOF, j].evaluation is None:
                return

    # ------------------------------------------------------------------ reading the looks

    def _played(self, k: int) -> list:
        return [a.text() for a in self.turns[k].actions]

    def _best(self, k: int) -> list:
        """The engine's turn for turn ``k`` (the first pass's search of the position before it)."""
        return self.looks[MAIN, k].turn

    def _hint(self, k: int) -> list:
        return self.looks[HINT, k].turn

    def _would_mark(self, k: int) -> bool:
        """Whether the review's own search marks turn ``k``."""
        alt = self.looks.get((ALT, k))
        if alt is None:
            return False
        return judge(self.turns[k].side, self.looks[MAIN, k + 1].evaluation, alt.evaluation)[1] is not None

    def _hinted(self, k: int) -> bool:
        """Whether the Hint suggests the turn played (searched for a turn the review would mark)."""
        hint = self.looks.get((HINT, k))
        if hint is None:
            return False
        played = self._played(k)
        if hint.turn == played:
            return True
        second = self.looks.get((HINT2, k))
        return second is not None and second.turn[:1] == played[1:]

    def _candidate(self, k: int) -> bool:
        """Whether turn ``k`` is left to the deeper look: the first pass marks it (with the
        better of the engine's and the Hint's turns) and the Hint does not suggest it."""
        if not self._would_mark(k) or self._hinted(k):
            return False
        _, ref, _ = self._reference(k)
        return judge(self.turns[k].side, self.looks[MAIN, k + 1].evaluation, ref)[1] is not None

    def _reference(self, k: int) -> tuple:
        """``(better turn, its eval, the reply after it)`` for turn ``k`` by the first pass:
        the engine's turn, or the Hint's when that is better for the mover (None eval: the
        played turn is it)."""
        if self._hinted(k):
            return self._played(k), None, self.looks[MAIN, k + 1].turn
        alt = self.looks.get((ALT, k))
        best, ev, reply = self._best(k), alt and alt.evaluation, alt.turn if alt else []
        hinted = self.looks.get((HINT_ALT, k))
        if hinted is not None and ev is not None and hinted.evaluation is not None:
            sign = 1 if self.turns[k].side == 0 else -1
            if (hinted.evaluation.chance - ev.chance) * sign > 0:
                best, ev, reply = self._hint(k), hinted.evaluation, hinted.turn
        return best, ev, reply

    def _shown(self, j: int) -> Optional[Evaluation]:
        """Position ``j``'s evaluation as the review shows it: the solver's proof, else the
        deeper look after a candidate's turn, else the first pass's."""
        proof = self.looks.get((PROOF, j))
        if proof is not None and proof.evaluation is not None:
            return proof.evaluation
        deeper = self.looks.get((DEEP_PLAYED, j - 1))
        if deeper is not None:
            return deeper.evaluation
        return self.looks[MAIN, j].evaluation

    def _proven_no_mark(self, k: int) -> bool:
        """Whether the solver's proofs (:meth:`_proofs`) settle turn ``k`` as no mistake: the
        position before it proven lost for the mover (every turn leads to the same proven
        result: none is better), or the one after it proven won for the mover.  Such a
        candidate needs no deeper look."""
        side = self.turns[k].side
        before, after = self.looks.get((PROOF, k)), self.looks.get((PROOF, k + 1))
        return ((before is not None and before.evaluation is not None and proven_for(side, before.evaluation) == "loss")
                or (after is not None and after.evaluation is not None and proven_for(side, after.evaluation) == "win"))

    def _judged(self, k: int) -> tuple:
        """``(loss, mark, best, reply, better_reply)`` of turn ``k``."""
        t, played = self.turns[k], self._played(k)
        after = self.looks[MAIN, k + 1]
        if self.deep and self._candidate(k) and self._proven_no_mark(k):
            proof = self.looks.get((PROOF, k + 1))
            reply = proof.turn if proof is not None and proof.evaluation is not None else after.turn
            return 0.0, None, played, reply, reply
        if (DEEP_PLAYED, k) in self.looks and self._candidate(k):
            deeper = self.looks[DEEP_PLAYED, k]
            betters = [(turn(k), self.looks[kind, k]) for kind, turn in ((DEEP_BEST, self._best), (DEEP_HINT, self._hint))
                       if (kind, k) in self.looks]
            j = judge_deeply(t.side, played, deeper, betters)
            return j.loss, j.mark, j.best, deeper.turn, j.better_reply
        best, ref, better_reply = self._reference(k)
        loss, mark = None, None
        if self.looks[MAIN, k].evaluation is not None and after.evaluation is not None:
            loss, mark = judge(t.side, after.evaluation, ref)  # a mark here: the first pass alone
        return loss, mark, best, after.turn, better_reply if best != played else after.turn

    # ------------------------------------------------------------------ the answers

    def report(self) -> ReviewProgress[Union[ReviewResult, ReviewPiece]]:
        """Positions evaluated of the total and, when done, the :meth:`result` (a piece's
        :class:`ReviewPiece`)."""
        result = None
        if self.done:
            result = self.result() if self.piece is None else self.piece_result()
        return ReviewProgress(self.evaluated, self.total, result)

    def close(self) -> None:
        if self._search is not None:
            self._search.close()
            self._search = None

    def piece_result(self) -> ReviewPiece:
        """The looks and the candidates of the first passes made (the work done)."""
        candidates = [k for k in self._scope() if (MAIN, k + 1) in self.looks and self._candidate(k)]
        return ReviewPiece(dict(self.looks), candidates if self.deep else [])

    def result(self) -> ReviewResult:
        """The evaluations and the judged turns (the whole review done: :attr:`done`)."""
        turns = []
        for k, t in enumerate(self.turns):
            loss, mark, best, reply, better_reply = self._judged(k)
            turns.append(
                ReviewedTurn(
                    number=t.number,
                    side=t.side,
                    actions=self._played(k),
                    before=self._shown(k),
                    after=self._shown(k + 1),
                    loss=loss,
                    best=best,
                    mark=mark,
                    reply=reply,
                    better_reply=better_reply,
                )
            )
        return ReviewResult([self._shown(j) for j in range(len(self.positions))], turns)


def review_game(start: Position, actions, nodes: int = DEFAULT_NODES, progress=None, deep: bool = True) -> ReviewResult:
    """Run a whole review (``progress(evaluated, total)`` is called after each slice)."""
    r = Review(start, actions, nodes, deep=deep)
    while True:
        out = r.step(200.0)
        if progress is not None:
            progress(out.evaluated, out.total)
        if out.done:
            return out.result
