"""Helpers for the tournament tests: an organiser's sign-up, players joining, the tables' threads and their games
played to their end, as people do it through the stand-in."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.service import TournamentRecord
from tests.bot.helpers import answered, click, live_message, play_to_end, private_text

SIGNUP = "ludo:n:"


def bots_of(bots: tuple[LudoBot, ...] | LudoBot) -> tuple[LudoBot, ...]:
    return bots if isinstance(bots, tuple) else (bots,)


async def tourney(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User, channel: Channel, command: str,
                  /, **options: Any) -> InteractionRecord:
    """`user` runs `/ludo tournament <command>` with options; returns once the bots finished."""
    return await answered(await standin.slash(user, channel, "ludo", "tournament", command, options=options),
                          *bots_of(bots))


async def create(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, organiser: User,
                 channel: Channel | None = None, **options: Any) -> Message:
    """`/ludo tournament create` with options: the public sign-up message."""
    made = await tourney(standin, bots, organiser, channel or standin.channel, "create", **options)
    response = made.response_record
    assert response is not None and not response.ephemeral, private_text(made)
    signup = await made.result()
    assert signup is not None and "Ludo tournament" in signup.content, signup
    return signup


def button(message: Message, verb: str) -> str:
    """The custom_id of a sign-up button ("join", "leave", "start") as the message shows it now."""
    return next(c for c in message.custom_ids() if c.startswith(SIGNUP) and c.endswith(f":{verb}"))


async def join(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, signup: Message, *users: User) -> None:
    for user in users:
        joined = await click(standin, bots, user, signup, custom_id=button(signup, "join"))
        response = joined.response_record
        assert response is not None and not response.ephemeral, private_text(joined)


async def start(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, organiser: User, signup: Message) -> None:
    started = await click(standin, bots, organiser, signup, custom_id=button(signup, "start"))
    response = started.response_record
    assert response is not None and not response.ephemeral, private_text(started)


def tournament_id(signup: Message) -> str:
    """The tournament's id, as its message names it (`Ludo tournament** `<id>``)."""
    return signup.content.split("`")[1]


async def tables_of_round(standin: StandIn, channel: Channel, count: int, *, after: int = 0,
                          timeout: float = 20.0) -> list[Channel]:
    """The threads of the next `count` tables (after the first `after` threads of the channel), once each shows its
    live game message."""
    def ready() -> list[Channel] | None:
        threads = sorted(standin.threads(channel), key=lambda c: c.id)[after:]
        if len(threads) < count or any(live_message(standin, t) is None for t in threads[:count]):
            return None
        return threads[:count]

    return await standin.wait_until(ready, timeout=timeout, what=f"{count} tables opened")


async def play_tables(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, threads: list[Channel]) -> None:
    """Every table's game played to its end, the tables at the same time (as their players would)."""
    await asyncio.gather(*(play_to_end(standin, bots, thread) for thread in threads))


async def stored(bots: tuple[LudoBot, ...] | LudoBot, tournament: str) -> TournamentRecord:
    bot = bots_of(bots)[0]
    assert bot.handlers is not None
    return await bot.handlers.service.tournaments.load(tournament)


async def until(bots: tuple[LudoBot, ...] | LudoBot, tournament: str, check: Callable[[TournamentRecord], bool],
                timeout: float = 20.0, what: str = "the tournament") -> TournamentRecord:
    """Wait until the stored tournament satisfies `check`."""
    deadline = time.monotonic() + timeout
    while True:
        record = await stored(bots, tournament)
        if check(record):
            return record
        assert time.monotonic() < deadline, f"timed out waiting for {what}: {record.status} {record.played}"
        await asyncio.sleep(0.05)
