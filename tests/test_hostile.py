"""Hostile input to the facade: every parameter's type checked in one place, no escape."""

import json
import math

import pytest

from engine_helpers import STANDARD
from tzaar.facade import call, call_json, load_all_methods
from tzaar.facade.methods import SPECS

METHODS = load_all_methods()  # (the ai_* and tools' methods load on first call)

#: a value of each declarable type, and values of other types that must be refused
GOOD = {str: "x", int: 1, float: 1.5, bool: False, list: [], dict: {}}
BAD = {
    str: [3, 1.5, True, None, [], {}, ["x"]],
    int: [True, False, 1.5, "1", None, [], {}, math.nan, math.inf],
    float: [True, "1", None, [], {}, math.nan, math.inf, -math.inf, 10**400],
    bool: [0, 1, "true", None, []],
    list: ["C5xC4", [1], [["x"]], [None], {}, None, 3],
    dict: [[], "x", 3, None],
}


def _cases():
    for name, spec in sorted(SPECS.items()):
        for key, (kind, _required) in spec.items():
            for bad in BAD[kind]:
                yield name, key, bad


def test_every_method_declares_its_params():
    assert set(SPECS) == set(METHODS)
    assert {"new_position", "view", "play", "game", "record_save", "record_load",
            "ai_levels", "ai_start", "ai_step", "ai_stop", "ai_move"} <= set(SPECS)


@pytest.mark.parametrize("name, key, bad", list(_cases()), ids=lambda v: str(v)[:12])
def test_every_mistyped_param_is_bad_params(name, key, bad):
    params = {k: GOOD[kind] for k, (kind, required) in SPECS[name].items() if required}
    params[key] = bad
    out = call(name, params)
    assert out.get("error", {}).get("kind") == "BadParams", out
    assert repr(key) in out["error"]["message"] and len(out["error"]["message"]) < 300


@pytest.mark.parametrize("name", sorted(SPECS))
def test_unknown_param_is_bad_params(name):
    params = {k: GOOD[kind] for k, (kind, required) in SPECS[name].items() if required}
    params["zz"] = 1
    assert call(name, params)["error"]["kind"] == "BadParams"


@pytest.mark.parametrize("params", [{"job": []}, {"job": {}}, {"job": "1"}, {"job": True}, {"job": 1.0}])
def test_ai_step_job_must_be_a_whole_number(params):
    out = call("ai_step", params)
    assert out["error"]["kind"] == "BadParams" and "'job'" in out["error"]["message"]
    assert call("ai_stop", params)["error"]["kind"] == "BadParams"


@pytest.mark.parametrize("text", ["[" * 5000, '{"a":' * 5000, '{"position": ' + "[" * 100000 + "]" * 100000 + "}",
                                  '{"x": ' * 20000 + "1" + "}" * 20000], ids=["lists", "objects", "param", "values"])
def test_deep_nesting_is_bad_params(text):
    for name in ("view", "ai_step", "nope"):
        out = json.loads(call_json(name, text))
        assert out["error"]["kind"] == "BadParams", out
        assert len(out["error"]["message"]) < 300


def test_nesting_that_parses_is_refused_briefly():
    out = json.loads(call_json("view", '{"position": ' + "[" * 500 + "]" * 500 + "}"))
    assert out["error"]["kind"] == "BadParams" and len(out["error"]["message"]) < 200


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_refused(constant):
    out = json.loads(call_json("new_position", '{"setup": "random", "seed": %s}' % constant))
    assert out["error"]["kind"] == "BadParams" and constant.lstrip("-") in out["error"]["message"]
    out = json.loads(call_json("ai_step", '{"job": 1, "slice_ms": %s}' % constant))
    assert out["error"]["kind"] == "BadParams"


def test_whole_numbers_are_accepted_where_numbers_are():
    out = call("ai_move", {"position": STANDARD, "nodes": 50, "time": 2, "seed": -3})
    assert len(out["result"]["actions"]) == 1
