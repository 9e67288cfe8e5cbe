"""Storage on a 3-node Redis Cluster (`storage.cluster.LocalCluster`), whatever server the rest of the session uses:
a redis+cluster:// URL gives a cluster client with its startup nodes, a game plays through from its lobby to its
recorded results, every key of one game lands in one slot while games spread over the nodes, scripts reload on
every node, and a stopped node or cluster is `StorageUnavailable` within about a second."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from redis.asyncio.connection import SSLConnection

from ludo_bot import engine
from ludo_bot.storage import (
    Conflict,
    Deadline,
    LobbyRecord,
    LobbySeat,
    NotFound,
    Storage,
    StorageUnavailable,
    keys,
    make_client,
    new_game_id,
    new_record,
    results_of,
)
from ludo_bot.storage.client import READ_TIMEOUT, ClusterClient
from ludo_bot.storage.cluster import LocalCluster
from tests.storage.conftest import four_seats, fresh_game, next_move, play_moves


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    with LocalCluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started


@pytest.fixture
async def on_cluster(cluster: LocalCluster) -> AsyncIterator[Storage]:
    """The stores over the flushed cluster, opened as the bot opens them (scripts loaded on every node)."""
    storage = await Storage.open(cluster.url, retention=3600, lease=30.0)
    await storage.redis.flushdb()  # every primary
    try:
        yield storage
    finally:
        await storage.close()


def client_of(storage: Storage) -> ClusterClient:
    assert isinstance(storage.redis, ClusterClient)
    return storage.redis


def port_of(client: ClusterClient, key: str) -> int:
    """The port of the node that serves `key`."""
    node = client.get_node_from_key(key)
    assert node is not None, key
    return int(node.port)


async def test_cluster_url_names_the_startup_nodes() -> None:
    client = make_client("rediss+cluster://bot:secret@a:7000,b:7001,[::1]:7002?ssl_cert_reqs=none")
    assert isinstance(client, ClusterClient)
    assert sorted(client.nodes_manager.startup_nodes) == ["::1:7002", "a:7000", "b:7001"]
    settings = client.connection_kwargs
    assert (settings["username"], settings["password"], settings["ssl_cert_reqs"]) == ("bot", "secret", "none")
    assert settings["connection_class"] is SSLConnection and settings["socket_timeout"] == READ_TIMEOUT
    assert not isinstance(make_client("redis://127.0.0.1:6379/13"), ClusterClient)
    await client.aclose()


async def test_a_game_plays_through_on_the_cluster(on_cluster: Storage) -> None:
    storage = on_cluster
    lobby = await storage.lobbies.create_lobby(LobbyRecord(id=new_game_id(), guild_id=42, channel_id=300,
                                                           host_id=1001, players=[LobbySeat(user_id=1001, colour=0)]))
    record = new_record(lobby.id, guild_id=42, channel_id=300, host_id=1001, rules=engine.Rules.preset("classic"),
                        seats=four_seats()[:2], seed=2)
    game = await storage.games.create_game(record)  # one script on the game, its log and its lobby
    with pytest.raises(NotFound):
        await storage.lobbies.load_lobby(lobby.id)
    assert [g.id for g in await storage.games.user_games(1002)] == [game.id]
    played = await play_moves(storage, game, 5, seed=3)
    assert played.version == 6
    with pytest.raises(Conflict):
        await storage.games.save_game(game.model_copy(update={"message_id": 1}))  # a stale writer

    await storage.deadlines.schedule(Deadline("timeout", game.id), 10.0)
    claims = await storage.deadlines.claim_due(now=20.0)
    assert [c.deadline for c in claims] == [Deadline("timeout", game.id)]
    assert await storage.deadlines.claim_due(now=21.0) == []  # leased
    assert await storage.deadlines.complete(claims[0])

    final = await play_moves(storage, played, 2000, seed=4)
    assert final.status == "finished"
    stored = await storage.games.load_game(game.id, with_log=True)  # MULTI/EXEC on the game's node
    await storage.games.verify_game(game.id)
    results = results_of(stored)
    assert await storage.stats.record_results(42, game.id, results, preset="classic")
    assert not await storage.stats.record_results(42, game.id, results, preset="classic")  # counted once
    assert (await storage.stats.player_stats(42, 1001)).games == 1
    assert [g for g, _ in await storage.stats.history(42)] == [game.id]
    assert await storage.games.channel_game(300) is None
    assert await storage.games.user_games(1002) == []
    assert 0 < await storage.redis.ttl(keys.game(game.id)) <= 3600


async def test_a_games_keys_share_a_slot_and_games_spread_over_the_nodes(on_cluster: Storage) -> None:
    storage, client = on_cluster, client_of(on_cluster)
    rng = random.Random(1)
    ids = []
    for n in range(12):
        game = await storage.games.create_game(fresh_game(channel_id=600 + n))
        new, texts = next_move(game, rng)
        await storage.games.save_game(new, texts)
        ids.append(game.id)
    await storage.stats.record_results(42, ids[0], results_of(await storage.games.load_game(ids[0], with_log=True)))
    held = {node.name: {key if isinstance(key, str) else key.decode()
                        for key in await client.keys("ludo:*", target_nodes=node)} for node in client.get_primaries()}

    def homes(*names: str) -> set[str]:
        return {node for node, found in held.items() for name in names if name in found}

    for game_id in ids:
        assert client.keyslot(keys.game(game_id)) == client.keyslot(keys.log(game_id)) == client.keyslot(
            keys.lobby(game_id))
        assert len(homes(keys.game(game_id), keys.log(game_id))) == 1
    guild = [key for found in held.values() for key in found if key.startswith("ludo:{g:42}:")]
    assert len(guild) >= 3 and len(homes(*guild)) == 1  # stats, leaderboard, history, counted: one slot
    assert len(homes(*(keys.game(game_id) for game_id in ids))) > 1


async def test_scripts_reload_on_every_node(on_cluster: Storage) -> None:
    """EVALSHA falls back to loading the script (as after a node restart)."""
    storage = on_cluster
    game = await storage.games.create_game(fresh_game())
    await storage.redis.script_flush()  # every primary
    new, texts = next_move(game, random.Random(1))
    assert (await storage.games.save_game(new, texts)).version == 2


async def test_stopped_node_or_cluster_is_unavailable_within_a_second(tmp_path: Path) -> None:
    with LocalCluster(tmp_path) as cluster:
        storage = await Storage.open(cluster.url)
        try:
            client = client_of(storage)
            by_port = {port_of(client, keys.game(game_id)): game_id for game_id in map(str, range(50))}
            (down_port, down_id), (_, up_id) = list(by_port.items())[:2]
            next(node for node in cluster.nodes if node.port == down_port).stop()
            started = time.monotonic()
            with pytest.raises(StorageUnavailable):
                await storage.games.load_game(down_id)
            assert time.monotonic() - started < 1.5
            with pytest.raises(NotFound):  # the other nodes still serve their slots
                await storage.games.load_game(up_id)
            cluster.stop()
            started = time.monotonic()
            with pytest.raises(StorageUnavailable):
                await storage.games.load_game(up_id)
            assert time.monotonic() - started < 1.5
        finally:
            await storage.close()
