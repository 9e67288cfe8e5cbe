"""The Redis client: tight timeouts and bounded retries, and the translation of connection failures
into `StorageUnavailable`.

A dead server (refused connection), an unreachable host or a silent one (accepts, never answers) is
reported within about one second: connect and read timeouts of 0.4 s, one retry after 20 ms, and an
overall limit of 0.9 s per storage call (`OPERATION_TIMEOUT`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ConstantBackoff
from redis.exceptions import BusyLoadingError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from storage.errors import StorageUnavailable

CONNECT_TIMEOUT = 0.4
READ_TIMEOUT = 0.4
RETRIES = 1
RETRY_BACKOFF = 0.02
OPERATION_TIMEOUT = 0.9

Redis = aioredis.Redis


def make_client(url: str, *, max_connections: int = 64) -> Redis:
    """A redis-py asyncio client for `url` (redis://, rediss://, unix://; the DB number is honoured).

    Its pool holds up to `max_connections`; more concurrent calls wait for a free connection (within
    the operation timeout) rather than fail."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=max_connections,
        timeout=OPERATION_TIMEOUT,
        socket_connect_timeout=CONNECT_TIMEOUT,
        socket_timeout=READ_TIMEOUT,
        retry=Retry(ConstantBackoff(RETRY_BACKOFF), RETRIES),
        retry_on_timeout=True,
        health_check_interval=0,
        decode_responses=True,
    )
    return aioredis.Redis.from_pool(pool)


@asynccontextmanager
async def guard(what: str, timeout: float = OPERATION_TIMEOUT) -> AsyncIterator[None]:
    """Run a storage step: connection failures and timeouts become `StorageUnavailable`."""
    try:
        async with asyncio.timeout(timeout):
            yield
    except (RedisConnectionError, RedisTimeoutError, BusyLoadingError, OSError, TimeoutError) as error:
        raise StorageUnavailable(f"Redis is unavailable ({what}): {error or type(error).__name__}") from error
