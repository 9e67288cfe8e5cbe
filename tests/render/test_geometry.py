"""The board layouts: exactly the right number of squares, every step next to the one before."""

from __future__ import annotations

import itertools

import pytest

from ludo_bot.engine.rules import Rules
from ludo_bot.render.geometry import Box, LayoutError, layout, place_centre, place_of, square_centre
from tests.render.helpers import GEOMETRIES


def touching(a: Box, b: Box) -> bool:
    """True when two boxes share an edge or a corner (and do not overlap)."""
    gap_x = max(a.x0, b.x0) - min(a.x1, b.x1)
    gap_y = max(a.y0, b.y0) - min(a.y1, b.y1)
    return gap_x <= 0 and gap_y <= 0 and (gap_x == 0 or gap_y == 0)


def overlap(a: Box, b: Box) -> bool:
    return min(a.x1, b.x1) - max(a.x0, b.x0) > 0 and min(a.y1, b.y1) - max(a.y0, b.y0) > 0


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_track_has_exactly_track_length_squares_in_a_loop(name: str) -> None:
    rules = GEOMETRIES[name]
    g = layout(rules)
    assert len(g.track) == rules.track_length
    assert len(set(g.track)) == rules.track_length
    for i, box in enumerate(g.track):
        assert touching(box, g.track[(i + 1) % len(g.track)]), (name, i)
        assert 0 <= box.x0 < box.x1 <= g.n and 0 <= box.y0 < box.y1 <= g.n
    every = [*g.track, *(b for column in g.home for b in column), g.centre, *g.yards]
    for i, a in enumerate(every):
        for b in every[i + 1:]:
            assert not overlap(a, b), (name, a, b)


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_home_columns_follow_the_entry_square_and_reach_the_centre(name: str) -> None:
    rules = GEOMETRIES[name]
    g = layout(rules)
    for seat in range(4):
        column = g.home[seat]
        assert len(column) == rules.home_length
        assert touching(g.track[g.entry[seat]], column[0])
        for a, b in itertools.pairwise(column):
            assert touching(a, b)
        assert touching(column[-1], g.centre)
        assert g.track[g.starts[seat]] == g.track[rules.start_square(seat)]


def test_grid_sizes() -> None:
    assert layout(GEOMETRIES["classic"]).n == 15
    assert layout(GEOMETRIES["strict4"]).n == 13
    twodice = layout(GEOMETRIES["twodice"])
    assert twodice.n == 15 and twodice.split_tip
    assert sum(1 for b in twodice.track if max(b.width, b.height) == 1.5) == 8  # two wide squares per tip


def test_seats_are_turned_clockwise() -> None:
    g = layout(GEOMETRIES["classic"])
    red, green, yellow, blue = (g.track[s * 13].centre for s in range(4))
    assert red[0] < 7.5 and green[1] < 7.5 and yellow[0] > 7.5 and blue[1] > 7.5  # left, top, right, bottom
    assert g.yards[0].x0 == 0 and g.yards[0].y0 == 0  # red's yard top-left


def test_places_and_pixel_centres() -> None:
    rules = GEOMETRIES["classic"]
    assert place_of(rules, 1, 0) == ("track", 13, 0)
    assert place_of(rules, 1, 51) == ("home", 1, 0)
    assert place_of(rules, 1, 56, 2) == ("finish", 1, 2)
    assert place_of(rules, 1, -1, 3) == ("yard", 1, 3)
    assert place_centre(rules, place_of(rules, 0, 0)) == (1.5, 6.5)
    x, y = square_centre(rules, 0, 0)
    assert 0 < x < 600 and 0 < y < 600
    assert square_centre(rules, 0, 0, (1200, 1200)) == pytest.approx((2 * x, 2 * y), abs=8)


def test_impossible_geometry_is_refused() -> None:
    with pytest.raises(LayoutError):
        layout(Rules.preset("classic", home_length=7))


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_places_on_the_track_are_the_rules_squares(name: str) -> None:
    rules = GEOMETRIES[name]
    g = layout(rules)
    for seat in range(4):
        assert (g.starts[seat], g.entry[seat]) == (rules.route(seat)[0], rules.route(seat)[-1])
        for step in range(rules.last_track_step + 1):
            assert place_of(rules, seat, step) == ("track", rules.square(seat, step), 0)
    with pytest.raises(ValueError, match="off the route"):
        place_of(rules, 0, -2)
