"""Rate limits on opening lobbies: per user and per guild, counted in Redis so every bot process shares them.

A fixed window: the counter of the window `floor(now / window)` is incremented (INCR) and expires with it.
An attempt over a limit is refused with the time the window ends; a refusal by the user limit does not count
against the guild. A limit of 0 turns that limit off. No Discord here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import Phrase
from storage.client import Redis, guard


class RateLimited(Phrase):
    """Too many attempts: `retry_at` (unix seconds) is when the window ends; the message is for the user."""

    def __init__(self, key: str, retry_at: float, **values: object) -> None:
        super().__init__(key, **values)
        self.retry_at = retry_at


@dataclass(frozen=True, slots=True)
class OpenLimits:
    """How many lobbies one user, and one guild, may open per `window` seconds (0: no limit)."""

    per_user: int = 5
    per_guild: int = 20
    window: int = 600


def _key(scope: str, owner: int, start: int) -> str:
    return f"ludo:{{rate:{scope}:{owner}}}:opens:{start}"


class LobbyRateLimit:
    """Counts lobby openings; `check` raises `RateLimited` once a user or guild is over its limit."""

    def __init__(self, redis: Redis, limits: OpenLimits, clock: Callable[[], float]) -> None:
        self.redis = redis
        self.limits = limits
        self.clock = clock

    async def _count(self, scope: str, owner: int, start: int) -> int:
        key = _key(scope, owner, start)
        async with guard("rate limit"), self.redis.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.expire(key, self.limits.window + 5)
            count, _ = await pipe.execute()
        return int(count)

    async def check(self, guild_id: int, user_id: int) -> None:
        """Count one attempt to open a lobby; `RateLimited` if the user or the guild is over its limit."""
        window = max(1, self.limits.window)
        start = math.floor(self.clock() / window) * window
        retry_at = float(start + window)
        when = f"<t:{int(retry_at)}:R>"
        minutes = max(1, round(window / 60))
        if self.limits.per_user and await self._count("user", user_id, start) > self.limits.per_user:
            raise RateLimited("refused.user_rate", retry_at, most=self.limits.per_user, minutes=minutes, when=when)
        if self.limits.per_guild and await self._count("guild", guild_id, start) > self.limits.per_guild:
            raise RateLimited("refused.guild_rate", retry_at, most=self.limits.per_guild, minutes=minutes, when=when)
