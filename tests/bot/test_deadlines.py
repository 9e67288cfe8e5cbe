"""Turn deadlines through Discord: reminders and timeouts fire once, whichever bot process is up (two workers
share one queue), also after a restart. Time is driven by the shared test clock, not waited for."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import BotRunner, Message, StandIn
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    Clock,
    board_messages,
    live_message,
    looking_every,
    private_text,
    slash,
    start_game,
    to_act,
)


@pytest.fixture
def timings() -> WorkerTimings:
    return looking_every(deadlines=0.05)  # the worker looks often, so a due deadline is seen at once


def said(standin: StandIn, words: str) -> list[Message]:
    return [m for m in standin.messages(standin.channel) if words in m.content]


async def quiet(standin: StandIn, seconds: float = 0.4) -> None:
    """Let the deadline workers run a few more rounds (a second firing would show up here)."""
    await asyncio.sleep(seconds)


async def test_a_timeout_fires_once_with_two_workers_and_an_ai_plays_the_turn(standin: StandIn, launch: Launch,
                                                                          clock: Clock) -> None:
    first, second = await launch(reminder_before=0), await launch(reminder_before=0)
    both = (first, second)
    alice = standin.add_user("alice")
    live = await start_game(standin, both, alice, ai=1, turn_minutes=1)
    assert live is not None and "turn ends <t:" in live.content
    await quiet(standin, 0.2)
    assert not said(standin, "ran out of time")  # not due yet

    clock.advance(61)
    await standin.wait_until(lambda: "ran out of time" in live.content, what="the time-out")
    await quiet(standin)
    assert said(standin, "ran out of time") == [live]  # told once, in the turn's message: no message of its own
    assert "⌛ Alice ran out of time." in live.content
    now = live_message(standin, standin.channel)
    assert now is live and to_act(standin, now) is alice  # alice acts next again: updated in place
    assert len(standin.messages(standin.channel)) == 1
    record = await first.handlers.service.games.load(now.custom_ids()[0].split(":")[2])  # type: ignore[union-attr]
    assert record.missed[0] == 1 and record.turn_deadline is not None and record.turn_deadline > clock() + 50


async def test_a_reminder_then_a_skip_set_by_guild_settings(standin: StandIn, ludo: LudoBot, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    saved = await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2,
                        reminder_minutes=1, timeout_action="skip")
    assert "skip" in private_text(saved)
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    mover = to_act(standin, live)

    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    await quiet(standin)
    assert said(standin, "⏰") == [reminder] and reminder.notified == {mover.id}
    assert reminder.labels() == ["Roll", "Spectate"] and live.deleted  # the live message again, with a ping

    clock.advance(60)
    skipped = await standin.wait_for_message(standin.channel, lambda m: "ran out of time" in m.content)
    await quiet(standin)
    assert said(standin, "ran out of time") == [skipped] and "turn was skipped" in skipped.content
    other = to_act(standin, skipped)
    assert other is not mover and skipped.notified == {other.id}  # told in the next turn's message
    assert reminder.deleted and not said(standin, "⏰")  # the reminder went with its turn
    assert live_message(standin, standin.channel) is skipped and len(board_messages(standin, standin.channel)) == 1


async def test_a_short_turn_is_reminded_once_and_not_before_half_of_it(standin: StandIn, ludo: LudoBot,
                                                                      clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")  # the guild reminds an hour before the end
    live = await start_game(standin, ludo, alice, (bob,), turn_minutes=1)
    assert live is not None
    await quiet(standin)
    assert not said(standin, "⏰")  # not with the turn's message
    clock.advance(29)
    await quiet(standin)
    assert not said(standin, "⏰")  # not before half the turn
    clock.advance(2)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    clock.advance(10)
    await quiet(standin)
    assert said(standin, "⏰") == [reminder]  # once


async def test_forfeit_after_missed_turns_ends_the_game(standin: StandIn, ludo: LudoBot, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await slash(standin, ludo, standin.owner, standin.channel, "settings", reminder_minutes=0,
                timeout_action="forfeit", forfeit_after=1)
    live = await start_game(standin, ludo, alice, (bob,), turn_minutes=1)
    assert live is not None
    sleeper = to_act(standin, live)
    clock.advance(61)
    await standin.wait_until(lambda: "Game over" in live.content, what="the forfeit")
    over = live  # nobody is left to tell: the game's message shows the end in place
    await quiet(standin)
    assert "(left)" in over.content and over.labels() == ["Replay", "Rematch", "Review"]
    assert len(said(standin, "ran out of time")) == 1
    winner = bob if sleeper is alice else alice
    assert "wins: 1," in private_text(await slash(standin, ludo, winner, standin.channel, "stats"))


async def test_a_deadline_due_while_no_bot_ran_fires_once_after_the_restart(standin: StandIn, launch: Launch,
                                                                           bots: BotRunner, clock: Clock) -> None:
    old = await launch(reminder_before=0)
    alice = standin.add_user("alice")
    live = await start_game(standin, old, alice, ai=1, turn_minutes=1)
    assert live is not None
    await bots.stop(old)
    clock.advance(3600)
    await launch(reminder_before=0)
    await launch(reminder_before=0)
    await standin.wait_until(lambda: "ran out of time" in live.content, what="the time-out")
    await quiet(standin)
    assert said(standin, "ran out of time") == [live] and live_message(standin, standin.channel) is live


async def test_a_game_nobody_plays_for_the_idle_time_ends_as_abandoned_and_its_message_says_so(
        standin: StandIn, launch: Launch, clock: Clock) -> None:
    ludo = await launch(reminder_before=0, idle_end_days=2)  # (IDLE_END_DAYS; 7 unless set)
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, turn_minutes=1)
    assert live is not None
    clock.advance(61)  # a time-out: the AI plays alice's turn, the game goes on
    await standin.wait_until(lambda: "ran out of time" in live.content, what="the time-out")
    clock.advance(2 * 24 * 3600)
    await standin.wait_until(lambda: "abandoned" in live.content, what="the idle end")
    await quiet(standin)
    assert "nobody had played since <t:" in live.content and live.labels() == []  # no buttons: the game is over
    assert live_message(standin, standin.channel) in (live, None) and len(standin.messages(standin.channel)) == 1
    assert "has not finished a Ludo game" in private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
