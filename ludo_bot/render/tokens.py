"""Tokens: the disc sprites, and where the tokens of a position stand on the picture.

A token is a disc in its seat's colour with a dark rim and its number 1-4 written on it, so
colour is never the only cue. Its number is as large as the picture's words (`text_size`: 11 px on
a phone), wherever it stands. Several tokens on one square shrink to the least disc that holds their
number and spread out (two on a diagonal, three or four in a 2x2); five or more stand in rows of three
numbered tiles. A block (two or more tokens of one colour on a track square, where the rules make
blocks) gets a thick frame in its colour, and a locked pair a padlock.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.fonts import BOLD, SANS, font
from ludo_bot.render.geometry import (
    Metrics,
    PixelBox,
    Place,
    Point,
    Shape,
    place_box,
    place_centre,
    place_of,
    shape,
    shaped,
)
from ludo_bot.render.palette import SEAT_COLOURS, index, rgb
from ludo_bot.render.sprites import SS, Sprite, finish, lock_sprite
from ludo_bot.render.typeset import note
from ludo_bot.render.view import text_size

# Token diameter, in squares, by how many tokens share the place (at least `CHIP` font sizes of its number).
SIZES = {1: 0.8, 2: 0.6, 3: 0.5, 4: 0.5}
SPREAD: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.2, -0.2), (0.2, 0.2)),
    3: ((-0.24, -0.24), (0.24, -0.24), (0.0, 0.24)),
    4: ((-0.24, -0.24), (0.24, -0.24), (-0.24, 0.24), (0.24, 0.24)),
}
YARD_SIZE = 0.95
FINISH_SIZE = 0.5
DIGIT = (0.54, 0.73)  # Noto Sans Bold's digits at most, of the font size (10.3 x 13.8 px at 19 px)
# A token's least diameter, in font sizes of its number: at 1.1 a digit clears a thin rim (a stack of four is 21 px
# across at 600 px, a square 38).
CHIP = 1.1
RING = 1.45  # a token at least this many font sizes across keeps the white ring inside its rim (a lone one: 1.6)
ROW = 3  # a crowd of five or more: tiles in rows of three, a third of the square wide


@lru_cache(maxsize=256)
def token_sprite(seat: int, number: int, width: int, size: int, height: int = 0) -> Sprite:
    """Seat `seat`'s token `number` (1-4) written at font `size`: a disc `width` px across, or with a `height`, a
    rounded tile (one of a crowd)."""
    colour = SEAT_COLOURS[seat]
    w, h = width * SS, (height or width) * SS
    big = Image.new("RGB", (w, h), rgb(f"{colour}_dark"))
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(big)
    if height:
        radius = w // 4
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
        rim = max(SS, round(w * 0.07))
        d.rounded_rectangle((rim, rim, w - 1 - rim, h - 1 - rim), radius - rim, fill=rgb(colour))
    else:
        ImageDraw.Draw(mask).ellipse((0, 0, w - 1, h - 1), fill=255)
        inner = max(SS, round(w * 0.07))
        if width >= RING * size:
            rim = max(SS, round(w * 0.09))
            d.ellipse((rim, rim, w - 1 - rim, h - 1 - rim), fill=rgb("white"))
            inner = rim + max(SS, round(w * 0.06))
        d.ellipse((inner, inner, w - 1 - inner, h - 1 - inner), fill=rgb(colour))
    ink = "ink" if colour == "yellow" else "white"
    face = font(SANS, size * SS, weight=BOLD)
    x0, y0, x1, y1 = face.getbbox(str(number), anchor="mm")  # the digit's ink centred, not its line
    d.text((w / 2 - (x0 + x1) / 2, h / 2 - (y0 + y1) / 2), str(number), font=face, fill=rgb(ink), anchor="mm")
    return finish(big, mask)


def visible_seats(state: GameState) -> tuple[int, ...]:
    """Seats whose tokens are drawn: in the game and neither resigned nor out of turns."""
    gone = set(state.resigned) | set(state.out)
    return tuple(s for s in state.seats if s not in gone)


def token_places(state: GameState) -> dict[Place, list[int]]:
    """Place -> ids of the tokens standing there (drawn seats only), in id order."""
    places: dict[Place, list[int]] = {}
    for seat in visible_seats(state):
        for t in range(TOKENS):
            tid = seat * TOKENS + t
            places.setdefault(place_of(state.rules, seat, state.steps[tid], t), []).append(tid)
    return places


def draw_blocks(frame: Image.Image, state: GameState, m: Metrics, places: dict[Place, list[int]]) -> None:
    """Frame every block (2+ own tokens on a track square, with block rules); padlock the locked pairs."""
    rules = state.rules
    draw = ImageDraw.Draw(frame)
    locked = {t for pair in state.locked for t in pair}
    for place, tids in places.items():
        if place[0] != "track" or len(tids) < 2:
            continue
        x0, y0, x1, y1 = m.box_px(place_box(rules, place))
        for seat in sorted({t // TOKENS for t in tids}):
            own = [t for t in tids if t // TOKENS == seat]
            if rules.stacking == "block" and len(own) >= 2:
                w, inset = max(3, m.cell // 11), max(2, m.cell // 12) + 1  # inside the last-move frame
                draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                               outline=index(f"{SEAT_COLOURS[seat]}_dark"), width=w)
            if any(t in locked for t in own):
                lock = lock_sprite(max(10, m.cell * 9 // 20), SEAT_COLOURS[seat])
                lock.paste_at(frame, (x1 - lock.size[0] - 1, y0 + 1))


def where(kind: str, count: int) -> str:
    """Where a token stands, as `benchmarks.legibility` groups the sizes of their numbers: "in a yard", "home" (at
    the finish), "alone" on a square, or "2" to "5+" "on a square"."""
    if kind == "yard":
        return "in a yard"
    if kind == "finish":
        return "home"
    return "alone" if count == 1 else f"{min(count, 5)}{'+' if count > 4 else ''} on a square"


class Placed(NamedTuple):
    """A token as drawn: its id, its number's text, its sprite, the pixel its sprite is centred on, the font size of
    its number and where it stands (`where`)."""

    tid: int
    number: str
    sprite: Sprite
    centre: tuple[int, int]
    size: int
    what: str


def placed_tokens(rules: Rules, m: Metrics, places: dict[Place, list[int]]) -> list[Placed]:
    """Every drawn token's sprite and place, in drawing order; every number at the words' size (`text_size`)."""
    key = shape(rules)
    return [token for place, tids in sorted(places.items()) for token in _placed(key, m, place, tuple(tids))]


@lru_cache(maxsize=1024)
def _placed(key: Shape, m: Metrics, place: Place, tids: tuple[int, ...]) -> tuple[Placed, ...]:
    """The tokens `tids` standing on `place`: worked out once for a game's places (a yard's tokens, a stack), not
    once a picture."""
    rules = shaped(key)
    size = text_size(m.width)
    cx, cy = place_centre(rules, place)
    kind, count = place[0], len(tids)
    what = where(kind, count)
    if count > len(SPREAD) and kind not in ("yard", "finish"):
        return _crowd(m, tids, (cx, cy), size, what)
    if kind in ("yard", "finish"):
        diameter, spread = round(m.cell * (YARD_SIZE if kind == "yard" else FINISH_SIZE)), SPREAD[1]
    else:
        diameter, spread = round(m.cell * SIZES[count]), SPREAD[count]
    diameter = max(round(CHIP * size), diameter)
    return tuple(Placed(tid, str(tid % TOKENS + 1), token_sprite(tid // TOKENS, tid % TOKENS + 1, diameter, size),
                        m.px((cx + dx, cy + dy)), size, what) for tid, (dx, dy) in zip(tids, spread, strict=False))


def _crowd(m: Metrics, tids: tuple[int, ...], centre: Point, size: int, what: str) -> tuple[Placed, ...]:
    """Five or more tokens on a square (seen only where four colours meet on a star's square, at most five): numbered
    tiles in rows of `ROW`, each a third of the square wide, the rows sharing its height (a number shrinks only where
    a row is lower than a digit with its rim: seven or more)."""
    rows = -(-len(tids) // ROW)
    width, height = round(m.cell / ROW), round(m.cell / rows)
    size = min(size, int((height - 3) / DIGIT[1]))  # a digit and its rim
    found = []
    for i, tid in enumerate(tids):
        row, col = divmod(i, ROW)
        in_row = min(ROW, len(tids) - row * ROW)
        x = centre[0] + (col - (in_row - 1) / 2) / ROW
        y = centre[1] + (row - (rows - 1) / 2) / rows
        found.append(Placed(tid, str(tid % TOKENS + 1), token_sprite(tid // TOKENS, tid % TOKENS + 1, width, size,
                                                                     height), m.px((x, y)), size, what))
    return tuple(found)


def number_box(token: Placed) -> PixelBox:
    """The box of the picture that holds `token`'s number: its digit's ink (`DIGIT`)."""
    x, y = token.centre
    half_w, half_h = round(token.size * DIGIT[0] / 2), round(token.size * DIGIT[1] / 2)
    return (x - half_w, y - half_h, x + half_w + 1, y + half_h + 1)


def draw_tokens(frame: Image.Image, state: GameState, m: Metrics, places: dict[Place, list[int]],
                there: frozenset[int] = frozenset()) -> None:
    """Paste every drawn token onto `frame` but those `there` already (in their yards, drawn with the board), noting
    every number (for `benchmarks.legibility`)."""
    for token in placed_tokens(state.rules, m, places):
        if token.tid not in there:
            token.sprite.paste(frame, token.centre)
        note(token.number, token.size, token.what)
