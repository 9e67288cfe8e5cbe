"""Rating seasons of a guild (see `service.seasons` for what a season is): each season's ratings, wins and games,
written with a finished game's results (`StatsStore.record_results`), its board, its final top ten, and the queue
of seasons' ends, claimed like the turn deadlines (`DeadlineQueue` on keys of its own).

A season's end is queued (ZADD NX) before its first game's results are recorded, so a process dying between the two
leaves an end with nothing to post rather than a season nobody closes. The worker that claims it writes the final
top ten with SET NX: only the one that wrote it posts it, however many claim the end (a lease that ran out while a
post was slow, two processes racing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import orjson

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.deadlines import DEFAULT_LEASE, Claim, Deadline, DeadlineQueue
from ludo_bot.storage.errors import CorruptRecord
from ludo_bot.storage.records import Rating
from ludo_bot.storage.stats import stored_rating

SEASON_KEPT = 2 * 365 * 24 * 3600  # seconds a season's keys are kept after its end
END = "end"  # the kind of a season's end in its queue: member "end:<guild>:<season>"


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place on a season's board: their rating's ordinal and their wins in the season."""

    user_id: int
    ordinal: float
    wins: int


def season_end(guild_id: int, season_id: str) -> Deadline:
    """The queue item of a guild's season's end."""
    return Deadline(END, f"{guild_id}:{season_id}")


def of_end(deadline: Deadline) -> tuple[int, str]:
    """(guild id, season id) of a queue item; `ValueError` for one that names none."""
    guild, _, season_id = deadline.game_id.partition(":")
    if deadline.kind != END or not season_id:
        raise ValueError(f"not a season's end: {deadline.member!r}")
    return int(guild), season_id


class SeasonStore:
    """Seasons' ratings and boards, their final top tens, and the queue of their ends."""

    def __init__(self, redis: Redis, *, lease: float = DEFAULT_LEASE) -> None:
        self.redis = redis
        self.ends = DeadlineQueue(redis, lease=lease, due_key=keys.SEASONS_DUE, claims_key=keys.SEASONS_CLAIMS)

    async def ratings(self, guild_id: int, season_id: str, user_ids: Sequence[int]) -> dict[int, Rating | None]:
        """The players' ratings in the season (None: not rated in it yet)."""
        key = keys.season(guild_id, season_id)
        if not user_ids:
            return {}
        async with guard(f"read {key}", key=key):
            raw = cast(list[str | None], await self.redis.hmget(key, [f"r:{user}" for user in user_ids]))
        found: dict[int, Rating | None] = {}
        for user, text in zip(user_ids, raw, strict=True):
            mu, _, sigma = (text or "").partition(" ")
            found[user] = stored_rating(key, mu, sigma) if text else None
        return found

    async def board(self, guild_id: int, season_id: str, top: int = 10) -> list[Standing]:
        """The season's best rated players, best first."""
        board, key = keys.season_board(guild_id, season_id), keys.season(guild_id, season_id)
        async with guard(f"read {board}", key=board):
            rows = cast(list[tuple[str, float]], await self.redis.zrevrange(board, 0, top - 1, withscores=True))
            wins = cast(list[str | None], await self.redis.hmget(key, [f"w:{user}" for user, _ in rows])
                        if rows else [])
        try:
            return [Standing(int(user), float(score), int(won or 0)) for (user, score), won in zip(rows, wins,
                                                                                                  strict=True)]
        except ValueError as error:
            raise CorruptRecord(key, f"a count is not a number: {error}") from error

    async def queue_end(self, guild_id: int, season_id: str, due_at: float) -> None:
        """Queue the season's end at `due_at` unless it is queued (or claimed) already."""
        async with guard("queue a season's end"):
            await self.redis.zadd(keys.SEASONS_DUE, {season_end(guild_id, season_id).member: due_at}, nx=True)

    async def claim_ends(self, now: float, limit: int = 10) -> list[Claim]:
        """Claim the seasons' ends due by `now` (each by one worker while its lease runs)."""
        return await self.ends.claim_due(now=now, limit=limit)

    async def next_end(self) -> float | None:
        """When the next season's end falls due, if any."""
        return await self.ends.next_due()

    async def done(self, claim: Claim) -> bool:
        """A claimed end was seen through: it leaves the queue (False if the claim was lost meanwhile)."""
        return await self.ends.complete(claim)

    async def save_final(self, guild_id: int, season_id: str, standings: Sequence[Standing], expires_at: float
                         ) -> bool:
        """Keep the season's final top ten; True for the one caller that wrote it (who then posts it), False if it
        was kept already."""
        key = keys.season_final(guild_id, season_id)
        data = orjson.dumps([[s.user_id, s.ordinal, s.wins] for s in standings])
        async with guard(f"write {key}", key=key):
            return bool(await self.redis.set(key, data, nx=True, exat=int(expires_at)))

    async def final(self, guild_id: int, season_id: str) -> list[Standing] | None:
        """The season's final top ten as kept when it ended (None: not kept, or the season has not ended)."""
        key = keys.season_final(guild_id, season_id)
        async with guard(f"read {key}", key=key):
            raw: bytes | str | None = await self.redis.get(key)
        if raw is None:
            return None
        try:
            return [Standing(int(user), float(ordinal), int(wins)) for user, ordinal, wins in orjson.loads(raw)]
        except (ValueError, TypeError) as error:
            raise CorruptRecord(key, f"not a final top ten: {error}") from error
