"""How honest the winning chance is (not a test):
``python -m lab.bench_odds DATA [--nodes N] [--every E] [--offset O] [--dump FILE]``.

DATA holds positions with the result for the side to move, written by
``python -m lab.tune generate`` with another seed than the fit's (held out).  For every
E-th position (from the O-th) it reads three scores for the side to move: the static
evaluation, the Expert's search at N nodes (``ai_move``'s ``info.score``, what the analysis
bar and the hint show) and the review's score of the position (:class:`tzaar.ai.review.Review`,
the mean of its last two depths).  For each it prints, with the shown scale
(``odds.SHOWN_K``) and with the tuner's ``weights.K``, the Brier score and the log loss (a
constant 50% scores 0.25 and 0.693) and a calibration table: per band of the predicted
chance, the mean prediction, the share of those positions won, and their number; last, the
scale that would fit each kind of score best (won and lost scores left out).  ``--dump``
writes the scores and results, one position a line, to fit other models without searching
again.

``python -m lab.bench_odds --marks G [--nodes N]`` measures instead how many turns the
review's thresholds mark: G self-play games of a weaker player (Beginner and Casual in turn)
against Strong (1,000 nodes a turn), standard and random setups, colours swapped, each
reviewed at N nodes; per threshold of lost chance, the share of each player's turns it
marks, with the shown scale and with the tuner's K.
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
from tzaar.ai.odds import SHOWN_K, win_chance  # noqa: E402
from tzaar.ai.players import run_think  # noqa: E402
from tzaar.ai.review import BLUNDER, MISTAKE, Review, judge  # noqa: E402
from tzaar.ai.review_values import Evaluation  # noqa: E402
from tzaar.rules.notation import action_texts  # noqa: E402
from tzaar.ai.search import MATE_BOUND  # noqa: E402
from tzaar.ai.weights import K  # noqa: E402
from tzaar.facade import call  # noqa: E402
from tzaar.rules.position import Position  # noqa: E402

BANDS = (0.0, 0.2, 0.35, 0.45, 0.55, 0.65, 0.8, 1.0001)


def read(path: Path, every: int, offset: int = 0) -> list:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, result = line.split("\t")[:2]  # lab.tune generate: a third column, the score
            rows.append((text, int(result)))
    return rows[offset::every]


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
    """The K of sigmoid(K * score / 400) with the least Brier score on these scores; that
    Brier score, and the Brier scores with the shown scale and the tuner's K."""

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
    return k, brier(k), brier(SHOWN_K), brier(K)


def review_score(position: Position, nodes: int) -> int:
    """The review's score of ``position`` for the side to move."""
    review = Review(position, [], nodes, deep=False)
    while not review.done:
        review.step(1000.0)
    white = review.result().evals[0].score
    return white if position.side == 0 else -white


def self_play(game: int, weak: str, nodes: int = 1000) -> tuple:
    """A game of ``weak`` against Strong at ``nodes``: (start, action texts, movers by turn
    parity: the level of White and of Black)."""
    start = Position.standard() if game % 2 == 0 else Position.random(game)
    levels = (weak, "strong") if game % 4 < 2 else ("strong", weak)
    board = start.board()
    actions, n = [], 0
    while board.winner() is None and board.moves():
        level = levels[board.side]
        done, _ = run_think(board, level, game * 1000 + n, None, nodes if level == "strong" else None)
        actions += action_texts(done, board)
        for a in done:
            board.do(a)
        n += 1
    return start, actions, levels


def marked(turns: list, k: float, thresholds) -> list:
    """Per threshold, the share of ``turns`` (``(side, after, alt)``: the mover and White's
    scores after its turn and after the engine's, alt None for the engine's own turn) whose
    loss, judged as the review does (:func:`tzaar.ai.review.judge`) with the scale ``k``,
    reaches it."""
    lost = []
    for side, after, alt in turns:
        ev = Evaluation(after, None, win_chance(after, k))
        lost.append(judge(side, ev, None if alt is None else Evaluation(alt, None, win_chance(alt, k)))[0])
    return [sum(x >= t for x in lost) / len(lost) for t in thresholds]


def marks(games: int, nodes: int, dump=None) -> None:
    thresholds = (2, 3, 4, 5, 6, 8, 10, 15, 20, 30)
    turns = {}  # level -> [(side, after, alt)] of its turns (not placements)
    t0 = time.perf_counter()
    for g in range(games):
        weak = ("beginner", "casual")[(g // 2) % 2]
        start, actions, levels = self_play(g, weak)
        review = Review(start, actions, nodes, deep=False)  # the first pass: what its thresholds mark
        while not review.done:
            review.step(1000.0)
        evals = review.result().evals
        for k, t in enumerate(review.turns):
            if evals[k] is None or evals[k + 1] is None:
                continue  # a placement
            after, alt = evals[k + 1].score, review.looks.get(("alt", k))
            alt = None if alt is None else alt.evaluation.score
            turns.setdefault(levels[t.side], []).append((t.side, after, alt))
            if dump:
                dump.write(f"{g}\t{k}\t{levels[t.side]}\t{t.side}\t{after}\t{'' if alt is None else alt}\n")
    print(f"{games} games reviewed at {nodes} nodes, {time.perf_counter() - t0:.0f} s; turns: "
          + ", ".join(f"{lv} {len(v)}" for lv, v in turns.items()))
    for label, k in (("shown", SHOWN_K), ("tuner's", K)):
        print(f"\nshare of turns marked at a loss of at least ... points of chance, {label} K = {k}:")
        print("| player | " + " | ".join(f">= {t}" for t in thresholds) + " |")
        print("|---|" + "---:|" * len(thresholds))
        for lv, these in sorted(turns.items()):
            print(f"| {lv} | " + " | ".join(f"{x:.1%}" for x in marked(these, k, thresholds)) + " |")
    print(f"\n(the review marks a mistake at {MISTAKE} points, a blunder at {BLUNDER})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_odds", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, nargs="?")
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--marks", type=int, metavar="GAMES")
    args = parser.parse_args(argv)
    if args.marks:
        with open(args.dump or "/dev/null", "w", encoding="utf-8") as dump:
            marks(args.marks, args.nodes, dump)
        return 0
    if args.data is None:
        parser.error("DATA is needed unless --marks")
    rows = read(args.data, args.every, args.offset)
    kinds = {"static evaluation": [], f"Expert search, {args.nodes} nodes (bar, hint)": [], f"review, {args.nodes} nodes": []}
    static, searched, reviewed = kinds.values()
    results = []
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None
    t0 = time.perf_counter()
    for text, result in rows:
        pos = Position.from_text(text)
        b = pos.board()
        if b.winner() is not None:
            continue
        static.append(evaluate(b))
        out = call("ai_move", {"position": text, "level": "expert", "nodes": args.nodes})["result"]
        searched.append(out["info"]["score"])
        assert out["info"]["win_chance"] == round(win_chance(searched[-1]), 4)  # what is shown
        reviewed.append(review_score(pos, args.nodes))
        results.append(result)
        if dump:
            dump.write(f"{static[-1]}\t{searched[-1]}\t{reviewed[-1]}\t{result}\n")
    if dump:
        dump.close()
    secs = time.perf_counter() - t0
    print(f"{len(results)} positions of {args.data.name} (every {args.every} from {args.offset}), {secs:.0f} s; "
          f"won by the side to move: {sum(results) / len(results):.1%}")
    for name, raw in kinds.items():
        for label, k in (("shown", SHOWN_K), ("tuner's", K)):
            chances = [win_chance(s, k) for s in raw]
            brier, logloss = scores(chances, results)
            print(f"\n{name}, {label} K = {k}: Brier {brier:.4f}, log loss {logloss:.4f}")
            print("\n".join(table(chances, results)))
    print()
    for name, raw in kinds.items():
        plain = [(s, y) for s, y in zip(raw, results) if abs(s) <= MATE_BOUND]
        k, fitted, shown, tuner = best_k([s for s, _ in plain], [y for _, y in plain])
        print(f"{name}: {len(plain)} scores short of a win: Brier {shown:.4f} with the shown K = {SHOWN_K}, "
              f"{tuner:.4f} with the tuner's K = {K}, {fitted:.4f} with the K that fits them best, {k:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
