"""A click's claim whose reply is lost after it landed: redis-py sends the command again (its reply timed out), and
the claim it finds is its own, so the click is answered and applied once instead of being dropped as another
process's."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import pytest

from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.storage import Storage, make_client, scripts
from ludo_bot.storage.client import READ_TIMEOUT
from tests.bot.conftest import Launch
from tests.bot.helpers import game_id_of, start_game
from tests.conftest import LOCAL_CLUSTER

LAG = READ_TIMEOUT + 0.6  # seconds a held reply is kept back: past the client's read timeout


class LosingProxy:
    """A TCP proxy in front of the Redis server. Armed with a marker, it forwards the next request that carries the
    marker (so it runs on the server) but holds its reply back past the client's read timeout and then drops the
    connection, as a reply lost on the network would be."""

    def __init__(self, url: str) -> None:
        self.upstream = urlsplit(url)
        self.armed: bytes | None = None
        self.held = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> str:
        """Serve on a free local port; the URL for clients."""
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        path = self.upstream.path if self.upstream.scheme == "redis" else "/0"
        return urlunsplit(("redis", f"127.0.0.1:{port}", path, "", ""))

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        while self._tasks:  # the connections' pumps and their handlers
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._tasks -= set(tasks)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        serving = asyncio.current_task()
        assert serving is not None
        self._tasks.add(serving)
        if self.upstream.scheme == "unix":
            up_reader, up_writer = await asyncio.open_unix_connection(self.upstream.path)
        else:
            up_reader, up_writer = await asyncio.open_connection(self.upstream.hostname, self.upstream.port)
        losing = asyncio.Event()

        async def requests() -> None:
            while data := await reader.read(65536):
                if self.armed is not None and self.armed in data:
                    self.armed = None
                    self.held += 1
                    losing.set()
                up_writer.write(data)
                await up_writer.drain()

        async def replies() -> None:
            while data := await up_reader.read(65536):
                if losing.is_set():
                    await asyncio.sleep(LAG)
                    return  # the reply is lost with the connection
                writer.write(data)
                await writer.drain()

        pumps = {asyncio.create_task(requests()), asyncio.create_task(replies())}
        self._tasks |= pumps
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
            self._tasks -= {*pumps, serving}
            for stream in (writer, up_writer):
                with contextlib.suppress(OSError):
                    stream.close()


@pytest.fixture
async def proxy(redis_url: str) -> AsyncIterator[LosingProxy]:
    losing = LosingProxy(redis_url)
    yield losing
    await losing.stop()


@pytest.fixture
async def proxied(proxy: LosingProxy) -> AsyncIterator[Storage]:
    """Storage through the proxy (requested after `bots` and before `launch`, it outlives the bots started on it
    and is gone when `bots` looks for tasks left running)."""
    through = Storage(make_client(await proxy.start()), retention=3600, lease=30.0)
    yield through
    await through.redis.aclose()


@pytest.mark.skipif(LOCAL_CLUSTER, reason="a cluster client finds its nodes by itself, past the proxy")
async def test_a_claim_whose_reply_was_lost_is_retried_as_its_own_and_the_click_applies_once(
        standin: StandIn, bots: BotRunner, proxy: LosingProxy, proxied: Storage, launch: Launch,
        storage: Storage) -> None:
    ludo = await launch(on=proxied)
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, auto_single=False)
    assert live is not None and live.labels()[0] == "Roll"
    game_id = game_id_of(live)
    before = await storage.games.load_game(game_id, with_log=True)
    proxy.armed = hashlib.sha1(scripts.CLAIM_CLICK.encode()).hexdigest().encode()  # the claim's EVALSHA

    record = await standin.click(alice, live, label="Roll")
    response = await record.response()  # answered (not dropped as a claim of another process)
    assert proxy.held == 1  # the first reply was lost: the claim was sent twice
    assert response.elapsed < 3.0 and not response.ephemeral, response.content
    after = await storage.games.load_game(game_id, with_log=True)
    assert after.log[:before.log_length + 1] == [*before.log, "R"]  # applied, once (the stand-in fails the
    # test on a second answer)
