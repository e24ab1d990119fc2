"""Board geometry: the 60 points, their names, the six directions and the rays.

Points are ints ``0..59`` in position-text order: ``A1..A5, B1..B6, ..., I1..I5``
(column by column, each column bottom to top).  Names (``"D4"``) appear only at the
edges of the package; everything inside works on these ints.

Geometry follows docs/rules.md ("The board"): in a "doubled" layout a point is ``(q, y)`` with
``q = column index - 4`` and ``y = 2*k + |q|`` (``k`` = 0-based index in the full
9-point-tall column, the missing centre being ``q=0, k=4``).  Neighbours are
``(q, y+-2)`` and ``(q+-1, y+-1)``.  Every table below is computed once at import
by the small helpers at the bottom; nothing is typed out.

Directions come in opposite pairs so that ``opposite(d) == d ^ 1``::

    0 up (0,+2)        1 down (0,-2)
    2 up-right (+1,+1) 3 down-left (-1,-1)
    4 down-right (+1,-1) 5 up-left (-1,+1)
"""

from __future__ import annotations

from .errors import PointError, shown

__all__ = [
    "COLUMNS",
    "COLUMN_SIZES",
    "NUM_POINTS",
    "SENTINEL",
    "POINTS",
    "POINT_NAMES",
    "COORDS",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "RAYS",
    "NEIGHBOURS",
    "STEP",
    "point_name",
    "parse_point",
]

#: Column letters, left to right.
COLUMNS = "ABCDEFGHI"
#: Number of points in each column (column E lacks its centre point).
COLUMN_SIZES = (5, 6, 7, 8, 8, 8, 7, 6, 5)
#: Number of points on the board.
NUM_POINTS = 60
#: An index one past the last point: "no point" in link and step tables.
SENTINEL = NUM_POINTS

#: (dq, dy) for the six directions; opposite pairs are (0,1), (2,3), (4,5).
DIRECTIONS = ((0, 2), (0, -2), (1, 1), (-1, -1), (1, -1), (-1, 1))
DIRECTION_NAMES = ("up", "down", "up-right", "down-left", "down-right", "up-left")

_CENTRE = (0, 8)


def _build_points():
    """Names and doubled coordinates of the 60 points, in position-text order."""
    names, coords = [], []
    for col, letter in enumerate(COLUMNS):
        q = col - 4
        row = 0
        for k in range(9 - abs(q)):
            y = 2 * k + abs(q)
            if (q, y) == _CENTRE:
                continue
            row += 1
            names.append(f"{letter}{row}")
            coords.append((q, y))
    return tuple(names), tuple(coords)


POINT_NAMES, COORDS = _build_points()
#: Point index by upper-case name.
POINTS = {name: i for i, name in enumerate(POINT_NAMES)}
_AT = {c: i for i, c in enumerate(COORDS)}


def _build_rays():
    """RAYS[p][d]: the points met walking from p in direction d, nearest first.

    A ray stops at the edge of the board and at the missing centre (a line never
    crosses it: the centre is simply not in ``_AT``).
    """
    rays = []
    for q, y in COORDS:
        per_dir = []
        for dq, dy in DIRECTIONS:
            ray = []
            cq, cy = q + dq, y + dy
            while (cq, cy) in _AT:
                ray.append(_AT[cq, cy])
                cq, cy = cq + dq, cy + dy
            per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))
    return tuple(rays)


#: RAYS[p][d] -> tuple of points along direction d from p (nearest first).
RAYS = _build_rays()
#: STEP[p][d] -> the adjacent point in direction d, or SENTINEL.
STEP = tuple(tuple(r[0] if r else SENTINEL for r in per_dir) for per_dir in RAYS)
#: NEIGHBOURS[p] -> sorted tuple of the adjacent points.
NEIGHBOURS = tuple(tuple(sorted(r[0] for r in per_dir if r)) for per_dir in RAYS)


def point_name(p: int) -> str:
    """The upper-case name of point ``p`` (``0 -> "A1"``)."""
    return POINT_NAMES[p]


def parse_point(text: str) -> int:
    """The point index named by ``text`` (case-insensitive, e.g. ``"d4"``).

    Raises :class:`PointError` (a ``ValueError``) for anything else.
    """
    if not isinstance(text, str):
        raise PointError(f"A point name must be text, not {shown(text)}.")
    p = POINTS.get(text.strip().upper()) if text.isascii() else None  # "ı1".upper() == "I1"
    if p is None:
        raise PointError(f"{shown(text)} is not a point of the board (a column A-I and a row, e.g. D4).")
    return p
