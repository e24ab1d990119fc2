"""Command line: ``python -m tzaar COMMAND ...`` (see docs/cli.md).

The commands: ``moves``, ``perft``, ``apply``, ``status``, ``show`` (here), ``ai`` and
``match`` (:mod:`tzaar.cli.ai`), ``convert`` and ``review`` (:mod:`tzaar.cli.games`).
POSITION is a position text (quote it: it holds a space; ``_`` may replace the space),
``standard``, ``tournament`` or ``random:SEED``.  Bad input prints one line on stderr
and exits with status 2; stdin, stdout and stderr are UTF-8 whatever the locale.  The
lab's commands (``python -m lab.NAME``) use :class:`Parser` and :func:`guarded` too.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from functools import partial

from ..rules.board import perft
from ..rules.errors import TzaarError, clip
from ..rules.geometry import COORDS, POINT_NAMES
from ..rules.notation import COLOUR_NAMES, TYPE_LETTERS
from ..rules.numbers import whole_arg, whole_number
from ..rules.position import Position

_PROG = "python -m tzaar"


class UsageError(Exception):
    """Bad arguments on the command line (reported in one line, exit status 2)."""


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line (and never exits by itself); the
    line points to ``SEE --help`` (``see``: the program, its own ``prog`` by default)."""

    def __init__(self, *args, see: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.see = see or self.prog

    def error(self, message):
        raise UsageError(f"{clip(message, 200)} (see {self.see} --help)")  # argparse echoes input


def parse_position_arg(text: str) -> Position:
    """A Position from a CLI argument: position text, standard, tournament, random:SEED."""
    key = text.strip().lower()
    if key == "standard":
        return Position.standard()
    if key == "tournament":
        return Position.tournament()
    if key.startswith("random:"):
        seed = whole_number(key[len("random:"):], digits=1000)
        if seed is None:
            raise UsageError(f"random:SEED needs a whole number in ASCII digits, not {clip(text)}")
        return Position.random(seed)
    return Position.from_text(text)


def render(position: Position) -> str:
    """A readable text board: the hexagon with every point's name and contents.

    Each point shows as ``NAME:STACK`` (``D4:t`` a black Tott, ``C5:Z3`` a white stack of
    three with a Tzaar on top, ``E1:.`` empty); upper case is White, as in position text.
    """
    width = 7
    rows = {}
    for p, (q, y) in enumerate(COORDS):
        c = position.cells[p]
        if c:
            s = position.stack_at(p)
            tok = TYPE_LETTERS[s.kind] if s.colour == 0 else TYPE_LETTERS[s.kind].lower()
            if s.height > 1:
                tok += str(s.height)
        else:
            tok = "."
        rows.setdefault(y, {})[q + 4] = f"{POINT_NAMES[p]}:{tok}"
    rows.setdefault(8, {})[4] = " (  ) "
    lines = []
    for y in range(16, -1, -1):
        cells = rows.get(y, {})
        line = "".join(cells.get(col, "").ljust(width) for col in range(9))
        lines.append(line.rstrip())
    side = COLOUR_NAMES[position.side].capitalize()
    outcome = position.outcome()
    if outcome is not None:
        status = f"{COLOUR_NAMES[outcome.winner]} wins: {outcome.text()}"
    elif position.step == 0:
        r = position.reserve(position.side)
        status = f"{side} to place (left: {r[0]} Tzaar, {r[1]} Tzarra, {r[2]} Tott)"
    elif position.is_opening:
        status = f"{side} to move: the opening capture"
    elif position.step == 1:
        status = f"{side} to move: forced capture"
    else:
        status = f"{side} to move: second action (capture, stack or pass)"
    pieces = f"White {position.pieces(0)} pieces, Black {position.pieces(1)} pieces"
    legend = "Z Tzaar, A Tzarra, T Tott (upper case White, lower case Black); Z3 = stack of 3"
    lines += ["", status, pieces, legend, position.text()]
    return "\n".join(lines)


def _join_turn(argv):
    """Let an unquoted position text through: ``.../tTTTT w1`` -> one argument."""
    out = []
    for arg in argv:
        if out and "/" in out[-1] and " " not in out[-1] and re.fullmatch(r"[wbWB][012]", arg):
            out[-1] += " " + arg
        else:
            out.append(arg)
    return out


def _build_parser():
    parser = Parser(
        prog=_PROG,
        description="TZAAR rules engine. POSITION: position text (space or _ before the turn), "
        "'standard', 'tournament' or 'random:SEED'.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=partial(Parser, see=_PROG))
    sub.required = True
    p = sub.add_parser("moves", help="print the legal actions, one per line")
    p.add_argument("position", metavar="POSITION")
    p = sub.add_parser("perft", help="count the action sequences of a given length")
    p.add_argument("position", metavar="POSITION")
    p.add_argument("depth", metavar="DEPTH", type=whole_arg(minimum=0, digits=4))
    p.add_argument("--no-bulk", action="store_true", help="play every leaf action instead of counting")
    p.add_argument("--stats", action="store_true", help="print time and leaves/s on stderr")
    p = sub.add_parser("apply", help="print the position after the actions")
    p.add_argument("position", metavar="POSITION")
    p.add_argument("actions", metavar="ACTION", nargs="+")
    p = sub.add_parser("status", help="print 'white wins', 'black wins' or 'ongoing'")
    p.add_argument("position", metavar="POSITION")
    p = sub.add_parser("show", help="print a text board")
    p.add_argument("position", metavar="POSITION")
    from .ai import add_parsers  # the computer opponent: ai and match

    add_parsers(sub)
    from . import games  # convert, review

    games.add_parsers(sub)
    return parser


def run(argv) -> int:
    """Run the command line on ``argv`` (without the program name); returns the exit code."""
    args = _build_parser().parse_args(_join_turn(argv))
    if args.command == "match":
        from .ai import run as run_ai

        return run_ai(args, None, sys.stdout)
    from . import games

    if args.command in games.COMMANDS:
        return games.run(args, sys.stdout)
    pos = parse_position_arg(args.position)
    if args.command == "ai":
        from .ai import run as run_ai

        return run_ai(args, pos, sys.stdout)
    out = sys.stdout
    if args.command == "moves":
        for a in pos.legal_actions():
            out.write(a.text() + "\n")
    elif args.command == "perft":
        board = pos.board()
        t0 = time.perf_counter()
        n = perft(board, args.depth, bulk=not args.no_bulk)
        dt = time.perf_counter() - t0
        out.write(f"{n}\n")
        if args.stats:
            rate = n / dt if dt > 0 else float("inf")
            mode = "no bulk" if args.no_bulk else "bulk"
            sys.stderr.write(f"perft {args.depth} ({mode}): {n} leaves in {dt:.3f} s, {rate:,.0f} leaves/s\n")
    elif args.command == "apply":
        for a in args.actions:
            pos = pos.apply(a)
        out.write(pos.text() + "\n")
    elif args.command == "status":
        w = pos.winner
        out.write("ongoing\n" if w is None else f"{COLOUR_NAMES[w]} wins\n")
    elif args.command == "show":
        out.write(render(pos) + "\n")
    return 0


def utf8_streams() -> None:
    """Read stdin and write stdout and stderr in UTF-8, whatever the locale: records are
    UTF-8 text (a file is read as UTF-8, and so is ``-``), and a name such as ``Łukasz`` in
    one must print where the locale's encoding (Windows' cp1252 for redirected output)
    has no letter for it.  stderr keeps escaping what cannot be written (``\\udcff``)."""
    for stream, errors in ((sys.stdin, "strict"), (sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)  # not on a stream a test put there
        if reconfigure is not None:
            try:
                reconfigure(encoding="utf-8", errors=errors)
            except (ValueError, OSError):  # pragma: no cover - a stream already read from
                pass


def guarded(run_argv, argv, name: str) -> int:
    """``run_argv(argv)``'s exit code; bad input -> one line ``NAME: error: ...`` on stderr
    and exit status 2, never a traceback.  The streams are UTF-8 (:func:`utf8_streams`)."""
    utf8_streams()
    try:
        return run_argv(argv)
    except (UsageError, TzaarError) as e:
        sys.stderr.write(f"{name}: error: {e}\n")
        return 2
    except SystemExit as e:  # --help and friends
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        sys.stderr.write(f"{name}: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


def main(argv=None) -> int:
    """Entry point; bad input -> one line on stderr and exit status 2."""
    return guarded(run, sys.argv[1:] if argv is None else argv, "tzaar")


if __name__ == "__main__":
    sys.exit(main())
