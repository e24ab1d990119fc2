"""Move counts as data: tests/data/perft.txt checked by a tiny recursive perft."""

from pathlib import Path

import pytest

from tzaar.board import Board, perft

DATA = Path(__file__).parent / "data" / "perft.txt"


def _cases():
    for line in DATA.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        depth, count, text = line.split(" ", 2)
        yield pytest.param(text, int(depth), int(count), id=f"{text[:24]}-d{depth}")


def _walk(board, depth):
    """The tiny recursive checker: plays every action, leaves included."""
    if depth == 0:
        return 1
    n = 0
    for a in board.moves():
        board.do(a)
        n += _walk(board, depth - 1)
        board.undo()
    return n


@pytest.mark.parametrize("text,depth,count", list(_cases()))
def test_perft_bulk(text, depth, count):
    board = Board.from_text(text)
    assert perft(board, depth) == count
    assert board.text() == text  # restored


@pytest.mark.parametrize("text,depth,count", [c for c in _cases() if c.values[2] <= 100_000])
def test_perft_walk(text, depth, count):
    assert _walk(Board.from_text(text), depth) == count
