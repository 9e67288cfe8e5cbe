"""Tournaments in Redis: stored like a game (one versioned hash, every write a compare-and-set on its version,
`storage.versioned`), the running tournament of each channel, a guild's list of tournaments, and the counts of
tournaments played and won in the players' stats.

A save may set the tournament's items of the deadline queue (its round's deadline, its tables and standing to
show: `storage.deadlines`, keyed by the tournament's id as a game's are by the game's): in the save's own script on
one server, in a step after it on a Redis Cluster (as `storage.games` does, items queued for the first time queued
before the save too), so that a process dying after the save leaves its work queued.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import cast

from redis.asyncio.cluster import RedisCluster

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.deadlines import DeadlineQueue, sync_args
from ludo_bot.storage.errors import ChannelBusy, CorruptRecord, NotFound, StorageError
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import now, read_record
from ludo_bot.storage.stats import COUNTED_TTL, STATS_KEPT
from ludo_bot.storage.tourney_records import TournamentRecord
from ludo_bot.storage.versioned import VersionedHashes, parse_version

logger = logging.getLogger(__name__)
SIGNUP_KEPT = 14 * 24 * 3600  # seconds a sign-up is kept after its last change
RUNNING_MARGIN = 7 * 24 * 3600  # a running tournament is kept its round's time and this long after its last change
GUILD_TOURNEYS_KEPT = 50  # tournaments listed per guild


class TournamentStore:
    """Tournament records, the channels' running tournaments, the guilds' lists and the players' counts."""

    def __init__(self, redis: Redis, deadlines: DeadlineQueue, *, retention: int) -> None:
        self.redis = redis
        self.deadlines = deadlines
        self.retention = retention
        self.records = VersionedHashes(redis)
        self._one_step = not isinstance(redis, RedisCluster)
        self._claim: Lua = Lua(redis, scripts.CLAIM_CHANNEL)
        self._release: Lua = Lua(redis, scripts.DELETE_IF_EQUAL)
        self._count: Lua = Lua(redis, scripts.COUNT_TOURNAMENT)

    async def create(self, record: TournamentRecord, due: Mapping[str, float | None] | None = None
                     ) -> TournamentRecord:
        """Store a new tournament (version 0 -> 1) as its channel's running one and in its guild's list. Raises
        `ChannelBusy` naming the channel's running tournament (nothing is kept then)."""
        if record.version != 0:
            raise ValueError("a new tournament has version 0")
        await self._claim_channel(record.channel_id, record.id, self._ttl(record))
        try:
            stored = await self._write(record, due)
        except BaseException:
            await self.release_channel(record.channel_id, record.id)
            raise
        key = keys.guild_tournaments(record.guild_id)
        try:
            async with guard(f"list {key}", key=key), self.redis.pipeline(transaction=True) as pipe:
                pipe.zadd(key, {record.id: record.created_at})
                pipe.zremrangebyrank(key, 0, -GUILD_TOURNEYS_KEPT - 1)
                await pipe.execute()
        except StorageError as error:  # it runs all the same; the channel finds it
            logger.warning("tournament %s not listed in its guild: %s", record.id, error)
        return stored

    async def load(self, tournament_id: str) -> TournamentRecord:
        """The stored tournament: `NotFound` for an unknown id, `CorruptRecord` for an unreadable record."""
        key = keys.tournament(tournament_id)
        async with guard(f"load {key}", key=key):
            version, raw = await self.redis.hmget(key, ["v", "rec"])
        number, text = parse_version(key, cast(str | None, version), cast(str | None, raw))
        record = read_record(TournamentRecord, key, text, version=number)
        if record.id != tournament_id:
            raise CorruptRecord(key, f"holds tournament {record.id!r}")
        return record

    async def save(self, record: TournamentRecord, due: Mapping[str, float | None] | None = None
                   ) -> TournamentRecord:
        """Compare-and-set: store `record` if the stored version is still `record.version`; `due` sets its items of
        the deadline queue (None: unchanged). `Conflict` if someone saved first, `NotFound` if it is gone. A
        tournament no longer live frees its channel."""
        if record.version < 1:
            raise ValueError("save needs a loaded tournament; use create for a new one")
        stored = await self._write(record, due)
        try:
            if stored.live:  # the channel's claim lives as long as its tournament's record
                key = keys.channel_tournament(stored.channel_id)
                async with guard(f"keep {key}", key=key):
                    await self.redis.expire(key, self._ttl(stored))
            else:
                await self.release_channel(stored.channel_id, stored.id)
        except StorageError as error:  # a stale claim is taken over by the channel's next tournament, or expires
            logger.warning("tournament %s saved, its channel's claim not kept or freed: %s", stored.id, error)
        return stored

    async def channel_tournament(self, channel_id: int) -> str | None:
        """The id of the channel's running tournament, if any (its record may be over or gone: check it)."""
        key = keys.channel_tournament(channel_id)
        async with guard(f"read {key}", key=key):
            return cast(str | None, await self.redis.get(key))

    async def release_channel(self, channel_id: int, tournament_id: str) -> None:
        key = keys.channel_tournament(channel_id)
        async with guard(f"release {key}", key=key):
            await self._release(keys=[key], args=[tournament_id])

    async def guild_tournaments(self, guild_id: int, count: int = 10) -> list[str]:
        """The ids of the guild's newest tournaments, newest first (some may have expired)."""
        key = keys.guild_tournaments(guild_id)
        async with guard(f"read {key}", key=key):
            return cast(list[str], await self.redis.zrevrange(key, 0, count - 1))

    async def count(self, guild_id: int, tournament_id: str, played: Sequence[int], champion: int | None) -> bool:
        """Add a finished tournament to its players' counts (one more played; one more won for the champion), once:
        True the first time."""
        if not played:
            return False
        stats = [keys.player_stats(guild_id, user) for user in played]
        args = [COUNTED_TTL, STATS_KEPT, *(int(user == champion) for user in played)]
        async with guard("count a tournament", key=stats[0]):
            return bool(await self._count(keys=[keys.counted(guild_id, tournament_id), *stats], args=args))

    async def _claim_channel(self, channel_id: int, tournament_id: str, ttl: int) -> None:
        """Claim the channel for a new tournament (for `ttl` seconds, as long as its record), taking over a claim
        whose tournament is over or gone."""
        key = keys.channel_tournament(channel_id)
        stale = ""
        for _ in range(3):
            async with guard(f"claim {key}", key=key):
                holder: str = await self._claim(keys=[key], args=[tournament_id, stale, ttl])
            if not holder:
                return
            try:
                if (await self.load(holder)).live:
                    raise ChannelBusy(channel_id, holder)
            except NotFound:
                pass
            except CorruptRecord as error:  # never taken over silently
                raise ChannelBusy(channel_id, holder) from error
            stale = holder
        raise ChannelBusy(channel_id, stale)

    def _ttl(self, record: TournamentRecord) -> int:
        if record.status == "signup":
            return SIGNUP_KEPT
        if record.status == "running":
            return record.round_seconds + RUNNING_MARGIN
        return self.retention

    async def _write(self, record: TournamentRecord, due: Mapping[str, float | None] | None) -> TournamentRecord:
        new = record.model_copy(update={"version": record.version + 1, "updated_at": now()})
        apart = None if self._one_step else due  # the queue's items set in a step of their own (a cluster)
        if apart is not None:
            await self.deadlines.hint(record.id, apart)
        version = await self.records.write(
            keys.tournament(record.id), new.stored_json(), record.version, ttl=self._ttl(new),
            sync=sync_args(record.id, due) if due is not None and apart is None else None)
        if apart is not None:
            try:
                await self.deadlines.sync(record.id, version, apart)
            except StorageError as error:  # the save stands; what `hint` queued comes no later
                logger.warning("tournament %s saved, its queue items not set: %s", record.id, error)
        return new.model_copy(update={"version": version})
