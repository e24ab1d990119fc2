"""The proof-number search probe (``python -m lab.pn_search``): the same results as the
solver wherever both prove, the board restored, None past its budget."""

from lab import solver_bench
from lab.pn_search import pn_search
from tzaar.ai.solver import solve
from tzaar.rules.position import Position


def test_it_agrees_with_the_solver_on_small_endgames():
    checked = {"win": 0, "loss": 0}
    for seed in range(1, 7):
        for text in solver_bench.endgame_positions(seed, max_stacks=14, min_stacks=6)[::3]:
            b = Position.from_text(text).board()
            sol = solve(b, max_nodes=50_000)
            res, made = pn_search(b, 50_000)
            assert b.text() == text and b.ply == 0
            if sol is not None and res is not None:
                assert res == sol.result, text
                checked[res] += 1
    assert checked["win"] >= 5 and checked["loss"] >= 5, checked


def test_past_its_budget_it_answers_none_and_restores_the_board():
    for text in solver_bench.endgame_positions(3, max_stacks=24, min_stacks=22)[:2]:
        b = Position.from_text(text).board()
        if solve(b, max_nodes=200) is not None:
            continue  # proven at once: not a budget test
        res, made = pn_search(b, 10)
        assert res is None and made >= 10 and b.text() == text and b.ply == 0
    start = Position.standard().board()
    assert pn_search(start, 5)[0] is None and start.ply == 0
