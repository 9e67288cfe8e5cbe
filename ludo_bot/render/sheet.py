"""A picture laid out in phone pixels: cards, rules, words and marks, drawn onto a palette image.

A layout says where things go on a picture `PHONE` px wide, the width Discord's mobile client shows it at and the
unit legibility is reckoned in: a word of size 11 there is `SMALLEST`. `draw` scales the layout to the picture's
width in pixels: the shapes drawn anti-aliased at twice the size, shrunk and mapped onto the palette, then the words
pasted as the board's cached text sprites (any script, emoji as Twemoji, cut by grapheme clusters) and the marks as
sprites.

>>> frame = draw((Card(8, 8, 100, 30, "panel", "panel_line", 6), Word(14, 23, "Ann", 11, "text", "panel", 90)),
...              600, 46)
>>> frame.size, frame.mode
((600, 77), 'P')
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from ludo_bot.render.palette import rgb, to_palette
from ludo_bot.render.sprites import SS, Sprite, die_sprite, finish, text_sprite, text_width
from ludo_bot.render.typeset import line_box
from ludo_bot.render.view import PHONE

AA = 2  # supersampling of the shapes (the chart's: 3 looked no smoother after the palette mapping)
BASELINE = 0.35  # a word's baseline below the middle of its row, in font sizes (Noto Sans's capitals are 0.71 high)


class Card(NamedTuple):
    """A rounded rectangle (phone px): its top-left corner, size, fill, outline (1 px) and corner radius."""

    x: float
    y: float
    w: float
    h: float
    fill: str
    outline: str | None = None
    radius: float = 0.0


class Rule(NamedTuple):
    """A line across from `x0` to `x1` at `y`, 1 px thick."""

    x0: float
    x1: float
    y: float
    colour: str


class Word(NamedTuple):
    """A text of font `size` whose row's middle is `y`: starting at `x` ("left"), ending there ("right") or centred on
    it ("centre"); cut with "…" between grapheme clusters to `room`. `bg` is the colour it stands on."""

    x: float
    y: float
    text: str
    size: float
    fg: str
    bg: str
    room: float
    align: str = "left"


class Mark(NamedTuple):
    """A drawn mark of `size` centred on (`cx`, `cy`): "check" (a white tick on a green disc: went through), "gone" (a
    ring crossed by a slash, in `colour`: left, cancelled), "die" (a table still playing)."""

    cx: float
    cy: float
    kind: str
    size: float
    colour: str = "white"


Item = Card | Rule | Word | Mark


def font_px(size: float, width: int) -> int:
    """The font size in pixels of a picture `width` px wide whose text is `size` when shown `PHONE` px wide (never
    less).

    >>> font_px(11, 600), font_px(13, 600)
    (19, 22)
    """
    return math.ceil(size * width / PHONE - 1e-9)


def measure(text: str, size: float, width: int) -> float:
    """How wide `text` of font `size` is, in phone px, on a picture `width` px wide (the emoji's advance included)."""
    return text_width(text, font_px(size, width)) * PHONE / width


def draw(items: Iterable[Item], width: int, height: float) -> Image.Image:
    """The palette picture `width` px wide of the layout `items` (phone px, `height` high): shapes first, in their
    order, then words and marks."""
    items = tuple(items)
    u = width / PHONE
    s = u * AA
    big = Image.new("RGB", (width * AA, math.ceil(height * u) * AA), rgb("canvas"))
    d = ImageDraw.Draw(big)
    for item in items:
        if isinstance(item, Card):
            box = (round(item.x * s), round(item.y * s), round((item.x + item.w) * s) - 1,
                   round((item.y + item.h) * s) - 1)
            d.rounded_rectangle(box, round(item.radius * s), fill=rgb(item.fill),
                                outline=rgb(item.outline) if item.outline else None, width=max(1, round(s)))
        elif isinstance(item, Rule):
            y = round(item.y * s)
            d.rectangle((round(item.x0 * s), y, round(item.x1 * s), y + max(1, round(s)) - 1), fill=rgb(item.colour))
    frame = to_palette(big.reduce(AA))
    for item in items:
        if isinstance(item, Word):
            _paste_word(frame, item, width)
        elif isinstance(item, Mark):
            _mark(item.kind, max(6, round(item.size * u)), item.colour).paste(
                frame, (round(item.cx * u), round(item.cy * u)))
    return frame


def _paste_word(frame: Image.Image, word: Word, width: int) -> None:
    u = width / PHONE
    size = font_px(word.size, width)
    sprite = text_sprite(word.text, size, word.fg, word.bg, max(1, math.ceil(word.room * u)))
    x = round(word.x * u)
    w = sprite.size[0]
    left = x - 1 if word.align == "left" else x - w + 1 if word.align == "right" else x - w // 2
    baseline = round(word.y * u + BASELINE * size)
    sprite.paste_at(frame, (left, baseline - line_box(size).ascent))


@lru_cache(maxsize=64)
def _mark(kind: str, side: int, colour: str) -> Sprite:
    if kind == "die":
        return die_sprite(5, side)
    s = side * SS
    big = Image.new("RGB", (s, s), rgb("green" if kind == "check" else colour))
    mask = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(mask)
    if kind == "check":
        d.ellipse((0, 0, s - 1, s - 1), fill=255)
        ImageDraw.Draw(big).line([(s * 0.26, s * 0.52), (s * 0.43, s * 0.69), (s * 0.75, s * 0.33)],
                                 fill=rgb("white"), width=max(SS, round(s * 0.13)), joint="curve")
    elif kind == "gone":
        ring = max(SS, round(s * 0.12))
        d.ellipse((0, 0, s - 1, s - 1), fill=255)
        d.ellipse((ring, ring, s - 1 - ring, s - 1 - ring), fill=0)
        d.line([(s * 0.2, s * 0.8), (s * 0.8, s * 0.2)], fill=255, width=ring)
    else:
        raise ValueError(f"no mark {kind!r}: check, gone or die")
    return finish(big, mask)
