"""Issue 43: a refusal of Discord's that waiting will not change is asked once, not on a timer. A member takes the
bot's permissions away in a channel mid-game, or deletes the channel, or takes away its threads mid-tournament:
Discord's count of refused requests (which bans the bot's address at 10,000 in 10 minutes, for every server) stays
small however long the games wait, the game goes on through its players' clicks (or ends, its channel gone), the
round goes on past its refused table, and a permission given back lets the bot post again."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.plumbing import refusals
from ludo_bot.bot.plumbing.refusals import BACKGROUND, ChannelRefused, allows
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import Channel, StandIn
from ludo_bot.playground.standin.records import CREATE_PUBLIC_THREADS, SEND_MESSAGES, VIEW_CHANNEL
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    Clock,
    click,
    game_id_of,
    looking_every,
    open_lobby,
    private_text,
    slash,
    start_game,
    to_act,
)
from tests.bot.tourney_helpers import create, join, start, tables_of_round, tournament_id, until

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)

REFUSED = (401, 403, 429)  # the responses Discord counts towards its ban


@pytest.fixture
def timings() -> WorkerTimings:
    return looking_every(deadlines=0.05)  # a due deadline is seen at once


def refused(standin: StandIn, since: int = 0) -> int:
    """Responses Discord counts towards its ban, since the `since`-th request."""
    return sum(1 for r in standin.requests[since:] if r.status in REFUSED)


def asked(standin: StandIn, channel: Channel, since: int = 0) -> int:
    """Requests to a channel's endpoints since the `since`-th request."""
    return sum(1 for r in standin.requests[since:] if f"/channels/{channel.id}/" in f"{r.path}/")


async def hours_pass(ludo: LudoBot, clock: Clock, steps: int, seconds: float = 61.0) -> None:
    """`steps` turn deadlines (and their reminders) fall due, one after the other: the clock moves on once the
    workers have taken and finished what fell due (nothing due by it, nothing claimed), not after a fixed 0.25 s
    that a loaded machine may not give them; the last step's posts get those 0.25 s (a worker's send is not in
    the outbox's drain)."""
    assert ludo.handlers is not None
    queue = ludo.handlers.service.storage.deadlines
    for _ in range(steps):
        clock.advance(seconds)
        waited = time.monotonic() + 10.0
        while True:
            due = await queue.next_due()
            if (due is None or due > clock()) and not await queue.redis.hlen(queue.claims_key):
                break
            assert time.monotonic() < waited, "the workers did not take what fell due"
            await asyncio.sleep(0.02)
    await asyncio.sleep(0.25)


async def test_a_channel_that_refuses_the_bot_is_asked_once_and_its_game_goes_on_through_clicks(
        standin: StandIn, ludo: LudoBot, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    room = standin.add_channel(standin.guild, "room")
    live = await start_game(standin, ludo, alice, (bob,), channel=room, turn_minutes=1)
    assert live is not None
    await standin.set_overwrite(room, standin.bot_user, deny=SEND_MESSAGES)  # a member takes it away mid-game
    mark = len(standin.requests)

    await hours_pass(ludo, clock, 3)  # reminders and time-outs fall due: the first post is refused, and remembered
    board = await standin.wait_until(
        lambda: next((m for m in standin.messages(room) if "I may no longer post in this channel" in m.content), None),
        what="the players told, in the live message")
    first = refused(standin, mark)
    assert 1 <= first <= 2  # (a reminder and a time-out fell due together: both may have asked)
    await hours_pass(ludo, clock, 20)  # twenty more turn lengths: nothing is asked again
    assert refused(standin, mark) == first
    assert len(standin.take_violations("forbidden")) == first

    mover = to_act(standin, board)  # the game goes on: the player to act plays on the board they see
    played = await click(standin, ludo, mover, board, label=board.labels()[0])
    assert played.response_record is not None and not played.response_record.ephemeral, private_text(played)
    assert refused(standin, mark) == first

    # the permission given back while the bot was not listening (no gateway event): the next command used there
    # carries the bot's permissions in the channel, which lets the bot post there again
    room.overwrites = [o for o in room.overwrites if o.id != standin.bot_user.id]
    ended = await slash(standin, ludo, alice, room, "end")
    assert ended.response_record is not None and "was ended by" in (ended.response_record.content or "")
    lobby = await open_lobby(standin, ludo, alice, room, seats=2, turn_minutes=1)
    await click(standin, ludo, bob, lobby, label="Join")
    started = await click(standin, ludo, alice, lobby, label="Start")
    assert started.response_record is not None and not started.response_record.ephemeral, private_text(started)
    clock.advance(61)
    told = await standin.wait_for_message(room, lambda m: "ran out of time" in m.content or "⏰" in m.content)
    assert told.channel_id == room.id and refused(standin, mark) == first


async def test_a_game_goes_to_clicks_when_any_call_learns_its_channel_refuses_not_at_its_next_reminder(
        standin: StandIn, ludo: LudoBot) -> None:
    """The first refusal the bot meets in a game's channel (here: removing the board a click replaced, the channel
    hidden from the bot) moves the game to clicks at once, with no deadline due: every process answers it so from
    then on (the fuzz's attacker lane found games still played through a channel that had refused the bot)."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    room = standin.add_channel(standin.guild, "room")
    live = await start_game(standin, ludo, alice, (bob,), channel=room, turn_minutes=60)
    assert live is not None and ludo.handlers is not None
    game_id = game_id_of(live)
    await standin.set_overwrite(room, standin.bot_user, deny=VIEW_CHANNEL)
    board = live
    games = ludo.handlers.service.games
    for _ in range(30):  # play until a click passes the turn: its answer is new, the clicked board's removal refused
        record = await games.load(game_id)
        if record.delivery != "channel" or not record.active:
            break
        played = await click(standin, ludo, to_act(standin, board), board, label=board.labels()[0])
        board = await played.result() or board
        await asyncio.sleep(0.2)
    for _ in range(50):  # (the move is made after the answer, as the removal is)
        record = await games.load(game_id)
        if record.delivery == "interaction":
            break
        await asyncio.sleep(0.1)
    assert record.active and record.delivery == "interaction", (record.status, record.delivery)
    assert 1 <= len(standin.take_violations("forbidden")) <= 2


async def test_a_channel_the_bot_may_not_see_is_never_asked_on_a_timer(
        standin: StandIn, launch: Launch, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    room = standin.add_channel(standin.guild, "hidden")  # (before the bot starts: the gateway tells it of it)
    ludo = await launch()
    assert await start_game(standin, ludo, alice, (bob,), channel=room, turn_minutes=1) is not None
    await standin.set_overwrite(room, standin.bot_user, deny=VIEW_CHANNEL)
    mark = len(standin.requests)
    await hours_pass(ludo, clock, 3)
    await standin.wait_until(lambda: refused(standin, mark) >= 1, what="the first refusal")
    first = refused(standin, mark)
    await hours_pass(ludo, clock, 20)
    assert first <= 2 and refused(standin, mark) == first
    assert len(standin.take_violations("forbidden")) == first

    assert ludo.handlers is not None  # the permission given back: the gateway tells every process, which ask again
    refusals = ludo.handlers.service.refusals
    assert await refusals.refused(room.id, "send") is not None
    await standin.set_overwrite(room, standin.bot_user)
    for _ in range(100):
        if await refusals.refused(room.id, "send") is None:
            break
        await asyncio.sleep(0.05)
    assert await refusals.refused(room.id, "send") is None


async def test_a_deleted_channel_ends_its_game_and_is_not_asked_again(
        standin: StandIn, launch: Launch, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    room = standin.add_channel(standin.guild, "doomed")  # (before the bot starts: the gateway tells it of it)
    ludo = await launch()
    live = await start_game(standin, ludo, alice, (bob,), channel=room, turn_minutes=1)
    assert live is not None and ludo.handlers is not None
    game_id = game_id_of(live)
    await standin.delete_channel(room)  # the gateway tells the bot (CHANNEL_DELETE)
    await standin.wait_until(lambda: ludo.get_channel(room.id) is None, what="the bot to hear of it")
    await asyncio.sleep(0.1)
    mark = len(standin.requests)
    await hours_pass(ludo, clock, 20)
    games = ludo.handlers.service.games
    record = await games.load(game_id)
    assert record.status == "abandoned"  # nobody can click in it: it frees its place in the server's limits
    assert asked(standin, room, mark) == 0, [(r.method, r.path, r.status) for r in standin.requests[mark:]]


async def test_a_tournament_table_whose_thread_is_refused_is_placed_and_the_round_goes_on(
        standin: StandIn, ludo: LudoBot, clock: Clock) -> None:
    """The thread permission taken away mid-tournament (the start checked it: round one opened its table): round
    two's table is refused once, placed nobody's fault, and the tournament ends instead of asking every 30 s."""
    players = [standin.add_user(f"t{i}") for i in range(2)]
    cup = standin.add_channel(standin.guild, "cup")
    signup = await create(standin, ludo, standin.owner, cup, format="swiss", rounds=2, round_hours=1, preset="star")
    tid = tournament_id(signup)
    await join(standin, ludo, signup, *players)
    await start(standin, ludo, standin.owner, signup)
    (first,) = await tables_of_round(standin, cup, 1)
    await standin.set_overwrite(cup, standin.bot_user, deny=CREATE_PUBLIC_THREADS)  # taken away mid-tournament
    mark = len(standin.requests)
    clock.advance(3601)  # round one's hour is over: its table is settled as it stood, round two opens

    record = await until(ludo, tid, lambda r: r.status == "finished", what="the round to go on past its table")
    table = record.played[1].tables[0]
    assert table.ended == "refused" and table.thread_id is None and record.champion in [p.id for p in players]
    standing = await standin.wait_until(lambda: signup if "I may not open its thread here" in signup.content else None,
                                        what="the standing saying why")
    assert "🏆" in standing.content or "Champion" in standing.content
    await hours_pass(ludo, clock, 20, seconds=31.0)  # the old retry was every 30 s until the round's deadline
    assert refused(standin, mark) == 1 and standin.threads(cup) == [first]
    assert len(standin.take_violations("forbidden")) == 1


async def test_the_refused_count_is_a_metric_and_holds_back_what_answers_nobody(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refusals, "SLOW_AT", 2)  # (Discord's figures scaled down)
    monkeypatch.setattr(refusals, "HOLD_AT", 3)
    monkeypatch.setattr(refusals, "HELD_FOR", 0.05)
    monkeypatch.setattr(refusals, "SPACING", 0.05)
    assert ludo.handlers is not None
    outbox = ludo.handlers.outbox
    hidden = [standin.add_channel(standin.guild, f"hidden{i}") for i in range(3)]
    for room in hidden:
        await standin.set_overwrite(room, standin.bot_user, deny=VIEW_CHANNEL)
        with pytest.raises(ChannelRefused):
            await outbox.send(room.id, lambda: {"content": "hello"})
        with pytest.raises(ChannelRefused):  # remembered: not asked again
            await outbox.send(room.id, lambda: {"content": "hello again"})
    standin.take_violations("forbidden")
    assert ludo.metrics.registry.get_sample_value("ludo_discord_refused_10m") == 3  # what the operator sees

    async def reminder() -> None:
        BACKGROUND.set(True)  # (as the deadline worker's calls)
        await outbox.send(standin.channel.id, lambda: {"content": "a reminder"})

    held = asyncio.create_task(reminder())
    answered = await slash(standin, ludo, standin.owner, standin.channel, "rules")  # a person is still answered
    assert answered.response_record is not None
    await asyncio.sleep(0.5)
    assert not held.done() and not [m for m in standin.messages(standin.channel) if m.content == "a reminder"]
    monkeypatch.setattr(refusals, "HOLD_AT", 100)  # (as the window moves on)
    await asyncio.wait_for(held, 5.0)
    assert [m for m in standin.messages(standin.channel) if m.content == "a reminder"]


def test_a_refused_post_is_lifted_only_by_the_permissions_a_board_needs() -> None:
    """A command in a channel where Attach Files is still denied does not lift a refused post or edit: the bot's
    posts carry the board's picture, which Discord refuses without it (seed 8 of the fuzz's attacker lane)."""
    no_files = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    assert not allows(no_files, thread=False)("send") and not allows(no_files, thread=False)("edit")
    assert allows(no_files, thread=False)("all") and allows(no_files, thread=False)("delete")
    board = discord.Permissions(view_channel=True, send_messages=True, attach_files=True)
    assert allows(board, thread=False)("send") and allows(board, thread=False)("edit")
    assert not allows(board, thread=True)("send")  # (a thread asks for Send Messages in Threads)
