"""Small pictures drawn once and pasted many times: text, badges, dice, markers.

Each sprite is drawn anti-aliased at four times its size, shrunk, mapped onto the palette and
cached; pasting it into a frame is a plain palette copy through its mask, so a frame costs
almost nothing beyond the PNG encoding.

Words are drawn by `render.typeset` in the fonts that come with the project's packages (`render.fonts`), in any
script and with colour emoji.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from ludo_bot.render.fonts import SANS, font
from ludo_bot.render.palette import palette_image, rgb, to_palette
from ludo_bot.render.typeset import cut, has_rtl, line, note, width

SS = 4  # supersampling factor for sprites
# The least gap between words, in font sizes: Noto Sans's own space is a quarter of the size, 2 pixels at size 10,
# and the words of a small chart's title and legend ran together ("119moves").
SPACE = 0.3


@dataclass(frozen=True, slots=True)
class Sprite:
    """A palette image and the mask saying which of its pixels to paste."""

    image: Image.Image
    mask: Image.Image | None
    # Pillow's core images of both and the size, taken once: a picture pastes some thirty sprites
    _cores: tuple[Any, Any] = field(init=False, repr=False, compare=False)
    size: tuple[int, int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_cores", (self.image.im, self.mask.im if self.mask is not None else None))
        object.__setattr__(self, "size", self.image.size)

    def paste(self, frame: Image.Image, centre: tuple[int, int]) -> None:
        """Paste centred on `centre`."""
        w, h = self.size
        self.paste_at(frame, (centre[0] - w // 2, centre[1] - h // 2))

    def paste_at(self, frame: Image.Image, corner: tuple[int, int]) -> None:
        """Paste with the top-left corner at `corner` (into a loaded, writable image of the sprite's mode: a frame
        copied from the static board). Straight to Pillow's core: `Image.paste`'s checks took three times the
        copying itself."""
        w, h = self.size
        box = (corner[0], corner[1], corner[0] + w, corner[1] + h)
        image, mask = self._cores
        if mask is None:
            frame.im.paste(image, box)
        else:
            frame.im.paste(image, box, mask)


def finish(big: Image.Image, mask: Image.Image | None, scale: int = SS) -> Sprite:
    """Shrink a supersampled RGB drawing (and its "L" mask) into a palette sprite."""
    small = big.reduce(scale) if scale > 1 else big
    image = to_palette(small)
    if mask is None:
        return Sprite(image, None)
    m = mask.reduce(scale) if scale > 1 else mask
    return Sprite(image, m.point(lambda v: 255 if v >= 128 else 0, "1"))


@lru_cache(maxsize=2048)
def text_sprite(text: str, size: int, fg: str = "text", bg: str = "panel", max_width: int = 0) -> Sprite:
    """`text` anti-aliased in colour `fg` on a box of colour `bg`, cut with "…" to `max_width`; its mask holds the
    drawn pixels, so the room below a line (kept for Arabic's dots and the marks under Indic letters) never covers
    the line under it. A left-to-right text met for the first time is put together from its words' sprites, which
    are kept: a caption that changes with every move ("game x1 · move 37") then costs a paste per word, not a new
    drawing (drawing text was a seventh of the bot's work per click); a text with right-to-left letters is drawn
    whole, since its words' order is the bidirectional algorithm's."""
    if max_width and text_width(text, size) > max_width:
        return text_sprite(cut(text, size, max_width, text_width), size, fg, bg)
    note(text, size)
    if has_rtl(text):
        return _drawn(text, size, fg, bg)
    words = text.split(" ")
    starts, end = word_starts(words, size)
    first = _drawn(words[0], size, fg, bg)
    im = Image.new("P", (max(1, math.ceil(end) + 1), first.size[1]), _palette_index(bg))
    im.putpalette(palette_image().getpalette() or [])
    mask = Image.new("1", im.size, 0)
    for word, start in zip(words, starts, strict=True):
        if word:
            sprite = _drawn(word, size, fg, bg)
            corner = (round(start) - 1, 0)
            im.paste(sprite.image, corner, sprite.mask)
            if sprite.mask is not None:
                mask.paste(sprite.mask, corner, sprite.mask)
    return Sprite(im, mask)


@lru_cache(maxsize=64)
def _palette_index(colour: str) -> int:
    value = to_palette(Image.new("RGB", (1, 1), rgb(colour))).getpixel((0, 0))
    return value if isinstance(value, int) else 0


def text_width(text: str, size: int) -> float:
    """The width `text_sprite` gives `text` (without its margin)."""
    if has_rtl(text):
        return width(text, size)
    return word_starts(text.split(" "), size)[1] - 1


def word_starts(words: list[str], size: int) -> tuple[list[float], float]:
    """Where each of `words` starts in a text of font `size`, and where the last one ends (one pixel of margin
    first; words apart by the font's space, at least `SPACE` of the size)."""
    space = _space(size)
    starts, x = [], 1.0
    for word in words:
        starts.append(x)
        x += width(word, size) + space
    return starts, x - space


@lru_cache(maxsize=64)
def _space(size: int) -> float:
    """The gap between words at `size`: measuring it with the shaped font took 50-75 µs, several times a click."""
    return max(font(SANS, size).getlength(" "), math.ceil(SPACE * size))  # whole pixels, as the font measures


@lru_cache(maxsize=4096)
def _drawn(text: str, size: int, fg: str, bg: str) -> Sprite:
    """`text` drawn in one piece on `bg`, its mask the pixels the text covers."""
    drawn = line(text, size, rgb(fg))
    im = Image.new("RGB", drawn.size, rgb(bg))
    im.paste(drawn, (0, 0), drawn)
    return Sprite(to_palette(im), drawn.getchannel("A").point(lambda v: 255 if v else 0, "1"))


@lru_cache(maxsize=512)
def tag_sprite(text: str, size: int, fg: str, bg: str, max_width: int, pad: int, under: str) -> Sprite:
    """`text` (cut with "…" to `max_width`) on a rounded tag of colour `bg`, `pad` pixels wider than the text each
    side, its corners in the colour `under` it: a name or status on its yard, pasted whole (a tag pasted through a
    mask took 3 µs, eight a board)."""
    words = text_sprite(text, size, fg, bg, max_width)
    w, h = words.size[0] + 2 * pad, words.size[1] + 2
    image = Image.new("P", (w, h), _palette_index(under))
    image.putpalette(palette_image().getpalette() or [])
    shape = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), h * SS // 2, fill=255)
    image.paste(_palette_index(bg), (0, 0, w, h), shape.reduce(SS).point(lambda v: 255 if v >= 128 else 0, "1"))
    words.paste_at(image, (pad, 1))
    return Sprite(image, None)


BADGE_TEXT = 0.66  # a badge's text, of its height


def badge_height(text: int) -> int:
    """The least height of a badge whose text is `text` px."""
    return math.ceil(text / BADGE_TEXT)


@lru_cache(maxsize=256)
def badge_sprite(text: str, height: int, fg: str = "white", bg: str = "label", ring: str = "white") -> Sprite:
    """A rounded label badge (the legal-move labels), at least as wide as it is high."""
    note(text, height * BADGE_TEXT)
    drawn = line(text, round(height * BADGE_TEXT * SS), rgb(fg))
    ink = drawn.getchannel("A").getbbox() or (0, 0, 1, 1)
    pad = height * 0.22 * SS
    w = max(height * SS, round(ink[2] - ink[0] + 2 * pad))
    h = height * SS
    big = Image.new("RGB", (w, h), rgb(ring))
    mask = Image.new("L", (w, h), 0)
    radius = h // 2
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    border = max(SS, round(h * 0.08))
    ImageDraw.Draw(big).rounded_rectangle((border, border, w - 1 - border, h - 1 - border), radius - border,
                                          fill=rgb(bg))
    ink_w, ink_h = ink[2] - ink[0], ink[3] - ink[1]
    big.paste(drawn, (round((w - ink_w) / 2 - ink[0]), round((h - ink_h) / 2 - ink[1])), drawn)
    return finish(big, mask)


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=64)
def die_sprite(value: int, size: int, active: bool = True) -> Sprite:
    """A die face showing `value`; used dice (`active=False`) are greyed."""
    s = size * SS
    face, pip = ("white", "ink") if active else ("die_dim", "white")
    edge = "ink" if active else "panel_line"
    big = Image.new("RGB", (s, s), rgb(edge))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, s - 1, s - 1), s // 6, fill=255)
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((SS * 2, SS * 2, s - 1 - SS * 2, s - 1 - SS * 2), s // 7, fill=rgb(face))
    r = s * 0.085
    for px, py in PIPS[value]:
        d.ellipse((px * s - r, py * s - r, px * s + r, py * s + r), fill=rgb(pip))
    return finish(big, mask)


@lru_cache(maxsize=64)
def ring_sprite(diameter: int, colour: str, width: float = 0.12) -> Sprite:
    """A hollow ring (where the last move came from)."""
    s = diameter * SS
    big = Image.new("RGB", (s, s), rgb(colour))
    mask = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(mask)
    d.ellipse((0, 0, s - 1, s - 1), fill=255)
    inset = round(s * width)
    d.ellipse((inset, inset, s - 1 - inset, s - 1 - inset), fill=0)
    return finish(big, mask)


@lru_cache(maxsize=64)
def dot_sprite(diameter: int, colour: str) -> Sprite:
    """A filled dot (the squares the last move passed)."""
    s = diameter * SS
    big = Image.new("RGB", (s, s), rgb(colour))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, s - 1, s - 1), fill=255)
    return finish(big, mask)


@lru_cache(maxsize=32)
def capture_sprite(diameter: int) -> Sprite:
    """The capture mark: a dark disc with a white cross and a highlight rim."""
    s = diameter * SS
    big = Image.new("RGB", (s, s), rgb("highlight"))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, s - 1, s - 1), fill=255)
    d = ImageDraw.Draw(big)
    rim = round(s * 0.1)
    d.ellipse((rim, rim, s - 1 - rim, s - 1 - rim), fill=rgb("ink"))
    a, b = s * 0.32, s * 0.68
    w = max(SS, round(s * 0.12))
    d.line((a, a, b, b), fill=rgb("white"), width=w)
    d.line((a, b, b, a), fill=rgb("white"), width=w)
    return finish(big, mask)


@lru_cache(maxsize=32)
def lock_sprite(size: int, colour: str) -> Sprite:
    """A small padlock: a pair moved together and locked until it reaches a safe square."""
    s = size * SS
    big = Image.new("RGB", (s, s), rgb("white"))
    mask = Image.new("L", (s, s), 0)
    md = ImageDraw.Draw(mask)
    d = ImageDraw.Draw(big)
    body = (s * 0.12, s * 0.42, s * 0.88, s * 0.96)
    shackle = (s * 0.26, s * 0.06, s * 0.74, s * 0.62)
    w = round(s * 0.13)
    md.arc(shackle, 180, 360, fill=255, width=w + 2 * SS)
    md.line((shackle[0] + w / 2, s * 0.34, shackle[0] + w / 2, s * 0.5), fill=255, width=w + 2 * SS)
    md.line((shackle[2] - w / 2, s * 0.34, shackle[2] - w / 2, s * 0.5), fill=255, width=w + 2 * SS)
    md.rounded_rectangle(body, s // 10, fill=255)
    d.arc(shackle, 180, 360, fill=rgb("ink"), width=w)
    d.line((shackle[0] + w / 2, s * 0.34, shackle[0] + w / 2, s * 0.5), fill=rgb("ink"), width=w)
    d.line((shackle[2] - w / 2, s * 0.34, shackle[2] - w / 2, s * 0.5), fill=rgb("ink"), width=w)
    d.rounded_rectangle(body, s // 10, fill=rgb(colour), outline=rgb("ink"), width=SS * 2)
    return finish(big, mask)


@lru_cache(maxsize=64)
def disc_sprite(diameter: int, colour: str, rim: str) -> Sprite:
    """A disc of `colour` with a `rim` edge (colour swatches)."""
    s = diameter * SS
    big = Image.new("RGB", (s, s), rgb(rim))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, s - 1, s - 1), fill=255)
    inset = max(SS, round(s * 0.12))
    ImageDraw.Draw(big).ellipse((inset, inset, s - 1 - inset, s - 1 - inset), fill=rgb(colour))
    return finish(big, mask)


@lru_cache(maxsize=16)
def tile_sprite(side: int, colour: str) -> Sprite:
    """A rounded square of `colour` with a darker rim: the board's middle in the colour of the player to act."""
    s = side * SS
    big = Image.new("RGB", (s, s), rgb(f"{colour}_dark"))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, s - 1, s - 1), s // 6, fill=255)
    rim = max(SS, round(s * 0.05))
    ImageDraw.Draw(big).rounded_rectangle((rim, rim, s - 1 - rim, s - 1 - rim), s // 6 - rim, fill=rgb(colour))
    return finish(big, mask)


@lru_cache(maxsize=16)
def star_sprite(diameter: int) -> Sprite:
    """A white five-pointed star (the winner's, in the board's middle)."""
    s = diameter * SS
    r = s / 2
    points = [(r + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
               r + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)]
    big = Image.new("RGB", (s, s), rgb("white"))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).polygon(points, fill=255)
    return finish(big, mask)
