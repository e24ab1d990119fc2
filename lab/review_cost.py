"""Where a review's CPU goes, look by look: ``python -m lab.review_cost``.

    python -m lab.review_cost [--nodes N] [--beginner SEED...] [RECORD...]
    python -m lab.review_cost --before DIR [--nodes N] [--beginner SEED...] [RECORD...]

Reviews each game (a record, ours or LittleGolem's, or with ``--beginner SEED`` a whole game
of Beginner against itself from the standard start, the games lab/browser/bench_background.py
has the page review) at N nodes a position (default 1,500, the page's,
web/analysis/review-job.js) as :func:`tzaar.ai.review.review_game` runs it, and times every
look (:mod:`tzaar.ai.review_looks`) by its kind: the first pass's (``main``, ``alt``), the
Hint's (``hint``, ``hint2``, ``hintalt``), the deeper looks (``deep-played``, ``deep-best``,
``deep-hint``) split into the solver's attempts (proven or not) and the searches, and the
proofs.  Prints, per kind, the looks, their CPU seconds and share of the whole, and the
games' marks.

``--before DIR`` (a checkout of an older commit) compares instead: each game is reviewed in a
process of its own by DIR's code and by this one's, alternately game by game, so the
machine's load weighs on both alike; prints each review's CPU seconds and whether the two
give the same marks, then the totals and their ratio.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from tzaar.ai import review, review_looks
from tzaar.ai.solver import stacks_left
from tzaar.records.either import read_any_record
from tzaar.rules.position import Position

from lab.selfplay import beginner_game

_current = {"kind": None}
#: (kind, part) -> [looks, CPU seconds]; part: "search", "solver proved", "solver failed"
_spent: dict = defaultdict(lambda: [0, 0.0])
#: the solver's attempts: (kind, stacks left, proved, CPU seconds)
_attempts: list = []


def _timed(gen, part_of):
    """``gen`` run to its end, its CPU time added to the current kind under ``part_of(value)``."""
    spent = 0.0
    while True:
        start = time.process_time()
        try:
            step = next(gen)
        except StopIteration as stop:
            spent += time.process_time() - start
            entry = _spent[(_current["kind"], part_of(stop.value))]
            entry[0] += 1
            entry[1] += spent
            return stop.value
        spent += time.process_time() - start
        yield step


def _install():
    searched, proven = review_looks.searched, review_looks.proven
    review_looks.searched = lambda *a, **k: (yield from _timed(searched(*a, **k), lambda _: "search"))
    def timed_proven(position, nodes):
        before = time.process_time()
        look = yield from _timed(proven(position, nodes), lambda look: "solver proved" if look.evaluation is not None else "solver failed")
        _attempts.append((_current["kind"], stacks_left(position.board()), look.evaluation is not None, time.process_time() - before))
        return look

    review_looks.proven = timed_proven
    look = review.Review._look

    def kind_look(self, key):
        _current["kind"] = key[0]
        return look(self, key)

    review.Review._look = kind_look


#: A review in a process of its own (run with its checkout as the working directory): the
#: game's start and actions as JSON on stdin; prints its CPU seconds and marks as JSON.
_ONE = """
import json, sys, time
sys.path.insert(0, ".")
from tzaar.ai import review
from tzaar.rules.position import Position
game = json.load(sys.stdin)
start = time.process_time()
result = review.review_game(Position.from_text(game["start"]), game["actions"], game["nodes"])
marks = [[t.number, t.side, t.mark, t.loss, t.best] for t in result.turns if t.mark]
print(json.dumps({"cpu": time.process_time() - start, "marks": marks}))
"""


def _review_in(checkout: str, start: Position, actions: list, nodes: int) -> dict:
    game = json.dumps({"start": start.text(), "actions": [str(a) if isinstance(a, str) else a.text() for a in actions],
                       "nodes": nodes})
    out = subprocess.run([sys.executable, "-c", _ONE], cwd=checkout, input=game, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(before: str, games: list, nodes: int) -> None:
    """Each game reviewed by ``before``'s code and this checkout's, alternately."""
    here = str(Path(__file__).resolve().parents[1])
    total = {"before": 0.0, "today": 0.0}
    same = 0
    for name, start, actions in games:
        old, new = _review_in(before, start, actions, nodes), _review_in(here, start, actions, nodes)
        total["before"] += old["cpu"]
        total["today"] += new["cpu"]
        same += old["marks"] == new["marks"]
        print(f"{name}: before {old['cpu']:.1f} s, today {new['cpu']:.1f} s CPU; marks "
              f"{'the same' if old['marks'] == new['marks'] else 'differ'} ({len(new['marks'])})", flush=True)
    print(f"\n{len(games)} games at {nodes} nodes a position: before {total['before']:.1f} s, today {total['today']:.1f} s "
          f"CPU, ratio {total['today'] / total['before']:.3f}; the same marks in {same} of {len(games)}")


def finished(gen):
    """The value a generator of slices (a look, the solver) returns, run to its end."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def games_to_review(seeds: list, paths: list) -> list:
    """(name, start, actions) of a game of Beginner against itself per seed, then of each record."""
    games = [(f"beginner seed {s}", Position.standard(), beginner_game(s)) for s in seeds]
    for path in paths:
        record = read_any_record(Path(path).read_text(encoding="utf-8"))
        games.append((Path(path).name, record.start, record.actions))
    return games


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lab.review_cost", fromfile_prefix_chars="@", description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="*", metavar="RECORD")
    ap.add_argument("--nodes", type=int, default=1500)
    ap.add_argument("--beginner", type=int, nargs="*", default=[], metavar="SEED")
    ap.add_argument("--before", metavar="DIR", help="a checkout of an older commit: compare its reviews' CPU and marks with this one's")
    args = ap.parse_args(argv)
    games = games_to_review(args.beginner, args.records)
    if args.before:
        compare(args.before, games, args.nodes)
        return
    _install()
    total = 0.0
    for name, start, actions in games:
        before = time.process_time()
        result = review.review_game(start, actions, args.nodes)
        spent = time.process_time() - before
        total += spent
        marks = [f"{t.number}{'ab'[t.side]} {t.mark} {t.loss}" for t in result.turns if t.mark]
        print(f"{name}: {len(result.turns)} turns, {spent:.1f} s CPU; marks: {', '.join(marks) or 'none'}", flush=True)
    print(f"\n{len(games)} games at {args.nodes} nodes a position: {total:.1f} s CPU\n")
    print(f"{'kind':<12} {'part':<14} {'looks':>5} {'CPU s':>7} {'share':>6}")
    for kind in review.KINDS:
        for part in ("search", "solver proved", "solver failed"):
            if (kind, part) in _spent:
                n, s = _spent[(kind, part)]
                print(f"{kind:<12} {part:<14} {n:>5} {s:>7.1f} {100 * s / total:>5.1f}%")
    print("\nthe solver's attempts by stacks left: proved (CPU s), failed (CPU s); deeper looks | proofs")
    for stacks in sorted({a[1] for a in _attempts}):
        cells = []
        for proofs in (False, True):
            mine = [a for a in _attempts if a[1] == stacks and (a[0] == "proof") == proofs]
            ok, ko = [a[3] for a in mine if a[2]], [a[3] for a in mine if not a[2]]
            cells.append(f"{len(ok):>3} ({sum(ok):5.1f}) {len(ko):>3} ({sum(ko):5.1f})")
        print(f"{stacks:>3}: " + " | ".join(cells))


if __name__ == "__main__":
    main()
