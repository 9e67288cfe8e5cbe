"""Fixtures for end-to-end bot tests against the local Discord stand-in (tests/bot/standin).

- `standin`: a fresh stand-in per test, serving on 127.0.0.1 with discord.py pointed at it. At teardown every
  violation of Discord's rules it recorded (late or double responses, over-long custom ids, too many rows, ...)
  fails the test; a test that provokes violations on purpose takes them with `standin.take_violations()`.
- `bots`: starts discord.py clients against the stand-in (`await bots.start(client)` returns once ready) and at
  teardown closes them, failing the test on leaked tasks, unclosed sessions or errors logged by discord.py
  (take expected ones with `bots.take_logged_errors()`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.standin import BotRunner, StandIn


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    fake = StandIn()
    await fake.start()
    try:
        yield fake
    finally:
        violations = list(fake.violations)
        await fake.stop()
    if violations:
        pytest.fail("Discord would have refused or failed these:\n" + "\n".join(f"  {v}" for v in violations))


@pytest.fixture
async def bots(standin: StandIn) -> AsyncIterator[BotRunner]:
    runner = BotRunner(standin)
    try:
        yield runner
    finally:
        problems = await runner.close_all()
    if problems:
        pytest.fail("bot shutdown was not clean:\n" + "\n".join(f"  {p}" for p in problems))
