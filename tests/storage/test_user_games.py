"""A user's games, read at once: however many games the user's index holds, one read of the index and one
pipelined read of the games; entries of games that ended or are gone leave the index, unreadable ones stay."""

from __future__ import annotations

from ludo_bot.storage import Storage, keys
from tests.storage.conftest import MakeGame

PLAYER = 1002  # seated in every game `make_game` makes


async def test_thirty_games_are_read_in_two_round_trips(storage: Storage, make_game: MakeGame,
                                                        round_trips: list[str]) -> None:
    games = [await make_game(channel_id=900 + n) for n in range(30)]
    round_trips.clear()
    found = await storage.games.user_games(PLAYER)
    assert sorted(g.id for g in found) == sorted(g.id for g in games)
    assert round_trips == ["SMEMBERS", "PIPELINE"]  # the index, then the games


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
