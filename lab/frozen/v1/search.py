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
``(depth, flag, score, move)``.  Move ordering: the table's move, then captures by the
value the capture takes from the enemy (its scarcity, then its height); at the second
action, captures, then pass, then stackings.  The table's move is tried before the
others are generated.  Below the first move of a node, moves are tried with a null
window first (principal variation search).  At the last ply (``PRUNE_STACKINGS``) the
second action's stackings are not searched, only its captures and pass: a forward
pruning that saves a quarter of the nodes and won an A/B match at equal nodes.
"""

from __future__ import annotations

import time

from .codes import PASS
from .evaluate import TYPE_LOSS, evaluate

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
MAX_DEPTH = 40
#: At this depth and below (away from the root), the second action's stackings are not
#: searched: captures and pass only (forward pruning; 0 turns it off).
PRUNE_STACKINGS = 1

EXACT, LOWER, UPPER = 0, 1, 2


class Abort(Exception):
    """The budget ran out inside the search."""


def _captures(cells, links, side, tops):
    """The legal captures of ``side``, best first: by the scarcity of the captured type
    for the enemy (``TYPE_LOSS`` of its count), then by the captured height."""
    out = []
    add = out.append
    if side == 0:
        w = (TYPE_LOSS[tops[3]] << 6, TYPE_LOSS[tops[4]] << 6, TYPE_LOSS[tops[5]] << 6)
        for p in _POINTS:
            s = cells[p]
            if s > 0:
                lim = -(s | 3)
                for q in links[p]:
                    t = cells[q]
                    if lim <= t < 0:
                        t = -t
                        add((w[t & 3] + (t >> 2), p << 6 | q))
    else:
        w = (TYPE_LOSS[tops[0]] << 6, TYPE_LOSS[tops[1]] << 6, TYPE_LOSS[tops[2]] << 6)
        for p in _POINTS:
            s = cells[p]
            if s < 0:
                lim = (-s) | 3
                for q in links[p]:
                    t = cells[q]
                    if 0 < t <= lim:
                        add((w[t & 3] + (t >> 2), p << 6 | q))
    out.sort(reverse=True)
    return [a for _, a in out]


def _plausible(b, a):
    """A cheap legality test of a move from the table (hash collisions are possible)."""
    if a == PASS:
        return b.step == 2
    p = a >> 6
    q = a & 63
    cells = b.cells
    s = cells[p]
    if not s or (s > 0) != (b.side == 0) or q not in b.links[p]:
        return False
    t = cells[q]
    if (t > 0) == (s > 0):
        return b.step == 2
    return abs(t) <= (abs(s) | 3)


_POINTS = range(60)


class Search:
    """One search from a board (the board is used and restored; it must not change).

    ``max_nodes``: node budget (deterministic); ``deadline``: ``time.perf_counter()``
    value at which to stop (a safety net).  ``rng``: a ``random.Random`` used for the
    tie-breaking noise at the root (``noise`` centi-units; 0 for none).
    """

    def __init__(self, board, max_nodes=None, deadline=None, tt=None, rng=None, noise=0, max_depth=MAX_DEPTH):
        self.b = board
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.tt = tt if tt is not None else {}
        self.rng = rng
        self.noise = noise
        self.max_depth = max_depth
        self.nodes = 0
        self.next_yield = YIELD_NODES
        self.best = None  # best root action of the last finished iteration
        self.score = 0
        self.depth = 0
        self.pv_next = None  # the reply the last iteration expects after best (same side)
        self._root_noise = {}

    # ------------------------------------------------------------------ budget

    def _check(self):
        if self.nodes >= self.max_nodes:
            raise Abort
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise Abort

    # ------------------------------------------------------------------ ordering

    def _ordered(self, ttmove, stackings=True):
        """Every legal action of a non-finished board, in search order (``stackings``
        False: the second action's captures and pass only, a forward pruning)."""
        b = self.b
        caps = _captures(b.cells, b.links, b.side, b.tops)
        if b.step == 2:
            caps.append(PASS)
            if stackings:
                caps += b._moves(True)
        if ttmove is not None and ttmove in caps:
            caps.remove(ttmove)
            caps.insert(0, ttmove)
        return caps

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
        if depth <= 0:
            return evaluate(b)
        key = b.hash
        cut, ttmove = self._probe(key, depth, ply, alpha, beta)
        if cut is not None:
            return cut
        side = b.side
        a0 = alpha
        best = -INF
        bestmove = None
        do = b.do
        undo = b.undo
        search = self._search
        if ttmove is not None and _plausible(b, ttmove):
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
            moves = self._ordered(None, depth > PRUNE_STACKINGS)
            if ttmove in moves:
                moves.remove(ttmove)
        else:
            moves = self._ordered(None, depth > PRUNE_STACKINGS)
        for a in moves:
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
        for a in self._ordered(ttmove):
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
        self._store(key, depth, ply, best, a0, beta, bestmove)
        return best

    # ------------------------------------------------------------------ root

    def _root_moves(self, ttmove):
        moves = self._ordered(ttmove)
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
        alpha, beta = -INF, INF
        best = -INF
        key = b.hash
        entry = self.tt.get(key)
        ttmove = entry[3] if entry is not None else None
        bestmove = None
        noisy = bool(self._root_noise)
        for a in self._root_moves(ttmove):
            b.do(a)
            if b.side == side:
                v = yield from self._gsearch(depth - 1, 1, alpha, beta)
            else:
                v = yield from self._gsearch(depth - 1, 1, -beta, -alpha)
                v = -v
            b.undo()
            v += self._root_noise.get(a, 0)
            self._root_done(a, v)
            if v > best:
                best = v
                bestmove = a
                if v > alpha and not noisy:  # with noise every root move gets an exact score
                    alpha = v
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
