"""Small helpers shared by the engine tests (tests/ and lab/tests/; no test module imports
another)."""

import random
from functools import cache
from pathlib import Path

import pytest
from reference import NAMES

from tzaar.rules.position import Position

DATA = Path(__file__).parent / "data"

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"
EMPTY_W0 = "...../....../......./......../......../......../......./....../..... w0"
#: Found by the puzzles' generator (python -m lab.puzzlegen --seed 110 --games 1): White to
#: play and win in 2 turns with G4xB6.
PUZZLE = "t2A.../.....a2/......T/.AA....A/..T2....a2/.Z3....../.t3.Z3.../....../....z4 w1"


def build(stacks: dict, turn: str) -> str:
    """Position text from ``{"E4": "Z", "E5": "t3"}`` and a turn such as ``"w1"``."""
    cols = {}
    for name in NAMES:
        cols.setdefault(name[0], []).append(stacks.get(name, "."))
    return "/".join("".join(c) for c in cols.values()) + " " + turn


#: White takes Black's only Tzaar at once: a win in 1 turn, so no puzzle.
IN_ONE = build({"F6": "Z", "C6": "A", "G6": "T", "D5": "z", "H2": "a", "G3": "t", "H5": "t"}, "w1")


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


def playout(start: Position, seed, actions: int) -> Position:
    """The position after up to ``actions`` random legal actions (``seed``: a number, or a
    random.Random to draw from)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    p = start
    for _ in range(actions):
        legal = p.legal_actions()
        if not legal:
            break
        p = p.apply(rng.choice(legal))
    return p


def random_positions(games: int, fewest: int, most: int):
    """The positions, none finished, of ``games`` seeded random games (random and standard
    setups in turn) after ``fewest`` to ``most - 1`` random actions."""
    for seed in range(games):
        rng = random.Random(seed)
        p = Position.standard() if seed % 2 else Position.random(seed)
        p = playout(p, rng, rng.randrange(fewest, most))
        if p.winner is None:
            yield p


def check_turn(p: Position, actions):
    """The actions are legal and make up exactly the rest of the turn."""
    assert actions, p.text()
    side = p.side
    q = p
    for i, a in enumerate(actions):
        assert q.side == side and q.winner is None, (p.text(), actions)
        q = q.apply(a)  # raises IllegalActionError
        if i < len(actions) - 1:
            assert q.side == side, (p.text(), actions)
    assert q.side != side or q.winner is not None, (p.text(), actions)
    return q


def hands_over(p: Position, after: Position) -> bool:
    """After the turn from ``p`` to ``after``, the enemy can capture the mover's only stack
    topped by a type (an absurd gift, when some turn avoids it)."""
    if after.winner is not None:
        return False
    tops = after.tops(p.side)
    stacks = after.stacks()
    return any(stacks[a.code() & 63].colour == p.side and tops[stacks[a.code() & 63].kind] == 1 for a in after.legal_actions())


def played(p: Position, player: str, seed: int) -> tuple[list, Position]:
    """``player``'s rest of the turn of ``p`` (checked legal and whole): its action texts and
    the position after it."""
    from tzaar.ai import run_think
    from tzaar.rules.notation import action_texts

    actions, _ = run_think(p.board(), player, seed)
    texts, q = [], p
    for a in actions:
        texts.append(action_texts([a], q.board())[0])
        q = q.apply(texts[-1])
    check_turn(p, texts)
    return texts, q


def fair_checks(player: str, positions) -> int:
    """``player``'s turn on each of ``positions`` (seed: its index) kept Novice's rules: a win
    taken where a turn wins, no loss by its own hand where a turn avoids it, its last stack of
    a type not handed over where a turn keeps it safe (asserted); how many positions tested the
    last rule."""
    checked = 0
    for i, p in enumerate(positions):
        options = list(turns_of(p))
        texts, q = played(p, player, i)
        if any(0 in q2.tops(1 - p.side) for _, q2 in options):
            assert 0 in q.tops(1 - p.side), p.text()  # the win taken
            continue
        if any(q2.winner is None for _, q2 in options):
            assert q.winner is None, (p.text(), texts)  # no stacking that loses at once
        if any(q2.winner is None and not hands_over(p, q2) for _, q2 in options):
            assert not hands_over(p, q), (p.text(), texts)  # its last stack of a type not handed over
            checked += 1
    return checked


def perft_cases():
    """The lines of tests/data/perft.txt as pytest params (text, depth, count)."""
    for line in (DATA / "perft.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        depth, count, text = line.split(" ", 2)
        yield pytest.param(text, int(depth), int(count), id=f"{text[:24]}-d{depth}")


@cache
def _endgames() -> dict:
    """(seed, careful) -> [(stacks, position text)] of tests/data/endgames.txt, in game order."""
    games: dict = {}
    for line in (DATA / "endgames.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, text = line.split(": ", 1)
        seed, careful, _ = map(int, key.split())
        stacks = sum(c.isalpha() for c in text.split()[0])
        games.setdefault((seed, careful), []).append((stacks, text))
    return games


def endgame_positions(seed: int, max_stacks: int, min_stacks: int = 4, careful: int = 20) -> list:
    """Texts of the positions with ``min_stacks``..``max_stacks`` stacks of one seeded game
    between random players that do not throw the game away: what
    ``lab.solver_bench.endgame_positions`` gives, kept as data (tests/data/endgames.txt,
    checked against it by lab/tests/test_solver_bench.py); a seed it does not list has no
    position within the reaches kept there."""
    return [text for stacks, text in _endgames().get((seed, careful), []) if min_stacks <= stacks <= max_stacks]


#: Endgames with longer results, found with :func:`endgame_positions` (seeds 0-149,
#: 9-13 stacks); their expected values are computed by exhaustive minimax in tests/test_solver.py.
LONGER = [
    "a..../...z2../t....../....t.Za/Z2......./.......T/......A2/.AT.../..... b1",
    "...A./.z2.T../.....Z./A...Z..T/t......./.....T../......a/..a2.../.t... w2",
    "A.A../.z2..../...a.../....T..T/..A.Z2.../A......a2/....t.t/...t../..... w1",
    "Z.T2../....../.T2...../A......t2/...A2.t../t...a..a2/.....A./.A..../....z2 w1",
    ".Z2T.T/.a.t../A....../...tT.../......z2./.......A/......./a..a../..... w2",
    "a..../..t.z./...T..z/.......z/......../A...T.../..Z..../.....Z/.t..T w2",
    "Z2..../..z.t2T/......./...t..../...T..../...A...z2/......A2/a2...../.T..A w2",
]


@cache
def turns_of(p: Position) -> list:
    """Every rest of the turn of ``p``, as lists of action texts, with the position after it."""
    return list(_turns_of(p))


def _turns_of(p: Position):
    for a in p.legal_actions():
        q = p.apply(a)
        if q.side != p.side or q.winner is not None:
            yield [a.text()], q
        else:
            for b in q.legal_actions():
                yield [a.text(), b.text()], q.apply(b)
