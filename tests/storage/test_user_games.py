"""A user's games, read at once: however many games the user's index holds, one read of the index and one
pipelined read of the games; entries of games that ended or are gone leave the index, unreadable ones stay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection

from storage import Storage, keys
from tests.storage.conftest import MakeGame

PLAYER = 1002  # seated in every game `make_game` makes


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Requests written to Redis (a pipeline writes its commands as one), counted as they go out."""
    sent: list[int] = []
    send = AbstractConnection.send_packed_command

    async def counted(self: AbstractConnection, command: Any, check_health: bool = True) -> None:
        sent.append(1)
        await send(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)
    yield sent


async def test_thirty_games_are_read_in_two_requests(storage: Storage, make_game: MakeGame,
                                                     requests: list[int]) -> None:
    games = [await make_game(channel_id=900 + n) for n in range(30)]
    requests.clear()
    found = await storage.games.user_games(PLAYER)
    assert sorted(g.id for g in found) == sorted(g.id for g in games)
    nodes = len(storage.redis.get_primaries()) if isinstance(storage.redis, RedisCluster) else 1
    assert len(requests) <= 1 + nodes  # the index, then the games (a pipeline per node of a cluster)


async def test_games_that_ended_or_are_gone_leave_the_index_and_unreadable_ones_stay(
        storage: Storage, make_game: MakeGame) -> None:
    playing, ended, broken, wrong = [await make_game(channel_id=950 + n) for n in range(4)]
    await storage.games.save_game((await storage.games.load_game(ended.id)).model_copy(update={"status": "ended"}))
    await storage.redis.sadd(keys.user_games(PLAYER), ended.id, "gonegame")  # a removal lost in a crash
    await storage.redis.hset(keys.game(broken.id), "rec", "{not json")
    await storage.redis.delete(keys.game(wrong.id))
    await storage.redis.set(keys.game(wrong.id), "a string where a hash belongs")
    assert [g.id for g in await storage.games.user_games(PLAYER)] == [playing.id]
    kept = await storage.redis.smembers(keys.user_games(PLAYER))
    assert kept == {playing.id, broken.id, wrong.id}  # left for a person to look at, not forgotten
    loaded = await storage.games.load_games([playing.id, "gonegame", broken.id])
    assert loaded == {playing.id: await storage.games.load_game(playing.id), "gonegame": None}
