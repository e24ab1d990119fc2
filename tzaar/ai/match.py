"""Matches between players: games from standard, random and tournament setups, Elo.

A player spec is ``(name, seconds, nodes)``: a level name, ``random`` or ``greedy``,
with optional budget overrides.  Colours alternate; with ``mixed`` setups each pair of
games is played from the same setup (standard or a seeded random one) with both colours.
A game always ends (every turn removes a piece); a cap on the number of actions guards
against a bug anyway.

Who plays a name is a function ``player(board, name, seed, seconds, nodes) -> (actions,
info)``, :func:`~.players.run_think` unless the caller passes another (the lab's matches
against frozen engines and of engine settings do).
"""

from __future__ import annotations

import math
import time
from typing import Callable, NamedTuple, Optional

from ..rules.position import Position
from .players import run_think

#: ``player(board, name, seed, seconds, nodes) -> (action ints, last info)``.
Player = Callable[..., tuple]

#: No TZAAR game is that long (60 placements + at most 59 turns of 2 actions).
MAX_ACTIONS = 400


class Spec(NamedTuple):
    name: str
    seconds: Optional[float] = None
    nodes: Optional[int] = None

    def label(self) -> str:
        extra = []
        if self.seconds is not None:
            extra.append(f"{self.seconds:g}s")
        if self.nodes is not None:
            extra.append(f"{self.nodes}n")
        return self.name + (f"[{','.join(extra)}]" if extra else "")


def setup_position(setup: str, pair: int, seed: int) -> Position:
    if setup == "standard":
        return Position.standard()
    if setup == "random":
        return Position.random(seed * 10007 + pair)
    if setup == "tournament":
        return Position.tournament()
    if setup == "mixed":
        return Position.standard() if pair % 2 == 0 else Position.random(seed * 10007 + pair)
    raise ValueError(f"unknown setup {setup!r} (standard, random, tournament or mixed)")


def play_game(white: Spec, black: Spec, start: Position, seed: int = 0, player: Player = run_think) -> dict:
    """Play one game; returns ``{winner (0/1), actions, turns, seconds: [white, black]}``."""
    board = start.board()
    players = (white, black)
    spent = [0.0, 0.0]
    turns = [0, 0]
    n = 0
    while board.winner() is None and board.moves():
        side = board.side
        p = players[side]
        t0 = time.perf_counter()
        acts, _ = player(board, p.name, seed * 1_000_003 + n, p.seconds, p.nodes)
        spent[side] += time.perf_counter() - t0
        turns[side] += 1
        for a in acts:
            board.do(a)
            n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError(f"a game ran past {MAX_ACTIONS} actions: {board.text()}")
    # How the loser lost: "no-capture" (starved) or "lost-type" (a type gone).
    ending = Position.from_text(board.text()).outcome().code
    return {"winner": board.winner(), "actions": n, "turns": turns, "seconds": spent, "ending": ending}


def _one(args, player: Player = run_think):
    i, p1, p2, setup, seed = args
    pair = i // 2
    start = setup_position(setup, pair, seed)
    if i % 2 == 0:
        white, black = p1, p2
    else:
        white, black = p2, p1
    g = play_game(white, black, start, seed * 7919 + i, player)
    p1_white = i % 2 == 0
    g["p1_won"] = (g["winner"] == 0) == p1_white
    g["p1_seconds"] = g["seconds"][0 if p1_white else 1]
    g["p1_turns"] = g["turns"][0 if p1_white else 1]
    g["p2_seconds"] = g["seconds"][1 if p1_white else 0]
    g["p2_turns"] = g["turns"][1 if p1_white else 0]
    g["index"] = i
    g["setup"] = "standard" if start == Position.standard() else ("tournament" if start.step == 0 else "random")
    g["p1_white"] = p1_white
    return g


def _to_elo(s):
    if s <= 0:
        return float("-inf")
    if s >= 1:
        return float("inf")
    return -400 * math.log10(1 / s - 1)


def elo_interval(wins: int, games: int, z: float = 1.96):
    """The 95% interval (low, high) of the Elo difference: the Wilson score interval of
    the score (no draws in TZAAR), mapped to Elo; a perfect score has no upper bound."""
    if games == 0:
        return float("-inf"), float("inf")
    p = wins / games
    d = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    lo = 0.0 if wins == 0 else mid - half
    hi = 1.0 if wins == games else mid + half
    return _to_elo(lo), _to_elo(hi)


def elo(wins: int, games: int):
    """(Elo difference, error) from a score of wins out of games (no draws in TZAAR).

    A perfect or null score is shrunk by half a game so the difference stays finite; the
    error is the larger distance from it to a finite end of :func:`elo_interval`.
    """
    if games == 0:
        return 0.0, float("inf")
    diff = _to_elo(min(max(wins, 0.5), games - 0.5) / games)
    lo, hi = elo_interval(wins, games)
    err = max(e for e in (diff - lo, hi - diff) if math.isfinite(e))
    return diff, err


#: The player of the games of a worker process (set by :func:`_set_player` as it starts).
_worker_player: Player = run_think


def _set_player(player: Player) -> None:
    global _worker_player
    _worker_player = player


def _one_in_worker(args):
    return _one(args, _worker_player)


def run_match(p1: Spec, p2: Spec, games: int, setup: str = "mixed", seed: int = 1, jobs: int = 1, progress=None,
              first: int = 0, player: Player = run_think):
    """Play ``games`` games, from game index ``first`` on (a match split in parts plays the
    same games as one run); returns the list of game dicts (see :func:`_one`).

    With ``jobs`` above 1 the games run in forked processes; ``player`` reaches them
    through the fork, not pickled, so it may be a closure."""
    tasks = [(i, p1, p2, setup, seed) for i in range(first, first + games)]
    results = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs, _set_player, (player,)) as pool:
            for g in pool.imap_unordered(_one_in_worker, tasks):
                results.append(g)
                if progress:
                    progress(g)
    else:
        for t in tasks:
            g = _one(t, player)
            results.append(g)
            if progress:
                progress(g)
    results.sort(key=lambda g: g["index"])
    return results


def summary(p1: Spec, p2: Spec, results, setup: str) -> str:
    n = len(results)
    w1 = sum(g["p1_won"] for g in results)
    w2 = n - w1
    diff, err = elo(w1, n)
    white_wins = sum(g["winner"] == 0 for g in results)
    t1 = sum(g["p1_seconds"] for g in results) / max(1, sum(g["p1_turns"] for g in results))
    t2 = sum(g["p2_seconds"] for g in results) / max(1, sum(g["p2_turns"] for g in results))
    acts = sum(g["actions"] for g in results) / max(1, n)
    a, b = p1.label(), p2.label()
    lines = [
        f"{a} vs {b}: {n} games, setup {setup}",
        f"{a}: {w1} wins; {b}: {w2} wins; score {100 * w1 / max(1, n):.1f}% for {a}",
        f"Elo difference ({a} - {b}): {diff:+.0f} +/- {err:.0f} (95% interval "
        f"{elo_interval(w1, n)[0]:+.0f} .. {elo_interval(w1, n)[1]:+.0f})",
        f"white won {white_wins} of {n}; {acts:.0f} actions a game; "
        f"seconds per turn: {a} {t1:.3f}, {b} {t2:.3f}",
    ]
    starved = [sum(g["ending"] == "no-capture" and g["p1_won"] != first for g in results) for first in (True, False)]
    lines.append(f"losses by starvation (no capture): {a} {starved[0]} of {w2}, {b} {starved[1]} of {w1}")
    return "\n".join(lines)


__all__ = ["Spec", "Player", "play_game", "run_match", "summary", "elo", "elo_interval", "setup_position", "MAX_ACTIONS"]
