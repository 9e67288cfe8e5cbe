"""The colours of the picture, and the one fixed 256-colour palette every image uses.

Every frame is a palette ("P") image: small PNGs, fast encoding, and GIF replays without
re-quantising. The palette holds the named colours exactly, plus short ramps between the
pairs of colours that meet on the picture, so anti-aliased edges drawn once (the static
board, the sprites) keep their smoothness after mapping to the palette.

>>> rgb("red")
(208, 44, 44)
>>> palette_image().getpalette()[3 * index("red"):3 * index("red") + 3]
[208, 44, 44]
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

RGB = tuple[int, int, int]

SEAT_COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue")

_CHOSEN: dict[str, RGB] = {
    "canvas": (35, 39, 46),
    "panel": (47, 52, 60),
    "panel_line": (72, 79, 90),
    "white": (255, 255, 255),
    "cell": (252, 250, 244),
    "line": (60, 60, 60),
    "ink": (22, 22, 26),
    "text": (236, 239, 244),
    "muted": (160, 168, 180),
    "star": (150, 150, 150),
    "highlight": (176, 66, 230),
    "label": (10, 10, 14),
    "pip_dim": (170, 170, 170),
    "die_dim": (120, 126, 136),
    "red": (211, 47, 47),
    "green": (46, 158, 68),
    "yellow": (242, 194, 24),
    "blue": (30, 111, 217),
    "red_dark": (120, 20, 20),
    "green_dark": (18, 85, 35),
    "yellow_dark": (125, 95, 5),
    "blue_dark": (12, 55, 120),
    "red_light": (244, 190, 190),
    "green_light": (186, 228, 194),
    "yellow_light": (250, 232, 168),
    "blue_light": (184, 208, 244),
}



def _snap(colour: RGB) -> RGB:
    """The colour moved to the corner of its 4x4x4 cell of Pillow's palette lookup cache.

    Pillow maps RGB to a palette through a cache of 4-value cells, each holding the entry nearest
    the cell's lowest corner; with every entry on the corner of its own cell, each maps to itself.
    """
    r, g, b = ((v // 4) * 4 for v in colour)
    return (r, g, b)


COLOURS: dict[str, RGB] = {name: _snap(value) for name, value in _CHOSEN.items()}
NAMES: tuple[str, ...] = tuple(COLOURS)

# Pairs of colours that meet along anti-aliased edges: each gets a short ramp in the palette.
_RAMP_STEPS = 4


def _ramp_pairs() -> list[tuple[str, str]]:
    pairs = [("cell", "line"), ("cell", "ink"), ("white", "ink"), ("text", "panel"), ("muted", "panel"),
             ("white", "panel"), ("ink", "panel"), ("canvas", "line"), ("canvas", "ink"), ("cell", "star"),
             ("highlight", "cell"), ("highlight", "panel"), ("white", "label"), ("white", "die_dim"),
             ("pip_dim", "white"), ("ink", "die_dim"), ("cell", "highlight")]
    for i, c in enumerate(SEAT_COLOURS):
        pairs += [(c, "cell"), (c, "white"), (c, "line"), (c, "ink"), (c, f"{c}_dark"), (f"{c}_dark", "cell"),
                  (f"{c}_light", "cell"), (c, "panel"), (c, SEAT_COLOURS[(i + 1) % 4]), (f"{c}_dark", "white")]
    return pairs


# Colours of the emoji in names (Twemoji's five skin tones, its yellow faces, orange, brown and pink), which the
# named colours and ramps are far from: a medium skin tone was drawn pink. Not named: nothing else draws with them.
_EMOJI: tuple[RGB, ...] = ((247, 222, 206), (243, 210, 162), (212, 171, 136), (175, 126, 87), (124, 83, 62),
                           (255, 220, 93), (244, 144, 12), (193, 105, 79), (234, 89, 110))


def rgb(name: str) -> RGB:
    """The RGB value of a named colour."""
    return COLOURS[name]


@lru_cache(maxsize=1)
def palette_rgb() -> tuple[RGB, ...]:
    """The 256 palette entries: the named colours first (in `NAMES` order), then the ramps and the emoji colours."""
    entries: list[RGB] = list(COLOURS.values())
    if len(set(entries)) != len(entries):
        raise AssertionError("two named colours share a palette cell")
    seen = set(entries)
    for a, b in _ramp_pairs():
        ca, cb = COLOURS[a], COLOURS[b]
        for k in range(1, _RAMP_STEPS + 1):
            t = k / (_RAMP_STEPS + 1)
            mix = _snap((round(ca[0] + (cb[0] - ca[0]) * t), round(ca[1] + (cb[1] - ca[1]) * t),
                         round(ca[2] + (cb[2] - ca[2]) * t)))
            if mix not in seen:
                seen.add(mix)
                entries.append(mix)
    entries += [snapped for snapped in map(_snap, _EMOJI) if snapped not in seen]
    if len(entries) > 254:  # (two pads at least: the last is the replay's transparent index)
        raise AssertionError(f"palette overflow: {len(entries)} colours")
    entries += [COLOURS["canvas"]] * (256 - len(entries))
    return tuple(entries)


def index(name: str) -> int:
    """The palette index of a named colour."""
    return NAMES.index(name)


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the palette, for `Image.quantize(palette=...)`."""
    im = Image.new("P", (1, 1), 0)
    im.putpalette([v for entry in palette_rgb() for v in entry])
    return im


def to_palette(image: Image.Image) -> Image.Image:
    """Map an RGB image onto the palette (nearest colour, no dithering)."""
    return image.convert("RGB").quantize(palette=palette_image(), dither=Image.Dither.NONE)
