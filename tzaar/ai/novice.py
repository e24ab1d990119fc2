"""Players that choose by plain rules, not by a search: Novice and the random players.

**Novice** (the level ``novice``) plays as a person who has just done the lessons: it knows
the rules and the three ways a game is lost, looks at its own turn only, and picks among
the turns that break none of its rules at random.  Its rules, in order:

1. A turn that wins at once (it takes the enemy's last stack of a type, or leaves the
   enemy with no capture) is always played when there is one.
2. It never loses by its own hand: no stacking that covers its own last stack of a type.
3. It does not hand over its last stack of a type: a turn after which an enemy stack can
   capture its only stack topped by a type is played only when every turn does so.
4. Among the turns left it takes a random capture first; then it passes in
   :data:`PASSES` of its turns (a newcomer often ends the turn after its capture), else
   makes a random second capture, or a random stacking when it has no capture.

**Random** (``random``) and **random capturing** (``random-capturing``), players for matches
and tests, not levels: uniform random actions, the capturer always a capture when it has one
(its second action too); one loop, :func:`random_turn`, plays both.

All draw every choice from the ``random.Random`` they are given, so a seed replays.
"""

from __future__ import annotations

import random

from ..rules.board import HEIGHT, PASS, Board
from ..rules.geometry import NUM_POINTS, SENTINEL

#: The share of Novice's turns of two actions that it ends with a pass after the capture: the
#: weakness that makes it lose about half its games to the random capturer (BENCHMARKS.md;
#: with none it wins nine in ten).
PASSES = 0.7


def _slot(colour: int, kind: int) -> int:
    """The index of ``board.tops`` of a colour's stacks topped by a type."""
    return colour * 3 + kind


def exposed(board: Board, colour: int) -> bool:
    """True if an enemy stack can capture the colour's only stack topped by some type.

    Whose turn it is does not matter: the question is what the enemy could take next."""
    cells = board.cells
    for kind in range(3):
        if board.tops[_slot(colour, kind)] != 1:
            continue
        for p in range(NUM_POINTS):
            c = cells[p]
            if c and (c > 0) == (colour == 0) and abs(c) & 3 == kind:
                height = HEIGHT[c]
                for q in board.links[p]:
                    if q != SENTINEL and cells[q] and (cells[q] > 0) != (c > 0) and HEIGHT[cells[q]] >= height:
                        return True
                break
    return False


def _turns(board: Board) -> list[tuple[int, ...]]:
    """Every rest of the current turn (one or two actions), as tuples of action ints."""
    side = board.side
    out = []
    for a in board.moves():
        board.do(a)
        if board.side != side or board.winner() is not None:
            out.append((a,))
        else:
            out.extend((a, b) for b in board.moves())
        board.undo()
    return out


def _judge(board: Board, turn: tuple[int, ...]) -> tuple[bool, bool, bool]:
    """(wins, loses at once, hands over a last stack of a type) of playing ``turn``."""
    side = board.side
    for a in turn:
        board.do(a)
    try:
        w = board.winner()
        took_type = not all(board.tops[_slot(1 - side, k)] for k in range(3))
        return took_type, w is not None and w != side, w is None and exposed(board, side)
    finally:
        for _ in turn:
            board.undo()


def fair_turns(board: Board) -> tuple[list[tuple[int, ...]], bool]:
    """The turns Novice's rules leave on ``board`` (restored), and whether they win: every
    turn that takes the enemy's last stack of a type (rule 1) when there is one; else those that
    do not lose at once (rule 2) and, of them, those that do not hand over a last stack of a type
    (rule 3), each rule dropped when no turn keeps it.  ``([], False)`` when there is no turn."""
    turns = _turns(board)
    judged = [(t, _judge(board, t)) for t in turns]
    wins = [t for t, (win, _, _) in judged if win]
    if wins:
        return wins, True
    fair = [(t, handed) for t, (_, lost, handed) in judged if not lost] or [(t, j[2]) for t, j in judged]
    return [t for t, handed in fair if not handed] or [t for t, _ in fair], False


def novice_turn(board: Board, rng: random.Random) -> list[int]:
    """Novice's rest of the turn on ``board`` (restored): see the module's rules."""
    pool, wins = fair_turns(board)
    if not pool:
        return []
    if wins:
        return list(rng.choice(pool))
    first = rng.choice(sorted({t[0] for t in pool}))
    rests = [t for t in pool if t[0] == first]
    if len(rests) == 1:
        return list(rests[0])
    passes = [t for t in rests if t[1] == PASS]
    if passes and rng.random() < PASSES:
        return list(passes[0])
    board.do(first)
    captures = [t for t in rests if board.is_capture(t[1])]
    board.undo()
    others = [t for t in rests if t[1] != PASS and t not in captures]
    return list(rng.choice(captures or others or rests))


def random_turn(board: Board, rng: random.Random, captures_first: bool = False) -> list[int]:
    """A random player's rest of the turn on ``board`` (restored): each action drawn from
    ``rng`` among the legal ones, or among the captures when ``captures_first`` and there is
    one, until the turn passes to the enemy or the game is won."""
    side = board.side
    out: list[int] = []
    try:
        while True:
            moves = board.moves()
            if not moves:
                break
            if captures_first:
                moves = [a for a in moves if board.is_capture(a)] or moves
            a = rng.choice(moves)
            out.append(a)
            board.do(a)
            if board.side != side or board.winner() is not None:
                break
    finally:
        for _ in out:
            board.undo()
    return out


def random_capturing_turn(board: Board, rng: random.Random) -> list[int]:
    """The random capturer's rest of the turn on ``board`` (restored): a random capture
    whenever it has one, else a random stacking or pass."""
    return random_turn(board, rng, captures_first=True)


__all__ = ["PASSES", "exposed", "fair_turns", "novice_turn", "random_capturing_turn", "random_turn"]
