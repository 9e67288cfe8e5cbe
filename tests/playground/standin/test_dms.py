"""The stand-in's direct messages, as Discord answers them: opening a DM channel (POST /users/@me/channels) and
posting in it, the refusals a bot cannot foresee (code 50007, per user: their settings, or they blocked the bot),
the request bodies held to the OpenAPI description, and the channel's rate limit (5 messages per 5 s)."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord
import pytest

from ludo_bot.playground.standin import BotRunner, BucketSpec, StandIn


@asynccontextmanager
async def raw(standin: StandIn) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession(base_url=standin.base_url + "/", headers=headers) as session:
        yield session


async def open_dm(standin: StandIn, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    async with raw(standin) as session, session.post("users/@me/channels", json=body) as answer:
        return answer.status, await answer.json()


@pytest.fixture
async def client(standin: StandIn, bots: BotRunner) -> discord.Client:
    return await bots.start(discord.Client(intents=discord.Intents.none()))


async def test_a_dm_reaches_its_user_and_notifies_them(standin: StandIn, client: discord.Client) -> None:
    alice = standin.add_user("alice")
    channel = await client.create_dm(discord.Object(alice.id))
    assert channel.recipient is not None and channel.recipient.id == alice.id
    sent = await channel.send("your turn", file=discord.File(io.BytesIO(b"\x89PNG\r\n\x1a\n"), "board.png"))
    (received,) = standin.direct_messages(alice)
    assert received.id == sent.id and received.content == "your turn" and received.guild_id is None
    assert received.notified == {alice.id} and standin.notifications(alice) == [received]
    status, again = await open_dm(standin, {"recipient_id": str(alice.id)})
    assert status == 200 and int(again["id"]) == channel.id  # one DM channel per user


async def test_dms_a_user_does_not_accept_are_refused_with_code_50007(standin: StandIn,
                                                                        client: discord.Client) -> None:
    closed, blocking = standin.add_user("closed"), standin.add_user("blocking")
    stranger = standin.add_user("stranger", join=False)  # shares no server with the bot
    closed.dms, blocking.dms = "closed", "blocked"
    for user in (closed, stranger):  # the channel opens; a message in it is refused
        channel = await client.create_dm(discord.Object(user.id))
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("your turn")
        assert (refused.value.status, refused.value.code) == (403, 50007)
        assert standin.direct_messages(user) == []
    with pytest.raises(discord.HTTPException) as blocked:  # a user who blocked the bot: the channel does not open
        await client.create_dm(discord.Object(blocking.id))
    assert (blocked.value.status, blocked.value.code) == (400, 50007)
    status, error = await open_dm(standin, {"recipient_id": "12345"})
    assert (status, error["code"], error["message"]) == (400, 50033, "Invalid Recipient(s)")
    assert standin.violations == []  # nothing a bot could have known before asking


async def test_a_dm_channel_body_is_held_to_the_openapi_description(standin: StandIn) -> None:
    status, error = await open_dm(standin, {"recipient_id": {"id": 1}})
    assert (status, error["code"]) == (400, 50035)
    (violation,) = standin.take_violations("schema")
    assert violation.route == "POST /api/v10/users/@me/channels"


async def test_messages_in_a_dm_channel_share_its_rate_limit(standin: StandIn, client: discord.Client) -> None:
    standin.buckets["channel_create"] = BucketSpec(2, 1.0)  # Discord's 5 per 5 s, shortened
    alice = standin.add_user("alice")
    channel = await client.create_dm(discord.Object(alice.id))
    async with raw(standin) as session:
        statuses = []
        for _ in range(3):
            async with session.post(f"channels/{channel.id}/messages", json={"content": "hi"}) as answer:
                statuses.append(answer.status)
    assert statuses == [200, 200, 429] and standin.rate_limited[-1].bucket == f"channel_create:{channel.id}"
    hits = len(standin.rate_limited)
    await asyncio.sleep(1.05)  # the window closes
    started = time.monotonic()
    for n in range(3):  # discord.py reads the headers and waits for the window instead
        await channel.send(f"message {n}")
    assert len(standin.rate_limited) == hits and time.monotonic() - started > 0.5
    assert len(standin.direct_messages(alice)) == 5
