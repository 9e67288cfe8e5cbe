"""Playing where the bot is no member, through a user install: a group DM of friends, a server that never added the
bot. Every message is an interaction's response or follow-up; the stand-in refuses every channel call there (403,
Missing Access), and none is made."""

from __future__ import annotations

import asyncio
import re

import pytest

from ludo_bot.bot import live
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.playground.standin.records import USE_EXTERNAL_APPS
from ludo_bot.service import alerts as service_alerts
from ludo_bot.service import seat_user, state_of
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    Clock,
    click,
    game_id_of,
    live_message,
    looking_every,
    private_text,
    settle,
    slash,
    start_game,
    to_act,
)


def channel_calls(standin: StandIn, channel: Channel) -> list[str]:
    """The requests the bot made to channel endpoints of `channel`."""
    return [str(r) for r in standin.requests if f"/channels/{channel.id}" in r.path]


def made_by_interactions(standin: StandIn, channel: Channel) -> bool:
    """Every message of `channel` is an interaction's response or follow-up."""
    return all(m.interaction is not None for m in standin.messages(channel, include_ephemeral=True))


async def move(standin: StandIn, ludo: LudoBot, where: Channel) -> InteractionRecord:
    """The player to act clicks the first button of the live message."""
    live = live_message(standin, where)
    assert live is not None
    return await click(standin, ludo, to_act(standin, live), live, custom_id=live.custom_ids()[0])


async def played_out(standin: StandIn, ludo: LudoBot, where: Channel, max_clicks: int = 2000) -> Message:
    """Play until the game is over (waiting for an AI's turns, which follow as their own message); the final
    message."""
    for _ in range(max_clicks):
        finished = [m for m in standin.messages(where) if "Replay" in m.labels()]
        if finished:
            return finished[-1]
        if live_message(standin, where) is None:  # an AI thinks: its turns follow through the webhook
            await standin.wait_until(lambda: live_message(standin, where) is not None or any(
                "Replay" in m.labels() for m in standin.messages(where)), timeout=30.0, what="the AI's turns")
            continue
        answer = (await move(standin, ludo, where)).response_record
        assert answer is not None and not answer.ephemeral, answer and answer.content
    raise AssertionError("the game did not end")


def friends(standin: StandIn) -> tuple[User, User, Channel]:
    """Alice (who installed the app) and Bob (who did not), who share no server with the bot, in a group DM."""
    alice = standin.install_app(standin.add_user("alice", join=False))
    bob = standin.add_user("bob", join=False)
    return alice, bob, standin.add_group_dm("friends", alice, bob)


async def test_the_commands_are_declared_for_both_installs_in_every_context(standin: StandIn, ludo: LudoBot) -> None:
    (command,) = [c for c in standin.commands[None].values() if c["name"] == "ludo"]
    assert sorted(command["integration_types"]) == [0, 1] and sorted(command["contexts"]) == [0, 1, 2]
    alice = standin.install_app(standin.add_user("alice", join=False))
    refused = await slash(standin, ludo, alice, standin.dm_channel(alice), "start")
    assert "group DM" in private_text(refused)  # games are for servers and group DMs, not the bot's DM
    rules = await slash(standin, ludo, alice, standin.dm_channel(alice), "rules", preset="classic")
    assert "classic" in private_text(rules).lower()


async def test_two_friends_play_a_game_in_a_group_dm_to_the_end(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, group = friends(standin)
    first = await start_game(standin, ludo, alice, (bob,), channel=group, preset="star", turn_limit=3)
    assert first is not None and first.interaction is not None
    game_id = game_id_of(first)
    passes = 0
    while (live := live_message(standin, group)) is not None:
        player = to_act(standin, live)
        record = await move(standin, ludo, group)
        after = live_message(standin, group)
        if after is not None and after is not live and to_act(standin, after) is not player:
            passes += 1  # the turn passed: the clicked board lost its buttons in the response, a follow-up tells
            assert record.response_type == 7 and not live.custom_ids()  # the next person, who is notified
            assert record.followups == [after] and after in standin.notifications(to_act(standin, after))
            assert f"<@{to_act(standin, after).id}>" in after.content
    assert passes >= 2
    final = next(m for m in standin.messages(group) if "Replay" in m.labels())
    assert game_id in final.content and "Rematch" in final.labels()
    replay = await click(standin, ludo, bob, final, label="Replay")
    gif = await standin.wait_until(lambda: next((m for m in replay.followups if m.attachments), None), timeout=30.0,
                                   what="the replay")
    assert gif.attachments[0].filename.endswith(".gif")
    review = await click(standin, ludo, alice, final, label="Review")
    await standin.wait_until(lambda: review.followups, timeout=60.0, what="the review")
    history = await (await slash(standin, ludo, alice, group, "history")).result()
    assert history is not None and game_id in history.content  # the group DM is a scope of its own
    stats = await slash(standin, ludo, alice, group, "stats")
    assert "games: 1" in private_text(stats)
    rematch = await click(standin, ludo, bob, final, label="Rematch")
    lobby = await rematch.result()
    assert lobby is not None and "Ludo lobby" in lobby.content and lobby in standin.notifications(alice)
    await settle(ludo)
    assert channel_calls(standin, group) == [] and made_by_interactions(standin, group)


async def test_someone_plays_an_ai_that_thinks_in_a_server_without_the_bot(standin: StandIn, ludo: LudoBot) -> None:
    outside = standin.add_guild("No bot", bot_member=False)
    alice = standin.install_app(standin.add_user("alice", guild=outside))
    channel = standin.text_channel(outside)
    first = await start_game(standin, ludo, alice, ai=1, ai_level="master", channel=channel, preset="star",
                             turn_limit=2)
    assert first is None or first.interaction is not None
    final = await played_out(standin, ludo, channel)
    assert "Replay" in final.labels()
    # the master's turns arrived as follow-ups of the click that passed it the turn
    followed = [m for m in standin.messages(channel) if m.interaction is not None and m.interaction.type == 3
                and m in m.interaction.followups]
    assert followed
    await settle(ludo)
    assert channel_calls(standin, channel) == [] and made_by_interactions(standin, channel)
    assert outside.id not in {g.id for g in ludo.guilds}


async def test_a_turn_past_its_deadline_is_settled_by_the_next_click(standin: StandIn, launch: Launch,
                                                                     clock: Clock) -> None:
    ludo = await launch(timings=looking_every(deadlines=0.05))
    alice, bob, group = friends(standin)
    await start_game(standin, ludo, alice, (bob,), channel=group, turn_minutes=1)
    live = live_message(standin, group)
    assert live is not None and "Time's up" in live.labels()
    sleeper = to_act(standin, live)
    other = bob if sleeper is alice else alice
    early = await click(standin, ludo, other, live, label="Time's up")
    assert re.search(r"not over yet: it ends <t:\d+:R>", private_text(early))
    yours = await click(standin, ludo, sleeper, live, label="Time's up")
    assert "your turn" in private_text(yours)
    before = len(standin.messages(group))
    clock.advance(61)
    assert ludo.handlers is not None
    deadlines = ludo.handlers.service.deadlines
    for _ in range(100):  # the deadline worker sees the turn's deadline pass and leaves it to a click: it waits
        due = await deadlines.next_due()  # for the idle end now, and shows nothing
        if due is not None and due > clock() + 3600:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the deadline worker did not look at the turn's deadline")
    assert len(standin.messages(group)) == before and live_message(standin, group) is live
    settled = await click(standin, ludo, other, live, label="Time's up")
    answer = settled.response_record
    assert answer is not None and not answer.ephemeral and "ran out of time" in (answer.content or "")
    after = live_message(standin, group)
    assert after is not None and to_act(standin, after) is other
    assert len(standin.messages(group)) == before  # answered in place: the clicker acts next, nobody else to tell
    await settle(ludo)
    assert channel_calls(standin, group) == []


async def test_start_where_the_server_made_the_apps_answers_private(standin: StandIn, ludo: LudoBot) -> None:
    outside = standin.add_guild("Strict", bot_member=False)
    alice = standin.install_app(standin.add_user("alice", guild=outside))
    channel = standin.text_channel(outside)
    await standin.set_overwrite(channel, outside.everyone, deny=USE_EXTERNAL_APPS)
    started = await slash(standin, ludo, alice, channel, "start")
    text = private_text(started)
    assert "Use External Apps" in text and f"client_id={standin.application_id}" in text
    assert not [m for m in standin.messages(channel) if "Ludo lobby" in m.content]


async def test_turn_alerts_reach_by_dm_whoever_discord_lets_the_bot_message(standin: StandIn, launch: Launch,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_alerts, "DELAY", 0.3)
    ludo = await launch(timings=looking_every(alerts=0.05))
    alice = standin.install_app(standin.add_user("alice"))  # shares the bot's server: it may DM her
    bob = standin.install_app(standin.add_user("bob", join=False))  # shares none: Discord refuses his DMs
    group = standin.add_group_dm("friends", alice, bob)
    for user in (alice, bob):
        assert "on" in private_text(await slash(standin, ludo, user, group, "notify", alerts="on"))
    await start_game(standin, ludo, alice, (bob,), channel=group, turn_minutes=60)
    assert ludo.handlers is not None
    alerts = ludo.handlers.service.alerts

    async def turn_passes_to(user: User) -> Message:
        """Play until the turn passes to `user` from the other: the live message then."""
        other = False
        for _ in range(300):
            live = await standin.wait_until(lambda: live_message(standin, group), what="the game's buttons")
            if to_act(standin, live) is user and other:
                return live
            other = other or to_act(standin, live) is not user
            await move(standin, ludo, group)
        raise AssertionError(f"the turn never passed to {user!r}")

    await turn_passes_to(alice)
    (dm,) = await standin.wait_until(lambda: standin.direct_messages(alice), what="alice's alert")
    assert f"https://discord.com/channels/@me/{group.id}/" in dm.content
    live = await turn_passes_to(bob)
    await standin.wait_until(lambda: alerts.untold(bob.id), what="bob's refused alert")
    answer = await click(standin, ludo, bob, live, custom_id=live.custom_ids()[0])
    assert any("alerts were switched off" in m.content for m in answer.followups if m.ephemeral)
    assert standin.direct_messages(bob) == []


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_an_ai_turn_later_than_its_interaction_is_shown_by_ludo_board(standin: StandIn, ludo: LudoBot,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "WEBHOOK_LIFETIME", -1.0)  # every token too old (a bot that was down 15 minutes)
    outside = standin.add_guild("No bot", bot_member=False)
    alice = standin.install_app(standin.add_user("alice", guild=outside))
    channel = standin.text_channel(outside)
    await start_game(standin, ludo, alice, ai=1, ai_level="master", channel=channel, preset="star", turn_limit=2)
    assert ludo.handlers is not None
    games = ludo.handlers.service.games
    while live_message(standin, channel) is not None:  # alice plays until the master is to think
        await move(standin, ludo, channel)
    thinking = standin.messages(channel)[-1]
    (game_id,) = {c.split(":")[2] for c in thinking.custom_ids()}  # (its Spectate button)
    for _ in range(300):  # the master plays; its turns are not sent through a token past its time
        record = await games.load(game_id)
        if not record.active or seat_user(record, state_of(record).current):
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the master did not play")
    await settle(ludo)
    assert live_message(standin, channel) is None and standin.messages(channel)[-1] is thinking
    shown = await (await slash(standin, ludo, alice, channel, "board")).result()
    assert shown is not None and (shown.custom_ids()[0].startswith("ludo:g:") or "Replay" in shown.labels())


async def test_leaving_a_game_in_a_group_dm_answers_with_the_game(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, group = friends(standin)
    carol = standin.install_app(standin.add_user("carol", join=False))
    group.recipients.append(carol)
    await start_game(standin, ludo, alice, (bob, carol), channel=group)
    live = live_message(standin, group)
    assert live is not None
    leaver = standin.install_app(to_act(standin, live))  # (commands need the app; buttons work for everyone)
    left = await slash(standin, ludo, leaver, group, "leave")
    shown = await left.result()
    assert shown is not None and not shown.ephemeral and shown.attachments  # the game as it goes on, for all
    (told,) = left.followups
    assert told.ephemeral and "You left" in told.content
    nxt = to_act(standin, shown)  # the answer is the live game now, telling the next player
    assert nxt is not leaver and shown in standin.notifications(nxt)
    # the board before keeps its buttons (no interaction of this one may edit it): they say the game moved on
    stale = await click(standin, ludo, nxt, live, custom_id=live.custom_ids()[0])
    assert "moved on" in private_text(stale)
    await click(standin, ludo, nxt, shown, custom_id=shown.custom_ids()[0])
    await settle(ludo)
    assert channel_calls(standin, group) == []


async def test_one_game_per_group_dm_and_its_limits_count_there(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, group = friends(standin)
    standin.install_app(bob)
    first = await start_game(standin, ludo, alice, (bob,), channel=group)
    assert first is not None
    game_id = game_id_of(first)
    assert game_id in private_text(await slash(standin, ludo, alice, group, "games"))
    busy = await slash(standin, ludo, bob, group, "start")
    assert "already has a Ludo game" in private_text(busy)
    other = standin.add_group_dm("others", alice, bob)  # another group DM: a scope and a channel of its own
    lobby = await (await slash(standin, ludo, bob, other, "start")).result()
    assert lobby is not None and "Ludo lobby" in lobby.content
    games = private_text(await slash(standin, ludo, alice, other, "games"))
    assert game_id not in games  # the first group DM's game belongs to its own scope


async def test_settings_in_a_group_dm_are_refused_naming_it(standin: StandIn, ludo: LudoBot) -> None:
    """Nobody manages a group DM (Discord has no Manage Server there, not even for its owner): /ludo settings says
    so, not "this server", and changes nothing; the bot's own DM has no games to set."""
    alice, _, group = friends(standin)
    refused = private_text(await slash(standin, ludo, alice, group, "settings", preset="star"))
    assert "group DM" in refused and "this server" not in refused and "/ludo start" in refused
    lobby = await (await slash(standin, ludo, alice, group, "start")).result()
    assert lobby is not None and "is hosting **classic**" in lobby.content
    assert "group DM" in private_text(await slash(standin, ludo, alice, standin.dm_channel(alice), "settings",
                                                  preset="star"))
