"""Round trips to Redis, told to hooks (`RoundTripHook`, added with `Storage.observe`), and the kinds of error a
call meets (`error_kind`), which `storage.client.guard` translates.

Storage counts nothing itself: the bot's metrics (`bot.plumbing.metrics`) add a hook, so storage imports no metrics
library, and each client has hooks of its own (several bots in one test process do not mix their counts)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Any, Protocol, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import (
    BusyLoadingError,
    ClusterDownError,
    ClusterError,
    MasterDownError,
    NoScriptError,
    OutOfMemoryError,
    ReadOnlyError,
    RedisClusterException,
    ResponseError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

T = TypeVar("T")

# Error replies of a server that cannot serve the command now, whatever the record holds: a replica after a
# failover (READONLY, MASTERDOWN), a full disk (MISCONF), maxmemory (OOM), a restart reading its data (LOADING),
# a long script (BUSY), too few replicas (NOREPLICAS), a cluster moving or missing slots (TRYAGAIN, CLUSTERDOWN).
# Nothing was written: the step can be tried again later.
TEMPORARY_REPLIES = frozenset({"READONLY", "MASTERDOWN", "MISCONF", "OOM", "LOADING", "BUSY", "NOREPLICAS",
                               "TRYAGAIN", "CLUSTERDOWN"})
# redis-py takes the code off the replies it has an error class for
_CODE_OF: tuple[tuple[type[Exception], str], ...] = (
    (ReadOnlyError, "READONLY"), (MasterDownError, "MASTERDOWN"), (OutOfMemoryError, "OOM"),
    (BusyLoadingError, "LOADING"), (TryAgainError, "TRYAGAIN"), (ClusterDownError, "CLUSTERDOWN"),
    (NoScriptError, "NOSCRIPT"))
_IN_PIPELINE = "of pipeline caused error: "  # redis-py's words before the reply of a command in a pipeline


def error_kind(error: BaseException) -> str:
    """A short name for what a Redis call met: the error reply's code ("READONLY", "MISCONF", "OOM", "LOADING",
    "WRONGTYPE", "ERR", ...), "timeout", "connection", or "cancelled" (the step ran out of time, or shutdown)."""
    for kind, code in _CODE_OF:
        if isinstance(error, kind):
            return code
    if isinstance(error, ResponseError):
        reply = str(error).rpartition(_IN_PIPELINE)[2].lstrip("('\"")
        word = reply.split(" ", 1)[0]
        return word if word.isalpha() and word.isupper() else "ERR"
    if isinstance(error, (RedisTimeoutError, TimeoutError)):
        return "timeout"
    if isinstance(error, (RedisConnectionError, OSError, ClusterError, RedisClusterException)):
        return "connection"
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    return type(error).__name__


class RoundTripHook(Protocol):
    """Told of every round trip of a client made by `make_client` (see `Storage.observe`): the command ("EVALSHA",
    "HMGET", ...; "MULTI" for a transaction, "PIPELINE" for a pipeline), its seconds, and None or the
    `error_kind` it met. The metrics of the bot count through it; storage knows nothing of them."""

    def __call__(self, command: str, seconds: float, error: str | None) -> None: ...


class RoundTrips:
    """The hooks of one client, and the timing of its calls."""

    def __init__(self) -> None:
        self.hooks: list[RoundTripHook] = []

    async def timed(self, command: str, call: Awaitable[T]) -> T:
        if not self.hooks:
            return await call
        started = time.perf_counter()
        try:
            result = await call
        except BaseException as error:
            self._tell(command, started, error_kind(error))
            raise
        self._tell(command, started, None)
        return result

    def _tell(self, command: str, started: float, error: str | None) -> None:
        seconds = time.perf_counter() - started
        for hook in self.hooks:
            hook(command, seconds, error)


class _Pipeline(aioredis.client.Pipeline):
    round_trips: RoundTrips

    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        name = "MULTI" if self.is_transaction or self.explicit_transaction else "PIPELINE"
        return await self.round_trips.timed(name, super().execute(raise_on_error))


class ObservedRedis(aioredis.Redis):
    """One server's client, telling its `round_trips` hooks of every command and pipeline."""

    round_trips: RoundTrips

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        call = super().execute_command(*args, **options)  # type: ignore[no-untyped-call]  # (redis-py's typing)
        return await self.round_trips.timed(str(args[0]).upper(), call)

    def pipeline(self, transaction: bool = True, shard_hint: str | None = None) -> aioredis.client.Pipeline:
        pipe = _Pipeline(self.connection_pool, self.response_callbacks, transaction, shard_hint)
        pipe.round_trips = self.round_trips
        return pipe
