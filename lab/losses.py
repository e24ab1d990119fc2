"""When a lost game was lost: ``python -m lab.losses [--nodes N] [--turns T] RECORD...``.

For each game record (our format: :mod:`tzaar.records.ours`) whose second line names the
loser's colour as ``Expert (white)`` or ``Expert (black)`` (the records of
``lab/data/vs-native-*``), or, with ``--side white|black``, for that side: the
endgame solver's verdict at the start of each of that side's last ``--last`` turns
(default 5), asked within ``--turns`` turns (default 7) and ``--nodes`` nodes (default
30,000): ``loss 4`` (lost within 4 turns whatever it does), ``win 5``, or ``-`` (not
proven).  The turn where ``-`` turns into a loss is where the game was thrown away, and
the loss's length says how far ahead it had to be seen (docs/benchmarks-log.md, "When Expert's
types are lost").
"""

from __future__ import annotations

import re
import sys
from typing import Optional

from tzaar.ai.solver import solve, stacks_left
from tzaar.records.ours import parse_record

USAGE = "usage: python -m lab.losses [--nodes N] [--turns T] [--last K] [--side white|black] RECORD..."


def verdicts(text: str, side: int, last: int = 5, nodes: int = 30_000, turns: int = 7) -> list:
    """[(stacks, verdict)] at the start of ``side``'s last ``last`` turns of the record
    ``text``, oldest first; verdict ``"loss 4"``, ``"win 5"`` or None (not proven)."""
    start, actions = parse_record(text)
    b = start.board()
    starts = []
    for a in actions:
        if b.step == 1 and b.side == side:
            starts.append(b.text())
        b.do(a.code())
    out = []
    from tzaar.rules.position import Position

    for pos in starts[-last:]:
        board = Position.from_text(pos).board()
        sol = solve(board, max_nodes=nodes, max_turns=turns)
        out.append((stacks_left(board), None if sol is None else f"{sol.result} {sol.turns}"))
    return out


def side_of(text: str) -> Optional[int]:
    """Expert's colour from a record's comment line (0 White, 1 Black), or None."""
    m = re.search(r"Expert \((white|black)\)", text)
    return None if m is None else ("white", "black").index(m.group(1))


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    opts = {"--nodes": 30_000, "--turns": 7, "--last": 5, "--side": None}
    files = []
    while args:
        a = args.pop(0)
        if a in opts:
            if not args:
                print(USAGE, file=sys.stderr)
                return 2
            v = args.pop(0)
            if a == "--side":
                if v not in ("white", "black"):
                    print(USAGE, file=sys.stderr)
                    return 2
                opts[a] = ("white", "black").index(v)
            elif v.isdigit():
                opts[a] = int(v)
            else:
                print(USAGE, file=sys.stderr)
                return 2
        else:
            files.append(a)
    if not files:
        print(USAGE, file=sys.stderr)
        return 2
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        side = opts["--side"] if opts["--side"] is not None else side_of(text)
        if side is None:
            print(f"{path}: whose side? (no 'Expert (white|black)' line: give --side)")
            continue
        got = verdicts(text, side, opts["--last"], opts["--nodes"], opts["--turns"])
        shown = ", ".join(f"{n} stacks: {v or '-'}" for n, v in got)
        print(f"{path.rsplit('/', 1)[-1]} ({('white', 'black')[side]}): {shown}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
