"""`/ludo end member:` (bot.commands.moderation, service.moderation) through the Discord stand-in: a member with
Manage Server ends every game one member hosts or plays alone against AI seats in the server, and their lobbies, at
once, each shown ended as `/ludo end` shows one, and the server's places are free again; anyone else is refused and
nothing changes."""

from __future__ import annotations

import pytest

from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import MANAGE_CHANNELS, MANAGE_GUILD
from tests.bot.conftest import Launch
from tests.bot.helpers import click, live_message, open_lobby, private_text, slash, start_game

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)


async def test_a_server_manager_ends_every_game_and_lobby_of_one_member_and_frees_the_server(
        standin: StandIn, launch: Launch) -> None:
    bot = await launch(lobby_open_user=10, lobby_open_guild=7)  # a server that let members host many games
    admins = standin.add_role(standin.guild, "admins", MANAGE_GUILD)
    mods = standin.add_role(standin.guild, "mods", MANAGE_CHANNELS)
    hog, victim, admin = standin.add_user("hog"), standin.add_user("victim"), standin.add_user("admin", roles=[admins])
    mod, friend = standin.add_user("mod", roles=[mods]), standin.add_user("friend")
    rooms = [standin.add_channel(standin.guild, f"hog{i}") for i in range(9)]
    lives = [await start_game(standin, bot, hog, ai=1, channel=room) for room in rooms[:4]]
    lobby = await open_lobby(standin, bot, hog, rooms[4])
    theirs = await start_game(standin, bot, friend, (hog,), channel=rooms[5])  # hog plays there, friend hosts it
    await start_game(standin, bot, friend, (hog,), ai=1, channel=rooms[7])
    await slash(standin, bot, friend, rooms[7], "leave")  # friend hosted it, hog plays it alone now
    lives.append(live_message(standin, rooms[7]))
    assert all(live is not None and live.buttons() for live in lives) and theirs is not None
    assert "7 Ludo lobbies and games open" in private_text(await slash(standin, bot, victim, rooms[6], "start"))

    for asker in (hog, mod):  # Manage Channels is not enough: this reaches every channel of the server
        text = private_text(await slash(standin, bot, asker, standin.channel, "end", member=hog))
        assert "Only members who can manage this server" in text, text
    assert all(live is not None and live.buttons() for live in lives)

    done = await slash(standin, bot, admin, standin.channel, "end", member=hog)
    answer = await done.wait_followup()
    assert answer.ephemeral and "Ludo games: 5; lobbies: 1" in answer.content and f"<@{hog.id}>" in answer.content
    shown = [live for live in lives if live is not None]
    await standin.wait_until(lambda: not any(live.buttons() for live in shown), what="the games shown ended")
    assert all(live_message(standin, room) is None for room in (*rooms[:4], rooms[7]))  # each shown ended
    assert all("ended" in live.content for live in shown), [live.content for live in shown]
    await standin.wait_until(lambda: live_message(standin, rooms[5]) is not None, what="friend's game")
    assert theirs.buttons()  # a game hog only plays in goes on
    closed = private_text(await click(standin, bot, victim, lobby, label="Join"))  # (its message was not kept)
    assert "closed" in closed, closed
    await open_lobby(standin, bot, victim, rooms[4])  # the server has places again, the lobby's channel too
    await open_lobby(standin, bot, victim, rooms[6])
    again = await slash(standin, bot, admin, standin.channel, "end", member=hog)
    assert "Ludo games: 0; lobbies: 0" in (await again.wait_followup()).content
