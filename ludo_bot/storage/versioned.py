"""Versioned records in a Redis hash (``v`` version, ``rec`` JSON, ``w`` last write id), written only by a
compare-and-set script (`scripts.CAS_RECORD`, or `scripts.SAVE_AND_SYNC` with a game's deadlines) in one round trip."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ludo_bot.storage import scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.deadlines import SYNC_KEYS
from ludo_bot.storage.errors import Conflict, CorruptRecord, NotFound, StorageFull, StorageUnavailable, WriteUncertain
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.tokens import token


class VersionedHashes:
    """Reads and compare-and-set writes of versioned hash records."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.cas: Lua = Lua(redis, scripts.CAS_RECORD)
        self.cas_and_sync: Lua = Lua(redis, scripts.SAVE_AND_SYNC)

    async def read(self, key: str) -> tuple[int, str]:
        """(version, JSON) of the record at `key`; `NotFound` if there is none."""
        async with guard(f"read {key}", key=key):
            version, raw = await self.redis.hmget(key, ["v", "rec"])
        return parse_version(key, cast(str | None, version), cast(str | None, raw))

    async def write(self, key: str, record_json: str, expected: int, *, log_key: str | None = None,
                    log_length: int = -1, entries: Sequence[str] = (), delete_at_creation: str | None = None,
                    ttl: int = 0, sync: Sequence[str | float] | None = None) -> int:
        """Write `record_json` if the stored version is `expected` (0: no record yet); append `entries`
        to `log_key` (whose length must be `log_length`) in the same step. Returns the new version.

        `sync`: a game's deadlines (`storage.deadlines.sync_args`), set in the same step once the record is written
        (one server only: the deadline keys are in another cluster slot)."""
        version, _ = await self.write_reading(key, record_json, expected, log_key=log_key, log_length=log_length,
                                              entries=entries, delete_at_creation=delete_at_creation, ttl=ttl,
                                              sync=sync)
        return version

    async def write_reading(self, key: str, record_json: str, expected: int, *, log_key: str | None = None,
                            log_length: int = -1, entries: Sequence[str] = (), delete_at_creation: str | None = None,
                            ttl: int = 0, sync: Sequence[str | float] | None = None,
                            read: tuple[int, int] | None = None) -> tuple[int, list[str]]:
        """`write`, and then, in the same step, the log's entries `read` (first, last: inclusive) read back.
        Returns the new version and those entries ([] when `read` is None)."""
        span: list[Any] = ["", ""] if read is None or log_key is None else list(read)
        head: list[Any] = [expected, log_length if log_key else -1, record_json, token(), ttl, *span]
        script, keys, args = self.cas, [key], [*head, *entries]
        if sync is not None:
            script, keys = self.cas_and_sync, [key, log_key or key, *SYNC_KEYS]
            args = [*head, len(entries), *entries, *sync]
        elif log_key is not None or delete_at_creation is not None:
            keys.append(log_key or key)
        if delete_at_creation is not None:
            keys.append(delete_at_creation)
        try:
            async with guard(f"write {key}", key=key):
                status, value, *found = await script(keys=keys, args=args)
        except StorageFull:
            raise  # refused before writing anything: not uncertain
        except StorageUnavailable as error:
            raise WriteUncertain(str(error)) from error
        if status == "ok":
            return int(value), list(found[0]) if found else []
        if status == "conflict":
            if int(value) == 0:
                raise NotFound(key)
            raise Conflict(key, expected, int(value))
        raise CorruptRecord(key, str(value))


def parse_version(key: str, version: str | None, raw: str | None) -> tuple[int, str]:
    """Check the two fields of a versioned hash."""
    if version is None and raw is None:
        raise NotFound(key)
    if version is None or raw is None:
        raise CorruptRecord(key, "the version or record field is missing")
    try:
        number = int(version)
    except ValueError:
        raise CorruptRecord(key, f"version {version[:20]!r} is not a number") from None
    return number, raw
