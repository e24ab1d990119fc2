"""The ``convert``, ``review`` and ``puzzles`` subcommands of ``python -m tzaar``.

``convert IN [--to littlegolem|tzaar]`` reads a game record (ours or LittleGolem's; IN is
a file or ``-`` for stdin) and prints it in the other format, or in the one asked for.
``review`` and ``puzzles`` are described in the README.
"""

from __future__ import annotations

import sys

from .errors import TzaarError, shown


class ToolsUsageError(TzaarError):
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
        raise ToolsUsageError(f"cannot read {shown(path)}: {why}") from None


def add_parsers(sub) -> None:
    """Add the subparsers to an argparse subparsers object."""
    p = sub.add_parser("convert", help="convert a game record (ours <-> LittleGolem)")
    p.add_argument("input", metavar="IN", help="a record file, or - for stdin")
    p.add_argument("--to", choices=("littlegolem", "tzaar"), default=None,
                   help="the output format (default: the other one)")


COMMANDS = ("convert",)


def run(args, out=sys.stdout) -> int:
    """Run one of :data:`COMMANDS`."""
    if args.command == "convert":
        from .littlegolem import format_littlegolem, is_littlegolem, read_record, to_tzaar_record

        text = read_input(args.input)
        record = read_record(text)
        to = args.to or ("tzaar" if is_littlegolem(text) else "littlegolem")
        if to == "tzaar":
            out.write(to_tzaar_record(record))
        else:
            out.write(format_littlegolem(record.start, record.actions, record.meta))
        return 0
    raise ToolsUsageError(f"unknown command {shown(args.command)}")  # pragma: no cover
