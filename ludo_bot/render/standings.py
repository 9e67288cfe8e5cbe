"""The tournament's standings picture, as PNG bytes read on a phone: a knockout's bracket of tables
(`bracket_png`, here) or a swiss tournament's table of points (`swiss_png`, `render.swiss`).

The caller gives every word in the reader's language (round titles, the swiss table's headers, and in `words` the
banners' words, English by default: `WORDS`, `word_rooms`) and the names as players wrote them: they are drawn in
any script, with emoji as Twemoji and styled letters (𝓐𝓵𝓲𝓬𝓮), cut with "…" between grapheme clusters where a column
is too narrow.

A knockout: every round a title and its tables as numbered boxes, the seats of a played table in place order with
their places, who went through ticked (a white tick on a green disc: a shape, not a colour alone) and the others
dimmed, an AI seat after a 🤖, a table still playing with a die by its number; the champion on a banner at the end
(🏆); a cancelled tournament's banner on top.

>>> seats = (Seat("Ann", 1, True, False), Seat("Bo", 2, False, True))
>>> png = bracket_png(Bracket((Round("Final", (Table(seats),)),), champion="Ann"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ludo_bot.render.banners import (
    BANNER,
    BODY,
    GAP,
    INNER,
    MARGIN,
    MOST,
    PAD,
    PITCH,
    SECTION,
    TALLEST,
    TITLE,
    TITLE_ROW,
    TROPHY,
    WIDTH,
    WORDS,
    cancelled,
    champion,
    check_width,
    shown,
    word_rooms,
)
from ludo_bot.render.png import encode_png
from ludo_bot.render.sheet import Card, Item, Mark, Word, draw, measure
from ludo_bot.render.swiss import Row, SwissTable, header_rooms, swiss_png
from ludo_bot.render.view import PHONE, one_line

__all__ = ["TALLEST", "WIDTH", "WORDS", "Bracket", "Round", "Row", "Seat", "SwissTable", "Table", "bracket_png",
           "header_rooms", "swiss_png", "word_rooms"]

ROBOT = "\U0001f916"
# Its size, by measurement (px of the picture shown 360 px wide, `render.banners`). A table of four is a box 73.5 px
# high. Side by side, two boxes are 168 px wide and leave a name 130 px (about 21 letters), three 109 px and 71 px
# (12 letters), four 80 px and 42 px (7 letters: most names cut). A round of 16 tables (64 entrants) is 8 rows of
# boxes in two columns, 707 px high with its title, and 6 rows in three, 538 px: within `TALLEST` (576 px; 574 with
# the cancelled banner). So the layout shows as much as fits: the latest rounds in full, in two columns while they
# fit, else three; each earlier round on a line of its own, its title and its boxes in miniature (a line per seat,
# long and light for one who went through), as those who went through are named in the rounds after it. Measured at
# 360 px wide: a knockout of 8 at its end is 360 x 259 (every round in full: on a desktop as large as the board), of
# 16 360 x 451, of 64 in its first round 360 x 538, at its end 360 x 497 (its last three rounds in full).
VGAP, TOP, BOTTOM = 11.0, 9.5, 4.0  # between rows of boxes (a box's number stands 7.5 px above it); in a box
PLACE, TICK = 12.0, 14.0  # the columns of a seat's place and of its tick
STRIP_ROW, GLYPH = 19.0, 13.0  # an earlier round's line, a table's box in miniature


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at a knockout's table: its player's name, place at the table (1-based, None while playing), whether
    they went through to the next round, whether an AI plays it."""

    name: str
    place: int | None
    through: bool
    ai: bool


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[Seat, ...]  # 2 to 4


@dataclass(frozen=True, slots=True)
class Round:
    title: str  # in the reader's language: "Round 1", "Final"
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout: its rounds so far, the champion once there is one, whether it was cancelled."""

    rounds: tuple[Round, ...]
    champion: str | None
    cancelled: bool = False


def bracket_png(b: Bracket, *, width: int = WIDTH, words: Mapping[str, str] = WORDS) -> bytes:
    """The knockout's bracket as PNG bytes, `width` px wide and as high as its layout (see above). Raises ValueError
    for a width outside `render.banners.WIDTHS`, a table without seats or of more than four, a round of more than
    `MOST` seats."""
    check_width(width)
    for r in b.rounds:
        for number, table in enumerate(r.tables, start=1):
            if not 1 <= len(table.seats) <= 4:
                raise ValueError(f"table {number} of {r.title!r} has {len(table.seats)} seats: a table has 1 to 4")
        if sum(len(table.seats) for table in r.tables) > MOST:
            raise ValueError(f"{r.title!r} seats {sum(len(t.seats) for t in r.tables)} players: at most {MOST}")
    b = replace(b, rounds=tuple(replace(r, title=one_line(r.title)) for r in b.rounds))
    items, height = _layout(b, words, width)
    return encode_png(draw(items, width, height))


def _layout(b: Bracket, words: Mapping[str, str], width: int) -> tuple[list[Item], float]:
    """The first layout within `TALLEST`: two columns of boxes, then three; as many rounds in full as fit."""
    for columns in (2, 3):
        for full in range(len(b.rounds), 0, -1):
            items, height = _plan(b, words, width, columns, full)
            if height <= TALLEST * PHONE:
                return items, height
    return _plan(b, words, width, 3, min(1, len(b.rounds)))


def _box_height(seats: int) -> float:
    return TOP + PITCH * seats + BOTTOM


def _plan(b: Bracket, words: Mapping[str, str], width: int, columns: int, full: int) -> tuple[list[Item], float]:
    """The layout of `b` with its last `full` rounds in full, their tables in `columns`, and its height."""
    items: list[Item] = []
    y = MARGIN
    if b.cancelled:
        items += cancelled(y, words, width)
        y += BANNER + SECTION
    summed = b.rounds[:len(b.rounds) - full]
    column = min(max((measure(r.title, BODY, width) for r in summed), default=0.0), INNER / 3)
    for r in summed:
        y = _strip(items, y, r, column, width)
    if summed:
        y += SECTION
    box_w = (INNER - (columns - 1) * GAP) / columns
    for k, r in enumerate(b.rounds[len(b.rounds) - full:], start=len(summed)):
        items.append(Word(MARGIN, y + TITLE_ROW / 2, r.title, TITLE, "text", "canvas", INNER))
        y += TITLE_ROW + 6 - VGAP  # (a box's number stands 7.5 px above it)
        for start in range(0, len(r.tables), columns):
            row = r.tables[start:start + columns]
            y += VGAP
            height = _box_height(max(len(t.seats) for t in row))
            x = MARGIN + (INNER - len(row) * box_w - (len(row) - 1) * GAP) / 2
            for number, table in enumerate(row, start=start + 1):
                items += _table(x, y, box_w, height, table, number, b.champion if k == len(b.rounds) - 1 else None,
                                width)
                x += box_w + GAP
            y += height
        y += SECTION
    if b.champion is not None:
        items += champion(y, b.champion, words, width)
        y += BANNER + SECTION
    return items, max(y - SECTION, MARGIN) + MARGIN


def _in_order(seats: tuple[Seat, ...]) -> list[Seat]:
    """A table's seats in place order, those still playing after the placed ones in their own order."""
    return sorted(seats, key=lambda s: (s.place is None, s.place or 0))


def _strip(items: list[Item], y: float, r: Round, column: float, width: int) -> float:
    """An earlier round on a line (more where its tables do not fit one): its title, then a small box per table, as
    its box in full would look from afar: a line per seat in place order, long and light for each who went through,
    short and dim for the others."""
    left = MARGIN + column + 8 if column else MARGIN
    x = left
    mid = y + STRIP_ROW / 2
    items.append(Word(MARGIN, mid, r.title, BODY, "muted", "canvas", column))
    for table in r.tables:
        if x + GLYPH > PHONE - MARGIN:
            x, mid = left, mid + STRIP_ROW
        items.append(Card(x, mid - GLYPH / 2, GLYPH, GLYPH, "panel", "panel_line", 3))
        for k, seat in enumerate(_in_order(table.seats)):
            top = mid - GLYPH / 2 + 2.4 + k * 2.3
            through = seat.through
            items.append(Card(x + 2.5, top, GLYPH - 5 if through else 4.5, 1.5, "text" if through else "muted"))
        x += GLYPH + 3
    return mid + STRIP_ROW / 2


def _table(x: float, y: float, w: float, h: float, table: Table, number: int, winner: str | None, width: int
           ) -> list[Item]:
    """A table's box: its number on a tab across the top edge (a die beside it while it plays), its seats in place
    order, each with its place, an AI's 🤖, the name (dimmed once out) and a tick for one who went through (the
    champion's 🏆 in the final)."""
    seats = _in_order(table.seats)
    playing = any(s.place is None for s in seats)
    label = str(number)
    lw = measure(label, BODY, width)
    items: list[Item] = [Card(x, y, w, h, "panel", "panel_line", 6),
                         Card(x + 8, y - 7.5, lw + 10 + (14 if playing else 0), 15, "panel", "panel_line", 7.5),
                         Word(x + 13, y, label, BODY, "muted", "panel", lw + 1)]
    if playing:
        items.append(Mark(x + 13 + lw + 8, y, "die", 10))
    won = [winner is not None and shown(s.name) == shown(winner) for s in seats]
    left = x + PAD + (PLACE if any(s.place is not None for s in seats) else 0)
    right = x + w - PAD - (TICK if any(s.through for s in seats) or any(won) else 0)
    robot = measure(ROBOT, BODY, width) + 2
    for i, seat in enumerate(seats):
        mid = y + TOP + PITCH * (i + 0.5)
        fg = "muted" if seat.place is not None and not seat.through and not won[i] else "text"
        if seat.place is not None:
            items.append(Word(x + PAD, mid, str(seat.place), BODY, "muted", "panel", PLACE))
        start = left
        if seat.ai:
            items.append(Word(start, mid, ROBOT, BODY, fg, "panel", robot))
            start += robot
        items.append(Word(start, mid, shown(seat.name), BODY, fg, "panel", right - start))
        if won[i]:
            items.append(Word(x + w - PAD + 1, mid, TROPHY, BODY, "text", "panel", TICK + 2, "right"))
        elif seat.through:
            items.append(Mark(x + w - PAD - 5.5, mid, "check", 11))
    return items
