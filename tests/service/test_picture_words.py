"""Every word on a picture fits its room in every language: each catalogue's picture words (its "board." templates),
filled with the longest values a game gives them, measured in the pictures' fonts against the room the panel or the
chart gives them, at every picture size the bot draws. A language added to `CATALOGUES` is measured too."""

from __future__ import annotations

import pytest

from ludo_bot.engine.game import new_game
from ludo_bot.engine.notation import rules_text, to_text
from ludo_bot.engine.rules import Rules
from ludo_bot.render import WORDS, BoardView
from ludo_bot.render.chart import CHART_SIZE
from ludo_bot.render.chart import word_rooms as chart_rooms
from ludo_bot.render.geometry import layout, metrics
from ludo_bot.render.panel import name_room, word_rooms
from ludo_bot.render.replay import REPLAY_SIZE
from ludo_bot.render.sprites import text_width
from ludo_bot.render.standings import header_rooms
from ludo_bot.render.standings import word_rooms as standing_rooms
from ludo_bot.render.view import DEFAULT_SIZE, text_size
from ludo_bot.service.seats import AI_LEVELS, picture_names
from ludo_bot.service.tournaments.view import HEADERS
from ludo_bot.service.words.i18n import CATALOGUES, templates, translate_for_picture
from ludo_bot.storage.records import GameRecord, Seat

RULES = Rules.preset("classic")
GEOMETRY = layout(RULES).n


def _values(view: BoardView) -> dict[str, object]:
    """The longest values a picture fills its templates with (a short name: names are cut to their room)."""
    colour = max((view.colour(seat) for seat in range(4)), key=len).capitalize()
    place = max((view.word(f"place{k}") for k in range(1, 5)), key=len)
    return {"colour": colour, "place": place, "home": 4, "tokens": 4, "score": 999, "n": 999, "total": 999,
            "moves": 999, "value": 100, "name": "Ann"}


@pytest.mark.parametrize("size", sorted({DEFAULT_SIZE, REPLAY_SIZE}), ids=lambda s: f"{s[0]}x{s[1]}")
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
    for size in (CHART_SIZE, (360, 300)):
        for key, (font_size, room) in chart_rooms(size).items():
            text = view.word(key, **values)
            assert text_width(text, font_size) <= room, f"{lang} {key} at {size}: {text!r} overflows {room} px"


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_ai_players_name_is_drawn_whole(lang: str) -> None:
    # a picture names an AI player "AI (master)" on its colour's yard: the level never cuts it
    room = name_room(metrics(GEOMETRY, DEFAULT_SIZE))
    size = text_size(DEFAULT_SIZE[0])
    for level in range(len(AI_LEVELS)):
        seats = [Seat(seat=0, user_id=7, name="Ann"), Seat(seat=2, ai_level=level)]
        record = GameRecord(id="g1", guild_id=1, channel_id=1, host_id=7, rules=rules_text(RULES), seats=seats,
                            seed=1, state=to_text(new_game(RULES, (0, 2), 1)))
        name = picture_names(record, lang)[2]
        assert text_width(name, size) <= room, f"{lang}: {name!r} is {text_width(name, size):.0f} px, room {room}"


def test_the_rooms_cover_every_line_the_picture_shows() -> None:
    rooms = set(word_rooms(metrics(GEOMETRY, DEFAULT_SIZE))) | set(chart_rooms())
    parts = {"red", "green", "yellow", "blue", "place1", "place2", "place3", "place4"}
    assert rooms | parts == set(WORDS)  # (parts: words inside other lines)


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_standings_word_fits_its_room(lang: str) -> None:
    """The tournament standing's banners (champion, cancelled) and the swiss table's headers, at the least room the
    picture gives them (a swiss of 64 in two blocks: a number's column is as wide as "64")."""
    too_long = []
    for key, (font_size, room) in standing_rooms().items():
        text = translate_for_picture(lang, f"standing.{key}")
        if text_width(text, font_size) > room:
            too_long.append(f"{key}: {text!r} is {text_width(text, font_size):.0f} px, room {room}")
    assert not too_long, f"{lang}: " + "; ".join(too_long)
    for key, (font_size, room) in zip(HEADERS, header_rooms(), strict=True):
        text = translate_for_picture(lang, f"standing.{key}")
        assert text_width(text, font_size) <= room, f"{lang} {key}: {text!r} overflows {room} px"
