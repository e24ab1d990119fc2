"""Each kind of reason of tzaar/study/explain.py on a position made for it, and its English
(tzaar/study/explain_text.py); tests/test_explain_check.py checks the reviews of whole games."""

from __future__ import annotations

from engine_helpers import IN_ONE

from tzaar import Position
from tzaar.study.explain import explain_turn, winning_turn
from tzaar.study.explain_text import explanation_text

# White to move; F6xD5 takes Black's only Tzaar; G6xG3 pass lets D5xF6 take White's only Tzaar.
TZAAR_LEFT = IN_ONE
# White to move: F4xF1 then F1xE2 takes Black's last Tzarra; F4xF1 B1-B5 leaves Black no
# capture; F4xF1 B1-I4 covers White's own last Tzarra.
STARVE = "..Z2../T...T./...z2.../.t2....../.a.....T/t2..T2..../......./....../...A. w1"
# Black to move, down to one Tzaar (I3) and one Tzarra (A5's taker A2 is White's last Tzarra).
THREAT = ".A..a2/...t../......t/......Z./a2..A3..../.......Z2/......./.T.T../..z2.. b1"
PROVEN_WIN = "..Z../..T..A3/......./.....T../..Z...../..ta2a..z2/......./t...../....t b1"
PROVEN_LOSS = "....z2/..t.../......./T......a/Ta2Z.Z2.t./A.T...../T...A../.....t/..T.. b1"
# From the engine's games (tests/data/explained/): Black to move.
SCARCE_GAME = "a..AZ/T...a3t/t...ATT2/.Z3...A2../t..A2..../..a...../T2t...../tT4.z6../tt.t2. b1"
SECURE_GAME = "TATZa/TtTAtZ/TTaAata/tzTttTzA/TTaAZaz./TAttaZTA/TAZZttt/Tztztz/TAtta b1"
FEW_GAME = "....z/T...a3./T....../T..t3..../T......./t2..T..../.....aZ5/A4...t./t.TTT w1"
THREAT_GAME = "ttttT/Ta.aAT/T.a..AT/TAZtT.AT/TAaz4t.at/t...Z2Zat/tT...at/t...At/t..A3T b1"
TZARRAS_GAME = "ttt.T/Taa.../TAZ..../.AZ...z4T/T2AZ..a.t/taA2t..Tt/t..ZZ.t/t..Aa2./t.T2.T b1"


def explained(position, played, best, reply=(), better_reply=()):
    pos = Position.from_text(position)
    explanation = explain_turn(pos, list(played), list(best), list(reply), list(better_reply))
    return explanation, explanation_text(explanation, list(played), list(best))


def codes(reasons):
    return [r["code"] for r in reasons]


def test_a_last_type_taken_and_the_win_missed():
    e, text = explained(TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xF6"])
    assert e["reasons"] == [{"code": "takes-last", "params": {"side": "white", "by": "black", "type": "tzaar", "capture": "D5xF6"}, "line": ["D5xF6"]}]
    assert e["better"] == [{"code": "wins-type", "params": {"side": "white", "by": "black", "type": "tzaar", "capture": "F6xD5"}, "line": ["F6xD5"]}]
    assert text == [
        "After G6xG3 pass, Black takes your last Tzaar with D5xF6 and you have no Tzaar left.",
        "F6xD5 would have taken Black's last Tzaar and won at once.",
    ]


def test_the_opponents_win_is_found_even_when_the_engine_expects_another_reply():
    # the reason rests on the turn that wins at once, not on the reply given
    e, _ = explained(TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xC6"])
    assert codes(e["reasons"]) == ["takes-last"] and e["reasons"][0]["line"] == winning_turn(Position.from_text(TZAAR_LEFT).play(["G6xG3", "pass"]))


def test_a_starving_win_missed_and_a_covered_last_type():
    e, text = explained(STARVE, ["F4xF1", "F1xE2"], ["F4xF1", "B1-B5"])
    assert codes(e["better"]) == ["wins-starve"] and text[-1] == "F4xF1 B1-B5 would have left Black with no capture and won at once."
    e, text = explained(STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "F1xE2"])
    assert codes(e["reasons"]) == ["covers-last"] and codes(e["better"]) == ["wins-type"]
    assert text[0] == "B1-I4 covers your own last Tzarra: that loses at once."


def test_starved_and_last_type_lost():
    e, text = explained(PROVEN_WIN, ["F3xE3", "F5xD6"], ["F3xE3", "E3xB3"])
    assert e["reasons"][0]["code"] == "starves" and e["reasons"][0]["params"]["turn"] == ["A3xD6", "B3xE3"]
    assert text[0] == "After F3xE3 F5xD6, White can leave you with no capture: A3xD6 B3xE3 starves you next turn."
    # a win by a type taken is named before a win by starving (White has both here)
    e, text = explained(THREAT, ["A5xA2", "C7xD7"], ["A5xA2", "I3xH4"])
    assert e["reasons"][0]["code"] == "takes-last"
    e, text = explained(THREAT, ["A5xA2", "I3xH4"], ["A5xA2", "C7xD7"])
    assert codes(e["reasons"]) == ["takes-last"] and e["reasons"][0]["params"]["type"] == "tzaar"


def test_proofs_of_the_endgame_solver():
    e, text = explained(PROVEN_WIN, ["F3xE3", "E3xB3"], ["F5xD6", "D6xA3"])
    assert e["better"][0]["code"] == "proven-win" and e["better"][0]["params"]["turns"] == 3
    assert "F5xD6 D6xA3 wins by force in 3 turns (proven by the endgame solver)." in text
    e, text = explained(PROVEN_LOSS, ["B3xE3", "D8xD1"], ["B3xE3", "E2xE1"])
    assert e["reasons"][0]["code"] == "proven-loss" and e["reasons"][0]["params"]["turns"] == 5
    assert text[0].startswith("After B3xE3 D8xD1, White wins by force in 5 turns (proven by the endgame solver), starting with ")


def test_scarce_types_taken_and_secured_stacks_from_the_engines_lines():
    e, text = explained(SCARCE_GAME, ["B5xC5", "C5-C1"], ["H4xH2", "B5-B6"], ["E4xF3", "D2-F3"], ["E4xI4", "A5-A4"])
    assert e["reasons"][0] == {"code": "takes-scarce", "params": {"side": "black", "by": "white", "type": "tzarra", "point": "F3", "capture": "E4xF3", "left": 2}, "line": ["E4xF3"]}
    assert text[0] == "After B5xC5 C5-C1, White takes your Tzarra on F3 with E4xF3: you have 2 left."
    assert codes(e["better"]) == ["secures"]
    assert text[1] == "B5-B6 would have made your stack on B6 too tall for any White stack to take: your Tzarra stacks are safe from capture."
    e, text = explained(SECURE_GAME, ["D7xD8", "C3xB3"], ["F3xF2", "B5-C6"], ["F8xE7", "E2-F1"], ["I1xH2", "E4-D3"])
    assert codes(e["reasons"]) == ["secures"] and e["reasons"][0]["params"]["point"] == "F1"
    assert text[0] == "This gives White a stacking onto F1 (E2-F1) that no Black stack is tall enough to take: White's Tott stacks are safe from capture."


def test_where_the_engines_reply_leaves_you():
    e, text = explained(THREAT_GAME, ["B2xD2", "F7-F8"], ["E4xI4", "F8-E8"], ["F6xG6", "I5-I4"], ["D8xE7", "D7-D5"])
    assert e["reasons"][0] == {"code": "threatens", "params": {"side": "black", "by": "white", "type": "tzaar", "point": "E4", "attacker": "I4", "left": 1}, "line": ["F6xG6", "I5-I4"]}
    assert text[0] == "After B2xD2 F7-F8 and White's F6xG6 I5-I4, the stack on I4 threatens your last Tzaar on E4."
    e, text = explained(FEW_GAME, ["H1xD4", "B1-F4"], ["G7xG6", "I5-I4"], ["F1xF4", "G6-H5"], ["F1xF4", "F4xI4"])
    assert e["reasons"] == [{"code": "few-captures", "params": {"side": "white", "by": "black", "left": 2}, "line": ["F1xF4", "G6-H5"]}]
    assert text[0] == "After H1xD4 B1-F4 and Black's F1xF4 G6-H5, you have only 2 captures left."


def test_a_threat_removed_and_a_scarce_type_taken():
    e, text = explained(THREAT, ["I3xH4", "A5xA2"], ["I3xH4", "H4xD7"])
    assert e["better"] == [{"code": "removes-threat", "params": {"side": "black", "by": "white", "capture": "H4xD7", "taken": "tzaar", "type": "tott", "point": "C7", "last": False}, "line": ["I3xH4", "H4xD7"]}]
    assert text[-1] == "H4xD7 would have taken the Tzaar that threatened your Tott on C7."
    # an action the played turn shares with the better one is achieved by neither
    e, _ = explained(THREAT, ["A5xA2", "I3xH4"], ["A5xA2", "C7xD7"])
    assert all(r["params"].get("capture") != "A5xA2" for r in e["better"])
    e, text = explained(TZARRAS_GAME, ["F4xF7", "F7-F8"], ["H1xH4", "H5-H4"], ["C2xB2", "I3-F3"], ["C3xB2", "I3-I5"])
    assert e["better"][0]["code"] == "takes-scarce" and text[-1] == "H1xH4 would have taken one of White's Tzarra stacks, leaving 4."


def test_no_reason_invented():
    # the start: nothing is decided by the first turn, so only the better turn is said
    e, text = explained(Position.standard().text(), ["C5xC4"], ["D5xD4"], ["B3xC4", "pass"], ["C4xD4", "pass"])
    assert e == {"reasons": [], "better": []}
    assert text == ["Better: D5xD4."]


# The turns of these tests with their English, for node's test of the page's texts
# (tests/js/explain.test.mjs): written by `PYTHONPATH=. python3 tests/test_explain.py`, checked here.
FIXTURE = __import__("pathlib").Path(__file__).parent / "data" / "explained" / "turns.json"
CASES = [
    (TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xF6"], []),
    (STARVE, ["F4xF1", "F1xE2"], ["F4xF1", "B1-B5"], [], []),
    (STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "F1xE2"], [], []),
    (THREAT, ["A5xA2", "C7xD7"], ["A5xA2", "I3xH4"], [], []),
    (PROVEN_WIN, ["F3xE3", "F5xD6"], ["F3xE3", "E3xB3"], [], []),
    (PROVEN_WIN, ["F3xE3", "E3xB3"], ["F5xD6", "D6xA3"], [], []),
    (PROVEN_LOSS, ["B3xE3", "D8xD1"], ["B3xE3", "E2xE1"], [], []),
    (SCARCE_GAME, ["B5xC5", "C5-C1"], ["H4xH2", "B5-B6"], ["E4xF3", "D2-F3"], ["E4xI4", "A5-A4"]),
    (SECURE_GAME, ["D7xD8", "C3xB3"], ["F3xF2", "B5-C6"], ["F8xE7", "E2-F1"], ["I1xH2", "E4-D3"]),
    (THREAT, ["I3xH4", "A5xA2"], ["I3xH4", "H4xD7"], [], []),
    (THREAT_GAME, ["B2xD2", "F7-F8"], ["E4xI4", "F8-E8"], ["F6xG6", "I5-I4"], ["D8xE7", "D7-D5"]),
    (FEW_GAME, ["H1xD4", "B1-F4"], ["G7xG6", "I5-I4"], ["F1xF4", "G6-H5"], ["F1xF4", "F4xI4"]),
    (TZARRAS_GAME, ["F4xF7", "F7-F8"], ["H1xH4", "H5-H4"], ["C2xB2", "I3-F3"], ["C3xB2", "I3-I5"]),
    (Position.standard().text(), ["C5xC4"], ["D5xD4"], ["B3xC4", "pass"], ["C4xD4", "pass"]),
]


def fixture_turns() -> list:
    out = []
    for position, played, best, reply, better_reply in CASES:
        pos = Position.from_text(position)
        turn = {"side": ("white", "black")[pos.side], "actions": played, "best": best,
                "explanation": explain_turn(pos, played, best, reply, better_reply)}
        out.append({"turn": turn, "english": explanation_text(turn["explanation"], played, best)})
    return out


def test_the_page_tests_fixture_is_up_to_date():
    import json

    assert json.loads(FIXTURE.read_text(encoding="utf-8")) == fixture_turns(), "run PYTHONPATH=. python3 tests/test_explain.py"


if __name__ == "__main__":
    import json

    FIXTURE.write_text(json.dumps(fixture_turns(), indent=1) + "\n", encoding="utf-8")


def test_the_review_job_explains_one_turn_a_piece():
    from tzaar.study.explained_review import ExplainedReview

    work = ExplainedReview(Position.from_text(TZAAR_LEFT), ["G6xG3", "pass", "D5xF6"], 300)
    while not work.review.done:
        work.advance()
    assert not work.done and not work.report().done  # searched, not yet explained
    pieces = 0
    while not work.done:
        work.advance()
        pieces += 1
    assert pieces == len(work.review.turns) + 1  # a turn a piece, then the summary
    report = work.report()
    assert report.done and (report.evaluated, report.total) == (3, 3)
    first = report.result.review.turns[0]
    assert report.result.explanations[0]["reasons"][0]["code"] == "takes-last"
    assert (first.number, first.side, first.mark) == (1, 0, "blunder") and report.result.summary == [first]
