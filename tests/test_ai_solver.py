"""The endgame solver in play: expert and master prove endgames and report it.

``think`` runs the solver first (in slices) once few stacks are left, at the levels that
have a solver budget; a proven result is played at once and reported as ``proven``,
through ``ai_move`` and ``ai_step`` too.
"""

import json

import pytest

from tzaar.ai.players import LEVELS, SOLVE_SLICE, run_think, think
from tzaar.ai.solver import solve, worth_trying
from tzaar.facade import call_json
from tzaar.rules.notation import Action
from tzaar.rules.position import Position

from engine_helpers import LONGER, endgame_positions


def call(method, params):
    return json.loads(call_json(method, json.dumps(params)))


def texts(board, codes):
    out = []
    b = board.copy()
    for a in codes:
        out.append(Action.from_code(a, b.cells).text())
        b.do(a)
    return out


#: Endgames the solver proves in about a hundred nodes (losses in 4 turns).
PROVEN = LONGER[:4]
#: Endgames of 14 and 13 stacks (from engine_helpers.endgame_positions, seeds 7 and 12) that
#: take the solver 2,000 to 4,000 nodes: a win in 5 turns, a loss in 4.
HARDER = [
    "....z2/..t.../......./T......a/Ta2Z.Z2.t./A.T...../T...A../.....t/..T.. b1",
    "a..../...z2../t....../....t.za/Z2.....Z./.......T/......A2/.ATT../.T.z. b1",
]


def test_expert_and_master_play_the_proven_line_and_say_so():
    for text in PROVEN + HARDER:
        b = Position.from_text(text).board()
        sol = solve(b)
        for level in ("expert", "master"):
            actions, info = run_think(b, level, seed=3, nodes=20 * sol.nodes + 100)
            assert b.text() == text
            assert actions == sol.actions
            assert info["proven"] == {"result": sol.result, "turns": sol.turns}
            assert info["best"] == sol.actions
            assert (info["score"] > 0) == (sol.result == "win")


def test_lower_levels_do_not_use_the_solver_unless_asked():
    text = PROVEN[0]
    b = Position.from_text(text).board()
    sol = solve(b)
    for level in ("beginner", "casual", "strong"):
        assert LEVELS[level].solve == 0
        _, info = run_think(b, level, seed=1, nodes=2000)
        assert "proven" not in info
    actions, info = run_think(b, "strong", seed=1, nodes=20 * sol.nodes + 100, solve=True)
    assert info["proven"] == sol.info() and actions == sol.actions
    _, info = run_think(b, "expert", seed=1, nodes=2000, solve=False)
    assert "proven" not in info


def test_not_tried_with_many_stacks_and_the_search_gets_the_rest():
    b = Position.standard().board()
    assert not worth_trying(b)
    _, info = run_think(b, "expert", seed=1, nodes=500)
    assert "proven" not in info and info["nodes"] <= 600
    # An endgame the solver cannot prove in a tiny budget: the search answers, and the
    # total stays within the budget (the solver's share counted).
    text = endgame_positions(7, 16, 16)[0]
    b = Position.from_text(text).board()
    assert worth_trying(b)
    if solve(b, max_nodes=400) is None:
        actions, info = run_think(b, "expert", seed=1, nodes=1000)
        assert "proven" not in info and actions and info["nodes"] <= 1100


def test_deterministic_with_a_seed_and_a_node_budget():
    text = endgame_positions(11, 16, 14)[0]
    b = Position.from_text(text).board()
    first = run_think(b, "expert", seed=5, nodes=3000)
    assert run_think(b, "expert", seed=5, nodes=3000) == first


def test_the_solver_runs_in_small_slices_and_stops_at_once():
    text = HARDER[0]
    b = Position.from_text(text).board()
    assert solve(b).nodes > 10 * SOLVE_SLICE
    gen = think(b, "expert", seed=0, nodes=1_000_000)
    slices = 0
    while next(gen) is None:
        slices += 1
        assert b.text() == text  # restored between slices
        if slices == 5:
            break
    gen.close()  # a cancel in the middle of the solver
    assert slices == 5 and b.text() == text and b.ply == 0


def test_facade_reports_proven_in_ai_move_and_ai_step():
    text = HARDER[1]
    b = Position.from_text(text).board()
    sol = solve(b)
    want = {"result": sol.result, "turns": sol.turns}
    out = call("ai_move", {"position": text, "level": "expert", "nodes": 50_000, "seed": 2})["result"]
    assert out["info"]["proven"] == want
    assert out["actions"] == texts(b, sol.actions) == out["info"]["best"]
    job = call("ai_start", {"position": text, "level": "master", "nodes": 50_000, "seed": 2})["result"]["job"]
    steps = 0
    while True:
        r = call("ai_step", {"job": job, "slice_ms": 0.01})["result"]
        steps += 1
        if r["done"]:
            break
    assert steps > 1 and r["info"]["proven"] == want and r["actions"] == out["actions"]
    # The hint asks the strong level with the solver on.
    out = call("ai_move", {"position": text, "level": "strong", "solve": True, "seed": 2})["result"]
    assert out["info"]["proven"] == want
    out = call("ai_move", {"position": text, "level": "strong", "seed": 2})["result"]
    assert "proven" not in out["info"]


@pytest.mark.parametrize("bad", ["yes", 1, 0, [True]])
def test_solve_must_be_true_or_false(bad):
    r = call("ai_start", {"position": PROVEN[0], "level": "expert", "solve": bad})
    assert r["error"]["kind"] == "BadParams" and "solve" in r["error"]["message"]


def test_a_proven_loss_plays_the_slowest_one():
    lost = 0
    for text in PROVEN:
        b = Position.from_text(text).board()
        sol = solve(b)
        if sol.result == "loss":
            lost += 1
            actions, info = run_think(b, "expert", seed=0, nodes=100_000)
            assert info["proven"] == {"result": "loss", "turns": sol.turns} and actions == sol.actions
    assert lost >= 1


def test_cli_stats_say_when_the_result_is_proven():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "tzaar", "ai", PROVEN[0], "--level", "expert", "--nodes", "5000", "--stats"],
        capture_output=True, text=True, check=True,
    )
    b = Position.from_text(PROVEN[0]).board()
    sol = solve(b)
    assert out.stdout.split() == texts(b, sol.actions)
    assert out.stderr.strip().endswith(f"proven loss in {sol.turns} turns")


def test_a_time_budget_bounds_the_solver_even_with_nodes():
    # A position the solver needs ~20,000 nodes for: with a tiny time budget and a large
    # node budget, the answer comes within the time (the solver's share, then the search).
    import time as clock

    text = "...../ZTZ2.../......./.......T/.tt...Tt/a......./...TA.A/....../at.z2A w2"
    b = Position.from_text(text).board()
    t0 = clock.perf_counter()
    actions, info = run_think(b, "expert", seed=0, seconds=0.2, nodes=1_000_000)
    assert actions and "proven" not in info
    assert clock.perf_counter() - t0 < 2.0  # loose: a loaded machine; unbounded it takes seconds


#: 23 stacks, from a game against the native engine: Black wins in 3 turns, proven in about
#: 200 nodes.
AT_23 = "t3..AT/..aa.A2/T..z2..T/TZ5.....T/T.z..T2../......a./..z..aa4/.t3..../.TT.T b1"


def test_above_solve_stacks_the_search_answers_and_the_solver_only_when_set_to_reach_that_far(monkeypatch):
    from tzaar.ai import players, solver

    b = Position.from_text(AT_23).board()
    sol = solve(b)
    assert sol.result == "win" and sol.turns == 3 and not worth_trying(b)
    _, info = run_think(b, "expert", seed=1, nodes=20 * sol.nodes)
    assert "proven" not in info  # 23 stacks: the search answers
    monkeypatch.setattr(solver, "SOLVE_STACKS", 24)
    actions, info = run_think(b, "expert", seed=1, nodes=4 * sol.nodes)
    assert info["proven"] == sol.info() and actions == sol.actions
    # Its share of a node budget is SOLVE_SHARE: just under what the proof needs, no proof.
    _, info = run_think(b, "expert", seed=1, nodes=int(sol.nodes / players.SOLVE_SHARE) - 10)
    assert "proven" not in info
