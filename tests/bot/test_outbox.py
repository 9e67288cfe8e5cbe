"""The outbox: Discord calls outside interaction responses, paced, most urgent first, only the newest version of a
message sent. A real discord.py client against the stand-in."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from bot.outbox import DELETE, EDIT, SEND, Outbox, Pacer
from tests.bot.standin import BotRunner, Message, StandIn


@pytest.fixture
async def client(standin: StandIn, bots: BotRunner) -> discord.Client:
    return await bots.start(discord.Client(intents=discord.Intents.none()))


async def posted(outbox: Outbox, standin: StandIn, text: str) -> Message:
    sent = await outbox.send(standin.channel.id, content=text)
    return standin.message(sent.id)


def calls(standin: StandIn, method: str, since: int = 0) -> list[str]:
    return [r.path for r in standin.requests[since:] if r.method == method]


async def test_edits_waiting_for_one_message_are_sent_once_with_the_newest_version(
        standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client, Pacer(rate=50))
    message = await posted(outbox, standin, "v0")
    mark = len(standin.requests)
    done = [outbox.edit(standin.channel.id, message.id, lambda i=i: {"content": f"v{i}"}) for i in range(1, 11)]
    await asyncio.gather(*done)
    await outbox.drain(5.0)
    assert message.content == "v10"
    assert len(calls(standin, "PATCH", mark)) <= 2  # the first may be under way already; the rest became one
    await outbox.close(1.0)


async def test_a_delete_wins_over_edits_still_waiting(standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client, Pacer(rate=50))
    message = await posted(outbox, standin, "board")
    mark = len(standin.requests)
    outbox.edit(standin.channel.id, message.id, lambda: {"content": "newer"})
    outbox.delete(standin.channel.id, message.id)
    outbox.edit(standin.channel.id, message.id, lambda: {"content": "after the delete"})  # nothing to change now
    await outbox.drain(5.0)
    assert message.deleted and message.content in ("board", "newer")
    assert calls(standin, "DELETE", mark) and len(calls(standin, "PATCH", mark)) <= 1
    await outbox.close(1.0)


async def test_calls_are_paced_and_a_message_telling_someone_goes_before_deletes(
        standin: StandIn, client: discord.Client) -> None:
    outbox = Outbox(client, Pacer(rate=20, burst=1))
    boards = [await posted(outbox, standin, f"old {i}") for i in range(10)]
    await asyncio.sleep(0.2)  # the pacer's slots fill up again
    mark = len(standin.requests)
    started = time.monotonic()
    for board in boards:
        outbox.delete(standin.channel.id, board.id)
    turn = await outbox.send(standin.channel.id, content="your turn")
    await outbox.drain(5.0)
    elapsed = time.monotonic() - started
    order = [(r.method, r.at) for r in standin.requests[mark:]]
    assert all(board.deleted for board in boards) and standin.message(turn.id).content == "your turn"
    first_post = next(i for i, (method, _) in enumerate(order) if method == "POST")
    assert first_post <= 2, order  # ahead of most of the deletes queued before it
    assert elapsed >= 10 / 20 * 0.9  # 11 calls at 20 a second, bursts of one
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
