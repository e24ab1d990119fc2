"""Search speed: ``python -m tzaar.ai.bench [NODES]`` prints nodes per second on five positions.

The same five positions (random playouts from fixed seeds) and node budget every run, so
runs compare; used for BENCHMARKS.md on CPython and, through Pyodide, in the browser.
"""

import random
import time

from ..position import Position
from .search import search

def playout(p, seed, n):
    rng = random.Random(seed)
    for _ in range(n):
        legal = p.legal_actions()
        if not legal:
            break
        p = p.apply(rng.choice(legal))
    return p

def bench(nodes=40000):
    cases = [(Position.standard(), 1), (Position.standard(), 9), (Position.random(3), 15),
             (Position.random(4), 25), (Position.standard(), 30)]
    tot = 0
    tt = 0.0
    out = []
    for i, (st, n) in enumerate(cases):
        b = playout(st, i, n).board()
        t = time.perf_counter()
        s = search(b, max_nodes=nodes)
        dt = time.perf_counter() - t
        tot += s.nodes
        tt += dt
        out.append(f"position {i}: depth {s.depth}, {s.nodes} nodes, {dt:.2f} s")
    out.append(f"total: {tot} nodes in {tt:.2f} s = {tot / tt:,.0f} nodes/s")
    return "\n".join(out)

if __name__ == "__main__":
    import sys

    print(bench(int(sys.argv[1]) if len(sys.argv) > 1 else 40000))
