"""Playing through Discord: the real bot against the local stand-in, with a real Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import LudoBot
from bot.settings import BotSettings
from storage import Storage
from tests.bot.standin import BotRunner, Message, StandIn, User


@pytest.fixture
async def ludo(standin: StandIn, bots: BotRunner, storage: Storage) -> AsyncIterator[LudoBot]:
    bot = LudoBot(BotSettings(discord_token="x", ludo_data_dir="/tmp/ludo-test"), storage=storage)
    await bots.start(bot)
    await bot.tree.sync()
    yield bot
    await bots.stop(bot)  # before the storage fixture flushes Redis under a bot still at work


def game_message(standin: StandIn) -> Message:
    return next(m for m in reversed(standin.messages(standin.channel)) if "board.png" in
                {a.filename for a in m.attachments})


async def test_start_join_and_play_a_first_roll(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    started = await standin.slash(alice, standin.channel, "ludo", "start", options={"preset": "classic", "seats": 2})
    lobby = await started.result()
    assert lobby is not None and "Ludo lobby" in lobby.content and "Join" in lobby.labels()
    joined = await standin.click(bob, lobby, label="Join")
    assert (await joined.result()) is not None
    assert f"<@{bob.id}>" in standin.messages(standin.channel)[0].content
    await (await standin.click(alice, lobby, label="Start")).result()
    board = await standin.wait_for_message(standin.channel, lambda m: bool(m.attachments), include_existing=True)
    assert board.labels() == ["Roll"]
    mover: User = alice if f"<@{alice.id}>" in board.content.split("It is ")[1] else bob
    assert board in standin.notifications(mover)
    rolled = await standin.click(mover, board, label="Roll")
    await rolled.result()
    after = await standin.wait_for_message(standin.channel, lambda m: "rolled" in m.content, include_existing=True)
    assert "rolled" in after.content
