"""Kept replay GIFs (bytes, by game, language and record version) and the per-user waits between expensive commands,
in Redis: both expire, so neither is left behind."""

from __future__ import annotations

import asyncio

from ludo_bot.storage import Storage, keys
from ludo_bot.storage.replays import MAX_GIF

GIF = b"GIF89a\x00\xff\xfe\x80" + bytes(range(256)) * 64  # not text: read back byte for byte


async def test_a_replay_is_kept_by_game_language_and_version_and_expires(storage: Storage) -> None:
    replays = storage.replays
    assert await replays.get("abc", "en", 3) is None
    await replays.put("abc", "en", 3, GIF)
    assert await replays.get("abc", "en", 3) == GIF
    assert await replays.get("abc", "de", 3) is None and await replays.get("abc", "en", 4) is None
    assert 0 < await storage.redis.ttl(keys.replay_gif("abc", "en", 3)) <= replays.ttl
    await replays.put("big", "en", 1, b"x" * (MAX_GIF + 1))  # more than Discord takes: not kept
    assert await replays.get("big", "en", 1) is None


async def test_a_wait_is_taken_once_and_ends_on_time(storage: Storage) -> None:
    waits = storage.cooldowns
    assert await waits.take(7, "verify", 0.3) == 0.0
    left = await waits.take(7, "verify", 0.3)
    assert 0 < left <= 0.3
    assert await waits.take(8, "verify", 0.3) == 0.0 and await waits.take(7, "export", 0.3) == 0.0  # per user, command
    assert 0 < await storage.redis.pttl(keys.cooldown(7, "verify")) <= 300
    await asyncio.sleep(left + 0.05)
    assert not await storage.redis.exists(keys.cooldown(7, "verify"))
    assert await waits.take(7, "verify", 0.3) == 0.0
