"""The counts behind the limits on opening lobbies (storage.limits) on a real Redis: open lobbies per user, open
lobbies plus games per guild, token buckets per user and guild; a refusal writes nothing, a lobby that does not open
gives its place and token back, and leftovers (expired lobbies, lost releases) are checked and dropped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis.crc import key_slot

from ludo_bot import engine
from ludo_bot.storage import (
    ChannelBusy,
    GameRecord,
    LobbyLimits,
    LobbyRecord,
    LobbySeat,
    OverLimit,
    Seat,
    Storage,
    keys,
    new_game_id,
    new_record,
)
from ludo_bot.storage.limits import CHECK_AFTER
from tests.storage.conftest import four_seats

GUILD = 42
NOW = 1_700_000_000.0


def lobby(host: int = 1001, channel: int = 1, guild: int = GUILD) -> LobbyRecord:
    return LobbyRecord(id=new_game_id(), guild_id=guild, channel_id=channel, host_id=host,
                       players=[LobbySeat(user_id=host, colour=0)])


async def counts(storage: Storage, user: int = 1001, guild: int = GUILD) -> tuple[Any, ...]:
    """Everything the limits keep for one user and guild."""
    redis = storage.redis
    return (await redis.zrange(keys.open_in_guild(guild), 0, -1, withscores=True),
            await redis.zrange(keys.open_by_user(guild, user), 0, -1, withscores=True),
            await redis.hgetall(keys.guild_bucket(guild)), await redis.hgetall(keys.user_bucket(guild, user)))


async def start(storage: Storage, opened: LobbyRecord) -> None:
    """The lobby's game starts (the lobby store's record becomes a game of the same id)."""
    await storage.games.create_game(new_record(opened.id, guild_id=opened.guild_id, channel_id=opened.channel_id,
                                               host_id=opened.host_id, rules=engine.Rules.preset("classic"),
                                               seats=four_seats()[:2], seed=1))


async def start_alone(storage: Storage, opened: LobbyRecord) -> GameRecord:
    """The lobby's game starts with its host and one AI seat."""
    seats = [Seat(seat=0, user_id=opened.host_id), Seat(seat=2, ai_level=1)]
    return await storage.games.create_game(new_record(opened.id, guild_id=opened.guild_id, channel_id=opened.channel_id,
                                                      host_id=opened.host_id, rules=engine.Rules.preset("classic"),
                                                      seats=seats, seed=1))


async def end(storage: Storage, game_id: str) -> None:
    record = await storage.games.load_game(game_id)
    await storage.games.save_game(record.model_copy(update={"status": "ended"}))


def test_the_keys_of_one_guild_share_a_slot() -> None:
    slots = {key_slot(key.encode()) for key in (keys.open_in_guild(GUILD), keys.open_by_user(GUILD, 7),
                                                keys.alone_by_user(GUILD, 7),
                                                keys.guild_bucket(GUILD), keys.user_bucket(GUILD, 8),
                                                keys.guild_settings(GUILD))}
    assert len(slots) == 1


async def test_a_user_holds_so_many_open_lobbies_and_a_refusal_takes_nothing(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=2, burst_user=10, refill_user=5.0, burst_guild=50)
    first = await storage.lobbies.create_lobby(lobby(channel=1), limits=limits, now=NOW)
    await storage.lobbies.create_lobby(lobby(channel=2), limits=limits, now=NOW)
    before = await counts(storage)
    for _ in range(20):  # more refusals than the bucket holds: had they taken tokens, it would be empty
        with pytest.raises(OverLimit) as refused:
            await storage.lobbies.create_lobby(lobby(channel=3), limits=limits, now=NOW)
        assert (refused.value.limit, refused.value.most, refused.value.retry_at) == ("user_open", 2, None)
    assert await counts(storage) == before
    assert await storage.games.channel_game(3) is None
    await storage.lobbies.create_lobby(lobby(host=1002, channel=3), limits=limits, now=NOW)  # others are not held
    await storage.lobbies.create_lobby(lobby(channel=4, guild=43), limits=limits, now=NOW)  # nor another guild
    await storage.lobbies.drop_lobby(first)  # cancelled: its place is free at once
    await storage.lobbies.create_lobby(lobby(channel=5), limits=limits, now=NOW)
    assert len(await storage.limits.open_ids(GUILD, 1001)) == 2


async def test_a_guild_counts_open_lobbies_and_active_games(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=1, open_per_guild=2)
    first = await storage.lobbies.create_lobby(lobby(host=1, channel=1), limits=limits, now=NOW)
    await start(storage, first)  # a started lobby frees its host's place, its game keeps the guild's
    assert (await storage.limits.open_ids(GUILD, 1), await storage.limits.open_ids(GUILD)) == ([], [first.id])
    second = await storage.lobbies.create_lobby(lobby(host=1, channel=2), limits=limits, now=NOW)
    before = await counts(storage, user=3)
    with pytest.raises(OverLimit) as refused:
        await storage.lobbies.create_lobby(lobby(host=3, channel=3), limits=limits, now=NOW)
    assert (refused.value.limit, refused.value.most) == ("guild_open", 2)
    assert await counts(storage, user=3) == before
    await end(storage, first.id)  # an ended (or finished) game frees its place
    third = await storage.lobbies.create_lobby(lobby(host=3, channel=3), limits=limits, now=NOW)
    assert sorted(await storage.limits.open_ids(GUILD)) == sorted([second.id, third.id])
    with pytest.raises(OverLimit):
        await storage.lobbies.create_lobby(lobby(host=4, channel=4), limits=limits, now=NOW)
    await storage.lobbies.drop_lobby(second)
    await storage.lobbies.create_lobby(lobby(host=4, channel=4), limits=limits, now=NOW)


async def test_games_a_user_plays_alone_take_their_places_until_they_end(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=2, open_per_guild=10)
    alone = await start_alone(storage, await storage.lobbies.create_lobby(lobby(channel=1), limits=limits, now=NOW))
    await start(storage, await storage.lobbies.create_lobby(lobby(channel=2), limits=limits, now=NOW))  # 2 people
    await storage.lobbies.create_lobby(lobby(channel=3), limits=limits, now=NOW)
    before = await counts(storage)
    with pytest.raises(OverLimit) as refused:  # the game played alone and the lobby
        await storage.lobbies.create_lobby(lobby(channel=4), limits=limits, now=NOW)
    assert (refused.value.limit, refused.value.most, refused.value.alone) == ("user_open", 2, 1)
    assert await counts(storage) == before and await storage.limits.open_ids(GUILD, 1001, alone=True) == [alone.id]
    await storage.lobbies.create_lobby(lobby(host=1002, channel=4), limits=limits, now=NOW)  # others are not held
    await end(storage, alone.id)  # an ended (or finished) game frees its host's place at once
    await storage.lobbies.create_lobby(lobby(channel=5), limits=limits, now=NOW)
    assert await storage.limits.open_ids(GUILD, 1001, alone=True) == []


async def test_a_game_no_longer_played_alone_is_found_at_the_next_full_count(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=3)
    games = [await start_alone(storage, await storage.lobbies.create_lobby(lobby(channel=n), limits=limits, now=NOW))
             for n in (1, 2, 3)]
    left = games[0].model_copy(update={"seats": [Seat(seat=0, ai_level=1), games[0].seats[1]]})
    await storage.games.save_game(left)  # its host left, an AI took the seat: it runs on, no longer theirs alone
    await storage.redis.delete(keys.game(games[1].id))  # gone (as if past its retention) with no release
    await storage.redis.hset(keys.game(games[2].id), "rec", "{not json")  # unreadable: counted, never dropped
    await storage.lobbies.create_lobby(lobby(channel=4), limits=limits, now=NOW)  # two places were found free
    assert await storage.limits.open_ids(GUILD, 1001, alone=True) == [games[2].id]
    assert await storage.redis.zscore(keys.alone_by_user(GUILD, 1001), games[2].id) == NOW + CHECK_AFTER
    await storage.lobbies.create_lobby(lobby(channel=5), limits=limits, now=NOW)
    with pytest.raises(OverLimit) as refused:
        await storage.lobbies.create_lobby(lobby(channel=6), limits=limits, now=NOW)
    assert refused.value.alone == 1


async def test_a_user_bucket_lets_a_burst_through_then_one_per_refill(storage: Storage) -> None:
    limits = LobbyLimits(burst_user=3, refill_user=5.0)
    for _ in range(3):  # open and cancel three times at the same instant
        await storage.lobbies.drop_lobby(await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW))
    before = await counts(storage)
    with pytest.raises(OverLimit) as refused:
        await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 1)
    assert (refused.value.limit, refused.value.most) == ("user_burst", 3)
    assert refused.value.retry_at == pytest.approx(NOW + 5)
    assert await counts(storage) == before
    with pytest.raises(OverLimit) as refused:
        await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 4.9)
    assert refused.value.retry_at == pytest.approx(NOW + 5)
    await storage.lobbies.drop_lobby(await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 5))
    with pytest.raises(OverLimit) as refused:  # one token came back, one was taken
        await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 5)
    assert refused.value.retry_at == pytest.approx(NOW + 10)
    for _ in range(3):  # left alone, the bucket fills up to its capacity and no further
        await storage.lobbies.drop_lobby(await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 100))
    with pytest.raises(OverLimit):
        await storage.lobbies.create_lobby(lobby(), limits=limits, now=NOW + 100)
    assert 0 < await storage.redis.ttl(keys.user_bucket(GUILD, 1001)) <= 16  # it expires once it would be full


async def test_a_guild_bucket_holds_back_many_users_together(storage: Storage) -> None:
    limits = LobbyLimits(burst_user=5, refill_user=1.0, burst_guild=4, refill_guild=2.0)
    for user in range(4):
        await storage.lobbies.create_lobby(lobby(host=user, channel=user), limits=limits, now=NOW)
    with pytest.raises(OverLimit) as refused:
        await storage.lobbies.create_lobby(lobby(host=9, channel=9), limits=limits, now=NOW)
    assert (refused.value.limit, refused.value.most) == ("guild_burst", 4)
    assert refused.value.retry_at == pytest.approx(NOW + 2)
    assert await storage.redis.hgetall(keys.user_bucket(GUILD, 9)) == {}  # the user's bucket gave nothing
    await storage.lobbies.create_lobby(lobby(host=9, channel=9), limits=limits, now=NOW + 2)


async def test_a_lobby_that_does_not_open_gives_its_place_and_token_back(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=3, open_per_guild=10, burst_user=5, burst_guild=20)
    await storage.lobbies.create_lobby(lobby(host=7, channel=1))  # the channel is taken (no limits counted)
    await storage.lobbies.create_lobby(lobby(channel=2), limits=limits, now=NOW)
    before = await counts(storage)
    for _ in range(10):
        with pytest.raises(ChannelBusy):
            await storage.lobbies.create_lobby(lobby(channel=1), limits=limits, now=NOW)
    assert await counts(storage) == before


async def test_leftovers_are_checked_once_their_trust_runs_out(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=2, open_per_guild=3)
    expired = await storage.lobbies.create_lobby(lobby(channel=1), limits=limits, now=NOW)
    kept = await storage.lobbies.create_lobby(lobby(channel=2), limits=limits, now=NOW)
    await storage.redis.delete(keys.lobby(expired.id))  # it expired: nothing told the counts
    with pytest.raises(OverLimit):  # still trusted (an admission whose lobby is being written looks the same)
        await storage.lobbies.create_lobby(lobby(channel=3), limits=limits, now=NOW + CHECK_AFTER - 1)
    later = NOW + CHECK_AFTER + 1
    third = await storage.lobbies.create_lobby(lobby(channel=3), limits=limits, now=later)
    assert sorted(await storage.limits.open_ids(GUILD, 1001)) == sorted([kept.id, third.id])
    assert await storage.redis.zscore(keys.open_by_user(GUILD, 1001), kept.id) == later + CHECK_AFTER
    # the guild's place of the expired lobby is found gone once the guild is full
    with pytest.raises(OverLimit) as refused:  # the user is full again (kept and third are open)
        await storage.lobbies.create_lobby(lobby(channel=4), limits=limits, now=later)
    assert refused.value.limit == "user_open"
    other = await storage.lobbies.create_lobby(lobby(host=2, channel=4), limits=limits, now=later + CHECK_AFTER + 1)
    assert sorted(await storage.limits.open_ids(GUILD)) == sorted([kept.id, third.id, other.id])


async def test_a_check_keeps_live_games_and_drops_lost_releases(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=1, open_per_guild=3)
    playing = await storage.lobbies.create_lobby(lobby(host=1, channel=1), limits=limits, now=NOW)
    await start(storage, playing)
    await storage.redis.zadd(keys.open_by_user(GUILD, 1), {playing.id: NOW})  # as if `started` had been lost
    ended = await storage.lobbies.create_lobby(lobby(host=2, channel=2), limits=limits, now=NOW)
    await start(storage, ended)
    await end(storage, ended.id)
    await storage.redis.zadd(keys.open_in_guild(GUILD), {ended.id: NOW})  # as if `closed` had been lost
    broken = await storage.lobbies.create_lobby(lobby(host=3, channel=3), limits=limits, now=NOW)
    await start(storage, broken)
    await storage.redis.hset(keys.game(broken.id), "rec", "{not json")  # unreadable: counted, never dropped
    later = NOW + CHECK_AFTER + 1
    await storage.lobbies.create_lobby(lobby(host=1, channel=4), limits=limits, now=later)  # a game is no lobby
    with pytest.raises(OverLimit):  # the guild's 3 places: the active game, the unreadable one, the new lobby
        await storage.lobbies.create_lobby(lobby(host=5, channel=5), limits=limits, now=later)
    assert ended.id not in await storage.limits.open_ids(GUILD)
    assert {playing.id, broken.id} <= set(await storage.limits.open_ids(GUILD))


async def test_admissions_at_the_same_moment_take_no_more_than_the_limit(storage: Storage) -> None:
    limits = LobbyLimits(open_per_user=3, burst_user=12, refill_user=5.0)
    results = await asyncio.gather(*(storage.lobbies.create_lobby(lobby(channel=n), limits=limits, now=NOW)
                                     for n in range(20)), return_exceptions=True)
    assert sum(isinstance(r, LobbyRecord) for r in results) == 3
    assert all(isinstance(r, LobbyRecord | OverLimit) for r in results), results
    assert float((await counts(storage))[3]["tokens"]) == 9


async def test_limits_that_are_off_keep_nothing(storage: Storage) -> None:
    for channel in range(10):
        await storage.lobbies.create_lobby(lobby(channel=channel), limits=LobbyLimits(), now=NOW)
    assert await counts(storage) == ([], [], {}, {})
    with pytest.raises(ValueError):
        LobbyLimits(open_per_user=-1)
    with pytest.raises(ValueError):
        LobbyLimits(burst_user=3, refill_user=0)
