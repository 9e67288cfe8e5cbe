"""Per-guild player statistics and the leaderboard. A finished game's results are added once, in one
script on the guild's keys (the `counted` marker makes a repeat a no-op)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from redis.commands.core import AsyncScript
from redis.exceptions import ResponseError

import engine
from engine import events as ev
from storage import keys, scripts
from storage.client import Redis, guard
from storage.errors import CorruptRecord
from storage.records import GameRecord, PlayerStats
from storage.replay import check_replay

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
    state = check_replay(record, log)
    entries = record.log if log is None else list(log)
    replayed = engine.new_game(engine.notation.parse_rules(record.rules), record.seat_numbers, record.seed)
    captures = [0, 0, 0, 0]
    for text in entries:
        replayed, happened = engine.apply(replayed, engine.parse_action(text))
        for event in happened:
            if event.kind == ev.CAPTURED:
                captures[event.seat] += len(event.captured)
    places = {seat: i + 1 for i, seat in enumerate(state.ranking)}
    return [PlayerResult(s.user_id, places[s.seat], captures[s.seat]) for s in record.seats if s.user_id is not None]


class StatsStore:
    """Counters per player and guild, and the guild leaderboard (by wins)."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._record: AsyncScript = redis.register_script(scripts.RECORD_RESULTS)

    async def record_results(self, guild_id: int, game_id: str, results: Sequence[PlayerResult]) -> bool:
        """Add a finished game's results; True the first time, False if this game was counted already."""
        for result in results:
            if not 1 <= result.place <= 4:
                raise ValueError(f"place {result.place} is not 1-4")
        key_list = [keys.counted(guild_id, game_id), keys.leaderboard(guild_id),
                    *(keys.player_stats(guild_id, r.user_id) for r in results)]
        args: list[int | str] = [COUNTED_TTL]
        for r in results:
            args += [str(r.user_id), r.place, int(r.won), r.captures]
        async with guard("record results"):
            try:
                return bool(await self._record(keys=key_list, args=args))
            except ResponseError as error:
                raise CorruptRecord(keys.leaderboard(guild_id), str(error)) from error

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's counters in a guild (zeros if none)."""
        key = keys.player_stats(guild_id, user_id)
        async with guard(f"read {key}"):
            try:
                raw = cast(dict[str, str], await self.redis.hgetall(key))
            except ResponseError as error:
                raise CorruptRecord(key, str(error)) from error
        try:
            count = {name: int(value) for name, value in raw.items()}
        except ValueError as error:
            raise CorruptRecord(key, f"a counter is not a number: {error}") from error
        return PlayerStats(guild_id=guild_id, user_id=user_id, games=count.get("games", 0),
                           wins=count.get("wins", 0), places=[count.get(f"p{i}", 0) for i in range(1, 5)],
                           captures=count.get("captures", 0))

    async def leaderboard(self, guild_id: int, top: int = 10) -> list[tuple[int, int]]:
        """(user id, wins), most wins first."""
        key = keys.leaderboard(guild_id)
        async with guard(f"read {key}"):
            try:
                rows = cast(list[tuple[str, float]], await self.redis.zrevrange(key, 0, top - 1, withscores=True))
            except ResponseError as error:
                raise CorruptRecord(key, str(error)) from error
        return [(int(user), int(score)) for user, score in rows]
