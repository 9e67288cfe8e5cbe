"""Shared helpers for the render tests: pixel regions around a square's centre."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from ludo_bot.engine.rules import Rules
from ludo_bot.render.geometry import layout, metrics
from ludo_bot.render.view import DEFAULT_SIZE

GEOMETRIES: dict[str, Rules] = {
    "classic": Rules.preset("classic"),
    "star": Rules.preset("star"),
    "strict5": Rules.preset("strict"),
    "strict4": Rules.preset("strict", end_path=4),
    "twodice": Rules.preset("twodice"),
}


def cell_px(rules: Rules, size: tuple[int, int] = DEFAULT_SIZE) -> int:
    """The side of one square in pixels."""
    return metrics(layout(rules).n, size).cell


def region(image: Image.Image, centre: tuple[int, int], radius: int) -> list[tuple[int, int, int]]:
    """RGB pixels of the square of half-side `radius` around `centre`."""
    x, y = centre
    crop = image.convert("RGB").crop((x - radius, y - radius, x + radius + 1, y + radius + 1))
    data = crop.tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def majority(pixels: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    """The most frequent colour."""
    return Counter(pixels).most_common(1)[0][0]
