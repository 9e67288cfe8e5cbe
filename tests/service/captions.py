"""A replay's frames read by their caption band (the line under the board), shared by the service's replay tests and
the bot's review test: a frame is found by the pixels of the caption it would draw."""

from __future__ import annotations

import io

from PIL import Image

from ludo_bot.engine.game import new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.render import WORDS, BoardView, draw_board
from ludo_bot.render.replay import REPLAY_SIZE
from ludo_bot.service.words.i18n import templates


def frame_captions(gif: bytes) -> list[bytes]:
    """Each replay frame's caption band (under the board), as its pixels."""
    image = Image.open(io.BytesIO(gif))
    found = []
    for number in range(getattr(image, "n_frames", 1)):
        image.seek(number)
        found.append(image.convert("RGB").crop((0, REPLAY_SIZE[1], image.width, image.height)).tobytes())
    return found


def caption(text: str) -> bytes:
    """The caption band of a replay frame saying `text` (in English)."""
    drawn = draw_board(new_game(Rules.preset("classic"), (0, 1, 2, 3), 1),
                       BoardView(size=REPLAY_SIZE, caption=text, words=templates("en", "board.", WORDS)))
    return drawn.convert("RGB").crop((0, REPLAY_SIZE[1], drawn.width, drawn.height)).tobytes()
