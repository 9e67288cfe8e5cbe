"""Fixtures for end-to-end bot tests against the local Discord stand-in (playground/standin).

- `standin`: a fresh stand-in per test, serving on 127.0.0.1 with discord.py pointed at it. At teardown every
  violation of Discord's rules it recorded (late or double responses, over-long custom ids, too many rows, ...)
  fails the test; a test that provokes violations on purpose takes them with `standin.take_violations()`.
- `bots`: starts discord.py clients against the stand-in (`await bots.start(client)` returns once ready) and at
  teardown closes them, failing the test on leaked tasks, unclosed sessions or errors logged by discord.py or
  by the bot itself, a crashed worker's included (take expected ones with `bots.take_logged_errors()`).
- `launch`: starts a `LudoBot` on the test storage (`await launch(shard_ids=[0], shard_count=2)`), with commands
  synced and the shared test `clock`; every bot it started is stopped before the storage fixture flushes Redis.
- `ludo`: one bot started by `launch`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from pydantic import SecretStr

from bot.app import LudoBot
from bot.settings import BotSettings
from playground.standin import BotRunner, StandIn
from storage import Storage
from tests.bot.helpers import Clock

Launch = Callable[..., Awaitable[LudoBot]]


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
    runner = BotRunner(standin, error_loggers=("discord", "bot", "service.workers"))  # (a worker that crashed)
    try:
        yield runner
    finally:
        problems = await runner.close_all()
    if problems:
        pytest.fail("bot shutdown was not clean:\n" + "\n".join(f"  {p}" for p in problems))


@pytest.fixture
def clock() -> Clock:
    """The time every bot of a test sets and claims deadlines by; `clock.advance(seconds)` drives it."""
    return Clock()


def bot_settings(tmp: str, **overrides: Any) -> BotSettings:
    return BotSettings(_env_file=None, discord_token=SecretStr("x"), ludo_data_dir=tmp,  # type: ignore[call-arg]
                       **overrides)


@pytest.fixture
async def launch(standin: StandIn, bots: BotRunner, storage: Storage, clock: Clock,
                 tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Launch]:
    started: list[LudoBot] = []

    async def start(*, on: Storage | None = None, **settings: Any) -> LudoBot:
        tmp = str(tmp_path_factory.mktemp("bot"))
        bot = LudoBot(bot_settings(tmp, **settings), storage=on or storage, clock=clock)
        await bots.start(bot)
        await bot.tree.sync()
        started.append(bot)
        return bot

    yield start
    for bot in started:  # before the storage fixture flushes Redis under a bot still at work
        await bots.stop(bot)


@pytest.fixture
async def ludo(launch: Launch) -> LudoBot:
    return await launch()
