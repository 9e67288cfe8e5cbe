"""The Redis client: tight timeouts and bounded retries, and the translation of connection failures
into `StorageUnavailable`.

The URL chooses the client. One server: ``redis://``, ``rediss://`` (TLS) or ``unix://``, as redis-py reads
them (the DB number is honoured). A Redis Cluster: the same URL with ``+cluster`` in the scheme and the
startup nodes, comma-separated, where the host goes:

    redis+cluster://[user:password@]host:port[,host:port...][?option=value...]    (rediss+cluster:// for TLS)

The client learns the whole cluster from any one startup node that answers; list more than one so that a
node being down does not stop a start. A cluster has only database 0, so there is no DB number.

A dead server (refused connection), an unreachable host or a silent one (accepts, never answers) is
reported within about one second: connect and read timeouts of 0.4 s, one retry after 20 ms, and an
overall limit of 0.9 s per storage call (`OPERATION_TIMEOUT`). The same holds for a cluster's nodes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, ClusterPipeline, RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import ConstantBackoff
from redis.exceptions import ClusterError, DataError, OutOfMemoryError, RedisClusterException, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from ludo_bot.storage.errors import CorruptRecord, StorageFull, StorageUnavailable
from ludo_bot.storage.roundtrips import TEMPORARY_REPLIES, ObservedRedis, RoundTrips, error_kind

CONNECT_TIMEOUT = 0.4
READ_TIMEOUT = 0.4
RETRIES = 1
RETRY_BACKOFF = 0.02
OPERATION_TIMEOUT = 0.9
# Redis 7 answers a write at maxmemory with an OOM error; 6.2 wraps it in a script's error ("... -OOM command ...")
_OUT_OF_MEMORY = "OOM command not allowed"

CLUSTER_SCHEMES = ("redis+cluster", "rediss+cluster")
Redis = aioredis.Redis | RedisCluster


def round_trips(redis: Redis) -> RoundTrips:
    """The hooks of a client made by `make_client`."""
    found = getattr(redis, "round_trips", None)
    if not isinstance(found, RoundTrips):
        raise TypeError("round trips are observed on clients made by storage.client.make_client")
    return found


def is_cluster_url(url: str) -> bool:
    """True for a ``redis+cluster://`` or ``rediss+cluster://`` URL."""
    return url.partition("://")[0].lower() in CLUSTER_SCHEMES


def make_client(url: str, *, max_connections: int = 64) -> Redis:
    """A redis-py asyncio client for `url` (see the module's text): a `RedisCluster` for a cluster URL.

    Its pool holds up to `max_connections` (per node on a cluster). With one server, more concurrent calls
    wait for a free connection (within the operation timeout) rather than fail."""
    if is_cluster_url(url):
        return _make_cluster_client(url, max_connections)
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
    pool.connection_class = packing(pool.connection_class)
    client = cast(ObservedRedis, ObservedRedis.from_pool(pool))
    client.round_trips = RoundTrips()
    return client


def packing(base: type[AbstractConnection]) -> type[AbstractConnection]:
    """`base` (the connection class a URL chose) writing commands with hiredis's packer where hiredis is installed.
    redis-py's asyncio connections pack every command in Python, one `Encoder.encode` and one joined copy of the
    growing buffer per argument (its own synchronous client uses hiredis's); a game's save carries about 40
    arguments: 31 us a save in Python against 5.5 us in hiredis, the same bytes (`tests/storage/test_client.py`)."""
    try:
        from hiredis import pack_command
    except ImportError:  # pragma: no cover - hiredis is a dependency; redis-py's own packer then
        return base

    class Packed(base):  # type: ignore[valid-type,misc]  # (a class chosen at run time)
        def pack_command(self, *args: Any) -> list[bytes]:
            first = args[0]  # a command name given with its subcommand ("CLIENT PAUSE") goes as two arguments
            head = tuple(first.encode().split() if isinstance(first, str) else first.split())
            rest = tuple(bytes(a) if isinstance(a, (bytearray, memoryview)) else a for a in args[1:])
            try:
                return [pack_command(head + rest)]
            except TypeError as error:  # (None, a list...: what redis-py's encoder refuses too)
                raise DataError(str(error)) from error

    Packed.__name__ = Packed.__qualname__ = f"Packed{base.__name__}"
    return Packed


class ClusterClient(RedisCluster):
    """A `RedisCluster` whose calls wait for a connection, as `BlockingConnectionPool` does for one server:
    redis-py's cluster nodes raise `MaxConnectionsError` instead. At most `max_connections` calls (a command
    or a pipeline, each one connection per node at most) run at once."""

    def __init__(self, *, max_connections: int, **kwargs: Any) -> None:
        super().__init__(max_connections=max_connections, **kwargs)
        self.in_flight = asyncio.Semaphore(max_connections)
        self._learning = asyncio.Lock()
        self.round_trips = RoundTrips()

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Hold one of the `max_connections` places. While the client has no slot map (at first, after a
        failure) one call reads it and the others wait: redis-py 8 breaks connections when many race to."""
        async with self.in_flight:
            if self._initialize:
                async with self._learning:
                    if self._initialize:
                        await self.initialize()
            yield

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with self.turn():
            return await self.round_trips.timed(str(args[0]).upper(), super().execute_command(*args, **kwargs))

    def pipeline(self, transaction: bool | None = None, shard_hint: None = None) -> ClusterPipeline:
        return _WaitingPipeline(self, transaction)  # type: ignore[abstract]  # redis-py's typing, not its code


class _WaitingPipeline(ClusterPipeline):
    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> list[Any]:
        assert isinstance(self.cluster_client, ClusterClient)
        async with self.cluster_client.turn():
            return await self.cluster_client.round_trips.timed(
                "PIPELINE", super().execute(raise_on_error, allow_redirections))


def _make_cluster_client(url: str, max_connections: int) -> ClusterClient:
    # redis-py reads one host per URL: the first node goes through its URL parser (credentials, TLS,
    # options), the others become further startup nodes
    parts = urlsplit(url)
    credentials, at, hosts = parts.netloc.rpartition("@")
    first, *others = hosts.split(",")
    single = urlunsplit((parts.scheme.lower().removesuffix("+cluster"), credentials + at + first, parts.path,
                         parts.query, ""))
    # the same timeouts and retry as one server's; a failed node call is retried once after the client
    # re-reads the slot map (so a moved slot or a failed-over node is found)
    return cast(ClusterClient, ClusterClient.from_url(
        single, startup_nodes=[ClusterNode(*_host_port(node)) for node in others], max_connections=max_connections,
        socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=READ_TIMEOUT,
        retry=Retry(ConstantBackoff(RETRY_BACKOFF), RETRIES), health_check_interval=0, decode_responses=True))


def _host_port(node: str) -> tuple[str, int]:
    host, colon, port = node.rpartition(":")
    return (host.strip("[]"), int(port)) if colon else (node, 6379)


@asynccontextmanager
async def guard(what: str, timeout: float = OPERATION_TIMEOUT, *, key: str | None = None) -> AsyncIterator[None]:
    """Run a storage step: connection failures, timeouts and the error replies of a server that cannot serve it now
    (`TEMPORARY_REPLIES`: a failover, a full disk, loading) become `StorageUnavailable`, a write refused at
    maxmemory `StorageFull` (a kind of it); another error reply from Redis becomes `CorruptRecord` naming `key` (the
    step's key holds something it cannot read: a wrong type, a script refusing its content), or passes unchanged
    without a `key`."""
    try:
        async with asyncio.timeout(timeout):
            yield
    except ResponseError as error:
        if isinstance(error, OutOfMemoryError) or _OUT_OF_MEMORY in str(error):
            raise StorageFull(f"Redis is full ({what}, OOM): maxmemory reached, writes are refused") from error
        kind = error_kind(error)
        if kind in TEMPORARY_REPLIES:
            raise StorageUnavailable(f"Redis cannot serve this now ({what}, {kind}): {error}") from error
        if key is None:
            raise
        raise CorruptRecord(key, str(error)) from error
    except (RedisConnectionError, RedisTimeoutError, ClusterError, RedisClusterException, OSError,
            TimeoutError) as error:
        raise StorageUnavailable(f"Redis is unavailable ({what}, {error_kind(error)}): {error or type(error).__name__}"
                                 ) from error
