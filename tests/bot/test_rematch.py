"""Rematch through the Discord stand-in: a finished game's player opens a lobby for the same game again (preset,
options, seats, AI seats, colours), which notifies the other players; they join with one click and the host starts.
A second press points to the open lobby (also two presses at once), someone who did not play is refused, the limits
on opening lobbies hold, and a game that played in a thread rematches there, or in the parent channel once the
thread is locked. In English and German."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.playground.standin.records import SEND_MESSAGES
from ludo_bot.service import GameRecord
from ludo_bot.service.rematch import PENDING
from ludo_bot.storage import RematchClaim
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    Clock,
    answered,
    click,
    game_id_of,
    live_message,
    open_lobby,
    play_to_end,
    private_text,
    slash,
    start_game,
)
from tests.bot.tourney_helpers import create, join, start, tables_of_round, tournament_id

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)

REMATCH = "ludo:m:"


async def finished(standin: StandIn, ludo: LudoBot, host: User, players: tuple[User, ...] = (), *, ai: int = 0,
                   channel: Channel | None = None) -> tuple[Message, str]:
    """A short star game (2 turns each) played to its end: the finished message and the game id."""
    live = await start_game(standin, ludo, host, players, ai=ai, channel=channel, preset="star", turn_limit=2)
    assert live is not None
    game_id = game_id_of(live)
    return await play_to_end(standin, ludo, channel), game_id


async def game(ludo: LudoBot, game_id: str) -> GameRecord:
    return await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]


def rematch_lobbies(standin: StandIn, channel: Channel) -> list[Message]:
    """The rematch lobbies posted in `channel` (open or not)."""
    return [m for m in standin.messages(channel) if "Rematch of game" in m.content or "Revanche für" in m.content]


async def rematch(standin: StandIn, ludo: LudoBot, user: User, final: Message, **locale: str) -> InteractionRecord:
    return await click(standin, ludo, user, final, custom_id=next(c for c in final.custom_ids()
                                                                  if c.startswith(REMATCH)), **locale)


def lobby_id(lobby: Message) -> str:
    return lobby.custom_ids()[0].split(":")[2]


async def test_rematch_opens_the_same_game_again_notifying_the_players_who_join_with_one_click(
        standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_lobby(standin, ludo, alice, seats=3, preset="star", turn_limit=2, turn_minutes=90)
    old_id = lobby_id(lobby)
    await click(standin, ludo, bob, lobby, label="Blue")
    await click(standin, ludo, alice, lobby, label="Green")
    await click(standin, ludo, alice, lobby, label="Add AI (expert)")  # a free colour: red
    await click(standin, ludo, alice, lobby, label="Start")
    final = await play_to_end(standin, ludo)
    assert final.labels() == ["Replay", "Rematch", "Review"]

    pressed = await rematch(standin, ludo, bob, final)
    again = pressed.original
    assert again is not None and not again.ephemeral and again is not final  # a new message, in the channel
    assert f"Rematch of game `{old_id}`" in again.content and f"<@{alice.id}>: press **Join**" in again.content
    assert again.notified == {alice.id}  # a real notification, for the other player only
    assert "**star**" in again.content and "for 3 players" in again.content
    assert f"1. <@{bob.id}> — blue" in again.content and "2. AI (expert) — red" in again.content
    assert "3. (open)" in again.content
    await click(standin, ludo, alice, again, label="Join")  # her colour of the last game
    assert f"3. <@{alice.id}> — green" in again.content and "press **Join**" not in again.content
    assert "Only the host" in private_text(await click(standin, ludo, alice, again, label="Start"))
    new_id = lobby_id(again)
    await click(standin, ludo, bob, again, label="Start")

    old, new = await game(ludo, old_id), await game(ludo, new_id)
    assert new.active and new.host_id == bob.id
    assert (new.rules, new.turn_seconds, new.locale) == (old.rules, 90 * 60, "en-US")
    assert "turn_limit=2" in new.rules
    assert sorted((s.seat, s.user_id, s.ai_level) for s in new.seats) == sorted(
        (s.seat, s.user_id, s.ai_level) for s in old.seats) == [(0, None, 2), (1, alice.id, None), (3, bob.id, None)]
    playing = private_text(await rematch(standin, ludo, alice, final))
    assert f"already being played in <#{standin.channel.id}>" in playing


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_second_press_points_to_the_open_lobby_and_others_are_refused(standin: StandIn, ludo: LudoBot,
                                                                              lang: str) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    final, _ = await finished(standin, ludo, alice, (bob,))
    await rematch(standin, ludo, bob, final)
    (opened,) = rematch_lobbies(standin, standin.channel)
    pointed = private_text(await rematch(standin, ludo, alice, final, locale=lang))
    assert (f"already open in <#{standin.channel.id}>: join it there" if lang == "en"
            else f"schon in <#{standin.channel.id}> offen: tritt dort bei") in pointed
    refused = private_text(await rematch(standin, ludo, eve, final, locale=lang))
    assert ("Only the players of this game" if lang == "en" else "Nur wer dieses Spiel gespielt hat") in refused
    assert rematch_lobbies(standin, standin.channel) == [opened]  # still one lobby
    await click(standin, ludo, bob, opened, label="Cancel")
    reopened = (await rematch(standin, ludo, alice, final)).original  # a cancelled rematch leaves room for another
    assert reopened is not None and f"<@{alice.id}> is hosting" in reopened.content
    assert reopened.notified == {bob.id}


async def test_two_players_pressing_rematch_at_once_open_one_lobby(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    final, _ = await finished(standin, ludo, alice, (bob,))
    button = next(c for c in final.custom_ids() if c.startswith(REMATCH))
    records = await asyncio.gather(standin.click(alice, final, button), standin.click(bob, final, button))
    for record in records:
        await answered(record, ludo)
    opened = [r for r in records if not r.response_record.ephemeral]  # type: ignore[union-attr]
    pointed = [private_text(r) for r in records if r.response_record.ephemeral]  # type: ignore[union-attr]
    assert len(opened) == 1 and len(pointed) == 1 and "already open" in pointed[0], pointed
    assert len(rematch_lobbies(standin, standin.channel)) == 1


async def test_rematch_keeps_the_limits_on_opening_lobbies(standin: StandIn, launch: Launch) -> None:
    ludo = await launch(lobby_open_user=1)
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    elsewhere = standin.add_channel(standin.guild, "elsewhere")
    final, _ = await finished(standin, ludo, alice, ai=1)
    other = await open_lobby(standin, ludo, alice, elsewhere)
    assert "already have 1 Ludo lobby open" in private_text(await rematch(standin, ludo, alice, final))
    assert rematch_lobbies(standin, standin.channel) == []
    await click(standin, ludo, alice, other, label="Cancel")
    busy = await open_lobby(standin, ludo, bob)  # meanwhile bob opened a lobby in the game's channel
    assert "already has a Ludo game" in private_text(await rematch(standin, ludo, alice, final))
    await click(standin, ludo, bob, busy, label="Cancel")
    assert rematch_lobbies(standin, standin.channel) == []
    await rematch(standin, ludo, alice, final)  # a refusal kept nothing: the rematch opens now
    assert len(rematch_lobbies(standin, standin.channel)) == 1


async def test_a_game_in_a_thread_rematches_there_or_in_the_parent_channel_once_the_thread_is_locked(
        standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=2, thread=True)
    (thread,) = standin.threads(standin.channel)
    final = await play_to_end(standin, ludo, thread)
    await rematch(standin, ludo, alice, final)
    (there,) = rematch_lobbies(standin, thread)
    await click(standin, ludo, alice, there, label="Cancel")

    thread.locked = True  # a moderator closed the thread
    await standin.broadcast(thread.guild_id, "THREAD_UPDATE", thread.payload(bot_id=standin.bot_user.id), intent=1)
    for _ in range(100):
        cached = ludo.get_channel(thread.id)
        if getattr(cached, "locked", False):
            break
        await asyncio.sleep(0.02)
    bot_role = next(r for r in standin.guild.roles.values() if r.managed)
    everyone, own = standin.guild.everyone.permissions, bot_role.permissions
    standin.guild.everyone.permissions &= ~SEND_MESSAGES  # the bot may not post in the parent channel either
    bot_role.permissions &= ~SEND_MESSAGES
    refused = private_text(await rematch(standin, ludo, alice, final))
    assert f"could not post the rematch lobby in <#{standin.channel.id}>" in refused
    assert [v.kind for v in standin.take_violations()] == ["forbidden"]
    standin.guild.everyone.permissions, bot_role.permissions = everyone, own  # given back: nothing was kept
    told = private_text(await rematch(standin, ludo, alice, final))
    assert f"The rematch lobby is open in <#{standin.channel.id}>" in told
    (parent,) = rematch_lobbies(standin, standin.channel)
    assert parent.notified == set()  # alice played alone against an AI: nobody else to tell
    await click(standin, ludo, alice, parent, label="Start")  # its game gets a thread of its own again
    assert live_message(standin, standin.channel) is None
    assert live_message(standin, standin.channels[parent.id]) is not None


async def test_a_german_game_rematches_in_german(standin: StandIn, ludo: LudoBot) -> None:
    standin.guild.locale = "de"
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    opened = await answered(await standin.slash(alice, standin.channel, "ludo", "start", options={"seats": 2},
                                                locale="de"), ludo)
    lobby = await opened.result()
    assert lobby is not None
    await click(standin, ludo, bob, lobby, label="Blau", locale="de")
    await click(standin, ludo, alice, lobby, label="Grün", locale="de")
    await click(standin, ludo, alice, lobby, label="Starten", locale="de")
    assert "You left the game" in private_text(await slash(standin, ludo, bob, standin.channel, "leave"))
    final = next(m for m in standin.messages(standin.channel) if any(c.startswith(REMATCH) for c in m.custom_ids()))
    assert final.labels() == ["Wiederholung", "Revanche", "Analyse"]
    again = (await rematch(standin, ludo, bob, final, locale="de")).original
    assert again is not None and "🔁 Revanche für das Spiel" in again.content
    assert f"<@{alice.id}>: drückt **Beitreten** oder eure Farbe" in again.content and again.notified == {alice.id}
    assert f"1. <@{bob.id}> — Blau" in again.content
    await click(standin, ludo, alice, again, label="Grün", locale="de")  # joins by her colour
    assert f"2. <@{alice.id}> — Grün" in again.content
    assert "Eine Revanche für dieses Spiel ist schon" in private_text(await rematch(standin, ludo, alice, final,
                                                                                   locale="de"))


async def test_a_rematch_whose_opening_never_finished_is_waited_for_then_taken_over(standin: StandIn, ludo: LudoBot,
                                                                                    clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    final, game_id = await finished(standin, ludo, alice, (bob,))
    storage = ludo.handlers.service.storage  # type: ignore[union-attr]
    await storage.rematches.swap(game_id, None, RematchClaim("lost000001", clock()))  # its process died opening it
    record = await rematch(standin, ludo, bob, final)
    told = private_text(record) if record.response_record.ephemeral else (  # type: ignore[union-attr]
        await record.wait_followup()).content
    assert "being opened at this moment" in told
    assert rematch_lobbies(standin, standin.channel) == []
    clock.advance(PENDING + 1)
    assert (await rematch(standin, ludo, bob, final)).original in rematch_lobbies(standin, standin.channel)
    assert (await storage.rematches.claimed(game_id)).at is None  # type: ignore[union-attr]


async def test_a_rematch_of_a_game_with_a_master_seat_seats_an_expert(standin: StandIn, ludo: LudoBot) -> None:
    """Master is offered no more (`service.seats.OFFERED_LEVELS`): a game that had one rematches with the expert,
    which plays as well, in its colour."""
    alice = standin.add_user("alice")
    final, game_id = await finished(standin, ludo, alice, ai=1)
    assert ludo.handlers is not None
    games = ludo.handlers.service.storage.games
    record = await games.load_game(game_id)
    seats = [s.model_copy(update={"ai_level": 3}) if s.is_ai else s for s in record.seats]  # as stored before
    await games.save_game(record.model_copy(update={"seats": seats}))
    colour = next(s.seat for s in seats if s.is_ai)
    again = (await rematch(standin, ludo, alice, final)).original
    assert again is not None and "AI (expert)" in again.content and "master" not in again.content
    lobby = await ludo.handlers.service.lobbies.load(lobby_id(again))
    assert [(p.ai_level, p.colour) for p in lobby.players if p.user_id is None] == [(2, colour)]


async def test_a_tournament_tables_rematch_says_it_is_no_part_of_the_tournament(standin: StandIn,
                                                                               ludo: LudoBot) -> None:
    """Issue 44, item 11: a rematch pressed on a finished table opens an ordinary lobby (in the table's thread, or its
    channel); it says that this game is not one of the tournament's, whose standing it leaves alone."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    signup = await create(standin, ludo, standin.owner, format="knockout", preset="star", turn_limit=2)
    await join(standin, ludo, signup, alice, bob)
    await start(standin, ludo, standin.owner, signup)
    (table,) = await tables_of_round(standin, standin.channel, 1)
    final = await play_to_end(standin, ludo, table)
    again = (await rematch(standin, ludo, alice, final)).original
    assert again is not None and "Rematch of game" in again.content
    assert (f"🤝 A game of its own, not part of tournament `{tournament_id(signup)}`: it changes nothing in its "
            "standing.") in again.content.splitlines()
    record = await ludo.handlers.service.lobbies.load(lobby_id(again))  # type: ignore[union-attr]
    await click(standin, ludo, bob, again, label="Join")
    await click(standin, ludo, alice, again, label="Start")
    assert (await game(ludo, record.id)).tournament is None  # the game played is a game of its own
