"""A swiss tournament's standings picture (`swiss_png`): rank, name, points, wins and games played, those who left
dimmed and marked ⊘, every other row on a band; where the language gives one, a legend of the short headers at the
end of the title's line ("W: wins · P: played"); the champion on a banner at the end, a cancelled tournament's banner
on top (`render.banners`).

Its size, by measurement (px of the picture shown 360 px wide): a row every 15 px, so a table is one block of rows up
to 32 (a name of about 200 px), two blocks side by side beyond, a name then of 65 px (11 letters) and the headers
short ("Pts", "W", "P": `header_rooms`): 64 rows with the champion's banner are 360 x 576, `TALLEST`; 16 rows
360 x 336.

>>> rows = (Row(1, "Ann", "3", 1, 1, False), Row(2, "Bo", "0", 0, 1, True))
>>> png = swiss_png(SwissTable("Round 1 of 3", ("#", "Player", "Pts", "W", "P"), rows, None))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ludo_bot.render.banners import (
    BANNER,
    BODY,
    GAP,
    INNER,
    LEGEND_ROOM,
    MARGIN,
    MOST,
    PAD,
    PITCH,
    SECTION,
    SPACING,
    TALLEST,
    TITLE,
    TITLE_ROW,
    WIDTH,
    WORDS,
    cancelled,
    champion,
    check_width,
    shown,
)
from ludo_bot.render.png import encode_png
from ludo_bot.render.sheet import Card, Item, Mark, Rule, Word, draw, font_px, measure
from ludo_bot.render.view import PHONE, one_line

# The columns of rank, points, wins and games played: each as wide as its values, at least this wide ("64", "14⅔",
# "6", "6" and short headers: "#", "Pts", "W", "P"; the wins' half a pixel more for Arabic's "ف", a letter standing
# alone); a wider header is cut in two blocks (`header_rooms`), and in one block when it is wider by more than
# `HEADS_WIDEN`.
NUMBERS, HEADS_WIDEN = (13.0, 22.0, 10.5, 10.0), 60.0
ONE_BLOCK = (16.0, 34.0, 24.0, 24.0)  # (in one block, room to spare: the numbers stand apart)
RANK_GAP, GONE = 6.0, 12.0  # after the rank; the room of the mark of one who left


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


def swiss_png(t: SwissTable, *, width: int = WIDTH, words: Mapping[str, str] = WORDS) -> bytes:
    """The swiss standings as PNG bytes, `width` px wide: one block of rows, two side by side where one would be
    higher than `TALLEST`. Raises ValueError for a width outside `render.banners.WIDTHS`, headers other than five,
    more than `MOST` rows."""
    check_width(width)
    if len(t.headers) != 5:
        raise ValueError(f"a swiss table has 5 headers (rank, name, points, wins, played), not {len(t.headers)}")
    if len(t.rows) > MOST:
        raise ValueError(f"a swiss table of {len(t.rows)} rows: at most {MOST}")
    t = replace(t, title=one_line(t.title), headers=tuple(one_line(head) for head in t.headers))
    items, height = _layout(t, words, width, 1)
    if height > TALLEST * PHONE:
        items, height = _layout(t, words, width, 2)
    return encode_png(draw(items, width, height))


def header_rooms(width: int = WIDTH) -> tuple[tuple[int, int], ...]:
    """The font size and room in pixels of each of the five headers where they have least room (two blocks of
    values of one digit): a longer header is cut. The name's is the room of a name there."""
    rooms = [math.floor((room + 1) * width / PHONE) for room in NUMBERS]  # (a word gets a pixel more: `_layout`)
    block = (INNER - GAP) / 2
    name = block - 2 * PAD - sum(NUMBERS) - RANK_GAP - GONE - 3 * SPACING
    rooms.insert(1, math.floor(name * width / PHONE))
    return tuple((font_px(BODY, width), room) for room in rooms)


def _layout(t: SwissTable, words: Mapping[str, str], width: int, blocks: int) -> tuple[list[Item], float]:
    """The layout of `t` in `blocks` side by side, and its height."""
    items: list[Item] = []
    y = MARGIN
    if t.cancelled:
        items += cancelled(y, words, width)
        y += BANNER + SECTION
    legend = one_line(words.get("legend", ""))  # (where short headers need one: "W: wins", at the line's end)
    kept = min(measure(legend, BODY, width), LEGEND_ROOM) + GAP if legend else 0.0
    items.append(Word(MARGIN, y + TITLE_ROW / 2, t.title, TITLE, "text", "canvas", INNER - kept))
    if legend:
        items.append(Word(MARGIN + INNER, y + TITLE_ROW / 2, legend, BODY, "muted", "canvas", kept - GAP + 1, "right"))
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
            items.append(Word(name_x, mid, shown(row.name), BODY, fg, bg, room))
            items += [Word(end, mid, values[c + 1], BODY, fg if c == 0 else "muted", bg, widths[c + 1] + 1,
                           "right") for c, end in enumerate(ends)]
    y += height + SECTION
    if t.champion is not None:
        items += champion(y, t.champion, words, width)
        y += BANNER + SECTION
    return items, y - SECTION + MARGIN
