"""The solver's benchmark (``python -m lab.solver_bench``): its positions from game records,
and its comparison with another commit's solver."""

import random
from pathlib import Path

from lab import solver_bench
from tzaar.ai.solver import stacks_left
from tzaar.notation import Action
from tzaar.position import Position
from tzaar.records import format_record

ROOT = Path(__file__).resolve().parents[1]


def _record(seed):
    # A game of random actions, mostly captures at the second action, from a random setup.
    rng = random.Random(seed)
    start = Position.random(rng.randrange(1 << 30))
    b = start.board()
    actions = []
    seen = []  # every position at the start of a turn, in order
    while b.winner() is None:
        if b.step == 1:
            seen.append(b.text())
        moves = b.moves()
        caps = [a for a in moves if b.is_capture(a)]
        a = rng.choice(caps if caps and rng.random() < 0.8 else moves)
        actions.append(Action.from_code(a, b.cells))
        b.do(a)
    return format_record(start, actions), seen


def test_record_positions_are_the_first_turn_starts_with_those_stacks(tmp_path):
    want = {k: [] for k in solver_bench.RECORD_STACKS}
    for seed in range(6):
        text, seen = _record(seed)
        (tmp_path / f"g{seed}.txt").write_text(text)
        firsts = {}
        for t in seen:
            firsts.setdefault(stacks_left(Position.from_text(t).board()), t)
        for k in want:
            if k in firsts:
                want[k].append(firsts[k])
    (tmp_path / "notes.md").write_text("not a record")
    got = solver_bench.record_positions(str(tmp_path), per=6)
    assert got == want and sum(map(len, got.values())) >= 10
    assert all(len(v) <= 2 for v in solver_bench.record_positions(str(tmp_path), per=2).values())
    out = solver_bench.records_bench(str(tmp_path), per=1, max_nodes=500)
    assert [line.split(" stacks:")[0] for line in out.splitlines()] == [str(k) for k in solver_bench.RECORD_STACKS]


def test_against_another_commits_solver_file():
    # Today's own solver.py loaded as "another commit's": the same results everywhere.
    out = solver_bench.against(1, 2000, str(ROOT / "tzaar/ai/solver.py"))
    lines = out.splitlines()
    assert len(lines) == len(solver_bench.STACKS) + 1 and lines[-1].startswith("total CPU: before")
    for line in lines[:-1]:
        proven, same = line.split(" proven, the same result as before in ")
        assert proven.endswith("/1") and same.startswith("1;")
