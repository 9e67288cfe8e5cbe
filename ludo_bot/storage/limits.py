"""Limits on opening lobbies, counted in Redis so that every bot process shares them. The numbers are the caller's
(`LobbyLimits`); this module only counts.

Two kinds of limit, checked and taken together by one script (`scripts.ADMIT_LOBBY`) on keys of the guild's hash
tag, so the step is atomic and stays in one cluster slot:

- What is open at one moment. A guild's open lobbies plus active games (``open``), and the open lobbies a user
  hosts in that guild (``open:<user>``), are sorted sets of lobby ids (a lobby's id becomes its game's). A lobby
  enters both when it opens; it leaves its host's set when it is cancelled or started, and the guild's when it is
  cancelled or its game finishes or is ended (`started`, `closed`; the lobby and game stores call them).
- The games a user plays alone, the one person still playing among AI seats (`playing_alone`; ``alone:<user>``),
  take that user's open places too: AI seats play every turn that times out, so such a game runs for days whether
  or not its person plays, and a member starting one in every channel would hold all of a guild's places. A game
  enters the set when it starts so, or becomes so (`now_alone`: the service calls it when its other people left, so
  that a second account joining and leaving, or a host leaving a second account alone, gets round nothing), and
  leaves it when it ends (`closed`); a game that no longer counts (its person left) is found at the next full count.
  The set is kept with the limit off too, so that a limit switched on counts the games running.
- Bursts. A token bucket per user in a guild and one per guild (``burst:<user>``, ``burst``). Opening a lobby
  takes a token; a bucket gains one every `refill` seconds up to its capacity. A missing bucket is a full one, so
  its key expires once it would be full again.

Nothing is counted twice or lost for good: a lobby that expires (`storage.lobbies.LOBBY_TTL`) or a release lost in
a crash leaves an entry behind, so an entry's score is the time until which it is trusted (`CHECK_AFTER` seconds
after it was written or last checked). Only when a set is full are its entries past that time checked against
their records (`storage.indexes.live_records`): those whose lobby (in a user's set) or lobby or active game (in
the guild's) is gone are dropped, the others are trusted again, and the count is taken once more before anyone is
refused (a game played alone is checked the same way, the first time when it is first counted in full). The rest
of the time the counts cost no extra reads, and a set holds at most its limit plus what is in flight. A limit that
is off (0) keeps no set or bucket (but the games played alone); switched on later, it counts lobbies opened from
then on.

Only a lobby that opens takes a place and a token: a refused admission writes nothing (`OverLimit`), and a lobby
that does not open after its admission (its channel is busy, Redis failed) gives both back (`give_back`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ludo_bot import engine
from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.errors import OverLimit, StorageError
from ludo_bot.storage.game_log import state_of
from ludo_bot.storage.indexes import live_records
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import GameRecord, read_record

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
        checked: set[str] = set()  # each count is checked at most once: at most three runs
        while True:
            async with guard("admit lobby", key=key_list[0]):
                reply: list[str] = await self._admit(keys=key_list, args=args)
            if reply[0] == "ok":
                return
            status, limit, *rest = reply
            if status == "burst":
                most = limits.burst_user if limit == "user_burst" else limits.burst_guild
                raise OverLimit(limit, most, retry_at=now + float(rest[0]))
            if limit == "guild_open":
                if limit not in checked and await self._drop_gone(key_list[0], rest, now, await self._live(rest)):
                    checked.add(limit)
                    continue  # it held leftovers: count again
                raise OverLimit(limit, limits.open_per_guild)
            alone, lobbies = int(rest[0]), int(rest[1])
            stale_lobbies, stale_games = rest[2:2 + lobbies], rest[2 + lobbies:]
            if limit not in checked:
                checked.add(limit)
                gone = await self._drop_gone(key_list[1], stale_lobbies, now, await self._live(stale_lobbies,
                                                                                                lobbies=True))
                gone |= await self._drop_gone(key_list[4], stale_games, now,
                                              await self._alone(stale_games, user_id))
                if gone:
                    continue
            raise OverLimit(limit, limits.open_per_user, alone=alone)

    async def give_back(self, guild_id: int, user_id: int, lobby_id: str, limits: LobbyLimits) -> None:
        """Undo `admit` for a lobby that did not open: its places are freed and its tokens returned."""
        if limits.off:
            return
        async with guard("give back a lobby's place"):
            await self._give_back(keys=_keys(guild_id, user_id), args=[lobby_id, limits.burst_user,
                                                                         limits.burst_guild])

    async def started(self, guild_id: int, host_id: int, game_id: str, *, alone: int | None = None) -> None:
        """A lobby became a game: no longer one of its host's open lobbies, it keeps its place in the guild, and one
        of the user's who plays it `alone` (`playing_alone`), if one does."""
        async with guard("release a lobby's place"), self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.open_by_user(guild_id, host_id), game_id)
            if alone is not None:
                pipe.zadd(keys.alone_by_user(guild_id, alone), {game_id: 0})  # checked when first counted in full
            await pipe.execute()

    async def now_alone(self, guild_id: int, user_id: int, game_id: str) -> None:
        """A game became one `user_id` plays alone (its other people left): it takes one of that user's places."""
        async with guard("count a game played alone"):
            await self.redis.zadd(keys.alone_by_user(guild_id, user_id), {game_id: 0})

    async def closed(self, guild_id: int, host_id: int, record_id: str, players: Sequence[int] = ()) -> None:
        """A lobby was cancelled, or a game (of `players`) finished or was ended: its places are free (safe to
        repeat)."""
        async with guard("release a place"), self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.open_by_user(guild_id, host_id), record_id)
            for user in {host_id, *players}:
                pipe.zrem(keys.alone_by_user(guild_id, user), record_id)
            pipe.zrem(keys.open_in_guild(guild_id), record_id)
            await pipe.execute()

    async def open_ids(self, guild_id: int, user_id: int | None = None, *, alone: bool = False) -> list[str]:
        """The ids counted as open in a guild (or as a user's open lobbies there, or with `alone` the games the user
        plays alone there), checked or not."""
        key = (keys.open_in_guild(guild_id) if user_id is None else
               keys.alone_by_user(guild_id, user_id) if alone else keys.open_by_user(guild_id, user_id))
        async with guard(f"read {key}", key=key):
            return cast(list[str], await self.redis.zrange(key, 0, -1))

    async def _live(self, ids: Sequence[str], *, lobbies: bool = False) -> set[str]:
        """Those of `ids` still an open lobby or an active game (with `lobbies`: an open lobby)."""
        live = await live_records(self.redis, ids)
        return {r for r, kind in live.items() if kind == "lobby" or not lobbies}

    async def _alone(self, ids: Sequence[str], user_id: int) -> set[str]:
        """Those of `ids` still a game `user_id` plays alone (`playing_alone`), or unreadable: a record that cannot be
        read is never forgotten silently (see `storage.indexes.live_records`)."""
        if not ids:
            return set()
        async with guard("check games played alone"), self.redis.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.hget(keys.game(game_id), "rec")
            replies = await pipe.execute(raise_on_error=False)
        found: set[str] = set()
        for game_id, raw in zip(ids, replies, strict=True):
            if raw is None:
                continue  # gone (past its retention)
            try:
                if not isinstance(raw, str):  # an error in its place (a key of the wrong type)
                    raise StorageError(str(raw)[:200])
                record = read_record(GameRecord, keys.game(game_id), raw, version=0)
                if playing_alone(record) == user_id:
                    found.add(game_id)
            except (StorageError, engine.NotationError):
                found.add(game_id)
        return found

    async def _drop_gone(self, key: str, stale: Sequence[str], now: float, still: set[str]) -> bool:
        """Drop the `stale` entries of an open set that are not `still` counted (checked against their records), and
        trust the others for another `CHECK_AFTER`. True if any was dropped."""
        if not stale:
            return False
        gone = [r for r in stale if r not in still]
        kept = {r: now + CHECK_AFTER for r in stale if r not in gone}
        async with guard(f"check {key}"), self.redis.pipeline(transaction=True) as pipe:
            if gone:
                pipe.zrem(key, *gone)
            if kept:
                pipe.zadd(key, kept, xx=True)  # an entry released meanwhile stays released
            await pipe.execute()
        return bool(gone)


def playing_alone(record: GameRecord, state: engine.GameState | None = None) -> int | None:
    """The one person still playing an active game, every other seat still in it an AI (None: several, or none);
    `state`: the record's position, when the caller has it. `engine.NotationError` for a damaged position. A
    tournament's table has none: its round starts it and its round's deadline ends it."""
    if not record.active or record.tournament is not None:
        return None
    playing = (state or state_of(record)).active
    people = {s.user_id for s in record.seats if s.user_id is not None and s.seat in playing}
    return people.pop() if len(people) == 1 else None


def _keys(guild_id: int, user_id: int) -> list[str]:
    return [keys.open_in_guild(guild_id), keys.open_by_user(guild_id, user_id), keys.guild_bucket(guild_id),
            keys.user_bucket(guild_id, user_id), keys.alone_by_user(guild_id, user_id)]
