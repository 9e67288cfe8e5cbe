"""Where every square of the board is: the cross-shaped layout for each track geometry.

Coordinates are in *grid units* (one square = 1) on an ``n x n`` grid, x to the right and y
down; `Metrics` turns them into pixels for an image size.

The layout is the classic cross: four arms three squares wide meet at a 3x3 centre (the
finish, one triangle per colour); the four corners are the yards. Seat 0 (red) owns the left
arm and the top-left yard; each next seat is the same picture turned 90 degrees clockwise,
so seats follow each other clockwise (green top, yellow right, blue bottom). The track runs
along the two outer columns of each arm and across its tip; the middle column of an arm is
that colour's home column, entered from the tip.

- **Odd quarter** (``track_length / 4 = 2L + 1``: 52 = 4 x 13 with L = 6, 44 = 4 x 11 with
  L = 5): arms of 3 x L squares, a ``2L + 3`` grid (15 or 13). Per arm: L - 1 squares out of
  the left arm's top row, L up the next arm, its tip middle, the first square coming back:
  exactly ``2L + 1`` per quarter. A colour's start square is the second square of its arm
  (counted from the tip); it enters its home column from the middle of its own arm's tip.
- **Even quarter** (twodice: 48 = 4 x 12, L = 6, a 15 x 15 grid): the same cross, but the
  tip row of each arm holds *two* squares of one and a half widths each instead of three, so
  each arm carries 5 + 2 + 5 = 12 track squares and the loop has exactly 48. Steps are still
  counted square by square: out along one side, two squares across the tip, back along the
  other side. A colour starts on the square just after its own tip (the same square as on the
  classic board) and enters its home column from the tip half just before its start, which
  touches both its start square and its first home square.

The home column holds ``home_length`` squares counted from the tip inwards; the finish is the
colour's triangle of the centre. Any `Rules` whose quarter is at least 5 squares and whose
home column fits its arm (``home_length <= L - 1``) has a layout; others raise `LayoutError`.

>>> from ludo_bot.engine.rules import Rules
>>> g = layout(Rules.preset("twodice"))
>>> g.n, len(g.track), g.track[0]
(15, 48, Box(x0=1.0, y0=6.0, x1=2.0, y1=7.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import YARD

Point = tuple[float, float]
PixelBox = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels of the picture (x1, y1 exclusive)


class LayoutError(ValueError):
    """The rules describe a track no board layout exists for."""


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in grid units."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> Point:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def shrink(self, d: float) -> Box:
        return Box(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)


@dataclass(frozen=True, slots=True)
class Layout:
    """Every place of one board geometry, in grid units.

    `track[square]` is the box of absolute track square `square`; `home[seat][i]` the i-th home
    column square (step ``last_track_step + 1 + i``); `finish[seat]` the colour's centre triangle;
    `finish_slots[seat][t]` and `yard_slots[seat][t]` where token t stands at the finish / in the yard.
    `entry[seat]` is the track square from which the colour turns into its home column.
    """

    n: int
    arm: int
    split_tip: bool
    track: tuple[Box, ...]
    home: tuple[tuple[Box, ...], ...]
    finish: tuple[tuple[Point, Point, Point], ...]
    centre: Box
    yards: tuple[Box, ...]
    yard_inner: tuple[Box, ...]
    yard_slots: tuple[tuple[Point, ...], ...]
    finish_slots: tuple[tuple[Point, ...], ...]
    entry: tuple[int, ...]
    starts: tuple[int, ...]


def _turn(point: Point, n: int, times: int) -> Point:
    """Turn a point 90 degrees clockwise about the grid's centre, `times` times."""
    x, y = point
    for _ in range(times % 4):
        x, y = n - y, x
    return (x, y)


def _turn_box(box: Box, n: int, times: int) -> Box:
    ax, ay = _turn((box.x0, box.y0), n, times)
    bx, by = _turn((box.x1, box.y1), n, times)
    return Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def _cell(col: float, row: float) -> Box:
    return Box(float(col), float(row), col + 1.0, row + 1.0)


@lru_cache(maxsize=32)
def _layout(track_length: int, last_track_step: int, home_length: int) -> Layout:
    quarter = track_length // 4
    if quarter < 5:
        raise LayoutError(f"no board layout for a track of {track_length} squares")
    split = quarter % 2 == 0
    arm = quarter // 2 if split else (quarter - 1) // 2
    if home_length > arm - 1:
        raise LayoutError(f"a home column of {home_length} does not fit the arms of a {track_length}-square track")
    n = 2 * arm + 3
    a = arm
    # Seat 0's quarter, from its start square: out of the left arm along its top row...
    base = [_cell(c, a) for c in range(1, a)]
    if split:
        base += [_cell(a, r) for r in range(a - 1, 0, -1)]              # ...up the top arm's left column,
        base += [Box(a, 0.0, a + 1.5, 1.0), Box(a + 1.5, 0.0, a + 3.0, 1.0)]  # two wide squares across its tip
    else:
        base += [_cell(a, r) for r in range(a - 1, -1, -1)]             # ...up the top arm's left column,
        base += [_cell(a + 1, 0), _cell(a + 2, 0)]                       # its tip and the first square back
    assert len(base) == quarter
    track = tuple(_turn_box(box, n, q) for q in range(4) for box in base)
    home0 = [_cell(c, a + 1) for c in range(1, home_length + 1)]
    tri0: tuple[Point, Point, Point] = ((a, a), (a, a + 3.0), (a + 1.5, a + 1.5))
    yard0 = Box(0.0, 0.0, a, a)
    margin = a * 0.16
    inner0 = yard0.shrink(margin)
    q = inner0.width / 4
    slots0 = [(inner0.x0 + q * (1 + 2 * (t % 2)), inner0.y0 + q * (1 + 2 * (t // 2))) for t in range(TOKENS)]
    # Tokens home along the base of their triangle, 0.52 of a square apart (a token home is 0.55 of a square wide):
    # clear of the next colour's at the corner.
    fslots0 = [(a + 0.3, a + 1.5 + 0.52 * (t - 1.5)) for t in range(TOKENS)]
    shape = Rules(track_length=track_length, last_track_step=last_track_step, home_length=home_length)
    routes = [shape.route(seat) for seat in range(4)]  # where each colour starts and turns into its column
    return Layout(
        n=n, arm=arm, split_tip=split, track=track,
        home=tuple(tuple(_turn_box(b, n, s) for b in home0) for s in range(4)),
        finish=tuple((_turn(tri0[0], n, s), _turn(tri0[1], n, s), _turn(tri0[2], n, s)) for s in range(4)),
        centre=Box(a, a, a + 3.0, a + 3.0),
        yards=tuple(_turn_box(yard0, n, s) for s in range(4)),
        yard_inner=tuple(_turn_box(inner0, n, s) for s in range(4)),
        yard_slots=tuple(tuple(p if s == 0 else _yard_slot(p, inner0, _turn_box(inner0, n, s)) for p in slots0)
                         for s in range(4)),
        finish_slots=tuple(tuple(_turn(p, n, s) for p in fslots0) for s in range(4)),
        entry=tuple(route[-1] for route in routes),
        starts=tuple(route[0] for route in routes),
    )


def _yard_slot(p: Point, inner0: Box, inner: Box) -> Point:
    """Yard slots keep reading order (1 2 / 3 4) in every yard: shifted, not turned."""
    return (p[0] - inner0.x0 + inner.x0, p[1] - inner0.y0 + inner.y0)


Shape = tuple[int, int, int]  # what the picture's geometry depends on: track length, last track step, home length


def shape(rules: Rules) -> Shape:
    """The part of `rules` the layout and the places depend on: a small key for caches of pictures' pieces (hashing
    whole `Rules` is dearer)."""
    return (rules.track_length, rules.last_track_step, rules.home_length)


def shaped(key: Shape) -> Rules:
    """Rules of the geometry `key` (the rest default): enough to find places and squares."""
    return Rules(track_length=key[0], last_track_step=key[1], home_length=key[2])


def layout(rules: Rules) -> Layout:
    """The layout of the board for `rules` (cached per geometry)."""
    return _layout(*shape(rules))


Place = tuple[str, int, int]


def place_of(rules: Rules, seat: int, step: int, token: int = 0) -> Place:
    """Where a token of `seat` at `step` stands: ("track", square, 0), ("home", seat, i),
    ("finish", seat, token) or ("yard", seat, token)."""
    if step == YARD:
        return ("yard", seat, token)
    if step == rules.finish_step:
        return ("finish", seat, token)
    if step > rules.last_track_step:
        return ("home", seat, step - rules.last_track_step - 1)
    square = rules.square(seat, step)
    if square is None:
        raise ValueError(f"step {step} is off the route")
    return ("track", square, 0)


def place_centre(rules: Rules, place: Place) -> Point:
    """The centre of a place, in grid units."""
    g = layout(rules)
    kind, a, b = place
    if kind == "track":
        return g.track[a].centre
    if kind == "home":
        return g.home[a][b].centre
    if kind == "finish":
        return g.finish_slots[a][b]
    return g.yard_slots[a][b]


def place_box(rules: Rules, place: Place) -> Box:
    """The square a place occupies (for yard and finish slots: a unit square around the slot)."""
    g = layout(rules)
    kind, a, b = place
    if kind == "track":
        return g.track[a]
    if kind == "home":
        return g.home[a][b]
    x, y = place_centre(rules, place)
    half = 0.5 if kind == "yard" else 0.25
    return Box(x - half, y - half, x + half, y + half)


@dataclass(frozen=True, slots=True)
class Metrics:
    """Pixel placement of the board in an image of `width` x `height`: the board square at the top, filling the
    width; height past the width holds a caption line under the board."""

    width: int
    height: int
    n: int
    cell: int
    ox: int
    oy: int

    @property
    def board_px(self) -> int:
        return self.cell * self.n

    def px(self, point: Point, scale: int = 1) -> tuple[int, int]:
        """Grid point -> pixel (at `scale` times the image size)."""
        return (round((self.ox + point[0] * self.cell) * scale), round((self.oy + point[1] * self.cell) * scale))

    def box_px(self, box: Box, scale: int = 1) -> tuple[int, int, int, int]:
        """Grid box -> pixel rectangle (x0, y0, x1, y1), x1/y1 exclusive."""
        x0, y0 = self.px((box.x0, box.y0), scale)
        x1, y1 = self.px((box.x1, box.y1), scale)
        return (x0, y0, x1, y1)


MIN_SIDE = 240


@lru_cache(maxsize=64)
def metrics(n: int, size: tuple[int, int]) -> Metrics:
    """Pixel metrics for an `n` x `n` grid in an image of `size` (width, height): at least 240 wide, and at least as
    high as wide (the board is the square on top)."""
    width, height = size
    if width < MIN_SIDE or height < width:
        raise ValueError(f"image size {width}x{height}: needs at least {MIN_SIDE} wide and a height of at least the "
                         "width (the board is a square)")
    margin = max(4, width // 60)
    cell = (width - 2 * margin) // n
    board = cell * n
    return Metrics(width=width, height=height, n=n, cell=cell, ox=(width - board) // 2, oy=(width - board) // 2)


def square_centre(rules: Rules, seat: int, step: int, size: tuple[int, int] = (600, 600),
                  token: int = 0) -> tuple[int, int]:
    """Pixel centre of the square where `seat`'s token `token` (0-3) at `step` stands in an image of `size`.

    In the yard and at the finish each token has its own slot, hence `token`.
    """
    g = layout(rules)
    return metrics(g.n, size).px(place_centre(rules, place_of(rules, seat, step, token)))
