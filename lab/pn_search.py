"""A proof-number search probe, beside the shipped solver: ``python -m lab.pn_search DIR [PER] [DFS_NODES] [PN_NODES]``.

Not used in play.  Issue 24 asks whether a proof-number search (the native engine's
endgame method, from 23 stacks) would prove more than the solver's depth-first search with
iterative deepening on turns (:mod:`tzaar.ai.solver`).  This is the plain textbook form,
written to measure that, not to ship: best-first over a tree of single actions (no
transpositions), an OR node where the root's side is to move and an AND node where the
enemy is, proof and disproof numbers 1 at a new node; a finished game, or a second action
that wins at once (:func:`tzaar.ai.solver_moves.quick_win_at_once`), decides a node.  It
proves a win or a loss without counting the turns, so it cannot replace the solver as it
is (the fastest win, the slowest loss); its nodes are the nodes it created.

The command takes the positions of ``lab.solver_bench --records`` (per game record in DIR
the first turn's start with 19, 21, 23 and 25 stacks, at most PER of each, default 8) and
solves each with the solver (``DFS_NODES``, default 160,000) and with this search
(``PN_NODES``, default 300,000), in CPU time; per position both results and times (they
must agree where both prove), per number of stacks how many each proved within 0.4 s and
within its nodes.  docs/benchmarks-log.md, "A proof-number search, measured".
"""

from __future__ import annotations

import sys
import time

from tzaar.ai.solver import solve
from tzaar.ai.solver_moves import captures_first, quick_win_at_once
from tzaar.board import PASS
from tzaar.position import Position

from .solver_bench import record_positions

INF = 1 << 40


class _Node:
    __slots__ = ("pn", "dn", "kids", "move", "ors")

    def __init__(self, move, ors: bool):
        self.move = move
        self.ors = ors  # the root's side to move: an OR node
        self.pn = 1
        self.dn = 1
        self.kids = None


def pn_search(board, max_nodes: int = 300_000):
    """(``"win"``, ``"loss"`` or None, nodes created): the result for the side to move, or
    None when ``max_nodes`` nodes were created unproven.  The board is restored."""
    b = board
    side = b.side
    if b.step == 0:
        return None, 0
    w = b.winner()
    if w is not None:
        return ("win" if w == side else "loss"), 0
    root = _Node(None, True)
    made = 0
    while root.pn and root.dn and made < max_nodes:
        path = [root]
        n = root
        while n.kids is not None:  # the most proving node
            n = min(n.kids, key=(lambda k: k.pn) if n.ors else (lambda k: k.dn))
            b.do(n.move)
            path.append(n)
        kids = []
        moves = captures_first(b)
        if b.step == 2:
            moves += b._moves(True)
            moves.append(PASS)
        for a in moves:
            b.do(a)
            k = _Node(a, b.side == side)
            made += 1
            w = b.winner()
            if w is None and b.step == 2 and quick_win_at_once(b).__class__ is int:
                w = b.side  # it wins with its second action
            if w is not None:
                k.pn, k.dn = (0, INF) if w == side else (INF, 0)
            kids.append(k)
            b.undo()
        n.kids = kids
        for i in range(len(path) - 1, -1, -1):
            m = path[i]
            ks = m.kids
            if m.ors:
                m.pn = min(k.pn for k in ks)
                m.dn = min(INF, sum(k.dn for k in ks))
            else:
                m.dn = min(k.dn for k in ks)
                m.pn = min(INF, sum(k.pn for k in ks))
            if i:
                if not (m.pn and m.dn):
                    m.kids = None  # decided: never selected again, its tree freed
                b.undo()
    return ("win" if root.pn == 0 else "loss" if root.dn == 0 else None), made


def compare(folder: str, per: int = 8, dfs_nodes: int = 160_000, pn_nodes: int = 300_000) -> str:
    lines = []
    for k, texts in record_positions(folder, per, stacks=(19, 21, 23, 25)).items():
        counts = [0, 0, 0, 0]  # solver within 0.4 s, within its nodes; the same for the PN search
        for text in texts:
            b = Position.from_text(text).board()
            t = time.process_time()
            sol = solve(b, max_nodes=dfs_nodes)
            t1 = time.process_time() - t
            t = time.process_time()
            res, made = pn_search(b, pn_nodes)
            t2 = time.process_time() - t
            if sol is not None and res is not None and sol.result != res:
                raise AssertionError(f"the two searches disagree on {text}")
            counts[0] += sol is not None and t1 <= 0.4
            counts[1] += sol is not None
            counts[2] += res is not None and t2 <= 0.4
            counts[3] += res is not None
            dfs = f"{sol.result} in {sol.turns}, {sol.nodes} nodes" if sol else "not proven"
            lines.append(f"  {k} stacks: solver {dfs}, {t1:.2f} s; PN search {res or 'not proven'}, {made} nodes, {t2:.2f} s")
        lines.append(f"{k} stacks: {len(texts)} positions; solver proved {counts[0]} within 0.4 s, {counts[1]} within "
                     f"{dfs_nodes} nodes; PN search {counts[2]} within 0.4 s, {counts[3]} within {pn_nodes} nodes")
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    if not 1 <= len(args) <= 4 or not all(x.isdigit() for x in args[1:]):
        print("usage: python -m lab.pn_search DIR [PER] [DFS_NODES] [PN_NODES]", file=sys.stderr)
        raise SystemExit(2)
    print(compare(args[0], *[int(x) for x in args[1:]]))
