"""Replays through Discord: the Replay button and /ludo replay send the GIF drawn once for everyone; a replay waiting
to be drawn holds none of the slots the clicks on games share, so games play on at full speed meanwhile."""

from __future__ import annotations

import threading

import pytest

from ludo_bot.playground.standin import StandIn
from ludo_bot.service import GameRecord, replays
from tests.bot.conftest import Launch
from tests.bot.helpers import finished_game, settle, start_game, to_act


async def test_replays_waiting_to_be_drawn_hold_no_click_slot(standin: StandIn, launch: Launch,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    bot = await launch(max_concurrent_clicks=2)
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await finished_game(standin, bot, alice)
    final = next(m for m in standin.messages(standin.channel) if "Replay" in m.labels())
    live = await start_game(standin, bot, alice, (bob,), channel=standin.add_channel(standin.guild, "table"))
    assert live is not None
    held, real = threading.Event(), replays.draw

    def slow(record: GameRecord, lang: str, named: tuple[int, ...] = ()) -> bytes:
        held.wait(10.0)  # a long game on a busy machine
        return real(record, lang, named)

    monkeypatch.setattr(replays, "draw", slow)
    asked = [await standin.click(standin.add_user(f"fan{n}"), final, label="Replay") for n in range(6)]
    for record in asked:
        assert (await record.response()).deferred  # "thinking...", privately
    clicked = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
    response = await clicked.response()
    assert not response.deferred and not response.ephemeral  # answered at once: a slot was free
    held.set()
    for record in asked:
        gif = (await record.wait_followup(timeout=10.0)).attachments[0]
        assert gif.data.startswith(b"GIF8")
    await settle(bot)
