"""The ``convert`` and ``review`` subcommands of ``python -m tzaar``.

``convert IN [--to littlegolem|tzaar]`` reads a game record (ours or LittleGolem's; IN is
a file or ``-`` for stdin) and prints it in the other format, or in the one asked for.
``review RECORD [--nodes N]`` prints the engine's evaluation of every turn of a record and
its mistakes and blunders, each explained in English under it (:mod:`tzaar.study.explain`),
and the worst of them first at the end.
"""

from __future__ import annotations

import sys

from ..rules.errors import TzaarError, shown


class GamesUsageError(TzaarError):
    """Bad arguments or an unreadable input file for these subcommands."""


def read_input(path: str) -> str:
    """The text of a file, or of stdin for ``-``; one clear error when it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
        raise GamesUsageError(f"cannot read {shown(path)}: {why}") from None


def add_parsers(sub) -> None:
    """Add the subparsers to an argparse subparsers object."""
    from .ai import count

    p = sub.add_parser("convert", help="convert a game record (ours <-> LittleGolem)")
    p.add_argument("input", metavar="IN", help="a record file, or - for stdin")
    p.add_argument("--to", choices=("littlegolem", "tzaar"), default=None,
                   help="the output format (default: the other one)")
    p = sub.add_parser("review", help="the engine's evaluation of every turn of a game record, and the mistakes")
    p.add_argument("record", metavar="RECORD", help="a record file (ours or LittleGolem's), or - for stdin")
    p.add_argument("--nodes", type=count, default=None, help="nodes searched per position (default 3000)")


COMMANDS = ("convert", "review")


def reviewed(record, nodes: int):
    """The explained review of ``record`` at ``nodes`` nodes a position: what ``review``
    prints (:func:`tzaar.study.explained_review.explain_review` of the whole review)."""
    from ..ai.review import review_game
    from ..study.explained_review import explain_review

    return explain_review(record.start, review_game(record.start, record.actions, nodes))


def _review(args, out) -> int:
    from ..ai.review import BLUNDER, DEFAULT_NODES, MISTAKE
    from ..records.either import read_any_record
    from ..rules.notation import COLOUR_NAMES
    from ..study.explain_text import explanation_text

    record = read_any_record(read_input(args.record))
    nodes = args.nodes or DEFAULT_NODES
    result = reviewed(record, nodes)
    turns, evals = result.review.turns, result.review.evals
    out.write(
        f"Review of {len(turns)} turns at {nodes} nodes a position; each position's favourite and its "
        f"chance of winning (a mistake gives away {MISTAKE} points of it, a blunder {BLUNDER})\n"
    )
    out.write(f"{'start':<30} {evals[0].text() if evals[0] else ''}\n")
    marked = {"mistake": [], "blunder": []}
    for t, explanation in zip(turns, result.explanations):
        head = f"{t.number}. {COLOUR_NAMES[t.side]} {' '.join(t.actions)}"
        line = f"{head:<30} {t.after.text() if t.after else ''}"
        if t.mark:
            marked[t.mark].append(t)
            line += f"  {t.mark} (-{t.loss:.0f} points), better: {' '.join(t.best)}"
        out.write(line.rstrip() + "\n")
        for sentence in explanation_text(explanation, t.actions, t.best):
            out.write(f"    {sentence}\n")
    if record.end is not None:  # a game ended on time or by resignation
        out.write(f"{'end':<30} {record.end.text()}\n")
    for kind in ("blunder", "mistake"):
        for side, name in enumerate(COLOUR_NAMES):
            nums = [str(t.number) for t in marked[kind] if t.side == side]
            out.write(f"{name.capitalize()} {kind}s: {len(nums)}" + (f" (turns {', '.join(nums)})" if nums else "") + "\n")
    if result.summary:
        worst = ", ".join(f"{t.number}. {COLOUR_NAMES[t.side].capitalize()} ({t.mark}, -{t.loss:.0f})" for t in result.summary)
        out.write(f"The worst first: {worst}\n")
    return 0


def run(args, out=sys.stdout) -> int:
    """Run one of :data:`COMMANDS`."""
    if args.command == "convert":
        from ..records.either import read_any_record, to_tzaar_record
        from ..records.littlegolem import format_littlegolem, is_littlegolem

        text = read_input(args.input)
        record = read_any_record(text)
        to = args.to or ("tzaar" if is_littlegolem(text) else "littlegolem")
        if to == "tzaar":
            out.write(to_tzaar_record(record))
        else:
            out.write(format_littlegolem(record.start, record.actions, record.meta, record.end))
        return 0
    if args.command == "review":
        return _review(args, out)
    raise GamesUsageError(f"unknown command {shown(args.command)}")  # pragma: no cover
