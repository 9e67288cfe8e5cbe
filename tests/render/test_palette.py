"""The fixed palette: every entry (every named colour) survives the mapping onto the palette unchanged."""

from __future__ import annotations

from PIL import Image

from ludo_bot.render.palette import COLOURS, index, palette_rgb, to_palette


def test_every_palette_colour_maps_to_itself() -> None:
    colours = list(palette_rgb())
    image = Image.new("RGB", (len(colours), 1))
    image.putdata(colours)
    mapped = to_palette(image).convert("RGB")
    assert list(mapped.get_flattened_data()) == colours


def test_named_colours_are_distinct_entries() -> None:
    assert len(set(COLOURS.values())) == len(COLOURS)
    assert [palette_rgb()[index(name)] for name in COLOURS] == list(COLOURS.values())
