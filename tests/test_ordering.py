"""Move ordering of the search: every legal action once, in the documented order."""

import random

import pytest
from engine_helpers import random_positions

from tzaar.ai import ordering
from tzaar.ai.ordering import SCARCE_STACKINGS, MoveOrder, captures, plausible
from tzaar.rules.board import PASS
from tzaar.rules.position import Position


def boards(n=40):
    """Boards of random games at the first and the second action, none finished."""
    out = [b for b in (p.board() for p in random_positions(n, 1, 60)) if b.moves()]
    assert {b.step for b in out} == {1, 2}
    return out


def test_every_legal_action_is_ordered_once_captures_before_the_rest(monkeypatch):
    monkeypatch.setattr(ordering, "STARVE_CAPTURES", 0)  # its own test below
    for b in boards():
        order = MoveOrder(8)
        moves = order.ordered(b, None)
        assert sorted(moves) == sorted(b.moves())
        kinds = [a != PASS and b.is_capture(a) for a in moves]
        assert kinds == sorted(kinds, reverse=True)  # all captures, then pass and stackings
        if b.step == 2:
            assert PASS in moves
            # without the stackings: captures, pass, and the defences of the mover's scarce
            # types (stackings of a stack topped by a type with SCARCE_STACKINGS or fewer)
            short = order.ordered(b, None, stackings=False)
            own = 3 * b.side
            scarce = [
                a for a in moves
                if a != PASS and not b.is_capture(a) and b.tops[own + (abs(b.cells[a >> 6]) & 3)] <= SCARCE_STACKINGS
            ]
            assert short == [a for a in moves if a == PASS or b.is_capture(a)] + scarce


def test_the_tables_move_goes_first_and_a_cutting_stacking_becomes_a_killer():
    b = next(b for b in boards() if b.step == 2 and len(b._moves(True)) > 3)
    order = MoveOrder(8)
    stackings = [a for a in order.ordered(b, None) if a != PASS and not b.is_capture(a)]
    last = stackings[-1]
    assert order.ordered(b, last)[0] == last
    order.record(b, last, 3, 2)
    assert order.killers[2] == [last] and order.history[last] == 9
    moves = order.ordered(b, None, ply=2)
    n_caps = len(captures(b.cells, b.links, b.side, b.tops))
    assert moves[n_caps] == last  # right after the captures, before pass
    assert order.ordered(b, None, ply=3).index(last) > n_caps  # another ply: by history only


def test_killer_captures_go_first_among_the_captures():
    b = next(b for b in boards() if b.step == 2 and len(captures(b.cells, b.links, b.side, b.tops)) > 2)
    caps = captures(b.cells, b.links, b.side, b.tops)
    stacking = next(a for a in b._moves(True))
    order = MoveOrder(8)
    order.record(b, caps[-1], 2, 1)
    assert order.capture_killers[1] == [caps[-1]]
    assert order.ordered(b, None, ply=1)[0] == caps[-1]
    assert order.ordered(b, None, ply=2)[:len(caps)] == caps  # another ply: by what they take
    order.record(b, stacking, 2, 1)  # a killer stacking comes after the captures
    moves = order.ordered(b, None, ply=1)
    assert moves[0] == caps[-1] and moves[len(caps)] == stacking
    assert sorted(moves) == sorted(b.moves())


def test_early_gives_the_tables_move_and_the_first_killer_that_is_still_a_legal_capture():
    found = 0
    for b in boards():
        caps = captures(b.cells, b.links, b.side, b.tops)
        if len(caps) < 3:
            continue
        order = MoveOrder(8)
        assert order.early(b, None, 1) == []
        order.record(b, caps[2], 2, 1)
        order.record(b, caps[1], 2, 1)
        assert order.early(b, None, 1) == [caps[1]]
        assert order.early(b, caps[1], 1) == [caps[1], caps[2]]  # the table's move, then the next killer
        assert order.early(b, caps[0], 1) == [caps[0], caps[1]]
        assert order.early(b, None, 0) == []  # another ply
        # a killer of a sibling node that is no capture here is not tried
        own = next((a for a in b._moves(True)), None)
        if own is not None:
            order.capture_killers[3] = [own, caps[0]]
            assert order.early(b, None, 3) == [caps[0]]
            found += 1
    assert found


@pytest.mark.parametrize("seed", range(3))
def test_capture_plausible_is_true_exactly_for_the_legal_captures(seed):
    for b in boards(12)[seed::3]:
        legal = set(b.captures())
        for p in range(60):
            for q in range(61):
                a = p << 6 | q
                assert ordering.capture_plausible(b, a) == (a in legal), (b.text(), a)


@pytest.mark.parametrize("seed", range(5))
def test_plausible_accepts_every_legal_action_and_refuses_others(seed):
    for b in boards(12)[seed::5]:
        legal = set(b.moves())
        for a in list(legal) + [p << 6 | q for p in range(60) for q in range(60)][::7]:
            if plausible(b, a) and a not in legal:
                # plausible is a cheap test: it may accept only actions of a stack of the
                # mover onto a linked point, never a stack of the enemy
                assert b.cells[a >> 6] and (b.cells[a >> 6] > 0) == (b.side == 0)
            if a in legal:
                assert plausible(b, a)


def test_left_out_stackings_keep_the_scarce_types_defences(monkeypatch):
    monkeypatch.setattr(ordering, "SCARCE_STACKINGS", 3)
    monkeypatch.setattr(ordering, "STARVE_CAPTURES", 0)
    seen = 0
    for b in boards(80):
        if b.step != 2:
            continue
        own = 3 * b.side
        short = MoveOrder(8).ordered(b, None, stackings=False)
        kept = [a for a in short if a != PASS and not b.is_capture(a)]
        scarce = {k for k in range(3) if b.tops[own + k] <= 3}
        expected = [a for a in b._moves(True) if abs(b.cells[a >> 6]) & 3 in scarce]
        assert sorted(kept) == sorted(expected)
        assert set(short) <= set(b.moves())
        seen += bool(kept)
    assert seen  # some boards had a scarce type with a stacking


def near_starvation_boards(n=6, captures=3):
    """Boards at a second action where a side has ``captures`` or fewer captures, from
    random games."""
    out = []
    seed = 0
    while len(out) < n:
        rng = random.Random(1000 + seed)
        seed += 1
        b = (Position.standard() if seed % 2 else Position.random(seed)).board()
        while b.winner() is None and b.moves():
            if b.step == 2 and min(b.mobility(0)[0], b.mobility(1)[0]) <= captures:
                out.append(b)
                break
            b.do(rng.choice(b.moves()))
    return out


def test_left_out_stackings_are_all_kept_when_a_side_is_near_starvation(monkeypatch):
    monkeypatch.setattr(ordering, "STARVE_CAPTURES", 3)
    for b in near_starvation_boards():
        short = MoveOrder(8).ordered(b, None, stackings=False)
        kept = [a for a in short if a != PASS and not b.is_capture(a)]
        assert sorted(kept) == sorted(b._moves(True))
    for b in boards(80):
        if b.step == 2 and min(b.mobility(0)[0], b.mobility(1)[0]) > 3:
            monkeypatch.setattr(ordering, "STARVE_CAPTURES", 3)
            with_rule = MoveOrder(8).ordered(b, None, stackings=False)
            monkeypatch.setattr(ordering, "STARVE_CAPTURES", 0)
            assert with_rule == MoveOrder(8).ordered(b, None, stackings=False)
