"""A/B matches of engine settings: ``python -m lab.ab GAMES NODES[,NODES_B] SEED A B [JOBS]``.

NODES may instead be seconds a turn, ``1s`` (or ``1s,1.2s``): both at equal time, where
the time rules (:mod:`tzaar.ai.timing`) act and a setting's cost in time counts.

Both players are today's ``expert``, in one process, each with its own settings of module
constants of :mod:`tzaar.ai` set before each of its turns: ``A`` and ``B`` are
``"module.NAME=VALUE;..."`` (for example ``"search.PRUNE_STACKINGS=0"``; a VALUE is a Python
literal or an integer expression such as ``1<<30``).  ``B`` may instead name a frozen
player (``expert-v2``, :mod:`.frozen`): then A's setting is measured against that engine.
A searches NODES a turn, B NODES_B (NODES if not given), so a change that costs time a node
can be given fewer nodes for equal time.  Mixed setups, both colours (:func:`.match.run_match`); prints each game, then the
score, Elo and its 95% interval.  Results are in docs/benchmarks-log.md.
"""

from __future__ import annotations

import ast
import importlib
import sys

from tzaar.ai import match, players

from .frozen import frozen_names, run_frozen

USAGE = ('usage: python -m lab.ab GAMES NODES[,NODES_B] SEED "mod.NAME=VALUE;..." "mod.NAME=VALUE;..."|FROZEN [JOBS]'
         ' (FROZEN: a frozen player, expert-v2; NODES as 1s: seconds a turn)')


class BadSetting(ValueError):
    """A setting that is not ``module.NAME=VALUE`` of an existing constant."""


def _value(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        pass
    tree = ast.parse(text, mode="eval")  # an integer expression of literals: 1<<30, 3*4
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator, ast.unaryop)
    if not all(isinstance(node, allowed) for node in ast.walk(tree)):
        raise BadSetting(f"not a literal: {text!r}")
    return eval(compile(tree, "<setting>", "eval"), {"__builtins__": {}})


def parse_settings(spec: str) -> list:
    """``"search.A=1;evaluate.B=2"`` -> [(module, name, value)], each constant checked to exist."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        key, eq, text = part.partition("=")
        mod, _, name = key.strip().rpartition(".")
        if not eq or not mod or not name:
            raise BadSetting(f"not module.NAME=VALUE: {part!r}")
        try:
            module = importlib.import_module(f"tzaar.ai.{mod}")
        except ImportError:
            raise BadSetting(f"no module tzaar.ai.{mod}") from None
        if not hasattr(module, name):
            raise BadSetting(f"tzaar.ai.{mod} has no {name}")
        out.append((module, name, _value(text.strip())))
    return out


def run(games: int, nodes_a, nodes_b, seed: int, a: list, b, jobs: int = 1, progress=None):
    """Play the match; returns the results of :func:`.match.run_match` (A as player one).
    ``b``: B's settings, or the name of a frozen player (a str) that plays B.  A budget
    is nodes (an int) or seconds (a float)."""
    frozen = b if isinstance(b, str) else None
    b = [] if frozen else b
    defaults = {(m, n): getattr(m, n) for m, n, _ in a + b}

    def think(board, name, seed=0, seconds=None, nodes=None):
        for (m, n), v in defaults.items():  # a name one side sets and the other does not
            setattr(m, n, v)
        if frozen and name != "expert":
            return run_frozen(board, frozen, seed, seconds, nodes)
        for m, n, v in a if name == "expert" else b:
            setattr(m, n, v)
        return players.run_think(board, "expert", seed, seconds, nodes)

    try:
        return match.run_match(_spec("expert", nodes_a), _spec("master", nodes_b),
                               games, "mixed", seed, jobs, progress, player=think)
    finally:
        for (m, n), v in defaults.items():
            setattr(m, n, v)


def _spec(name: str, budget) -> match.Spec:
    return match.Spec(name, budget, None) if isinstance(budget, float) else match.Spec(name, None, budget)


def _budget(text: str):
    """``8000`` -> 8000 nodes, ``1s`` or ``0.5s`` -> seconds (a float)."""
    return float(text[:-1]) if text.endswith("s") else int(text)


def main(argv) -> int:
    if len(argv) not in (5, 6):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        games, seed = int(argv[0]), int(argv[2])
        first, _, second = argv[1].partition(",")
        nodes_a = _budget(first)
        nodes_b = _budget(second) if second else nodes_a
        jobs = int(argv[5]) if len(argv) == 6 else 1
        a = parse_settings(argv[3])
        b = argv[4] if argv[4] in frozen_names() else parse_settings(argv[4])
    except ValueError as error:
        print(f"ab: {error}", file=sys.stderr)
        return 2
    results = run(games, nodes_a, nodes_b, seed, a, b, jobs,
                  lambda g: print(g["index"], "A" if g["p1_won"] else "B", g["actions"], g.get("ending"), flush=True))
    print(match.summary(_spec("A:" + argv[3], nodes_a), _spec("B:" + argv[4], nodes_b), results, "mixed"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
