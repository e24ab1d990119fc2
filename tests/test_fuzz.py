"""Random and mutated input to every reader: a precise error or a correct result, never another.

The facade (method names, params and raw JSON text), position text, action text and game
records.  (The link reader is JavaScript: e2e/test_hostile_page.py feeds it.)
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tzaar.rules.errors import ActionError, PositionError, RecordError
from tzaar.facade import call, call_json, load_all_methods
from tzaar.rules.game import Game
from tzaar.records.ours import game_record, parse_record
from tzaar.facade.methods import SPECS
from tzaar.rules.notation import parse_action, parse_position
from tzaar.rules.position import Position

METHODS = load_all_methods()  # (the ai_* and tools' methods load on first call)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: the kinds a bad input may be answered with (never InternalError)
INPUT_ERRORS = {"PositionError", "ActionError", "IllegalActionError", "RecordError", "BadParams", "UnknownMethod"}

STANDARD = Position.standard()
_g = Game()
for _ in range(12):
    _g.play(_g.position.legal_actions()[len(_g.actions) * 7 % len(_g.position.legal_actions())])
RECORD = game_record(_g)
POSITIONS = [STANDARD.text(), Position.tournament().text(), Position.random(5).text(), _g.position.text()]
ACTIONS = ["C5xC4", "c3-d4", "pass", "Z@C3", "B3xC4", "a1xa2"]

ALPHABET = "ZATzat.0123456789/ wb_-x@~,#:\n\t\u0663\u00e9[]{}\"\\"


@st.composite
def mutated(draw, seeds):
    """A seed text with a few random edits (delete, insert, replace, duplicate a slice)."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 8)))
        op = draw(st.sampled_from(["del", "ins", "rep", "dup"]))
        piece = draw(st.text(alphabet=ALPHABET, max_size=6))
        if op == "del":
            text = text[:i] + text[j:]
        elif op == "ins":
            text = text[:i] + piece + text[i:]
        elif op == "rep":
            text = text[:i] + piece + text[j:]
        else:
            text = text[:j] + text[i:j] * draw(st.integers(1, 50)) + text[j:]
    return text


texts = st.one_of(st.text(max_size=80), st.text(alphabet=ALPHABET, max_size=120))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), texts,
              st.sampled_from(POSITIONS + ACTIONS + ["standard", "random", "casual"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)),
    max_leaves=12,
)


def _param_dicts():
    keys = sorted({k for spec in SPECS.values() for k in spec})
    return st.dictionaries(st.one_of(st.sampled_from(keys), texts), json_values, max_size=5)


def _answer_is_clear(out):
    assert set(out) in ({"result"}, {"error"}), out
    if "error" in out:
        assert out["error"]["kind"] in INPUT_ERRORS, out
        assert 0 < len(out["error"]["message"]) < 500, out


@settings(SETTINGS, max_examples=80)
@given(st.one_of(st.sampled_from(sorted(METHODS)), texts), _param_dicts())
def test_facade_random_params(name, params):
    if name == "ai_move" and isinstance(params.get("position"), str):
        params["nodes"] = 20  # a short search: the answer's shape is what is tested
    _answer_is_clear(call(name, params))


@SETTINGS
@given(st.sampled_from(["view", "play", "game", "record_load", "new_position", "ai_step"]),
       mutated(['{"position": "%s", "actions": ["C5xC4"]}' % POSITIONS[0].replace(" ", "_"),
                '{"start": "%s", "actions": []}' % POSITIONS[2], '{"setup": "random", "seed": 3}',
                '{"text": %s}' % json.dumps(RECORD), '{"job": 1, "slice_ms": 5}', "[[[[{}]]]]", "NaN"]))
def test_facade_json_text(name, text):
    out = json.loads(call_json(name, text))
    _answer_is_clear(out)


@SETTINGS
@given(mutated(POSITIONS))
def test_position_parser(text):
    try:
        cells, side, step = parse_position(text)
    except PositionError as e:
        assert len(str(e)) < 500
        return
    # a position that reads is written back the same way and reads again to the same thing
    p = Position.from_text(text)
    assert parse_position(p.text()) == (cells, side, step)


@SETTINGS
@given(mutated(ACTIONS))
def test_action_parser(text):
    try:
        a = parse_action(text)
    except ActionError as e:
        assert len(str(e)) < 500
        return
    assert parse_action(a.text()) == a


@SETTINGS
@given(mutated([RECORD, "Start: standard\n1. C5xC4\n", "Start: tournament\n1. Z@C3\n2. z@D4"]))
def test_record_reader(text):
    try:
        start, actions = parse_record(text)
    except RecordError as e:
        assert len(str(e)) < 500
        return
    game = Game(start, actions)  # every action legal, and the record reads back the same
    assert parse_record(game_record(game)) == (start, actions)
