"""The rematch a finished game led to: field ``r`` of the game's hash, ``<lobby id> <epoch seconds>`` (when it was
claimed) while its lobby is being opened, ``<lobby id>`` once the lobby is open. It lives and expires with the game,
and is changed only by a compare-and-set of that field (`scripts.SWAP_FIELD`), which leaves the record's version
alone: two Rematch presses at once claim it once, and claiming never conflicts with anything else written to the
game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.errors import CorruptRecord, NotFound
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.records import ID_PATTERN

FIELD = "r"


@dataclass(frozen=True, slots=True)
class RematchClaim:
    """The lobby opened as a finished game's rematch; while it is being opened, when it was claimed (`at`)."""

    lobby_id: str
    at: float | None = None

    @property
    def raw(self) -> str:
        return self.lobby_id if self.at is None else f"{self.lobby_id} {self.at!r}"


class RematchStore:
    """Read and compare-and-set the rematch claim of finished games."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._swap: Lua = Lua(redis, scripts.SWAP_FIELD)

    async def claimed(self, game_id: str) -> RematchClaim | None:
        """The game's rematch claim, if any (`CorruptRecord` for an unreadable one)."""
        key = keys.game(game_id)
        async with guard(f"read the rematch of {key}", key=key):
            raw = cast(str | None, await self.redis.hget(key, FIELD))
        return _parse(key, raw) if raw else None

    async def swap(self, game_id: str, old: RematchClaim | None, new: RematchClaim | None) -> bool:
        """Replace the claim `old` (None: no claim yet) by `new` (None: remove it). False when the game holds
        another claim by now (someone else was first); `NotFound` when the game is gone."""
        key = keys.game(game_id)
        async with guard(f"claim the rematch of {key}", key=key):
            result = await self._swap(keys=[key], args=[FIELD, old.raw if old else "", new.raw if new else ""])
        if result is None:
            raise NotFound(key)
        return int(result[0]) == 1


def _parse(key: str, raw: str) -> RematchClaim:
    lobby_id, _, at = raw.partition(" ")
    try:
        if re.fullmatch(ID_PATTERN, lobby_id):
            return RematchClaim(lobby_id, float(at) if at else None)
    except ValueError:
        pass
    raise CorruptRecord(key, f"rematch field {raw[:40]!r} is not '<lobby id> <time>'")
