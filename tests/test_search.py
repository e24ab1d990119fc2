"""The search's alpha-beta loop, written twice for speed (tzaar/ai/search.py): the plain
recursion and the generator plies give the same best action and score at fixed depths."""

import pytest
from engine_helpers import endgame_positions, playout

from tzaar.ai import search as search_module
from tzaar.rules.position import Position

#: Positions of 8 to 24 stacks (searched deep enough for the late move reductions, from
#: depth 5), most of them undecided; and two positions of the middle game.
POSITIONS = [texts[0] for texts in (endgame_positions(seed, 24, 18, careful=0) for seed in range(1, 9)) if texts]
POSITIONS += [texts[0] for texts in (endgame_positions(seed, 20, 14) for seed in range(1, 9)) if texts]
POSITIONS += [texts[0] for texts in (endgame_positions(seed, 11, 8) for seed in range(0, 30, 3)) if texts]
MIDDLE = [playout(Position.standard(), 3, 30).text(), playout(Position.random(5), 5, 9).text()]


def _both(text, depth, monkeypatch):
    """(best, score) of a search to ``depth`` with the generator plies at every depth, and
    with the plain recursion under the root."""
    out = []
    for plain_depth in (0, search_module.MAX_DEPTH):
        monkeypatch.setattr(search_module, "PLAIN_DEPTH", plain_depth)
        s = search_module.search(Position.from_text(text).board(), max_depth=depth)
        assert s.depth == depth or abs(s.score) > search_module.MATE_BOUND
        out.append((s.best, s.score))
    return out


@pytest.mark.parametrize("depth", [3, 4, 5])
def test_the_plain_and_the_generator_loops_agree_in_endgames(depth, monkeypatch):
    assert len(POSITIONS) >= 15
    # Depth 5 costs as much as the rest of the file: every third position there.
    for text in POSITIONS if depth < 5 else POSITIONS[::3]:
        generator, plain = _both(text, depth, monkeypatch)
        assert generator == plain, text


def test_the_plain_and_the_generator_loops_agree_in_the_middle_game(monkeypatch):
    for text in MIDDLE:
        generator, plain = _both(text, 2, monkeypatch)
        assert generator == plain, text
