"""Iterative-deepening alpha-beta over single actions, resumable in slices.

A turn is one or two actions, so the side changes only when a turn ends: the search is
negamax whose sign flips only at a side change (after the second action, a pass, or the
opening capture).  A child with the same side to move is searched with the same window.

Resumable: :meth:`Search.run` is a generator.  The top plies are generators too (``yield
from``) and yield every ``YIELD_NODES`` nodes so a caller (the browser worker, through
:mod:`tzaar.facade.ai_methods`) can stop and resume the search between slices; the subtrees of the
last ``PLAIN_DEPTH`` plies are plain recursive functions, so the hot path pays nothing
for it.  A node budget makes the search deterministic; a deadline is a safety net (both
are checked every ``CHECK_NODES`` nodes in the plain search and raise :class:`Abort`).

Transposition table: a dict keyed by the board's incremental Zobrist hash; entries are
``(depth, flag, score, move)``.  Move ordering (:mod:`tzaar.ai.ordering`): the table's
move, then captures by what they take, then at the second action the killer stackings,
pass and the other stackings by history.  The table's move is tried before the others
are generated.  Below the first move of a node, moves are tried with a null window
first (principal variation search).  ``prune`` (Expert's and Master's setting) leaves the
second action's stackings out at the last ply: captures, pass and the stackings of the
mover's types with ``ordering.SCARCE_STACKINGS`` stacks or fewer (their defence), so a
search of the same budget goes deeper.  The weaker levels search every stacking
(``PRUNE_STACKINGS`` 0; Expert's and Master's is ``PRUNE_TOP``).
"""

from __future__ import annotations

import time

from .codes import PASS
from .evaluate import evaluate
from .ordering import MoveOrder, plausible

# ---------------------------------------------------------------------- tuning constants

#: A win is worth MATE minus the number of actions to reach it.
MATE = 1_000_000
MATE_BOUND = MATE - 1000
INF = MATE + 1
#: Plies searched by plain recursion under the generator plies.
PLAIN_DEPTH = 1
#: The generator plies yield after at least this many new nodes.
YIELD_NODES = 400
#: The plain search checks its budgets every this many nodes (a power of two minus 1 mask).
CHECK_MASK = 63
#: Transposition-table size before it is cleared.
TT_MAX = 300_000
#: Leaf evaluations kept (by Zobrist key) before the cache is cleared.
EVAL_CACHE_MAX = 100_000
MAX_DEPTH = 40
#: At this depth and below (away from the root), the second action's stackings are not
#: searched: captures, pass and the scarce types' defences (forward pruning; 0, off, is
#: the weaker levels' setting and a plain search's).
PRUNE_STACKINGS = 0
#: The same for Expert and Master (:class:`~.players.Level` ``prune``): 1, the last ply.
PRUNE_TOP = 1
#: With more stacks than this on the board at the root, the last ply's stackings are left
#: out all the same (0: never; an A/B switch).
PRUNE_CROWDED = 0

#: Late move reductions: at this depth and above, the second action's stackings after
#: the first LMR_AFTER moves are searched one action less deep first.
LMR_DEPTH = 3
LMR_AFTER = 4

#: Aspiration window: from depth 3 on, the root's first move is searched within this many
#: centi-units of the previous depth's score, and again with a full window only when its
#: value falls outside (0 turns it off).
ASPIRATION = 300

EXACT, LOWER, UPPER = 0, 1, 2


class Abort(Exception):
    """The budget ran out inside the search."""


class Search:
    """One search from a board (the board is used and restored; it must not change).

    ``max_nodes``: node budget (deterministic); ``deadline``: ``time.perf_counter()``
    value at which to stop (a safety net).  ``rng``: a ``random.Random`` used for the
    tie-breaking noise at the root (``noise`` centi-units; 0 for none).  ``prune``: Expert's
    and Master's pruning (``PRUNE_TOP``); else the module's switches (``PRUNE_STACKINGS``,
    ``PRUNE_CROWDED``) decide.
    """

    def __init__(self, board, max_nodes=None, deadline=None, tt=None, rng=None, noise=0, max_depth=MAX_DEPTH, prune=False):
        self.b = board
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.tt = tt if tt is not None else {}
        self.evals = {}
        self.rng = rng
        self.noise = noise
        self.max_depth = max_depth
        if prune:
            self.prune = PRUNE_TOP
        else:
            self.prune = 1 if PRUNE_CROWDED and sum(board.tops) > PRUNE_CROWDED else PRUNE_STACKINGS
        self.nodes = 0
        self.next_yield = YIELD_NODES
        self.best = None  # best root action of the last finished iteration
        self.score = 0
        self.depth = 0
        self.pv_next = None  # the reply the last iteration expects after best (same side)
        self._root_noise = {}
        self.order = MoveOrder(MAX_DEPTH + 2)

    # ------------------------------------------------------------------ budget

    def _check(self):
        if self.nodes >= self.max_nodes:
            raise Abort
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise Abort

    # ------------------------------------------------------------------ plain search

    def _search(self, depth, ply, alpha, beta):
        """Negamax value of the board for its side to move (plain recursion)."""
        b = self.b
        self.nodes += 1
        if not self.nodes & CHECK_MASK:
            self._check()
        w = b.winner()
        if w is not None:
            return MATE - ply if w == b.side else ply - MATE
        key = b.hash
        if depth <= 0:
            # A leaf: the evaluation, from the cache when this position was a leaf before
            # (a turn's two actions in either order reach the same board).
            v = self.evals.get(key)
            if v is None:
                evals = self.evals
                if len(evals) >= EVAL_CACHE_MAX:
                    evals.clear()
                v = evals[key] = evaluate(b)
            return v
        cut, ttmove = self._probe(key, depth, ply, alpha, beta)
        if cut is not None:
            return cut
        side = b.side
        a0 = alpha
        prune = self.prune
        best = -INF
        bestmove = None
        do = b.do
        undo = b.undo
        search = self._search
        if ttmove is not None and plausible(b, ttmove):
            # Try the table's move before generating the others: it often cuts.
            do(ttmove)
            if b.side == side:
                best = search(depth - 1, ply + 1, alpha, beta)
            else:
                best = -search(depth - 1, ply + 1, -beta, -alpha)
            undo()
            bestmove = ttmove
            if best > alpha:
                alpha = best
                if best >= beta:
                    self._store(key, depth, ply, best, a0, beta, bestmove)
                    return best
            moves = self.order.ordered(b, None, depth > prune, ply)
            if ttmove in moves:
                moves.remove(ttmove)
        else:
            moves = self.order.ordered(b, None, depth > prune, ply)
        reduce = LMR_AFTER if depth >= LMR_DEPTH and b.step == 2 else 1 << 30
        cells = b.cells
        for i, a in enumerate(moves):
            # A late stacking is searched one action less deep first (late move reduction).
            late = i >= reduce and a < PASS and (cells[a >> 6] > 0) == (cells[a & 63] > 0)
            do(a)
            if best == -INF:
                if b.side == side:
                    v = search(depth - 1, ply + 1, alpha, beta)
                else:
                    v = -search(depth - 1, ply + 1, -beta, -alpha)
            elif b.side == side:
                # Principal variation search: prove the move worse with a null window.
                v = search(depth - 1, ply + 1, alpha, alpha + 1)
                if alpha < v < beta:
                    v = search(depth - 1, ply + 1, v, beta)
            else:
                if late:
                    v = -search(depth - 2, ply + 1, -alpha - 1, -alpha)
                    if v > alpha:
                        v = -search(depth - 1, ply + 1, -alpha - 1, -alpha)
                else:
                    v = -search(depth - 1, ply + 1, -alpha - 1, -alpha)
                if alpha < v < beta:
                    v = -search(depth - 1, ply + 1, -beta, -v)
            undo()
            if v > best:
                best = v
                bestmove = a
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best >= beta and bestmove is not None:
            self.order.record(self.b, bestmove, depth, ply)
        self._store(key, depth, ply, best, a0, beta, bestmove)
        return best

    def _probe(self, key, depth, ply, alpha, beta):
        """(score that ends the node or None, the table's move or None)."""
        entry = self.tt.get(key)
        if entry is None:
            return None, None
        edepth, flag, escore, ttmove = entry
        if edepth >= depth:
            if escore > MATE_BOUND:
                escore -= ply
            elif escore < -MATE_BOUND:
                escore += ply
            if flag == EXACT or (escore >= beta if flag == LOWER else escore <= alpha):
                return escore, ttmove
        return None, ttmove

    def _store(self, key, depth, ply, best, a0, beta, move):
        tt = self.tt
        if len(tt) >= TT_MAX:
            tt.clear()
        flag = UPPER if best <= a0 else LOWER if best >= beta else EXACT
        s = best
        if s > MATE_BOUND:
            s += ply
        elif s < -MATE_BOUND:
            s -= ply
        tt[key] = (depth, flag, s, move)

    # ------------------------------------------------------------------ generator plies

    def _gsearch(self, depth, ply, alpha, beta):
        """The same search as :meth:`_search`, as a generator that yields now and then."""
        if depth <= PLAIN_DEPTH:
            return self._search(depth, ply, alpha, beta)
        b = self.b
        self.nodes += 1
        self._check()
        w = b.winner()
        if w is not None:
            return MATE - ply if w == b.side else ply - MATE
        key = b.hash
        cut, ttmove = self._probe(key, depth, ply, alpha, beta)
        if cut is not None and ply > 0:
            return cut
        side = b.side
        a0 = alpha
        best = -INF
        bestmove = None
        gs = self._gsearch
        reduce = LMR_AFTER if depth >= LMR_DEPTH and b.step == 2 else 1 << 30
        cells = b.cells
        for i, a in enumerate(self.order.ordered(b, ttmove, True, ply)):
            late = i >= reduce and a < PASS and (cells[a >> 6] > 0) == (cells[a & 63] > 0)
            b.do(a)
            if best == -INF:
                if b.side == side:
                    v = yield from gs(depth - 1, ply + 1, alpha, beta)
                else:
                    v = -(yield from gs(depth - 1, ply + 1, -beta, -alpha))
            elif b.side == side:
                # Principal variation search: prove the move worse with a null window.
                v = yield from gs(depth - 1, ply + 1, alpha, alpha + 1)
                if alpha < v < beta:
                    v = yield from gs(depth - 1, ply + 1, v, beta)
            else:
                if late:
                    v = -(yield from gs(depth - 2, ply + 1, -alpha - 1, -alpha))
                    if v > alpha:
                        v = -(yield from gs(depth - 1, ply + 1, -alpha - 1, -alpha))
                else:
                    v = -(yield from gs(depth - 1, ply + 1, -alpha - 1, -alpha))
                if alpha < v < beta:
                    v = -(yield from gs(depth - 1, ply + 1, -beta, -v))
            b.undo()
            if v > best:
                best = v
                bestmove = a
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
            if self.nodes >= self.next_yield:
                self.next_yield = self.nodes + YIELD_NODES
                yield None
        if best >= beta and bestmove is not None:
            self.order.record(self.b, bestmove, depth, ply)
        self._store(key, depth, ply, best, a0, beta, bestmove)
        return best

    # ------------------------------------------------------------------ root

    def _root_moves(self, ttmove):
        moves = self.order.ordered(self.b, ttmove)
        if self._iter_best is not None and self._iter_best in moves:
            moves.remove(self._iter_best)
            moves.insert(0, self._iter_best)
        return moves

    def _root_done(self, a, v):
        if v > self._iter_score:
            self._iter_score = v
            self._iter_move = a

    def run(self):
        """Generator: iterative deepening; yields ``None`` between slices of work and an
        info dict after each finished depth.  ``self.best`` holds the answer (an action
        int) once the generator ends, or whenever it is stopped."""
        b = self.b
        moves = b.moves()
        if not moves:
            return
        self.best = moves[0]
        if self.noise and self.rng is not None:
            self._root_noise = {a: self.rng.randint(-self.noise, self.noise) for a in moves}
        if len(moves) == 1:
            self.best = moves[0]
            self.depth = 1
            yield self.info()
            return
        self._iter_best = None
        root_ply = b.ply
        try:
            yield from self._deepen()
        finally:
            while b.ply > root_ply:  # an Abort (or a close) can leave actions played
                b.undo()

    def _deepen(self):
        for depth in range(1, self.max_depth + 1):
            self._iter_score = -INF
            self._iter_move = None
            try:
                score = yield from self._gsearch_root(depth)
            except Abort:
                # A partial iteration still counts when its first (previous best) move was
                # searched completely and something beat or equalled it.
                if self._iter_move is not None:
                    self.best = self._iter_move
                break
            self.best = self._iter_move if self._iter_move is not None else self.best
            self._iter_best = self.best
            self.score = score
            self.depth = depth
            yield self.info()
            if abs(score) > MATE_BOUND:
                break  # a forced result: deeper will not change it

    def _gsearch_root(self, depth):
        # The root always runs as a generator, whatever the depth.
        b = self.b
        self.nodes += 1
        side = b.side
        best = -INF
        key = b.hash
        entry = self.tt.get(key)
        ttmove = entry[3] if entry is not None else None
        bestmove = None
        noise = self._root_noise
        gs = self._gsearch
        for a in self._root_moves(ttmove):
            n = noise.get(a, 0)
            b.do(a)
            same = b.side == side
            if best == -INF:
                lo, hi = -INF, INF
                prev = self.score
                if ASPIRATION and depth >= 3 and -MATE_BOUND < prev < MATE_BOUND:
                    lo, hi = prev - ASPIRATION, prev + ASPIRATION
                while True:
                    if same:
                        v = yield from gs(depth - 1, 1, lo, hi)
                    else:
                        v = -(yield from gs(depth - 1, 1, -hi, -lo))
                    if lo < v < hi or (lo == -INF and hi == INF):
                        break
                    lo, hi = -INF, INF  # outside the window: search again with a full one
            else:
                # With its noise n, the move matters only if its value beats best - n:
                # a null window proves it does not, else an exact search from there.
                bound = best - n
                if same:
                    v = yield from gs(depth - 1, 1, bound, bound + 1)
                    if v > bound:
                        v = yield from gs(depth - 1, 1, bound, INF)
                else:
                    v = -(yield from gs(depth - 1, 1, -bound - 1, -bound))
                    if v > bound:
                        v = -(yield from gs(depth - 1, 1, -INF, -bound))
            b.undo()
            if -MATE_BOUND <= v <= MATE_BOUND:
                v += n
            self._root_done(a, v)
            if v > best:
                best = v
                bestmove = a
            if self.nodes >= self.next_yield:
                self.next_yield = self.nodes + YIELD_NODES
                yield None
        self._store(key, depth, 0, best, -INF, INF, bestmove)
        return best

    def info(self) -> dict:
        return {"depth": self.depth, "score": self.score, "nodes": self.nodes, "best": self.best}


def search(board, max_nodes=None, seconds=None, **kw) -> Search:
    """Run a search to the end (no slicing) and return it (``.best``, ``.score``...)."""
    deadline = time.perf_counter() + seconds if seconds is not None else None
    s = Search(board, max_nodes=max_nodes, deadline=deadline, **kw)
    for _ in s.run():
        pass
    return s
