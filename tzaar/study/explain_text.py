"""The explanations of :mod:`.explain` in English sentences (the command line's; the page
says them in its seven languages, web/analysis/explain.js, whose English is the same)."""

from __future__ import annotations

__all__ = ["explanation_text", "reason_text"]


def _fields(reason: dict, played: list, best: list) -> dict:
    """The template fields of a reason: its params, colours and types capitalised, lines as text."""
    p = dict(reason["params"])
    for key in ("side", "by", "type", "taken"):
        if key in p:
            p[key.capitalize()] = p[key].capitalize()
    if "turn" in p:
        p["turn"] = " ".join(p["turn"])
    return {**p, "played": " ".join(played), "best": " ".join(best), "line": " ".join(reason["line"])}


#: What the played turn allowed (:func:`tzaar.study.explain.explain_turn`'s ``reasons``).
ALLOWED = {
    "takes-last": "After {played}, {By} takes your last {Type} with {capture} and you have no {Type} left.",
    "starves": "After {played}, {By} can leave you with no capture: {turn} starves you next turn.",
    "covers-last": "{action} covers your own last {Type}: that loses at once.",
    "proven-loss": "After {played}, {By} wins by force in {turns} turns (proven by the endgame solver), starting with {line}.",
    "takes-scarce": "After {played}, {By} takes your {Type} on {point} with {capture}: you have {left} left.",
    "secures": "This gives {By} a stacking onto {point} ({action}) that no {side} stack is tall enough to take: {By}'s {Type}s are safe from capture.",
}
#: What the better turn achieved (``better``).
ACHIEVED = {
    "wins-type": "{capture} would have taken {By}'s last {Type} and won at once.",
    "wins-starve": "{turn} would have left {By} with no capture and won at once.",
    "proven-win": "{best} wins by force in {turns} turns (proven by the endgame solver).",
    "removes-threat": "{capture} would have taken the {Taken} that threatened your {Type} on {point}.",
    "takes-scarce": "{capture} would have taken one of {By}'s {Type}s, leaving {left}.",
    "secures": "{action} would have made your stack on {point} too tall for any {by} stack to take: your {Type}s safe from capture.",
}
LAST_THREATENED = "{capture} would have taken the {Taken} that threatened your last {Type}."


def reason_text(reason: dict, played: list, best: list, achieved: bool = False) -> str:
    """One reason in English: of ``reasons`` (``achieved`` False) or of ``better``."""
    table = ACHIEVED if achieved else ALLOWED
    code = reason["code"]
    if code not in table:
        raise ValueError(f"unknown reason code {code!r}")
    template = LAST_THREATENED if achieved and code == "removes-threat" and reason["params"]["last"] else table[code]
    return template.format(**_fields(reason, played, best))


def explanation_text(turn: dict) -> list:
    """The sentences of a reviewed turn's ``explanation`` (none when it has none): what the
    played turn allowed, then what the better turn achieved, or "Better: ..." when none is named."""
    explanation = turn.get("explanation")
    if not explanation:
        return []
    played, best = turn["actions"], turn["best"]
    out = [reason_text(r, played, best) for r in explanation["reasons"]]
    out += [reason_text(r, played, best, achieved=True) for r in explanation["better"]]
    if not explanation["better"]:
        out.append(f"Better: {' '.join(best)}.")
    return out
