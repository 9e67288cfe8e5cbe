"""Text on pictures: a text too long for its room is cut with "..." and fits it; one that fits is whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from render.sprites import _cut, _word_length, text_sprite

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
    space = _word_length(" ", 14)
    starts, x = [], 1.0
    for word in words:
        starts.append(x)
        x += _word_length(word, 14) + space
    kept = _cut(words, starts, 14, width)
    assert kept.endswith("...") and text.startswith(kept[:-3])
    longer = text[:len(kept) - 3 + 1].rstrip() + "..."
    if len(longer) > len(kept) and not text[len(kept) - 3:].startswith(" "):
        assert text_sprite(longer, 14).size[0] > width + 2
