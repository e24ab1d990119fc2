"""The explanations of :mod:`.explain` in English sentences, for the command line.

The page says the same in its seven languages (web/analysis/explain.js): each code has the
key of web/lang/*.json named in :data:`KEYS`, and :data:`ENGLISH` holds those keys' English
texts, word for word (tests/test_explain_i18n.py checks them against web/lang/en.json).
Placeholders: ``{played}`` the turn, ``{best}`` the better turn, ``{line}`` the reason's line,
``{turn}`` a whole turn of its params, ``{by}``/``{side}`` the opponent's and the mover's
colour, ``{type}``/``{taken}`` types, ``{n}`` the number (types left, turns), and the params
``{capture}``, ``{action}``, ``{point}`` as they are; a capture or stacking that needs its turn's
first action (the param ``first``) is said with it: :data:`THEN`'s "A2xA1 and then B1-A1".
A reason whose actions take two stacks of a type (``count`` 2) has its own text (:data:`TWO`).
"""

from __future__ import annotations

__all__ = ["ENGLISH", "KEYS", "LAST_THREATENED", "LAST_UNDER_ATTACK", "THEN", "TWO", "explanation_text", "reason_key",
           "reason_text"]

#: The text key of each code: of what the played turn allowed, of what the better turn achieved.
KEYS = {
    "allowed": {
        "takes-last": "review.why.takesLast",
        "starves": "review.why.starves",
        "covers-last": "review.why.coversLast",
        "proven-loss": "review.why.provenLoss",
        "takes-scarce": "review.why.takesScarce",
        "secures": "review.why.secures",
        "threatens": "review.why.threatens",
        "few-captures": "review.why.fewCaptures",
    },
    "achieved": {
        "wins-type": "review.why.winsType",
        "wins-starve": "review.why.winsStarve",
        "proven-win": "review.why.provenWin",
        "removes-threat": "review.why.removesThreat",
        "takes-scarce": "review.why.takesScarceBetter",
        "secures": "review.why.securesBetter",
    },
}
LAST_THREATENED = "review.why.removesThreatLast"
LAST_UNDER_ATTACK = "review.why.threatensLast"
BETTER = "review.why.better"
#: Two actions named as one: a capture or a stacking with the first action it needs.
THEN = "review.why.then"
#: The key of a reason whose actions take two stacks of its type (``count`` 2).
TWO = {
    ("allowed", "takes-last"): "review.why.takesBoth",
    ("allowed", "takes-scarce"): "review.why.takesScarceTwo",
    ("achieved", "takes-scarce"): "review.why.takesScarceBetterTwo",
}

#: The English of the keys (a text with a number: its "one" and "other" forms).
ENGLISH = {
    "review.why.takesLast": "After {played}, {by} takes your last {type} with {capture}: you have no {type} left.",
    "review.why.takesBoth": "After {played}, {by} takes both your {type} stacks with {capture}: you have no {type} left.",
    "review.why.starves": "After {played}, {by} can leave you with no capture: {turn} starves you next turn.",
    "review.why.coversLast": "{action} covers your own last {type}: that loses at once.",
    "review.why.provenLoss": {
        "one": "After {played}, {by} wins by force in {n} turn (proven by the endgame solver), starting with {line}.",
        "other": "After {played}, {by} wins by force in {n} turns (proven by the endgame solver), starting with {line}.",
    },
    "review.why.takesScarce": "After {played}, {by} takes your {type} on {point} with {capture}: you have {n} left.",
    "review.why.takesScarceTwo": "After {played}, {by} takes two of your {type} stacks with {capture}: you have {n} left.",
    "review.why.secures": "After {played}, {by} can play {action}: their {type} stack on {point} is then too tall "
    "for any of your stacks to take.",
    "review.why.threatens": "After {played} and {by}'s {line}, the stack on {attacker} threatens your {type} on {point}, one of your last {n}.",
    "review.why.threatensLast": "After {played} and {by}'s {line}, the stack on {attacker} threatens your last {type} on {point}.",
    "review.why.fewCaptures": {
        "one": "After {played} and {by}'s {line}, you have only {n} capture left.",
        "other": "After {played} and {by}'s {line}, you have only {n} captures left.",
    },
    "review.why.winsType": "{capture} would have taken {by}'s last {type} and won at once.",
    "review.why.winsStarve": "{turn} would have left {by} with no capture and won at once.",
    "review.why.provenWin": {
        "one": "{best} wins by force in {n} turn (proven by the endgame solver).",
        "other": "{best} wins by force in {n} turns (proven by the endgame solver).",
    },
    "review.why.removesThreat": "{capture} would have taken the {taken} that threatened your {type} on {point}.",
    "review.why.removesThreatLast": "{capture} would have taken the {taken} that threatened your last {type}.",
    "review.why.takesScarceBetter": {
        "one": "{capture} would have taken one of {by}'s {type} stacks, leaving just {n}.",
        "other": "{capture} would have taken one of {by}'s {type} stacks, leaving {n}.",
    },
    "review.why.takesScarceBetterTwo": {
        "one": "{capture} would have taken two of {by}'s {type} stacks, leaving just {n}.",
        "other": "{capture} would have taken two of {by}'s {type} stacks, leaving {n}.",
    },
    "review.why.securesBetter": "{action} would have made your {type} stack on {point} too tall for any {by} stack "
    "to take.",
    "review.why.better": "Better: {best}.",
    "review.why.then": "{first} and then {second}",
}


def reason_key(reason: dict, achieved: bool = False) -> str:
    """The text key of a reason of ``reasons`` (``achieved`` False) or of ``better``."""
    table = KEYS["achieved" if achieved else "allowed"]
    if reason["code"] not in table:
        raise ValueError(f"unknown reason code {reason['code']!r}")
    two = TWO.get(("achieved" if achieved else "allowed", reason["code"]))
    if two and reason["params"].get("count") == 2:
        return two
    if achieved and reason["code"] == "removes-threat" and reason["params"]["last"]:
        return LAST_THREATENED
    if not achieved and reason["code"] == "threatens" and reason["params"]["left"] == 1:
        return LAST_UNDER_ATTACK
    return table[reason["code"]]


def _fields(reason: dict, played: list, best: list) -> dict:
    p = reason["params"]
    out = {"played": " ".join(played), "best": " ".join(best), "line": " ".join(reason["line"])}
    for key, value in p.items():
        if key in ("side", "by", "type", "taken"):
            out[key] = value.capitalize()
        elif key == "turn":
            out[key] = " ".join(value)
        elif key in ("left", "turns"):
            out["n"] = value
        elif key in ("capture", "action") and p.get("first"):
            out[key] = _fill(THEN, {"first": p["first"], "second": value})
        else:
            out[key] = value
    return out


def _fill(key: str, fields: dict) -> str:
    text = ENGLISH[key]
    if isinstance(text, dict):
        text = text["one" if fields.get("n") == 1 else "other"]
    return text.format(**fields)


def reason_text(reason: dict, played: list, best: list, achieved: bool = False) -> str:
    """One reason in English: of ``reasons`` (``achieved`` False) or of ``better``."""
    return _fill(reason_key(reason, achieved), _fields(reason, played, best))


def explanation_text(explanation, played: list, best: list) -> list:
    """The sentences of a reviewed turn's ``explanation`` (none when it is None), the turn
    ``played`` and the ``best`` one in action texts: what the played turn allowed, then what
    the better turn achieved, or "Better: ..." when none is named."""
    if not explanation:
        return []
    out = [reason_text(r, played, best) for r in explanation["reasons"]]
    out += [reason_text(r, played, best, achieved=True) for r in explanation["better"]]
    if not explanation["better"]:
        out.append(_fill(BETTER, {"best": " ".join(best)}))
    return out
