"""One line of text in any script, as an RGBA image: fonts chosen per grapheme cluster, shaped runs put in order.

A text is split into grapheme clusters (`regex`'s ``\\X``: a letter with its marks, a conjunct's parts, an emoji
sequence with its skin tone or joiners, a flag); each cluster gets the first face that has all its characters
(`render.fonts.face_of`), an emoji its Twemoji image, and a character no face has the placeholder `PLACEHOLDER`.
Clusters of one face and one direction make a run, shaped whole by Raqm; the runs are put in visual order by the
Unicode bidirectional algorithm's rules for levels (the paragraph's direction is its first strong letter's), so an
Arabic name reads right to left wherever it stands in the left-to-right panel. Without Raqm a right-to-left run's
clusters are drawn in reverse, unjoined.

Every line of a size has the same height and baseline (Noto Sans's ascent and descent), so lines in different
scripts stand level. The same text, size and colour give the same pixels.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import NamedTuple

import regex
from PIL import Image, ImageDraw, ImageFont

from ludo_bot.render.fonts import (
    BOLD,
    CJK,
    EMOJI,
    ITALIC,
    REGULAR,
    SANS,
    cjk_index,
    coverage,
    emoji_image,
    emoji_name,
    face_of,
    font,
    shaping,
)

RGB = tuple[int, int, int]
PLACEHOLDER = "\ufffd"  # drawn for a character no font has: Noto Sans's replacement character, one box
ELLIPSIS = "\u2026"
_CLUSTER = regex.compile(r"\X")
_RTL = frozenset(("R", "AL"))


def clusters(text: str) -> list[str]:
    """The grapheme clusters of `text` (extended, as Unicode's UAX #29 defines them).

    >>> clusters("Zoe\\u0308 \\U0001f469\\U0001f3fd\\u200d\\U0001f4bb")
    ['Z', 'o', 'ë', ' ', '👩🏽\\u200d💻']
    """
    found: list[str] = _CLUSTER.findall(unicodedata.normalize("NFC", text))
    return found


class Run(NamedTuple):
    """Clusters drawn together: by one face (`EMOJI`, or None for placeholders), in one direction and one `style`
    (the styled letters of `styled`: words of "bold", "italic", "hollow")."""

    face: str | None
    clusters: tuple[str, ...]
    rtl: bool
    style: str = ""


@lru_cache(maxsize=2048)
def styled(cluster: str) -> tuple[str, str] | None:
    """A letter of Unicode's styled alphabets (the "font generator" names: 𝓐𝓵𝓲𝓬𝓮, 𝔄𝔩𝔦𝔠𝔢, 𝔸𝕝𝕚𝕔𝕖, 𝐀𝐥𝐢𝐜𝐞) as its
    plain letters (NFKC) and the style that keeps its look apart: bold, italic for italic and script, hollow for
    double-struck, hollow and bold for fraktur; None for a cluster NFKC leaves as it is. For a letter no font of ours
    has (they have none of the mathematical alphanumerics).

    >>> styled("𝓐"), styled("𝔸"), styled("A")
    (('A', 'bold italic'), ('A', 'hollow'), None)
    """
    folded = unicodedata.normalize("NFKC", cluster)
    if folded == cluster:
        return None
    name = unicodedata.name(cluster[0], "")
    style = [word for word, kinds in (("hollow", ("DOUBLE-STRUCK", "FRAKTUR")), ("bold", ("BOLD", "FRAKTUR")),
                                      ("italic", ("ITALIC", "SCRIPT"))) if any(kind in name for kind in kinds)]
    return folded, " ".join(style)


def _strong(cluster: str) -> bool | None:
    """True for a right-to-left letter, False for a left-to-right one, None for neither (digits, spaces, marks)."""
    kind = unicodedata.bidirectional(cluster[0])
    return True if kind in _RTL else False if kind == "L" else None


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """The runs of `text` in visual order (left to right)."""
    logical = _logical_runs(text)
    levels = _levels([strong for _, _, strong, _ in logical])
    return tuple(Run(logical[k][0], tuple(logical[k][1]), levels[k] % 2 == 1, logical[k][3])
                 for k in _visual_order(levels))


def _logical_runs(text: str) -> list[tuple[str | None, list[str], bool | None, str]]:
    """`text`'s clusters grouped by face, direction and style, in the order they are written: (face, clusters, True
    for right-to-left, False for left-to-right, None for neither: digits, spaces, emoji; style). A cluster no face
    has is drawn as its `styled` letters where a face has those."""
    logical: list[tuple[str | None, list[str], bool | None, str]] = []
    previous: str | None = None
    for cluster in clusters(text):
        face = face_of(cluster, previous)
        style = ""
        plain = styled(cluster) if face is None else None
        if plain is not None and face_of(plain[0], previous) not in (None, EMOJI):
            cluster, style = plain
            face = face_of(cluster, previous)
        if face not in (None, EMOJI):  # a mark no font has with its letter is left out, not drawn as a box
            cluster = "".join(c for c in cluster if c in coverage(face) or unicodedata.category(c) == "Cf") or cluster
        previous = face
        strong = _strong(cluster)
        last = logical[-1] if logical else None
        if (last is not None and last[0] == face and face is not None and last[3] == style
                and (strong is None or last[2] in (None, strong))):
            last[1].append(cluster)
            logical[-1] = (face, last[1], last[2] if strong is None else strong, style)
        else:
            logical.append((face, [cluster], strong, style))
    return logical


def _levels(directions: list[bool | None]) -> list[int]:
    """The bidirectional algorithm's embedding level of each run: the paragraph's direction is its first strong
    run's; a neutral run takes the direction of the strong runs around it when they agree, else the paragraph's."""
    base_rtl = next((d for d in directions if d is not None), False)
    levels = []
    for i, direction in enumerate(directions):
        if direction is None:
            before = next((d for d in reversed(directions[:i]) if d is not None), base_rtl)
            after = next((d for d in directions[i + 1:] if d is not None), base_rtl)
            direction = before if before == after else base_rtl
        levels.append(1 if direction else 2 if base_rtl else 0)  # (left to right in a right-to-left paragraph: 2)
    return levels


def _visual_order(levels: list[int]) -> list[int]:
    """The runs' indexes left to right: from the highest level down to 1, every stretch at that level or above is
    reversed (the algorithm's rule L2)."""
    order = list(range(len(levels)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return order


class LineBox(NamedTuple):
    ascent: int
    descent: int
    emoji: int  # an emoji image's side
    emoji_advance: int


@lru_cache(maxsize=64)
def line_box(size: int) -> LineBox:
    """The line box of `size`: Noto Sans's ascent, and room below the baseline for every script's marks."""
    ascent, descent = font(SANS, size).getmetrics()
    descent = max(descent, math.ceil(size * 0.44))  # Arabic's lowest dots and Thai's and Devanagari's marks below
    side = max(6, round(size * 1.17))
    return LineBox(ascent, descent, side, side + max(1, size // 10))


def _run_text(run: Run) -> str:
    """What a font run draws: its clusters in order (reversed for a right-to-left run without Raqm, which has
    no joiners or selectors to draw)."""
    if shaping():
        return "".join(run.clusters)
    ordered = run.clusters[::-1] if run.rtl else run.clusters
    return "".join(c for c in "".join(ordered) if unicodedata.category(c) != "Cf")


def _run_font(run: Run, size: int, text: str) -> ImageFont.FreeTypeFont:
    """The font a run draws with: its face (Noto Sans Italic for italic styled letters), the CJK collection's face
    for `text`, the weight of its style."""
    face = run.face or SANS
    if "italic" in run.style and face == SANS:
        face = ITALIC
    return font(face, size, cjk_index(text) if face == CJK else -1, BOLD if "bold" in run.style else REGULAR)


def _advance(run: Run, size: int, text: str) -> float:
    m = line_box(size)
    if run.face == EMOJI:
        return m.emoji_advance * len(run.clusters)
    if run.face is None:
        return len(run.clusters) * font(SANS, size).getlength(PLACEHOLDER)
    drawn = _run_text(run)
    if shaping():
        return _run_font(run, size, text).getlength(drawn, direction="rtl" if run.rtl else "ltr")
    return _run_font(run, size, text).getlength(drawn)


@lru_cache(maxsize=8192)
def width(text: str, size: int) -> float:
    """The advance of `text` drawn at `size`, in pixels."""
    return sum(_advance(run, size, text) for run in runs(text))


@lru_cache(maxsize=2048)
def line(text: str, size: int, colour: RGB) -> Image.Image:
    """`text` drawn in `colour` (emoji in theirs) on a transparent RGBA image `ceil(width) + 2` pixels wide (one
    pixel of margin each side) and the line box high, baseline at the ascent."""
    m = line_box(size)
    im = Image.new("RGBA", (math.ceil(width(text, size)) + 2, m.ascent + m.descent), (*colour, 0))
    mask = Image.new("L", im.size, 0)
    draw = ImageDraw.Draw(mask)
    emoji: list[tuple[str, int]] = []
    x = 1.0
    for run in runs(text):
        advance = _advance(run, size, text)
        if run.face == EMOJI:
            for k, cluster in enumerate(run.clusters[::-1] if run.rtl else run.clusters):
                name = emoji_name(cluster)
                if name is not None:
                    emoji.append((name, round(x + k * m.emoji_advance + (m.emoji_advance - m.emoji) / 2)))
        elif run.face is None:
            step = advance / len(run.clusters)
            for k in range(len(run.clusters)):
                draw.text((x + k * step, m.ascent), PLACEHOLDER, font=font(SANS, size), fill=255, anchor="ls")
        else:
            direction = ("rtl" if run.rtl else "ltr") if shaping() else None
            drawn, face = _run_text(run), _run_font(run, size, text)
            if "hollow" in run.style:  # the outline: the letters with a stroke, then their insides taken out
                draw.text((x, m.ascent), drawn, font=face, fill=255, anchor="ls", direction=direction,
                          stroke_width=max(1, size // 14), stroke_fill=255)
                draw.text((x, m.ascent), drawn, font=face, fill=0, anchor="ls", direction=direction)
            else:
                draw.text((x, m.ascent), drawn, font=face, fill=255, anchor="ls", direction=direction)
        x += advance
    im.putalpha(mask)
    top = m.ascent - round(size * 0.93)
    for name, left in emoji:
        im.alpha_composite(emoji_image(name, m.emoji), (left, max(0, top)))
    return im


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (its words must then be put in order as a whole)."""
    return any(unicodedata.bidirectional(c) in _RTL for c in text)


def cut(text: str, size: int, max_width: float, measure: Callable[[str, int], float] = width) -> str:
    """The longest start of `text`, whole grapheme clusters, that fits `max_width` with "…" after it (never
    inside a cluster: a letter keeps its marks, an emoji sequence stays whole or goes)."""
    parts = clusters(text)
    fits, too_long = 0, len(parts)
    while fits < too_long:
        middle = (fits + too_long + 1) // 2
        if measure("".join(parts[:middle]).rstrip() + ELLIPSIS, size) <= max_width:
            fits = middle
        else:
            too_long = middle - 1
    return "".join(parts[:fits]).rstrip() + ELLIPSIS


# -- what was drawn, for `benchmarks.legibility` ---------------------------------------------------------------------

class Drawn(NamedTuple):
    """A text drawn on a picture: what it says, its font size in pixels of the picture, and what it is ("words", or
    where the token stands whose number it is: see `render.tokens.where`)."""

    text: str
    size: float
    what: str = "words"


Noted = list[Drawn]
_recordings: list[Noted] = []


def note(text: str, size: float, what: str = "words") -> None:
    """Say that `text` is drawn at font `size` (pixels of the picture): kept while a `recording` is open."""
    for found in _recordings:
        found.append(Drawn(text, size, what))


@contextmanager
def recording() -> Iterator[Noted]:
    """Every text drawn while inside. Words are drawn once and cached (sprites, the static board, the panel's blocks):
    a caller that wants every word of a picture empties the caches first (`benchmarks.legibility`); a token's number
    is noted each time the token is pasted."""
    found: Noted = []
    _recordings.append(found)
    try:
        yield found
    finally:
        _recordings.remove(found)
