"""A member deletes a channel: a running client hears of it (CHANNEL_DELETE, THREAD_DELETE for its threads), as from
Discord, and every request to it is answered 404 Unknown Channel (code 10003)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from ludo_bot.playground.standin import BotRunner, StandIn


async def test_a_deleted_channel_and_its_threads_are_told_and_gone(standin: StandIn, bots: BotRunner) -> None:
    room = standin.add_channel(standin.guild, "doomed")
    thread = standin.add_thread(room, "a table")
    heard: list[int] = []

    class Client(discord.Client):
        async def on_guild_channel_delete(self, channel: Any) -> None:
            heard.append(channel.id)

        async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
            heard.append(payload.thread_id)

    client = await bots.start(Client(intents=discord.Intents(guilds=True)))
    assert client.get_channel(room.id) is not None
    await standin.delete_channel(room)
    for _ in range(100):  # (the client's events change nothing of the stand-in's to wait on)
        if len(set(heard)) == 2:
            break
        await asyncio.sleep(0.05)
    assert set(heard) == {room.id, thread.id} and client.get_channel(room.id) is None
    assert room not in standin.threads() and not standin.threads(room)
    for channel_id in (room.id, thread.id):
        with pytest.raises(discord.NotFound) as gone:
            await client.http.send_message(channel_id, params=discord.http.handle_message_parameters(content="hi"))
        assert gone.value.code == 10003
