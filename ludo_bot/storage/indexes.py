"""Indexes: the one active game (or lobby) of a channel or thread, and a user's active games; which records are
still open (`live_records`, also for the counts of `storage.limits`).

A channel claim is written after the record it points to and removed after the record is finished, so a
claim never points at a record still being created. If the removal was lost (a crash between the two
steps) the claim is stale: its holder has no lobby and no active game. The next claim takes a stale
claim over (atomically, only if it still names the same stale holder).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.errors import ChannelBusy, StorageError
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import GameRecord, read_record

Live = Literal["lobby", "game"]


class ChannelIndex:
    """channel or thread id -> id of its active game or lobby."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._claim: Lua = Lua(redis, scripts.CLAIM_CHANNEL)
        self._release: Lua = Lua(redis, scripts.DELETE_IF_EQUAL)

    async def holder(self, channel_id: int) -> str | None:
        """The id holding the channel, if any (it may be stale; see `claim`)."""
        key = keys.channel(channel_id)
        async with guard(f"read {key}", key=key):
            value = cast(str | None, await self.redis.get(key))
        return value

    async def claim(self, channel_id: int, owner_id: str, *, ttl: int = 0) -> None:
        """Claim the channel for `owner_id` (for `ttl` seconds; 0: until released), or raise `ChannelBusy` naming
        the live holder."""
        key = keys.channel(channel_id)
        stale = ""
        for _ in range(3):
            async with guard(f"claim {key}", key=key):
                holder: str = await self._claim(keys=[key], args=[owner_id, stale, ttl])
            if not holder:
                return
            if await self.is_live(holder):
                raise ChannelBusy(channel_id, holder)
            stale = holder  # take it over, if it is still the same stale holder
        raise ChannelBusy(channel_id, stale)

    async def release(self, channel_id: int, owner_id: str) -> bool:
        """Drop the channel's claim if `owner_id` holds it. True if it did."""
        key = keys.channel(channel_id)
        async with guard(f"release {key}"):
            return bool(await self._release(keys=[key], args=[owner_id]))

    async def is_live(self, record_id: str) -> bool:
        """True if `record_id` is a lobby or an active game (or unreadable: never taken over silently)."""
        return record_id in await live_records(self.redis, [record_id])


async def live_records(redis: Redis, record_ids: Sequence[str]) -> dict[str, Live]:
    """Which of `record_ids` are an open lobby or an active game, in one round trip (per node). A record that cannot
    be read counts as live, so that it is never taken over or forgotten silently: a failed lobby check as a lobby,
    an unreadable game as a game. The ids left out are gone (cancelled, expired, finished, past retention)."""
    if not record_ids:
        return {}
    async with guard("check records"), redis.pipeline(transaction=False) as pipe:
        for record_id in record_ids:  # a lobby and its game share a slot, and a game replaces its lobby in one step
            pipe.exists(keys.lobby(record_id))
            pipe.hget(keys.game(record_id), "rec")
        replies = await pipe.execute(raise_on_error=False)
    found: dict[str, Live] = {}
    for record_id, lobby, raw in zip(record_ids, replies[::2], replies[1::2], strict=True):
        if lobby or isinstance(lobby, Exception):
            found[record_id] = "lobby"
        elif raw is not None and _active_or_unreadable(record_id, raw):
            found[record_id] = "game"
    return found


def _active_or_unreadable(game_id: str, raw: object) -> bool:
    if not isinstance(raw, str):
        return True
    try:
        return read_record(GameRecord, keys.game(game_id), raw, version=0).active
    except StorageError:
        return True


# A user's set is pruned (its finished, expired and left games dropped) when a new game makes it larger than this:
# it holds at most this many entries beyond the user's active games. Entries normally leave when their game ends;
# the prune catches those whose removal was lost (a crash) or that a game no longer names (a seat an AI took over).
USER_GAMES_PRUNE_AT = 20


class UserIndex:
    """user id -> set of ids of the user's active games."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def add(self, game_id: str, user_ids: list[int]) -> list[int]:
        """Index a game under each of its users; returns the users whose set is to be pruned (see
        `USER_GAMES_PRUNE_AT`)."""
        if not user_ids:
            return []
        async with guard("index users"), self.redis.pipeline(transaction=False) as pipe:
            for user in user_ids:
                pipe.sadd(keys.user_games(user), game_id)
                pipe.scard(keys.user_games(user))
            replies = await pipe.execute()
        return [user for user, size in zip(user_ids, replies[1::2], strict=True) if size > USER_GAMES_PRUNE_AT]

    async def remove(self, game_id: str, user_ids: list[int]) -> None:
        """Drop a game from its users' sets."""
        if not user_ids:
            return
        async with guard("unindex users"), self.redis.pipeline(transaction=False) as pipe:
            for user in user_ids:
                pipe.srem(keys.user_games(user), game_id)
            await pipe.execute()

    async def game_ids(self, user_id: int) -> list[str]:
        """The ids indexed under a user (possibly including finished games not yet dropped)."""
        key = keys.user_games(user_id)
        async with guard(f"read {key}", key=key):
            members = cast(set[str], await self.redis.smembers(key))
        return sorted(members)
