"""Deadlines (turn reminders, turn timeouts, a finished game's follow-up) in one sorted set, claimed by exactly one
worker at a time.

A game's deadlines are those its record names: `sync` sets them all from the record at a version (in the save's own
script on one server, see `storage.games`), and a sync of an older version than the queue holds writes nothing, so
saves that sync in another order than they landed leave the newest record's deadlines.
A worker calls `claim_due`: one script takes the items due now and moves each one's score to the end of
its lease, with a fresh claim token. The worker acts, then calls `complete` with the token (removing the item, or
queueing it again at the time the record gives). A worker that dies leaves the item in the set: when the lease
ends it is due again and another worker claims it. A sync drops the claims on the game's items, so a slow
worker's `complete` cannot undo a newer record's deadlines.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.tokens import token

DEFAULT_LEASE = 60.0


@dataclass(frozen=True, slots=True)
class Deadline:
    """Something due for a game: `kind` is e.g. "remind" or "timeout"."""

    kind: str
    game_id: str

    @property
    def member(self) -> str:
        """The sorted-set member."""
        return f"{self.kind}:{self.game_id}"

    @classmethod
    def parse(cls, member: str) -> Deadline:
        """Read a sorted-set member."""
        kind, _, game_id = member.partition(":")
        return cls(kind, game_id)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claimed deadline: complete it with `DeadlineQueue.complete` before `lease_until`."""

    deadline: Deadline
    token: str
    lease_until: float


class DeadlineQueue:
    """The deadline set and its claims."""

    def __init__(self, redis: Redis, *, lease: float = DEFAULT_LEASE, due_key: str = keys.DEADLINES_DUE,
                 claims_key: str = keys.DEADLINES_CLAIMS) -> None:
        self.redis = redis
        self.lease = lease
        self.due_key, self.claims_key = due_key, claims_key  # (another queue of the kind: `storage.seasons`)
        self._claim: Lua = Lua(redis, scripts.CLAIM_DUE)
        self._complete: Lua = Lua(redis, scripts.COMPLETE_DUE)
        self._set_due: Lua = Lua(redis, scripts.SET_DUE)
        self._sync: Lua = Lua(redis, scripts.SYNC_DUE)
        self._forget: Lua = Lua(redis, scripts.FORGET_SYNCED)

    async def schedule(self, deadline: Deadline, due_at: float) -> None:
        """Set (or move) the deadline's due time; a current claim on it is dropped."""
        await self.set_due({deadline: due_at})

    async def cancel(self, *deadlines: Deadline) -> None:
        """Remove deadlines (e.g. every deadline of a finished game)."""
        await self.set_due(dict.fromkeys(deadlines))

    async def set_due(self, due: Mapping[Deadline, float | None]) -> None:
        """Schedule, move or (with None) remove several deadlines in one round trip; their claims are dropped."""
        for deadline in due:
            if ":" in deadline.kind or not deadline.kind or not deadline.game_id:
                raise ValueError(f"bad deadline {deadline!r}")
        if not due:
            return
        async with guard("schedule deadlines"):
            await self._set_due(keys=[self.due_key, self.claims_key],
                                args=[v for d, at in due.items() for v in (d.member, "" if at is None else at)])

    async def sync(self, game_id: str, version: int, due: Mapping[str, float | None]) -> bool:
        """Set a game's deadlines to those of its record at `version`: `due` maps every kind of deadline to its
        time (None: none). False (nothing written) when the queue holds a newer version's already."""
        async with guard("set deadlines"):
            done = await self._sync(keys=list(SYNC_KEYS), args=[version, *sync_args(game_id, due)])
        return bool(done)

    async def forget(self, game_id: str, kinds: Sequence[str]) -> bool:
        """Once none of the items of these `kinds` of a record is queued (its last one handled), forget the version
        the queue held them for, so that no field is left behind for it. True if forgotten."""
        members = [Deadline(kind, game_id).member for kind in kinds]
        async with guard("forget deadlines"):
            return bool(await self._forget(keys=[self.due_key, keys.DEADLINES_SYNCED], args=[game_id, *members]))

    async def hint(self, game_id: str, due: Mapping[str, float | None]) -> None:
        """Queue a game's deadlines at these times unless queued earlier (nothing is removed, no claim dropped):
        before a save whose `sync` is a step of its own, so that a process dying between the two leaves them
        queued (see `storage.games`)."""
        earlier = {Deadline(kind, game_id).member: at for kind, at in due.items() if at is not None}
        if earlier:
            async with guard("queue deadlines"):
                await self.redis.zadd(self.due_key, earlier, lt=True)

    async def due_at(self, deadline: Deadline) -> float | None:
        """When the deadline is due (or its lease ends, if claimed); None if not scheduled."""
        async with guard("read deadline"):
            score: float | None = await self.redis.zscore(self.due_key, deadline.member)
        return score

    async def next_due(self) -> float | None:
        """The earliest due time in the set (for a worker deciding how long to sleep)."""
        async with guard("read deadlines"):
            first = cast(list[tuple[str, float]], await self.redis.zrange(self.due_key, 0, 0, withscores=True))
        return first[0][1] if first else None

    async def claim_due(self, *, now: float | None = None, limit: int = 10, lease: float | None = None
                        ) -> list[Claim]:
        """Claim up to `limit` items due by `now`, each for `lease` seconds. No two workers get the same item
        while its lease runs."""
        at = time.time() if now is None else now
        until = at + (self.lease if lease is None else lease)
        async with guard("claim deadlines"):
            flat: list[str] = await self._claim(keys=[self.due_key, self.claims_key],
                                                args=[at, until, limit, token()])
        return [Claim(Deadline.parse(flat[i]), flat[i + 1], until) for i in range(0, len(flat), 2)]

    async def complete(self, claim: Claim, due_again: float | None = None) -> bool:
        """Remove a claimed item (or queue it at `due_again`). False if the claim was lost (the lease ended and
        another worker claimed it, or it was rescheduled or synced): then the item is left as it is."""
        args: list[str | float] = [claim.deadline.member, claim.token]
        if due_again is not None:
            args.append(due_again)
        async with guard("complete deadline"):
            done = await self._complete(keys=[self.due_key, self.claims_key], args=args)
        return bool(done)

    async def count(self, kind: str) -> int:
        """How many deadlines of `kind` are queued (claimed ones included): a scan of the set, for the metrics."""
        found = 0
        async with guard("count deadlines", timeout=5.0):
            async for _ in self.redis.zscan_iter(self.due_key, match=f"{kind}:*", count=1000):
                found += 1
        return found

SYNC_KEYS = (keys.DEADLINES_DUE, keys.DEADLINES_CLAIMS, keys.DEADLINES_SYNCED)


def sync_args(game_id: str, due: Mapping[str, float | None]) -> list[str | float]:
    """The arguments of a sync of a game's deadlines after its version (`scripts.SYNC_DUE`)."""
    args: list[str | float] = [game_id]
    for kind, at in due.items():
        args += [Deadline(kind, game_id).member, "" if at is None else at]
    return args
