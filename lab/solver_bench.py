"""Endgame solver speed: ``python -m lab.solver_bench [GAMES] [MAX_NODES] [--search|--ab]``
(or ``--against v2``, ``--records DIR``, ``--played DIR``).

Plays ``GAMES`` seeded games (random setups, careful random players: see
:func:`endgame_positions`) and takes from each the first position with 10, 12, ... 24
stacks; solves each with a budget of ``MAX_NODES`` nodes and prints, per number of
stacks, how many were proven, within 20,000 nodes, the median and largest node count,
the median time, and the nodes per second over all.  The same positions every run, so
runs compare (docs/benchmarks-log.md, "Endgame solver").

``GAMES NODES [STACKS] --ab`` plays the expert with and without the solver against each
other from the first position with ``STACKS`` stacks or fewer (default 18) of ``GAMES`` games
between two ``strong`` players at 1,000 nodes a turn (random setups, seeds 2000 and up), each
start twice with the colours swapped, ``NODES`` nodes a turn for both (the solver's share included): the
solver's gain in play, deterministic.

``GAMES MAX_NODES --against v2`` solves the same positions with the frozen v2 solver
(:mod:`lab.frozen.v2`) and today's, alternately in one run, in CPU time: per number of
stacks whether both give the same results (result, turns, nodes, actions) and the ratio of
their times, the speed-up of a change that keeps the proofs exact.  ``--against FILE.py``
takes another commit's solver instead (``git show COMMIT:tzaar/ai/solver.py > FILE.py``),
loaded beside today's package (its board, its :mod:`~tzaar.ai.solver_moves`).

``--records DIR [PER] [MAX_NODES]`` takes its positions from the game records in ``DIR``
(for example ``lab/data/vs-native-2026-11-25``: Expert against a strong native
engine): per game the first position at the start of a turn with 17, 19, ... 25 stacks
(the counts a turn starts at there), at most ``PER`` of each (default 12), solved with
``MAX_NODES`` nodes (default 160,000, Master's budget); it prints per number of stacks the
positions proven within Expert's budgets (its 40,000 nodes; 0.4 s of CPU, its share of a
1 s turn, and about that of its 3 s in the browser, where Pyodide runs the solver at about
a third of CPython's speed: ``lab.browser.bench_solver``; 1.2 s, its share of 3 s in
CPython) and within ``MAX_NODES``, the median nodes of a proof and the results: how far the
solver reaches in real endgames.

``--played DIR [MAX_NODES] [TURNS]`` asks, of every turn Expert played at 21 to 28 stacks in
the records of ``DIR`` (Expert's colour from their ``Expert (white|black)`` line:
:func:`lab.losses.side_of`), whether the enemy wins within ``TURNS`` turns after it (default
3, within ``MAX_NODES`` nodes, default 20,000), and of those, whether the position before the
turn was already lost within ``TURNS + 1`` (four times the nodes): whether a check of the
chosen turn by the solver (a root filter beyond the solver's 20 stacks) would catch a turn
that loses where another does not.

``--search`` runs the level search (:func:`tzaar.ai.search.search`, iterative-deepening
alpha-beta with the evaluation) on the same positions with the same budget instead, and
counts as proven the positions where it reached a win or loss score.
"""

from __future__ import annotations

import random
import sys
import time

from tzaar.ai.search import MATE_BOUND, search
from tzaar.ai.solver import Solver, SolverLimit, solve, stacks_left
from tzaar.rules.board import PASS
from tzaar.rules.position import Position

STACKS = (10, 12, 14, 16, 18, 20, 22, 24)


def endgame_positions(seed: int, max_stacks: int = 60, min_stacks: int = 1, careful: int = 20):
    """Position texts with ``min_stacks``..``max_stacks`` stacks along one seeded game.

    The game starts from a random setup; both players are random but not suicidal: no
    action that ends the game at once when another exists, and from ``careful`` stacks
    down no turn that lets the enemy win in its next turn (asked of the solver with
    ``max_turns=1``); second actions are mostly captures, so that the game thins out.
    """
    out = []
    rng = random.Random(seed)
    b = Position.random(rng.randrange(1 << 30)).board()
    while True:
        moves = b.moves()
        if not moves:
            return out
        n = stacks_left(b)
        if min_stacks <= n <= max_stacks:
            out.append(b.text())
        side = b.side
        safe = []
        for a in moves:
            b.do(a)
            if b.winner() is None and (n > careful or b.side == side or solve(b, max_turns=1) is None):
                safe.append(a)
            b.undo()
        moves = safe or moves
        if b.step == 2 and rng.random() < 0.7:
            caps = [a for a in moves if a != PASS and b.is_capture(a)]
            moves = caps or moves
        b.do(rng.choice(moves))


def bench_positions(games: int = 10, stacks=STACKS) -> dict:
    """{stacks: [position text, ...]}: the first position with that many stacks per game."""
    out = {k: [] for k in stacks}
    for g in range(games):
        seen = set()
        for text in endgame_positions(1000 + g, max(stacks), min(stacks)):
            n = stacks_left(Position.from_text(text).board())
            if n in out and n not in seen:
                seen.add(n)
                out[n].append(text)
    return out


def _played_start(seed: int, stacks: int, nodes: int = 1000):
    """The first position with at most ``stacks`` stacks of a game between two ``strong``
    players at ``nodes`` nodes a turn from a seeded random setup (a balanced endgame, unlike
    the random players' ones), or None if the game ended before."""
    from tzaar.ai.players import run_think

    rng = random.Random(seed)
    b = Position.random(rng.randrange(1 << 30)).board()
    while b.winner() is None:
        if stacks_left(b) <= stacks and b.step == 1:
            return b.text()
        actions, _ = run_think(b, "strong", rng.randrange(1 << 30), None, nodes)
        for a in actions:
            b.do(a)
    return None


def ab_endgames(games: int = 20, nodes: int = 5000, stacks: int = 18) -> str:
    """Expert with the solver against expert without it, from endgames (see the docstring)."""
    from tzaar.ai.players import run_think

    starts = []
    for g in range(games):
        text = _played_start(2000 + g, stacks)
        if text:
            starts.append(text)
    wins = 0
    played = 0
    pairs = [0, 0, 0]  # starts where the solver's side won 0, 1 or 2 of the two games
    for i, text in enumerate(starts):
        won = 0
        for solver_side in (0, 1):
            b = Position.from_text(text).board()
            seed = i
            while b.winner() is None:
                with_solver = b.side == solver_side
                actions, _ = run_think(b, "expert", seed, None, nodes, None if with_solver else False)
                for a in actions:
                    b.do(a)
                seed += 1
            played += 1
            won += b.winner() == solver_side
        wins += won
        pairs[won] += 1
    return (
        f"expert with the solver against expert without it, {nodes} nodes a turn, {stacks}-stack starts: "
        f"{wins}/{played} won; starts won with both colours {pairs[2]}, split {pairs[1]}, lost with both {pairs[0]}"
    )


def _search_result(b, max_nodes):
    """(proven?, nodes, result key) of the level search on ``b`` with ``max_nodes``."""
    s = search(b, max_nodes=max_nodes)
    if abs(s.score) > MATE_BOUND:
        return True, s.nodes, "win" if s.score > 0 else "loss"
    return False, max_nodes, None


#: Stack counts at the start of a turn in real games (each turn mostly takes two stacks).
RECORD_STACKS = (17, 19, 21, 23, 25)


def record_positions(folder: str, per: int = 12, stacks=RECORD_STACKS) -> dict:
    """{stacks: [position text, ...]}: per game record in ``folder`` (sorted by name) the first
    position at the start of a turn (step 1, game not over) with that many stacks, at most
    ``per`` of each."""
    from pathlib import Path

    from tzaar.records.ours import game_from_record

    out = {k: [] for k in stacks}
    for path in sorted(Path(folder).glob("*.txt")):
        seen = set()
        for pos in game_from_record(path.read_text()).positions:
            b = pos.board()
            n = stacks_left(b)
            if b.step == 1 and n in out and n not in seen and b.winner() is None and len(out[n]) < per:
                seen.add(n)
                out[n].append(b.text())
    return out


def records_bench(folder: str, per: int = 12, max_nodes: int = 160_000) -> str:
    """The solver on real endgames (see the docstring): proof rates within Expert's budgets."""
    lines = []
    for k, texts in record_positions(folder, per).items():
        proven = {"40k": 0, "0.4s": 0, "1.2s": 0, "all": 0}
        nodes = []
        results = {}
        for text in texts:
            b = Position.from_text(text).board()
            t = time.process_time()
            sol = solve(b, max_nodes=max_nodes)
            dt = time.process_time() - t
            if sol is None:
                continue
            nodes.append(sol.nodes)
            proven["all"] += 1
            proven["40k"] += sol.nodes <= 40_000
            proven["0.4s"] += dt <= 0.4
            proven["1.2s"] += dt <= 1.2
            key = f"{sol.result} {sol.turns}"
            results[key] = results.get(key, 0) + 1
        nodes.sort()
        med = nodes[len(nodes) // 2] if nodes else 0
        res = ", ".join(f"{v}x {r}" for r, v in sorted(results.items()))
        lines.append(f"{k} stacks: {len(texts)} positions; proven within 40,000 nodes {proven['40k']}, 0.4 s {proven['0.4s']}, "
                     f"1.2 s {proven['1.2s']}, {max_nodes} nodes {proven['all']}; nodes of a proof, median {med} ({res})")
    return "\n".join(lines)


def played_turns(folder: str, max_nodes: int = 20_000, turns: int = 3, stacks=range(21, 29)) -> str:
    """Expert's played turns in the records checked by the solver (see the docstring)."""
    from pathlib import Path

    from tzaar.records.ours import game_from_record

    from .losses import side_of

    def ask(board, question, nodes):
        try:
            return question(Solver(board, max_nodes=nodes))
        except SolverLimit:
            return None

    checked, bad, lines, times = 0, [], [], []
    for path in sorted(Path(folder).glob("*.txt")):
        text = path.read_text()
        ours = side_of(text)
        if ours is None:
            continue
        boards = [pos.board() for pos in game_from_record(text).positions]
        for i, b in enumerate(boards):
            if b.step != 1 or b.side != ours or b.winner() is not None or stacks_left(b) not in stacks:
                continue
            after = next((q for q in boards[i + 1:] if q.side != ours or q.winner() is not None), None)
            if after is None or after.winner() is not None:
                continue
            checked += 1
            t = time.process_time()
            loses = ask(after, lambda s: s.wins_within(turns), max_nodes)
            times.append(time.process_time() - t)
            if loses:
                before = ask(b, lambda s: s.loses_within(turns + 1), 4 * max_nodes)
                bad.append(before)
                lines.append(f"{path.name}, action {i}, {stacks_left(b)} stacks: the enemy wins within {turns} turns after it; "
                             f"lost before it: {'unknown' if before is None else before}")
    times = sorted(times) or [0.0]
    lines.append(f"{checked} turns checked; {len(bad)} proven to lose, {bad.count(False)} of them where the position before was "
                 f"not lost, {bad.count(None)} unknown; a check {times[len(times) // 2]:.3f} s median, {times[-1]:.3f} s max (CPU)")
    return "\n".join(lines)


def against(games: int = 10, max_nodes: int = 40_000, version: str = "v2") -> str:
    """Today's solver and the frozen ``version``'s on the same positions, alternately, in
    CPU time: identical results? and the ratio of the times per number of stacks."""
    import importlib
    import importlib.util

    if version.endswith(".py"):  # another commit's tzaar/ai/solver.py, on today's board
        spec = importlib.util.spec_from_file_location("tzaar.ai._solver_against", version)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        old = module.solve
        version = "before"
    else:
        old = importlib.import_module(f"lab.frozen.{version}.solver").solve
    lines = []
    total = [0.0, 0.0]
    for k, texts in bench_positions(games).items():
        spent = [0.0, 0.0]
        proven = 0
        same = 0
        for text in texts:
            got = []
            for i, fn in enumerate((old, solve)):
                b = Position.from_text(text).board()
                t = time.process_time()
                sol = fn(b, max_nodes=max_nodes)
                spent[i] += time.process_time() - t
                got.append(None if sol is None else (sol.result, sol.turns, sol.nodes, tuple(sol.actions)))
            proven += got[1] is not None
            same += got[0] == got[1]
        if not texts:
            continue
        total[0] += spent[0]
        total[1] += spent[1]
        lines.append(f"{k} stacks: {proven}/{len(texts)} proven, the same result as {version} in {same}; "
                     f"CPU {version} {spent[0]:.2f} s, today {spent[1]:.2f} s, {version}/today {spent[0] / max(spent[1], 1e-9):.2f}")
    lines.append(f"total CPU: {version} {total[0]:.2f} s, today {total[1]:.2f} s, {version}/today {total[0] / max(total[1], 1e-9):.2f}")
    return "\n".join(lines)


def bench(games: int = 10, max_nodes: int = 200_000, use_search: bool = False) -> str:
    lines = []
    all_nodes = 0
    all_time = 0.0
    for k, texts in bench_positions(games).items():
        nodes = []
        times = []
        proven = 0
        results = {}
        for text in texts:
            b = Position.from_text(text).board()
            t = time.perf_counter()
            if use_search:
                ok, n, key = _search_result(b, max_nodes)
            else:
                sol = solve(b, max_nodes=max_nodes)
                ok = sol is not None
                n = sol.nodes if ok else max_nodes
                key = f"{sol.result} {sol.turns}" if ok else None
            dt = time.perf_counter() - t
            times.append(dt)
            nodes.append(n)
            if ok:
                proven += 1
                results[key] = results.get(key, 0) + 1
        if not texts:
            continue
        all_nodes += sum(nodes)
        all_time += sum(times)
        nodes.sort()
        times.sort()
        cheap = sum(1 for n in nodes if n <= 20_000)
        res = ", ".join(f"{v}x {r}" for r, v in sorted(results.items()))
        lines.append(
            f"{k} stacks: {proven}/{len(texts)} proven, {cheap} within 20,000 nodes; nodes median "
            f"{nodes[len(nodes) // 2]}, max {nodes[-1]}; time median {times[len(times) // 2]:.3f} s, "
            f"max {times[-1]:.2f} s ({res})"
        )
    lines.append(f"total: {all_nodes} nodes in {all_time:.2f} s = {all_nodes / max(all_time, 1e-9):,.0f} nodes/s")
    return "\n".join(lines)


if __name__ == "__main__":
    argv = sys.argv[1:]
    if argv[:1] == ["--records"] and len(argv) in (2, 3, 4) and all(x.isdigit() for x in argv[2:]):
        print(records_bench(argv[1], *[int(x) for x in argv[2:]]))
        raise SystemExit(0)
    if argv[:1] == ["--played"] and len(argv) in (2, 3, 4) and all(x.isdigit() for x in argv[2:]):
        print(played_turns(argv[1], *[int(x) for x in argv[2:]]))
        raise SystemExit(0)
    version = None
    if "--against" in argv[:-1]:
        i = argv.index("--against")
        version = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    flags = [x for x in argv if x.startswith("--")]
    args = [x for x in argv if not x.startswith("--")]
    if (set(flags) - {"--search", "--ab"} or len(args) > 2 + ("--ab" in flags) or not all(x.isdigit() for x in args)
            or (version is not None and (flags or version not in ("v1", "v2") and not version.endswith(".py")))):
        print("usage: python -m lab.solver_bench [GAMES] [MAX_NODES] [--search | --against v2|FILE.py]"
              "  |  python -m lab.solver_bench GAMES NODES [STACKS] --ab  |  python -m lab.solver_bench --records DIR [PER] [MAX_NODES]"
              "  |  python -m lab.solver_bench --played DIR [MAX_NODES] [TURNS]", file=sys.stderr)
        raise SystemExit(2)
    if version:
        print(against(*[int(x) for x in args], version=version))
    elif "--ab" in flags:
        print(ab_endgames(*[int(x) for x in args]))
    else:
        print(bench(*[int(x) for x in args], use_search="--search" in flags))
