"""The evaluation's network: ``python -m lab.network fit|match``.

``fit DATA... [--hidden 8] [--epochs 30] [--seed 0] [--out FILE] [--write]``
    fits the network (below) on self-play data; ``--out FILE`` writes it as a module (a
    candidate), ``--write`` into ``tzaar/ai/network_weights.py``.
``match CANDIDATE GAMES NODES SEED [--against PLAYER] [--jobs N]``
    today's Expert with a candidate's network against today's Expert (or a frozen player,
    ``expert-v2``) at NODES a turn (or ``1s``), mixed setups, both colours (:mod:`.ab`).

The evaluation (:mod:`tzaar.ai.evaluate`) is the weighted sum of its features plus a small
network (:mod:`tzaar.ai.network`): one hidden layer of units ``max(0, sum(weight *
input))`` over the features, the stacks on the board (capped at ``evaluate.TAPER``) and 1,
each unit's value times its output weight.  ``fit`` fits the network alone, on self-play positions (:mod:`.tune`
``generate``), with the shipped weighted sum held as it is (so the type terms set by hand
stay): minibatch Adam on the mean squared error of ``sigmoid(K * (sum + network) / 400)``
against the results, K fitted to the weighted sum alone first.  The inputs are
standardised for the fit; the network is written with the standardisation folded into its
integer weights (:func:`to_integers`).  A constant output (the side to move's share of the
results) is fitted beside the units and not written: it would add the same to every
position.

Every tenth game is held out whole (:func:`.refit.split`); the held-out loss is printed for
the weighted sum alone and with the network.  Plain Python, like the fit of
the weights (:mod:`.refit`): about three seconds an epoch on 180,000 positions.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from operator import mul
from pathlib import Path

from tzaar.ai import match as _match
from tzaar.ai import network
from tzaar.ai.evaluate import FEATURES, TAPER
from tzaar.ai.weights import ENDGAME, WEIGHTS

from . import ab, refit
from .frozen import frozen_names

NETWORK_FILE = Path(network.__file__).with_name("network_weights.py")
#: Fixed point of the written network (see tzaar/ai/network_weights.py).
IN_SHIFT = 20
OUT_SHIFT = 8


def inputs(d: refit.Data) -> list:
    """One row a position: its features and the stacks on the board (capped at TAPER)."""
    return [list(r) + [min(n, TAPER)] for r, n in zip(zip(*d.cols), d.stacks)]


def weighted_sums(d: refit.Data) -> list:
    """The shipped evaluation's weighted sum (tapered) of each position, in centi-units."""
    return refit.evals(refit.tapered(d), [WEIGHTS[f] for f in FEATURES] + [ENDGAME[f] for f in FEATURES])


def standardisation(rows) -> tuple:
    """(mean, deviation) of each input column."""
    n = len(rows)
    cols = list(zip(*rows))
    mu = [sum(c) / n for c in cols]
    sd = [math.sqrt(sum((x - m) ** 2 for x in c) / n) or 1.0 for c, m in zip(cols, mu)]
    return mu, sd


def _standardise(rows, mu, sd) -> list:
    return [[(x - m) / s for x, m, s in zip(r, mu, sd)] for r in rows]


class Net:
    """A float network on standardised inputs: ``w[j]`` and ``b[j]`` unit j's weights and
    bias, ``v[j]`` its output weight (centi-units), ``c`` the constant output."""

    def __init__(self, inputs: int, hidden: int, seed: int) -> None:
        rng = random.Random(seed)
        self.w = [[rng.gauss(0, 1 / math.sqrt(inputs)) for _ in range(inputs)] for _ in range(hidden)]
        self.b = [0.0] * hidden
        self.v = [rng.gauss(0, 10.0) for _ in range(hidden)]
        self.c = 0.0

    def value(self, z) -> float:
        t = self.c
        for w, b, v in zip(self.w, self.b, self.v):
            a = sum(map(mul, w, z)) + b
            if a > 0:
                t += v * a
        return t


def loss(net: Net, z, base, y, k: float) -> float:
    s = k / 400
    return sum((t - refit.sig(s * (e + net.value(x)))) ** 2 for x, e, t in zip(z, base, y)) / max(1, len(y))


def fit(net: Net, z, base, y, k: float, epochs: int, seed: int, batch: int = 4096,
        rates=(0.003, 1.0), log=None, held=None) -> Net:
    """Minibatch Adam on the mean squared error; ``rates``: the step of the hidden units'
    weights and biases (standardised inputs), and of the output weights (centi-units).
    ``held``: (z, base, y) whose loss is logged every fifth epoch."""
    rng = random.Random(seed)
    hidden = len(net.w)
    params = [net.w[j] for j in range(hidden)] + [net.b, net.v]
    rate = [rates[0]] * (hidden + 1) + [rates[1]]
    m = [[0.0] * len(p) for p in params]
    v2 = [[0.0] * len(p) for p in params]
    mc = vc = 0.0
    s = k / 400
    step = 0
    order = list(range(len(y)))
    for epoch in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            n = len(idx)
            coef = [[0.0] * n for _ in range(hidden)]  # d loss / d unit j's sum, per row
            gv = [0.0] * hidden
            gc = 0.0
            for r, i in enumerate(idx):
                x = z[i]
                pre = [sum(map(mul, w, x)) + b for w, b in zip(net.w, net.b)]
                e = base[i] + net.c + sum(vj * a for vj, a in zip(net.v, pre) if a > 0)
                p = refit.sig(s * e)
                ge = -2 * (y[i] - p) * p * (1 - p) * s / n
                gc += ge
                for j, a in enumerate(pre):
                    if a > 0:
                        gv[j] += ge * a
                        coef[j][r] = ge * net.v[j]
            cols = list(zip(*(z[i] for i in idx)))
            grads = [[sum(map(mul, coef[j], c)) for c in cols] for j in range(hidden)]
            grads += [[sum(c) for c in coef], gv]
            step += 1
            for p, g, mp, vp, lr in zip(params, grads, m, v2, rate):
                for q in range(len(p)):
                    mp[q] = 0.9 * mp[q] + 0.1 * g[q]
                    vp[q] = 0.999 * vp[q] + 0.001 * g[q] * g[q]
                    p[q] -= lr * (mp[q] / (1 - 0.9**step)) / (math.sqrt(vp[q] / (1 - 0.999**step)) + 1e-12)
            mc = 0.9 * mc + 0.1 * gc
            vc = 0.999 * vc + 0.001 * gc * gc
            net.c -= rates[1] * (mc / (1 - 0.9**step)) / (math.sqrt(vc / (1 - 0.999**step)) + 1e-12)
        if log and held and (epoch % 5 == 4 or epoch == epochs - 1):
            log.write(f"epoch {epoch + 1}: held-out loss {loss(net, *held, k):.5f}\n")
            log.flush()
    return net


def to_integers(net: Net, mu, sd) -> tuple:
    """(HIDDEN, OUT) of tzaar/ai/network_weights.py: each unit's weights on the raw inputs and on a
    constant 1 (its bias), in units of 2 ** -IN_SHIFT; the output weights in units of
    2 ** -OUT_SHIFT."""
    hidden = []
    for w, b in zip(net.w, net.b):
        raw = [wi / s for wi, s in zip(w, sd)]
        bias = b - sum(wi * m / s for wi, m, s in zip(w, mu, sd))
        hidden.append([round(x * (1 << IN_SHIFT)) for x in raw + [bias]])
    return hidden, [round(v * (1 << OUT_SHIFT)) for v in net.v]


def write_network(hidden, out, note: str, path: Path = NETWORK_FILE) -> None:
    lines = [
        '"""The evaluation\'s network, added to the weighted sum of its features (data).',
        "",
        "Written by ``python -m lab.network`` (see docs/lab.md); read by :mod:`.network`.",
        note,
        '"""',
        "",
        "#: A hidden unit's weights: one per feature of evaluate.FEATURES, one per stack on the",
        "#: board (capped at evaluate.TAPER), and its bias (the input 1), in units of 2 ** -IN_SHIFT.",
        f"IN_SHIFT = {IN_SHIFT}",
        "#: An output weight: centi-units per unit of its hidden unit's positive sum, in units of",
        "#: 2 ** -OUT_SHIFT.",
        f"OUT_SHIFT = {OUT_SHIFT}",
        "",
        "HIDDEN = [",
        *(f"    {row}," for row in hidden),
        "]",
        "",
        f"OUT = {out}",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _compact(paths) -> list:
    """The data files as given, a folder's every generated file written ``FOLDER/n*.txt``."""
    out = []
    given = {Path(p).resolve() for p in paths}
    for p in paths:
        folder = Path(p).parent
        every = set(f.resolve() for f in folder.glob("n*.txt"))
        name = f"{folder.name}/n*.txt"
        if every <= given:
            if name not in out:
                out.append(name)
        else:
            out.append(str(p))
    return out


def run_fit(args, log=sys.stderr) -> int:
    t0 = time.perf_counter()
    data = refit.load(args.data)
    train, held = refit.split(data)
    rows = inputs(train)
    mu, sd = standardisation(rows)
    z, zh = _standardise(rows, mu, sd), _standardise(inputs(held), mu, sd)
    base, baseh = weighted_sums(train), weighted_sums(held)
    k = refit.golden(lambda kk: refit.loss([base], train.result, [1.0], kk))
    log.write(f"{len(data)} positions of {len(set(data.game))} games ({len(held)} held out), K {k:.4f}\n")
    alone = refit.loss([baseh], held.result, [1.0], k)
    log.write(f"held-out loss of the weighted sum alone: {alone:.5f}\n")
    net = Net(len(z[0]), args.hidden, args.seed)
    fit(net, z, base, train.result, k, args.epochs, args.seed, log=log, held=(zh, baseh, held.result))
    with_net = loss(net, zh, baseh, held.result, k)
    hidden, out = to_integers(net, mu, sd)
    games = len(set(data.game))
    command = " ".join(["python -m lab.network fit", *_compact(args.data), f"--hidden {args.hidden}",
                        f"--epochs {args.epochs}", f"--seed {args.seed}"])
    note = (f"Fitted on {len(data):,} positions of {games:,} self-play games (every tenth held out) by\n\n"
            f"    {command}\n\nHeld-out loss {alone:.5f} (the weighted sum alone) -> {with_net:.5f}.")
    if args.out:
        write_network(hidden, out, note, Path(args.out))
        log.write(f"wrote {args.out}\n")
    if args.write:
        write_network(hidden, out, note)
        network.set_network(hidden, out)
        log.write(f"wrote {NETWORK_FILE}\n")
    log.write(f"held-out loss {alone:.5f} -> {with_net:.5f} in {time.perf_counter() - t0:.0f} s\n")
    return 0


class BadCandidate(ValueError):
    """A candidate file without a network."""


def read_candidate(path: Path) -> tuple:
    """(HIDDEN, OUT) of a network module file."""
    spec = importlib.util.spec_from_file_location("candidate_network", path)
    if spec is None or not Path(path).is_file():
        raise BadCandidate(f"no network file {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    hidden, out = getattr(mod, "HIDDEN", None), getattr(mod, "OUT", None)
    if not isinstance(hidden, list) or not isinstance(out, list):
        raise BadCandidate(f"{path} has no HIDDEN and OUT lists")
    network.packed(hidden, out)  # the shape and the sizes checked
    return hidden, out


def run_match(args) -> int:
    weights, units = network.packed(*read_candidate(args.candidate))
    a = [(network, "_WEIGHTS", weights), (network, "_UNITS", units)]
    b = args.against if args.against != "expert" else []
    budget = ab._budget(args.nodes)
    results = ab.run(args.games, budget, budget, args.seed, a, b, args.jobs,
                     lambda g: print(g["index"], "A" if g["p1_won"] else "B", g["actions"], g.get("ending"), flush=True))
    print(_match.summary(ab._spec(f"A:{args.candidate.name}", budget), ab._spec(f"B:{args.against}", budget),
                         results, "mixed"))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.network", description="Fit the evaluation's network.")
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit", help="fit the network on self-play data (lab.tune generate)")
    f.add_argument("data", nargs="+", type=Path)
    f.add_argument("--hidden", type=int, default=8)
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--out", help="write the network as a module here")
    f.add_argument("--write", action="store_true", help="write it into tzaar/ai/network_weights.py")
    m = sub.add_parser("match", help="today's Expert with a candidate's network against Expert or a frozen player")
    m.add_argument("candidate", type=Path)
    m.add_argument("games", type=int)
    m.add_argument("nodes", help="nodes a turn, or seconds as 1s")
    m.add_argument("seed", type=int)
    m.add_argument("--against", default="expert", choices=["expert"] + frozen_names())
    m.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        if args.command == "fit":
            missing = [str(p) for p in args.data if not p.is_file()]
            if missing:
                parser.error(f"no data file {', '.join(missing)}")
            return run_fit(args)
        return run_match(args)
    except ValueError as error:  # a bad data or candidate file, a bad budget
        print(f"lab.network: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
