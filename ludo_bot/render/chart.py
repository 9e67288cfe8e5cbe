"""The chart of a game review: each seat's win chance over the moves of a game, as PNG bytes.

Lines and grid are drawn anti-aliased at twice the size, shrunk and mapped onto the palette (the seat colours'
ramps to the panel colour keep the edges smooth); the words are the cached text sprites of the board's panel,
pasted after. Seats differ by dash and marker shape as well as colour, for colour-blind players.

>>> png = render_chances([(0.25, 0.25, 0.25, 0.25), (0.3, 0.2, 0.3, 0.2), (1.0, 0.0, 0.0, 0.0)], (0, 1, 2, 3),
...                      names=("Ann",), focus=0, marks=(1,))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import NamedTuple

from PIL import Image, ImageDraw

from ludo_bot.render.palette import RGB, SEAT_COLOURS, rgb, to_palette
from ludo_bot.render.png import encode_png
from ludo_bot.render.sprites import badge_height, badge_sprite, text_sprite
from ludo_bot.render.view import WORDS, BoardView, text_size

# Drawn for a phone's chat column, as the board is (`render.view`): shown 360 px wide, every text of the chart at
# `text_size` (11 px there, 19 px at 600); a legend of two entries a row under the plot, each a seat's line with
# its marker, its name and its final chance (at 800x400 with the legend beside the plot, the axis labels were 4 px
# on a phone and a name had room for 12 characters: "Green (AI (exp…").
CHART_SIZE = (600, 480)
SS = 2  # supersampling of the lines: 3 looked no smoother after the palette mapping (1000 points: 22 ms against 14)
Point = tuple[float, float]
COLUMNS = 2  # legend entries a row

# Per seat (index = seat), so that lines differ without colour: the dash pattern (on, off, ... in pixels at 600
# wide; empty: solid) and the marker shape drawn along the line and in the legend.
DASHES: tuple[tuple[int, ...], ...] = ((), (11, 5), (3, 4), (11, 4, 3, 4))
SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond")
MARKERS_ALONG = 5  # shape markers spread along each line (besides the one on its last point)


class Area(NamedTuple):
    """Where the parts of a chart of `size` go, in pixels."""

    left: int  # the plot: x of move 0 ... x of the last move, y of 100 % ... y of 0 %
    top: int
    right: int
    bottom: int
    legend: int  # the top of the legend's first row (under the plot)
    unit: float  # one pixel of a 600 px wide chart
    text: int  # the font size of every word and number


def chart_area(size: tuple[int, int] = CHART_SIZE) -> Area:
    """The plot and legend of a chart of `size` (the plot's corners are the 0 and 100 % of the first and last move;
    the legend has room for two rows, four seats, whatever the seats: charts of one size are alike).

    >>> chart_area((600, 480))
    Area(left=96, top=64, right=572, bottom=330, legend=402, unit=1.0, text=19)
    """
    width, height = size
    if width < 360 or height < 300:
        raise ValueError(f"chart size {size} is below 360x300")
    u = width / 600
    text = text_size(width)
    line = round(1.6 * text)  # a line of text with its room
    legend = height - round(18 * u) - 2 * line
    bottom = legend - round(12 * u) - 2 * line  # the tick numbers and the axis's name under the plot
    left = round(20 * u) + round(1.2 * _text_width("100 %", text)) + round(8 * u)  # (room for other languages')
    top = round(18 * u) + line + round(16 * u)
    if bottom - top < 100 * u:
        raise ValueError(f"chart size {size} leaves no room for the plot")
    return Area(left, top, width - round(28 * u), bottom, legend, u, text)


def _text_width(text: str, size: int) -> int:
    return text_sprite(text, size, "muted", "panel").size[0]


def render_chances(curve: Sequence[Sequence[float]], seats: Sequence[int], *, names: tuple[str, ...] = (),
                   focus: int | None = None, marks: Sequence[int] = (), words: Mapping[str, str] = WORDS,
                   size: tuple[int, int] = CHART_SIZE, made: Sequence[int] | None = None) -> bytes:
    """PNG of each seat's win chance (0-1) over a game: curve[i] = the four seats' chances (index = seat 0-3)
    after the game log's first i entries (curve[0] is the start, curve[-1] the end); `made[i]`: the moves those
    entries make (`engine.actions.moves_made`; None: one move an entry), the point's place on the x axis, so that
    the axis counts moves as the replay and the review's words do (the dice's jumps between two moves are
    upright). One line per seat in `seats`, in the seat's colour, with its own dash and marker shape, named in a
    legend under the plot with its final chance (names[seat], else the colour word; the line's colour and marker say
    the colour); `focus`: that seat's line drawn thicker and on top, the others dimmer; `marks`: points (curve
    indexes) marked on the focus line (on the plot's top edge without a focus) by numbered badges 1, 2, 3... in that
    order; y axis 0-100 % with grid lines at 25/50/75, x axis "move" with a few tick numbers; a title line.

    Curves of more than four points a pixel column are reduced to each column's first, lowest, highest and last
    point (every peak stays, and the last point is exact). Raises ValueError for a size below 360x300, an empty
    curve, a seat repeated, outside 0-3 or missing from a row, a focus not among `seats`, a mark outside the curve,
    or `made` not as long as the curve.
    """
    if not curve:
        raise ValueError("no points to chart")
    if (not seats or len(set(seats)) < len(seats) or any(not 0 <= s < 4 for s in seats)
            or any(len(row) <= max(seats) for row in curve)):
        raise ValueError(f"seats {tuple(seats)} repeated, outside 0-3 or missing from the curve's rows")
    if focus is not None and focus not in seats:
        raise ValueError(f"focus {focus} is not among the seats {tuple(seats)}")
    if any(not 0 <= m < len(curve) for m in marks):
        raise ValueError(f"marks {tuple(marks)} outside the curve's {len(curve)} points")
    xs = list(made) if made is not None else list(range(len(curve)))
    if len(xs) != len(curve):
        raise ValueError(f"{len(xs)} move counts for {len(curve)} points")
    area = chart_area(size)
    view = BoardView(names=names, words=words)
    frame = to_palette(_drawn_lines(curve, xs, seats, focus, area, size))
    _write_words(frame, curve, xs[-1], seats, focus, area, view)
    _draw_marks(frame, [_xy(area, xs[i], xs[-1], curve[i][focus] if focus is not None else 1.0) for i in marks],
                area)
    return encode_png(frame)


def _draw_marks(frame: Image.Image, spots: list[Point], area: Area) -> None:
    """Badges 1, 2, 3... on the `spots`, their numbers as large as the chart's words; one that would cover an
    earlier badge (moves close together) moves up or down by its height until it is clear."""
    placed: list[tuple[int, int]] = []
    for number, (x, y) in enumerate(spots, start=1):
        sprite = badge_sprite(str(number), badge_height(area.text))
        w, h = sprite.size
        centre = (round(x), round(y))
        for shift in (0, -1, 1, -2, 2, -3, 3):
            moved = (round(x), round(y) + shift * (h + 1))
            if area.top - h <= moved[1] <= area.bottom + h and all(
                    abs(moved[0] - px) >= w or abs(moved[1] - py) >= h for px, py in placed):
                centre = moved
                break
        sprite.paste(frame, centre)
        placed.append(centre)


def _xy(area: Area, move: float, moves: int, chance: float) -> Point:
    """The pixel of `move` (of `moves` on the axis) at `chance` (clamped to 0-1)."""
    x = area.left + (area.right - area.left) * (move / moves if moves > 0 else 0.0)
    return x, area.bottom - (area.bottom - area.top) * min(1.0, max(0.0, chance))


def downsampled(values: Sequence[float], columns: int) -> list[tuple[float, float]]:
    """(index, value) pairs to draw `values` on `columns` pixel columns: all of them up to four a column, else
    each column's first, lowest, highest and last value in their order (the line looks the same, the last is
    exact).

    >>> downsampled([0.0, 0.5, 1.0], 10)
    [(0, 0.0), (1, 0.5), (2, 1.0)]
    >>> downsampled([0.1, 0.9, 0.5, 0.2, 0.3, 0.8, 0.6, 0.4, 0.5, 0.7], 2)
    [(0, 0.1), (1, 0.9), (4, 0.3), (5, 0.8), (7, 0.4), (9, 0.7)]
    >>> [i for i, _ in downsampled([k % 7 / 7 for k in range(2000)], 500)][-1]
    1999
    """
    n = len(values)
    if n <= 4 * max(1, columns):  # up to four values a column: every one of them is kept anyway (3.7 ms saved)
        return list(enumerate(values))
    kept: list[tuple[float, float]] = []
    start = 0
    for column in range(columns):
        end = (column + 1) * n // columns
        if end <= start:
            continue
        bucket = range(start, end)
        low = min(bucket, key=values.__getitem__)
        high = max(bucket, key=values.__getitem__)
        kept.extend((i, values[i]) for i in sorted({start, low, high, end - 1}))
        start = end
    return kept


def _dashed(points: list[Point], pattern: tuple[int, ...]) -> list[list[Point]]:
    """The pieces of the polyline `points` that the dash `pattern` (lengths on, off, ...) draws."""
    if not pattern or len(points) < 2:
        return [points]
    pieces: list[list[Point]] = []
    k, left, on = 0, float(pattern[0]), True
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            cut = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                pieces.append([*current, cut])
            current = [cut]
            k = (k + 1) % len(pattern)
            left, on = float(pattern[k]), not on
        left -= length - done
        if on:
            current.append((x1, y1))
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


def _marker(d: ImageDraw.ImageDraw, shape: str, centre: Point, r: float, fill: RGB, rim: RGB) -> None:
    """A seat's marker shape of half-size `r` with a rim (so it stands out on crossing lines)."""
    x, y = centre
    rim_w = max(1, round(r / 3))
    if shape == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=rim, width=rim_w)
    elif shape == "square":
        r *= 0.9
        d.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=rim, width=rim_w)
    else:
        r *= 1.25
        corners = ([(x, y - r), (x + r, y + r * 0.75), (x - r, y + r * 0.75)] if shape == "triangle"
                   else [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
        d.polygon(corners, fill=fill, outline=rim, width=rim_w)


def _line_colour(seat: int, focus: int | None) -> RGB:
    """A seat's colour; with a focus on another seat, dimmed towards the panel (60 % of the colour)."""
    colour = rgb(SEAT_COLOURS[seat])
    if focus is None or focus == seat:
        return colour
    panel = rgb("panel")
    r, g, b = (round(c * 0.6 + p * 0.4) for c, p in zip(colour, panel, strict=True))
    return (r, g, b)


def _drawn_lines(curve: Sequence[Sequence[float]], xs: Sequence[int], seats: Sequence[int], focus: int | None,
                 area: Area, size: tuple[int, int]) -> Image.Image:
    """The card, the grid and every seat's line and markers (legend swatches included), supersampled and shrunk."""
    s, u = SS, area.unit
    moves = xs[-1]
    big = Image.new("RGB", (size[0] * s, size[1] * s), rgb("canvas"))
    d = ImageDraw.Draw(big)
    pad = round(6 * u)
    d.rounded_rectangle((pad * s, pad * s, (size[0] - pad) * s - 1, (size[1] - pad) * s - 1), round(14 * u) * s,
                        fill=rgb("panel"), outline=rgb("panel_line"), width=s)
    for quarter in range(5):
        y = round(area.bottom - (area.bottom - area.top) * quarter / 4) * s
        d.line((area.left * s, y, area.right * s, y), fill=rgb("muted" if quarter == 0 else "panel_line"),
               width=max(s, round(1.5 * u * s)) if quarter == 0 else s)
    for tick in _ticks(moves):
        x = round(_xy(area, tick, moves, 0.0)[0]) * s
        d.line((x, area.bottom * s, x, (area.bottom + round(5 * u)) * s), fill=rgb("muted"), width=s)
    order = [seat for seat in seats if seat != focus] + ([focus] if focus is not None else [])
    for seat in order:
        thick = 4.0 if seat == focus else (2.0 if focus is not None else 2.6)
        width = max(s, round(thick * u * s))
        fill, rim = _line_colour(seat, focus), rgb("panel")
        values = [row[seat] for row in curve]
        points = [(x * s, y * s) for x, y in
                  (_xy(area, xs[int(i)], moves, v) for i, v in downsampled(values, area.right - area.left))]
        pattern = tuple(round(length * u * s) for length in DASHES[seat])
        for piece in _dashed(points, pattern):  # round joints only where pieces are long (dashes: 2 ms less)
            d.line(piece, fill=fill, width=width, joint=None if pattern else "curve")
        r = (5.5 if seat == focus else 4.5) * u * s
        spots = [len(curve) - 1]
        if len(curve) > 1:  # spread along the line, each seat's a little apart so they rarely sit on one another
            spots += [round((k + 0.35 + 0.15 * seat) * (len(curve) - 1) / (MARKERS_ALONG + 0.5))
                      for k in range(MARKERS_ALONG)]
        for i in sorted(set(spots)):
            mx, my = _xy(area, xs[i], moves, values[i])
            _marker(d, SHAPES[seat], (mx * s, my * s), r, fill, rim)
        x0, y0 = _legend_entry(area, size, seats.index(seat))
        row_y = y0 + area.text * 0.7
        swatch = [((x0 + 2 * u) * s, row_y * s), ((x0 + 34 * u) * s, row_y * s)]
        for piece in _dashed(swatch, tuple(max(s, p * 2 // 3) for p in pattern)):
            d.line(piece, fill=fill, width=width)
        _marker(d, SHAPES[seat], ((x0 + 18 * u) * s, row_y * s), r * 1.2, fill, rim)
    return big.reduce(s)


def _legend_entry(area: Area, size: tuple[int, int], entry: int) -> tuple[float, float]:
    """The top-left corner of the legend's `entry`-th entry (two a row, under the plot)."""
    row, column = divmod(entry, COLUMNS)
    return 24 * area.unit + column * _column_width(area, size), area.legend + row * round(1.6 * area.text)


def _column_width(area: Area, size: tuple[int, int]) -> float:
    return (size[0] - 48 * area.unit) / COLUMNS


def _ticks(moves: int) -> list[int]:
    """A few round move numbers from 0 to `moves` (at most 7 ticks).

    >>> _ticks(83)
    [0, 20, 40, 60, 80]
    >>> _ticks(0)
    [0]
    """
    step = 1
    for magnitude in (1, 10, 100, 1000, 10000):
        for base in (1, 2, 5):
            step = base * magnitude
            if moves // step < 7:
                return list(range(0, moves + 1, step))
    return list(range(0, moves + 1, step))


def _write_words(frame: Image.Image, curve: Sequence[Sequence[float]], moves: int, seats: Sequence[int],
                 focus: int | None, area: Area, view: BoardView) -> None:
    """Title, axis labels and the legend's texts, pasted onto the palette frame."""
    u, size = area.unit, area.text

    def px(value: float) -> int:
        return round(value * u)

    title = text_sprite(view.word("chart_title", moves=moves), size, "text", "panel", max_width=frame.size[0] - px(48))
    title.paste_at(frame, (px(24), px(18)))
    for quarter in range(5):
        label = text_sprite(view.word("chart_percent", value=25 * quarter), size, "muted", "panel")
        y = _xy(area, 0, 1, quarter / 4)[1]
        label.paste_at(frame, (area.left - px(8) - label.size[0], round(y) - label.size[1] // 2))
    for tick in _ticks(moves):
        label = text_sprite(str(tick), size, "muted", "panel")
        x = _xy(area, tick, moves, 0.0)[0]
        label.paste_at(frame, (min(round(x) - label.size[0] // 2, frame.size[0] - px(10) - label.size[0]),
                               area.bottom + px(8)))
    axis = text_sprite(view.word("chart_move"), size, "muted", "panel", max_width=area.right - area.left)
    axis.paste_at(frame, ((area.left + area.right - axis.size[0]) // 2, area.bottom + px(8) + round(1.6 * size)))
    column = _column_width(area, frame.size)
    for entry, seat in enumerate(seats):
        x0, y0 = _legend_entry(area, frame.size, entry)
        fg = "muted" if focus is not None and seat != focus else "text"
        chance = text_sprite(view.word("chart_percent", value=round(100 * min(1.0, max(0.0, curve[-1][seat])))),
                             size, fg, "panel")
        right = round(x0 + column - px(12))
        chance.paste_at(frame, (right - chance.size[0], round(y0)))
        room = right - chance.size[0] - px(8) - round(x0 + px(42))
        text_sprite(view.name(seat), size, fg, "panel", max_width=room).paste_at(frame, (round(x0 + px(42)), round(y0)))


def word_rooms(size: tuple[int, int] = CHART_SIZE) -> dict[str, tuple[int, int]]:
    """The font size and room in pixels of the chart's words at `size` (as `render.panel.word_rooms`): the title,
    the x axis's name under the plot, a percentage left of it."""
    area = chart_area(size)

    def px(value: float) -> int:
        return round(value * area.unit)

    return {"chart_title": (area.text, size[0] - px(48)), "chart_move": (area.text, area.right - area.left),
            "chart_percent": (area.text, area.left - px(8) - px(20))}
