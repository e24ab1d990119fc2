"""Search speed: ``python -m lab.bench [NODES]`` prints nodes per second on five
positions; ``python -m lab.bench levels`` the seconds a turn of the node levels;
``python -m lab.bench NODES --against v2`` (or ``v1``) the same positions searched by today's
search and by the frozen one (:mod:`.frozen`) in one run, alternately, in CPU time
(``time.process_time``, so that other jobs on the machine weigh less): nodes per
second and the depth each reaches with the same node budget, and their ratios.
``python -m lab.bench depth D --against v2`` the CPU seconds and nodes Expert's search
(with its pruning) needs to finish depth ``D`` on the ten positions below, today's and the
frozen one's alternately in one run, position by position.
``python -m lab.bench depth D ["mod.NAME=VALUE;..." ...]`` prints the nodes (and CPU
seconds) today's search needs to finish depth ``D`` on ten positions (the five and five
more), once per setting (module constants of :mod:`tzaar.ai`, as in :mod:`.ab`; ``""`` is
today's), and the frozen v1 search's: what a change of ordering or pruning saves, exactly;
``depth D --expert [...]`` the same with Expert's pruning (v1's search without it).

The same five positions (random playouts from fixed seeds) and node budget every run, so
runs compare; used for BENCHMARKS.md on CPython and, through Pyodide, in the browser.
"""

import random
import time

from tzaar.ai.search import search
from tzaar.rules.position import Position

def playout(p, seed, n):
    rng = random.Random(seed)
    for _ in range(n):
        legal = p.legal_actions()
        if not legal:
            break
        p = p.apply(rng.choice(legal))
    return p

_CASES = [
    (Position.standard(), 1),
    (Position.standard(), 9),
    (Position.random(3), 15),
    (Position.random(4), 25),
    (Position.standard(), 30),
]

#: Five more positions for the depth cost (random playouts too, the seed is the index).
_MORE_CASES = [
    (Position.random(99 * 10007 + 5), 2),
    (Position.random(7), 6),
    (Position.random(8), 12),
    (Position.standard(), 20),
    (Position.random(11), 18),
]


def bench(nodes=40000):
    cases = _CASES
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

def against(nodes=20000, version="v1", rounds=3):
    """Today's search against the frozen ``version`` on the five positions, same run."""
    import importlib

    old = importlib.import_module(f"lab.frozen.{version}.search").search
    boards = [playout(st, i, n) for i, (st, n) in enumerate(_CASES)]
    totals = {"new": [0, 0.0], version: [0, 0.0]}
    out = []
    for i, p in enumerate(boards):
        depth = {}
        for _ in range(rounds):
            for name, fn in (("new", search), (version, old)):
                b = p.board()
                t = time.process_time()
                s = fn(b, max_nodes=nodes)
                totals[name][0] += s.nodes
                totals[name][1] += time.process_time() - t
                depth[name] = s.depth
        out.append(f"position {i}: depth {depth['new']} (new) / {depth[version]} ({version})")
    rate = {k: n / max(t, 1e-9) for k, (n, t) in totals.items()}
    for k, (n, t) in totals.items():
        out.append(f"{k}: {n} nodes in {t:.2f} s CPU = {rate[k]:,.0f} nodes/s")
    out.append(f"ratio new / {version}: {rate['new'] / rate[version]:.2f}")
    return "\n".join(out)


def depth_cost(depth, specs=("",), version="v1", prune=False):
    """Nodes (and CPU seconds) to finish ``depth`` on the ten positions: today's search with
    each setting of ``specs`` (``"mod.NAME=VALUE;..."``, see :mod:`.ab`), with Expert's
    pruning if ``prune``, then the frozen ``version`` (without it)."""
    import importlib

    from .ab import parse_settings

    boards = [playout(st, i, n) for i, (st, n) in enumerate(_CASES + _MORE_CASES)]
    runs = [(spec or "today", search, parse_settings(spec), {"prune": prune}) for spec in specs]
    runs.append((version, importlib.import_module(f"lab.frozen.{version}.search").search, [], {}))
    out = []
    for name, fn, settings, options in runs:
        saved = [(m, n, getattr(m, n)) for m, n, _ in settings]
        for m, n, v in settings:
            setattr(m, n, v)
        t = time.process_time()
        try:
            nodes = [fn(p.board(), max_depth=depth, **options).nodes for p in boards]
        finally:
            for m, n, v in saved:
                setattr(m, n, v)
        seconds = time.process_time() - t
        out.append(f"{name}: {sum(nodes):,} nodes in {seconds:.1f} s CPU ({', '.join(map(str, nodes))})")
    return "\n".join(out)


def depth_time(depth, version="v2", rounds=2):
    """CPU seconds and nodes Expert's search (its pruning) needs to finish ``depth`` on the
    ten positions, today's against the frozen ``version``, alternately in one run."""
    import importlib

    old = importlib.import_module(f"lab.frozen.{version}.search").search
    boards = [playout(st, i, n) for i, (st, n) in enumerate(_CASES + _MORE_CASES)]
    runs = (("today", search), (version, old))
    totals = {name: [0, 0.0] for name, _ in runs}
    out = []
    for i, p in enumerate(boards):
        row = {}
        for _ in range(rounds):
            for name, fn in runs:
                t = time.process_time()
                s = fn(p.board(), max_depth=depth, prune=True)
                dt = time.process_time() - t
                row[name] = (s.nodes, row.get(name, (0, 0.0))[1] + dt / rounds)
        for name, (n, dt) in row.items():
            totals[name][0] += n
            totals[name][1] += dt
        stacks = sum(p.board().tops)
        out.append(f"position {i} ({stacks} stacks): " + ", ".join(f"{k} {n:,} nodes {dt:.2f} s" for k, (n, dt) in row.items())
                   + f", time ratio {row['today'][1] / max(row[version][1], 1e-9):.2f}")
    (n1, t1), (n2, t2) = totals["today"], totals[version]
    out.append(f"today: {n1:,} nodes in {t1:.2f} s; {version}: {n2:,} nodes in {t2:.2f} s; "
               f"ratios today / {version}: nodes {n1 / n2:.2f}, time {t1 / max(t2, 1e-9):.2f}")
    return "\n".join(out)


def level_times(levels=("beginner", "casual", "strong")):
    """Seconds per turn of each node-budget level on the same five positions (mean, max)."""
    from tzaar.ai.players import run_think

    positions = [playout(st, i, n) for i, (st, n) in enumerate(_CASES)]
    out = []
    for level in levels:
        times = []
        for p in positions:
            b = p.board()
            t = time.perf_counter()
            run_think(b, level, seed=1)
            times.append(time.perf_counter() - t)
        out.append(f"{level}: mean {sum(times) / len(times):.2f} s, max {max(times):.2f} s a turn")
    return "\n".join(out)


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["levels"]:
        print(level_times())
    elif sys.argv[1:2] == ["depth"] and len(sys.argv) == 5 and sys.argv[2].isdigit() and sys.argv[3] == "--against":
        print(depth_time(int(sys.argv[2]), sys.argv[4]))
    elif sys.argv[1:2] == ["depth"] and len(sys.argv) > 2 and sys.argv[2].isdigit():
        expert = sys.argv[3:4] == ["--expert"]
        try:
            print(depth_cost(int(sys.argv[2]), sys.argv[3 + expert:] or ("",), prune=expert))
        except ValueError as e:  # a setting that is not module.NAME=VALUE
            sys.exit(f"bench: {e}")
    elif sys.argv[1:2] == ["--against"] and len(sys.argv) == 3:
        print(against(20000, sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1].isdigit() and sys.argv[2] == "--against":
        print(against(int(sys.argv[1]), sys.argv[3]))
    elif len(sys.argv) <= 2 and all(a.isdigit() for a in sys.argv[1:]):
        print(bench(int(sys.argv[1]) if len(sys.argv) > 1 else 40000))
    else:
        sys.exit(__doc__)
