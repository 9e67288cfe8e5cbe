"""Cooldowns on the expensive commands: a user who asks for a replay, a verification, an export or a board again too
soon gets a private answer saying when to come back, whichever bot process they reach, and nothing else happens;
other users and other commands are not held up, and the wait ends on time (its key expires with it)."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.storage import keys
from tests.bot.conftest import Launch
from tests.bot.helpers import click, finished_game, private_text, route_to, slash, start_game

WHEN = re.compile(r"<t:(\d+):R> \(in (\d+) s\)")


def wait_told(text: str, seconds: float) -> None:
    """The answer names when the wait ends, as a Discord timestamp and in seconds."""
    found = WHEN.search(text)
    assert found, text
    assert 0 < int(found.group(2)) <= seconds and abs(int(found.group(1)) - (time.time() + int(found.group(2)))) <= 2


async def test_each_expensive_command_waits_per_user_across_processes(standin: StandIn, launch: Launch) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    one = await launch()
    of_one = set(standin.sessions())
    two = await launch()
    of_two = set(standin.sessions()) - of_one
    both = (one, two)
    game_id = await finished_game(standin, both, alice)
    for command in ("verify", "export", "replay"):
        route_to(of_one)
        first = await slash(standin, both, eve, standin.channel, command, game=game_id)
        assert first.response_record is not None and not first.response_record.ephemeral
        route_to(of_two)  # the other process knows of the wait
        again = private_text(await slash(standin, both, eve, standin.channel, command, game=game_id))
        assert f"You used /ludo {command} a moment ago" in again or "You asked for a replay a moment ago" in again
        wait_told(again, 30)
        other = await slash(standin, both, bob, standin.channel, command, game=game_id)  # others are not held up
        assert other.response_record is not None and not other.response_record.ephemeral
    # the Replay button shares the replay's wait
    final = next(m for m in standin.messages(standin.channel) if "Replay" in m.labels())
    assert "replay a moment ago" in private_text(await click(standin, both, eve, final, label="Replay"))
    # a typo costs no wait
    assert "There is no Ludo game" in private_text(await slash(standin, both, alice, standin.channel, "verify",
                                                               game="nosuchgame"))
    checked = await slash(standin, both, alice, standin.channel, "verify", game=game_id)
    assert checked.response_record is not None and not checked.response_record.ephemeral


async def test_a_wait_ends_on_time_and_leaves_nothing_behind(standin: StandIn, launch: Launch) -> None:
    bot: LudoBot = await launch(cooldown_verify=1.0)
    alice = standin.add_user("alice")
    game_id = await finished_game(standin, bot, alice)
    redis = bot.handlers.service.storage.redis  # type: ignore[union-attr]
    first = await slash(standin, bot, alice, standin.channel, "verify", game=game_id)
    assert first.response_record is not None and not first.response_record.ephemeral
    assert 0 < await redis.pttl(keys.cooldown(alice.id, "verify")) <= 1000
    refused = private_text(await slash(standin, bot, alice, standin.channel, "verify", game=game_id))
    assert "You used /ludo verify a moment ago" in refused
    wait_told(refused, 1)
    await asyncio.sleep(1.05)
    assert not await redis.exists(keys.cooldown(alice.id, "verify"))
    again = await slash(standin, bot, alice, standin.channel, "verify", game=game_id)
    assert again.response_record is not None and not again.response_record.ephemeral


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_a_board_too_soon_changes_nothing(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    first = await slash(standin, ludo, alice, standin.channel, "board")
    assert first.response_record is not None and not first.response_record.ephemeral
    shown = [(m.id, m.edits, m.deleted) for m in standin.messages(standin.channel)]
    refused = private_text(await slash(standin, ludo, alice, standin.channel, "board"))
    assert "You used /ludo board a moment ago" in refused
    wait_told(refused, 10)
    assert [(m.id, m.edits, m.deleted) for m in standin.messages(standin.channel)] == shown  # nothing posted
    viewed = await (await slash(standin, ludo, standin.add_user("eve"), standin.channel, "board")).result()
    assert viewed is not None and viewed.ephemeral  # another member's board is not held up
