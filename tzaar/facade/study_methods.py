"""The facade methods of the study features (:mod:`tzaar.study`): the attack map, the
position check, puzzles and lessons; registered with :func:`.methods.method`, run by
:mod:`tzaar.facade`, loaded on first use.  The attack map's and the position check's calls
never load the search; the lessons' and the puzzles' checks ask the exact solver, imported
on their first call.  Params -> result:

``attack_map {position}`` -> :func:`tzaar.study.attacks.attack_map`: ``{side, captures,
    threatened, last}``.
``check_position {position}`` -> ``{possible, reason, position}``: whether the text is a
    position some game can reach (``reason`` says why not; ``position`` is the canonical
    text, or null).
``puzzle_check {position, actions}`` -> ``{status: "continue"|"solved"|"failed", defence,
    reason}``: judges the player's actions since the puzzle's start (the defence included);
    see :func:`tzaar.study.puzzles.check_answer`.
``lessons {}`` -> ``{lessons: [{id, steps: [{position, goal, hint, solution}]}]}``
    (:data:`tzaar.study.lesson_data.LESSONS`).
``lesson_check {lesson, step, actions}`` -> ``{status: "continue"|"done"|"wrong",
    reason: null|{code, ...}, defence: [action]}``; ``step`` counts from 0, ``actions`` are
    everything played since the step's position (a defence the page played included); see
    :func:`tzaar.study.lessons.check_step`.
"""

from __future__ import annotations

from ..rules.notation import parse_action
from ..rules.position import Position
from ..study.attacks import attack_map, check_position
from ..study.lesson_data import LESSONS
from .methods import BadParams, method


@method("attack_map", position=(str, True))
def _attack_map(position):
    return attack_map(Position.from_text(position))


@method("check_position", position=(str, True))
def _check_position(position):
    pos, why = check_position(position)
    return {"possible": pos is not None, "reason": why, "position": pos.text() if pos else None}


@method("puzzle_check", position=(str, True), actions=(list, True))
def _puzzle_check(position, actions):
    from ..study.puzzles import check_answer  # the solver: on the first check

    pos = Position.from_text(position)
    if pos.step != 1 or pos.winner is not None:
        raise BadParams("puzzle_check: the puzzle position must be the start of a turn of a game not over.")
    return check_answer(pos, [parse_action(t) for t in actions])


def find_step(lesson: str, step: int) -> dict:
    """The step ``step`` (from 0) of the lesson ``lesson``; BadParams when there is none."""
    for entry in LESSONS:
        if entry["id"] == lesson:
            if 0 <= step < len(entry["steps"]):
                return entry["steps"][step]
            raise BadParams(f"The lesson {lesson} has no step {step} (it has {len(entry['steps'])}).")
    names = ", ".join(e["id"] for e in LESSONS)
    raise BadParams(f"There is no lesson {lesson!r}; the lessons are {names}.")


@method("lessons")
def _lessons():
    return {"lessons": [{"id": e["id"], "steps": [dict(s) for s in e["steps"]]} for e in LESSONS]}


@method("lesson_check", lesson=(str, True), step=(int, True), actions=(list, True))
def _lesson_check(lesson, step, actions):
    from ..study.lessons import check_step  # the solver: on the first check

    return check_step(find_step(lesson, step), actions)
