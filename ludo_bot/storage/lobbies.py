"""Lobbies: the seats being filled before a game starts. A lobby holds its channel's claim under its id,
which becomes the game's id; `GameStore.create_game` deletes the lobby in the same step as it writes the
game. Opening one may be limited (`storage.limits`): the lobby takes its places when it opens and frees them when
it is cancelled (or, for its host's place, started).

A lobby not started expires `LOBBY_TTL` after it opened (joining does not extend it), and so do what it holds: its
channel's claim and its host's set of open lobbies expire a little later (`HELD_LONGER`), so neither outlives it by
more, nor ends while it is open. The game's claim of the channel, made when it starts, has no expiry: the game
releases it when it ends."""

from __future__ import annotations

import contextlib
import time

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.errors import StorageError
from ludo_bot.storage.indexes import ChannelIndex
from ludo_bot.storage.limits import LimitStore, LobbyLimits
from ludo_bot.storage.records import LobbyRecord, now, read_record
from ludo_bot.storage.versioned import VersionedHashes

LOBBY_TTL = 24 * 3600
HELD_LONGER = 120  # seconds a lobby's channel claim and its host's open set outlast it (they are written after it)
# A Start's hold on making the lobby's thread, and how long the outcome is kept for a Start that waited: Discord
# answers a start within a second or two, and a rate limit that kept it longer is a few seconds more.
THREAD_CLAIM = 30.0
MAKING = "making"  # the value of a lobby's `thread` key while a Start makes the thread
NO_THREAD = "-"  # its value once made when the game plays where the lobby is (else the thread's id)


class LobbyStore:
    """Create, load, compare-and-set save and drop lobbies."""

    def __init__(self, redis: Redis, *, ttl: int = LOBBY_TTL) -> None:
        self.redis = redis
        self.ttl = ttl
        self.records = VersionedHashes(redis)
        self.channels = ChannelIndex(redis)
        self.places = LimitStore(redis)

    async def create_lobby(self, lobby: LobbyRecord, *, limits: LobbyLimits | None = None,
                           now: float | None = None) -> LobbyRecord:
        """Store a new lobby and claim its channel (`ChannelBusy` if taken; nothing is kept then). With `limits` the
        lobby is first admitted under them at `now` (`OverLimit`; see `storage.limits`), and gives its place and
        token back if it does not open."""
        limits = limits or LobbyLimits()
        await self.places.admit(lobby.guild_id, lobby.host_id, lobby.id, limits, time.time() if now is None else now,
                                kept=self.ttl + HELD_LONGER)
        try:
            stored = await self.save_lobby(lobby)
            try:
                await self.channels.claim(lobby.channel_id, lobby.id, ttl=self.ttl + HELD_LONGER)
            except StorageError:
                with contextlib.suppress(StorageError):
                    async with guard("drop lobby"):
                        await self.redis.delete(keys.lobby(lobby.id))
                raise
        except StorageError:
            with contextlib.suppress(StorageError):  # failing that, the next full count finds the place gone
                await self.places.give_back(lobby.guild_id, lobby.host_id, lobby.id, limits)
            raise
        return stored

    async def load_lobby(self, lobby_id: str) -> LobbyRecord:
        """The stored lobby; `NotFound`, `CorruptRecord`."""
        key = keys.lobby(lobby_id)
        version, raw = await self.records.read(key)
        return read_record(LobbyRecord, key, raw, version=version)

    async def save_lobby(self, lobby: LobbyRecord) -> LobbyRecord:
        """Compare-and-set on `lobby.version` (0 for a new one, which gets the expiry; a save keeps it); `Conflict`
        if it changed meanwhile."""
        new = lobby.model_copy(update={"updated_at": now()})
        version = await self.records.write(keys.lobby(lobby.id), new.stored_json(), lobby.version,
                                           ttl=self.ttl if lobby.version == 0 else 0)
        return new.model_copy(update={"version": version})

    async def claim_thread(self, lobby_id: str) -> str | None:
        """None when this caller now makes the lobby's thread (one at a time: Discord makes one thread per message
        and refuses a second with an error that counts against the bot); else what the lobby's `thread` key holds:
        `MAKING`, or what `thread_made` kept."""
        key = keys.lobby_thread(lobby_id)
        async with guard("claim lobby thread"):
            while True:
                if await self.redis.set(key, MAKING, nx=True, px=round(THREAD_CLAIM * 1000)):
                    return None
                held = await self.redis.get(key)
                if held is not None:  # else it expired or was given back between the two steps
                    return str(held)

    async def thread_made(self, lobby_id: str, outcome: str) -> None:
        """Keep `outcome` (made by the caller that claimed it) for the Starts that wait for it."""
        async with guard("lobby thread made"):
            await self.redis.set(keys.lobby_thread(lobby_id), outcome, xx=True, px=round(THREAD_CLAIM * 1000))

    async def give_back_thread(self, lobby_id: str) -> None:
        """Give the claim back (making the thread failed: the next Start tries again)."""
        async with guard("give back lobby thread"):
            await self.redis.delete(keys.lobby_thread(lobby_id))

    async def drop_lobby(self, lobby: LobbyRecord) -> None:
        """Delete a cancelled lobby and free its channel and its places under the limits."""
        async with guard("drop lobby"):
            await self.redis.delete(keys.lobby(lobby.id))
        await self.channels.release(lobby.channel_id, lobby.id)
        await self.places.closed(lobby.guild_id, lobby.host_id, lobby.id)
