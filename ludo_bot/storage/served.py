"""What the Redis server served, counted on the server for the benchmarks: the commands clients sent (MONITOR,
without the commands scripts run inside) and the requests it read (`total_reads_processed` of INFO stats: one per
round trip, a pipeline's commands arriving together). One server only (a cluster has no single MONITOR)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from types import TracebackType
from typing import Any

import redis.asyncio as aioredis

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard

BACKGROUND_KEYS = frozenset({keys.PROCESSES, keys.DEADLINES_DUE, keys.DEADLINES_CLAIMS, keys.ALERT_CLAIMS})


class Served:
    """Counts while open (`async with Served(redis) as served: ... await served.tally()`)."""

    def __init__(self, redis: Redis) -> None:
        if not isinstance(redis, aioredis.Redis):
            raise TypeError("served commands are counted on one Redis server, not a cluster")
        self.redis = redis
        self.commands = 0
        self.background = 0  # of them, the process beats' (with their registry trims) and the deadline and alert
        # workers', until the last tally's mark
        self._background = 0  # ... as they come
        self._tallies = 0
        self._marks: dict[str, asyncio.Future[tuple[int, int]]] = {}
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    async def __aenter__(self) -> Served:
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._listening.wait(), 5.0)
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _listen(self) -> None:
        # a client of its own without the read timeout (MONITOR waits for the next command however long)
        options = {**self.redis.connection_pool.connection_kwargs, "socket_timeout": None}
        pool = aioredis.ConnectionPool(connection_class=self.redis.connection_pool.connection_class, **options)
        client = aioredis.Redis.from_pool(pool)
        try:
            async with client.monitor() as monitor:
                self._listening.set()
                async for entry in monitor.listen():
                    self._seen(entry)
        finally:
            await client.aclose()

    def _seen(self, entry: dict[str, Any]) -> None:
        if entry.get("client_type") == "lua":
            return  # run by a script: part of the client's one command
        self.commands += 1
        words = str(entry.get("command", "")).split()
        if any(word in BACKGROUND_KEYS or word.startswith(keys.REGISTRY_PREFIX) for word in words[1:4]):
            self._background += 1
        if len(words) == 2 and words[0].upper() == "ECHO" and words[1] in self._marks:
            self._marks[words[1]].set_result((self.commands, self._background))

    async def tally(self) -> tuple[int, int]:
        """(commands clients sent, requests the server read) since the server started, not counting the
        tallies' own; `background` as of then too. The mark that ends the commands counted and the count of
        requests read are one transaction, so that no other client's command (a beat) falls between them."""
        mark = "served-" + secrets.token_hex(4)
        seen = self._marks[mark] = asyncio.get_running_loop().create_future()
        async with guard("tally", timeout=10.0):
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.echo(mark)
                pipe.info("stats")
                _, info = await pipe.execute()
            commands, self.background = await seen  # every command up to the mark is counted
        del self._marks[mark]
        self._tallies += 1
        # the tallies' own: one request read each; this one's MULTI and ECHO, and each earlier one's MULTI, ECHO,
        # INFO and EXEC
        return commands - (4 * self._tallies - 2), int(info["total_reads_processed"]) - self._tallies
