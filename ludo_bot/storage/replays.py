"""Replay GIFs drawn once: a finished game's replay in a language, kept a week as bytes under the game's hash tag.

The key names the record's version, so a record changed after its replay was drawn is drawn anew. The client
decodes replies as text; the GIF's bytes are read with redis-py's `NEVER_DECODE` option.
"""

from __future__ import annotations

from typing import cast

from redis.client import NEVER_DECODE

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard

REPLAY_TTL = 7 * 24 * 3600  # seconds a drawn replay is kept (a game's record is kept longer: it is drawn again)
MAX_GIF = 25 * 1024 * 1024  # bytes: a replay larger than Discord's largest upload is not kept


class ReplayStore:
    """Replay GIFs by game, language and record version."""

    def __init__(self, redis: Redis, *, ttl: int = REPLAY_TTL) -> None:
        self.redis = redis
        self.ttl = ttl

    async def get(self, game_id: str, lang: str, version: int) -> bytes | None:
        """The replay drawn for this version of the game in `lang`, if it is kept."""
        key = keys.replay_gif(game_id, lang, version)
        async with guard(f"read {key}", key=key):
            found = await self.redis.execute_command("GET", key, **{NEVER_DECODE: []})
        return cast(bytes | None, found)

    async def put(self, game_id: str, lang: str, version: int, gif: bytes) -> None:
        """Keep a drawn replay for `ttl` seconds."""
        if len(gif) > MAX_GIF:
            return
        key = keys.replay_gif(game_id, lang, version)
        async with guard(f"write {key}", key=key):
            await self.redis.set(key, gif, ex=self.ttl)
