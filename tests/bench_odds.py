"""How honest the winning chance is (not a test): ``python3 tests/bench_odds.py DATA [--nodes N] [--every K]``.

DATA holds positions with the result for the side to move, written by
``python -m tzaar.ai.tune generate`` with another seed than the fit's (held out).  For every
K-th position it reads the side to move's chance of winning (tzaar/ai/odds.py) from the
static evaluation and from the Expert's search at N nodes (``ai_move``, what the analysis
board shows), and prints for each the Brier score and the log loss (a constant 50% scores
0.25 and 0.693), then a calibration table: per band of the predicted chance, the mean
prediction, the share of those positions won, and their number; last, the scale K that
would fit the evaluation's and the search's scores best (won and lost scores left out), for
comparison with the K the weights were fitted with.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tzaar.ai.evaluate import evaluate  # noqa: E402
from tzaar.ai.odds import win_chance  # noqa: E402
from tzaar.ai.search import MATE_BOUND  # noqa: E402
from tzaar.ai.weights import K  # noqa: E402
from tzaar.facade import call  # noqa: E402
from tzaar.position import Position  # noqa: E402

BANDS = (0.0, 0.2, 0.35, 0.45, 0.55, 0.65, 0.8, 1.0001)


def read(path: Path, every: int) -> list:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, result = line.split("\t")
            rows.append((text, int(result)))
    return rows[::every]


def scores(chances: list, results: list) -> tuple:
    brier = sum((p - y) ** 2 for p, y in zip(chances, results)) / len(results)
    eps = 1e-6
    logloss = -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps)) for p, y in zip(chances, results)) / len(results)
    return brier, logloss


def table(chances: list, results: list) -> list:
    lines = ["| predicted | mean predicted | share won | positions |", "|---|---|---|---|"]
    for lo, hi in zip(BANDS, BANDS[1:]):
        band = [(p, y) for p, y in zip(chances, results) if lo <= p < hi]
        if band:
            mean = sum(p for p, _ in band) / len(band)
            won = sum(y for _, y in band) / len(band)
            lines.append(f"| {lo:.0%} - {min(hi, 1):.0%} | {mean:.1%} | {won:.1%} | {len(band)} |")
    return lines


def best_k(raw: list, results: list) -> tuple:
    """The K of sigmoid(K * score / 400) with the least Brier score on these scores."""

    def brier(k):
        return sum((1 / (1 + math.exp(-max(-40.0, min(40.0, k * s / 400)))) - y) ** 2 for s, y in zip(raw, results)) / len(raw)

    lo, hi = 0.001, 2.0
    for _ in range(60):  # golden-section search
        a, b = hi - (hi - lo) / 1.618, lo + (hi - lo) / 1.618
        if brier(a) < brier(b):
            hi = b
        else:
            lo = a
    k = (lo + hi) / 2
    return k, brier(k), brier(K)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args(argv)
    rows = read(args.data, args.every)
    static, searched, results, raw, raw_static = [], [], [], [], []
    t0 = time.perf_counter()
    for text, result in rows:
        b = Position.from_text(text).board()
        if b.winner() is not None:
            continue
        raw_static.append(evaluate(b))
        static.append(win_chance(raw_static[-1]))
        out = call("ai_move", {"position": text, "level": "expert", "nodes": args.nodes})["result"]
        searched.append(out["info"]["win_chance"])
        results.append(result)
        raw.append(out["info"]["score"])
    secs = time.perf_counter() - t0
    print(f"{len(results)} positions of {args.data.name} (every {args.every}), {secs:.0f} s; won by the side to move: {sum(results) / len(results):.1%}")
    for name, chances in (("static evaluation", static), (f"Expert search, {args.nodes} nodes", searched)):
        brier, logloss = scores(chances, results)
        print(f"\n{name}: Brier {brier:.4f}, log loss {logloss:.4f}")
        print("\n".join(table(chances, results)))
    print()
    for name, scores_ in (("the static evaluation's", raw_static), ("the search's", raw)):
        plain = [(s, y) for s, y in zip(scores_, results) if abs(s) <= MATE_BOUND]
        k, fitted, shipped = best_k([s for s, _ in plain], [y for _, y in plain])
        print(f"{name} {len(plain)} scores short of a win: Brier {shipped:.4f} with K = {K}, "
              f"{fitted:.4f} with the K that fits them best, {k:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
