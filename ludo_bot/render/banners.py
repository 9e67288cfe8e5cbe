"""What both standings pictures (`render.standings`, `render.swiss`) share: their measures, in px of the picture
shown `PHONE` (360) px wide, the banners of a cancelled tournament and of its champion, and the banners' words.

Words of 11 px there (the least, `render.view.SMALLEST`) and titles of 13, about 6 px a letter; a row every 15 px
(1.36 times the words' size, as print sets it). A picture much higher than wide is shown smaller than the column (the
desktop client bounds a picture's height at about 390 px) and pushes its message off a phone's screen (about 360 x
600 px of chat), so a standings picture is at most `TALLEST` times as high as wide, 576 px: the largest knockout
round and swiss table just fit (the figures: `render.standings`, `render.swiss`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

from ludo_bot.render.sheet import Card, Item, Mark, Word, font_px, measure
from ludo_bot.render.view import PHONE, one_line

WIDTH = 600  # px: the picture's default width; its text is 19 px, 11.4 when shown `PHONE` px wide, as the board's
WIDTHS = (240, 1600)  # px: the widths a picture may be drawn at
MOST = 64  # entrants: a round seats at most this many, a swiss table has at most this many rows (a tournament's cap)
# "legend": what a swiss table's short headers stand for, drawn on its title's line where a language gives one
WORDS: Mapping[str, str] = MappingProxyType({"champion": "Champion", "cancelled": "Cancelled", "legend": ""})
TROPHY = "\U0001f3c6"
TALLEST = 1.6
MARGIN, GAP, SECTION = 8.0, 8.0, 8.0
BODY, TITLE = 11.0, 13.0
PITCH, PAD, SPACING = 15.0, 6.0, 6.0
TITLE_ROW, BANNER = 20.0, 28.0
INNER = PHONE - 2 * MARGIN
BANNER_ROOM = INNER / 2 - 24  # a banner's word: the rest of its line holds a mark, or the trophy and a name
LEGEND_ROOM = INNER / 2  # a swiss table's legend: the other half of the title's line holds the title


def check_width(width: int) -> None:
    """Raise ValueError for a picture's width outside `WIDTHS`."""
    if not WIDTHS[0] <= width <= WIDTHS[1]:
        raise ValueError(f"a standings picture {width} px wide: {WIDTHS[0]} to {WIDTHS[1]}")


def shown(name: str) -> str:
    """A player's name as drawn: on one line; "?" for one of invisible characters only."""
    return one_line(name) or "?"


def word_rooms(width: int = WIDTH) -> dict[str, tuple[int, int]]:
    """The font size and room in pixels of each of `WORDS` on a picture `width` px wide: a longer word is cut.

    >>> word_rooms()
    {'champion': (19, 246), 'cancelled': (22, 246), 'legend': (19, 286)}
    """
    room = math.floor(BANNER_ROOM * width / PHONE)
    return {"champion": (font_px(BODY, width), room), "cancelled": (font_px(TITLE, width), room),
            "legend": (font_px(BODY, width), math.floor(LEGEND_ROOM * width / PHONE))}


def cancelled(y: float, words: Mapping[str, str], width: int) -> list[Item]:
    """The banner of a cancelled tournament, its top at `y`: the word on dark red after a ⊘."""
    word = words.get("cancelled", WORDS["cancelled"])
    w = min(measure(word, TITLE, width), BANNER_ROOM)
    x, mid = (PHONE - w - 19) / 2, y + BANNER / 2  # (the mark 14 px wide, 5 px before the word)
    return [Card(MARGIN, y, INNER, BANNER, "red_dark", None, 8), Mark(x + 7, mid, "gone", 14),
            Word(x + 19, mid, word, TITLE, "white", "red_dark", w + 1)]


def champion(y: float, name: str, words: Mapping[str, str], width: int) -> list[Item]:
    """The champion's banner, its top at `y`: 🏆, the word and the name on a panel with a gold rim."""
    word = words.get("champion", WORDS["champion"])
    trophy, w = measure(TROPHY, TITLE, width), min(measure(word, BODY, width), BANNER_ROOM)
    room = INNER - 2 * PAD - trophy - w - 12
    name = shown(name)
    total = trophy + 6 + w + 6 + min(measure(name, TITLE, width), room)
    x, mid = (PHONE - total) / 2, y + BANNER / 2
    return [Card(MARGIN, y, INNER, BANNER, "yellow", None, 8),
            Card(MARGIN + 2, y + 2, INNER - 4, BANNER - 4, "panel", None, 6),
            Word(x, mid, TROPHY, TITLE, "text", "panel", trophy + 1),
            Word(x + trophy + 6, mid, word, BODY, "muted", "panel", w + 1),
            Word(x + trophy + w + 12, mid, name, TITLE, "text", "panel", room)]
