"""Expert's time rules (tzaar/ai/timing.py): when a timed search stops early or runs longer.

The rules are pure decisions on the depths a search reports and a clock value, so they are
tested with made-up clocks; their effect on time and strength is measured in BENCHMARKS.md
(``python -m lab.bench_time``, a match against expert-v2), not here.
"""

from engine_helpers import check_turn, playout

from tzaar.ai import players, timing
from tzaar.ai.players import LEVELS, run_think, think
from tzaar.ai.search import MATE_BOUND
from tzaar.rules.notation import action_texts
from tzaar.rules.position import Position

A, B = 100, 200  # two root actions (any ints)


def plan(part="only", seconds=1.0):
    return timing.TimePlan.for_action(0.0, seconds, part, 0.0)


def test_the_parts_of_a_turn_get_their_shares_and_only_the_first_may_grow():
    first = timing.TimePlan.for_action(10.0, 2.0, "first", 10.0)
    assert (first.deadline, first.longest) == (10.0 + 2.0 * timing.FIRST_TIME, 10.0 + 2.0 * timing.FIRST_TIME * timing.EXTEND)
    second = timing.TimePlan.for_action(10.0, 2.0, "second", 10.5)  # the first stopped early
    assert second.deadline == second.longest == 10.5 + 2.0 * timing.SECOND_MIN
    # The second action's search neither stops early nor grows: its plain deadline only.
    for depth in range(1, 8):
        assert not second.settled(depth, A if depth < 4 else B, -1000 * depth, 10.5 + 0.01 * depth)
    assert second.deadline == 10.5 + 2.0 * timing.SECOND_MIN
    assert second.settled(8, B, 0, second.deadline)
    only = timing.TimePlan.for_action(10.0, 2.0, "only", 10.0)
    assert (only.deadline, only.longest) == (12.0, 10.0 + 2.0 * timing.EXTEND)


def test_a_settled_best_action_stops_once_enough_time_is_spent():
    p = plan()
    early = timing.STOP_SHARE * 0.5
    for depth in range(1, timing.LATE_DEPTH):
        assert not p.settled(depth, A, 0, early)  # not deep enough yet
    assert not p.settled(timing.LATE_DEPTH, A, 0, early)  # settled, but too early
    late = timing.STOP_SHARE + 0.01
    assert p.settled(timing.LATE_DEPTH + 1, A, 0, late)


def test_a_shallow_agreement_does_not_stop_the_search():
    p = plan()
    assert not any(p.settled(depth, A, 0, 0.9) for depth in range(1, timing.LATE_DEPTH))
    assert p.deadline == 1.0


def test_a_late_change_of_the_best_action_takes_up_to_half_again():
    p = plan()
    for depth in range(1, timing.LATE_DEPTH):
        p.settled(depth, A, 0, 0.1)
    assert not p.settled(timing.LATE_DEPTH, B, 0, 0.9)
    assert p.deadline == p.longest == timing.EXTEND
    assert p.settled(timing.LATE_DEPTH + 1, B, 0, 1.1)  # settled again, and past its plain time
    assert p.deadline == 1.0
    q = plan()
    for depth in range(1, timing.LATE_DEPTH):
        q.settled(depth, A, 0, 0.1)
    assert q.settled(timing.LATE_DEPTH, B, 0, timing.EXTEND)  # past even the longest


def test_a_fall_of_the_score_is_measured_from_the_same_place_in_the_turn_cycle():
    p = plan()
    scores = [0, 1000, 0, -1000]  # the usual swing of the depths of two turns: no fall
    for depth, score in enumerate(scores, 1):
        p.settled(depth, A, score, 0.1)
    assert not p.unsettled() and p.deadline == 1.0
    assert not p.settled(5, A, -timing.DROP, 0.2)  # depth 5 against depth 1
    assert p.unsettled() and p.deadline == p.longest


def test_the_rules_manage_only_expert_and_master_and_a_turns_budget(monkeypatch):
    assert timing.managed(LEVELS["expert"], 3.0) and timing.managed(LEVELS["master"], 10.0)
    assert not timing.managed(LEVELS["strong"], 3.0)
    assert not timing.managed(LEVELS["expert"], 3600)  # the analysis's hour runs until stopped
    monkeypatch.setattr(timing, "ENABLED", False)
    assert not timing.managed(LEVELS["expert"], 3.0)


def test_a_node_budget_is_never_managed(monkeypatch):
    def refuse(*args):
        raise AssertionError("a node budget was managed")

    monkeypatch.setattr(timing.TimePlan, "for_action", refuse)
    p = playout(Position.standard(), 3, 11)
    check_turn(p, action_texts(_run(p, "expert", None, 500)[0], p.board()))


def _run(p, level, seconds, nodes):
    infos = []
    actions, _ = run_think(p.board(), level, 1, seconds, nodes, infos=infos)
    return actions, infos


def test_a_settled_search_stops_there_and_restores_the_board(monkeypatch):
    # A plan that calls every search settled after its depth 2 (a long budget otherwise).
    class AtDepth2(timing.TimePlan):
        def settled(self, depth, best, score, now):
            return depth >= 2

    monkeypatch.setattr(players, "TimePlan", AtDepth2)
    p = playout(Position.standard(), 3, 11)
    board = p.board()
    before = board.text()
    gen = think(board, "expert", 1, 60.0, None)
    infos = []
    while True:
        try:
            x = next(gen)
        except StopIteration as stop:
            actions = stop.value
            break
        if x is not None:
            infos.append(x)
    assert board.text() == before
    check_turn(p, action_texts(actions, p.board()))
    assert max(i["depth"] for i in infos) == 2


def test_one_legal_action_is_answered_at_once():
    # B3xB5 is Black's one legal action (22 stacks: no solver); the second action is searched.
    p = Position.from_text(".Z2.TZ/.T3z.AT2/......./...Z3..../...z...a/...t..../a2.tT3.aa2/...A3../z2.T3.. b1")
    assert len(p.legal_actions()) == 1
    actions, infos = _run(p, "expert", 1.0, None)
    first = [i for i in infos if len(i["best"]) == 1]
    assert first and all(i["depth"] == 1 and i["nodes"] == 0 for i in first)
    assert action_texts(actions, p.board())[0] == "B3xB5"
    check_turn(p, action_texts(actions, p.board()))


def test_a_proven_result_is_played_at_once():
    # A win in 3 turns the solver proves (tests/data/tactics.txt): no search follows.
    p = Position.from_text(".t..a2/...t../.A..t.T/......Z./a2..T2..../...A...Z2/......./.T.T../..z2.. b2")
    actions, infos = _run(p, "expert", 60.0, None)
    assert infos[-1]["proven"] == {"result": "win", "turns": 3} and infos[-1]["score"] > MATE_BOUND
    assert len(infos) == 1
    check_turn(p, action_texts(actions, p.board()))
