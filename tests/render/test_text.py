"""Text on pictures: a text too long for its room is cut with "…" and fits it; one that fits is whole; words stay
apart at the smallest sizes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludo_bot.render.sprites import Sprite, text_sprite, text_width
from ludo_bot.render.typeset import ELLIPSIS
from ludo_bot.render.typeset import cut as cut_text

WORDS = st.lists(st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789·()-äöüß", min_size=0,
                         max_size=14), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(words=WORDS, width=st.integers(40, 400))
def test_a_long_text_is_cut_to_its_room_and_keeps_as_much_as_fits(words: list[str], width: int) -> None:
    text = " ".join(words)
    whole = text_sprite(text, 14)
    cut = text_sprite(text, 14, max_width=width)
    if whole.size[0] <= width + 2:
        assert cut.size == whole.size  # it fits: nothing cut
        return
    assert cut.size[0] <= width + 2  # (a sprite is its text's width and two pixels of margin)
    # and no longer start of the text would have fitted: one more character overflows
    kept = cut_text(text, 14, width, text_width)
    assert kept.endswith(ELLIPSIS) and text.startswith(kept[:-1])
    longer = text[:len(kept)].rstrip() + ELLIPSIS
    if len(longer) > len(kept) and not text[len(kept) - 1:].startswith(" "):
        assert text_sprite(longer, 14).size[0] > width + 2


def _inked(sprite: Sprite) -> list[bool]:
    """Per pixel column of a text sprite: does any of its pixels differ from the background?"""
    rgb = sprite.image.convert("RGB")
    width, height = rgb.size
    background = rgb.getpixel((0, 0))
    return [any(rgb.getpixel((x, y)) != background for y in range(height)) for x in range(width)]


@pytest.mark.parametrize("size", range(10, 16))
def test_words_stay_apart_at_the_smallest_fonts(size: int) -> None:
    # the built-in font's own space is 2 or 3 pixels at these sizes: a small chart's title read "119moves"
    number = _inked(text_sprite("119", size))
    both = _inked(text_sprite("119 moves", size))
    end = max(x for x, inked in enumerate(number) if inked)
    gap = next(x for x in range(end + 1, len(both)) if both[x]) - end - 1
    assert gap >= 4
