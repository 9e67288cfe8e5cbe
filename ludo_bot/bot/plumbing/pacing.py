"""The pace of this process's requests to Discord at the wire (see `bot.plumbing.outbox` for the calls themselves):
every request but interaction callbacks and the gateway waits in the `Gate` for a slot of the process's share of the bot
token's global limit (`Pacer`), most urgent first (`PRIORITY`), and the calls that answer nobody wait longer while
Discord refuses many (`bot.plumbing.refusals.RefusedCount`)."""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import time
from typing import Any

import aiohttp

from ludo_bot.bot.plumbing.refusals import BACKGROUND, RefusedCount

SEND, EDIT, DELETE = 0, 1, 2  # priorities: lower goes first
PRIORITY: contextvars.ContextVar[int] = contextvars.ContextVar("ludo_discord_priority", default=SEND)


class Pacer:
    """At most `rate` requests a second (bursts of up to `burst`), handed out by priority, then in order."""

    def __init__(self, rate: float, burst: float = 1.0) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self._tokens = self.burst
        self._stamp = time.monotonic()
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def within(cls, limit: float) -> Pacer:
        """A pacer that never passes more than 60 % of `limit` requests in any one second (a bucket lets
        `rate + burst` through in a second when it starts full). The rest is slack for requests that reach
        Discord bunched together (Discord counts them where they arrive, after queues on the way): with 85 % and
        75 %, the load benchmark's stand-in counted 55 and 50 in its busiest second. Bulk deletes make the lower
        rate cheap: old boards waiting in a channel go in one request."""
        return cls(rate=0.5 * limit, burst=max(1.0, 0.1 * limit))

    async def take(self, priority: int) -> None:
        """Wait for a slot."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._hand_out(), name="ludo-pacer")
        self._wake.set()
        await future

    async def _hand_out(self) -> None:
        while True:
            while not self._waiting:
                self._wake.clear()
                await self._wake.wait()
            now = time.monotonic()
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self.rate)
                continue
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():  # (a waiter cancelled meanwhile gives its slot to the next)
                future.set_result(None)
                self._tokens -= 1

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for _, _, future in self._waiting:
            future.cancel()
        self._waiting.clear()


class Gate:
    """Every request of this process but interaction callbacks and the gateway waits here for a slot of its share
    of the bot token's global limit (`Pacer.within`), at the priority its caller set in `PRIORITY`."""

    def __init__(self, limit: float) -> None:
        self.pacer = Pacer.within(limit)
        self.refused = RefusedCount()  # this process's 401/403/429 responses in 10 minutes

    def trace(self) -> aiohttp.TraceConfig:
        """The aiohttp trace config to give discord.py (`http_trace`)."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self._before)
        config.on_request_end.append(self._after)
        return config

    async def _before(self, session: aiohttp.ClientSession, context: Any,
                      params: aiohttp.TraceRequestStartParams) -> None:
        path = params.url.path
        if not path.startswith("/api/") or path.endswith("/callback"):  # the gateway; exempt callbacks
            return
        if (BACKGROUND.get() or PRIORITY.get() == DELETE) and "/webhooks/" not in path:  # answers nobody
            await self.refused.admit()
        await self.pacer.take(PRIORITY.get())

    async def _after(self, session: aiohttp.ClientSession, context: Any,
                     params: aiohttp.TraceRequestEndParams) -> None:
        if params.url.path.startswith("/api/"):
            self.refused.note(params.response.status)

    def close(self) -> None:
        self.pacer.close()
