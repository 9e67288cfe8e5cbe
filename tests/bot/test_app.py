"""The bot's start-up: where Pillow cannot shape text (no FriBiDi), one clear warning, and the bot runs on; nothing
about voice, which the bot never uses."""

from __future__ import annotations

import logging

import discord
import pytest
from PIL import features

from ludo_bot.render import fonts
from tests.bot.conftest import Launch


async def test_a_bot_that_cannot_shape_names_warns_once_at_start(launch: Launch, caplog: pytest.LogCaptureFixture,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = features.check
    monkeypatch.setattr(features, "check", lambda name: False if name == "raqm" else real(name))
    fonts.shaping.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="ludo_bot.bot.app"):
            bot = await launch()
        warned = [r for r in caplog.records if r.name == "ludo_bot.bot.app" and "unshaped" in r.getMessage()]
        assert len(warned) == 1 and "FriBiDi" in warned[0].getMessage()
        assert bot.handlers is not None  # started all the same
    finally:
        monkeypatch.undo()
        fonts.shaping.cache_clear()


async def test_a_bot_that_shapes_names_says_nothing_of_it(launch: Launch, caplog: pytest.LogCaptureFixture) -> None:
    if not fonts.shaping():
        pytest.skip("Pillow here has no Raqm (FriBiDi missing)")
    with caplog.at_level(logging.WARNING, logger="ludo_bot.bot.app"):
        await launch()
    assert not [r for r in caplog.records if "unshaped" in r.getMessage()]


async def test_the_bot_says_nothing_of_voice_it_never_uses(launch: Launch, caplog: pytest.LogCaptureFixture,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # as in a fresh process without PyNaCl and davey (discord.py warns once a process, at a client's creation)
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING, logger="discord"):
        await launch()
    assert not [r.getMessage() for r in caplog.records if "voice" in r.getMessage()]
