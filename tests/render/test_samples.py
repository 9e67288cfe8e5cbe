"""The sample pictures of the README and the manual (docs/images) are what `python -m ludo_bot.render.samples` draws
today: a change of the pictures that forgets to draw them again fails here. (Another build of the fonts' rasteriser may
move a few anti-aliased pixels: a small share of differing pixels is allowed.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ludo_bot.render import samples

IMAGES = Path(__file__).parents[2] / "docs" / "images"
DIFFERING_AT_MOST = 0.005  # of the pixels


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("samples")
    assert samples.main([str(out)]) == 0
    return out


def test_every_sample_is_drawn_and_in_docs(drawn: Path) -> None:
    made = {path.name for path in drawn.glob("*.png")}
    assert {"tournament-bracket.png", "tournament-swiss.png", "board-names.png", "chart.png"} <= made
    assert made <= {path.name for path in IMAGES.glob("*.png")}


@pytest.mark.parametrize("name", [*(sample[0] for sample in samples.SAMPLES), "board-names.png", "chart.png",
                                  "tournament-bracket.png", "tournament-swiss.png"])
def test_a_sample_in_docs_is_current(drawn: Path, name: str) -> None:
    with Image.open(drawn / name) as fresh, Image.open(IMAGES / name) as kept:
        assert fresh.size == kept.size, f"docs/images/{name} is {kept.size}, drawn today {fresh.size}: run " \
                                        f"python -m ludo_bot.render.samples docs/images"
        changed = ImageChops.difference(fresh.convert("RGB"), kept.convert("RGB")).convert("L")
        share = changed.point(lambda v: 255 if v > 24 else 0).histogram()[255] / (fresh.width * fresh.height)
    assert share <= DIFFERING_AT_MOST, f"docs/images/{name} differs from today's drawing in {100 * share:.1f} % " \
                                       f"of its pixels: run python -m ludo_bot.render.samples docs/images"
