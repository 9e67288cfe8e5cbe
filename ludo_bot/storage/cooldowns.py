"""Cooldowns: how long a user waits before using an expensive command again, shared by every bot process.

One key per user and command that exists while the user waits (``SET NX PX``: taking a free cooldown and starting
it is one atomic step); it expires when the wait ends, so nothing is left behind.
"""

from __future__ import annotations

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard


class CooldownStore:
    """Per-user waits between uses of an expensive command."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def take(self, user_id: int, command: str, seconds: float) -> float:
        """Start the user's wait of `seconds` on `command` if none is running: 0.0 then; else the seconds left of
        the running wait (nothing changes)."""
        key = keys.cooldown(user_id, command)
        milliseconds = max(1, round(seconds * 1000))
        async with guard(f"take {key}", key=key):
            for _ in range(3):  # a wait that ends between the two steps is taken on the next round
                if await self.redis.set(key, "1", nx=True, px=milliseconds):
                    return 0.0
                left = int(await self.redis.pttl(key))
                if left > 0:
                    return left / 1000
        return 0.001
