"""The PNG writer: what it writes decodes to exactly the picture drawn, and the same picture gives the same bytes."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules
from ludo_bot.render import BoardView
from ludo_bot.render.board import draw_board
from ludo_bot.render.png import SIGNATURE, encode_png


def played(preset: str, plies: int, seed: int) -> engine.GameState:
    state = engine.new_game(parse_rules(preset), (0, 1, 2, 3), seed)
    chooser = random.Random(seed)
    for _ in range(plies):
        if state.over:
            break
        state, _ = engine.apply(state, chooser.choice(engine.legal_actions(state)))
    return state


@pytest.mark.parametrize(("preset", "plies", "size"), [("classic", 0, (600, 600)), ("star", 60, (800, 800)),
                                                       ("twodice", 30, (360, 400))])
def test_a_board_picture_decodes_to_the_pixels_and_palette_drawn(preset: str, plies: int,
                                                                 size: tuple[int, int]) -> None:
    drawn = draw_board(played(preset, plies, 7), BoardView(size=size, names=("Ann", "Bo", "Cy", "Di")))
    png = encode_png(drawn)
    assert png.startswith(SIGNATURE)
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert (decoded.mode, decoded.size) == ("P", size)
    assert decoded.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()
    assert encode_png(drawn) == png  # the same picture, the same bytes


def test_a_picture_that_is_not_a_palette_one_is_written_too() -> None:
    picture = Image.new("RGBA", (30, 20), (10, 200, 30, 128))
    decoded = Image.open(io.BytesIO(encode_png(picture)))
    assert decoded.convert("RGBA").tobytes() == picture.tobytes()
