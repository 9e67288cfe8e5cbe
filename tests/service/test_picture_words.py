"""Every word on a picture fits its room in every language: each catalogue's picture words (its "board." templates),
filled with the longest values a game gives them, measured in the pictures' fonts against the room the panel or the
chart gives them, at every picture size the bot draws. A language added to `CATALOGUES` is measured too."""

from __future__ import annotations

import pytest

from engine.rules import Rules
from render import WORDS, BoardView
from render.chart import CHART_SIZE
from render.chart import word_rooms as chart_rooms
from render.geometry import layout, metrics
from render.panel import word_rooms
from render.replay import REPLAY_SIZE
from render.sprites import text_width
from render.view import DEFAULT_SIZE
from service.i18n import CATALOGUES, templates

GEOMETRY = layout(Rules.preset("classic")).n


def _values(view: BoardView) -> dict[str, object]:
    """The longest values a picture fills its templates with (a short name: names are cut to their room)."""
    colour = max((view.colour(seat) for seat in range(4)), key=len).capitalize()
    place = max((view.word(f"place{k}") for k in range(1, 5)), key=len)
    return {"colour": colour, "place": place, "home": 4, "tokens": 4, "score": 999, "who": "Ann", "dice": "6, 6",
            "victims": view.word("victim", colour=colour, token=4), "n": 999, "total": 999, "moves": 999,
            "value": 100, "name": "Ann", "rules": "twodice", "squares": 52, "token": 4}


@pytest.mark.parametrize("size", [DEFAULT_SIZE, REPLAY_SIZE], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_panel_word_fits_its_room(lang: str, size: tuple[int, int]) -> None:
    view = BoardView(words=templates(lang, "board.", WORDS))
    values = _values(view)
    too_long = []
    for key, (font_size, room) in word_rooms(metrics(GEOMETRY, size)).items():
        text = view.word(key, **values)
        if text_width(text, font_size) > room:
            too_long.append(f"{key}: {text!r} is {text_width(text, font_size):.0f} px, room {room}")
    assert not too_long, f"{lang} at {size}: " + "; ".join(too_long)


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_chart_word_fits_its_room(lang: str) -> None:
    view = BoardView(words=templates(lang, "board.", WORDS))
    values = _values(view)
    for size in (CHART_SIZE, (480, 240)):
        for key, (font_size, room) in chart_rooms(size).items():
            text = view.word(key, **values)
            assert text_width(text, font_size) <= room, f"{lang} {key} at {size}: {text!r} overflows {room} px"


def test_the_rooms_cover_every_line_the_panel_shows() -> None:
    rooms = set(word_rooms(metrics(GEOMETRY, DEFAULT_SIZE))) | set(chart_rooms())
    parts = {"red", "green", "yellow", "blue", "you", "victim", "place1", "place2", "place3", "place4", "chart_seat"}
    assert rooms | parts == set(WORDS)  # (parts: words inside other lines, or a name's line, cut with the name)
