"""Every explanation of a set of reviewed games checked against the rules (issue 51): each
action it names is legal at that point of the line it describes, each capture it claims takes
the type it names, each "no capture" is true on the board, each "last" is the last.

The games (tests/data/explained/): two of the engine's own (Beginner against Strong, Strong
against Casual, 2,000 nodes a turn) and four of lab/data/vs-native-2026-11-25 (Expert against a native
engine), reviewed at a small budget (which marks more turns: more explanations to check), each
with its marks and with its first pass's (the candidates the deeper look confirms or drops).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from tzaar import Position
from tzaar.ai.review import review_game
from tzaar.ai.solver import solve
from tzaar.records.either import read_any_record
from tzaar.rules.geometry import POINT_NAMES
from tzaar.rules.notation import CAPTURE, COLOUR_NAMES, STACK, TYPE_NAMES, parse_action
from tzaar.rules.position import COVERED_OWN_TYPE, NO_CAPTURE
from tzaar.study.attacks import captures_of
from tzaar.study.explain import FEW_CAPTURES, SCARCE, SOLVE_NODES
from tzaar.study.explained_review import explain_review
from tzaar.study.explain_text import explanation_text

GAMES = sorted((Path(__file__).parent / "data" / "explained").glob("*.txt"))
NODES = 400
ACTION = re.compile(r"\b[A-I]\d[x-][A-I]\d\b|\bpass\b")
POINT = {name: i for i, name in enumerate(POINT_NAMES)}
TYPE = {name: i for i, name in enumerate(TYPE_NAMES)}
COLOUR = {name: i for i, name in enumerate(COLOUR_NAMES)}


def replay(position: Position, line: list) -> list:
    """``[(position before, action)]`` along ``line``, each action checked legal there."""
    out = []
    for text in line:
        assert position.winner is None, f"{text} after the game ended"
        assert position.is_legal(text), f"{text} is not legal in {position.text()}"
        action = parse_action(text)
        out.append((position, action))
        position = position.apply(action)
    return out


def at(steps: list, text: str):
    """The position before ``text`` in the replayed line."""
    found = [pos for pos, action in steps if action.text() == text]
    assert found, f"{text} is not in the line"
    return found[0]


def check_capture(pos: Position, text: str, colour: int, kind: int) -> None:
    action = parse_action(text)
    assert action.kind == CAPTURE
    taken = pos.stack_at(action.dst)
    assert taken.colour == colour and taken.kind == kind, f"{text} does not take a {TYPE_NAMES[kind]}"


def check_allowed(after: Position, reason: dict, side: int) -> None:
    """A reason of what the played turn allowed; ``after``: the position after that turn (the
    line starts there: the opponent's turn)."""
    p, code, line = reason["params"], reason["code"], reason["line"]
    by = 1 - side
    assert COLOUR[p["side"]] == side and COLOUR[p["by"]] == by
    steps = replay(after, line)
    end = after.play(line)
    if code == "takes-last":
        pos = at(steps, p["capture"])
        check_capture(pos, p["capture"], side, TYPE[p["type"]])
        assert pos.tops(side)[TYPE[p["type"]]] == 1, "not the last"
        assert end.winner == by
    elif code == "starves":
        assert p["turn"] == line and end.winner == by and end.step == 1 and end.side == side
        assert end.outcome().code == NO_CAPTURE and all(end.tops(side))
        assert not [a for a in end.board().captures()], "the starved side has a capture"
    elif code == "proven-loss":
        sol = solve(after.board(), max_nodes=SOLVE_NODES)
        assert sol is not None and sol.result == "win" and sol.turns == p["turns"] and after.side == by
    elif code == "takes-scarce":
        pos = at(steps, p["capture"])
        check_capture(pos, p["capture"], side, TYPE[p["type"]])
        assert parse_action(p["capture"]).dst == POINT[p["point"]]
        assert pos.tops(side)[TYPE[p["type"]]] - 1 == p["left"] < SCARCE
    elif code == "secures":
        pos = at(steps, p["action"])
        action = parse_action(p["action"])
        assert action.kind == STACK and pos.stack_at(action.src).colour == by
        made = pos.apply(action)
        stack = made.stack_at(POINT[p["point"]])
        assert stack.colour == by and stack.kind == TYPE[p["type"]]
        assert all(s.height < stack.height for s in made.stacks().values() if s.colour == side)
    elif code == "threatens":
        assert line and end.side == side and end.step == 1 and end.winner is None
        stack = end.stack_at(POINT[p["point"]])
        assert stack.colour == side and stack.kind == TYPE[p["type"]]
        assert end.stack_at(POINT[p["attacker"]]).colour == by
        assert POINT[p["point"]] in captures_of(end, by).get(POINT[p["attacker"]], [])
        assert end.tops(side)[stack.kind] == p["left"] <= SCARCE
    elif code == "few-captures":
        assert line and end.side == side and end.step == 1 and end.winner is None
        assert len([a for a in end.legal_actions() if a.kind == CAPTURE]) == p["left"] <= FEW_CAPTURES
    else:
        pytest.fail(f"unknown reason {code}")


def check_achieved(before: Position, reason: dict, side: int, best: list) -> None:
    """A reason of what the better turn achieved; its line starts before the turn."""
    p, code, line = reason["params"], reason["code"], reason["line"]
    by = 1 - side
    assert COLOUR[p["side"]] == side and COLOUR[p["by"]] == by
    assert line[: len(best)] == best or best[: len(line)] == line
    steps = replay(before, line)
    after = before.play(best)
    if code == "wins-type":
        pos = at(steps, p["capture"])
        check_capture(pos, p["capture"], by, TYPE[p["type"]])
        assert pos.tops(by)[TYPE[p["type"]]] == 1 and after.winner == side
    elif code == "wins-starve":
        assert after.winner == side and after.outcome().code == NO_CAPTURE
    elif code == "proven-win":
        sol = solve(after.board(), max_nodes=SOLVE_NODES)
        assert sol is not None and sol.result == "loss" and sol.turns + 1 == p["turns"]
    elif code == "removes-threat":
        pos = at(steps, p["capture"])
        check_capture(pos, p["capture"], by, TYPE[p["taken"]])
        threatened = POINT[p["point"]]
        assert threatened in captures_of(pos, by).get(parse_action(p["capture"]).dst, [])
        stack = pos.stack_at(threatened)
        assert stack.colour == side and stack.kind == TYPE[p["type"]]
        assert p["last"] == (pos.tops(side)[stack.kind] == 1)
    elif code == "takes-scarce":
        pos = at(steps, p["capture"])
        check_capture(pos, p["capture"], by, TYPE[p["type"]])
        assert pos.tops(by)[TYPE[p["type"]]] - 1 == p["left"] < SCARCE
    elif code == "secures":
        pos = at(steps, p["action"])
        made = pos.apply(p["action"])
        stack = made.stack_at(POINT[p["point"]])
        assert stack.colour == side and stack.kind == TYPE[p["type"]]
        assert all(s.height < stack.height for s in made.stacks().values() if s.colour == by)
    else:
        pytest.fail(f"unknown reason {code}")


@lru_cache(maxsize=None)
def reviewed(path: Path, deep: bool = True):
    """``(record, the explained review)`` of a game (each game reviewed once for the tests;
    ``deep`` False: its first pass's marks, the candidates)."""
    record = read_any_record(path.read_text(encoding="utf-8"))
    return record, explain_review(record.start, review_game(record.start, record.actions, NODES, deep=deep))


@pytest.mark.parametrize("deep", [True, False], ids=["marks", "candidates"])
@pytest.mark.parametrize("path", GAMES, ids=[g.stem for g in GAMES])
def test_every_explanation_is_true_on_the_board(path, deep):
    record, result = reviewed(path, deep)
    before = record.start
    explained = 0
    for turn, explanation in zip(result.review.turns, result.explanations):
        assert (explanation is None) == (turn.mark is None)
        if explanation:
            explained += 1
            side = turn.side
            after = before.play(turn.actions)
            for reason in explanation["reasons"]:
                if reason["code"] == "covers-last":
                    assert reason["params"]["action"] in turn.actions
                    outcome = after.outcome(turn.actions[-1])
                    assert outcome.code == COVERED_OWN_TYPE and outcome.kind == TYPE[reason["params"]["type"]]
                else:
                    check_allowed(after, reason, side)
            for reason in explanation["better"]:
                check_achieved(before, reason, side, turn.best)
            # every action the English names is the turn's, the better turn's or a line's
            named = set(turn.actions) | set(turn.best)
            for reason in explanation["reasons"] + explanation["better"]:
                named |= set(reason["line"])
            for sentence in explanation_text(explanation, turn.actions, turn.best):
                assert set(ACTION.findall(sentence)) <= named, sentence
        before = before.play(turn.actions)
    assert explained == sum(1 for t in result.review.turns if t.mark)
    marked = sorted((t for t in result.review.turns if t.mark), key=lambda t: -t.loss)
    assert [s.loss for s in result.summary] == [t.loss for t in marked[:5]]


def test_the_games_have_explanations_of_many_kinds():
    """The set is worth checking: across the games, reasons and better turns of many kinds."""
    kinds = set()
    for path in GAMES:
        for explanation in reviewed(path, False)[1].explanations:
            explanation = explanation or {"reasons": [], "better": []}
            kinds |= {("allowed", r["code"]) for r in explanation["reasons"]}
            kinds |= {("achieved", r["code"]) for r in explanation["better"]}
    assert len(kinds) >= 9, kinds
