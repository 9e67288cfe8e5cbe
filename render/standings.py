"""The tournament's standings picture, as PNG bytes read on a phone: a knockout's bracket of tables
(`bracket_png`) or a swiss tournament's table of points (`swiss_png`).

The caller gives every word in the reader's language (round titles, the swiss table's headers, and in `words` the
banner's words, English by default) and the names as players wrote them: they are drawn in any script, with emoji as
Twemoji and styled letters (𝓐𝓵𝓲𝓬𝓮), cut with "…" between grapheme clusters where a column is too narrow.

A knockout: every round a title and its tables as numbered boxes, the seats of a played table in place order with
their places, who went through ticked (a white tick on a green disc: a shape, not a colour alone) and the others
dimmed, an AI seat after a 🤖, a table still playing with a die by its number; the champion on a banner at the end
(🏆). A swiss tournament: rank, name, points, wins, games played, those who left dimmed and marked ⊘. Cancelled: a
banner on top.

>>> seats = (Seat("Ann", 1, True, False), Seat("Bo", 2, False, True))
>>> png = bracket_png(Bracket((Round("Final", (Table(seats),)),), champion="Ann"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from render.png import encode_png
from render.sheet import Card, Item, Mark, Rule, Word, draw, font_px, measure
from render.view import PHONE, one_line

WIDTH = 600  # px: the picture's default width; its text is 19 px, 11.4 when shown `PHONE` px wide, as the board's
WORDS: Mapping[str, str] = MappingProxyType({"champion": "Champion", "cancelled": "Cancelled"})
ROBOT, TROPHY = "\U0001f916", "\U0001f3c6"

# The layout, in px of the picture shown `PHONE` (360) px wide: words of 11 (the least, `render.view.SMALLEST`) and
# titles of 13, about 6 px a letter; a row every 15 px (1.36 times the words' size, as print sets it).
#
# Its size, by measurement. A table of four is a box 73.5 px high. Side by side, two boxes are 168 px wide and leave
# a name 130 px (about 21 letters), three 109 px and 71 px (12 letters), four 80 px and 42 px (7 letters: most names
# cut). A round of 16 tables (64 entrants) is 8 rows of boxes in two columns, 707 px high with its title, and 6 rows
# in three, 538 px. A picture much higher than wide is shown smaller than the column (the desktop client bounds a
# picture's height at about 390 px) and pushes its message off a phone's screen (about 360 x 600 px of chat), so a
# picture is at most `TALLEST` times as high as wide, 576 px, which that round fits in three columns (574 with the
# cancelled banner). Within it, the layout shows as much as fits: the latest rounds in full, in two columns while
# they fit, else three; each earlier round on a line of its own, its title and its boxes in miniature (a line per
# seat, long and light for one who went through), as those who went through are named in the rounds after it.
# Measured at 360 px wide: a knockout of 8 at its end 360 x 259 (every round in full: on a desktop as large as the
# board), of 16 360 x 451, of 64 in its first round 360 x 538, at its end 360 x 497 (its last three rounds in full,
# two summed up). A swiss table is one block up to 32 rows (a name of about 200 px), else two
# side by side (a name of 65 px, 11 letters): 64 rows with the champion's banner, 360 x 576; 16 rows, 360 x 336.
TALLEST = 1.6
MARGIN, GAP, VGAP, SECTION = 8.0, 8.0, 11.0, 8.0
BODY, TITLE = 11.0, 13.0
PITCH, TOP, BOTTOM, PAD, SPACING = 15.0, 9.5, 4.0, 6.0, 6.0
PLACE, TICK = 12.0, 14.0  # the columns of a seat's place and of its tick
# A swiss table's columns of rank, points, wins and games played: each as wide as its values, at least this wide
# ("64", "14⅔", "6", "6" and short headers: "#", "Pts", "W", "P"); a wider header is cut in two blocks
# (`header_rooms`), and in one block when it is wider by more than `HEADS_WIDEN`.
NUMBERS, HEADS_WIDEN = (13.0, 22.0, 10.0, 10.0), 60.0
ONE_BLOCK = (16.0, 34.0, 24.0, 24.0)  # (in one block, room to spare: the numbers stand apart)
RANK_GAP, GONE = 6.0, 12.0  # after the rank; the room of the mark of one who left
TITLE_ROW, STRIP_ROW, GLYPH, BANNER = 20.0, 19.0, 13.0, 28.0
INNER = PHONE - 2 * MARGIN
BANNER_ROOM = INNER / 2 - 24  # a banner's word: the rest of its line holds a mark, or the trophy and a name


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


@dataclass(frozen=True, slots=True)
class Row:
    """A swiss table's line: `points` preformatted ("4⅔", "14"); `out`: the player left."""

    rank: int
    name: str
    points: str
    wins: int
    played: int
    out: bool


@dataclass(frozen=True, slots=True)
class SwissTable:
    """A swiss tournament's standings: a title and the five column headers (rank, name, points, wins, played) in
    the reader's language, the rows in rank order, the champion once there is one, whether it was cancelled."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[Row, ...]
    champion: str | None
    cancelled: bool = False


def bracket_png(b: Bracket, *, width: int = WIDTH, words: Mapping[str, str] = WORDS) -> bytes:
    """The knockout's bracket as PNG bytes, `width` px wide and as high as its layout (see above). Raises
    ValueError for a table without seats or of more than four."""
    for r in b.rounds:
        for number, table in enumerate(r.tables, start=1):
            if not 1 <= len(table.seats) <= 4:
                raise ValueError(f"table {number} of {r.title!r} has {len(table.seats)} seats: a table has 1 to 4")
    items, height = _bracket_layout(b, words, width)
    return encode_png(draw(items, width, height))


def swiss_png(t: SwissTable, *, width: int = WIDTH, words: Mapping[str, str] = WORDS) -> bytes:
    """The swiss standings as PNG bytes, `width` px wide: one block of rows, two side by side where one would be
    taller than `TALLEST`. Raises ValueError unless there are five headers."""
    if len(t.headers) != 5:
        raise ValueError(f"a swiss table has 5 headers (rank, name, points, wins, played), not {len(t.headers)}")
    items, height = _swiss_layout(t, words, width, 1)
    if height > TALLEST * PHONE:
        items, height = _swiss_layout(t, words, width, 2)
    return encode_png(draw(items, width, height))


def word_rooms(width: int = WIDTH) -> dict[str, tuple[int, int]]:
    """The font size and room in pixels of each of `WORDS` on a picture `width` px wide: a longer word is cut.

    >>> word_rooms()
    {'champion': (19, 246), 'cancelled': (22, 246)}
    """
    room = math.floor(BANNER_ROOM * width / PHONE)
    return {"champion": (font_px(BODY, width), room), "cancelled": (font_px(TITLE, width), room)}


def header_rooms(width: int = WIDTH) -> tuple[tuple[int, int], ...]:
    """The font size and room in pixels of each of a swiss table's five headers where they have least room (two
    blocks of values of one digit): a longer header is cut. The name's is the room of a name there."""
    rooms = [math.floor((room + 1) * width / PHONE) for room in NUMBERS]  # (a word gets a pixel more: `_swiss_layout`)
    block = (INNER - GAP) / 2
    name = block - 2 * PAD - sum(NUMBERS) - RANK_GAP - GONE - 3 * SPACING
    rooms.insert(1, math.floor(name * width / PHONE))
    return tuple((font_px(BODY, width), room) for room in rooms)


def _name(name: str) -> str:
    return one_line(name) or "?"


# -- banners ---------------------------------------------------------------------------------------------------------

def _cancelled(y: float, words: Mapping[str, str], width: int) -> list[Item]:
    word = words.get("cancelled", WORDS["cancelled"])
    w = min(measure(word, TITLE, width), BANNER_ROOM)
    x, mid = (PHONE - w - 19) / 2, y + BANNER / 2  # (the mark 14 px wide, 5 px before the word)
    return [Card(MARGIN, y, INNER, BANNER, "red_dark", None, 8), Mark(x + 7, mid, "gone", 14),
            Word(x + 19, mid, word, TITLE, "white", "red_dark", w + 1)]


def _champion(y: float, name: str, words: Mapping[str, str], width: int) -> list[Item]:
    word = words.get("champion", WORDS["champion"])
    trophy, w = measure(TROPHY, TITLE, width), min(measure(word, BODY, width), BANNER_ROOM)
    room = INNER - 2 * PAD - trophy - w - 12
    total = trophy + 6 + w + 6 + min(measure(name, TITLE, width), room)
    x, mid = (PHONE - total) / 2, y + BANNER / 2
    return [Card(MARGIN, y, INNER, BANNER, "yellow", None, 8),  # a panel with a 2 px gold rim
            Card(MARGIN + 2, y + 2, INNER - 4, BANNER - 4, "panel", None, 6),
            Word(x, mid, TROPHY, TITLE, "text", "panel", trophy + 1),
            Word(x + trophy + 6, mid, word, BODY, "muted", "panel", w + 1),
            Word(x + trophy + w + 12, mid, name, TITLE, "text", "panel", room)]


# -- a knockout ------------------------------------------------------------------------------------------------------

def _bracket_layout(b: Bracket, words: Mapping[str, str], width: int) -> tuple[list[Item], float]:
    """The first layout within `TALLEST`: two columns of boxes, then three; as many rounds in full as fit."""
    for columns in (2, 3):
        for full in range(len(b.rounds), 0, -1):
            items, height = _bracket_plan(b, words, width, columns, full)
            if height <= TALLEST * PHONE:
                return items, height
    return _bracket_plan(b, words, width, 3, min(1, len(b.rounds)))


def _box_height(seats: int) -> float:
    return TOP + PITCH * seats + BOTTOM


def _bracket_plan(b: Bracket, words: Mapping[str, str], width: int, columns: int, full: int
                  ) -> tuple[list[Item], float]:
    """The layout of `b` with its last `full` rounds in full, their tables in `columns`, and its height."""
    items: list[Item] = []
    y = MARGIN
    if b.cancelled:
        items += _cancelled(y, words, width)
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
        items += _champion(y, _name(b.champion), words, width)
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


def _table(x: float, y: float, w: float, h: float, table: Table, number: int, champion: str | None, width: int
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
    won = [champion is not None and _name(s.name) == _name(champion) for s in seats]
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
        items.append(Word(start, mid, _name(seat.name), BODY, fg, "panel", right - start))
        if won[i]:
            items.append(Word(x + w - PAD + 1, mid, TROPHY, BODY, "text", "panel", TICK + 2, "right"))
        elif seat.through:
            items.append(Mark(x + w - PAD - 5.5, mid, "check", 11))
    return items


# -- a swiss table ---------------------------------------------------------------------------------------------------

def _swiss_layout(t: SwissTable, words: Mapping[str, str], width: int, blocks: int) -> tuple[list[Item], float]:
    items: list[Item] = []
    y = MARGIN
    if t.cancelled:
        items += _cancelled(y, words, width)
        y += BANNER + SECTION
    items.append(Word(MARGIN, y + TITLE_ROW / 2, t.title, TITLE, "text", "canvas", INNER))
    y += TITLE_ROW + 3
    per = max(1, math.ceil(len(t.rows) / blocks))
    block_w = (INNER - (blocks - 1) * GAP) / blocks
    texts = [(str(r.rank), r.points, str(r.wins), str(r.played)) for r in t.rows]
    heads = (t.headers[0], *t.headers[2:])
    least = NUMBERS if blocks > 1 else ONE_BLOCK
    widths = [max(least[c], *(measure(row[c], BODY, width) for row in texts),
                  min(measure(heads[c], BODY, width), least[c] + (HEADS_WIDEN if blocks == 1 else 0)))
              for c in range(4)]
    gone = GONE if any(r.out for r in t.rows) else 0.0
    height = 0.0
    for b in range(blocks):
        chunk = list(zip(t.rows[b * per:(b + 1) * per], texts[b * per:(b + 1) * per], strict=True))
        if not chunk and b:
            break
        x = MARGIN + b * (block_w + GAP)
        height = max(height, PITCH * (len(chunk) + 1) + 6)
        items.append(Card(x, y, block_w, PITCH * (len(chunk) + 1) + 6, "panel", "panel_line", 6))
        # the columns' right edges: rank, then (from the right) played, wins, points
        rank_end = x + PAD + widths[0]
        ends = [x + block_w - PAD]
        for c in (3, 2):
            ends.insert(0, ends[0] - widths[c] - SPACING)
        name_x = rank_end + RANK_GAP + gone
        room = ends[0] - widths[1] - SPACING - name_x
        mid = y + 3 + PITCH / 2
        items += [Word(rank_end, mid, heads[0], BODY, "muted", "panel", widths[0] + 1, "right"),
                  Word(name_x, mid, t.headers[1], BODY, "muted", "panel", room)]
        items += [Word(end, mid, heads[c + 1], BODY, "muted", "panel", widths[c + 1] + 1, "right")
                  for c, end in enumerate(ends)]
        items.append(Rule(x + 4, x + block_w - 4, y + 3 + PITCH, "panel_line"))
        for i, (row, values) in enumerate(chunk, start=1):
            mid = y + 3 + PITCH * (i + 0.5)
            fg, bg = "muted" if row.out else "text", "canvas" if i % 2 == 0 else "panel"
            if i % 2 == 0:  # every other row on a band: the eye follows a row from its name to its numbers
                items.append(Card(x + 3, mid - PITCH / 2, block_w - 6, PITCH, bg, None, 3))
            items.append(Word(rank_end, mid, values[0], BODY, "muted", bg, widths[0] + 1, "right"))
            if row.out:
                items.append(Mark(rank_end + 4 + 5, mid, "gone", 10, "muted"))
            items.append(Word(name_x, mid, _name(row.name), BODY, fg, bg, room))
            items += [Word(end, mid, values[c + 1], BODY, fg if c == 0 else "muted", bg, widths[c + 1] + 1,
                           "right") for c, end in enumerate(ends)]
    y += height + SECTION
    if t.champion is not None:
        items += _champion(y, _name(t.champion), words, width)
        y += BANNER + SECTION
    return items, y - SECTION + MARGIN
