"""Would an opening book pay?  ``python -m lab.book_probe``: Expert's first turns in the
standard setup against long searches.

The standard setup is always the same position, so its first turns could come from a
book computed offline (issue 24, item 6).  A book pays only where Expert's own turn, at its
browser budget, is worse than what a long search finds.  For White's opening capture and
for Black's first turn after each of White's 42 opening captures this prints the turn
Expert chooses with ``--expert`` nodes, the turn a search of ``--long`` nodes chooses (both
as Expert plays them: its pruning, its variety noise, seed 0), and, where they differ, the
value of the position after each turn by a search of ``--check`` nodes from the other
side: what Expert's own turn gives away, in centi-units and in the chance of winning the
page shows (:func:`tzaar.ai.odds.win_chance`).

    python -m lab.book_probe [--expert 112000] [--long 1000000] [--check 500000] [--jobs 2] [--limit N]
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from tzaar.ai.odds import win_chance
from tzaar.ai.players import run_think
from tzaar.ai.search import search
from tzaar.rules.board import Board
from tzaar.rules.notation import STANDARD_TEXT, Action, action_texts


def first_positions(limit: int | None = None) -> list[tuple[str, str]]:
    """(label, position text) of the standard start and of the position after each of
    White's opening captures (the first ``limit`` of them; None: all)."""
    b = Board.from_text(STANDARD_TEXT)
    out = [("White's opening", b.text())]
    for a in b.moves()[:limit]:
        label = "Black after " + Action.from_code(a, b.cells).text()
        b.do(a)
        out.append((label, b.text()))
        b.undo()
    return out


def _value(b: Board, turn: list[int], nodes: int) -> int:
    """The value of ``turn`` for the side that plays it: a search of the position after it
    from the other side, negated."""
    for a in turn:
        b.do(a)
    score = search(b, max_nodes=nodes, prune=True).score
    for _ in turn:
        b.undo()
    return -score


def probe(label: str, text: str, expert: int, long: int, check: int) -> dict:
    """Expert's turn and the long search's on one position, and what Expert's gives away."""
    b = Board.from_text(text)
    own = run_think(b, "expert", 0, nodes=expert)[0]
    best = run_think(b, "expert", 0, nodes=long)[0]
    row = {"label": label, "text": text, "expert": own, "long": best, "loss": 0, "chance": 0.0}
    if own != best:
        v_own = _value(b, own, check)
        v_best = _value(b, best, check)
        row.update(loss=v_best - v_own, chance=win_chance(v_best) - win_chance(v_own), values=(v_own, v_best))
    return row


def _probe(args):
    return probe(*args)


def _turn_text(text: str, turn: list[int]) -> str:
    """The actions of ``turn``, played from position ``text``, in action text."""
    return " ".join(action_texts(turn, Board.from_text(text)))


def report(rows: list[dict]) -> str:
    lines = []
    for r in rows:
        own, best = _turn_text(r["text"], r["expert"]), _turn_text(r["text"], r["long"])
        head = f"{r['label']:>20}: Expert {own:<12} long {best:<12}"
        if "values" in r:
            lines.append(f"{head} gives away {r['loss']:+d} ({100 * r['chance']:+.1f} points of chance; values {r['values'][0]} and {r['values'][1]})")
        else:
            lines.append(f"{head} the same")
    same = sum("values" not in r for r in rows)
    losses = [r["loss"] for r in rows]
    chances = [100 * r["chance"] for r in rows]
    lines.append(
        f"{len(rows)} positions: the same turn in {same}; Expert's turn gives away {sum(losses) / len(rows):+.1f} centi-units "
        f"on average ({sum(chances) / len(rows):+.2f} points of chance), at most {max(losses):+d} ({max(chances):+.1f} points)"
    )
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lab.book_probe", description=__doc__.split("\n\n")[0])
    ap.add_argument("--expert", type=int, default=112_000, help="Expert's nodes (its browser budget)")
    ap.add_argument("--long", type=int, default=1_000_000, help="the long search's nodes")
    ap.add_argument("--check", type=int, default=500_000, help="nodes of the search that values each turn")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None, help="only the first N of White's opening captures")
    args = ap.parse_args(argv)
    tasks = [(label, text, args.expert, args.long, args.check) for label, text in first_positions(args.limit)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            rows = pool.map(_probe, tasks, chunksize=1)
    else:
        rows = [_probe(t) for t in tasks]
    print(report(rows))


if __name__ == "__main__":
    main()
