"""Kept game reviews (text, by game and record version) in Redis: they expire, so none is left behind."""

from __future__ import annotations

from ludo_bot.storage import Storage, keys

TEXT = "review/1 a text with numbers 12.5 -3.0 and actions M2 R"


async def test_a_review_is_kept_by_game_and_version_and_expires(storage: Storage) -> None:
    reviews = storage.reviews
    assert await reviews.get("abc", 3) is None
    await reviews.put("abc", 3, TEXT)
    assert await reviews.get("abc", 3) == TEXT
    assert await reviews.get("abc", 4) is None and await reviews.get("abd", 3) is None  # a newer record: anew
    assert 0 < await storage.redis.ttl(keys.review("abc", 3)) <= reviews.ttl
