"""Limits on opening lobbies, counted in Redis so that every bot process shares them. The numbers are the caller's
(`LobbyLimits`); this module only counts.

Two kinds of limit, checked and taken together by one script (`scripts.ADMIT_LOBBY`) on keys of the guild's hash
tag, so the step is atomic and stays in one cluster slot:

- What is open at one moment. A guild's open lobbies plus active games (``open``), and the open lobbies a user
  hosts in that guild (``open:<user>``), are sorted sets of lobby ids (a lobby's id becomes its game's). A lobby
  enters both when it opens; it leaves its host's set when it is cancelled or started, and the guild's when it is
  cancelled or its game finishes or is ended (`started`, `closed`; the lobby and game stores call them).
- Bursts. A token bucket per user in a guild and one per guild (``burst:<user>``, ``burst``). Opening a lobby
  takes a token; a bucket gains one every `refill` seconds up to its capacity. A missing bucket is a full one, so
  its key expires once it would be full again.

Nothing is counted twice or lost for good: a lobby that expires (`storage.lobbies.LOBBY_TTL`) or a release lost in
a crash leaves an entry behind, so an entry's score is the time until which it is trusted (`CHECK_AFTER` seconds
after it was written or last checked). Only when a set is full are its entries past that time checked against
their records (`storage.indexes.live_records`): those whose lobby (in a user's set) or lobby or active game (in
the guild's) is gone are dropped, the others are trusted again, and the count is taken once more before anyone is
refused. The rest of the time the counts cost no extra reads, and a set holds at most its limit plus what is in
flight. A limit that is off (0) keeps no set or bucket; switched on later, it counts lobbies opened from then on.

Only a lobby that opens takes a place and a token: a refused admission writes nothing (`OverLimit`), and a lobby
that does not open after its admission (its channel is busy, Redis failed) gives both back (`give_back`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from storage import keys, scripts
from storage.client import Redis, guard
from storage.errors import OverLimit
from storage.indexes import Live, live_records
from storage.lua import Lua

# An entry is trusted this long before it is checked against its record: long enough that an admission whose
# lobby is still being written (well under a second) is never taken for a leftover, short enough that a place
# held by an expired lobby or a lost release comes back within a minute. A full guild's set costs at most one
# check of its entries a minute.
CHECK_AFTER = 60.0


@dataclass(frozen=True, slots=True)
class LobbyLimits:
    """How much lobby opening one user and one guild may do (0: that limit is off)."""

    open_per_user: int = 0  # open lobbies a user hosts in a guild at once
    open_per_guild: int = 0  # open lobbies plus active games in a guild at once
    burst_user: int = 0  # a user's bucket: lobbies opened in a row (per guild)
    refill_user: float = 1.0  # ... and seconds until it holds one more
    burst_guild: int = 0  # the guild's bucket
    refill_guild: float = 1.0

    def __post_init__(self) -> None:
        if min(self.open_per_user, self.open_per_guild, self.burst_user, self.burst_guild) < 0:
            raise ValueError("a limit is a count of 0 (off) or more")
        if self.refill_user <= 0 or self.refill_guild <= 0:
            raise ValueError("a bucket refills after a positive number of seconds")

    @property
    def off(self) -> bool:
        """True when no limit is on (nothing is counted)."""
        return not (self.open_per_user or self.open_per_guild or self.burst_user or self.burst_guild)


class LimitStore:
    """Admits lobbies under `LobbyLimits` and frees their places when they close."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._admit: Lua = Lua(redis, scripts.ADMIT_LOBBY)
        self._give_back: Lua = Lua(redis, scripts.GIVE_BACK_LOBBY)

    async def admit(self, guild_id: int, user_id: int, lobby_id: str, limits: LobbyLimits, now: float, *,
                    kept: int = 0) -> None:
        """Take a place and a token for a lobby `user_id` opens at `now` (epoch seconds), or raise `OverLimit` having
        written nothing. The user's set of open lobbies expires `kept` seconds later (0: never), when every lobby in
        it is gone."""
        if limits.off:
            return
        key_list = _keys(guild_id, user_id)
        args: list[str | int] = [repr(now), lobby_id, repr(now + CHECK_AFTER), limits.open_per_user,
                                 limits.open_per_guild, limits.burst_user, repr(limits.refill_user),
                                 limits.burst_guild, repr(limits.refill_guild), kept]
        checked: set[str] = set()  # each set is checked at most once: at most three runs
        while True:
            async with guard("admit lobby", key=key_list[0]):
                reply: list[str] = await self._admit(keys=key_list, args=args)
            if reply[0] == "ok":
                return
            status, limit, *rest = reply
            if status == "burst":
                most = limits.burst_user if limit == "user_burst" else limits.burst_guild
                raise OverLimit(limit, most, retry_at=now + float(rest[0]))
            user = limit == "user_open"
            if limit not in checked and await self._drop_gone(key_list[1] if user else key_list[0], rest, now,
                                                              "lobby" if user else None):
                checked.add(limit)
                continue  # it held leftovers: count again
            raise OverLimit(limit, limits.open_per_user if user else limits.open_per_guild)

    async def give_back(self, guild_id: int, user_id: int, lobby_id: str, limits: LobbyLimits) -> None:
        """Undo `admit` for a lobby that did not open: its places are freed and its tokens returned."""
        if limits.off:
            return
        async with guard("give back a lobby's place"):
            await self._give_back(keys=_keys(guild_id, user_id), args=[lobby_id, limits.burst_user,
                                                                         limits.burst_guild])

    async def started(self, guild_id: int, host_id: int, game_id: str) -> None:
        """A lobby became a game: no longer one of its host's open lobbies, it keeps its place in the guild."""
        async with guard("release a lobby's place"):
            await self.redis.zrem(keys.open_by_user(guild_id, host_id), game_id)

    async def closed(self, guild_id: int, host_id: int, record_id: str) -> None:
        """A lobby was cancelled, or a game finished or was ended: its places are free (safe to repeat)."""
        async with guard("release a place"), self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.open_by_user(guild_id, host_id), record_id)
            pipe.zrem(keys.open_in_guild(guild_id), record_id)
            await pipe.execute()

    async def open_ids(self, guild_id: int, user_id: int | None = None) -> list[str]:
        """The ids counted as open in a guild (or as a user's open lobbies there), checked or not."""
        key = keys.open_in_guild(guild_id) if user_id is None else keys.open_by_user(guild_id, user_id)
        async with guard(f"read {key}", key=key):
            return cast(list[str], await self.redis.zrange(key, 0, -1))

    async def _drop_gone(self, key: str, stale: Sequence[str], now: float, kind: Live | None) -> bool:
        """Check the `stale` entries of an open set against their records: drop those no longer open (not of
        `kind`, when given), trust the others for another `CHECK_AFTER`. True if any was dropped."""
        if not stale:
            return False
        live = await live_records(self.redis, stale)
        gone = [r for r in stale if r not in live or (kind is not None and live[r] != kind)]
        kept = {r: now + CHECK_AFTER for r in stale if r not in gone}
        async with guard(f"check {key}"), self.redis.pipeline(transaction=True) as pipe:
            if gone:
                pipe.zrem(key, *gone)
            if kept:
                pipe.zadd(key, kept, xx=True)  # an entry released meanwhile stays released
            await pipe.execute()
        return bool(gone)


def _keys(guild_id: int, user_id: int) -> list[str]:
    return [keys.open_in_guild(guild_id), keys.open_by_user(guild_id, user_id), keys.guild_bucket(guild_id),
            keys.user_bucket(guild_id, user_id)]
