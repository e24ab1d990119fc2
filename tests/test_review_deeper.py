"""The review's two passes: a first pass at the review's budget finds the candidates, and a
mark stands only when a deeper look (the endgame solver where few stacks are left, else ten
times the budget) agrees; the mark's size and its better turn come from the deeper look.

The positions come from the marks a deeper look did not confirm (lab/data/marks/before.json:
Master at 475,000 nodes after both turns, and the exact solver), each reviewed as the turn
alone at the command line's 3,000 nodes.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest

from tzaar import Position
from tzaar.ai import players, review_looks, search
from tzaar.ai.review import DEEP, SOLVE, SOLVE_STACKS, Review, review_game
from tzaar.ai.review_pieces import DEEP_BEST, DEEP_HINT, DEEP_PLAYED, MAIN, PROOF, DeeperLook, FirstPass, Proofs
from tzaar.ai.review_marks import MISTAKE, judge_deeply, markable
from tzaar.ai.review_values import Evaluation, Look
from tzaar.ai.search import MATE
from tzaar.ai.solver import solve, stacks_left
from tzaar.records.either import read_any_record
from tzaar.rules.turns import group_turns

from engine_helpers import build

DATA = Path(__file__).parent / "data"
NODES = 3000
# White to move takes Black's only Tzaar with F6xD5; G6xG3 pass lets D5xF6 take White's only Tzaar.
IN_ONE = build({"F6": "Z", "C6": "A", "G6": "T", "D5": "z", "H2": "a", "G3": "t", "H5": "t"}, "w1")
# mix3s-01-won turn 22, Black: the first pass says a mistake of 22.9 points (better B4xB5
# I1-H1); the turn played is a win in 6 turns (the solver, 87,000 nodes), the better a loss.
PLAYED_WINS = "...T./...z3AT/.....aT/......A./....T2.T./t2a.z4...t2/t....A2./t....t/a2...Z5 b1"
# lg-2552914 turn 22, Black: "mistake 16.5, better A2xA1 B1-A1"; after either turn White
# wins in 5 turns (the solver, 17,000 and 2,000 nodes).
SAME_RESULT = "AtZ6.T/z6...../..a...T/.......T/a.....zt/..A.A2..T/z.t..../T.t.../a.... b1"
# A game of Beginner against itself (lab.review_cost --beginner 1011), turn 21, White: the first
# pass says a mistake; the solver proves White wins in 3 turns before it and in 4 after it.
PROOFS_SETTLE = "....T/Taat3../T.A3..../T.at.A../.T2.....t/....z3A2../.Z4...../t2...../t.Tt3t w1"
# std1s-03-lost turn 17, White (29 stacks: no solver): "mistake 24.6, better I3xF3 B1-C1";
# Master gives the turn played 84% and the better one 57%.
SEARCH_DISAGREES = "...t2T/T.a.A./T.....T/T..t3..../Taz2...../t.zT..../ta.T2.aZ5/tA2.zAt/t.TTT w1"


def won(chance: float) -> Evaluation:
    """An evaluation (White's side) of a proven win of White (1.0) or Black (0.0)."""
    return Evaluation.of(MATE - 5 if chance else 5 - MATE, 0)


def chance(p: float) -> Evaluation:
    """An evaluation whose White chance is about ``p``, not proven."""
    return Evaluation(int(p * 1000), None, p)


def one_turn(position: str, played: list, nodes: int = NODES):
    return review_game(Position.from_text(position), played, nodes).turns[0]


def first_pass(position: str, played: list, nodes: int = NODES):
    return review_game(Position.from_text(position), played, nodes, deep=False).turns[0]


# ---------------------------------------------------------------------- the rules, alone


def test_the_mark_its_size_and_its_better_turn_come_from_the_deeper_look():
    played = ["A1xA2"]
    engine, hint = (["B1xB2"], Look(chance(0.62), ["C1xC2"])), (["D1xD2"], Look(chance(0.85), ["E1xE2"]))
    # White's turn leaves 0.40; the engine's turn 0.62 (a mistake), the Hint's 0.85 (a blunder)
    j = judge_deeply(0, played, Look(chance(0.40), ["F1xF2"]), [engine, hint])
    assert (j.loss, j.mark, j.best, j.better_reply) == (45.0, "blunder", ["D1xD2"], ["E1xE2"])
    j = judge_deeply(0, played, Look(chance(0.40), ["F1xF2"]), [engine])
    assert (j.loss, j.mark, j.best) == (22.0, "mistake", ["B1xB2"])
    # for Black the chances are read from Black's side
    j = judge_deeply(1, played, Look(chance(0.60), []), [(["B1xB2"], Look(chance(0.30), []))])
    assert (j.loss, j.mark) == (30.0, "blunder")


def test_a_candidate_is_dropped_when_the_deeper_look_disagrees():
    played = ["A1xA2"]
    # the better turn is better by less than a mistake: no mark, but it stays the better turn
    j = judge_deeply(0, played, Look(chance(0.50), ["F1xF2"]), [(["B1xB2"], Look(chance(0.50 + (MISTAKE - 1) / 100), ["C1xC2"]))])
    assert (j.mark, j.loss, j.best) == (None, MISTAKE - 1.0, ["B1xB2"])
    # the turn played is the better one: no mark, no better turn, no loss
    j = judge_deeply(0, played, Look(chance(0.70), ["F1xF2"]), [(["B1xB2"], Look(chance(0.40), ["C1xC2"]))])
    assert (j.mark, j.loss, j.best, j.better_reply) == (None, 0.0, played, ["F1xF2"])


def test_a_turn_after_which_the_mover_is_proven_to_win_is_never_a_mistake():
    j = judge_deeply(0, ["A1xA2"], Look(won(1), []), [(["B1xB2"], Look(won(1), []))])
    assert (j.mark, j.loss, j.best) == (None, 0.0, ["A1xA2"])
    j = judge_deeply(1, ["A1xA2"], Look(won(0), []), [(["B1xB2"], Look(chance(0.01), []))])
    assert (j.mark, j.loss) == (None, 0.0)


def test_a_turn_no_other_can_beat_by_a_mistake_needs_no_better_turn():
    # a proven win of the mover, or so much left that even a proven win is less than a mistake better
    assert not markable(0, won(1)) and not markable(1, won(0))
    assert not markable(0, chance(1 - (MISTAKE - 0.1) / 100)) and not markable(1, chance((MISTAKE - 0.1) / 100))
    assert markable(0, chance(1 - MISTAKE / 100)) and markable(1, chance(MISTAKE / 100))
    assert markable(0, won(0)) and markable(1, chance(0.5))
    for side, after in ((0, won(1)), (1, chance(0.1))):
        j = judge_deeply(side, ["A1xA2"], Look(after, ["F1xF2"]), [])  # no better turn looked at
        assert (j.mark, j.loss, j.best, j.better_reply) == (None, 0.0, ["A1xA2"], ["F1xF2"])


def test_no_mark_where_both_turns_lead_to_the_same_proven_result():
    j = judge_deeply(0, ["A1xA2"], Look(won(0), []), [(["B1xB2"], Look(won(0), []))])
    assert (j.mark, j.loss, j.best) == (None, 0.0, ["A1xA2"])
    # a thrown-away proven win is still a blunder
    j = judge_deeply(0, ["A1xA2"], Look(won(0), []), [(["B1xB2"], Look(won(1), []))])
    assert (j.mark, j.loss) == ("blunder", 100.0)


# ---------------------------------------------------------------------- the rules, in reviews


def test_a_candidate_is_kept_when_the_deeper_look_agrees():
    assert first_pass(IN_ONE, ["G6xG3", "pass"]).mark == "blunder"
    turn = one_turn(IN_ONE, ["G6xG3", "pass"])
    assert (turn.mark, turn.loss, turn.best, turn.reply) == ("blunder", 100.0, ["F6xD5"], ["D5xF6"])


def test_a_proven_win_of_the_mover_is_never_marked_in_a_review():
    position = Position.from_text(PLAYED_WINS)
    after = position.play(["B4xB5", "I1-F4"])
    assert stacks_left(after.board()) <= SOLVE_STACKS
    assert solve(after.board(), max_nodes=SOLVE * NODES).result == "loss"  # White, to move, loses
    assert first_pass(PLAYED_WINS, ["B4xB5", "I1-F4"]).mark == "mistake"
    turn = one_turn(PLAYED_WINS, ["B4xB5", "I1-F4"])
    assert turn.mark is None and turn.loss == 0.0
    assert turn.after.mate is not None and turn.after.score < 0  # shown as Black's win


def test_the_better_turns_are_not_looked_at_deeper_after_a_proven_win_of_the_mover():
    review = Review(Position.from_text(PLAYED_WINS), ["B4xB5", "I1-F4"], NODES)
    assert review.step(float("inf")).done
    assert (DEEP_PLAYED, 0) in review.looks and review.looks[DEEP_PLAYED, 0].evaluation.mate is not None
    assert not any(kind in (DEEP_BEST, DEEP_HINT) for kind, _ in review.looks)  # not searched
    turn = review.result().turns[0]
    assert (turn.mark, turn.loss, turn.best) == (None, 0.0, ["B4xB5", "I1-F4"])


def test_a_review_gives_no_mark_where_both_turns_lead_to_the_same_proven_result():
    first = first_pass(SAME_RESULT, ["B1xA1", "A1-C3"])
    assert first.mark == "mistake" and first.best == ["A2xA1", "B1-A1"]
    position = Position.from_text(SAME_RESULT)
    for turn in (["B1xA1", "A1-C3"], first.best):
        assert solve(position.play(turn).board(), max_nodes=SOLVE * NODES).result == "win"  # White's
    turn = one_turn(SAME_RESULT, ["B1xA1", "A1-C3"])
    assert turn.mark is None and turn.loss == 0.0


def test_a_candidate_the_proofs_settle_gets_no_deeper_look():
    played = ["B1xD3", "C3-D3"]
    assert first_pass(PROOFS_SETTLE, played).mark is not None
    review = Review(Position.from_text(PROOFS_SETTLE), played, NODES)
    assert review.step(float("inf")).done
    assert review.looks[PROOF, 1].evaluation.mate > 0  # White, the mover, proven to win after the turn
    assert not any(kind.startswith("deep") for kind, _ in review.looks)
    turn = review.result().turns[0]
    assert (turn.mark, turn.loss, turn.best) == (None, 0.0, played)
    assert turn.reply == review.looks[PROOF, 1].turn and turn.after.mate is not None


def test_a_candidate_in_a_position_proven_lost_for_the_mover_gets_no_deeper_look():
    # every turn of a lost position leads to the same proven result: none is a mistake (the
    # proof given as a piece of the review is given it)
    played = ["G4xG2", "G2xE2"]
    assert first_pass(SEARCH_DISAGREES, played).mark == "mistake"
    lost = {(PROOF, 0): Look(won(0), ["G4xG2", "G2xE2"])}  # White to move, proven lost
    review = Review(Position.from_text(SEARCH_DISAGREES), played, NODES, looks=lost)
    assert review.step(float("inf")).done
    assert not any(kind.startswith("deep") for kind, _ in review.looks)
    turn = review.result().turns[0]
    assert (turn.mark, turn.loss, turn.best) == (None, 0.0, played)


def test_a_review_drops_a_mark_the_deeper_search_disagrees_with():
    position = Position.from_text(SEARCH_DISAGREES)
    assert stacks_left(position.play(["G4xG2", "G2xE2"]).board()) > SOLVE_STACKS  # no solver: the search
    first = first_pass(SEARCH_DISAGREES, ["G4xG2", "G2xE2"])
    assert first.mark == "mistake" and first.best == ["I3xF3", "B1-C1"]
    turn = one_turn(SEARCH_DISAGREES, ["G4xG2", "G2xE2"])
    assert turn.mark is None


def test_the_deeper_look_searches_ten_times_the_budget(monkeypatch):
    budgets = []
    original = review_looks.think

    def think(board, player, seed=0, seconds=None, nodes=None, solve=None):
        budgets.append((nodes, solve))
        return original(board, player, seed, seconds, nodes, solve)

    monkeypatch.setattr(review_looks, "think", think)
    review = Review(Position.from_text(SEARCH_DISAGREES), ["G4xG2", "G2xE2"], NODES)
    review.step(float("inf"))
    deeper = [key for key in review.looks if key[0].startswith("deep")]
    assert DEEP >= 10 and {DEEP_PLAYED, DEEP_BEST} <= {kind for kind, _ in deeper}
    assert budgets.count((DEEP * NODES, False)) == len(deeper)  # each its own search, no time limit


class SlowClock:
    """``time`` for the engine's modules on a machine where every reading of the clock
    comes a second after the one before."""

    def __init__(self):
        self.now = itertools.count()

    def perf_counter(self) -> float:
        return float(next(self.now))


def test_a_review_gives_the_same_marks_on_a_slow_machine(monkeypatch):
    quick = review_game(Position.from_text(SEARCH_DISAGREES), ["G4xG2", "G2xE2"], NODES)
    slow = SlowClock()
    monkeypatch.setattr(players, "time", slow)
    monkeypatch.setattr(search, "time", slow)
    assert review_game(Position.from_text(SEARCH_DISAGREES), ["G4xG2", "G2xE2"], NODES) == quick


# ---------------------------------------------------------------------- the chances shown


def white_wins(position: Position, nodes: int):
    """Whether White wins ``position`` by the solver's proof (None: not proven)."""
    sol = solve(position.board(), max_nodes=nodes)
    return None if sol is None else (sol.result == "win") == (position.side == 0)


def test_a_position_the_solver_proves_is_shown_proven():
    # lg-2558925 from turn 21 on: the first pass sees White at 52% after Black's turn 22; the
    # solver proves it a win of White
    record = read_any_record((DATA / "lg-2558925.sgf").read_text(encoding="utf-8"))
    turns = group_turns(record.start, record.actions)
    position = record.start.play([a for t in turns[:20] for a in t.actions])
    actions = [a for t in turns[20:] for a in t.actions]
    first = review_game(position, actions, NODES, deep=False)
    shown = review_game(position, actions, NODES)
    after = position.play([a for t in turns[20:22] for a in t.actions])
    assert first.evals[2].mate is None and 0.5 < first.evals[2].chance < 1
    assert white_wins(after, DEEP * NODES) is True
    assert shown.evals[2].mate is not None and shown.evals[2].chance == 1.0
    # every position the review shows proven, the solver proves the same
    for k, ev in enumerate(shown.evals):
        at = position.play([a for t in turns[20 : 20 + k] for a in t.actions])
        if ev.mate is not None and at.winner is None:
            assert white_wins(at, SOLVE * NODES) == (ev.score > 0)


# ---------------------------------------------------------------------- pieces run apart


@functools.lru_cache(maxsize=None)
def strong_casual_reviewed_whole(nodes: int):
    """(the record, its review run whole): the same for each number of parts below."""
    record = read_any_record((DATA / "explained" / "engine-strong-casual.txt").read_text(encoding="utf-8"))
    return record, review_game(record.start, record.actions, nodes)


@pytest.mark.parametrize("parts", [1, 3])
def test_a_review_put_together_from_pieces_is_the_review_run_whole(parts):
    nodes = 800
    record, whole = strong_casual_reviewed_whole(nodes)
    assert any(t.mark for t in whole.turns)

    def run(piece=None, looks=None):
        work = Review(record.start, record.actions, nodes, piece, looks)
        out = work.step(float("inf"))
        assert out.done
        return out.result

    looks, candidates = {}, []
    for part in range(parts):
        piece = run(FirstPass(part, parts))
        looks.update(piece.looks)
        candidates += piece.candidates
    assert candidates and not any(kind.startswith("deep") for kind, _ in looks)
    for k in candidates:
        looks.update(run(DeeperLook(k), {key: look for key, look in looks.items() if key[1] in (k, k + 1)}).looks)
    looks.update(run(Proofs()).looks)
    assert any(kind == PROOF for kind, _ in looks)
    together = Review(record.start, record.actions, nodes, looks=looks)
    assert together.step(0.0).done  # nothing left to search
    assert together.result() == whole
    assert together.looks == looks and (MAIN, len(together.turns)) in looks
