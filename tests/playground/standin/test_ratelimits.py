"""The stand-in's rate limits: one test per bucket, each showing Discord's headers and 429 through raw requests, and
that a real discord.py client sent over the limit waits (before sending, or after a 429) and succeeds.

Buckets are lowered here (2 per 1 s and the like) to keep the tests short; the real numbers are in ratelimits.py.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.types.snowflake import SnowflakeList

from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.playground.standin.ratelimits import BucketSpec, Traffic
from ludo_bot.playground.standin.records import DISCORD_EPOCH_MS


@asynccontextmanager
async def raw(standin: StandIn, *, token: bool = True) -> AsyncIterator[aiohttp.ClientSession]:
    """Plain HTTP to the stand-in, with the bot's token."""
    headers = {"Authorization": f"Bot {standin.token}"} if token else {}
    async with aiohttp.ClientSession(base_url=standin.base_url + "/", headers=headers) as session:
        yield session


@asynccontextmanager
async def logged_in(standin: StandIn) -> AsyncIterator[discord.Client]:
    """A discord.py client with its REST half only (logged in, no gateway)."""
    client = discord.Client(intents=discord.Intents.none())
    await client.login(standin.token)
    try:
        yield client
    finally:
        await client.close()


def limit_headers(response: aiohttp.ClientResponse, limit: int, remaining: int, per: float) -> str:
    """Checks Discord's rate limit headers; returns the bucket hash."""
    headers = response.headers
    assert (headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]) == (str(limit), str(remaining))
    reset_after = float(headers["X-RateLimit-Reset-After"])
    assert 0 < reset_after <= per + 0.001
    assert abs(float(headers["X-RateLimit-Reset"]) - (time.time() + reset_after)) < 0.25
    return headers["X-RateLimit-Bucket"]


async def too_many(response: aiohttp.ClientResponse, *, is_global: bool, per: float) -> float:
    """Checks a 429 the way discord.py reads it; returns retry_after."""
    assert response.status == 429 and response.content_type == "application/json"
    body = await response.json()
    assert body["message"] == "You are being rate limited." and body["code"] == 0 and body["global"] is is_global
    assert 0 < body["retry_after"] <= per + 0.001
    assert response.headers["Via"] == "1.1 google"  # without it discord.py takes the 429 for a Cloudflare ban
    assert response.headers["X-RateLimit-Scope"] == ("global" if is_global else "user")
    assert response.headers.get("X-RateLimit-Global") == ("true" if is_global else None)
    assert int(response.headers["Retry-After"]) >= body["retry_after"]
    return float(body["retry_after"])


def post(session: aiohttp.ClientSession, channel_id: int, content: str = "hi") -> Any:
    return session.post(f"channels/{channel_id}/messages", json={"content": content})


async def posted(session: aiohttp.ClientSession, channel_id: int, count: int) -> list[str]:
    """The ids of `count` new messages in a channel, posted one after the other."""
    ids = []
    for n in range(count):
        async with post(session, channel_id, f"{n}") as created:
            ids.append(str((await created.json())["id"]))
    return ids


async def test_channel_create_bucket(standin: StandIn) -> None:
    standin.buckets["channel_create"] = BucketSpec(2, 1.0)
    other = standin.add_channel(standin.guild, "other")
    async with raw(standin) as session:
        async with post(session, standin.channel.id) as first:
            bucket = limit_headers(first, 2, 1, 1.0)
        async with post(session, standin.channel.id) as second:
            assert limit_headers(second, 2, 0, 1.0) == bucket
        async with post(session, other.id) as elsewhere:  # one bucket per channel, one hash for all of them
            assert elsewhere.status == 200 and limit_headers(elsewhere, 2, 1, 1.0) == bucket
        async with post(session, standin.channel.id) as refused:
            retry_after = await too_many(refused, is_global=False, per=1.0)
            assert limit_headers(refused, 2, 0, 1.0) == bucket
        (hit,) = standin.rate_limited
        assert (hit.bucket, hit.is_global) == (f"channel_create:{standin.channel.id}", False)
        await asyncio.sleep(retry_after)
        async with post(session, standin.channel.id) as after:
            assert after.status == 200 and limit_headers(after, 2, 1, 1.0) == bucket
    assert len(standin.messages(standin.channel)) == 3


async def test_discord_py_waits_for_the_channel_create_bucket(standin: StandIn) -> None:
    standin.buckets["channel_create"] = BucketSpec(2, 0.5)
    async with logged_in(standin) as client:
        channel = client.get_partial_messageable(standin.channel.id)
        started = time.monotonic()
        for n in range(5):
            await channel.send(f"message {n}")
        elapsed = time.monotonic() - started
        assert "POST /channels/{channel_id}/messages" in client.http._bucket_hashes  # it read X-RateLimit-Bucket
    assert elapsed >= 1.0  # windows of 2: messages 1-2, 3-4 half a second later, 5 after another half
    assert standin.rate_limited == []  # it waited before sending: Remaining 0 was enough
    assert [m.content for m in standin.messages(standin.channel)] == [f"message {n}" for n in range(5)]


async def test_discord_py_retries_a_429_after_retry_after(standin: StandIn) -> None:
    """Two clients (two processes, say) share a channel's bucket; neither knows of the other's requests."""
    standin.buckets["channel_create"] = BucketSpec(2, 0.5)
    async with logged_in(standin) as one, logged_in(standin) as two:
        started = time.monotonic()
        await asyncio.gather(*(client.get_partial_messageable(standin.channel.id).send(f"{n}")
                               for n in range(3) for client in (one, two)))
        elapsed = time.monotonic() - started
    assert standin.rate_limited and all(not hit.is_global for hit in standin.rate_limited)
    assert len(standin.messages(standin.channel)) == 6 and elapsed >= 1.0


async def test_channel_edit_bucket(standin: StandIn) -> None:
    standin.buckets["channel_edit"] = BucketSpec(2, 1.0)
    async with raw(standin) as session:
        async with post(session, standin.channel.id) as created:
            message_id = (await created.json())["id"]
        url = f"channels/{standin.channel.id}/messages/{message_id}"
        async with session.patch(url, json={"content": "1"}) as first:
            bucket = limit_headers(first, 2, 1, 1.0)
        async with session.patch(url, json={"content": "2"}) as second:
            assert limit_headers(second, 2, 0, 1.0) == bucket
        async with session.patch(url, json={"content": "3"}) as refused:
            await too_many(refused, is_global=False, per=1.0)
    assert standin.message(int(message_id)).content == "2"
    assert standin.rate_limited[0].bucket == f"channel_edit:{standin.channel.id}"

    standin.rate_limited.clear()
    standin.buckets["channel_edit"] = BucketSpec(2, 0.5)  # new numbers, new windows
    async with logged_in(standin) as client:
        message = client.get_partial_messageable(standin.channel.id).get_partial_message(int(message_id))
        started = time.monotonic()
        for n in range(5):
            await message.edit(content=f"edit {n}")
        assert time.monotonic() - started >= 1.0
    assert standin.rate_limited == [] and standin.message(int(message_id)).content == "edit 4"


async def test_channel_delete_bucket(standin: StandIn) -> None:
    standin.buckets["channel_delete"] = BucketSpec(2, 1.0)
    standin.buckets["channel_create"] = BucketSpec(50, 1.0)
    async with raw(standin) as session:
        ids = [int(i) for i in await posted(session, standin.channel.id, 8)]
        url = f"channels/{standin.channel.id}/messages/"
        async with session.delete(url + str(ids[0])) as first:
            assert first.status == 204
            bucket = limit_headers(first, 2, 1, 1.0)
        async with session.delete(url + str(ids[1])) as second:
            assert limit_headers(second, 2, 0, 1.0) == bucket
        async with session.delete(url + str(ids[2])) as refused:
            await too_many(refused, is_global=False, per=1.0)
    assert not standin.message(ids[2]).deleted
    assert standin.rate_limited[0].bucket == f"channel_delete:{standin.channel.id}"

    standin.rate_limited.clear()
    standin.buckets["channel_delete"] = BucketSpec(2, 0.5)
    async with logged_in(standin) as client:
        channel = client.get_partial_messageable(standin.channel.id)
        started = time.monotonic()
        for message_id in ids[2:7]:
            await channel.get_partial_message(message_id).delete()
        assert time.monotonic() - started >= 1.0
    assert standin.rate_limited == [] and [m.id for m in standin.messages(standin.channel)] == ids[7:]


async def test_bulk_delete_bucket(standin: StandIn) -> None:
    standin.buckets["bulk_delete"] = BucketSpec(1, 0.5)
    standin.buckets["channel_create"] = BucketSpec(50, 1.0)
    async with raw(standin) as session:
        ids = await posted(session, standin.channel.id, 10)
        url = f"channels/{standin.channel.id}/messages/bulk-delete"
        async with session.post(url, json={"messages": ids[:2]}) as first:
            assert first.status == 204
            bucket = limit_headers(first, 1, 0, 0.5)
        async with session.post(url, json={"messages": ids[2:4]}) as refused:
            await too_many(refused, is_global=False, per=0.5)
            assert limit_headers(refused, 1, 0, 0.5) == bucket
        async with session.delete(f"channels/{standin.channel.id}/messages/{ids[2]}") as single:
            assert single.status == 204 and single.headers["X-RateLimit-Bucket"] != bucket  # a bucket of its own
    assert standin.rate_limited[0].bucket == f"bulk_delete:{standin.channel.id}"
    assert len(standin.messages(standin.channel)) == 7

    standin.rate_limited.clear()
    standin.buckets["bulk_delete"] = BucketSpec(1, 0.5)  # new windows
    async with logged_in(standin) as client:
        started = time.monotonic()
        for pair in (ids[3:5], ids[5:7], ids[7:9]):
            message_ids: SnowflakeList = list(pair)
            await client.http.delete_messages(standin.channel.id, message_ids)
        assert time.monotonic() - started >= 1.0
    assert standin.rate_limited == [] and [m.id for m in standin.messages(standin.channel)] == [int(ids[9])]


async def test_bulk_delete_follows_discords_rules(standin: StandIn) -> None:
    standin.buckets["bulk_delete"] = BucketSpec(50, 1.0)
    fortnight_ago = int((time.time() - 15 * 24 * 3600) * 1000) - DISCORD_EPOCH_MS
    async with raw(standin) as session:
        ids = []
        for n in range(2):
            async with post(session, standin.channel.id, f"{n}") as created:
                ids.append((await created.json())["id"])
        url = f"channels/{standin.channel.id}/messages/bulk-delete"
        async with session.post(url, json={"messages": ids[:1]}) as one:
            assert (one.status, (await one.json())["code"]) == (400, 50035)
        async with session.post(url, json={"messages": [ids[0], str(fortnight_ago << 22)]}) as old:
            assert (old.status, (await old.json())["code"]) == (400, 50034)
        bot_role = next(r for r in standin.guild.roles.values() if r.managed)
        bot_role.permissions &= ~(1 << 13)  # MANAGE_MESSAGES
        async with session.post(url, json={"messages": ids}) as forbidden:
            assert (forbidden.status, (await forbidden.json())["code"]) == (403, 50013)
    assert len(standin.take_violations("schema")) == 1  # Discord's description: 2 to 100 ids
    assert len(standin.take_violations("invalid-request")) == 1
    assert len(standin.take_violations("forbidden")) == 1
    assert len(standin.messages(standin.channel)) == 2


def chatty_bot(errors: list[Exception]) -> commands.Bot:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    ludo = app_commands.Group(name="ludo", description="Play Ludo")

    @ludo.command(name="ping", description="Answers pong")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong")

    @ludo.command(name="chatty", description="Defers, then sends six follow-ups")
    async def chatty(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        try:
            for n in range(6):
                await interaction.followup.send(f"follow-up {n}")
        except discord.HTTPException as exc:
            errors.append(exc)

    bot.tree.add_command(ludo)
    return bot


async def test_interaction_webhook_bucket(standin: StandIn, bots: BotRunner) -> None:
    standin.buckets["interaction_webhook"] = BucketSpec(2, 1.0)
    alice = standin.add_user("alice")
    errors: list[Exception] = []
    await bots.start(chatty_bot(errors))
    pinged = await standin.slash(alice, standin.channel, "ludo", "ping")
    other = await standin.slash(alice, standin.channel, "ludo", "ping")
    await pinged.response()
    await other.response()
    async with raw(standin, token=False) as session:
        url = f"webhooks/{standin.application_id}/{pinged.token}"
        async with session.post(url, params={"wait": "true"}, json={"content": "1"}) as first:
            bucket = limit_headers(first, 2, 1, 1.0)
        async with session.patch(url + "/messages/@original", json={"content": "2"}) as second:
            assert limit_headers(second, 2, 0, 1.0) == bucket  # follow-ups and edits share the bucket
        async with session.post(url, params={"wait": "true"}, json={"content": "3"}) as refused:
            await too_many(refused, is_global=False, per=1.0)
        async with session.post(f"webhooks/{standin.application_id}/{other.token}", params={"wait": "true"},
                                json={"content": "1"}) as elsewhere:
            assert limit_headers(elsewhere, 2, 1, 1.0) == bucket  # one bucket per interaction token
    (hit,) = standin.rate_limited
    assert hit.bucket == f"interaction_webhook:{pinged.token}" and len(pinged.followups) == 1

    standin.rate_limited.clear()
    standin.buckets["interaction_webhook"] = BucketSpec(2, 0.5)
    chatty = await standin.slash(alice, standin.channel, "ludo", "chatty")
    started = time.monotonic()
    await chatty.wait_followup(6, timeout=10.0)
    assert time.monotonic() - started >= 1.0  # 2 per half second: follow-ups 1-2, 3-4, 5-6
    assert errors == [] and standin.rate_limited == []
    assert [m.content for m in chatty.followups] == [f"follow-up {n}" for n in range(6)]


async def test_default_bucket_is_per_route_and_major_parameter(standin: StandIn) -> None:
    standin.buckets["default"] = BucketSpec(2, 1.0)
    other = standin.add_channel(standin.guild, "other")
    async with raw(standin) as session:
        for _ in range(2):
            async with session.get(f"channels/{standin.channel.id}") as fine:
                assert fine.status == 200
        async with session.get(f"channels/{standin.channel.id}") as refused:
            await too_many(refused, is_global=False, per=1.0)
            bucket = limit_headers(refused, 2, 0, 1.0)
        async with session.get(f"channels/{other.id}") as elsewhere:  # another channel, the same hash
            assert elsewhere.status == 200 and limit_headers(elsewhere, 2, 1, 1.0) == bucket
        async with session.post(f"channels/{standin.channel.id}/typing") as typing:  # another route: its own
            assert typing.status == 204 and limit_headers(typing, 2, 1, 1.0) != bucket
        for path in ("users/@me", "gateway/bot", "oauth2/applications/@me"):  # routes without a major parameter
            async with session.get(path) as alone:
                assert alone.status == 200 and alone.headers["X-RateLimit-Remaining"] == "1"
    assert [h.bucket for h in standin.rate_limited] == [f"GET /channels/{{channel_id}}:{standin.channel.id}"]


async def test_global_bucket(standin: StandIn) -> None:
    standin.buckets["global"] = BucketSpec(5, 1.0)
    standin.buckets["default"] = BucketSpec(100, 1.0)
    async with raw(standin) as session:
        mark = standin.traffic_mark()
        for _ in range(5):
            async with session.get(f"channels/{standin.channel.id}") as fine:
                assert fine.status == 200 and limit_headers(fine, 100, int(fine.headers["X-RateLimit-Remaining"]), 1)
        async with session.get(f"channels/{standin.channel.id}") as refused:
            await too_many(refused, is_global=True, per=1.0)
        async with session.get("users/@me") as other_route:  # the global bucket spans every route
            await too_many(other_route, is_global=True, per=1.0)
    assert [(h.bucket, h.is_global) for h in standin.rate_limited] == [("global", True)] * 2
    assert standin.max_global_per_second(mark) == 5  # refused requests took no token
    assert standin.request_counts(mark)["other"] == 7

    standin.rate_limited.clear()
    standin.buckets["global"] = BucketSpec(5, 0.5)
    async with logged_in(standin) as client:
        started = time.monotonic()
        channels = await asyncio.gather(*(client.http.get_channel(standin.channel.id) for _ in range(12)))
        elapsed = time.monotonic() - started
    assert [c["id"] for c in channels] == [str(standin.channel.id)] * 12
    assert standin.rate_limited and all(h.is_global for h in standin.rate_limited)  # learnt from 429s, then waited
    assert elapsed >= 0.5


async def test_callback_is_exempt_from_the_global_bucket(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    await bots.start(chatty_bot([]))
    standin.buckets["global"] = BucketSpec(2, 30.0)
    try:
        async with raw(standin) as session:
            for _ in range(2):
                async with session.get("users/@me") as fine:
                    assert fine.status == 200
            async with session.get("users/@me") as refused:
                await too_many(refused, is_global=True, per=30.0)
            mark = standin.traffic_mark()
            pinged = await standin.slash(alice, standin.channel, "ludo", "ping")
            assert (await pinged.response()).content == "pong"  # the callback went through an empty global bucket
            async with session.post(f"webhooks/{standin.application_id}/{pinged.token}",
                                    json={"content": "x"}) as followup:
                await too_many(followup, is_global=True, per=30.0)  # the interaction's webhook does count
    finally:
        standin.buckets["global"] = BucketSpec(50, 1.0)
    assert [h.route.split("/")[3] for h in standin.rate_limited] == ["users", "webhooks"]
    assert standin.request_counts(mark) == {"callback": 1, "channel_create": 0, "channel_edit": 0,
                                            "channel_delete": 0, "webhook": 1, "other": 0}
    assert standin.max_global_per_second(mark) == 0


async def test_request_counts_by_kind_since_a_mark(standin: StandIn) -> None:
    async with raw(standin) as session:
        async with post(session, standin.channel.id) as created:
            message_id = (await created.json())["id"]
        mark = standin.traffic_mark()
        url = f"channels/{standin.channel.id}/messages/{message_id}"
        async with session.patch(url, json={"content": "edited"}), session.delete(url):
            pass
        async with session.get(f"channels/{standin.channel.id}"):
            pass
    assert standin.request_counts()["channel_create"] == 1
    assert standin.request_counts(mark) == {"callback": 0, "channel_create": 0, "channel_edit": 1,
                                            "channel_delete": 1, "webhook": 0, "other": 1}
    assert standin.max_global_per_second(mark) == 3


def test_max_global_per_second_is_a_sliding_window() -> None:
    traffic = Traffic()
    for at in (0.0, 0.5, 0.9, 1.0, 1.2, 1.3, 1.4, 5.0):
        traffic.record(at, "other", True)
    traffic.record(1.35, "callback", False)  # exempt: not counted
    assert traffic.max_global_per_window() == 6  # 0.5 .. 1.4
    assert traffic.max_global_per_window(since=4) == 3  # from 1.2 on
    assert traffic.counts()["other"] == 8 and traffic.counts()["callback"] == 1


async def test_many_401_403_429_in_ten_minutes_is_a_violation(standin: StandIn) -> None:
    standin.invalid_request_limit = 3
    async with raw(standin, token=False) as session:
        for _ in range(4):
            async with session.get("users/@me") as unauthorized:
                assert unauthorized.status == 401
    (banned,) = standin.take_violations("invalid-requests")
    assert "more than 3 responses of 401, 403 or 429" in banned.detail
    assert len(standin.take_violations("unauthorized")) == 4


async def test_rate_limits_can_be_switched_off() -> None:
    async with StandIn(rate_limits=False, patch_discord=False) as standin, raw(standin) as session:
        for n in range(8):
            async with post(session, standin.channel.id, f"{n}") as created:
                assert created.status == 200 and "X-RateLimit-Remaining" not in created.headers
        assert standin.rate_limited == [] and standin.request_counts()["channel_create"] == 8
        assert standin.max_global_per_second() == 8  # still counted for the benchmarks
        assert not standin.violations


@pytest.mark.parametrize("bucket", ["channel_create", "channel_edit", "channel_delete", "interaction_webhook",
                                    "global", "bulk_delete"])
def test_buckets_default_to_discords_numbers(bucket: str) -> None:
    expected = {"channel_create": (5, 5.0), "channel_edit": (5, 5.0), "channel_delete": (5, 1.0),
                "interaction_webhook": (5, 2.0), "global": (50, 1.0), "bulk_delete": (1, 1.0)}[bucket]
    spec = StandIn(patch_discord=False).buckets[bucket]
    assert (spec.limit, spec.per) == expected
