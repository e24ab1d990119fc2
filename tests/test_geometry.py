"""Board geometry: points, names, neighbours and rays (docs/rules.md, "The board";
docs/notation.md, "Points")."""

import pytest

from tzaar.rules.errors import PointError
from tzaar.rules.geometry import (
    COLUMN_SIZES,
    NEIGHBOURS,
    NUM_POINTS,
    POINT_NAMES,
    RAYS,
    SENTINEL,
    STEP,
    parse_point,
    point_name,
)


def names(points):
    return sorted(POINT_NAMES[p] for p in points)


def test_sixty_points_in_position_text_order():
    assert NUM_POINTS == len(POINT_NAMES) == 60 == sum(COLUMN_SIZES)
    assert POINT_NAMES[:6] == ("A1", "A2", "A3", "A4", "A5", "B1")
    assert POINT_NAMES[-1] == "I5"
    assert [n for n in POINT_NAMES if n[0] == "E"] == [f"E{i}" for i in range(1, 9)]


@pytest.mark.parametrize(
    "point,expected",
    [
        ("A1", ["A2", "B1", "B2"]),
        ("D4", ["C3", "C4", "D3", "D5", "E4"]),
        ("E4", ["D3", "D4", "E3", "F3", "F4"]),
        ("E5", ["D5", "D6", "E6", "F5", "F6"]),
        ("I5", ["H5", "H6", "I4"]),
    ],
)
def test_neighbours_match_rules(point, expected):
    assert names(NEIGHBOURS[parse_point(point)]) == expected


def test_the_six_points_around_the_centre_have_five_neighbours():
    around = ["D4", "D5", "E4", "E5", "F4", "F5"]
    for name in around:
        assert len(NEIGHBOURS[parse_point(name)]) == 5, name
    inner = [p for p in range(NUM_POINTS) if len(NEIGHBOURS[p]) == 5 and POINT_NAMES[p][0] in "DEF"]
    assert names(inner) == around


def test_no_line_crosses_the_centre():
    e4, e5 = parse_point("E4"), parse_point("E5")
    assert all(e5 not in ray for ray in RAYS[e4])
    assert all(e4 not in ray for ray in RAYS[e5])
    for a, b in [("D4", "F5"), ("D5", "F4"), ("C3", "G6"), ("E1", "E8")]:
        assert all(parse_point(b) not in ray for ray in RAYS[parse_point(a)]), (a, b)


def test_rays_are_symmetric_and_straight():
    for p in range(NUM_POINTS):
        for d in range(6):
            ray = RAYS[p][d]
            assert STEP[p][d] == (ray[0] if ray else SENTINEL)
            for i, r in enumerate(ray):
                back = RAYS[r][d ^ 1]
                assert back[: i + 1] == (ray[:i][::-1] + (p,)), (p, d)


def test_longest_line_is_eight_points():
    assert max(len(r) + 1 for rays in RAYS for r in rays) == 8


def test_point_names_round_trip_case_insensitive():
    for p, name in enumerate(POINT_NAMES):
        assert parse_point(name) == p
        assert parse_point(name.lower()) == p
        assert point_name(parse_point(f" {name.lower()} ")) == name


@pytest.mark.parametrize("bad", ["", "A6", "E9", "J1", "A0", "11", "AA", "D", 42, None])
def test_bad_point_names(bad):
    with pytest.raises(PointError) as e:
        parse_point(bad)
    assert isinstance(e.value, ValueError)
    assert repr(bad) in str(e.value)
