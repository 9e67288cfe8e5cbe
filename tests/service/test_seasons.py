"""Seasons in the service: a season's id and bounds in UTC, the one before it, and two workers racing for a season's
end: the final top ten is kept, and handed to be posted, once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from ludo_bot.service import Service
from ludo_bot.service.seasons import GRACE, bounds, previous, season_of
from ludo_bot.storage import SEASON_KEPT, PlayerResult, Rating, SeasonResults, Storage
from tests.service.conftest import Clock


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


def test_seasons_are_utc_months_and_quarters() -> None:
    assert season_of("off", utc(2026, 11, 30)) is None
    assert season_of("monthly", utc(2026, 11, 30, 23, 59, 59)) == "2026-11"
    assert season_of("monthly", utc(2026, 12, 1)) == "2026-12"
    assert season_of("quarterly", utc(2026, 12, 31, 23, 59)) == "2026-Q4"
    assert season_of("quarterly", utc(2027, 1, 1)) == "2027-Q1"
    assert bounds("2026-12") == (utc(2026, 12, 1), utc(2027, 1, 1))
    assert bounds("2026-Q4") == (utc(2026, 10, 1), utc(2027, 1, 1))
    assert bounds("2027-Q1") == (utc(2027, 1, 1), utc(2027, 4, 1))
    assert previous("2027-01") == "2026-12" and previous("2027-Q1") == "2026-Q4" and previous("2026-07") == "2026-06"
    for wrong in ("2026-13", "2026-Q5", "26-11", "-"):
        with pytest.raises(ValueError):
            bounds(wrong)


async def test_two_workers_racing_for_a_seasons_end_keep_its_final_once(storage: Storage, clock: Clock) -> None:
    one, two = Service(storage, clock=clock), Service(storage, clock=clock)
    await one.guilds.update(1, {"season": "monthly"})
    clock.now = utc(2026, 11, 15)
    season = season_of("monthly", clock.now)
    assert season == "2026-11"
    ratings = {7: (None, Rating(27.0, 8.0)), 8: (None, Rating(23.0, 8.0))}
    await one.games.seasons.counting(1, clock.now, rated=True)
    # (kept as the service keeps them: Redis expires keys by the real clock, and an expiry an hour after this past
    # season's end had its board gone before the test began once that hour was past)
    await storage.stats.record_results(1, "g1", [PlayerResult(7, 1), PlayerResult(8, 2)], ratings=ratings,
                                       season=SeasonResults(season, bounds(season)[1] + SEASON_KEPT, ratings))
    assert await one.seasons.ended() == []  # not over yet
    clock.now = bounds(season)[1] + GRACE
    first, second = await asyncio.gather(one.seasons.ended(), two.seasons.ended())
    kept = first + second
    assert len(kept) == 1 and [s.user_id for s in kept[0].standings] == [7, 8] and kept[0].season_id == season
    # the worker that kept it dies before it is done: once its lease runs out the end is claimed again, and dropped
    clock.now += 3600
    assert await two.seasons.ended() == [] and await one.seasons.ended() == []
    assert await one.seasons.next_end() is None
    board = await one.seasons.board(1, "previous")
    assert board.final and board.season_id == season and [s.user_id for s in board.standings] == [7, 8]
