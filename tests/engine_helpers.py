"""Small helpers shared by the engine tests."""

import random

from reference import NAMES

from tzaar.position import Position

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"
EMPTY_W0 = "...../....../......./......../......../......../......./....../..... w0"


def build(stacks: dict, turn: str) -> str:
    """Position text from ``{"E4": "Z", "E5": "t3"}`` and a turn such as ``"w1"``."""
    cols = {}
    for name in NAMES:
        cols.setdefault(name[0], []).append(stacks.get(name, "."))
    return "/".join("".join(c) for c in cols.values()) + " " + turn


def random_game(start: Position, seed: int, limit: int = 400):
    """Positions and actions of a random game (stops at the end or after ``limit``)."""
    rng = random.Random(seed)
    p = start
    positions, actions = [p], []
    for _ in range(limit):
        legal = p.legal_actions()
        if not legal:
            break
        a = rng.choice(legal)
        p = p.apply(a)
        actions.append(a)
        positions.append(p)
    return positions, actions
