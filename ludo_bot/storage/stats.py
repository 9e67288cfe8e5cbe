"""Per-guild player statistics and the leaderboard. A finished game's results are added once, in one
script on the guild's keys (the `counted` marker makes a repeat a no-op)."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from ludo_bot import engine
from ludo_bot.engine import events as ev
from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.errors import CorruptRecord
from ludo_bot.storage.game_log import check_replay
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import GameRecord, PlayerStats, Rating

COUNTED_TTL = 90 * 24 * 3600


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One human player's result in a finished game."""

    user_id: int
    place: int  # 1..4
    captures: int = 0

    @property
    def won(self) -> bool:
        """True for the winner."""
        return self.place == 1


def results_of(record: GameRecord, log: Sequence[str] | None = None) -> list[PlayerResult]:
    """The human players' places and captures, by replaying the game's log (checked against its state)."""
    captures = [0, 0, 0, 0]

    def seen(event: engine.Event) -> None:
        if event.kind == ev.CAPTURED:
            captures[event.seat] += len(event.captured)

    state = check_replay(record, log, seen)
    places = {seat: i + 1 for i, seat in enumerate(state.ranking)}
    return [PlayerResult(s.user_id, places[s.seat], captures[s.seat]) for s in record.seats if s.user_id is not None]


class RatingsChanged(Exception):
    """A player's rating changed between reading it and recording a game (read again and retry)."""


Rated = Mapping[int, tuple[Rating | None, Rating]]  # user -> (the rating read before, the new rating)


@dataclass(frozen=True, slots=True)
class SeasonResults:
    """What a finished game adds to a rating season (`storage.seasons`): its id ("2026-11"), when its keys expire,
    and its ratings as `Rated` (read from the season: a player's first game of the season starts afresh)."""

    season_id: str
    expires_at: float
    ratings: Rated


HISTORY_KEEP = 500  # finished games kept in a guild's history (their records expire on their own)
BOARD_KEEP = 1000  # players kept on each of a guild's boards (wins, rating); /ludo leaderboard reads the top 100
STATS_KEPT = 365 * 24 * 3600  # a player's counters and rating in a guild are kept this long after their last game


class StatsStore:
    """Counters per player and guild, the guild leaderboard (by wins), ratings and the history of games."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._record: Lua = Lua(redis, scripts.RECORD_RESULTS)

    async def record_results(self, guild_id: int, game_id: str, results: Sequence[PlayerResult], *,
                             preset: str = "", finished_at: float = 0.0,
                             ratings: Rated | None = None, season: SeasonResults | None = None) -> bool:
        """Add a finished game's results (and its entry in the guild's history, and to `season`); True the first
        time, False if this game was counted already. `ratings` maps a user to (the rating read before, the new
        rating), all time, and `season.ratings` the same in the season: they are written only if every player's
        stored ratings are still the ones read, else `RatingsChanged`."""
        for result in results:
            if not 1 <= result.place <= 4:
                raise ValueError(f"place {result.place} is not 1-4")
        ratings = ratings or {}
        season_id = season.season_id if season else "-"  # (the placeholder's keys are not touched)
        key_list = [keys.counted(guild_id, game_id), keys.leaderboard(guild_id), keys.history(guild_id),
                    keys.rating_board(guild_id), keys.season(guild_id, season_id),
                    keys.season_board(guild_id, season_id),
                    *(keys.player_stats(guild_id, r.user_id) for r in results)]
        args: list[int | float | str] = [COUNTED_TTL, game_id, finished_at or time.time(), HISTORY_KEEP, preset,
                                         int(season.expires_at) if season else ""]
        for r in results:
            args += [str(r.user_id), r.place, int(r.won), r.captures, *_rated(ratings, r.user_id),
                     *_rated(season.ratings if season else {}, r.user_id)]
        async with guard("record results", key=keys.leaderboard(guild_id)):
            done = int(await self._record(keys=key_list, args=args))
        if done < 0:
            raise RatingsChanged(game_id)
        if done:
            await self._bound(guild_id, [r.user_id for r in results], season.season_id if season else None)
        return bool(done)

    async def _bound(self, guild_id: int, user_ids: Sequence[int], season_id: str | None) -> None:
        """Keep a guild's boards (and the season's) to their best `BOARD_KEEP` players (one trimmed off comes back
        with their totals when they next finish a game) and the players' stats for `STATS_KEPT` after this game."""
        async with guard("bound stats"), self.redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyrank(keys.leaderboard(guild_id), 0, -BOARD_KEEP - 1)
            pipe.zremrangebyrank(keys.rating_board(guild_id), 0, -BOARD_KEEP - 1)
            if season_id is not None:
                pipe.zremrangebyrank(keys.season_board(guild_id, season_id), 0, -BOARD_KEEP - 1)
            for user in user_ids:
                pipe.expire(keys.player_stats(guild_id, user), STATS_KEPT)
            await pipe.execute()

    async def ratings(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, Rating | None]:
        """The stored ratings of players (None for a player not rated yet)."""
        found: dict[int, Rating | None] = {}
        async with guard("read ratings", key=keys.rating_board(guild_id)), self.redis.pipeline(
                transaction=False) as pipe:
            for user in user_ids:
                pipe.hmget(keys.player_stats(guild_id, user), ["mu", "sigma"])
            rows = await pipe.execute()
        for user, (mu, sigma) in zip(user_ids, rows, strict=True):
            found[user] = stored_rating(keys.player_stats(guild_id, user), mu, sigma)
        return found

    async def rating_board(self, guild_id: int, top: int = 10) -> list[tuple[int, float]]:
        """(user id, rating ordinal), best first."""
        key = keys.rating_board(guild_id)
        async with guard(f"read {key}", key=key):
            rows = cast(list[tuple[str, float]], await self.redis.zrevrange(key, 0, top - 1, withscores=True))
        return [(int(user), float(score)) for user, score in rows]

    async def history(self, guild_id: int, count: int = 10) -> list[tuple[str, float]]:
        """The guild's most recently finished games: (game id, finish time), newest first."""
        key = keys.history(guild_id)
        async with guard(f"read {key}", key=key):
            rows = cast(list[tuple[str, float]], await self.redis.zrevrange(key, 0, count - 1, withscores=True))
        return [(game, float(at)) for game, at in rows]

    async def forget_games(self, guild_id: int, game_ids: Sequence[str]) -> None:
        """Drop history entries (of games whose records expired)."""
        if game_ids:
            async with guard("drop history entries"):
                await self.redis.zrem(keys.history(guild_id), *game_ids)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's counters in a guild (zeros if none)."""
        key = keys.player_stats(guild_id, user_id)
        async with guard(f"read {key}", key=key):
            raw = cast(dict[str, str], await self.redis.hgetall(key))
        try:
            count = {name: int(value) for name, value in raw.items() if name not in ("mu", "sigma")}
        except ValueError as error:
            raise CorruptRecord(key, f"a counter is not a number: {error}") from error
        presets = {name.removeprefix("preset:"): n for name, n in count.items() if name.startswith("preset:")}
        return PlayerStats(guild_id=guild_id, user_id=user_id, games=count.get("games", 0),
                           wins=count.get("wins", 0), places=[count.get(f"p{i}", 0) for i in range(1, 5)],
                           captures=count.get("captures", 0), presets=presets,
                           rating=stored_rating(key, raw.get("mu"), raw.get("sigma")),
                           tournaments=count.get("tn", 0), tournament_wins=count.get("tw", 0))

    async def leaderboard(self, guild_id: int, top: int = 10) -> list[tuple[int, int]]:
        """(user id, wins), most wins first."""
        key = keys.leaderboard(guild_id)
        async with guard(f"read {key}", key=key):
            rows = cast(list[tuple[str, float]], await self.redis.zrevrange(key, 0, top - 1, withscores=True))
        return [(int(user), int(score)) for user, score in rows]


def _rated(ratings: Rated, user_id: int) -> list[str]:
    """A player's three rating arguments of `scripts.RECORD_RESULTS`: the rating read, the new mu and sigma."""
    old, new = ratings.get(user_id, (None, None))
    return [old.raw if old else "", repr(new.mu), repr(new.sigma)] if new else ["", "", ""]


def stored_rating(key: str, mu: str | None, sigma: str | None) -> Rating | None:
    if mu is None or sigma is None:
        return None
    try:
        found = Rating(float(mu), float(sigma))
    except ValueError as error:
        raise CorruptRecord(key, f"the rating is not numbers: {error}") from error
    if not (math.isfinite(found.mu) and math.isfinite(found.sigma)):
        raise CorruptRecord(key, "the rating is not finite")
    return found
