"""How a review reads its looks (:mod:`.review`): the turns, the candidates, the judgments
and the evaluations shown, from the looks it has made.

:class:`ReviewReading` is the part of :class:`.review.Review` that searches nothing: it reads
``self.looks`` (by key, :mod:`.review_pieces`), ``self.turns`` (the game's turns) and
``self.deep`` (whether the review has its deeper pass), which the review sets.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..rules.turns import Turn
from .review_marks import Judgment, judge, judge_deeply, proven_for
from .review_pieces import ALT, DEEP_BEST, DEEP_HINT, DEEP_PLAYED, HINT, HINT2, HINT_ALT, MAIN, PROOF, SOLVES, Key
from .review_values import Evaluation, Look

__all__ = ["ReviewReading"]


class ReviewReading:
    """The looks of a review read: see the module's docstring for what it reads."""

    looks: Dict[Key, Look]
    turns: List[Turn]
    deep: bool

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

    def _deep(self, kind: str, k: int) -> Look:
        """The deeper look ``(kind, k)`` as the judgment reads it: the solver's proof of its
        position if it has one, else the deeper look itself."""
        solved = self.looks.get((SOLVES[kind], k))
        return solved if solved is not None and solved.evaluation is not None else self.looks[kind, k]

    def _judged_deeply(self, k: int) -> Judgment:
        """Candidate ``k`` judged by its deeper looks made so far (:func:`.review_marks.judge_deeply`)."""
        betters = [(turn(k), self._deep(kind, k)) for kind, turn in ((DEEP_BEST, self._best), (DEEP_HINT, self._hint))
                   if (kind, k) in self.looks]
        return judge_deeply(self.turns[k].side, self._played(k), self._deep(DEEP_PLAYED, k), betters)

    def _shown(self, j: int) -> Optional[Evaluation]:
        """Position ``j``'s evaluation as the review shows it: the solver's proof, else the
        deeper look after a candidate's turn, else the first pass's."""
        proof = self.looks.get((PROOF, j))
        if proof is not None and proof.evaluation is not None:
            return proof.evaluation
        if (DEEP_PLAYED, j - 1) in self.looks:
            return self._deep(DEEP_PLAYED, j - 1).evaluation
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
            j = self._judged_deeply(k)
            return j.loss, j.mark, j.best, self._deep(DEEP_PLAYED, k).turn, j.better_reply
        best, ref, better_reply = self._reference(k)
        loss, mark = None, None
        if self.looks[MAIN, k].evaluation is not None and after.evaluation is not None:
            loss, mark = judge(t.side, after.evaluation, ref)  # a mark here: the first pass alone
        return loss, mark, best, after.turn, better_reply if best != played else after.turn
