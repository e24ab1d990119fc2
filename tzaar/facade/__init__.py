"""The JSON facade: the one entry point the browser's worker calls.

Protocol
--------
``call_json(method: str, params_json: str) -> str`` never raises.  It returns JSON text,
either ``{"result": ...}`` or ``{"error": {"kind": "...", "message": "..."}}``.
``call(method, params: dict) -> dict`` is the same without JSON (for tests and Python
callers).  ``kind`` names the precise error: ``PositionError``, ``ActionError``,
``IllegalActionError``, ``RecordError``, ``UnknownMethod``, ``BadParams`` (missing,
unknown or mistyped parameters, or params that are not a JSON object) or
``InternalError`` (a bug).  Messages are one sentence for a person.

Vocabulary: point names ``A1``..``I5``, action text ``C3xD4`` ``C3-D4`` ``pass``
``Z@C3``, position text as in docs/notation.md (``_`` is accepted for its space), colours
``"white"``/``"black"``, types ``"tzaar"``/``"tzarra"``/``"tott"``.  Input actions may be
in any letter case; every output is canonical.

Methods (params -> result)
--------------------------
``new_position {setup: "standard"|"random"|"tournament", seed?: int}``
    -> ``{position}``; for ``random`` also ``seed`` (picked by the facade when absent).
``view {position, last?: [action]}`` -> View (below).
``play {position, actions: [action, ...]}``
    -> ``{positions: [text after each action], turns: [{number, side, actions}],
    continues, view}``, view's ``last`` = the actions played (canonical); ``turns`` groups
    the actions played as ``game`` does, numbered from 1; ``continues``: whether the first
    of them is the second action of the turn in progress at ``position`` (then it belongs
    to that turn, not to a new one).  The first illegal action raises IllegalActionError.
``game {start, actions: [action, ...]}``
    -> ``{start, actions, positions, turns: [{number, side, actions}], view}``; view's
    ``last`` is the last turn's actions.  Turn 1 is White's opening capture (or first
    placement); each placement is a turn of its own; a second action belongs to the turn
    before it (:mod:`tzaar.rules.turns`).

View (every key always present)::

    {"position": text, "side": "white"|"black", "step": "place"|"capture"|"second",
     "opening": bool,
     "points": {"A1": {"color": "black", "type": "tott", "height": 1}, ...},  # occupied
     "tops": {"white": {"tzaar": 6, "tzarra": 9, "tott": 15}, "black": {...}},
     "pieces": {"white": 30, "black": 30},
     "reserve": {"white": {"tzaar": 0, ...}, "black": {...}},
     "legal": {"captures": {"C3": ["D4"]}, "stacks": {...}, "pass": bool,
               "place": ["A1", ...], "losing": ["C3-D4"], "actions": ["C3xD4", ...]},
     "winner": "white"|"black"|null,
     "reason": null | {"code": "lost-type"|"covered-own-type"|"no-capture",
                       "type": "tzaar"|"tzarra"|"tott"|null, "text": "..."},
     "last": [action, ...]}

A finished position has empty legal actions.  ``reason.code`` is ``covered-own-type``
when the loser is the side that just acted and the last action (from ``last``) was a
stacking; without ``last`` it is ``lost-type``.

Methods live in the modules of this package, which register them with
:func:`tzaar.facade.methods.method`, declaring their parameters there (checked in one place
before the call); this module is the one that runs them.  The rules' methods are here; the
others (:mod:`.record_methods` for game records, :mod:`.study_methods` for the attack map,
puzzles and lessons, :mod:`.ai_methods` for the ``ai_*`` methods and the review: the modules
of :data:`LAZY_MODULES`) are imported when a method not yet registered is first called, so
that the browser's start loads only the rules (build.py ships the other modules in a second
archive, fetched then).  Which method a module offers is known only from its registrations:
no list of them is kept here. :func:`load_all_methods` imports them all.  The layers below
(rules, records, engine, study) know nothing of JSON or params.
"""

from __future__ import annotations

import importlib
import json
import random as _random

from ..rules.errors import ActionError, IllegalActionError, PositionError, RecordError, clip, shown
from ..rules.game import Game
from ..rules.geometry import POINT_NAMES
from ..rules.notation import CAPTURE, COLOUR_NAMES, PLACE_KIND, STACK, TYPE_NAMES, parse_action
from ..rules.position import Position
from ..rules.turns import turns_of
from .methods import METHODS, BadParams, UnknownMethod, check, method, params

__all__ = [
    "call", "call_json", "method", "params", "view", "METHODS", "LAZY_MODULES", "load_all_methods",
    "BadParams", "UnknownMethod",
]

#: The modules of the methods that are not the rules', imported in this order until a method
#: called is registered (records and the attack map first: a call of theirs never loads the search).
#: build.py reads this literal tuple: the modules the start does not import go into the
#: browser's second archive.
LAZY_MODULES = ("tzaar.facade.record_methods", "tzaar.facade.study_methods", "tzaar.facade.ai_methods")

_KINDS = (PositionError, ActionError, IllegalActionError, RecordError, BadParams, UnknownMethod)

_STEPS = ("place", "capture", "second")


def call(method_name: str, params=None) -> dict:
    """Run a facade method: ``{"result": ...}`` or ``{"error": {"kind", "message"}}``."""
    try:
        fn = _find(method_name) if isinstance(method_name, str) else None
        if fn is None:
            names = ", ".join(sorted(load_all_methods()))
            raise UnknownMethod(f"There is no method {shown(method_name)}; the methods are {names}.")
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise BadParams(f"The params of {method_name} must be an object, not {type(params).__name__}.")
        return {"result": fn(**check(method_name, params))}
    except _KINDS as e:
        return {"error": {"kind": type(e).__name__, "message": str(e)}}
    except Exception as e:  # a bug: report it, never raise
        return {
            "error": {
                "kind": "InternalError",
                "message": f"Internal error in {clip(str(method_name))}: {type(e).__name__}: {clip(str(e))}",
            }
        }


def _find(name: str):
    """The function of method ``name``, importing the modules of :data:`LAZY_MODULES` in turn
    until one has registered it (None: no module has)."""
    for module in LAZY_MODULES:
        if name in METHODS:
            break
        importlib.import_module(module)
    return METHODS.get(name)


def load_all_methods() -> dict:
    """Import every module of methods; returns :data:`METHODS`, now complete."""
    for module in LAZY_MODULES:
        importlib.import_module(module)
    return METHODS


def _no_constant(name):
    raise BadParams(f"The params are not valid JSON: {name} is not a JSON number.")


def call_json(method_name: str, params_json: str) -> str:
    """JSON in, JSON out; never raises (see the module docstring)."""
    try:
        if params_json in (None, ""):
            params = {}
        else:
            params = json.loads(params_json, parse_constant=_no_constant)
    except BadParams as e:
        out = {"error": {"kind": "BadParams", "message": str(e)}}
    except RecursionError:
        out = {"error": {"kind": "BadParams", "message": "The params are not valid JSON: nested too deeply."}}
    except (TypeError, ValueError) as e:
        out = {"error": {"kind": "BadParams", "message": f"The params are not valid JSON: {clip(str(e))}."}}
    else:
        out = call(method_name, params)
    try:
        return json.dumps(out)
    except (TypeError, ValueError, RecursionError) as e:  # pragma: no cover - a bug
        return json.dumps({"error": {"kind": "InternalError", "message": f"Unserialisable result: {clip(str(e))}"}})


def _actions(texts):
    return [parse_action(t) for t in texts]


# ---------------------------------------------------------------------- view


def _by_colour(values):
    return {COLOUR_NAMES[c]: {TYPE_NAMES[k]: values[c][k] for k in range(3)} for c in (0, 1)}


def view(position: Position, last=()) -> dict:
    """The View dict of a position (see the module docstring); ``last``: Actions."""
    last = list(last)
    stacks = position.stacks()
    captures, stacks_to, place = {}, {}, []
    actions = position.legal_actions()
    losing = [a.text() for a in position.losing_actions()]
    for a in actions:
        if a.kind == CAPTURE:
            captures.setdefault(POINT_NAMES[a.src], []).append(POINT_NAMES[a.dst])
        elif a.kind == STACK:
            stacks_to.setdefault(POINT_NAMES[a.src], []).append(POINT_NAMES[a.dst])
        elif a.kind == PLACE_KIND:
            place.append(a.dst)
    outcome = position.outcome(last[-1] if last else None)
    reason = None
    if outcome is not None:
        reason = {
            "code": outcome.code,
            "type": TYPE_NAMES[outcome.kind] if outcome.kind is not None else None,
            "text": outcome.text(),
        }
    return {
        "position": position.text(),
        "side": COLOUR_NAMES[position.side],
        "step": _STEPS[position.step],
        "opening": position.is_opening,
        "points": {
            POINT_NAMES[p]: {"color": COLOUR_NAMES[s.colour], "type": TYPE_NAMES[s.kind], "height": s.height}
            for p, s in stacks.items()
        },
        "tops": _by_colour([position.tops(0), position.tops(1)]),
        "pieces": {"white": position.pieces(0), "black": position.pieces(1)},
        "reserve": _by_colour([position.reserve(0), position.reserve(1)]),
        "legal": {
            "captures": {k: sorted(v) for k, v in captures.items()},
            "stacks": {k: sorted(v) for k, v in stacks_to.items()},
            "pass": position.can_pass,
            "place": [POINT_NAMES[p] for p in sorted(set(place))],
            "losing": sorted(losing),
            "actions": [a.text() for a in actions],
        },
        "winner": COLOUR_NAMES[outcome.winner] if outcome is not None else None,
        "reason": reason,
        "last": [a.text() for a in last],
    }


# ---------------------------------------------------------------------- methods


@method("new_position", setup=(str, True), seed=(int, False))
def _new_position(setup, seed=None):
    if setup == "standard":
        return {"position": Position.standard().text()}
    if setup == "tournament":
        return {"position": Position.tournament().text()}
    if setup == "random":
        if seed is None:
            seed = _random.SystemRandom().randrange(2**31)
        return {"position": Position.random(seed).text(), "seed": seed}
    raise BadParams(f"new_position: setup must be 'standard', 'random' or 'tournament', not {shown(setup)}.")


@method("view", position=(str, True), last=(list, False))
def _view(position, last=()):
    return view(Position.from_text(position), _actions(last))


def _turn_list(turns) -> list:
    return [{"number": t.number, "side": COLOUR_NAMES[t.side], "actions": [a.text() for a in t.actions]} for t in turns]


@method("play", position=(str, True), actions=(list, True))
def _play(position, actions):
    pos = Position.from_text(position)
    continues = pos.step == 2
    steps = []
    positions = []
    for a in _actions(actions):
        after = pos.apply(a)
        steps.append((pos, a))
        pos = after
        positions.append(pos.text())
    return {
        "positions": positions,
        "turns": _turn_list(turns_of(steps)),
        "continues": continues and bool(steps),
        "view": view(pos, [a for _, a in steps]),
    }


@method("game", start=(str, True), actions=(list, True))
def _game(start, actions):
    start_pos = Position.from_text(start)
    game = Game(start_pos, _actions(actions))
    acts = game.actions
    pos = game.position
    positions = [p.text() for p in game.positions]
    turns = game.turns()
    return {
        "start": start_pos.text(),
        "actions": [a.text() for a in acts],
        "positions": positions,
        "turns": _turn_list(turns),
        "view": view(pos, turns[-1].actions if turns else ()),
    }


