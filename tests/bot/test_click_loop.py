"""The click loop as players feel it, through the stand-in with Discord's rate limits on: how long after a click
the next button appears, and how long after a turn-passing click the next player is told. Each test prints its
figures (run with -s to see them)."""

from __future__ import annotations

import asyncio
import math
import time

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Message, StandIn, User
from tests.bot.helpers import game_messages, live_message, start_game, to_act

THINK = 0.4  # seconds a player looks at a new button before clicking it


def newest(standin: StandIn) -> Message | None:
    """The newest message with game buttons."""
    found = game_messages(standin, standin.channel)
    return found[-1] if found else None


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


async def test_a_player_against_an_ai_gets_the_next_button_within_300_ms(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, ai_level="greedy", preset="classic")
    waits: list[float] = []
    while live is not None and len(waits) < 30:
        await asyncio.sleep(THINK)
        record = await standin.click(alice, live, custom_id=live.custom_ids()[0])
        response = await record.response()
        assert not response.ephemeral, response.content
        waits.append(response.elapsed)  # the answer carries the next buttons (or the end of the game)
        live = live_message(standin, standin.channel)
        assert live is None or response.message is live  # always the same message, updated in place
    print(f"\nplayer against an AI: {len(waits)} clicks, next button p95 {p95(waits) * 1000:.0f} ms, "
          f"max {max(waits) * 1000:.0f} ms")
    assert len(waits) >= 20 and p95(waits) <= 0.3


async def test_in_a_game_of_two_the_next_player_is_told_within_2_s(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), preset="classic")
    told: list[float] = []
    for _ in range(120):
        if live is None or len(told) >= 6:
            break
        mover = to_act(standin, live)
        other = bob if mover is alice else alice
        before = set(standin.notifications(other))
        await asyncio.sleep(THINK)
        clicked = time.monotonic()
        record = await standin.click(mover, live, custom_id=live.custom_ids()[0])
        await record.response()

        def mention(other: User = other, before: set[Message] = before) -> Message | None:
            found = [m for m in standin.notifications(other) if m not in before]
            return found[0] if found else None

        current = newest(standin)  # (the old message may still be on its way out)
        if current is not None and to_act(standin, current) is other:  # the click passed the turn
            message = await standin.wait_until(mention, timeout=5.0, what=f"a message telling {other!r}")
            told.append(time.monotonic() - clicked)
            assert message is current and f"<@{other.id}>" in message.content
        live = current
    print(f"\ngame of two: {len(told)} turns passed, next player told after at most {max(told) * 1000:.0f} ms")
    assert len(told) >= 3 and max(told) <= 2.0
