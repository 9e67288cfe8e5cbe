"""What Discord refused the bot in a channel, shared by every process: each kind with its code, kept a day after the
last refusal (a change the gateway never told of is asked about again then), forgotten when something changed."""

from __future__ import annotations

from ludo_bot.storage import Storage, keys
from ludo_bot.storage.refusals import REFUSAL_KEPT


async def test_refusals_are_kept_a_day_per_channel_and_forgotten_on_a_change(storage: Storage) -> None:
    refusals = storage.refusals
    assert await refusals.refused(500) == {}
    await refusals.remember(500, "send", 50013)
    await storage.redis.expire(keys.channel_refused(500), 100)
    await refusals.remember(500, "thread", 50013)  # a later refusal keeps it a day from then
    await refusals.remember(501, "all", 50001)
    assert await refusals.refused(500) == {"send": 50013, "thread": 50013}
    assert await refusals.refused(501) == {"all": 50001}
    assert REFUSAL_KEPT - 5 <= await storage.redis.ttl(keys.channel_refused(500)) <= REFUSAL_KEPT == 24 * 3600
    await refusals.forget([500, 502])
    assert await refusals.refused(500) == {} and await refusals.refused(501) == {"all": 50001}
