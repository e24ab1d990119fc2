"""The JSON facade: every method and every error kind (docs/facade.md)."""

import json
import subprocess
import sys

import pytest

from engine_helpers import EMPTY_W0, STANDARD, build
from facade_helpers import err, ok
from tzaar import facade
from tzaar.facade import call, call_json
from tzaar.rules.position import Position

VIEW_KEYS = {"position", "side", "step", "opening", "points", "tops", "pieces", "reserve",
             "legal", "winner", "reason", "last"}
LEGAL_KEYS = {"captures", "stacks", "pass", "place", "losing", "actions"}


def test_new_position_setups():
    assert ok("new_position", setup="standard") == {"position": STANDARD}
    assert ok("new_position", setup="tournament") == {"position": EMPTY_W0}
    r = ok("new_position", setup="random", seed=42)
    assert r["seed"] == 42 and r == ok("new_position", setup="random", seed=42)
    assert r["position"].endswith(" w1")
    r = ok("new_position", setup="random")
    assert isinstance(r["seed"], int) and 0 <= r["seed"] < 2**31
    assert ok("new_position", setup="random", seed=r["seed"])["position"] == r["position"]


def test_view_of_the_standard_start():
    v = ok("view", position=STANDARD.replace(" ", "_"))
    assert set(v) == VIEW_KEYS and set(v["legal"]) == LEGAL_KEYS
    assert v["position"] == STANDARD
    assert (v["side"], v["step"], v["opening"]) == ("white", "capture", True)
    assert len(v["points"]) == 60
    assert v["points"]["A1"] == {"color": "black", "type": "tott", "height": 1}
    assert v["points"]["C5"] == {"color": "white", "type": "tzaar", "height": 1}
    assert v["tops"] == {c: {"tzaar": 6, "tzarra": 9, "tott": 15} for c in ("white", "black")}
    assert v["pieces"] == {"white": 30, "black": 30}
    assert v["reserve"] == {c: {"tzaar": 0, "tzarra": 0, "tott": 0} for c in ("white", "black")}
    legal = v["legal"]
    assert len(legal["actions"]) == 42 and legal["actions"] == sorted(legal["actions"])
    assert legal["captures"]["D5"] == ["C4", "D4", "E5"]
    assert sum(len(t) for t in legal["captures"].values()) == 42
    assert legal["stacks"] == {} and legal["pass"] is False and legal["place"] == [] and legal["losing"] == []
    assert v["winner"] is None and v["reason"] is None and v["last"] == []


def test_view_of_a_second_action_with_stacks_and_losing():
    text = build({"E1": "T", "E2": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t", "F1": "t"}, "w2")
    v = ok("view", position=text, last=["e1xf1"])
    assert v["step"] == "second" and v["legal"]["pass"] is True
    assert "E2" in v["legal"]["stacks"]["E1"] and "E1-E2" in v["legal"]["losing"]
    assert "E1-E2" in v["legal"]["actions"] and "pass" in v["legal"]["actions"]
    assert v["last"] == ["E1xF1"]


def test_view_in_placement():
    v = ok("view", position=EMPTY_W0)
    assert v["step"] == "place" and v["opening"] is False
    assert v["legal"]["place"][0] == "A1" and len(v["legal"]["place"]) == 60
    assert v["reserve"]["white"] == {"tzaar": 6, "tzarra": 9, "tott": 15}
    assert v["points"] == {} and len(v["legal"]["actions"]) == 180


def test_view_reasons():
    lost = ok("view", position=build({"A1": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "b1"))
    assert lost["winner"] == "black"
    assert lost["reason"] == {"code": "lost-type", "type": "tott", "text": "White has no Tott left"}
    assert lost["legal"] == {"captures": {}, "stacks": {}, "pass": False, "place": [], "losing": [], "actions": []}
    covered = ok("view", position=lost["position"], last=["A3-A2"])
    assert covered["reason"]["code"] == "covered-own-type"
    assert covered["reason"]["text"] == "White covered its last Tott"
    stuck = ok("view", position=build({"A1": "Z", "A2": "A", "A3": "T", "A4": "z2", "I5": "a", "I4": "t"}, "w1"))
    assert stuck["winner"] == "black"
    assert stuck["reason"] == {"code": "no-capture", "type": None,
                               "text": "White cannot capture at the start of the turn"}


def test_play():
    r = ok("play", position=STANDARD, actions=["c5xc4", "B3XC4", "Pass"])
    assert len(r["positions"]) == 3 and r["positions"][0].endswith(" b1")
    assert r["positions"][-1] == r["view"]["position"]
    assert r["view"]["last"] == ["C5xC4", "B3xC4", "pass"]
    assert r["turns"] == [
        {"number": 1, "side": "white", "actions": ["C5xC4"]},
        {"number": 2, "side": "black", "actions": ["B3xC4", "pass"]},
    ]
    assert r["continues"] is False
    empty = {"positions": [], "turns": [], "continues": False, "view": ok("view", position=STANDARD)}
    assert ok("play", position=STANDARD, actions=[]) == empty


def test_play_says_when_an_action_ends_the_turn_in_progress():
    second = Position.standard().play(["C5xC4", "B3xC4"]).text()
    r = ok("play", position=second, actions=["pass", "D5xD4"])
    assert r["continues"] is True
    assert r["turns"] == [
        {"number": 1, "side": "black", "actions": ["pass"]},
        {"number": 2, "side": "white", "actions": ["D5xD4"]},
    ]
    assert ok("play", position=second, actions=[])["continues"] is False
    placed = ok("play", position=EMPTY_W0, actions=["Z@E5", "t@E4"])
    assert placed["continues"] is False and [t["side"] for t in placed["turns"]] == ["white", "black"]


def test_game():
    r = ok("game", start=STANDARD, actions=["c5xc4", "b3xc4", "pass", "d5xd4", "d4-e4"])
    assert r["start"] == STANDARD
    assert r["actions"] == ["C5xC4", "B3xC4", "pass", "D5xD4", "D4-E4"]
    assert len(r["positions"]) == 5 and r["view"]["position"] == r["positions"][-1]
    assert r["turns"] == [
        {"number": 1, "side": "white", "actions": ["C5xC4"]},
        {"number": 2, "side": "black", "actions": ["B3xC4", "pass"]},
        {"number": 3, "side": "white", "actions": ["D5xD4", "D4-E4"]},
    ]
    assert r["view"]["last"] == ["D5xD4", "D4-E4"]
    r = ok("game", start=EMPTY_W0, actions=["Z@E5", "t@E4"])
    assert [t["number"] for t in r["turns"]] == [1, 2] and r["view"]["last"] == ["T@E4"]
    empty = ok("game", start=STANDARD, actions=[])
    assert empty["turns"] == [] and empty["view"]["last"] == [] and empty["positions"] == []


def test_game_view_reports_a_covering_stacking():
    start = build({"E1": "T", "E2": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t", "F1": "t", "F2": "a"}, "w1")
    r = ok("game", start=start, actions=["E1xF1", "F1-E2"])
    assert r["view"]["winner"] == "black" and r["view"]["reason"]["code"] == "covered-own-type"


def test_record_save_and_load():
    text = ok("record_save", start=STANDARD, actions=["c5xc4", "b3xc4"])["text"]
    assert text == "# TZAAR game record\nResult: not finished\nStart: standard\n1. C5xC4\n2. B3xC4\n"
    assert ok("record_load", text=text) == {
        "start": STANDARD, "actions": ["C5xC4", "B3xC4"], "players": {}, "date": None,
        "result": "not finished", "setup": "standard", "seed": None, "end": None, "names": {}, "time_control": None,
    }


def test_record_header_round_trip_through_the_facade():
    start = ok("new_position", setup="random", seed=5)["position"]
    text = ok("record_save", start=start, actions=[], white="person", black="computer expert", date="2026-11-23", seed=5)["text"]
    assert text.splitlines()[1:6] == [
        "White: person", "Black: computer expert", "Date: 2026-11-23", "Result: not finished", "Start: random seed 5",
    ]
    loaded = ok("record_load", text=text)
    assert loaded["players"] == {"white": "person", "black": "computer expert"}
    assert (loaded["start"], loaded["setup"], loaded["seed"], loaded["date"]) == (start, "random", 5, "2026-11-23")


def test_a_seed_too_long_for_a_record_saves_its_position():
    start = Position.random(10**18).text()
    text = ok("record_save", start=start, actions=[], seed=10**18)["text"]
    assert f"Start: {start}" in text.splitlines()
    opened = ok("record_open", text=text)
    assert (opened["start"], opened["setup"], opened["seed"]) == (start, "position", None)


def test_an_online_games_record_names_its_players_in_both_formats():
    actions = ["C5xC4", "B3xC4", "pass"]
    text = ok("record_save", start=STANDARD, actions=actions, white="Ann", black="Bob", date="2026-11-23")["text"]
    assert text.splitlines()[1:3] == ["White: Ann", "Black: Bob"]
    assert ok("record_load", text=text)["names"] == {"white": "Ann", "black": "Bob"}
    opened = ok("record_open", text=text)
    assert (opened["players"], opened["names"], opened["actions"]) == ({"white": "person", "black": "person"}, {"white": "Ann", "black": "Bob"}, actions)
    lg = ok("record_export", start=STANDARD, actions=actions, format="littlegolem", white="Ann", black="Bob")["text"]
    assert "PB[Bob]PW[Ann]" in lg
    assert ok("record_open", text=lg)["names"] == {"white": "Ann", "black": "Bob"}
    assert ok("record_export", start=STANDARD, actions=actions, format="tzaar", white="Ann", black="Bob")["text"].splitlines()[1:3] == ["White: Ann", "Black: Bob"]
    # A LittleGolem name that would not show as itself is not given as a name.
    assert ok("record_open", text=lg.replace("PB[Bob]", "PB[B\u202eob]"))["names"] == {"white": "Ann"}


def test_an_old_record_still_opens_through_the_facade():
    old = f"# TZAAR game record\nStart: {STANDARD}\n1. C5xC4\n# Result: nothing\n"
    loaded = ok("record_load", text=old)
    assert (loaded["start"], loaded["actions"], loaded["players"], loaded["setup"]) == (STANDARD, ["C5xC4"], {}, "position")


@pytest.mark.parametrize(
    "method,params,kind,fragment",
    [
        ("nope", {}, "UnknownMethod", "There is no method 'nope'"),
        ("view", {}, "BadParams", "needs the parameter 'position'"),
        ("view", {"position": STANDARD, "colour": "red"}, "BadParams", "has no parameter 'colour'"),
        ("view", {"position": 3}, "BadParams", "must be text"),
        ("view", {"position": STANDARD, "last": "C5xC4"}, "BadParams", "list of texts"),
        ("play", {"position": STANDARD, "actions": [1]}, "BadParams", "list of texts"),
        ("new_position", {"setup": "odd"}, "BadParams", "setup must be"),
        ("new_position", {"setup": "random", "seed": "x"}, "BadParams", "must be a whole number"),
        ("new_position", {"setup": "random", "seed": True}, "BadParams", "must be a whole number"),
        ("view", {"position": "ttt w1"}, "PositionError", "'ttt w1'"),
        ("game", {"start": STANDARD + "x", "actions": []}, "PositionError", "the turn"),
        ("view", {"position": STANDARD, "last": ["C5yC4"]}, "ActionError", "'C5yC4'"),
        ("play", {"position": STANDARD, "actions": ["C5xC4", "C4xC5"]}, "IllegalActionError", "C4xC5 is not legal in"),
        ("game", {"start": STANDARD, "actions": ["pass"]}, "IllegalActionError", "pass is not legal in " + STANDARD),
        ("record_save", {"start": STANDARD, "actions": ["C5-C4"]}, "IllegalActionError", "C5-C4"),
        ("record_load", {"text": "Start: standard\n1. pass"}, "RecordError", "line 2"),
        ("record_load", {"text": ""}, "RecordError", "Start"),
        ("record_save", {"start": STANDARD, "actions": [], "white": "ro\u202ebot"}, "RecordError", "person"),
        ("record_export", {"start": STANDARD, "actions": [], "format": "littlegolem", "black": "x" * 41}, "RecordError", "name has at most 40 characters"),
        ("record_save", {"start": STANDARD, "actions": [], "date": "today"}, "RecordError", "YYYY-MM-DD"),
    ],
)
def test_errors(method, params, kind, fragment):
    got_kind, message = err(method, params)
    assert got_kind == kind
    assert fragment in message
    assert "\n" not in message.strip() or kind == "RecordError"


def test_params_must_be_an_object():
    assert call("view", ["x"])["error"]["kind"] == "BadParams"
    assert call(None, {})["error"]["kind"] == "UnknownMethod"


def test_internal_errors_are_reported_not_raised(monkeypatch):
    def boom():
        raise ZeroDivisionError("oops")

    monkeypatch.setitem(facade.METHODS, "boom", boom)
    out = call("boom", {})
    assert out["error"]["kind"] == "InternalError" and "oops" in out["error"]["message"]
    assert json.loads(call_json("boom", "{}"))["error"]["kind"] == "InternalError"


def test_call_json():
    out = json.loads(call_json("view", json.dumps({"position": STANDARD})))
    assert out["result"]["position"] == STANDARD
    assert json.loads(call_json("new_position", '{"setup": "standard"}')) == {"result": {"position": STANDARD}}
    bad = json.loads(call_json("view", "{not json"))
    assert bad["error"]["kind"] == "BadParams" and "not valid JSON" in bad["error"]["message"]
    assert json.loads(call_json("view", "[]"))["error"]["kind"] == "BadParams"
    assert json.loads(call_json("nope", "{}"))["error"]["kind"] == "UnknownMethod"
    assert json.loads(call_json("new_position", ""))["error"]["kind"] == "BadParams"  # setup missing
    assert json.loads(call_json("view", json.dumps({"position": "x"})))["error"]["kind"] == "PositionError"


def test_protocol_documented_in_module_docstring():
    doc = facade.__doc__
    for name in ["new_position", "view", "play", "game", "call_json",
                 "PositionError", "ActionError", "IllegalActionError", "RecordError", "UnknownMethod",
                 "BadParams", "InternalError", "covered-own-type"]:
        assert name in doc
    from tzaar.facade import ai_methods, record_methods, study_methods

    for module, names in [(record_methods, ["record_save", "record_load", "record_open", "record_export"]),
                          (study_methods, ["attack_map", "check_position", "puzzle_check", "lessons", "lesson_check"]),
                          (ai_methods, ["ai_levels", "ai_start", "ai_step", "ai_stop", "ai_move", "review_start"])]:
        for name in names:
            assert name in module.__doc__, (module.__name__, name)


# ---------------------------------------------------------------------- hostile input


@pytest.mark.parametrize("method", ["ai_start", "ai_move"])
@pytest.mark.parametrize(
    "params_json",
    [
        '"time": NaN', '"time": Infinity', '"time": -Infinity', '"time": 1e400', '"time": -3',
        '"time": 0', '"time": ' + "9" * 400, '"nodes": 0', '"nodes": -1', '"nodes": 1.5',
        '"nodes": NaN', '"nodes": Infinity',
    ],
)
def test_ai_budgets_must_be_finite_and_above_0(method, params_json):
    out = json.loads(call_json(method, '{"position": %s, %s}' % (json.dumps(STANDARD), params_json)))
    assert out["error"]["kind"] == "BadParams", out
    message = out["error"]["message"]
    assert any(w in message for w in ("above 0", "a finite number", "a whole number", "not a JSON number")), message


def test_ai_step_slice_must_be_finite():
    job = ok("ai_start", position=STANDARD, nodes=100)["job"]
    out = json.loads(call_json("ai_step", '{"job": %d, "slice_ms": NaN}' % job))
    assert out["error"]["kind"] == "BadParams"
    call("ai_stop", {"job": job})


HUGE = "x" * 1_000_000


@pytest.mark.parametrize(
    "method, params",
    [
        ("view", {"position": HUGE}),
        ("view", {"position": STANDARD, "last": [HUGE]}),
        ("play", {"position": STANDARD, "actions": ["C5x" + HUGE]}),
        ("new_position", {"setup": HUGE}),
        ("view", {"position": STANDARD, HUGE: 1}),
        ("view", {"position": [HUGE]}),
        ("record_load", {"text": "Start: standard\n" + HUGE}),
        ("ai_move", {"position": STANDARD, "level": HUGE}),
        ("ai_move", {"position": [HUGE]}),
        ("ai_move", {"position": STANDARD, HUGE: 1}),
        ("ai_step", {"job": HUGE}),
        (HUGE, {}),
    ],
    ids=lambda v: str(v)[:20],
)
def test_errors_echo_a_short_cut_of_a_huge_input(method, params):
    kind, message = err(method, params)
    assert kind != "InternalError" and len(message) < 400, (kind, len(message))


def test_underscore_for_the_space_everywhere():
    url_form = STANDARD.replace(" ", "_")
    assert ok("view", position=url_form)["position"] == STANDARD
    assert ok("play", position=url_form, actions=["C5xC4"])["positions"] == [
        Position.standard().play(["C5xC4"]).text()
    ]
    assert ok("game", start=url_form, actions=[])["start"] == STANDARD
    assert "\nStart: standard\n1. C5xC4\n" in ok("record_save", start=url_form, actions=["C5xC4"])["text"]
    assert ok("record_load", text=f"Start: {url_form}\n1. C5xC4")["start"] == STANDARD
    assert len(ok("ai_move", position=url_form, nodes=50)["actions"]) == 1
    assert isinstance(ok("ai_start", position=url_form, nodes=50)["job"], int)


def test_the_study_and_ai_methods_load_on_their_first_call():
    """A fresh interpreter imports only the rules with the facade; the first call of the
    position check imports the study's methods (not the search), that of an ai_* method the
    search (the browser fetches them then)."""
    code = (
        "import sys, json\n"
        "from tzaar import facade\n"
        "rest = ('tzaar.ai', 'tzaar.facade.jobs', 'tzaar.facade.record_methods', 'tzaar.facade.study_methods', 'tzaar.facade.ai_methods', 'tzaar.records', 'tzaar.study')\n"
        "seen = [sorted(m for m in sys.modules if m.startswith(rest))]\n"
        "assert 'result' in facade.call('check_position', {'position': facade.STANDARD_TEXT})\n"
        "seen.append(['tzaar.facade.study_methods' in sys.modules, 'tzaar.facade.ai_methods' in sys.modules, 'tzaar.ai.search' in sys.modules])\n"
        "assert 'result' in facade.call('ai_levels', {})\n"
        "seen.append('tzaar.facade.ai_methods' in sys.modules)\n"
        "print(json.dumps(seen))\n"
    ).replace("facade.STANDARD_TEXT", repr(STANDARD))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [[], [True, False, False], True]


def test_every_method_is_the_facades_or_a_lazy_modules():
    """The facade finds a method by importing LAZY_MODULES until it is registered: every
    method must come from one of them (or the facade itself), in a fresh interpreter too."""
    methods = facade.load_all_methods()
    offered = {fn.__module__ for fn in methods.values()}
    assert offered == {"tzaar.facade", *facade.LAZY_MODULES}
    code = (
        "import json\nfrom tzaar import facade\nfrom tzaar.facade import methods\n"
        "print(json.dumps([facade._find(name) is not None for name in %r]))\n" % sorted(methods)
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert all(json.loads(done.stdout))
    # an unknown method's message lists them all
    message = call("no_such", {})["error"]["message"]
    assert all(name in message for name in methods)
