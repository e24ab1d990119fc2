"""The tuner's data and fit, column by column: ``python -m lab.tune fit`` (see :mod:`.tune`).

* :func:`load` reads data files (:mod:`.selfplay`'s format, or the older one without game
  lines) into :class:`Data`: one column of values per feature, the result and the
  self-play search's score per position, and the game each position belongs to.
* :func:`split` holds out whole games (every tenth game of each file): the positions of
  one game are nearly alike, so a held-out position must not have its neighbours fitted.
* :func:`labels` blends the result with the search's score: ``lam * result + (1 - lam) *
  sigmoid(ks * score / 400)``.
* :func:`tapered` doubles the columns: each feature once weighted by the share of stacks
  left on the board (the opening's weight) and once by the rest (the endgame's), the
  evaluation mixing two weight sets by the number of stacks (``evaluate.TAPER``).
* :func:`fit` is Adam on the mean squared error of ``sigmoid(K * e / 400)``, where ``e``
  is the weighted sum; the columns make one pass a few list operations, not a loop of
  Python statements per position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from operator import mul

from tzaar.ai.evaluate import FEATURES, TAPER, features
from tzaar.rules.position import Position

from .selfplay import read_games


@dataclass
class Data:
    """Positions as columns: ``cols[i][j]`` feature i of position j."""
    cols: list = field(default_factory=list)
    result: list = field(default_factory=list)
    score: list = field(default_factory=list)  # None where the file has no scores
    game: list = field(default_factory=list)  # (file number, game number)
    stacks: list = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.result)

    def take(self, idx) -> "Data":
        return Data([[c[j] for j in idx] for c in self.cols], [self.result[j] for j in idx],
                    [self.score[j] for j in idx], [self.game[j] for j in idx], [self.stacks[j] for j in idx])


def load(paths) -> Data:
    """Every unfinished position of the data files, with its features."""
    rows = []
    d = Data()
    for fi, path in enumerate(paths):
        for gi, game in enumerate(read_games(path)):
            for text, result, score in game:
                b = Position.from_text(text).board()
                if b.winner() is not None:
                    continue
                rows.append(features(b))
                d.result.append(result)
                d.score.append(score)
                d.game.append((fi, gi))
                d.stacks.append(sum(b.tops))
    d.cols = [list(c) for c in zip(*rows)] if rows else [[] for _ in FEATURES]
    return d


def split(d: Data, every: int = 10):
    """(fitted, held out): the games whose number in their file is a multiple of ``every``
    are held out, with all their positions."""
    held = [j for j, g in enumerate(d.game) if g[1] % every == 0]
    fitted = [j for j, g in enumerate(d.game) if g[1] % every]
    return d.take(fitted), d.take(held)


def sig(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def evals(cols, w) -> list:
    """The weighted sums, one a position."""
    e = [0.0] * len(cols[0]) if cols else []
    for wi, c in zip(w, cols):
        if wi:
            e = [a + wi * b for a, b in zip(e, c)]
    return e


def loss(cols, y, w, k: float) -> float:
    """Mean squared error of sigmoid(k * e / 400) against the labels ``y``."""
    s = k / 400
    e = evals(cols, w)
    return sum((t - sig(s * x)) ** 2 for x, t in zip(e, y)) / max(1, len(y))


def golden(f, lo: float = 0.005, hi: float = 10.0, steps: int = 40) -> float:
    """The minimum of a one-dimensional function on [lo, hi] (golden-section search)."""
    for _ in range(steps):
        m1 = lo + (hi - lo) * 0.382
        m2 = lo + (hi - lo) * 0.618
        if f(m1) < f(m2):
            hi = m2
        else:
            lo = m1
    return (lo + hi) / 2


def fit_k(cols, y, w) -> float:
    """The scale K that best fits weights ``w`` to labels ``y``."""
    return golden(lambda k: loss(cols, y, w, k))


def score_k(d: Data) -> float:
    """The scale that best turns the self-play search's scores into results."""
    idx = [j for j, s in enumerate(d.score) if s is not None]
    s = [[d.score[j] for j in idx]]
    y = [d.result[j] for j in idx]
    return golden(lambda k: loss(s, y, [1.0], k), 0.001, 2.0)


def labels(d: Data, lam: float, ks: float) -> list:
    """``lam * result + (1 - lam) * sigmoid(ks * score / 400)`` (the result alone where a
    position has no score)."""
    if lam >= 1:
        return list(d.result)
    return [r if s is None else lam * r + (1 - lam) * sig(ks * s / 400) for r, s in zip(d.result, d.score)]


def tapered(d: Data) -> list:
    """The opening's and the endgame's columns: feature * n / TAPER and feature * (TAPER - n)
    / TAPER, n the stacks on the board (capped at TAPER)."""
    share = [min(n, TAPER) / TAPER for n in d.stacks]
    opening = [[x * a for x, a in zip(c, share)] for c in d.cols]
    endgame = [[x * (1 - a) for x, a in zip(c, share)] for c in d.cols]
    return opening + endgame


def fit(cols, y, w0, k: float, iterations: int, rate: float = 0.02, fixed=(), log=None):
    """Adam on the mean squared error; each weight's step is relative to its feature's
    scale.  The weights whose index is in ``fixed`` keep their starting value."""
    n = len(cols)
    rows = len(y)
    w = list(w0)
    scale = [max(1e-9, math.sqrt(sum(x * x for x in c) / rows)) for c in cols]
    m = [0.0] * n
    v = [0.0] * n
    b1, b2 = 0.9, 0.999
    s = k / 400
    for it in range(1, iterations + 1):
        e = evals(cols, w)
        g = []
        for x, t in zip(e, y):
            p = sig(s * x)
            g.append(-2 * (t - p) * p * (1 - p) * s)
        for i in range(n):
            if i in fixed:
                continue
            gi = sum(map(mul, g, cols[i])) / rows * scale[i]
            m[i] = b1 * m[i] + (1 - b1) * gi
            v[i] = b2 * v[i] + (1 - b2) * gi * gi
            mh = m[i] / (1 - b1**it)
            vh = v[i] / (1 - b2**it)
            w[i] -= rate / s * mh / (math.sqrt(vh) + 1e-12) / scale[i]
        if log and (it % 50 == 0 or it == iterations):
            log.write(f"iteration {it}: loss {loss(cols, y, w, k):.5f}\n")
            log.flush()
    return w


__all__ = ["Data", "load", "split", "sig", "evals", "loss", "golden", "fit_k", "score_k", "labels", "tapered", "fit",
           "FEATURES"]
