"""Tuning the evaluation's weights on self-play (Texel's method): ``python -m lab.tune``.

Two steps, each a subcommand:

``generate OUT [--games N] [--nodes N] [--seed N] [--random-actions N]``
    Plays games of the engine against itself (each game starts from the standard setup
    or a seeded random one, with a few random actions first so that the games differ)
    and writes every position of them, one a line: the position text, then ``1`` if the
    side to move in it went on to win the game, else ``0``.  Deterministic for a seed.
``fit DATA... [--iterations N] [--write]``
    Computes the features of :mod:`.evaluate` for every position and fits the weights
    so that ``sigmoid(K * evaluation / 400)`` predicts the result, minimising the mean
    squared error (Texel's tuning; ``K`` is fitted first with the starting weights).
    Prints the loss before and after on the data and on a held-out tenth (every tenth
    position), and with ``--write`` rewrites ``tzaar/ai/weights.py``.

The fit is plain Python (no numpy): Adam steps on the weights over the whole data set.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from tzaar.ai import evaluate as _evaluate
from tzaar.ai.evaluate import FEATURES, features
from tzaar.ai.players import run_think
from tzaar.ai.weights import WEIGHTS
from tzaar.position import Position

WEIGHTS_FILE = Path(_evaluate.__file__).with_name("weights.py")


# ---------------------------------------------------------------------- data


def self_play(seed: int, nodes: int, random_actions: int):
    """One game: (list of position texts with the side to move, winner colour)."""
    rng = random.Random(seed)
    start = Position.standard() if seed % 2 == 0 else Position.random(seed)
    board = start.board()
    seen = []
    for _ in range(random_actions):
        moves = board.moves()
        if not moves or board.winner() is not None:
            break
        board.do(rng.choice(moves))
    n = 0
    while board.winner() is None and board.moves():
        actions, _ = run_think(board, "strong", seed * 1000 + n, None, nodes)
        for a in actions:
            if board.winner() is None:
                seen.append((board.text(), board.side))
            board.do(a)
        n += 1
    return seen, board.winner()


def generate(out: Path, games: int, nodes: int, seed: int, random_actions: int, log=sys.stderr) -> int:
    """Write the positions of ``games`` self-play games to ``out``; returns the count."""
    count = 0
    t0 = time.perf_counter()
    with open(out, "w", encoding="utf-8") as f:
        f.write(f"# lab.tune generate --games {games} --nodes {nodes} --seed {seed} "
                f"--random-actions {random_actions}\n")
        for g in range(games):
            seen, winner = self_play(seed * 100_003 + g, nodes, random_actions)
            for text, side in seen:
                f.write(f"{text}\t{int(side == winner)}\n")
            count += len(seen)
            f.flush()
            if log:
                log.write(f"game {g + 1}/{games}: {len(seen)} positions, {time.perf_counter() - t0:.0f} s\n")
    return count


def load(paths) -> list:
    """(feature vector, result) for every position of the data files."""
    rows = []
    for path in paths:
        for line in open(path, encoding="utf-8"):
            if not line.strip() or line.startswith("#"):
                continue
            text, result = line.rstrip("\n").split("\t")
            b = Position.from_text(text).board()
            if b.winner() is not None:
                continue
            rows.append(([float(x) for x in features(b)], float(result)))
    return rows


# ---------------------------------------------------------------------- fit


def _sig(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def loss(rows, w, k: float) -> float:
    """Mean squared error of sigmoid(k * eval / 400) against the results."""
    total = 0.0
    for f, y in rows:
        e = sum(a * b for a, b in zip(w, f))
        total += (y - _sig(k * e / 400)) ** 2
    return total / max(1, len(rows))


def fit_k(rows, w) -> float:
    """The scale K that best fits the starting weights (a golden-section search)."""
    lo, hi = 0.01, 10.0
    for _ in range(40):
        m1 = lo + (hi - lo) * 0.382
        m2 = lo + (hi - lo) * 0.618
        if loss(rows, w, m1) < loss(rows, w, m2):
            hi = m2
        else:
            lo = m1
    return (lo + hi) / 2


def fit(rows, w0, k: float, iterations: int, rate: float = 0.02, log=sys.stderr):
    """Adam on the mean squared error; each weight's step is relative to its size."""
    n = len(FEATURES)
    w = list(w0)
    # Feature scales so that one step moves every weight comparably.
    scale = [max(1e-9, math.sqrt(sum(f[i] * f[i] for f, _ in rows) / len(rows))) for i in range(n)]
    m = [0.0] * n
    v = [0.0] * n
    b1, b2 = 0.9, 0.999
    for it in range(1, iterations + 1):
        grad = [0.0] * n
        for f, y in rows:
            e = sum(a * b for a, b in zip(w, f))
            p = _sig(k * e / 400)
            g = -2 * (y - p) * p * (1 - p) * k / 400
            if g:
                for i in range(n):
                    grad[i] += g * f[i]
        for i in range(n):
            gi = grad[i] / len(rows) * scale[i]
            m[i] = b1 * m[i] + (1 - b1) * gi
            v[i] = b2 * v[i] + (1 - b2) * gi * gi
            mh = m[i] / (1 - b1**it)
            vh = v[i] / (1 - b2**it)
            w[i] -= rate * 400 / k * mh / (math.sqrt(vh) + 1e-12) / scale[i]
        if log and (it % 25 == 0 or it == iterations):
            log.write(f"iteration {it}: loss {loss(rows, w, k):.5f}\n")
    return w


def write_weights(weights: dict, note: str, k: float, path: Path = WEIGHTS_FILE) -> None:
    lines = [
        '"""The evaluation\'s weights: centi-units per unit of each feature of :mod:`.evaluate`.',
        "",
        'Data, written by ``python -m lab.tune`` (see docs/lab.md).',
        note,
        '"""',
        "",
        "#: The scale of the fitted model: sigmoid(K * evaluation / 400) predicts the result for the",
        "#: side to move (the chances shown use their own scale, tzaar/ai/odds.py SHOWN_K).",
        f"K = {k:.3f}",
        "",
        "WEIGHTS = {",
    ]
    for name in FEATURES:
        lines.append(f"    {name!r}: {weights[name]:.4g},".replace("'", '"'))
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------- command line


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.tune", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play positions labelled with the result")
    g.add_argument("out", type=Path)
    g.add_argument("--games", type=int, default=200)
    g.add_argument("--nodes", type=int, default=1500)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--random-actions", type=int, default=4)
    f = sub.add_parser("fit", help="fit the weights to data files")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--iterations", type=int, default=300)
    f.add_argument("--write", action="store_true", help="rewrite tzaar/ai/weights.py")
    args = parser.parse_args(argv)
    if args.command == "generate":
        n = generate(args.out, args.games, args.nodes, args.seed, args.random_actions)
        print(f"{n} positions written to {args.out}")
        return 0
    t0 = time.perf_counter()
    rows = load(args.data)
    held = rows[::10]
    train = [r for i, r in enumerate(rows) if i % 10]
    w0 = [float(WEIGHTS[name]) for name in FEATURES]
    k = fit_k(train, w0)
    before = loss(train, w0, k), loss(held, w0, k)
    w = fit(train, w0, k, args.iterations)
    after = loss(train, w, k), loss(held, w, k)
    secs = time.perf_counter() - t0
    print(f"{len(rows)} positions ({len(train)} fitted, {len(held)} held out), K = {k:.3f}, {secs:.0f} s")
    print(f"loss before: {before[0]:.5f} (held out {before[1]:.5f}); after: {after[0]:.5f} (held out {after[1]:.5f})")
    for name, a, b in zip(FEATURES, w0, w):
        print(f"  {name:16} {a:10.4g} -> {b:10.4g}")
    if args.write:
        note = (f"Fitted on {len(train)} positions of {', '.join(p.name for p in args.data)} "
                f"(K = {k:.3f}; held-out loss {before[1]:.5f} -> {after[1]:.5f}).")
        write_weights(dict(zip(FEATURES, w)), note, k)
        _evaluate.set_weights(dict(zip(FEATURES, w)))
        print(f"written to {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
