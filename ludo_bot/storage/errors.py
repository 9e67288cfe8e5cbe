"""The errors the storage layer raises. Everything else from redis-py is translated into these."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every storage error."""


class StorageUnavailable(StorageError):
    """Redis cannot be reached, or did not answer in time. Nothing was written, or the write is whole."""


class StorageFull(StorageUnavailable):
    """Redis refused a write: its memory is at `maxmemory` (it never evicts: the policy is noeviction). Nothing was
    written; reads still work. The operator frees memory or raises the limit (see docs/operators/redis.md)."""


class WriteUncertain(StorageUnavailable):
    """A compare-and-set write met an unavailable Redis: it was written whole or not at all, and which one is not
    known until Redis answers again (a reply lost on its way back)."""


class Conflict(StorageError):
    """A compare-and-set lost: the record changed since it was loaded. Reload and try again."""

    def __init__(self, key: str, expected: int, found: int | None) -> None:
        super().__init__(f"{key}: expected version {expected}, found {found if found is not None else 'none'}")
        self.key = key
        self.expected = expected
        self.found = found


class NotFound(StorageError):
    """No record under this key (an unknown id, or a finished game past its retention)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"{key}: no such record")
        self.key = key


class CorruptRecord(StorageError):
    """A stored record cannot be read. It is left as it is, for a person to look at."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: unreadable record ({problem})")
        self.key = key
        self.problem = problem


class ChannelBusy(StorageError):
    """The channel or thread already has an active game or lobby."""

    def __init__(self, channel_id: int, holder: str) -> None:
        super().__init__(f"channel {channel_id} already has game {holder}")
        self.channel_id = channel_id
        self.holder = holder


class OverLimit(StorageError):
    """Opening a lobby would pass a limit (`storage.limits`): `limit` names it ("user_open", "guild_open",
    "user_burst" or "guild_burst"), `most` is its number, `retry_at` (epoch seconds) when a burst limit lets the
    next one in, `alone` how many of the user's places are games they play alone against AI seats. Nothing was
    taken."""

    def __init__(self, limit: str, most: int, *, retry_at: float | None = None, alone: int = 0) -> None:
        super().__init__(f"lobby limit {limit} ({most}) reached" + (f", next at {retry_at:.0f}" if retry_at else ""))
        self.limit = limit
        self.most = most
        self.retry_at = retry_at
        self.alone = alone


class ReplayMismatch(CorruptRecord):
    """A game's action log does not replay to its stored state."""
