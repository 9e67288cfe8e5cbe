"""The fault proxy that the worker, claim and fuzz tests put between the bot and Redis: it forwards faithfully,
injects error replies in order, swallows replies after the write landed, and cuts connections."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis.exceptions

from ludo_bot.storage.client import Redis, make_client
from tests.conftest import LOCAL_CLUSTER
from tests.faultproxy import READONLY, FaultProxy

pytestmark = pytest.mark.skipif(LOCAL_CLUSTER, reason="the proxy stands in front of one server, not a cluster")


@pytest.fixture
async def proxied(redis_url: str, redis_client: Redis) -> AsyncIterator[tuple[FaultProxy, Redis]]:
    proxy = FaultProxy(redis_url)
    client = make_client(await proxy.start())
    try:
        yield proxy, client
    finally:
        await client.aclose()
        await proxy.close()


async def test_forwards_commands_and_pipelines(proxied: tuple[FaultProxy, Redis], redis_client: Redis) -> None:
    proxy, client = proxied
    await client.set("ludo:t:a", "1")
    async with client.pipeline(transaction=True) as pipe:
        pipe.incr("ludo:t:a")
        pipe.get("ludo:t:a")
        pipe.lrange("ludo:t:none", 0, -1)
        assert await pipe.execute() == [2, "2", []]
    assert await redis_client.get("ludo:t:a") == "2"
    assert proxy.forwarded >= 5


async def test_error_replies_keep_their_place(proxied: tuple[FaultProxy, Redis], redis_client: Redis) -> None:
    proxy, client = proxied
    proxy.fail(READONLY, commands={"SET"})
    with pytest.raises(redis.exceptions.ReadOnlyError):
        await client.set("ludo:t:b", "1")
    assert await client.get("ludo:t:b") is None          # reads still pass
    async with client.pipeline(transaction=False) as pipe:
        pipe.get("ludo:t:b")
        pipe.set("ludo:t:b", "2")
        pipe.get("ludo:t:b")
        results = await pipe.execute(raise_on_error=False)
    assert results[0] is None and isinstance(results[1], redis.exceptions.ReadOnlyError) and results[2] is None
    proxy.heal()
    await client.set("ludo:t:b", "3")
    assert await redis_client.get("ludo:t:b") == "3"


async def test_a_swallowed_reply_times_out_after_the_write_landed(proxied: tuple[FaultProxy, Redis],
                                                                  redis_client: Redis) -> None:
    proxy, client = proxied
    proxy.swallow(commands={"INCRBY"}, times=1)   # redis-py spells INCR as INCRBY
    # The client's one retry after the timeout runs the command a second time: both writes land.
    assert await client.incr("ludo:t:c") == 2
    assert proxy.swallowed == 1
    assert await redis_client.get("ludo:t:c") == "2"


async def test_cut_closes_connections_and_the_client_reconnects(proxied: tuple[FaultProxy, Redis]) -> None:
    proxy, client = proxied
    await client.set("ludo:t:d", "1")
    proxy.cut()
    assert await client.get("ludo:t:d") == "1"
