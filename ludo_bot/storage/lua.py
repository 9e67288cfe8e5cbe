"""Calling the Lua scripts of `storage.scripts`: EVALSHA, loading the script when the server does not know it (after
a restart, or on a fresh server or cluster node), then EVALSHA again.

redis-py's `register_script` does the same, but its call imports and checks `isinstance(client, Pipeline)` every
time, and that class derives from a typing Protocol, whose instance checks run in Python: 1.4 % of a bot process's
CPU in a profile of `benchmarks.load`. No script here runs in a pipeline.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from redis.exceptions import NoScriptError

from ludo_bot.storage.client import Redis


class Lua:
    """One script on one client: `await script(keys=[...], args=[...])` returns the script's reply."""

    __slots__ = ("redis", "sha", "source")

    def __init__(self, redis: Redis, source: str) -> None:
        self.redis = redis
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()

    async def __call__(self, keys: Sequence[Any] = (), args: Sequence[Any] = ()) -> Any:
        """The reply of the script on `keys` with `args`: one EVALSHA (three round trips when the server had to
        learn the script first)."""
        try:
            return await self.redis.evalsha(self.sha, len(keys), *keys, *args)
        except NoScriptError:
            await self.redis.script_load(self.source)
            return await self.redis.evalsha(self.sha, len(keys), *keys, *args)
