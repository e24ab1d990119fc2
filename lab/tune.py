"""Tuning the evaluation's weights on self-play (Texel's method): ``python -m lab.tune``.

Three steps, each a subcommand:

``generate DIR [--nodes 1000,3000,8000] [--games 80,30,10] [--parts N] [--seed N] [--random-actions N]``
    Plays games of Strong against itself at each node budget (each game from the standard
    setup or a seeded random one, a few random actions first so that the games differ)
    into DIR, one file a (budget, part): every position with the result for its side to
    move and the self-play search's score.  Parts resume: run the same command again
    after a stop and it plays only what is missing (:mod:`.selfplay`).
``fit DATA... [--iterations N] [--blend L] [--tapered] [--fix NAMES] [--times X] [--out FILE] [--write]``
    Computes the features of :mod:`tzaar.ai.evaluate` for every position and fits the
    weights so that ``sigmoid(K * evaluation / 400)`` predicts the label, minimising the
    mean squared error (Texel's tuning; ``K`` fitted first with the starting weights).
    The label is the result, or with ``--blend L`` ``L * result + (1 - L) *
    sigmoid(Ks * score / 400)`` (Ks fitted to the results).  Every tenth game is held out
    whole; the loss against the held-out games' results is printed for the shipped
    weights (tapered or not; K is fitted to them) and for the fit.  ``--tapered`` fits two weight sets mixed by the stacks on
    the board; ``--fix`` keeps named weights at their starting values (the shipped ones;
    a linear fit of tapered shipped weights starts from their mix at TAPER / 2); ``--times X``
    multiplies the type terms (``scarcity``, ``threat_gain``, ``lose_type``) after the
    fit, as the shipped weights' were by hand.  ``--out FILE`` writes the weights as a
    module (a candidate), ``--write`` into ``tzaar/ai/weights.py``.
``match CANDIDATE GAMES NODES SEED [--against PLAYER] [--jobs N]``
    Today's Expert with a candidate's weights against today's Expert (or a frozen player,
    ``expert-v2``) at NODES a turn (or ``1s``), mixed setups, both colours (:mod:`.ab`).

The fit is plain Python (no numpy): Adam steps on the weights over the whole data set,
the data held as columns (:mod:`.refit`).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

from tzaar.ai import evaluate as _evaluate
from tzaar.ai import match as _match
from tzaar.ai.evaluate import FEATURES
from tzaar.ai import weights as _weights
from tzaar.ai.weights import WEIGHTS

from . import ab, refit, selfplay
from .frozen import frozen_names

WEIGHTS_FILE = Path(_evaluate.__file__).with_name("weights.py")
TYPE_TERMS = ("scarcity", "threat_gain", "lose_type")
ENDGAME = getattr(_weights, "ENDGAME", None)  # the shipped tapered model's second set
_sig = refit.sig


class BadCandidate(ValueError):
    """A candidate weights file without a complete WEIGHTS dict."""


def write_weights(weights: dict, note: str, k: float, path: Path = WEIGHTS_FILE, endgame=None) -> None:
    """Write a weights module: WEIGHTS (the opening's with ``endgame``, the tapered model's
    second set, written as ENDGAME)."""
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
    ]
    for title, ws in (("WEIGHTS", weights), ("ENDGAME", endgame)):
        if ws is None:
            continue
        if title == "ENDGAME":
            lines += ["", "#: The tapered model's weights with no stack left (WEIGHTS: with evaluate.TAPER or more)."]
        lines.append(f"{title} = {{")
        for name in FEATURES:
            lines.append(f"    {name!r}: {ws[name]:.4g},".replace("'", '"'))
        lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_candidate(path: Path):
    """(WEIGHTS, ENDGAME or None) of a weights module file."""
    spec = importlib.util.spec_from_file_location("candidate_weights", path)
    if spec is None or not Path(path).is_file():
        raise BadCandidate(f"no weights file {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    weights = getattr(mod, "WEIGHTS", None)
    if not isinstance(weights, dict) or any(f not in weights for f in FEATURES):
        raise BadCandidate(f"{path} has no complete WEIGHTS")
    return weights, getattr(mod, "ENDGAME", None)


def run_fit(args, log=sys.stderr) -> int:
    t0 = time.perf_counter()
    data = refit.load(args.data)
    train, held = refit.split(data)
    games = len(set(data.game))
    names = list(FEATURES)
    # The shipped model, linear or tapered (ENDGAME), measured on the columns it reads.
    opening = [float(WEIGHTS[name]) for name in names]
    endgame0 = [float(ENDGAME[name]) for name in names] if ENDGAME else None
    if endgame0:
        tcols, theld = refit.tapered(train), refit.tapered(held)
        k = refit.fit_k(tcols, train.result, opening + endgame0)
        shipped = (refit.loss(tcols, train.result, opening + endgame0, k),
                   refit.loss(theld, held.result, opening + endgame0, k))
        w0 = [(a + b) / 2 for a, b in zip(opening, endgame0)]  # a linear fit starts from the mix at TAPER / 2
    else:
        w0 = opening
        k = refit.fit_k(train.cols, train.result, w0)
        shipped = refit.loss(train.cols, train.result, w0, k), refit.loss(held.cols, held.result, w0, k)
    y = train.result
    scored = any(x is not None for x in train.score)
    ks = refit.score_k(train) if scored else None
    if args.blend < 1:
        y = refit.labels(train, args.blend, ks)
    cols, hcols = train.cols, held.cols
    start = w0
    fixed = {names.index(n) for n in args.fix}
    if args.tapered:
        cols, hcols = refit.tapered(train), refit.tapered(held)
        start = opening + endgame0 if endgame0 else w0 + w0
        fixed |= {i + len(names) for i in fixed}
    log.write(f"{len(data)} positions of {games} games loaded, K = {k:.3f}, {time.perf_counter() - t0:.0f} s\n")
    w = refit.fit(cols, y, start, k, args.iterations, fixed=fixed, log=log)
    sets = [dict(zip(names, w[:len(names)]))] + ([dict(zip(names, w[len(names):]))] if args.tapered else [])
    for ws in sets:
        for name in TYPE_TERMS:
            ws[name] *= args.times
    w = [ws[n] for ws in sets for n in names]
    after = refit.loss(cols, train.result, w, k), refit.loss(hcols, held.result, w, k)
    secs = time.perf_counter() - t0
    print(f"{len(data)} positions of {games} games ({len(train)} fitted, {len(held)} held out: every tenth "
          f"game), K = {k:.3f}{f', blend {args.blend}' if args.blend < 1 else ''}, {secs:.0f} s")
    print(f"loss against the results: shipped weights {shipped[0]:.5f} (held out {shipped[1]:.5f}); "
          f"fit {after[0]:.5f} (held out {after[1]:.5f})")
    if scored:
        search = refit.loss([[x or 0.0 for x in held.score]], held.result, [1.0], ks)
        print(f"the self-play search's scores alone (Ks = {ks:.4f}): held out {search:.5f}")
    for i, name in enumerate(names):
        before = f"{opening[i]:10.4g} {endgame0[i]:10.4g}" if endgame0 else f"{w0[i]:10.4g}"
        print(f"  {name:16} {before} -> " + " ".join(f"{ws[name]:10.4g}" for ws in sets))
    note = (f"Fitted on {len(train)} positions of {games} games of {len(args.data)} files "
            f"({args.data[0].parent}; K = {k:.3f}{f', blend {args.blend}' if args.blend < 1 else ''}"
            f"{', tapered' if args.tapered else ''}{f', fixed {chr(44).join(args.fix)}' if args.fix else ''}"
            f"{f', type terms times {args.times}' if args.times != 1 else ''}; "
            f"held-out loss {shipped[1]:.5f} -> {after[1]:.5f}).")
    endgame = sets[1] if args.tapered else None
    if args.out:
        write_weights(sets[0], note, k, args.out, endgame)
        print(f"written to {args.out}")
    if args.write:
        write_weights(sets[0], note, k, WEIGHTS_FILE, endgame)
        _evaluate.set_weights(sets[0], endgame)
        print(f"written to {WEIGHTS_FILE}")
    return 0


def run_match(args) -> int:
    weights, endgame = read_candidate(args.candidate)
    a = [(_evaluate, "_WT", _evaluate.weights_table(weights, endgame))]
    b = args.against if args.against != "expert" else []
    budget = ab._budget(args.nodes)
    results = ab.run(args.games, budget, budget, args.seed, a, b, args.jobs,
                     lambda g: print(g["index"], "A" if g["p1_won"] else "B", g["actions"], g.get("ending"), flush=True))
    print(_match.summary(ab._spec(f"A:{args.candidate.name}", budget), ab._spec(f"B:{args.against}", budget),
                         results, "mixed"))
    return 0


# ---------------------------------------------------------------------- command line


def _ints(text: str) -> list:
    return [int(x) for x in text.split(",")]


def _names(text: str) -> list:
    names = [x for x in text.split(",") if x]
    bad = [x for x in names if x not in FEATURES]
    if bad:
        raise argparse.ArgumentTypeError(f"no feature {', '.join(bad)}")
    return names


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.tune", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play positions labelled with the result, in parts that resume")
    g.add_argument("out", type=Path, help="the data directory (one file a part)")
    g.add_argument("--nodes", type=_ints, default=[1000, 3000, 8000], help="node budgets, e.g. 1000,3000,8000")
    g.add_argument("--games", type=_ints, default=[60, 30, 12], help="games a part at each budget")
    g.add_argument("--parts", type=int, default=50)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--random-actions", type=int, default=4)
    f = sub.add_parser("fit", help="fit the weights to data files")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--iterations", type=int, default=300)
    f.add_argument("--blend", type=float, default=1.0,
                   help="the result's share of the label, the rest the self-play search's score (1: the result)")
    f.add_argument("--tapered", action="store_true", help="two weight sets mixed by the stacks on the board")
    f.add_argument("--fix", type=_names, default=[], help="weights kept at their shipped values, e.g. scarcity,lose_type")
    f.add_argument("--times", type=float, default=1.0, help="multiply the type terms by this after the fit")
    f.add_argument("--out", type=Path, help="write the weights to this file (a candidate for match)")
    f.add_argument("--write", action="store_true", help="rewrite tzaar/ai/weights.py")
    m = sub.add_parser("match", help="today's Expert with a candidate's weights against Expert or a frozen player")
    m.add_argument("candidate", type=Path)
    m.add_argument("games", type=int)
    m.add_argument("nodes", help="nodes a turn, or seconds as 1s")
    m.add_argument("seed", type=int)
    m.add_argument("--against", default="expert", choices=["expert"] + frozen_names())
    m.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        if args.command == "generate":
            n = selfplay.generate(args.out, args.nodes, args.games, args.parts, args.seed, args.random_actions)
            print(f"{n} positions written to {args.out}")
            return 0
        if args.command == "fit":
            return run_fit(args)
        return run_match(args)
    except ValueError as error:  # a bad file, a recipe's mismatch, a bad budget
        print(f"lab.tune: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
