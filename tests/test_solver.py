"""The endgame solver against a plain exhaustive minimax over turns written here.

The reference below shares nothing with the solver but the rules engine's move
generation (``Board.moves``/``do``/``undo``/``winner``, itself checked against
``tests/reference.py``): no alpha-beta, no iterative deepening, no tables but a memo of
exact values, so it is slow and obvious.  Positions come from random games played to the
end from random setups (every position reached by legal actions, and re-read through
``Position.from_text``).
"""


import pytest
from engine_helpers import LONGER, build, endgame_positions

from tzaar.rules.notation import Action
from tzaar.rules.position import Position
from tzaar.ai.solver import (
    LOSS, SOLVE_STACKS, WIN, Solution, Solver, SolverLimit, solve, stacks_left, winning_actions, worth_trying,
)
from tzaar.ai.solver_moves import captures_first, may_win_at_once, quick_win_at_once
from tzaar.rules.board import PASS


# ---------------------------------------------------------------------- the reference


def _rank(result, turns):
    """Order of preference: any win beats any loss; fast wins, slow losses."""
    return (1, -turns) if result == WIN else (0, turns)


def exact(b, memo):
    """(result, turns) for the side to move of a board whose game goes on: every action
    of the turn tried, the enemy's exact value after it taken from the recursion."""
    key = (tuple(b.cells), b.side, b.step)
    if key in memo:
        return memo[key]
    side = b.side
    best = None
    for a in b.moves():
        b.do(a)
        w = b.winner()
        if w is not None:
            v = (WIN if w == side else LOSS, 1)
        elif b.side == side:
            v = exact(b, memo)
        else:
            r, k = exact(b, memo)
            v = (LOSS if r == WIN else WIN, k + 1)
        b.undo()
        if best is None or _rank(*v) > _rank(*best):
            best = v
    memo[key] = best
    return best


def value_after(b, actions, memo):
    """The mover's (result, turns) when it plays ``actions`` (the rest of its turn)."""
    side = b.side
    for a in actions:
        assert b.winner() is None and b.side == side
        assert a in b.moves()
        b.do(a)
    try:
        w = b.winner()
        assert w is not None or b.side != side, "the actions must end the turn"
        if w is not None:
            return (WIN if w == side else LOSS, 1)
        r, k = exact(b, memo)
        return (LOSS if r == WIN else WIN, k + 1)
    finally:
        for _ in actions:
            b.undo()


# ---------------------------------------------------------------------- positions


def test_solver_matches_exhaustive_minimax_on_random_endgames():
    positions = []
    for seed in range(30):
        positions += endgame_positions(seed, 11, 5)
    assert len(positions) >= 60
    memo = {}
    seen = set()
    for text in positions:
        p = Position.from_text(text)  # the rules engine accepts it
        b = p.board()
        before = b.text()
        want = exact(b, memo)
        sol = solve(b)
        assert b.text() == before and b.ply == 0
        assert sol is not None, text
        assert (sol.result, sol.turns) == want, text
        # The actions achieve the proven result (the fastest win, the slowest loss).
        assert value_after(b, sol.actions, memo) == want, (text, sol.actions)
        assert sol.result == WIN or sol.turns % 2 == 0
        seen.add(want)
    # The sample is varied: wins and losses of several lengths.
    assert {(WIN, 1), (LOSS, 2), (WIN, 3)} <= seen, seen


@pytest.mark.parametrize("text", LONGER)
def test_longer_results_match_exhaustive_minimax(text):
    b = Position.from_text(text).board()
    memo = {}
    want = exact(b, memo)
    assert want[1] >= 4
    sol = solve(b)
    assert (sol.result, sol.turns) == want
    assert value_after(b, sol.actions, memo) == want


def test_sliced_run_gives_the_same_solution_as_one_call():
    for text in LONGER + endgame_positions(101, 14, 10)[:6]:
        b = Position.from_text(text).board()
        whole = solve(b)
        if whole.nodes < 50:
            continue
        s = Solver(b, slice_nodes=7)
        gen = s.run()
        slices = 0
        while True:
            try:
                assert next(gen) is None
                slices += 1
                assert b.text() == text  # the board is restored between slices
            except StopIteration as stop:
                sliced = stop.value
                break
        assert (sliced.result, sliced.turns, sliced.actions) == (whole.result, whole.turns, whole.actions)
        # Small slices: the size grows to a few times the path back to the root.
        assert slices >= whole.nodes // 200 and slices > 0 and s.nodes >= whole.nodes
        assert s.solution == sliced and b.text() == text


def test_budget_too_small_gives_none_and_restores_the_board():
    text = endgame_positions(7, 20, 18)[0]
    b = Position.from_text(text).board()
    s = Solver(b, max_nodes=10, slice_nodes=3)
    gen = s.run()
    got = "running"
    while got == "running":
        try:
            next(gen)
        except StopIteration as stop:
            got = stop.value
    assert got is None and s.nodes <= 10
    assert b.text() == text and b.ply == 0
    assert solve(b, max_nodes=10) is None


# ---------------------------------------------------------------------- hand-checked


def _codes(b, texts):
    return [Action.from_text(t).code() for t in texts]


def test_win_in_one_by_taking_the_last_tzaar():
    # White's tott on A1 takes Black's only Tzaar on A2 at once.
    text = build({"A1": "T", "A2": "z", "C1": "A", "C3": "Z", "I1": "a", "I3": "t", "G1": "t"}, "w1")
    b = Position.from_text(text).board()
    sol = solve(b)
    assert sol == Solution(WIN, 1, _codes(b, ["A1xA2"]), sol.nodes)
    assert sol.info() == {"result": "win", "turns": 1}


def test_win_in_one_at_step_two_by_starving_the_enemy():
    # White (second action due) can capture Black's only attacker of White's stacks, so
    # that Black has no capture at the start of its turn.
    text = build({"A1": "Z2", "A2": "t", "A5": "a", "C1": "A", "C3": "T", "E1": "z", "E4": "T2"}, "w2")
    p = Position.from_text(text)
    b = p.board()
    memo = {}
    want = exact(b, memo)
    sol = solve(b)
    assert want == (WIN, 1)
    assert (sol.result, sol.turns) == want
    assert value_after(b, sol.actions, memo) == (WIN, 1)


def test_no_capture_at_the_start_is_a_loss_in_zero_turns():
    text = build({"A1": "Z", "A3": "A", "A5": "T", "I1": "z", "I3": "a", "I5": "t"}, "w1")
    b = Position.from_text(text).board()
    assert b.winner() is not None
    assert solve(b) == Solution(LOSS, 0, [], 0)


def test_covering_the_own_last_type_is_never_chosen_and_pass_saves():
    # White at step 2: stacking A1-A2 covers White's only Tott (a loss at once); every
    # other choice must be preferred, and the solver's line must not be that stacking.
    text = build({"A1": "Z", "A2": "T", "A4": "A", "C1": "z3", "C4": "a", "E1": "t", "G1": "z"}, "w2")
    b = Position.from_text(text).board()
    memo = {}
    cover = _codes(b, ["A1-A2"])[0]
    assert cover in b.moves() and b.loses_type(cover)
    assert value_after(b, [cover], memo) == (LOSS, 1)
    want = exact(b, memo)
    sol = solve(b)
    assert (sol.result, sol.turns) == want
    assert cover not in sol.actions
    assert value_after(b, sol.actions, memo) == want


def turn_values(b, memo, prefix=()):
    """Every rest-of-turn sequence of the side to move with its (result, turns)."""
    side = b.side
    out = []
    for a in b.moves():
        b.do(a)
        more = b.winner() is None and b.side == side
        if more:
            out += turn_values(b, memo, prefix + (a,))
        b.undo()
        if not more:
            out.append((prefix + (a,), value_after(b, [a], memo)))
    if prefix:
        return out
    return out


def test_the_slowest_loss_is_chosen():
    # Lost positions where some turns lose faster than others (in 1 turn by covering the
    # own last type, in 2, or in 4): the solver's turn loses in the full number.
    choices = 0
    for text in LONGER:
        b = Position.from_text(text).board()
        memo = {}
        want = exact(b, memo)
        if want[0] != LOSS:
            continue
        values = {v for _, v in turn_values(b, memo)}
        assert want in values and max(values, key=lambda v: _rank(*v)) == want
        if len(values) >= 2:
            choices += 1
            sol = solve(b)
            assert value_after(b, sol.actions, memo) == want
    assert choices >= 4


def test_worth_trying_counts_stacks():
    b = Position.standard().board()
    assert stacks_left(b) == 60 and not worth_trying(b)
    text = build({"A1": "Z", "A2": "t", "A5": "a", "C1": "A", "C3": "T", "E1": "z"}, "w1")
    b = Position.from_text(text).board()
    assert stacks_left(b) == 6 and worth_trying(b) and not worth_trying(b, 5)
    assert SOLVE_STACKS >= 10
    assert not worth_trying(Position.tournament().board())
    assert solve(Position.tournament().board()) is None


def _value_of_first(b, a, memo):
    """The mover's (result, turns) after its action ``a`` and its best play from there."""
    side = b.side
    b.do(a)
    try:
        w = b.winner()
        if w is not None:
            return (WIN if w == side else LOSS, 1)
        if b.side == side:
            return exact(b, memo)
        r, k = exact(b, memo)
        return (LOSS if r == WIN else WIN, k + 1)
    finally:
        b.undo()


def test_winning_actions_are_exactly_the_first_actions_that_keep_the_win():
    memo = {}
    checked = 0
    for text in LONGER + endgame_positions(3, 11, 5) + endgame_positions(4, 11, 5):
        b = Position.from_text(text).board()
        want = exact(b, memo)
        if want[0] != WIN:
            continue
        for turns in {want[1], want[1] + 2}:
            good = winning_actions(b, turns)
            assert b.text() == text and b.ply == 0
            expected = [a for a in b.moves() if (v := _value_of_first(b, a, memo))[0] == WIN and v[1] <= turns]
            assert sorted(good) == sorted(expected), (text, turns)
            assert good
        checked += 1
    assert checked >= 5
    b = Position.from_text(LONGER[0]).board()
    assert winning_actions(b, 9, max_nodes=2) is None and b.text() == LONGER[0]


def test_questions_asked_one_by_one_agree_with_the_exact_result():
    memo = {}
    checked = 0
    for text in LONGER + endgame_positions(3, 11, 5):
        b = Position.from_text(text).board()
        result, turns = exact(b, memo)
        s = Solver(b)
        if result == WIN:
            assert s.wins_within(turns) and not s.wins_within(turns - 2) and not s.loses_within(turns + 1)
        else:
            assert s.loses_within(turns) and not s.loses_within(turns - 2) and not s.wins_within(turns + 1)
        assert b.text() == text and b.ply == 0
        checked += 1
    assert checked >= 5
    b = Position.from_text(LONGER[0]).board()
    with pytest.raises(SolverLimit):
        Solver(b, max_nodes=2).wins_within(9)
    assert b.text() == LONGER[0] and b.ply == 0


def _second_actions():
    """(board at its second action, the actions that win at once there) in the endgames of
    eight seeded games, every first action of each turn tried; the board is restored after."""
    for seed in range(1, 9):
        for text in endgame_positions(seed, max_stacks=24, min_stacks=4, careful=0):
            b = Position.from_text(text).board()
            for first in b.moves() if b.step == 1 else []:
                b.do(first)
                if b.winner() is None and b.step == 2:
                    side = b.side
                    wins = []
                    for a in b.moves():
                        b.do(a)
                        if b.winner() == side:
                            wins.append(a)
                        b.undo()
                    yield b, wins
                b.undo()


def test_the_last_turns_second_actions_skip_only_actions_that_cannot_win_at_once():
    # solver_moves.may_win_at_once: every second action that ends the game in the mover's
    # favour at once is kept, in the order of the full list; most of the others go.
    kept = total = winners = 0
    for b, wins in _second_actions():
        full = captures_first(b) + b._moves(True) + [PASS]
        cand = may_win_at_once(b)
        assert set(wins) <= set(cand)
        assert cand == [a for a in full if a in set(cand)]  # the same order
        kept += len(cand)
        total += len(full)
        winners += len(wins)
    assert winners >= 20 and kept < total / 3, (winners, kept, total)


def test_the_quick_verdict_on_the_last_turn_is_right_and_decides_most():
    # solver_moves.quick_win_at_once: an action it returns wins at once; a list holds every
    # action that wins at once (to be played to tell); most of the time it is a winning
    # action or [] without a list of the actions, and its lists are short.
    asked = won = lost = listed = 0
    for b, wins in _second_actions():
        quick = quick_win_at_once(b)
        asked += 1
        if isinstance(quick, int):
            assert quick in wins
            won += 1
        else:
            assert set(wins) <= set(quick) <= set(b.moves()) and len(set(quick)) == len(quick)
            assert len(quick) <= len(may_win_at_once(b))
            lost += not quick
            listed += len(quick)
    assert won >= 100 and lost >= 100 and won + lost > 0.8 * asked and listed < asked, (won, lost, listed, asked)
