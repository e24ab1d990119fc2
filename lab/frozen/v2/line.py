"""The line a search expects: the rest of the turn and the opponent's reply, read from its
transposition table (what the analysis board shows beside the best action).

``table_line(board, tt, first)`` plays ``first`` (the search's best action) on ``board``,
then follows the table's move of each position (``tt[hash][3]``, checked legal) while the
side that was to move finishes its turn and the opponent plays its next one; it returns
``(turn, reply)``, lists of action ints: the rest of the current turn (``first`` and the
table's continuation) and the reply (empty when the game ends first or the table does not
know it).  The board is restored.
"""

from __future__ import annotations

#: The longest line followed (a turn has at most two actions).
MAX_ACTIONS = 4


def table_line(board, tt, first) -> tuple[list, list]:
    side = board.side
    turn, reply = [], []
    played = 0
    try:
        a = first
        while a is not None and a in board.moves():
            (turn if board.side == side and not reply else reply).append(a)
            board.do(a)
            played += 1
            if board.winner() is not None or played >= MAX_ACTIONS:
                break
            if reply and board.side == side:
                break  # the reply's turn is over
            entry = tt.get(board.hash)
            a = entry[3] if entry is not None else None
    finally:
        for _ in range(played):
            board.undo()
    return turn, reply
