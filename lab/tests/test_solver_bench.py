"""The solver's benchmark (``python -m lab.solver_bench``): its positions from game records,
and its comparison with another commit's solver."""

import random
from pathlib import Path

from lab import solver_bench
from tzaar.ai.solver import solve, stacks_left
from tzaar.rules.notation import Action
from tzaar.rules.position import Position
from tzaar.records.ours import format_record, game_from_record

ROOT = Path(__file__).resolve().parents[2]


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


def test_played_turns_checks_each_of_experts_turns_in_the_window(tmp_path):
    # Random games as if Expert were White: every White turn started at 21 to 28 stacks is
    # checked, and each turn said to lose is one after which Black wins within 3 turns.
    checked = 0
    for seed in range(3):
        text, seen = _record(seed)
        (tmp_path / f"g{seed}.txt").write_text("# Expert (white) against a test\n" + text)
        boards = [Position.from_text(t).board() for t in seen]
        checked += sum(1 for b in boards[:-1] if b.side == 0 and 21 <= stacks_left(b) <= 28)
    out = solver_bench.played_turns(str(tmp_path), max_nodes=20_000, turns=3).splitlines()
    assert out[-1].startswith(f"{checked} turns checked; ") and checked >= 6
    losing = out[:-1]
    assert losing and out[-1].split("; ")[1].startswith(f"{len(losing)} proven to lose")
    for line in losing:
        name, action, _ = line.split(", ", 2)
        text = (tmp_path / name).read_text()
        boards = [p.board() for p in game_from_record(text).positions]
        after = next(q for q in boards[int(action.split()[1]) + 1:] if q.side == 1)
        sol = solve(after, max_nodes=200_000)
        assert sol is not None and sol.result == "win" and sol.turns <= 3


def test_solver_bench_and_ab_run_on_tiny_budgets():
    from lab.solver_bench import ab_endgames, bench

    lines = bench(games=1, max_nodes=300).splitlines()
    assert lines[0].startswith("10 stacks: 1/1 proven") and lines[-1].startswith("total: ")
    assert "stacks:" in bench(games=1, max_nodes=300, use_search=True)
    import re

    out = ab_endgames(games=3, nodes=200, stacks=36)
    m = re.search(r"36-stack starts: (\d+)/(\d+) won; starts won with both colours (\d+), split (\d+), lost with both (\d+)$", out)
    won, played, both, split, lost = map(int, m.groups())
    assert played == 2 * (both + split + lost) > 0 and won == 2 * both + split


#: The reaches of the seeded games that tests/ uses: (seeds, careful, max_stacks).
ENDGAMES_KEPT = [(range(30), 20, 11), ([101], 20, 14), ([7], 20, 20), ([11], 20, 16), (range(1, 9), 0, 24)]


def test_the_endgames_data_of_the_solvers_tests_is_what_the_generator_gives():
    """tests/data/endgames.txt, read by tests/engine_helpers.py, holds what endgame_positions
    gives for the seeds and reaches the solver's tests use."""
    from engine_helpers import endgame_positions as kept

    for seeds, careful, max_stacks in ENDGAMES_KEPT:
        for seed in seeds:
            want = solver_bench.endgame_positions(seed, max_stacks, 1, careful)
            assert kept(seed, max_stacks, 1, careful) == want, (seed, careful)
