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
# From the engine's games (tests/data/explained/; SECURE_GAME: the opening of
# engine-casual-random's, BOTH_GAME: later in it; DEPENDS_GAME: engine-beginner-greedy's).
SCARCE_GAME = "a..AZ/T...a3t/t...ATT2/.Z3...A2../t..A2..../..a...../T2t...../tT4.z6../tt.t2. b1"
SECURE_GAME = "TATZa/TtTAtZ/TTaAata/tzTttTzA/TTaAZaz./TAttaZTA/TAZZttt/Tztztz/TAtta b1"
FEW_GAME = "....z/T...a3./T....../T..t3..../T......./t2..T..../.....aZ5/A4...t./t.TTT w1"
THREAT_GAME = "ttttT/Ta.aAT/T.a..AT/TAZtT.AT/TAaz4t.at/t...Z2Zat/tT...at/t...At/t..A3T b1"
TZARRAS_GAME = "ttt.T/Taa.../TAZ..../.AZ...z4T/T2AZ..a.t/taA2t..Tt/t..ZZ.t/t..Aa2./t.T2.T b1"
BOTH_GAME = "TATZa/TtaAtt/TT.Aa.a/tzTtt..T/TTaAZaz./TAttaZTA/T2.Z.tt./.AtZtt2/TAtta b1"
DEPENDS_GAME = "AaA2.T/a3...../T.aT.Ta/zt.TaT2.t/tAzaaTA./ztaTatTz/t..TTAt/AAZTTz/z..t2T w1"
# LittleGolem game 2552914 (tests/data/lg-2552914.sgf), before turns 21 and 22.
LG_21 = "AtZ6.T/z6....A2/A.a...T/.......T/a.....zt/..a.t..T/z.t..../T.t.../a.... w1"
LG_22 = "AtZ6.T/z6...../..a...T/.......T/a.....zt/..A.A2..T/z.t..../T.t.../a.... b1"
# White to move, four Tzarras; Black's C1xC2 D1xD2 would take two of them.
TWO_TAKEN = "tZ2.../...z2a2./tA...../tA....../......../......../t...A../Tt..A./...TT w1"


def explained(position, played, best, reply=(), better_reply=()):
    pos = Position.from_text(position)
    explanation = explain_turn(pos, list(played), list(best), list(reply), list(better_reply))
    return explanation, explanation_text(explanation, list(played), list(best))


def codes(reasons):
    return [r["code"] for r in reasons]


def test_a_last_type_taken_and_the_win_missed():
    e, text = explained(TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xF6"])
    assert e["reasons"] == [{"code": "takes-last", "params": {"side": "white", "by": "black", "type": "tzaar", "capture": "D5xF6",
                                                              "first": None, "count": 1},
                             "line": ["D5xF6"], "actions": ["D5xF6"], "threats": []}]
    assert e["better"] == [{"code": "wins-type", "params": {"side": "white", "by": "black", "type": "tzaar", "capture": "F6xD5",
                                                            "first": None, "count": 1},
                            "line": ["F6xD5"], "actions": ["F6xD5"], "threats": []}]
    assert text == [
        "After G6xG3 pass, Black takes your last Tzaar with D5xF6: you have no Tzaar left.",
        "F6xD5 would have taken Black's last Tzaar and won at once.",
    ]


def test_the_opponents_win_is_found_even_when_the_engine_expects_another_reply():
    # the reason rests on the turn that wins at once, not on the reply given
    e, _ = explained(TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xC6"])
    assert codes(e["reasons"]) == ["takes-last"] and e["reasons"][0]["line"] == winning_turn(Position.from_text(TZAAR_LEFT).play(["G6xG3", "pass"]))


def test_a_starving_win_missed_and_a_covered_last_type():
    e, text = explained(STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "B1-B5"])
    assert codes(e["reasons"]) == ["covers-last"] and codes(e["better"]) == ["wins-starve"]
    assert text == ["B1-I4 covers your own last Tzarra: that loses at once.",
                    "F4xF1 B1-B5 would have left Black with no capture and won at once."]
    # a capture that needs the turn's first action is named with it
    e, text = explained(STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "F1xE2"])
    assert codes(e["better"]) == ["wins-type"] and e["better"][0]["params"]["first"] == "F4xF1"
    assert text[-1] == "F4xF1 and then F1xE2 would have taken Black's last Tzarra and won at once."


def test_starved_and_last_type_lost():
    e, text = explained(PROVEN_WIN, ["F3xE3", "F5xD6"], ["F5xD6", "D6xA3"])
    assert e["reasons"][0]["code"] == "starves" and e["reasons"][0]["params"]["turn"] == ["A3xD6", "B3xE3"]
    assert text[0] == "After F3xE3 F5xD6, White can leave you with no capture: A3xD6 B3xE3 starves you next turn."
    # a win by a type taken is named before a win by starving (White has both here)
    after = Position.from_text(THREAT).play(["A5xA2", "C7xD7"])
    win = winning_turn(after)
    assert not all(after.play(win).tops(1))


def test_proofs_of_the_endgame_solver():
    e, text = explained(PROVEN_WIN, ["F3xE3", "F5xD6"], ["F5xD6", "D6xA3"])
    assert e["better"][0]["code"] == "proven-win" and e["better"][0]["params"]["turns"] == 3
    assert "F5xD6 D6xA3 wins by force in 3 turns (proven by the endgame solver)." in text
    e, text = explained(PROVEN_LOSS, ["B3xE3", "D8xD1"], ["B3xE3", "A5-D8"])
    assert e["reasons"][0]["code"] == "proven-loss" and e["reasons"][0]["params"]["turns"] == 5
    assert text[0].startswith("After B3xE3 D8xD1, White wins by force in 5 turns (proven by the endgame solver), starting with ")
    assert codes(e["better"]) == ["proven-win"]


def test_scarce_types_taken_and_secured_stacks_from_the_engines_lines():
    e, text = explained(SCARCE_GAME, ["B5xC5", "C5-C1"], ["H4xH2", "B5-B6"], ["E4xF3", "D2-F3"], ["E4xI4", "A5-A4"])
    assert e["reasons"][0] == {"code": "takes-scarce", "params": {"side": "black", "by": "white", "type": "tzarra", "point": "F3",
                                                                  "capture": "E4xF3", "first": None, "count": 1, "left": 2},
                               "line": ["E4xF3"], "actions": ["E4xF3"], "threats": []}
    assert text[0] == "After B5xC5 C5-C1, White takes your Tzarra on F3 with E4xF3: you have 2 left."
    assert codes(e["better"]) == ["secures"]
    # one stack is safe, not the type's stacks
    assert text[1] == "B5-B6 would have made your Tzarra stack on B6 too tall for any White stack to take."


def test_where_the_engines_reply_leaves_you():
    e, text = explained(THREAT_GAME, ["B2xD2", "F7-F8"], ["E4xI4", "F8-E8"], ["F6xG6", "I5-I4"], ["D8xE7", "D7-D5"])
    assert e["reasons"][0] == {"code": "threatens", "params": {"side": "black", "by": "white", "type": "tzaar", "point": "E4",
                                                               "attacker": "I4", "left": 1},
                               "line": ["F6xG6", "I5-I4"], "actions": ["F6xG6", "I5-I4"], "threats": ["I4xE4"]}
    assert text[0] == "After B2xD2 F7-F8 and White's F6xG6 I5-I4, the stack on I4 threatens your last Tzaar on E4."
    e, text = explained(FEW_GAME, ["H1xD4", "B1-F4"], ["G7xG6", "I5-I4"], ["F1xF4", "G6-H5"], ["F1xF4", "F4xI4"])
    assert e["reasons"] == [{"code": "few-captures", "params": {"side": "white", "by": "black", "left": 2},
                             "line": ["F1xF4", "G6-H5"], "actions": ["F1xF4", "G6-H5"], "threats": []}]
    assert text[0] == "After H1xD4 B1-F4 and Black's F1xF4 G6-H5, you have only 2 captures left."


def test_a_threat_removed_and_a_scarce_type_taken():
    e, text = explained(THREAT, ["I3xH4", "A5xA2"], ["I3xH4", "H4xD7"])
    assert e["better"] == [{"code": "removes-threat", "params": {"side": "black", "by": "white", "capture": "H4xD7", "first": None,
                                                                 "taken": "tzaar", "type": "tott", "point": "C7", "last": False},
                            "line": ["I3xH4", "H4xD7"], "actions": ["H4xD7"], "threats": ["D7xC7"]}]
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


def test_a_fact_that_holds_after_both_turns_is_no_reason():
    # LittleGolem game 2552914, turn 21: Black's reply A2xA1 B1-A1 makes a Tzaar stack no White
    # stack can take after the turn played and after the better one alike
    e, text = explained(LG_21, ["B6xF5", "C1xF3"], ["B6xF5", "C7-D8"], ["A2xA1", "B1-A1"], ["A2xA1", "B1-A1"])
    assert e == {"reasons": [], "better": []} and text == ["Better: B6xF5 C7-D8."]
    # turn 22: the better turn's tall Tzaar stack, when the turn played makes one too
    e, text = explained(LG_22, ["B1xA1", "A1-C3"], ["A2xA1", "B1-A1"], ["A3xA2", "C7-D8"], ["A3xC3", "C3xG1"])
    assert e == {"reasons": [], "better": []} and text == ["Better: A2xA1 B1-A1."]
    # the opening: any stacking makes a stack taller than every enemy stack, of a type with
    # many stacks left (no reason) ...
    e, text = explained(SECURE_GAME, ["D7xD8", "C3xB3"], ["F3xF2", "B5-C6"], ["F8xE7", "E2-F1"], ["I1xH2", "E4-D3"])
    assert e == {"reasons": [], "better": []} and text == ["Better: F3xF2 B5-C6."]
    e, _ = explained(SECURE_GAME, ["D7xD8", "C3xB3"], ["H2xI2", "F5-F4"], ["G4xF5", "B1-C2"], ["D6xC5", "F1-E2"])
    assert e == {"reasons": [], "better": []}
    # ... and a win at once that the better turn allows as well is not the played turn's fault
    e, text = explained(STARVE, ["F4xF1", "F1xE2"], ["F4xF1", "B1-B5"])
    assert e == {"reasons": [], "better": []}


def test_a_win_in_two_captures_is_said_as_one():
    # Black had two Tzaars after H3xG3 C5-B5: White's win takes both (the review said "your last
    # Tzaar with D8xE7" before)
    pos = Position.from_text(BOTH_GAME)
    after = pos.play(["H3xG3", "C5-B5"])
    assert after.tops(1)[0] == 2
    e, text = explained(BOTH_GAME, ["H3xG3", "C5-B5"], ["H6xF8", "E7-F8"], ["C2xD2", "F8xE7"], ["C1xD2", "I1-G1"])
    assert e["reasons"] == [{"code": "takes-last", "params": {"side": "black", "by": "white", "type": "tzaar", "capture": "D8xE7",
                                                              "first": "C1xD2", "count": 2},
                             "line": ["C1xD2", "D8xE7"], "actions": ["C1xD2", "D8xE7"], "threats": []}]
    assert text[0] == "After H3xG3 C5-B5, White takes both your Tzaar stacks with C1xD2 and then D8xE7: you have no Tzaar left."
    # one last Tzaar, taken by a capture that needs the first: both named
    e, text = explained(DEPENDS_GAME, ["A5xD5", "F4xF3"], ["G4xF5", "H3-F5"], ["F2xH2", "H2xH3"], ["F3xH1", "I1-I4"])
    assert Position.from_text(DEPENDS_GAME).play(["A5xD5", "F4xF3"]).tops(0)[0] == 1
    assert e["reasons"][0]["params"]["first"] == "E3xF3" and e["reasons"][0]["params"]["count"] == 1
    assert text[0] == "After A5xD5 F4xF3, Black takes your last Tzaar with E3xF3 and then F3xH3: you have no Tzaar left."


def test_a_stacking_that_needs_the_capture_before_it_is_named_with_it():
    # LittleGolem game 2552914, turn 21 (with a better line where Black makes no tall stack):
    # B1-A1 stacks onto the stack A2xA1 brings to A1
    e, text = explained(LG_21, ["B6xF5", "C1xF3"], ["B6xF5", "C7-D8"], ["A2xA1", "B1-A1"], ["E7xF8", "A2xA1"])
    secures = [r for r in e["reasons"] if r["code"] == "secures"]
    assert secures == [{"code": "secures", "params": {"side": "white", "by": "black", "type": "tzaar", "point": "A1",
                                                      "action": "B1-A1", "first": "A2xA1"},
                        "line": ["A2xA1", "B1-A1"], "actions": ["A2xA1", "B1-A1"], "threats": []}]
    assert ("After B6xF5 C1xF3, Black can play A2xA1 and then B1-A1: their Tzaar stack on A1 is then too tall "
            "for any of your stacks to take.") in text


def test_two_captures_of_a_type_are_counted_together():
    # Black's reply takes two of White's four Tzarras: the count is the one after both
    e, text = explained(TWO_TAKEN, ["H1xH2", "pass"], ["C2xC1", "pass"], ["C1xC2", "D1xD2"], ["D1xD2", "pass"])
    assert e["reasons"] == [{"code": "takes-scarce", "params": {"side": "white", "by": "black", "type": "tzarra", "point": "D2",
                                                                "capture": "D1xD2", "first": "C1xC2", "count": 2, "left": 2},
                             "line": ["C1xC2", "D1xD2"], "actions": ["C1xC2", "D1xD2"], "threats": []}]
    assert text[0] == "After H1xH2 pass, Black takes two of your Tzarra stacks with C1xC2 and then D1xD2: you have 2 left."


# The turns of these tests with their English, for node's test of the page's texts
# (tests/js/explain.test.mjs): written by `PYTHONPATH=. python3 tests/test_explain.py`, checked here.
FIXTURE = __import__("pathlib").Path(__file__).parent / "data" / "explained" / "turns.json"
CASES = [
    (TZAAR_LEFT, ["G6xG3", "pass"], ["F6xD5"], ["D5xF6"], []),
    (STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "B1-B5"], [], []),
    (STARVE, ["F4xF1", "B1-I4"], ["F4xF1", "F1xE2"], [], []),
    (BOTH_GAME, ["H3xG3", "C5-B5"], ["H6xF8", "E7-F8"], ["C2xD2", "F8xE7"], ["C1xD2", "I1-G1"]),
    (PROVEN_WIN, ["F3xE3", "F5xD6"], ["F3xE3", "E3xB3"], [], []),
    (DEPENDS_GAME, ["A5xD5", "F4xF3"], ["G4xF5", "H3-F5"], ["F2xH2", "H2xH3"], ["F3xH1", "I1-I4"]),
    (PROVEN_LOSS, ["B3xE3", "D8xD1"], ["B3xE3", "A5-D8"], [], []),
    (SCARCE_GAME, ["B5xC5", "C5-C1"], ["H4xH2", "B5-B6"], ["E4xF3", "D2-F3"], ["E4xI4", "A5-A4"]),
    (LG_21, ["B6xF5", "C1xF3"], ["B6xF5", "C7-D8"], ["A2xA1", "B1-A1"], ["E7xF8", "A2xA1"]),
    (THREAT, ["I3xH4", "A5xA2"], ["I3xH4", "H4xD7"], [], []),
    (THREAT_GAME, ["B2xD2", "F7-F8"], ["E4xI4", "F8-E8"], ["F6xG6", "I5-I4"], ["D8xE7", "D7-D5"]),
    (FEW_GAME, ["H1xD4", "B1-F4"], ["G7xG6", "I5-I4"], ["F1xF4", "G6-H5"], ["F1xF4", "F4xI4"]),
    (TZARRAS_GAME, ["F4xF7", "F7-F8"], ["H1xH4", "H5-H4"], ["C2xB2", "I3-F3"], ["C3xB2", "I3-I5"]),
    (TWO_TAKEN, ["H1xH2", "pass"], ["C2xC1", "pass"], ["C1xC2", "D1xD2"], ["D1xD2", "pass"]),
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
