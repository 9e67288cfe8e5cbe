"""Game reviews computed once: a finished game's review as text (win chances, luck and choices; no sentences), kept
a week under the game's hash tag. The key names the record's version, so a record changed since is reviewed anew."""

from __future__ import annotations

from typing import cast

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis, guard

REVIEW_TTL = 7 * 24 * 3600  # seconds a review is kept (the game's record longer: it is reviewed again)


class ReviewStore:
    """Review texts by game and record version."""

    def __init__(self, redis: Redis, *, ttl: int = REVIEW_TTL) -> None:
        self.redis = redis
        self.ttl = ttl

    async def get(self, game_id: str, version: int) -> str | None:
        """The review of this version of the game, if it is kept."""
        key = keys.review(game_id, version)
        async with guard(f"read {key}", key=key):
            return cast(str | None, await self.redis.get(key))

    async def put(self, game_id: str, version: int, text: str) -> None:
        """Keep a review for `ttl` seconds."""
        key = keys.review(game_id, version)
        async with guard(f"write {key}", key=key):
            await self.redis.set(key, text, ex=self.ttl)
