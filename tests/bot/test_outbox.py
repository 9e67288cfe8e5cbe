"""The outbox and the gate: Discord calls outside interaction responses, most urgent first, only the newest version
of a message sent, paced at the wire under the bot token's global limit. A real discord.py client against the
stand-in (with Discord's rate limits)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest

from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.pacing import DELETE, EDIT, SEND, Gate, Pacer
from ludo_bot.playground.standin import BotRunner, Message, StandIn
from ludo_bot.playground.standin.ratelimits import BucketSpec
from ludo_bot.playground.standin.records import MANAGE_MESSAGES

LIMIT = 20.0  # requests a second the gated client may make (its share of a token's global limit)


@pytest.fixture
async def client(standin: StandIn, bots: BotRunner) -> AsyncIterator[discord.Client]:
    gate = Gate(LIMIT)
    yield await bots.start(discord.Client(intents=discord.Intents.none(), http_trace=gate.trace()))
    gate.close()


def content(text: str) -> Callable[[], dict[str, Any]]:
    """The fields of a message saying `text`, as the outbox takes them."""
    return lambda: {"content": text}


async def posted(outbox: Outbox, standin: StandIn, text: str) -> Message:
    sent = await outbox.send(standin.channel.id, lambda: {"content": text})
    return standin.message(sent.id)


def calls(standin: StandIn, method: str, since: int = 0) -> list[str]:
    return [r.path for r in standin.requests[since:] if r.method == method]


async def test_edits_waiting_for_one_message_are_sent_once_with_the_newest_version(
        standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client)
    message = await posted(outbox, standin, "v0")
    mark = len(standin.requests)
    done = [outbox.edit(standin.channel.id, message.id, content(f"v{i}")) for i in range(1, 11)]
    await asyncio.gather(*done)
    await outbox.drain(5.0)
    assert message.content == "v10"
    assert len(calls(standin, "PATCH", mark)) <= 2  # the first may be under way already; the rest became one
    await outbox.close(1.0)


async def test_a_delete_wins_over_edits_still_waiting(standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client)
    message = await posted(outbox, standin, "board")
    mark = len(standin.requests)
    outbox.edit(standin.channel.id, message.id, lambda: {"content": "newer"})
    outbox.delete(standin.channel.id, message.id)
    outbox.edit(standin.channel.id, message.id, lambda: {"content": "after the delete"})  # nothing to change now
    await outbox.drain(5.0)
    assert message.deleted and message.content in ("board", "newer")
    assert calls(standin, "DELETE", mark) and len(calls(standin, "PATCH", mark)) <= 1
    await outbox.close(1.0)


async def test_a_message_telling_someone_goes_before_deletes_and_calls_are_paced_under_the_limit(
        standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client)
    channels = [standin.add_channel(standin.guild, f"c{i}") for i in range(5)]
    boards = [standin.message((await outbox.send(c.id, content(f"old {i}"))).id)
              for c in channels for i in range(4)]  # (the request that empties a bucket sleeps out its window)
    await asyncio.sleep(1.0)  # a fresh second
    mark = standin.traffic_mark()
    requests = len(standin.requests)
    started = time.monotonic()
    for board in boards:
        outbox.delete(board.channel_id, board.id)
    turn = await outbox.send(standin.channel.id, lambda: {"content": "your turn"})
    await outbox.drain(10.0)
    elapsed = time.monotonic() - started
    methods = [r.method for r in standin.requests[requests:]]
    assert all(board.deleted for board in boards) and standin.message(turn.id).content == "your turn"
    assert methods.index("POST") <= 4, methods  # only the deletes already under way went before it
    assert standin.max_global_per_second(mark) <= 0.9 * LIMIT  # at the wire, whatever discord.py held back
    assert elapsed >= (len(boards) + 1 - 0.1 * LIMIT) / (0.8 * LIMIT) * 0.9
    assert not [hit for hit in standin.rate_limited if hit.is_global]  # (a route's 429 discord.py retries)
    await outbox.close(1.0)


async def test_a_429_caused_by_another_process_is_survived(standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client)
    standin.buckets["channel_create"] = BucketSpec(2, 1.0)
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession(headers=headers) as other:  # another process of the bot empties the bucket
        for i in range(2):
            async with other.post(f"{standin.base_url}/channels/{standin.channel.id}/messages",
                                  json={"content": f"other {i}"}) as answer:
                assert answer.status == 200
    sent = await outbox.send(standin.channel.id, lambda: {"content": "your turn"})  # a 429, and a second try
    assert standin.message(sent.id).content == "your turn"
    assert [hit.bucket for hit in standin.rate_limited if not hit.is_global]
    await outbox.close(1.0)


async def test_deletes_waiting_in_a_channel_go_out_as_one_bulk_delete_where_the_bot_may(
        standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client, in_flight=1)
    blocker = await outbox.send(standin.add_channel(standin.guild, "other").id, lambda: {"content": "x"})
    boards = [await posted(outbox, standin, f"old {i}") for i in range(4)]
    mark = len(standin.requests)
    outbox.edit(blocker.channel.id, blocker.id, lambda: {"content": "y"})  # under way while the deletes queue up
    for board in boards:
        outbox.delete(standin.channel.id, board.id, bulk=True)
    await outbox.drain(5.0)
    assert all(board.deleted for board in boards)
    deletes = [r.path for r in standin.requests[mark:] if r.method in ("DELETE", "POST")]
    assert len(deletes) <= 2 and any(path.endswith("/bulk-delete") for path in deletes), deletes
    await outbox.close(1.0)


async def test_without_manage_messages_the_deletes_go_one_at_a_time(standin: StandIn,
                                                                     client: discord.Client) -> None:
    outbox = Outbox(client, in_flight=1)
    bot_role = next(r for r in standin.guild.roles.values() if r.managed)
    bot_role.permissions &= ~MANAGE_MESSAGES
    blocker = await outbox.send(standin.add_channel(standin.guild, "other").id, lambda: {"content": "x"})
    boards = [await posted(outbox, standin, f"old {i}") for i in range(3)]
    outbox.edit(blocker.channel.id, blocker.id, lambda: {"content": "y"})
    for board in boards:  # the bot was told it may (its permissions changed since)
        outbox.delete(standin.channel.id, board.id, bulk=True)
    await outbox.drain(5.0)
    assert all(board.deleted for board in boards)
    standin.take_violations("forbidden")  # the refused bulk delete
    await outbox.close(1.0)


async def test_the_pacer_hands_out_by_priority_then_in_order() -> None:
    pacer = Pacer(rate=1000, burst=1)
    await pacer.take(SEND)  # spend the one token: the rest queue
    served: list[str] = []

    async def take(name: str, priority: int) -> None:
        await pacer.take(priority)
        served.append(name)

    await asyncio.gather(take("delete 1", DELETE), take("edit", EDIT), take("delete 2", DELETE), take("send", SEND))
    assert served == ["send", "edit", "delete 1", "delete 2"]
    pacer.close()
