"""Games in Redis: create, load, compare-and-set save with the log appended in the same step.

Every write is `scripts.CAS_RECORD` on ``ludo:{id}:game`` + ``ludo:{id}:log``: one round trip, atomic.
A save carries the version the record was loaded at; a stale writer gets `Conflict` and writes nothing.
A save that changes the game's deadlines sets them in the deadline queue (`storage.deadlines`): in the same script
on one server (`scripts.SAVE_AND_SYNC`); on a Redis Cluster, whose scripts keep to one slot, in a step after the
save (a sync of an older version than the queue holds writes nothing). There a process dying between the two
leaves the game's earlier deadlines queued: a turn's timeout still comes (early, and the worker moves it), but the
reminder of the turn may not; so a new game's first deadlines, and a finished game's follow-up, which have nothing
queued before them, are queued before the save as well (a save that loses leaves such an item to the worker,
which drops it).
Finished (or ended) games get an expiry (the retention); active games never expire.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from redis.asyncio.cluster import RedisCluster

from ludo_bot import engine
from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.deadlines import DeadlineQueue, sync_args
from ludo_bot.storage.errors import CorruptRecord, NotFound, StorageError
from ludo_bot.storage.game_log import check_replay
from ludo_bot.storage.indexes import ChannelIndex, UserIndex
from ludo_bot.storage.interactions import Filing, Inboxes
from ludo_bot.storage.limits import LimitStore, playing_alone
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import GameRecord, now, read_record
from ludo_bot.storage.versioned import VersionedHashes, parse_version

logger = logging.getLogger(__name__)
DEFAULT_RETENTION = 30 * 24 * 3600  # seconds a finished game is kept
_ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


class Replaced(NamedTuple):
    """A message id given to `GameStore.replace_message`, and what it found."""

    shown: int | None  # the id remembered now (a newer one than given stays; None: the game is gone)
    before: int | None  # the id remembered just before (None: none, or the game is gone)
    version: int  # the game record's version (0: gone), to tell whether the game moved on since a message's post


def new_game_id() -> str:
    """A short random id (10 characters of Crockford base32: 50 bits)."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(10))


class GameStore:
    """Games, their logs, and the channel and user indexes that point at them."""

    def __init__(self, redis: Redis, *, retention: int = DEFAULT_RETENTION) -> None:
        self.redis = redis
        self.retention = retention
        self.records = VersionedHashes(redis)
        self.channels = ChannelIndex(redis)
        self.users = UserIndex(redis)
        self.places = LimitStore(redis)
        self.inboxes = Inboxes(redis)
        self.deadlines = DeadlineQueue(redis)
        self._one_step = not isinstance(redis, RedisCluster)  # a save sets its deadlines in its own script
        self._set_message: Lua = Lua(redis, scripts.SET_MESSAGE)

    async def create_game(self, record: GameRecord, actions: Sequence[str] = (), *,
                          due: Mapping[str, float | None] | None = None) -> GameRecord:
        """Store a new game (version 0 -> 1) with its deadlines `due` (see `save_game`) and claim its channel; a
        lobby of the same id is deleted in the same step. Raises `ChannelBusy` if the channel has another live game
        or lobby (nothing is kept then)."""
        if record.version != 0:
            raise ValueError("a new game has version 0")
        stored, _ = await self._write(record, actions, due)
        try:
            await self.channels.claim(record.channel_id, record.id)
        except StorageError:
            with contextlib.suppress(StorageError):
                await self._delete(record.id)
                if due:
                    await self.deadlines.sync(record.id, stored.version, dict.fromkeys(due))
            raise
        for user in await self.users.add(record.id, record.user_ids):
            await self.user_games(user)  # prunes the user's set
        await self.places.started(record.guild_id, record.host_id, record.id, alone=playing_alone(stored))
        return stored

    async def load_game(self, game_id: str, *, with_log: bool = False) -> GameRecord:
        """The stored game (migrated to the current schema). One round trip, with or without the log.

        Raises `NotFound` for an unknown id, `CorruptRecord` for an unreadable record."""
        key = keys.game(game_id)
        async with guard(f"load {key}", key=key):
            if with_log:
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.hmget(key, ["v", "rec", "m"])
                    pipe.lrange(keys.log(game_id), 0, -1)
                    (version, raw, message), log = await pipe.execute()
            else:
                version, raw, message = await self.redis.hmget(key, ["v", "rec", "m"])
                log = None
        return _game(game_id, version, raw, message, log)

    async def claim_and_load(self, game_id: str, interaction_id: int, *, now: float,
                             filing: Filing | None = None) -> GameRecord | None:
        """Claim a click on the game's buttons (filing it in the game's inbox, see `storage.interactions`) and load
        the game, in one step: None when the click was claimed before (another bot process has it); else the game,
        as `load_game` reads it."""
        found = await self.inboxes.claim(game_id, interaction_id, now=now, filing=filing, read_game=True)
        if found is None:
            return None
        version, raw, message = found
        return _game(game_id, version, raw, message, None)

    async def set_message(self, game_id: str, message_id: int) -> int | None:
        """Remember the game's live message unless a newer one is remembered (Discord's ids grow with time): one
        step that does not touch the version. Returns the id remembered now (None: the game is gone)."""
        return (await self.replace_message(game_id, message_id)).shown

    async def replace_message(self, game_id: str, message_id: int) -> Replaced:
        """`set_message`, telling also the id remembered just before and the record's version."""
        key = keys.game(game_id)
        async with guard(f"set the message of {key}", key=key):
            shown, before, version = await self._set_message(keys=[key], args=[message_id])
        return Replaced(int(shown) if shown else None, int(before) if before else None,
                        int(version) if str(version).isdigit() else 0)

    async def load_log(self, game_id: str, start: int = 0, end: int = -1) -> list[str]:
        """Entries `start`..`end` (inclusive) of a game's action log."""
        key = keys.log(game_id)
        async with guard(f"read {key}", key=key):
            entries = cast(list[str], await self.redis.lrange(key, start, end))
        return entries

    async def save_game(self, record: GameRecord, actions: Sequence[str] = (), *,
                        due: Mapping[str, float | None] | None = None) -> GameRecord:
        """Compare-and-set: store `record` if the stored version is still `record.version`, appending
        `actions` to the log in the same atomic step. Returns the stored record (version + 1).

        `due`: the game's deadlines as the new record has them, every kind (None: none), when they change; the
        deadline queue then holds them once the save returns (see the module's text).
        Raises `Conflict` if someone saved first, `NotFound` if the game is gone. When the record is
        no longer active the game gets its retention expiry and leaves the channel and user indexes."""
        stored, _ = await self.save_and_read(record, actions, due=due)
        return stored

    async def save_and_read(self, record: GameRecord, actions: Sequence[str] = (), *,
                            due: Mapping[str, float | None] | None = None,
                            read: tuple[int, int] | None = None) -> tuple[GameRecord, list[str]]:
        """`save_game`, reading the log's entries `read` (first, last: inclusive; None: none) in the same step.
        Returns the stored record and those entries."""
        if record.version < 1:
            raise ValueError("save_game needs a loaded record; use create_game for a new one")
        stored, entries = await self._write(record, actions, due, read)
        if not stored.active:
            try:
                await self.release_indexes(stored)
            except StorageError as error:  # the save stands; a stale claim is taken over later
                logger.warning("game %s finished but its indexes were not released: %s", stored.id, error)
        return stored, entries

    async def verify_game(self, game_id: str) -> engine.GameState:
        """Load a game with its log and check the log replays to the stored state (`ReplayMismatch`)."""
        return check_replay(await self.load_game(game_id, with_log=True))

    async def release_indexes(self, record: GameRecord) -> None:
        """Remove a finished game from its channel, its users' sets and the guild's open games (safe to repeat)."""
        await self.channels.release(record.channel_id, record.id)
        await self.users.remove(record.id, record.user_ids)
        await self.places.closed(record.guild_id, record.host_id, record.id, record.user_ids)

    async def channel_game(self, channel_id: int) -> str | None:
        """The id of the channel's live game or lobby, if any."""
        holder = await self.channels.holder(channel_id)
        if holder is not None and not await self.channels.is_live(holder):
            return None
        return holder

    async def load_games(self, game_ids: Sequence[str]) -> dict[str, GameRecord | None]:
        """Several games as `load_game` reads each (without logs), in one round trip (per node on a cluster): id ->
        the record, None for a game that is gone. An unreadable record is left out (logged, left for a person)."""
        if not game_ids:
            return {}
        async with guard("load games"), self.redis.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.hmget(keys.game(game_id), ["v", "rec", "m"])
            replies = await pipe.execute(raise_on_error=False)
        found: dict[str, GameRecord | None] = {}
        for game_id, reply in zip(game_ids, replies, strict=True):
            try:
                if isinstance(reply, Exception):  # e.g. a key of the wrong type
                    raise CorruptRecord(keys.game(game_id), str(reply)[:200])
                version, raw, message = reply
                found[game_id] = _game(game_id, version, raw, message, None)
            except NotFound:
                found[game_id] = None
            except CorruptRecord as error:
                logger.warning("game %s not listed: %s", game_id, error)
        return found

    async def user_games(self, user_id: int) -> list[GameRecord]:
        """A user's active games, read in two round trips however many they are. Entries of games that finished,
        expired or no longer seat the user are dropped from the index; an unreadable game is neither listed nor
        dropped."""
        found: list[GameRecord] = []
        gone: list[str] = []
        for game_id, record in (await self.load_games(await self.users.game_ids(user_id))).items():
            if record is not None and record.active and user_id in record.user_ids:
                found.append(record)
            else:
                gone.append(game_id)
        if gone:
            async with guard("drop finished games"):
                await self.redis.srem(keys.user_games(user_id), *gone)
        return found

    async def _write(self, record: GameRecord, actions: Sequence[str], due: Mapping[str, float | None] | None,
                     read: tuple[int, int] | None = None) -> tuple[GameRecord, list[str]]:
        entries = [*record.log, *actions] if len(record.log) == record.log_length else []
        new = record.model_copy(update={"version": record.version + 1,
                                        "log_length": record.log_length + len(actions),
                                        "updated_at": now(), "log": entries})
        ttl = 0 if new.active else self.retention
        apart = None if self._one_step else due  # deadlines set in a step of their own
        if apart is not None and (record.version == 0 or not new.active):  # a first deadline, or a follow-up
            await self.deadlines.hint(record.id, apart)
        version, entries = await self.records.write_reading(
            keys.game(record.id), new.stored_json(), record.version, log_key=keys.log(record.id),
            log_length=record.log_length, entries=actions,
            delete_at_creation=keys.lobby(record.id) if record.version == 0 else None, ttl=ttl,
            sync=sync_args(record.id, due) if due is not None and apart is None else None, read=read)
        if apart is not None:
            try:
                await self.deadlines.sync(record.id, version, apart)
            except StorageError as error:  # the save stands; the times queued before it are no later than its own
                logger.warning("game %s saved, its deadlines not set: %s", record.id, error)
        return new.model_copy(update={"version": version}), entries

    async def _delete(self, game_id: str) -> None:
        async with guard("delete game"):
            await self.redis.delete(keys.game(game_id), keys.log(game_id))


def _game(game_id: str, version: str | None, raw: str | None, message: str | None,
          log: list[str] | None) -> GameRecord:
    """A game record from the fields of its hash (and its log, when read)."""
    key = keys.game(game_id)
    number, text = parse_version(key, version, raw)
    record = read_record(GameRecord, key, text, version=number)
    if record.id != game_id:
        raise CorruptRecord(key, f"holds game {record.id!r}")
    changes: dict[str, object] = {}
    if message is not None:
        try:
            changes["message_id"] = int(message)
        except ValueError:
            raise CorruptRecord(key, f"message id {message[:20]!r} is not a number") from None
    if log is not None:
        if len(log) != record.log_length:
            raise CorruptRecord(keys.log(game_id), f"{len(log)} entries, the record says {record.log_length}")
        changes["log"] = log
    return record.model_copy(update=changes) if changes else record
