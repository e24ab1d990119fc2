"""The review's deeper solver attempts, each beside the deeper search of the same position:
``python -m lab.solver_attempts``.

    python -m lab.solver_attempts [--nodes N] [--json OUT] [--beginner SEED...] [RECORD...]

Reviews each game (a record, or with ``--beginner SEED`` a game of Beginner against itself,
as :mod:`lab.review_cost` takes them) at N nodes a position (default 1,500, the page's) and,
at every deeper look (:func:`tzaar.ai.review_looks.deeper`) where the solver may try
(:data:`tzaar.ai.review.SOLVE_STACKS` stacks or fewer), runs both the solver (the review's
100 times the nodes) and the deeper search (10 times the nodes), whatever the review uses.
Prints one row per attempt: its stacks, the search's verdict for the side to move (chance,
mate), whether the solver proved and with how many nodes, and the CPU of each; then the
attempts by the search's verdict, by stacks, and by whether the deeper searches alone mark
the candidate (the solver's CPU, proved and failed, with :data:`FEW_STACKS` stacks or fewer,
and above).  The review itself goes on with the deeper look it makes (``--json``: the rows as
JSON).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path

from tzaar.ai import review, review_looks
from tzaar.ai.players import SOLVE_SLICE
from tzaar.ai.review_marks import judge_deeply
from tzaar.ai.review_values import Evaluation, Look
from tzaar.ai.solver import Solver, stacks_left

from lab.review_cost import finished, games_to_review

#: The stacks up to which every attempt proved in the games measured (docs/benchmarks-log.md,
#: "The deeper solver only to check a mark"): the tally's first band.
FEW_STACKS = 18

_rows: list = []
_where = {"game": None, "kind": None, "turn": None}


def _measured_deeper(position, player, nodes, solve_nodes, solve_stacks):
    """The deeper look as the review makes it (:func:`tzaar.ai.review_looks.deeper`), with both
    the solver and the search measured where the solver may reach (``solve_stacks``)."""
    done = review_looks.settled(position)
    if done is not None:
        return done
    stacks = stacks_left(position.board())
    if stacks > solve_stacks:
        return (yield from review_looks.searched(position, player, nodes, solve=False))
    t0 = time.process_time()
    solver = Solver(position.board(), max_nodes=solve_nodes, slice_nodes=SOLVE_SLICE)
    solution = finished(solver.run())
    t1 = time.process_time()
    search = finished(review_looks.searched(position, player, nodes, solve=False))
    t2 = time.process_time()
    ev = search.evaluation
    mover = ev.chance if position.side == 0 else 1 - ev.chance
    _rows.append({
        **_where, "stacks": stacks, "side": position.side,
        "chance": round(mover, 4), "mate": ev.mate, "score": ev.score,
        "proved": solution is not None, "result": solution and solution.result, "turns": solution and solution.turns,
        "solver_nodes": solver.nodes, "solver_cpu": round(t1 - t0, 3), "search_cpu": round(t2 - t1, 3),
    })
    r = _rows[-1]
    print(f"  {r['game']} {r['kind']} {r['turn']}: {stacks} stacks, search {100 * mover:5.1f}% mate {ev.mate}; solver "
          f"{r['result'] or '-'} {r['turns'] or ''} {solver.nodes} nodes {r['solver_cpu']} s; search {r['search_cpu']} s",
          flush=True)
    if solution is not None:
        return review_looks.proof_look(position, solution)
    yield None
    return search


def _install():
    review_looks.deeper = _measured_deeper
    look = review.Review._look

    def kind_look(self, key):
        _where["kind"], _where["turn"] = key
        return look(self, key)

    review.Review._look = kind_look


def _summary(rows):
    bands = [(0.0, 0.02), (0.02, 0.05), (0.05, 0.10), (0.10, 0.20), (0.20, 0.35), (0.35, 0.5001)]
    print("\nby the search's verdict (the mover's chance, or its complement: distance from a decided game)")
    print(f"{'band':<14} {'attempts':>8} {'proved':>6} {'solver s':>9} {'failed s':>9}")
    for lo, hi in bands:
        mine = [r for r in rows if r["mate"] is None and lo <= min(r["chance"], 1 - r["chance"]) < hi]
        ok = [r for r in mine if r["proved"]]
        print(f"{lo:.2f}-{min(hi, .5):.2f}      {len(mine):>8} {len(ok):>6} {sum(r['solver_cpu'] for r in mine):>9.1f} "
              f"{sum(r['solver_cpu'] for r in mine if not r['proved']):>9.1f}")
    mates = [r for r in rows if r["mate"] is not None]
    print(f"{'mate':<14} {len(mates):>8} {sum(r['proved'] for r in mates):>6} {sum(r['solver_cpu'] for r in mates):>9.1f}")
    print("\nby stacks: attempts, proved")
    for s in sorted({r["stacks"] for r in rows}):
        mine = [r for r in rows if r["stacks"] == s]
        print(f"{s:>3}: {len(mine):>3} {sum(r['proved'] for r in mine):>3}")
    print("\nby whether the deeper searches alone mark the candidate: attempts (solver CPU s)")
    cells = defaultdict(list)
    for r in rows:
        band = f"<= {FEW_STACKS} stacks" if r["stacks"] <= FEW_STACKS else "above"
        cells[(band, _marked_by_searches(rows, r), r["proved"])].append(r["solver_cpu"])
    for (band, marked, proved), cpu in sorted(cells.items()):
        print(f"{band:<13} {'marked' if marked else 'dropped':<8} {'proved' if proved else 'failed':<7} {len(cpu):>3} ({sum(cpu):5.1f})")


def _marked_by_searches(rows, row) -> bool:
    """Whether the deeper searches alone (no proof) mark the candidate of ``row``."""
    looks = {r["kind"]: r for r in rows if (r["game"], r["turn"]) == (row["game"], row["turn"])}
    if "deep-played" not in looks:
        return False
    side = 1 - looks["deep-played"]["side"]  # the turn's mover: the side to move is the other

    def look(r):
        return Look(Evaluation.of(r["score"], 0), [])  # the rows' scores are White's

    betters = [([kind], look(looks[kind])) for kind in ("deep-best", "deep-hint") if kind in looks]
    return judge_deeply(side, [], look(looks["deep-played"]), betters).mark is not None


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lab.solver_attempts", fromfile_prefix_chars="@", description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="*", metavar="RECORD")
    ap.add_argument("--nodes", type=int, default=1500)
    ap.add_argument("--beginner", type=int, nargs="*", default=[], metavar="SEED")
    ap.add_argument("--json", metavar="OUT")
    args = ap.parse_args(argv)
    games = games_to_review(args.beginner, args.records)
    _install()
    for name, start, actions in games:
        _where["game"] = name
        result = review.review_game(start, actions, args.nodes)
        marks = [f"{t.number}{'ab'[t.side]} {t.mark} {t.loss}" for t in result.turns if t.mark]
        print(f"{name}: marks {', '.join(marks) or 'none'}", flush=True)
    _summary(_rows)
    if args.json:
        Path(args.json).write_text(json.dumps(_rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
