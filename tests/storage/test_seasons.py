"""Rating seasons in storage: a game's results written to the season with the all-time ones (compare-and-set on both
ratings), the season's board and expiry, the queue of seasons' ends, the final top ten kept once, and guild settings
of schema 2 read with seasons off."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime

import pytest

from ludo_bot.storage import GuildSettings, PlayerResult, Rating, RatingsChanged, SeasonResults, Standing, Storage, keys
from ludo_bot.storage.seasons import season_end

GUILD, SEASON, END = 42, "2030-11", datetime(2030, 12, 1, tzinfo=UTC).timestamp()


async def expires_at(storage: Storage, key: str) -> float:
    """When a key expires (Redis 6.2 has no EXPIRETIME)."""
    return time.time() + await storage.redis.ttl(key)


async def test_a_game_counts_in_its_season_and_all_time(storage: Storage) -> None:
    results = [PlayerResult(1, 1), PlayerResult(2, 2)]
    all_time = {1: (None, Rating(27.0, 8.0)), 2: (None, Rating(23.0, 8.0))}
    fresh = {1: (None, Rating(26.0, 8.1)), 2: (None, Rating(24.0, 8.1))}
    season = SeasonResults(SEASON, END + 3600, fresh)
    assert await storage.stats.record_results(GUILD, "g1", results, ratings=all_time, season=season)
    assert await storage.stats.rating_board(GUILD) == [(1, 27.0 - 24.0), (2, 23.0 - 24.0)]
    assert await storage.seasons.ratings(GUILD, SEASON, [1, 2, 3]) == {1: Rating(26.0, 8.1), 2: Rating(24.0, 8.1),
                                                                       3: None}
    board = await storage.seasons.board(GUILD, SEASON)
    assert [(s.user_id, s.wins) for s in board] == [(1, 1), (2, 0)]
    assert board[0].ordinal == pytest.approx(26.0 - 3 * 8.1)
    for key in (keys.season(GUILD, SEASON), keys.season_board(GUILD, SEASON)):
        assert await expires_at(storage, key) == pytest.approx(END + 3600, abs=2)
    assert await storage.seasons.board(GUILD, "2030-10") == []  # another season: untouched
    assert not await storage.redis.exists(keys.season(GUILD, "-"))  # (the placeholder of a game without season)

    # the season's rating is compare-and-set like the all-time one: a stale read writes nothing
    again = {1: (Rating(27.0, 8.0), Rating(28.0, 7.5)), 2: (Rating(23.0, 8.0), Rating(22.0, 7.5))}
    stale = SeasonResults(SEASON, END + 3600, {1: (None, Rating(27.0, 7.9)), 2: (None, Rating(23.0, 7.9))})
    with pytest.raises(RatingsChanged):
        await storage.stats.record_results(GUILD, "g2", [PlayerResult(2, 1), PlayerResult(1, 2)], ratings=again,
                                           season=stale)
    assert (await storage.stats.player_stats(GUILD, 1)).games == 1 and (await storage.stats.ratings(GUILD, [1]))[1] \
        == Rating(27.0, 8.0)

    # a game without a season leaves the season alone
    assert await storage.stats.record_results(GUILD, "g3", [PlayerResult(2, 1), PlayerResult(1, 2)], ratings=again)
    assert [(s.user_id, s.wins) for s in await storage.seasons.board(GUILD, SEASON)] == [(1, 1), (2, 0)]
    assert (await storage.stats.player_stats(GUILD, 2)).wins == 1


async def test_a_seasons_end_is_queued_once_and_its_final_kept_once(storage: Storage) -> None:
    await storage.seasons.queue_end(GUILD, SEASON, END + 60)
    await storage.seasons.queue_end(GUILD, SEASON, END + 999)  # queued already: left as it is
    assert await storage.seasons.next_end() == END + 60
    assert await storage.seasons.claim_ends(END) == []
    claims = await storage.seasons.claim_ends(END + 60)
    assert [c.deadline for c in claims] == [season_end(GUILD, SEASON)]
    assert await storage.seasons.claim_ends(END + 61) == []  # claimed: nobody else gets it while the lease runs
    top = [Standing(1, 3.5, 4), Standing(2, -1.25, 1)]
    kept = await asyncio.gather(*(storage.seasons.save_final(GUILD, SEASON, top[:n], END + 3600) for n in (2, 1)))
    assert sorted(kept) == [False, True]  # two workers racing: one keeps (and posts) it
    final = await storage.seasons.final(GUILD, SEASON)
    assert final is not None and final == (top if kept[0] else top[:1])
    assert await expires_at(storage, keys.season_final(GUILD, SEASON)) == pytest.approx(END + 3600, abs=2)
    assert await storage.seasons.final(GUILD, "2030-10") is None
    assert await storage.seasons.done(claims[0])
    assert await storage.seasons.next_end() is None


async def test_settings_of_schema_2_play_no_seasons(storage: Storage) -> None:
    v2 = {"schema_version": 2, "guild_id": GUILD, "language": "de", "preset": "star", "turn_deadline": 600}
    await storage.redis.hset(keys.guild_settings(GUILD), mapping={"v": 3, "rec": json.dumps(v2)})
    settings = await storage.settings.load_settings(GUILD)
    assert (settings.schema_version, settings.version, settings.language, settings.preset) == (3, 3, "de", "star")
    assert (settings.season, settings.season_channel) == ("off", None)
    saved = await storage.settings.save_settings(settings.model_copy(update={"season": "monthly",
                                                                             "season_channel": 77}))
    raw = await storage.redis.hget(keys.guild_settings(GUILD), "rec")
    assert raw is not None
    stored = json.loads(raw)
    assert stored["schema_version"] == 3 and stored["season"] == "monthly" and stored["season_channel"] == 77
    assert await storage.settings.load_settings(GUILD) == saved
    with pytest.raises(ValueError):
        GuildSettings(guild_id=1, season="weekly")  # type: ignore[arg-type]
