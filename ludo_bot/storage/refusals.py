"""What Discord refused the bot in a channel for good, shared by every bot process (see storage.keys:
``ludo:{c:<channel>}:refused``).

Discord bans the bot's address for a while after 10,000 responses of 401, 403 or 429 in 10 minutes, for every server
at once, and any member who manages a channel can take the bot's permissions away there. So a refusal that waiting
will not change is written down here, per channel (a thread is a channel of its own), and the bot asks again only
once something changed (`forget`: a permission change the gateway told of, or an interaction there whose
`app_permissions` allow it now).
"""

from __future__ import annotations

from collections.abc import Iterable

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard

# How long a refusal is remembered without news. The gateway tells every process of permission changes while it is
# connected; one made while none was (every process down, a shard reconnecting after a long outage) would otherwise
# keep a channel silent for good. After a day the bot asks once more: one refused request a day per such channel,
# ten thousand channels would make one every 9 s, far under Discord's 10,000 per 10 minutes.
REFUSAL_KEPT = 24 * 3600


class RefusalStore:
    """Per channel: the kinds of request Discord refused for good (``send``, ``thread``, ``edit``, ``delete``, or
    ``all`` for a channel the bot may not see or that is gone) and the code it gave."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def remember(self, channel_id: int, kind: str, code: int) -> None:
        """Discord refused a request of `kind` in the channel (with `code`)."""
        key = keys.channel_refused(channel_id)
        async with guard(f"remember {key}", key=key), self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, kind, str(code))
            pipe.expire(key, REFUSAL_KEPT)
            await pipe.execute()

    async def refused(self, channel_id: int) -> dict[str, int]:
        """The kinds of request refused in the channel, with their codes (empty: none)."""
        key = keys.channel_refused(channel_id)
        async with guard(f"read {key}", key=key):
            found = await self.redis.hgetall(key)
        return {str(kind): int(code) for kind, code in found.items()}

    async def forget(self, channel_ids: Iterable[int]) -> None:
        """Something changed in these channels: ask Discord again."""
        names = [keys.channel_refused(c) for c in set(channel_ids)]
        for start in range(0, len(names), 100):  # one key a command: each has its own slot on a cluster
            async with guard("forget refusals"), self.redis.pipeline(transaction=False) as pipe:
                for name in names[start:start + 100]:
                    pipe.delete(name)
                await pipe.execute()
