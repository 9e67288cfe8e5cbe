"""Tokens: the disc sprites, and where the tokens of a position stand on the picture.

A token is a disc in its seat's colour with a dark rim and its number 1-4 written on it, so
colour is never the only cue. Several tokens on one square shrink and spread out (two side by
side on a diagonal, three or four in a 2x2, more in a 3x3); a block (two or more tokens of one
colour on a track square, where the rules make blocks) gets a thick frame in its colour, and a
locked pair a padlock.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.rules import TOKENS
from engine.state import GameState
from render.fonts import BOLD, SANS, font
from render.geometry import Metrics, Place, place_box, place_centre, place_of
from render.palette import SEAT_COLOURS, index, rgb
from render.sprites import SS, Sprite, finish, lock_sprite
from render.typeset import note

# Token diameter, in squares, by how many tokens share the place.
SIZES = {1: 0.8, 2: 0.6, 3: 0.5, 4: 0.5}
SPREAD: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.17, -0.17), (0.17, 0.17)),
    3: ((-0.22, -0.22), (0.22, -0.22), (0.0, 0.22)),
    4: ((-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22)),
}
MANY = tuple((dx * 0.3, dy * 0.3) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
YARD_SIZE = 0.95
NUMBER = 0.62  # a token's number, of its diameter: a lone token's is 11 px on a phone (0.56 drew it at 10.1)
FINISH_SIZE = 0.5


@lru_cache(maxsize=256)
def token_sprite(seat: int, number: int, diameter: int) -> Sprite:
    """Seat `seat`'s token `number` (1-4), `diameter` pixels across."""
    colour = SEAT_COLOURS[seat]
    s = diameter * SS
    big = Image.new("RGB", (s, s), rgb(f"{colour}_dark"))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, s - 1, s - 1), fill=255)
    d = ImageDraw.Draw(big)
    rim = max(SS, round(s * 0.09))
    d.ellipse((rim, rim, s - 1 - rim, s - 1 - rim), fill=rgb("white"))
    ring = rim + max(SS, round(s * 0.06))
    d.ellipse((ring, ring, s - 1 - ring, s - 1 - ring), fill=rgb(colour))
    ink = "ink" if colour == "yellow" else "white"
    note(str(number), diameter * NUMBER)
    d.text((s / 2, s / 2 + s * 0.02), str(number), font=font(SANS, round(s * NUMBER), weight=BOLD), fill=rgb(ink),
           anchor="mm")
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


def draw_tokens(frame: Image.Image, state: GameState, m: Metrics, places: dict[Place, list[int]]) -> None:
    """Paste every drawn token onto `frame`."""
    rules = state.rules
    for place, tids in sorted(places.items()):
        cx, cy = place_centre(rules, place)
        kind = place[0]
        if kind == "yard":
            size, spread = YARD_SIZE, SPREAD[1]
        elif kind == "finish":
            size, spread = FINISH_SIZE, SPREAD[1]
        elif len(tids) <= 4:
            size, spread = SIZES[len(tids)], SPREAD[len(tids)]
        else:  # five or more: a 3x3 grid, its rows centred
            shift = 0.15 * (3 - (min(len(tids), 9) + 2) // 3)
            size, spread = 0.36, tuple((dx, dy + shift) for dx, dy in MANY)
        diameter = max(8, round(size * m.cell))
        for tid, (dx, dy) in zip(tids, spread, strict=False):
            sprite = token_sprite(tid // TOKENS, tid % TOKENS + 1, diameter)
            sprite.paste(frame, m.px((cx + dx, cy + dy)))
