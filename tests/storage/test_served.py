"""Counting what the Redis server served (for the benchmarks): a script is one command however many it runs inside,
a pipeline one request read, and the process beat is told apart."""

from __future__ import annotations

import pytest

from ludo_bot.storage import Storage
from ludo_bot.storage.interactions import Filing
from ludo_bot.storage.served import Served
from tests.conftest import needs_embedded


@needs_embedded
async def test_scripts_and_pipelines_are_counted_as_the_client_sent_them(storage: Storage) -> None:
    if storage.redis.__class__.__name__ != "Redis":
        pytest.skip("one server only")
    await storage.inboxes.claim("g0", 0, now=1.0)  # the scripts known to the server (a first call loads one)
    await storage.inboxes.beat("a", 1.0)
    async with Served(storage.redis) as served:
        before = await served.tally()
        await storage.inboxes.claim("g1", 1, now=1.0, filing=Filing("a", "x" * 3000))  # a script of 8 or so calls
        await storage.inboxes.claim("g2", 2, now=1.0, filing=Filing("a", "y", register=True))  # a pipeline of 2
        after = await served.tally()
        assert (after[0] - before[0], after[1] - before[1]) == (3, 2)
        beats = served.background
        await storage.inboxes.beat("a", 2.0)
        await storage.inboxes.trim("a", 2.0)
        await served.tally()
        assert served.background - beats == 2
