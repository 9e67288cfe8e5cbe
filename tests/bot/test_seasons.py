"""Issue 33, seasons, through Discord: a server chooses monthly seasons and a channel in /ludo settings; the
leaderboard shows the current season's ratings (fresh for everyone at its start); when the month rolls over, the
final top ten is posted once to the channel although two bot processes run the season worker; /ludo leaderboard
season:previous still shows it, and the all-time board is what it was."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, StandIn, User
from ludo_bot.service.seasons import GRACE, bounds, season_of
from ludo_bot.storage import Storage
from tests.bot.conftest import Launch
from tests.bot.helpers import Clock, looking_every, private_text, slash, start_game

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)


async def board(standin: StandIn, bots: tuple[LudoBot, ...], user: User, **options: str) -> str:
    """/ludo leaderboard's public answer."""
    record = await slash(standin, bots, user, standin.channel, "leaderboard", **options)
    response = record.response_record
    assert response is not None and not response.ephemeral, response
    return response.content or ""


def order(text: str) -> list[int]:
    return [int(user) for user in re.findall(r"<@(\d+)>", text)]


async def win(standin: StandIn, bots: tuple[LudoBot, ...], winner: User, loser: User) -> None:
    """A game of two people that `winner` wins (the other leaves), in a channel of its own: none waits out Discord's
    5 edits per 5 s of a channel that the game before spent."""
    room = standin.add_channel(standin.guild, f"game{len(standin.channels)}")
    await start_game(standin, bots, winner, (loser,), channel=room)
    await slash(standin, bots, loser, room, "leave")


async def posted(standin: StandIn, channel: Channel, within: float = 15.0) -> None:
    deadline = time.monotonic() + within
    while not standin.messages(channel):
        assert time.monotonic() < deadline, "no final top ten was posted"
        await asyncio.sleep(0.05)


async def test_a_monthly_season_rolls_over_and_its_final_is_posted_once(
        standin: StandIn, launch: Launch, clock: Clock, storage: Storage) -> None:
    quick = looking_every(seasons=0.1)  # (the workers look often: the test waits for them)
    bots = (await launch(timings=quick), await launch(timings=quick))  # two processes, each with its season worker
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    finals = standin.add_channel(standin.guild, "season-results")
    saved = private_text(await slash(standin, bots, standin.owner, standin.channel, "settings", season="monthly",
                                     season_channel=finals))
    assert f"Rating seasons: **monthly**; each season's final top ten is posted in <#{finals.id}>." in saved

    month = season_of("monthly", clock())
    assert month is not None
    await win(standin, bots, alice, bob)
    await win(standin, bots, alice, carol)
    await win(standin, bots, bob, carol)
    shown = await board(standin, bots, carol)
    assert shown.startswith(f"🏆 **Ludo leaderboard, season `{month}`**"), shown
    assert order(shown) == [alice.id, bob.id, carol.id]
    all_time = await board(standin, bots, carol, season="all")
    assert all_time.startswith("🏆 **Ludo leaderboard, all time**") and order(all_time) == order(shown)

    clock.advance(bounds(month)[1] + GRACE + 1 - clock())  # the month is over
    await posted(standin, finals)
    await asyncio.sleep(1.0)  # both workers look again, several times
    messages = standin.messages(finals)
    assert len(messages) == 1, [m.content for m in messages]
    final = messages[0].content
    assert final.startswith(f"🏁 **Season `{month}` is over!** Here is its final top ten."), final
    assert order(final) == [alice.id, bob.id, carol.id] and "1. <@" in final and "2 wins" in final

    new_month = season_of("monthly", clock())
    assert new_month is not None
    fresh = await board(standin, bots, carol)
    assert fresh == f"🏆 **Ludo leaderboard, season `{new_month}`** (ratings since the season began; games against " \
                    "AIs only are not rated)\nNo rated games in this season."
    previous = await board(standin, bots, carol, season="previous")
    assert previous.startswith(f"🏁 **Final standings of season `{month}`**") and previous.split("\n")[1:] == \
        final.split("\n")[1:]
    assert await board(standin, bots, carol, season="all") == all_time  # the all-time board is as it was

    # the new season starts afresh: carol's first win of it ranks her first, while her all-time rating carries on
    await win(standin, bots, carol, alice)
    assert order(await board(standin, bots, bob)) == [carol.id, alice.id]
    season_rating = (await storage.seasons.ratings(standin.guild.id, new_month, [carol.id]))[carol.id]
    all_time_rating = (await storage.stats.ratings(standin.guild.id, [carol.id]))[carol.id]
    assert season_rating is not None and all_time_rating is not None
    assert season_rating.mu > 25 > all_time_rating.mu  # one win from a fresh start; two losses then a win
    assert (await board(standin, bots, bob, season="previous")) == previous  # the final stays as it was kept
    assert len(standin.messages(finals)) == 1


async def test_without_seasons_the_leaderboard_is_all_time_and_a_season_is_refused(standin: StandIn,
                                                                                    ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await win(standin, (ludo,), alice, bob)
    shown = await board(standin, (ludo,), bob)
    assert shown.startswith("🏆 **Ludo leaderboard** (by skill rating") and order(shown) == [alice.id, bob.id]
    refused = private_text(await slash(standin, ludo, bob, standin.channel, "leaderboard", season="previous"))
    assert refused.startswith("This server does not play rating seasons")
    odd = private_text(await slash(standin, ludo, bob, standin.channel, "leaderboard", season="weekly"))
    assert odd.startswith("That is not a leaderboard")
    saved = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", season="quarterly"))
    assert "Rating seasons: **quarterly**; pick a season_channel" in saved
    quarter = await board(standin, (ludo,), bob)
    assert re.match(r"🏆 \*\*Ludo leaderboard, season `20[0-9]{2}-Q[1-4]`\*\*", quarter), quarter
    assert quarter.endswith("No rated games in this season.")  # games before seasons were chosen count all time
    off = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", season="off"))
    assert "Rating seasons: off" in off
    assert await board(standin, (ludo,), bob) == shown


async def test_a_channel_option_takes_only_a_channel_as_discord_does(standin: StandIn, ludo: LudoBot) -> None:
    # Discord's client offers the server's channels there and resolves the one picked: the stand-in sends nothing
    # else (the fuzz once typed garbage into it, which no interaction from Discord carries)
    with pytest.raises(TypeError, match="takes a channel"):
        await standin.slash(standin.owner, standin.channel, "ludo", "settings", options={"season_channel": "x1"})
    saved = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", season="monthly",
                                     season_channel=standin.channel))
    assert f"<#{standin.channel.id}>" in saved
