"""Redis down, silent or restarted: clear errors within a second, nothing lost, nothing half-written."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from ludo_bot.storage import Storage, StorageUnavailable, WriteUncertain, check_replay, keys, make_client
from ludo_bot.storage.errors import StorageFull
from ludo_bot.storage.server import EmbeddedRedis
from tests.conftest import needs_embedded
from tests.storage.conftest import fresh_game, next_move, play_moves


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_unreachable_port_is_reported_fast() -> None:
    client = make_client(f"redis://127.0.0.1:{free_port()}/0")
    store = Storage(client)
    try:
        started = time.monotonic()
        with pytest.raises(StorageUnavailable):
            await store.games.load_game("anything")
        assert time.monotonic() - started < 1.0
    finally:
        await client.aclose()


async def test_silent_server_is_reported_within_a_second() -> None:
    """A server that accepts connections and never answers (a hung Redis)."""
    held: list[asyncio.StreamWriter] = []

    async def hang(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hang, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    client = make_client(f"redis://127.0.0.1:{port}/0")
    store = Storage(client)
    try:
        for attempt in (store.games.load_game("x"), store.games.save_game(fresh_game().model_copy(
                update={"version": 1}), ["R"]), store.claim_interaction(1)):
            started = time.monotonic()
            with pytest.raises(StorageUnavailable):
                await attempt
            assert time.monotonic() - started < 1.0
    finally:
        await client.aclose()
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()


@pytest.fixture
async def own_server(tmp_path: Path) -> AsyncIterator[tuple[EmbeddedRedis, Storage]]:
    """An embedded server of the test's own (it gets stopped), with its stores."""
    server = EmbeddedRedis(tmp_path / "data")
    client = make_client(await asyncio.to_thread(server.start))
    try:
        yield server, Storage(client)
    finally:
        await client.aclose()
        await asyncio.to_thread(server.stop)


@needs_embedded
@pytest.mark.parametrize("how", ["stop", "kill"])
async def test_restart_keeps_the_game_and_its_log(own_server: tuple[EmbeddedRedis, Storage], how: str) -> None:
    server, store = own_server
    game = await store.games.create_game(fresh_game(seed=3))
    played = await play_moves(store, game, 60, seed=8)
    if how == "stop":
        await asyncio.to_thread(server.stop)  # clean shutdown
    else:
        server.kill()  # crash: the append-only file has every acknowledged write
    await asyncio.to_thread(server.start)
    stored = await store.games.load_game(game.id, with_log=True)
    assert stored.version == played.version and stored.log_length == played.log_length == 60
    assert stored.state == played.state
    check_replay(stored)
    assert await store.games.channel_game(game.channel_id) == game.id
    data = Path(server.data_dir)
    assert (data / "appendonly.aof").exists()


@needs_embedded
async def test_server_down_then_back(own_server: tuple[EmbeddedRedis, Storage]) -> None:
    server, store = own_server
    game = await store.games.create_game(fresh_game(seed=4))
    played = await play_moves(store, game, 10)
    new, texts = next_move(played, random.Random(9))
    await asyncio.to_thread(server.stop)
    for attempt in (store.games.save_game(new, texts), store.games.load_game(game.id), store.ping()):
        started = time.monotonic()
        with pytest.raises(StorageUnavailable):
            await attempt
        assert time.monotonic() - started < 1.0
    await asyncio.to_thread(server.start)
    stored = await store.games.load_game(game.id, with_log=True)
    assert stored.version == played.version and stored.log_length == 10  # the failed save left nothing
    check_replay(stored)
    assert (await store.games.save_game(new, texts)).version == played.version + 1


@needs_embedded
async def test_server_hangs_mid_save(own_server: tuple[EmbeddedRedis, Storage]) -> None:
    """The server stops answering while a save is in flight: the save is whole or absent, never half."""
    server, store = own_server
    game = await store.games.create_game(fresh_game(seed=5))
    played = await play_moves(store, game, 5)
    new, texts = next_move(played, random.Random(2))
    assert server.process is not None
    pid = server.process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        with pytest.raises(StorageUnavailable):
            await store.games.save_game(new, texts)
        assert time.monotonic() - started < 1.0
    finally:
        os.kill(pid, signal.SIGCONT)
    stored = await store.games.load_game(game.id, with_log=True)
    assert stored.version in (played.version, played.version + 1)
    assert stored.log_length == stored.version - 1
    check_replay(stored)


@needs_embedded
async def test_a_full_redis_refuses_writes_clearly_and_keeps_every_game(
        own_server: tuple[EmbeddedRedis, Storage]) -> None:
    """At maxmemory (noeviction) a write is refused as `StorageFull`, a kind of unavailability the bot answers with
    "try again"; nothing is evicted or half-written, and reads go on."""
    _, storage = own_server
    game = await play_moves(storage, await storage.games.create_game(fresh_game()), 5)
    await storage.redis.config_set("maxmemory", 1)  # anything stored is over the limit now
    try:
        new, texts = next_move(game, random.Random(3))
        with pytest.raises(StorageFull) as refused:
            await storage.games.save_game(new, texts)
        assert isinstance(refused.value, StorageUnavailable) and not isinstance(refused.value, WriteUncertain)
        other = fresh_game(channel_id=501)
        with pytest.raises(StorageFull):
            await storage.games.create_game(other)
        with pytest.raises(StorageFull):
            await storage.claim_interaction(99)
        kept = await storage.games.load_game(game.id)  # (a transaction, as with_log reads, is refused too)
        log = await storage.games.load_log(game.id)
        assert kept.version == game.version and check_replay(kept, log)
        assert not await storage.redis.exists(keys.game(other.id))
    finally:
        await storage.redis.config_set("maxmemory", 0)
    assert (await storage.games.save_game(new, texts)).version == game.version + 1
