"""Fixtures of the service tests: a service on the test storage with a clock the test moves by hand, and a started
game of two people."""

from __future__ import annotations

import pytest

from ludo_bot.service import Outcome, Service
from ludo_bot.storage import Storage

GUILD, CHANNEL, HOST, GUEST, STRANGER = 1, 10, 100, 200, 300


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sessions(storage: Storage, clock: Clock) -> Service:
    seeds = iter(range(1, 10_000))
    return Service(storage, clock=clock, new_seed=lambda: next(seeds))


async def two_player_game(sessions: Service, preset: str = "classic", **options: object) -> Outcome:
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset=preset,
                                      options=dict(options))
    await sessions.lobbies.update(lobby.id, GUEST, "join")
    return await sessions.lobbies.start(lobby.id, HOST)
