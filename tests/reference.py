"""A deliberately simple reference implementation of the rules, written from docs/rules.md.

It shares no code with ``tzaar``: its own geometry, its own position text reader and
writer, a dict of stacks, rays walked point by point.  It is slow and obvious; the tests
check the fast engine against it.
"""

COLS = "ABCDEFGHI"
PIECES = {"Z": 6, "A": 9, "T": 15}
DIRS = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def _points():
    """Point names in position-text order, with their doubled coordinates."""
    names, at = [], {}
    for ci, letter in enumerate(COLS):
        q = ci - 4
        row = 0
        for k in range(9 - abs(q)):
            y = 2 * k + abs(q)
            if q == 0 and k == 4:  # the missing centre
                continue
            row += 1
            name = f"{letter}{row}"
            names.append(name)
            at[(q, y)] = name
    return names, at


NAMES, AT = _points()
XY = {name: qy for qy, name in AT.items()}


class State:
    """stacks: {name: (colour 'w'/'b', type letter 'Z'/'A'/'T', height)}; side; step."""

    def __init__(self, stacks, side, step):
        self.stacks = stacks
        self.side = side
        self.step = step


def parse(text):
    board, turn = text.replace("_", " ").split(" ")
    stacks = {}
    names = iter(NAMES)
    for col in board.split("/"):
        i = 0
        while i < len(col):
            ch = col[i]
            i += 1
            name = next(names)
            if ch == ".":
                continue
            digits = ""
            while i < len(col) and col[i].isdigit():
                digits += col[i]
                i += 1
            stacks[name] = ("w" if ch.isupper() else "b", ch.upper(), int(digits or 1))
    return State(stacks, turn[0], int(turn[1]))


def text(state):
    cols = []
    for letter in COLS:
        out = ""
        for name in NAMES:
            if name[0] != letter:
                continue
            if name not in state.stacks:
                out += "."
                continue
            colour, kind, height = state.stacks[name]
            out += (kind if colour == "w" else kind.lower()) + (str(height) if height > 1 else "")
        cols.append(out)
    return "/".join(cols) + f" {state.side}{state.step}"


def other(side):
    return "b" if side == "w" else "w"


def total_pieces(state):
    return sum(h for _, _, h in state.stacks.values())


def first_occupied(state, name, d):
    """Walk from name in direction d over empty points; the first occupied point or None."""
    q, y = XY[name]
    while True:
        q, y = q + d[0], y + d[1]
        nxt = AT.get((q, y))
        if nxt is None:  # off the board, or the centre: the line ends
            return None
        if nxt in state.stacks:
            return nxt


def moves_of(state, side, stacking):
    caps, stacks = [], []
    for src, (colour, _, height) in state.stacks.items():
        if colour != side:
            continue
        for d in DIRS:
            dst = first_occupied(state, src, d)
            if dst is None:
                continue
            tcol, _, th = state.stacks[dst]
            if tcol != side and th <= height:
                caps.append(f"{src}x{dst}")
            elif tcol == side and stacking:
                stacks.append(f"{src}-{dst}")
    return caps, stacks


def winner(state):
    if state.step == 0:
        return None
    for colour in ("w", "b"):
        tops = {kind for c, kind, _ in state.stacks.values() if c == colour}
        if len(tops) < 3:
            return other(colour)
    caps, _ = moves_of(state, state.side, False)
    if state.step == 1 and not caps:
        return other(state.side)
    return None


def actions(state):
    """The set of legal action texts."""
    if state.step == 0:
        placed = [kind for c, kind, _ in state.stacks.values() if c == state.side]
        out = set()
        for kind, n in PIECES.items():
            if placed.count(kind) < n:
                out |= {f"{kind}@{name}" for name in NAMES if name not in state.stacks}
        return out
    if winner(state) is not None:
        return set()
    caps, stacks = moves_of(state, state.side, state.step == 2)
    out = set(caps) | set(stacks)
    if state.step == 2:
        out.add("pass")
    return out


def apply(state, action):
    """The state after a legal action text (canonical)."""
    stacks = dict(state.stacks)
    side, step = state.side, state.step
    if step == 0:
        kind, name = action.split("@")
        stacks[name] = (side, kind, 1)
        if len(stacks) == 60:
            return State(stacks, "w", 1)
        return State(stacks, other(side), 0)
    opening = side == "w" and step == 1 and total_pieces(state) == 60
    if action != "pass":
        sep = "x" if "x" in action else "-"
        src, dst = action.split(sep)
        mover = stacks.pop(src)
        if sep == "x":
            stacks[dst] = mover
        else:
            stacks[dst] = (mover[0], mover[1], mover[2] + stacks[dst][2])
    if opening:
        return State(stacks, "b", 1)
    if step == 1:
        return State(stacks, side, 2)
    return State(stacks, other(side), 1)


def perft(state, depth):
    if depth == 0:
        return 1
    return sum(perft(apply(state, a), depth - 1) for a in actions(state))
