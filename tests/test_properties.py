"""Property tests over random games (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tzaar.rules.board import BLACK, HEIGHT, WHITE
from tzaar.rules.game import Game
from tzaar.rules.notation import parse_action
from tzaar.rules.position import Position
from tzaar.records.ours import game_from_record, game_record

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

starts = st.one_of(
    st.just(Position.standard()),
    st.just(Position.tournament()),
    st.integers(0, 2**31 - 1).map(Position.random),
)


@st.composite
def games(draw, max_actions=250):
    """A start and random legal actions (the whole game, or a prefix)."""
    p = start = draw(starts)
    actions = []
    choices = draw(st.lists(st.integers(0, 10**6), min_size=max_actions, max_size=max_actions))
    for c in choices:
        legal = p.legal_actions()
        if not legal:
            break
        a = legal[c % len(legal)]
        p = p.apply(a)
        actions.append(a)
    return start, actions


def walk(start, actions):
    p = start
    for a in actions:
        q = p.apply(a)
        yield p, a, q
        p = q


@SETTINGS
@given(games())
def test_pieces_are_conserved_as_captures_say(game):
    start, actions = game
    for p, a, q in walk(start, actions):
        before = [p.pieces(WHITE), p.pieces(BLACK)]
        after = [q.pieces(WHITE), q.pieces(BLACK)]
        mover = p.side
        if a.kind == "capture":
            lost = HEIGHT[p.cells[a.dst]]
            expected = list(before)
            expected[1 - mover] -= lost
            assert after == expected
        elif a.kind == "place":
            expected = list(before)
            expected[mover] += 1
            assert after == expected
            assert q.pieces(mover) + sum(q.reserve(mover)) == 30
        else:
            assert after == before
        assert sum(after) + sum(q.reserve(WHITE)) + sum(q.reserve(BLACK)) <= 60


@SETTINGS
@given(games())
def test_no_action_lands_on_an_empty_point(game):
    start, actions = game
    for p, a, q in walk(start, actions):
        if a.kind in ("capture", "stack"):
            assert p.cells[a.dst] != 0 and q.cells[a.src] == 0 and q.cells[a.dst] != 0
            assert (p.cells[a.dst] > 0) == (p.cells[a.src] > 0) or a.kind == "capture"
        if a.kind == "place":
            assert p.cells[a.dst] == 0
        # a vacated point stays empty for the rest of the game
        if p.step != 0:
            assert all(q.cells[i] == 0 for i in range(60) if p.cells[i] == 0)


@SETTINGS
@given(games())
def test_text_round_trips(game):
    start, actions = game
    for p, a, q in walk(start, actions):
        assert Position.from_text(p.text()) == p
        assert Position.from_text(p.text().replace(" ", "_")) == p
        assert parse_action(a.text()) == a
        assert parse_action(a.text().lower()) == a
    g = Game(start, actions)
    h = game_from_record(game_record(g))
    assert h.start == g.start and h.actions == g.actions


@SETTINGS
@given(games(max_actions=400))
def test_every_finished_game_has_a_winner(game):
    start, actions = game
    end = start.play(actions)
    if not end.legal_actions():
        assert end.winner in (WHITE, BLACK)
        assert end.outcome(actions[-1] if actions else None) is not None
    else:
        assert end.winner is None
    for p, _, _ in walk(start, actions):
        assert p.winner is None  # nobody plays on after the end
