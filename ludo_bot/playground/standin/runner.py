"""Starting discord.py clients against a StandIn, and checking they leave nothing behind.

`BotRunner.start(client)` runs `client.start(token)` in a task and returns once the client is ready (every
shard it runs got READY and its guilds). Closing checks for: the client task's exception, tasks the client left
running, "Unclosed client session"-style loop errors, and ERROR logs from discord.py (exceptions in commands,
views and event handlers are only logged by discord.py, so a test would otherwise pass while the bot failed).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import discord

from .server import StandIn

C = TypeVar("C", bound=discord.Client)


class _ListHandler(logging.Handler):
    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """Replaces discord.py's default before_identify_hook, which sleeps 5 s before every non-initial IDENTIFY."""
    return None


def _is_server_task(task: asyncio.Task[Any]) -> bool:
    coro = task.get_coro()
    name = getattr(coro, "__qualname__", "")
    return name.startswith(("RequestHandler.", "StandIn.", "Gateway.", "BaseRequestHandler.",
                            "FaultProxy."))  # (tests/faultproxy.py: a Redis in front of which bots may run)


@dataclass(eq=False)
class RunningBot(Generic[C]):
    client: C
    task: asyncio.Task[None]
    closed: bool = False

    async def close(self, timeout: float = 10.0) -> None:
        """Close the client and wait for its `start()` task to finish; re-raise what it raised."""
        if self.closed:
            return
        self.closed = True
        await self.client.close()
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except TimeoutError:
            self.task.cancel()
            raise AssertionError(f"{self.client!r} did not stop within {timeout} s of close()") from None


@dataclass(eq=False)
class BotRunner:
    standin: StandIn
    ready_timeout: float = 10.0
    guild_ready_timeout: float = 0.05
    """discord.py waits this long after the last GUILD_CREATE before READY (its default, 2 s, slows tests)."""
    error_loggers: Iterable[str] = ("discord",)
    running: list[RunningBot[Any]] = field(default_factory=list)
    logged_errors: list[logging.LogRecord] = field(default_factory=list)
    loop_errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._baseline = set(asyncio.all_tasks())
        self._handler = _ListHandler(self.logged_errors)
        for name in self.error_loggers:
            logging.getLogger(name).addHandler(self._handler)
        self._loop = asyncio.get_running_loop()
        self._old_handler = self._loop.get_exception_handler()
        self._loop.set_exception_handler(self._on_loop_error)

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.loop_errors.append(f"{context.get('message')}: {context.get('exception') or context.get('task') or ''}")
        if self._old_handler is not None:
            self._old_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    async def start(self, client: C, *, timeout: float | None = None) -> C:
        """Start `client` against the stand-in; return it once ready. Shards: build the client with
        shard_id/shard_count (Client, Bot) or shard_ids/shard_count (AutoShardedClient)."""
        client._connection.guild_ready_timeout = self.guild_ready_timeout
        client.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
        task = asyncio.create_task(client.start(self.standin.token), name=f"bot-start:{id(client):x}")
        handle: RunningBot[C] = RunningBot(client, task)
        self.running.append(handle)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.ready_timeout)
        while not client.is_ready():
            if task.done():
                error = task.exception()
                raise AssertionError(f"{client!r} stopped before READY: {error!r}") from error
            if loop.time() > deadline:
                await handle.close()
                raise AssertionError(f"{client!r} not ready within {timeout or self.ready_timeout} s; "
                                     f"sessions: {self.standin.sessions(connected=False)}")
            await asyncio.sleep(0.005)
        return client

    def handle(self, client: discord.Client) -> RunningBot[Any]:
        for running in self.running:
            if running.client is client:
                return running
        raise LookupError(f"{client!r} was not started by this runner")

    async def stop(self, client: discord.Client) -> None:
        """Close one client (e.g. to restart the bot with a new object)."""
        await self.handle(client).close()

    def take_logged_errors(self) -> list[logging.LogRecord]:
        taken = list(self.logged_errors)
        self.logged_errors.clear()
        return taken

    async def close_all(self) -> list[str]:
        """Close every client; return the problems found (empty when everything shut down cleanly)."""
        problems: list[str] = []
        for running in reversed(self.running):
            try:
                await running.close()
            except Exception as exc:  # report every bot, not just the first
                problems.append(f"{running.client!r}: {exc!r}")
            if running.task.done() and not running.task.cancelled() and running.task.exception() is not None:
                problems.append(f"{running.client!r} start() raised {running.task.exception()!r}")
        current = asyncio.current_task()
        leaked: list[asyncio.Task[Any]] = []
        for _ in range(200):
            leaked = [t for t in asyncio.all_tasks() if t not in self._baseline and t is not current
                      and not t.done() and not _is_server_task(t)]
            if not leaked:
                break
            await asyncio.sleep(0.01)
        problems.extend(f"task left running after close: {t!r}" for t in leaked)
        gc.collect()
        await asyncio.sleep(0)
        problems.extend(f"event loop error: {e}" for e in self.loop_errors)
        problems.extend(f"logged by {r.name}: {r.getMessage()}" + (f" ({r.exc_info[1]!r})" if r.exc_info else "")
                        for r in self.logged_errors)
        for name in self.error_loggers:
            logging.getLogger(name).removeHandler(self._handler)
        self._loop.set_exception_handler(self._old_handler)
        return problems
