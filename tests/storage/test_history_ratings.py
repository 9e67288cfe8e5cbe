"""A finished game's results, history entry, preset counts and ratings are recorded in one script, once; a rating
changed since it was read makes the script write nothing (`RatingsChanged`)."""

from __future__ import annotations

import pytest

from ludo_bot.storage import PlayerResult, Rating, RatingsChanged, Storage


async def test_history_newest_first_and_preset_counts(storage: Storage) -> None:
    assert await storage.stats.record_results(42, "g1", [PlayerResult(1, 1)], preset="star", finished_at=100.0)
    assert await storage.stats.record_results(42, "g2", [PlayerResult(1, 2)], preset="classic", finished_at=200.0)
    assert await storage.stats.record_results(42, "g3", [PlayerResult(1, 1)], preset="star", finished_at=300.0)
    assert not await storage.stats.record_results(42, "g3", [PlayerResult(1, 1)], preset="star", finished_at=400.0)
    assert await storage.stats.history(42) == [("g3", 300.0), ("g2", 200.0), ("g1", 100.0)]
    assert await storage.stats.history(42, 1) == [("g3", 300.0)]
    assert await storage.stats.history(7) == []
    one = await storage.stats.player_stats(42, 1)
    assert one.presets == {"star": 2, "classic": 1} and one.favourite_preset == "star" and one.rating is None
    await storage.stats.forget_games(42, ["g2"])
    assert [g for g, _ in await storage.stats.history(42)] == ["g3", "g1"]


async def test_ratings_are_compare_and_set(storage: Storage) -> None:
    results = [PlayerResult(1, 1), PlayerResult(2, 2)]
    first = {1: (None, Rating(27.0, 8.0)), 2: (None, Rating(23.0, 8.0))}
    assert await storage.stats.record_results(42, "g1", results, ratings=first)
    read = await storage.stats.ratings(42, [1, 2, 3])
    assert read == {1: Rating(27.0, 8.0), 2: Rating(23.0, 8.0), 3: None}
    stale = {1: (None, Rating(30.0, 7.0)), 2: (Rating(23.0, 8.0), Rating(20.0, 7.0))}
    with pytest.raises(RatingsChanged):
        await storage.stats.record_results(42, "g2", results, ratings=stale)
    assert (await storage.stats.player_stats(42, 1)).games == 1  # nothing was written
    fresh = {1: (read[1], Rating(30.0, 7.0)), 2: (read[2], Rating(20.0, 7.0))}
    assert await storage.stats.record_results(42, "g2", results, ratings=fresh)
    assert await storage.stats.rating_board(42) == [(1, 30.0 - 21.0), (2, 20.0 - 21.0)]
    assert (await storage.stats.player_stats(42, 2)).rating == Rating(20.0, 7.0)
