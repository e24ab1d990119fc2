"""Move counts as data: tests/data/perft.txt checked by a tiny recursive perft."""

import pytest

from engine_helpers import perft_cases

from tzaar.rules.board import Board, perft


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


@pytest.mark.parametrize("text,depth,count", list(perft_cases()))
def test_perft_bulk(text, depth, count):
    board = Board.from_text(text)
    assert perft(board, depth) == count
    assert board.text() == text  # restored


@pytest.mark.parametrize("text,depth,count", [c for c in perft_cases() if c.values[2] <= 100_000])
def test_perft_walk(text, depth, count):
    assert _walk(Board.from_text(text), depth) == count
