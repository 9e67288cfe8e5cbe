"""Deadlines (turn reminders, turn timeouts) in one sorted set, claimed by exactly one worker at a time.

A worker calls `claim_due`: one script takes the items due now and moves each one's score to the end of
its lease, with a fresh claim token. The worker acts, then calls `complete` with the token. A worker that
dies leaves the item in the set: when the lease ends it is due again and another worker claims it.
Rescheduling an item (the turn moved on) drops its claim, so a slow worker's `complete` cannot remove it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from redis.commands.core import AsyncScript

from storage import keys, scripts
from storage.client import Redis, guard

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

    def __init__(self, redis: Redis, *, lease: float = DEFAULT_LEASE) -> None:
        self.redis = redis
        self.lease = lease
        self._claim: AsyncScript = redis.register_script(scripts.CLAIM_DUE)
        self._complete: AsyncScript = redis.register_script(scripts.COMPLETE_DUE)
        self._set_due: AsyncScript = redis.register_script(scripts.SET_DUE)

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
            await self._set_due(keys=[keys.DEADLINES_DUE, keys.DEADLINES_CLAIMS],
                                args=[v for d, at in due.items() for v in (d.member, "" if at is None else at)])

    async def due_at(self, deadline: Deadline) -> float | None:
        """When the deadline is due (or its lease ends, if claimed); None if not scheduled."""
        async with guard("read deadline"):
            score: float | None = await self.redis.zscore(keys.DEADLINES_DUE, deadline.member)
        return score

    async def next_due(self) -> float | None:
        """The earliest due time in the set (for a worker deciding how long to sleep)."""
        async with guard("read deadlines"):
            first = cast(list[tuple[str, float]], await self.redis.zrange(keys.DEADLINES_DUE, 0, 0, withscores=True))
        return first[0][1] if first else None

    async def claim_due(self, *, now: float | None = None, limit: int = 10, lease: float | None = None
                        ) -> list[Claim]:
        """Claim up to `limit` items due by `now`, each for `lease` seconds. No two workers get the same item
        while its lease runs."""
        at = time.time() if now is None else now
        until = at + (self.lease if lease is None else lease)
        async with guard("claim deadlines"):
            flat: list[str] = await self._claim(keys=[keys.DEADLINES_DUE, keys.DEADLINES_CLAIMS],
                                                args=[at, until, limit, secrets.token_hex(8)])
        return [Claim(Deadline.parse(flat[i]), flat[i + 1], until) for i in range(0, len(flat), 2)]

    async def complete(self, claim: Claim) -> bool:
        """Remove a claimed item. False if the claim was lost (lease ended and re-claimed, or rescheduled)."""
        async with guard("complete deadline"):
            done = await self._complete(keys=[keys.DEADLINES_DUE, keys.DEADLINES_CLAIMS],
                                        args=[claim.deadline.member, claim.token])
        return bool(done)

    async def count(self, kind: str) -> int:
        """How many deadlines of `kind` are queued (claimed ones included): a scan of the set, for the metrics."""
        found = 0
        async with guard("count deadlines", timeout=5.0):
            async for _ in self.redis.zscan_iter(keys.DEADLINES_DUE, match=f"{kind}:*", count=1000):
                found += 1
        return found
