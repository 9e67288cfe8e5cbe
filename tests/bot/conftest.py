"""Fixtures for end-to-end bot tests against the local Discord stand-in (ludo_bot/playground/standin).

(`standin` and `bots`, which the stand-in's own tests use too, are in tests/conftest.py.)

- `launch`: starts a `LudoBot` on the test storage (`await launch(shard_ids=[0], shard_count=2)`), with commands
  synced, the shared test `clock` and the workers' `timings` (`launch(timings=...)` for one bot); every bot it
  started is stopped before the storage fixture flushes Redis.
- `timings`: the workers' timings of the bots `launch` starts: the production ones, unless a test module overrides
  the fixture with quicker ones (`WorkerTimings`).
- `ludo`: one bot started by `launch`.
- `no_click_in_flight`: the bot's waits for a click that may still be in flight (a second look after a leave or an
  end, a repost's old message kept) of 0.1 s, not 5 s and 3 s, for tests that have none in flight then.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from pydantic import SecretStr

from ludo_bot.bot import live
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.buttons import game
from ludo_bot.bot.settings import BotSettings
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.storage import Storage
from tests.bot.helpers import Clock

Launch = Callable[..., Awaitable[LudoBot]]


@pytest.fixture
def clock() -> Clock:
    """The time every bot of a test sets and claims deadlines by; `clock.advance(seconds)` drives it."""
    return Clock()


def bot_settings(tmp: str, **overrides: Any) -> BotSettings:
    return BotSettings(_env_file=None, discord_token=SecretStr("x"), ludo_data_dir=tmp,  # type: ignore[call-arg]
                       **overrides)


@pytest.fixture
def timings() -> WorkerTimings:
    """The workers' timings of every bot a test launches (a module overrides this fixture for quicker ones)."""
    return WorkerTimings()


@pytest.fixture
async def launch(standin: StandIn, bots: BotRunner, storage: Storage, clock: Clock, timings: WorkerTimings,
                 tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Launch]:
    started: list[LudoBot] = []

    async def start(*, on: Storage | None = None, timings: WorkerTimings = timings, **settings: Any) -> LudoBot:
        tmp = str(tmp_path_factory.mktemp("bot"))
        bot = LudoBot(bot_settings(tmp, **settings), storage=on or storage, clock=clock, timings=timings)
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


@pytest.fixture
def no_click_in_flight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two steps of the bot wait for a click that may still be in flight, to be answered first: after a change made
    without a click (`/ludo leave`, `/ludo end`, a moderator's end) it shows the live message again `ANSWERED_WITHIN`
    (5 s) later, and a reposted game's old message stays `REPOST_SETTLE` (3 s) for a click made on it. The helpers
    wait for those steps (`settle`), 5 s or 3 s at every such command. Tests with no click in flight then (each
    answer and its follow-ups awaited before the next action) have them 0.1 s later: the same steps in the same
    order, without the waits. A test of a click racing such a step keeps the real delays or sets its own."""
    monkeypatch.setattr(live, "ANSWERED_WITHIN", 0.1)
    monkeypatch.setattr(game, "REPOST_SETTLE", 0.1)
